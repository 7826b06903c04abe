#!/bin/sh
# cutlab-cli waits on no Qt target: none of the files ninja builds it from is Qt's (moc, uic,
# a Qt library) or the window's or the chart program's. Usage: check-cli-inputs.sh BUILD_DIR
set -eu
inputs=$(ninja -C "$1" -t inputs app/cutlab-cli)
[ -n "$inputs" ] || { echo "FAIL: ninja lists no inputs of app/cutlab-cli"; exit 1; }
if echo "$inputs" | grep -i -E 'qt6|/ui/|cutlab-charts|training_ui|libexec/(moc|uic)'; then
    echo "FAIL: cutlab-cli is built from the files above"
    exit 1
fi
echo "cutlab-cli: $(echo "$inputs" | wc -l) inputs, none of Qt"
