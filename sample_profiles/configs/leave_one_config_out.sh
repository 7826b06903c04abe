#!/bin/sh
# AccEPT's latency predictor against FTPipeHD's speed ratio on the samples of this folder,
# leaving one configuration out (docs/validation.md): per model, a predictor is trained on all
# nine configurations, then `cutlab-cli predictor eval` retrains it without each configuration
# in turn and scores both estimates on the one left out (mean absolute percentage error over all
# its contiguous sub-models). Prints one Markdown row per model: predictor MAPE / ratio MAPE per
# configuration, then the mean.
#
#   CUTLAB_CLI=build/dev/app/cutlab-cli sample_profiles/configs/leave_one_config_out.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cli=${CUTLAB_CLI:-$root/build/dev/app/cutlab-cli}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for profile in "$here"/*.json; do
    model=$(basename "$profile" .json)
    "$cli" predictor train "$profile" -o "$work/$model-predictor.json" >/dev/null
    "$cli" predictor eval "$work/$model-predictor.json" "$profile" --json > "$work/$model-eval.json"
done
python3 - "$work" <<'PY'
import glob, json, os, sys
evals = sorted(glob.glob(os.path.join(sys.argv[1], "*-eval.json")))
first = json.load(open(evals[0]))
machines = [m["machine"] for m in first["machines"]]
print("| model | " + " | ".join(machines) + " | mean | predictor wins |")
print("|---" * (len(machines) + 3) + "|")
for path in evals:
    result = json.load(open(path))
    cells, wins, p_sum, r_sum = [], 0, 0.0, 0.0
    for machine in result["machines"]:
        p, r = machine["predictor_mape"], machine["ratio_mape"]  # percent
        wins += p < r
        p_sum, r_sum = p_sum + p, r_sum + r
        cell = "%.1f / %.1f" % (p, r)
        cells.append("**%s**" % cell if p < r else cell)
    n = len(result["machines"])
    print("| %s | %s | %.1f / %.1f | %d of %d |"
          % (result["model"], " | ".join(cells), p_sum / n, r_sum / n, wins, n))
PY
