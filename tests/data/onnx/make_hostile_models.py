#!/usr/bin/python3
"""Writes the malformed ONNX models the import must refuse without crashing (tests/data/onnx/
hostile/): each crashed, hung or corrupted memory in Debian's libonnx 1.12 shape inference, or
in CutLab's own import, before the import checked models and ran the library in a sandbox.
tests/cli/tst_importonnx.cpp imports each with cutlab-cli and expects exit 2 and the message
fragment listed in hostile/expected.txt. The files named *_crash.onnx and
conv_transpose_untyped_attribute.onnx are not written here: fuzzing libonnx behind CutLab's
checks found them (mutated test models), and they are kept as they were found.

Run with Debian's python3-onnx:  /usr/bin/python3 tests/data/onnx/make_hostile_models.py [DIR]
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 13


def image(name, channels=3, size=8):
    return helper.make_tensor_value_info(name, TensorProto.FLOAT, [1, channels, size, size])


def anything(name):
    return helper.make_tensor_value_info(name, TensorProto.FLOAT, None)


def save(nodes, inputs, outputs, path, initializers=(), opset=OPSET):
    graph = helper.make_graph(nodes, "hostile", inputs, outputs, list(initializers))
    model = helper.make_model(graph, producer_name="cutlab-tests",
                              opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 7
    with open(path, "wb") as out:
        out.write(model.SerializeToString())


def int64s(name, values):
    return numpy_helper.from_array(np.array(values, dtype=np.int64), name)


def reshape_raw_data(path):
    """A Reshape shape of INT64 [2] whose raw_data has 15 bytes, not 16: ParseData<long> wrote
    past its buffer."""
    shape = int64s("shape", [1, 192])
    shape.raw_data = shape.raw_data[:15]
    save([helper.make_node("Reshape", ["x", "shape"], ["y"], name="reshape")],
         [image("x")], [anything("y")], path, [shape])


def scan_without_body(path):
    save([helper.make_node("Scan", ["x"], ["y"], name="scan", num_scan_inputs=1)],
         [image("x")], [anything("y")], path)


def conv_stride_zero(path):
    weight = numpy_helper.from_array(np.zeros((4, 3, 3, 3), dtype=np.float32), "w")
    save([helper.make_node("Conv", ["x", "w"], ["y"], name="conv", kernel_shape=[3, 3],
                           strides=[0, 0])],
         [image("x")], [anything("y")], path, [weight])


def maxpool_stride_zero(path):
    save([helper.make_node("MaxPool", ["x"], ["y"], name="pool", kernel_shape=[2, 2],
                           strides=[0, 0])],
         [image("x")], [anything("y")], path)


def slice_step_int64_min(path):
    inits = [int64s("starts", [0]), int64s("ends", [8]), int64s("axes", [3]),
             int64s("steps", [np.iinfo(np.int64).min])]
    save([helper.make_node("Slice", ["x", "starts", "ends", "axes", "steps"], ["y"],
                           name="slice")],
         [image("x")], [anything("y")], path, inits)


def split_negative(path):
    save([helper.make_node("Split", ["x", "split"], ["a", "b"], name="split", axis=1)],
         [image("x")], [anything("a"), anything("b")], path, [int64s("split", [-1, 4])])


def conv_transpose_group_zero(path):
    weight = numpy_helper.from_array(np.zeros((3, 2, 3, 3), dtype=np.float32), "w")
    save([helper.make_node("ConvTranspose", ["x", "w"], ["y"], name="deconv",
                           kernel_shape=[3, 3], group=0)],
         [image("x")], [anything("y")], path, [weight])


def depth_to_space_zero(path):
    save([helper.make_node("DepthToSpace", ["x"], ["y"], name="d2s", blocksize=0)],
         [image("x", channels=4)], [anything("y")], path)


def invalid_utf8_name(path):
    node = helper.make_node("Relu", ["x"], ["y"])
    node.name = "relu"
    model_bytes = None
    graph = helper.make_graph([node], "hostile", [image("x")], [anything("y")])
    model = helper.make_model(graph, producer_name="cutlab-tests",
                              opset_imports=[helper.make_opsetid("", OPSET)])
    model.ir_version = 7
    model_bytes = model.SerializeToString()
    # the node's name "relu" becomes "rel\xff" in place (same length: the message stays valid)
    model_bytes = model_bytes.replace(b"relu", b"rel\xff", 1)
    with open(path, "wb") as out:
        out.write(model_bytes)


def huge_opset(path):
    save([helper.make_node("Relu", ["x"], ["y"], name="relu")], [image("x")], [anything("y")],
         path, opset=2**31 + 13)


def range_delta_zero(path):
    inits = [int64s("start", 0), int64s("limit", 10), int64s("delta", 0)]
    save([helper.make_node("Range", ["start", "limit", "delta"], ["y"], name="range")],
         [image("x")], [anything("y")], path, inits)


def negative_dimension(path):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, -5, 8])
    save([helper.make_node("Relu", ["x"], ["y"], name="relu")], [x], [anything("y")], path)


def nested_subgraphs(path):
    """If nodes nested 20 deep (each level's else branch a plain Identity)."""
    leaf = helper.make_graph([helper.make_node("Identity", ["x"], ["leaf"])], "leaf", [],
                             [anything("leaf")])
    body = leaf
    for depth in range(1, 20):
        node = helper.make_node("If", ["cond"], ["out%d" % depth], then_branch=body,
                                else_branch=leaf)
        body = helper.make_graph([node], "g%d" % depth, [], [anything("out%d" % depth)])
    cond = helper.make_tensor_value_info("cond", TensorProto.BOOL, [])
    save([helper.make_node("If", ["cond"], ["y"], name="if", then_branch=body, else_branch=leaf)],
         [cond, image("x")], [anything("y")], path)


MODELS = {
    "reshape_raw_data.onnx": reshape_raw_data,
    "scan_without_body.onnx": scan_without_body,
    "conv_stride_zero.onnx": conv_stride_zero,
    "maxpool_stride_zero.onnx": maxpool_stride_zero,
    "slice_step_int64_min.onnx": slice_step_int64_min,
    "split_negative.onnx": split_negative,
    "conv_transpose_group_zero.onnx": conv_transpose_group_zero,
    "depth_to_space_zero.onnx": depth_to_space_zero,
    "invalid_utf8_name.onnx": invalid_utf8_name,
    "huge_opset.onnx": huge_opset,
    "range_delta_zero.onnx": range_delta_zero,
    "negative_dimension.onnx": negative_dimension,
    "nested_subgraphs.onnx": nested_subgraphs,
}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "hostile")
    os.makedirs(out, exist_ok=True)
    for name, make in MODELS.items():
        make(os.path.join(out, name))


if __name__ == "__main__":
    main()
