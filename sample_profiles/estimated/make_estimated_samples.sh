#!/bin/sh
# Makes the estimated samples of this folder from the ONNX exports of sample_profiles/calibration:
#   resnet18.json  ResNet-18 on a Jetson Nano (device, 4 GiB), an i7-6700K (edge, no memory
#                  given: a PC holds what was fitted) and a V100 (cloud, 16 GiB), every time a
#                  roofline estimate of the presets (docs/cost-models.md §3), each machine's
#                  memory_bytes the vendor's figure (docs/formats.md §1, sample capacities)
#   vit_b_16.json  ViT-B/16 (torchvision, exported by tests/data/onnx/zoo/make_zoo_models.py)
#                  on the same three machines: 12 encoder blocks whose cuts carry 197 x 768
#                  floats
#
#   sample_profiles/estimated/make_estimated_samples.sh [path/to/cutlab-cli]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cli=${1:-$root/build/dev/app/cutlab-cli}
"$cli" import "$root/sample_profiles/calibration/resnet18.onnx" -o "$here/resnet18.json" \
    --machines jetson-nano@device,i7-6700k@edge,v100@cloud
"$cli" import "$root/tests/data/onnx/zoo/vit_b_16.onnx" -o "$here/vit_b_16.json" \
    --machines jetson-nano@device,i7-6700k@edge,v100@cloud
