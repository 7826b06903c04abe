#!/bin/sh
# Makes the PyTorch samples of this folder, measured on the machine that runs it:
#   <model>-1t.json  machine thisbox-1t, tier device: torch with 1 intra-op thread
#   <model>-2t.json  machine thisbox-2t, tier edge:   torch with 2 intra-op threads
#   <model>.onnx     the same model exported by tools/export-onnx-torch, weights stripped
# for lenet5 (input 1x1x32x32) and alexnet, resnet18, mobilenet_v2 (1x3x224x224), random weights
# (torchvision, weights=None). The two thread counts stand for two machines of different speed;
# each is measured into its own per-machine file, then `cutlab-cli merge` combines the two into
# MODEL.json with both machines.
# Then checks every profile with `cutlab-cli validate` (when built) and compares each profile's
# valid cut points and crossing bytes with its ONNX export (tests/tools/test_profile_torch.py).
#
#   sample_profiles/torch/make_torch_samples.sh            (WARMUP=5 REPEATS=30 by default)
#   CUTLAB_CLI=build/dev/app/cutlab-cli sample_profiles/torch/make_torch_samples.sh
#
# Needs Debian's python3-torch, python3-torchvision and python3-onnx (/usr/bin/python3).
# Took 113 s (wall clock) on the 2-core AMD EPYC KVM guest the samples were made on, with the
# machine quiet (load average 0.55 at the start, 1.1 at the end); two runs while other builds
# used both cores took 202 s and 210 s and were discarded (2 threads slower than 1 there). See
# README.md, "Profiling your own model with PyTorch".
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
python=${CUTLAB_PYTHON:-/usr/bin/python3}
warmup=${WARMUP:-5}
repeats=${REPEATS:-30}
if [ -z "${CUTLAB_CLI:-}" ]; then
    for dir in torch dev ci; do
        if [ -x "$root/build/$dir/app/cutlab-cli" ]; then
            CUTLAB_CLI="$root/build/$dir/app/cutlab-cli"
            break
        fi
    done
fi
note="Sample of sample_profiles/torch/make_torch_samples.sh, measured here (CutLab's build machine) with Debian's python3-torch and python3-torchvision; other processes may have shared the CPUs (see the load averages)."
started=$(date +%s)
echo "started $(date -Iseconds), load average $(cut -d' ' -f1-3 /proc/loadavg)"
for model in lenet5 alexnet resnet18 mobilenet_v2; do
    case $model in
        lenet5) input=1,1,32,32 ;;
        *) input=1,3,224,224 ;;
    esac
    "$python" "$root/tools/cutlab-profile-torch" "$model" --input "$input" \
        -o "$here/$model-1t.json" --machine-id thisbox-1t --tier device --threads 1 \
        --warmup "$warmup" --repeats "$repeats" --note "$note"
    "$python" "$root/tools/cutlab-profile-torch" "$model" --input "$input" \
        -o "$here/$model-2t.json" --machine-id thisbox-2t --tier edge --threads 2 \
        --warmup "$warmup" --repeats "$repeats" --note "$note"
    "$python" "$root/tools/export-onnx-torch" "$model" --input "$input" -o "$here/$model.onnx"
done
echo "profiles and exports done after $(( $(date +%s) - started )) s"

if [ -n "${CUTLAB_CLI:-}" ]; then
    "$CUTLAB_CLI" validate "$here"/*-1t.json "$here"/*-2t.json
else
    echo "cutlab-cli not built: profiles not validated (set CUTLAB_CLI)"
fi

# valid cut points and bytes crossing them: profile against its ONNX export
"$python" - "$root" "$here" <<'EOF'
import json, os, sys
sys.path.insert(0, os.path.join(sys.argv[1], "tests", "tools"))
import test_profile_torch as check
bad = 0
for model in ("lenet5", "alexnet", "resnet18", "mobilenet_v2"):
    onnx_side = check.onnx_graph_in_python(os.path.join(sys.argv[2], model + ".onnx"))
    for threads in ("1t", "2t"):
        with open(os.path.join(sys.argv[2], "%s-%s.json" % (model, threads))) as f:
            profile = json.load(f)
        _, compared, mismatches = check.compare_cuts(profile, onnx_side)
        bad += len(mismatches)
        machine = profile["machines"][0]["id"]
        total = sum(layer["forward_ms"][machine] for layer in profile["layers"])
        print("%-13s %-10s %2d layers, %2d valid cuts, same as the ONNX export: %-3s "
              "forward %.2f ms in all" % (model, machine, len(profile["layers"]),
                                          sum(1 for c in compared if c[1]),
                                          "no" if mismatches else "yes", total))
        for line in mismatches:
            print("    " + line)
sys.exit(1 if bad else 0)
EOF
# one profile per model with both machines (1 and 2 threads), for the planners
cli=${CUTLAB_CLI:-}
if [ -n "$cli" ]; then
    for model in lenet5 alexnet resnet18 mobilenet_v2; do
        "$cli" merge "$here/$model-1t.json" "$here/$model-2t.json" -o "$here/$model.json"
    done
else
    echo "CUTLAB_CLI not set: the two-machine profiles (cutlab-cli merge) were not made"
fi
echo "done after $(( $(date +%s) - started )) s, load average $(cut -d' ' -f1-3 /proc/loadavg)"
