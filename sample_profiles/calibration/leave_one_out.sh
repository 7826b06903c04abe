#!/bin/sh
# Leave-one-model-out check of `cutlab-cli calibrate` on the samples of this folder: for each
# model, a machine is calibrated on all the other models and checked on the one left out; the
# same model is also checked on a preset (BASELINE, default nuc-i3: one core of a laptop CPU) and
# on the machine calibrated on every model. Prints one Markdown table row per model: layers,
# then median error and Spearman's rho for the baseline, the held-out calibration and the
# all-model calibration; then every model's layers pooled (baseline and held out).
#
#   CUTLAB_CLI=build/dev/app/cutlab-cli sample_profiles/calibration/leave_one_out.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cli=${CUTLAB_CLI:-$root/build/dev/app/cutlab-cli}
baseline=${BASELINE:-nuc-i3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
models=$(cd "$here" && ls ./*.json | sed 's|^\./||; s|\.json$||')
pairs() { for m in $models; do [ "$m" = "$1" ] || printf '%s\n' "$here/$m.json --model $here/$m.onnx"; done; }
score() { # MODEL MACHINE -> "layers median_error spearman"
    "$cli" calibrate "$here/$1.json" --model "$here/$1.onnx" --check "$2" --json |
        python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["layers"]), "%.1f" % (100*d["median_error"]), "%.3f" % d["spearman"])'
}
# shellcheck disable=SC2046
"$cli" calibrate $(pairs none) -o "$work/all.json" >/dev/null
echo "| model | layers | $baseline: median error | ρ | held out: median error | ρ | all models: median error | ρ |"
echo "|---|---|---|---|---|---|---|---|"
for model in $models; do
    # shellcheck disable=SC2046
    "$cli" calibrate $(pairs "$model") -o "$work/$model-out.json" >/dev/null
    set -- $(score "$model" "$baseline") $(score "$model" "$work/$model-out.json") $(score "$model" "$work/all.json")
    echo "| $model | $1 | $2 % | $3 | $5 % | $6 | $8 % | $9 |"
    "$cli" calibrate "$here/$model.json" --model "$here/$model.onnx" --check "$baseline" --json > "$work/$model-baseline.score"
    "$cli" calibrate "$here/$model.json" --model "$here/$model.onnx" --check "$work/$model-out.json" --json > "$work/$model-out.score"
done
# every model's layers pooled: the baseline, and each model estimated by the machine calibrated
# without it
python3 - "$work" <<'PY'
import glob, json, statistics, sys
def pooled(suffix):
    layers = [layer for path in sorted(glob.glob(sys.argv[1] + "/*-" + suffix + ".score"))
              for layer in json.load(open(path))["layers"]]
    measured = [layer["measured_ms"] for layer in layers]
    estimated = [layer["estimated_ms"] for layer in layers]
    def ranks(values):
        order = sorted(range(len(values)), key=lambda i: values[i])
        r = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2 + 1
            i = j + 1
        return r
    a, b = ranks(estimated), ranks(measured)
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    rho = cov / (sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b)) ** 0.5
    error = statistics.median(abs(e - m) / m for e, m in zip(estimated, measured))
    return len(layers), 100 * error, rho
n, be, br = pooled("baseline")
_, he, hr = pooled("out")
print("| all models, pooled | %d | %.1f %% | %.3f | %.1f %% | %.3f | | |" % (n, be, br, he, hr))
PY
