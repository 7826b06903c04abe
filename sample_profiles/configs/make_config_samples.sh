#!/bin/sh
# Makes the multi-configuration samples of this folder: forward times of every layer measured in
# context (tools/cutlab-profile-torch --forward-only) under nine resource configurations of the
# machine that runs it, one machine per configuration, merged into MODEL.json per model:
#   t1        1 intra-op thread, pinned to CPU 0
#   t2        2 threads on CPUs 0-1
#   t1-mem    1 thread on CPU 0 while a memory-bandwidth load (numpy copying 128 MiB arrays) runs
#             on CPU 1
#   t2-mem    2 threads on CPUs 0-1 with the same memory load on CPU 1
#   t1-cpu    1 thread on CPU 0 sharing it with a busy loop (also on CPU 0)
#   t1-q50    1 thread on CPU 0 with a CPU quota of 50 % (cgroup v1: cpu.cfs_quota_us 2000 of a
#             cpu.cfs_period_us of 4000)
#   t1-q25    1 thread, quota 25 %
#   t2-q100   2 threads on CPUs 0-1, quota 100 % (one CPU's worth for two threads)
#   t1-q50-mem  1 thread, quota 50 %, the memory load on CPU 1
# for resnet18, mobilenet_v2, alexnet and squeezenet1_1 (1x3x224x224, random weights). The sum
# of the layers' times over a contiguous range is the time that range took inside whole-model
# passes (each layer runs from its start to the next layer's start), so every contiguous
# sub-model's time is measured, not added from layers timed alone.
#
#   sample_profiles/configs/make_config_samples.sh      (as root: the quotas need
#                                                        /sys/fs/cgroup/cpu, cgroup v1)
# Needs Debian's python3-torch, python3-torchvision, python3-numpy and util-linux's taskset.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
python=${CUTLAB_PYTHON:-/usr/bin/python3}
cli=${CUTLAB_CLI:-$root/build/dev/app/cutlab-cli}
repeats=${REPEATS:-20}
models=${MODELS:-resnet18 mobilenet_v2 alexnet squeezenet1_1}
configs=${CONFIGS:-t1 t2 t1-mem t2-mem t1-cpu t1-q50 t1-q25 t2-q100 t1-q50-mem}
group=/sys/fs/cgroup/cpu/cutlab-configs
work=$(mktemp -d)
loads=""
stop_loads() { for pid in $loads; do kill "$pid" 2>/dev/null || true; done; loads=""; }
cleanup() { stop_loads; rmdir "$group" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT INT TERM

memory_load() { # on CPU 1
    taskset -c 1 "$python" -c 'import numpy
a = numpy.ones(1 << 24); b = numpy.empty_like(a)
while True: numpy.copyto(b, a)' &
    loads="$loads $!"
}
busy_loop() { # on CPU 0
    taskset -c 0 "$python" -c 'while True: pass' &
    loads="$loads $!"
}
quota() { # percent of one CPU per 4 ms period (short, so that every layer is throttled alike), or none
    mkdir -p "$group"
    echo 4000 > "$group/cpu.cfs_period_us"
    if [ "$1" = none ]; then echo -1 > "$group/cpu.cfs_quota_us"; else echo $(($1 * 40)) > "$group/cpu.cfs_quota_us"; fi
}

profile() { # CONFIG MODEL
    config=$1 model=$2
    case $config in t2*) threads=2 cpus=0-1 ;; *) threads=1 cpus=0 ;; esac
    case $config in *-q50*) quota 50 ;; *-q25*) quota 25 ;; *-q100*) quota 100 ;; *) quota none ;; esac
    case $config in *-mem*) memory_load ;; esac
    case $config in *-cpu*) busy_loop ;; esac
    sleep 1
    sh -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' sh "$group" \
        taskset -c "$cpus" "$python" "$root/tools/cutlab-profile-torch" "$model" \
        -o "$work/$model-$config.json" --machine-id "$config" --tier edge --threads "$threads" \
        --forward-only --warmup 3 --repeats "$repeats" --label "configuration $config" \
        --note "Configuration $config of sample_profiles/configs/make_config_samples.sh."
    stop_loads
}

echo "started $(date -Iseconds), load average $(cut -d' ' -f1-3 /proc/loadavg)"
for model in $models; do
    for config in $configs; do profile "$config" "$model"; done
    # shellcheck disable=SC2046
    "$cli" merge $(for config in $configs; do echo "$work/$model-$config.json"; done) \
        -o "$here/$model.json" --forward-only
done
echo "finished $(date -Iseconds), load average $(cut -d' ' -f1-3 /proc/loadavg)"
