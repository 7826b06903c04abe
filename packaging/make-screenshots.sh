#!/bin/sh
# Retakes the screenshots in resources/screenshots with the built app (run after a build; needs
# xvfb-run and pdftoppm). Usage: packaging/make-screenshots.sh [BUILD_DIR [OUT_DIR]]
# (default build/dev and resources/screenshots; tests/tools/check-screenshots.sh runs it).
# The review set: VGG19, a 5,000-operator ONNX model, ViT-B/16 at Fit (its encoder blocks), Llama-3.2-1B with its Tokens panel, Training ▸ Pipeline after a hand edit and
# a presentation slide, each at 1280x800 and 1920x1080, light and dark (the hand-edited pipeline
# is tests/data/plans/alexnet-pipeline-edited.json, a plan exported from the window).
set -eu
cd "$(dirname "$0")/.."
build=${1:-build/dev}
app="$build/app/cutlab"
out=${2:-resources/screenshots}
size=1280x800
shoot() { # OUT.png then the app's arguments, at $size on a screen of that size
    name=$1
    shift
    xvfb-run -a -s "-screen 0 ${size}x24" "$app" --size "$size" --screenshot "$out/$name" "$@" \
        2>/dev/null
    echo "$out/$name"
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/app/cutlab-cli" import tests/data/onnx/branching-5000.onnx -o "$work/branching-5000.json" \
    >/dev/null
hiertrain="sample_profiles/hiertrain/alexnet-tinyimagenet.json --network sample_profiles/hiertrain/network-hiertrain.json"
shoot main-vgg19.png sample_profiles/scission/vgg19.json --network 4g
shoot charts-sweep.png sample_profiles/scission/vgg19.json --network 4g --chart sweep
# shellcheck disable=SC2086 # two words on purpose
shoot training-window.png $hiertrain --chart timeline
for size in 1280x800 1920x1080; do
    for theme in light dark; do
        dark=""
        [ "$theme" = dark ] && dark="--dark"
        # shellcheck disable=SC2086 # $dark is one word or none
        shoot "vgg19-$size-$theme.png" sample_profiles/scission/vgg19.json --network 4g $dark
        # shellcheck disable=SC2086
        shoot "onnx5000-$size-$theme.png" "$work/branching-5000.json" --fit whole $dark
        # shellcheck disable=SC2086
        shoot "pipeline-edited-$size-$theme.png" $hiertrain \
            --plan tests/data/plans/alexnet-pipeline-edited.json $dark
        # shellcheck disable=SC2086
        shoot "vit-$size-$theme.png" sample_profiles/estimated/vit_b_16.json --fit whole $dark
        # shellcheck disable=SC2086
        shoot "llm-$size-$theme.png" sample_profiles/llm/llama-3.2-1b-q4_0.json --network 4g \
            --cuts 4,10 --raise tokens $dark
        # shellcheck disable=SC2086
        shoot "presentation-$size-$theme.png" sample_profiles/scission/vgg19.json --network 4g \
            --presentation --step 2 $dark
    done
done
# shellcheck disable=SC2086
"$build/app/cutlab-cli" training-chart $hiertrain --kind strategy -o "$out/training-strategy-alexnet.png"
echo "$out/training-strategy-alexnet.png"
"$build/app/cutlab-cli" report sample_profiles/scission/vgg19.json --network 4g -o "$work/r.pdf"
pdftoppm -png -r 110 -singlefile "$work/r.pdf" "$out/report-vgg19"
echo "$out/report-vgg19.png"
