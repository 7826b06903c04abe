#!/bin/sh
# Makes the calibration samples of this folder, measured on the machine that runs it:
#   <model>.json   forward times of every layer, in context (tools/cutlab-profile-torch
#                  --forward-only, one intra-op thread), machine `thisbox`, tier edge
#   <model>.onnx   the same model exported by tools/export-onnx-torch, weights stripped
# for seven torchvision models (1x3x224x224, random weights; shufflenet_v2_x1_0 is left out: its
# ONNX export reshapes by computed shapes, which `cutlab-cli import` refuses). Then runs the leave-one-model-out
# check of docs/validation.md ("Calibrated estimates") with
# sample_profiles/calibration/leave_one_out.sh.
#
#   sample_profiles/calibration/make_calibration_samples.sh     (WARMUP=5 REPEATS=30 by default)
#
# Needs Debian's python3-torch, python3-torchvision and python3-onnx (/usr/bin/python3); run it
# on a quiet machine (the load averages are recorded in each profile's model.source).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
python=${CUTLAB_PYTHON:-/usr/bin/python3}
warmup=${WARMUP:-5}
repeats=${REPEATS:-30}
models=${MODELS:-alexnet vgg11 resnet18 resnet34 mobilenet_v2 squeezenet1_1 mnasnet1_0}
note="Calibration sample of sample_profiles/calibration/make_calibration_samples.sh, measured on CutLab's build machine."
echo "started $(date -Iseconds), load average $(cut -d' ' -f1-3 /proc/loadavg)"
for model in $models; do
    "$python" "$root/tools/cutlab-profile-torch" "$model" -o "$here/$model.json" \
        --machine-id thisbox --tier edge --threads 1 --forward-only \
        --warmup "$warmup" --repeats "$repeats" --note "$note"
    "$python" "$root/tools/export-onnx-torch" "$model" -o "$here/$model.onnx"
done
echo "finished $(date -Iseconds), load average $(cut -d' ' -f1-3 /proc/loadavg)"
