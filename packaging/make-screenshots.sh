#!/bin/sh
# Retakes the README's window screenshots with the built app (run after a build; needs xvfb-run
# and pdftoppm). Usage: packaging/make-screenshots.sh [BUILD_DIR [OUT_DIR]]
# (default build/dev and resources/screenshots; tests/tools/check-screenshots.sh runs it).
set -eu
cd "$(dirname "$0")/.."
build=${1:-build/dev}
app="$build/app/cutlab"
out=${2:-resources/screenshots}
shoot() { # OUT.png then the app's arguments
    name=$1
    shift
    xvfb-run -a "$app" --size 1280x800 --screenshot "$out/$name" "$@" 2>/dev/null
    echo "$out/$name"
}
shoot main-vgg19.png sample_profiles/scission/vgg19.json --network 4g
shoot main-branching.png sample_profiles/handmade/tiny-branching.json --chart layers
shoot charts-sweep.png sample_profiles/scission/vgg19.json --network 4g --chart sweep
shoot presentation.png sample_profiles/scission/vgg19.json --network 4g --presentation --step 5
shoot dark.png sample_profiles/scission/densenet121.json --network 4g --dark --top-down
hiertrain="sample_profiles/hiertrain/alexnet-tinyimagenet.json --network sample_profiles/hiertrain/network-hiertrain.json"
# shellcheck disable=SC2086 # two words on purpose
shoot training-window.png $hiertrain --chart timeline
# shellcheck disable=SC2086
shoot training-panel-pipeline.png $hiertrain --chart pipeline
# shellcheck disable=SC2086
shoot training-panel-strategy.png $hiertrain --chart strategy --dark
# shellcheck disable=SC2086
"$build/app/cutlab-cli" training-chart $hiertrain --kind strategy -o "$out/training-strategy-alexnet.png"
echo "$out/training-strategy-alexnet.png"
report=$(mktemp -d)
"$build/app/cutlab-cli" report sample_profiles/scission/vgg19.json --network 4g -o "$report/r.pdf"
pdftoppm -png -r 110 -singlefile "$report/r.pdf" "$out/report-vgg19"
rm -r "$report"
echo "$out/report-vgg19.png"
