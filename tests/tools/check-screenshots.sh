#!/bin/sh
# Runs packaging/make-screenshots.sh (the README's command) into a temporary folder and checks
# that it writes every screenshot resources/screenshots holds, each with the committed one's
# width and height and not blank. Usage: tests/tools/check-screenshots.sh BUILD_DIR
set -eu
cd "$(dirname "$0")/../.."
build=$1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
packaging/make-screenshots.sh "$build" "$out" >/dev/null
size() { od -An -tu1 -j16 -N8 "$1" | awk '{ print $3 * 256 + $4 "x" $7 * 256 + $8 }'; }
failed=0
for committed in resources/screenshots/*.png; do
    name=$(basename "$committed")
    made="$out/$name"
    if [ ! -s "$made" ]; then
        echo "FAIL: make-screenshots.sh did not write $name"
        failed=1
        continue
    fi
    if [ "$(size "$made")" != "$(size "$committed")" ]; then
        echo "FAIL: $name is $(size "$made"), the committed one $(size "$committed")"
        failed=1
    fi
    # a blank 1280x800 PNG is a few kB; every screenshot has text, charts and a graph
    if [ "$(wc -c < "$made")" -lt 20000 ]; then
        echo "FAIL: $name is $(wc -c < "$made") bytes: blank?"
        failed=1
    fi
done
[ "$failed" = 0 ] && echo "every screenshot made: $(ls "$out" | wc -l) files"
exit "$failed"
