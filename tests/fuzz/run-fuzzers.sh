#!/usr/bin/env bash
# Builds the libFuzzer targets of every reader (preset `fuzz`: clang, ASan + UBSan) and runs each
# for SECONDS (default 30), starting from the committed seeds in tests/fuzz/corpus/<target>/.
#   tests/fuzz/run-fuzzers.sh [SECONDS] [TARGET...]
# Installs clang and its sanitizer runtime (Debian: clang, libclang-rt-14-dev) when missing.
# New inputs go to build/fuzz/corpus/<target>/ (never into the committed seeds); a finding is
# written to build/fuzz/findings/<target>/ and the script exits non-zero naming it. Prints the
# executions and time of each target. Runs one target per core at a time.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-30}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz_profile fuzz_network fuzz_plan fuzz_pipedream fuzz_onnx fuzz_predictor fuzz_run
    fuzz_machine fuzz_trace fuzz_gguf)

packaging/install-packages.sh clang libclang-rt-14-dev cmake ninja-build libeigen3-dev nlohmann-json3-dev \
    libprotobuf-dev libonnx-dev libseccomp-dev

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)"

# Runs one target; prints its line and leaves its status in build/fuzz/<target>.status.
run_target() {
    local target=$1 work=build/fuzz/corpus/$1 findings=build/fuzz/findings/$1 log=build/fuzz/$1.log
    local started runs
    mkdir -p "$work" "$findings"
    started=$(date +%s)
    if build/fuzz/tests/fuzz/"$target" "$work" "tests/fuzz/corpus/$target" -max_total_time="$seconds" \
        -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$findings/" > "$log" 2>&1; then
        runs=$(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
        echo "fuzz: $target: $runs executions in $(( $(date +%s) - started )) s, no finding"
        echo 0 > "build/fuzz/$target.status"
    else
        echo "fuzz: $target: FINDING after $(( $(date +%s) - started )) s; the input is in $findings/:"
        ls "$findings"
        grep -m5 -E "ERROR|SUMMARY|runtime error|deadly signal" "$log" || tail -20 "$log"
        echo 1 > "build/fuzz/$target.status"
    fi
}

# One target per core at a time (each fuzzer is single-threaded); a target's lines are printed
# together when it ends.
jobs_at_once=$(nproc)
for target in "${targets[@]}"; do
    rm -f "build/fuzz/$target.status"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_at_once" ]; do wait -n || true; done
    run_target "$target" > "build/fuzz/$target.out" 2>&1 &
done
wait
status=0
for target in "${targets[@]}"; do
    cat "build/fuzz/$target.out"
    [ "$(cat "build/fuzz/$target.status" 2>/dev/null)" = 0 ] || status=1
done
exit $status
