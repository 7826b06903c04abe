#!/usr/bin/env bash
# The build's cost as a ratio that does not depend on the machine's speed: a cold build of a
# preset (every target, in a scratch folder, no compiler cache) divided by the time to compile
# one reference file that includes <QtWidgets>, <QtCharts> and <nlohmann/json.hpp> with the
# same flags (as a test program of the window is compiled, without a precompiled header; the
# median of five compiles, before the build, on an idle machine).
#   tools/build-ratio.sh [PRESET]            build PRESET (default dev) in build/ratio-PRESET;
#                                            prints "build ratio: ..."
#   tools/build-ratio.sh --reference DIR     only the reference compile with the flags of the
#                                            configured build folder DIR; prints its seconds
set -euo pipefail
cd "$(dirname "$0")/.."

# The reference file's compile command, from DIR's compile_commands.json: the window tests'
# program's command (for its main file) with its source, output, dependency file, precompiled
# header and launcher replaced.
reference_command() {
    local dir=$1
    printf '#include <QtWidgets>\n#include <QtCharts>\n#include <nlohmann/json.hpp>\nint main() { return 0; }\n' \
        > "$dir/build-ratio-reference.cpp"
    python3 - "$dir/compile_commands.json" "$PWD/$dir/build-ratio-reference.cpp" <<'PY'
import json, shlex, sys
entries = json.load(open(sys.argv[1]))
entry = next(e for e in entries if e["file"].endswith("tests/TestMain.cpp")
             and "cutlab_tests_ui.dir" in e["command"])
words = shlex.split(entry["command"])
while words and words[0].endswith("ccache"):
    words.pop(0)
out, skip = [], False
for word in words:
    if skip:
        skip = False
    elif word in ("-o", "-c", "-MT", "-MF", "-include", "-Xclang"):  # clang's PCH: -Xclang pairs
        skip = True
    elif word not in ("-MD", "-Winvalid-pch"):
        out.append(word)
print("\n".join(out + ["-c", sys.argv[2], "-o", "/dev/null"]))
PY
}

# Seconds of the median of five compiles of the reference file with DIR's flags (one compile
# varies by a fifth from run to run on the same idle machine).
reference_seconds() {
    local command start times=()
    mapfile -t command < <(reference_command "$1")
    for _ in 1 2 3 4 5; do
        start=$(date +%s.%N)
        CCACHE_DISABLE=1 "${command[@]}"
        times+=("$(echo "$(date +%s.%N) - $start" | bc)")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 3p | xargs printf '%.1f\n'
}

if [ "${1:-}" = --reference ]; then
    reference_seconds "$2"
    exit 0
fi

preset=${1:-dev}
dir=build/ratio-$preset
rm -rf "$dir"
# no compiler cache: neither the launcher .ci/run exports nor ccache itself
unset CMAKE_CXX_COMPILER_LAUNCHER
export CCACHE_DISABLE=1
cmake --preset "$preset" -B "$dir" >/dev/null
reference=$(reference_seconds "$dir")
start=$(date +%s.%N)
cmake --build "$dir" -j "$(nproc)" > "$dir/build.log" 2>&1 || { tail -30 "$dir/build.log"; exit 1; }
build=$(echo "$(date +%s.%N) - $start" | bc)
compilations=$(grep -c 'Building CXX object' "$dir/build.log" || true)
printf 'build ratio: %s preset, cold build %.0f s (%s C++ compilations) / reference file %.1f s = %.1f\n' \
    "$preset" "$build" "$compilations" "$reference" "$(echo "$build / $reference" | bc -l)"
