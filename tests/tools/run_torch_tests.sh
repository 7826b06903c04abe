#!/bin/sh
# Runs the tests of tools/cutlab-profile-torch, tools/export-onnx-torch and tools/cutlab-run-split
# with Debian's Python (python3-torch, python3-torchvision, python3-onnx; the tests skip
# themselves with a message when torch is missing). CUTLAB_CLI: a built cutlab-cli for `validate`
# and `plan` (default: the first of build/torch, build/dev, build/ci that exists; unset = those
# checks are skipped).
#   tests/tools/run_torch_tests.sh [unittest options, e.g. -k LeNet5]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
python=${CUTLAB_PYTHON:-/usr/bin/python3}
if [ -z "${CUTLAB_CLI:-}" ]; then
    for dir in torch dev ci; do
        if [ -x "$root/build/$dir/app/cutlab-cli" ]; then
            CUTLAB_CLI="$root/build/$dir/app/cutlab-cli"
            break
        fi
    done
fi
if [ -n "${CUTLAB_CLI:-}" ]; then
    export CUTLAB_CLI
    echo "cutlab-cli: $CUTLAB_CLI"
else
    echo "cutlab-cli: not built (build/torch, build/dev, build/ci): validate checks skipped"
fi
cd "$root"
exec "$python" -m unittest -v "$@" tests/tools/test_profile_torch.py \
    tests/tools/test_run_split.py
