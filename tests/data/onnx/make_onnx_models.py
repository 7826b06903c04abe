#!/usr/bin/python3
"""Writes the small ONNX models the import tests read (weights stripped: initializers carry
shapes and types, their values are zeros or live in an absent external file).

Run with Debian's python3-onnx:  /usr/bin/python3 tests/data/onnx/make_onnx_models.py [DIR]
  --chain N OUT.onnx [--stripped]   a generated chain of N operators (Conv/Relu/Add...) for the
                       benchmarks; --stripped: weights in an external file that is not kept
                       (branching-5000.onnx, the screenshots' large model, is --chain 5000)
The expected figures (bytes, FLOPs, cut points) are computed by hand in tests/core/tst_onnximport.cpp.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 13


def weight(name, *shape):
    return numpy_helper.from_array(np.zeros(shape, dtype=np.float32), name)


def save(graph, path, opset=OPSET):
    model = helper.make_model(graph, producer_name="cutlab-tests",
                              opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 7
    onnx.save(model, path)


def linear():
    """Conv-Relu-MaxPool-Reshape(Constant shape)-Gemm(weight through Identity)-Softmax, batch N."""
    nodes = [
        helper.make_node("Conv", ["x", "conv_w", "conv_b"], ["conv_out"], name="conv",
                         kernel_shape=[3, 3], pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["conv_out"], ["relu_out"], name="relu"),
        helper.make_node("MaxPool", ["relu_out"], ["pool_out"], name="pool",
                         kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("Constant", [], ["shape"], name="shape_const",
                         value=numpy_helper.from_array(np.array([1, -1], dtype=np.int64))),
        helper.make_node("Reshape", ["pool_out", "shape"], ["flat"], name="flatten"),
        helper.make_node("Identity", ["fc_w_stored"], ["fc_w"], name="fc_w_copy"),
        helper.make_node("Gemm", ["flat", "fc_w", "fc_b"], ["logits"], name="fc", transB=1),
        helper.make_node("Softmax", ["logits"], ["probs"], name="softmax", axis=1),
    ]
    graph = helper.make_graph(
        nodes, "linear",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 3, 32, 32])],
        [helper.make_tensor_value_info("probs", TensorProto.FLOAT, ["N", 10])],
        [weight("conv_w", 8, 3, 3, 3), weight("conv_b", 8), weight("fc_w_stored", 10, 2048),
         weight("fc_b", 10)])
    return graph


def residual():
    """stem Conv, Relu, two Convs, Add back to the Relu, GlobalAveragePool, Flatten."""
    conv = dict(kernel_shape=[3, 3], pads=[1, 1, 1, 1])
    nodes = [
        helper.make_node("Conv", ["x", "w0"], ["s"], name="stem", **conv),
        helper.make_node("Relu", ["s"], ["r"], name="relu"),
        helper.make_node("Conv", ["r", "w1"], ["c1"], name="res_a", **conv),
        helper.make_node("Conv", ["c1", "w2"], ["c2"], name="res_b", **conv),
        helper.make_node("Add", ["c2", "r"], ["sum"], name="add"),
        helper.make_node("GlobalAveragePool", ["sum"], ["gap"], name="gap"),
        helper.make_node("Flatten", ["gap"], ["out"], name="flatten"),
    ]
    return helper.make_graph(
        nodes, "residual",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4, 8, 8])],
        [helper.make_tensor_value_info("out", TensorProto.FLOAT, [1, 4])],
        [weight("w0", 4, 4, 3, 3), weight("w1", 4, 4, 3, 3), weight("w2", 4, 4, 3, 3)])


def inception():
    """stem, three branches (1x1 conv, 3x3 conv, 3x3 max pool), Concat, Relu; unnamed nodes."""
    nodes = [
        helper.make_node("Conv", ["x", "w0"], ["stem_out"], kernel_shape=[1, 1]),
        helper.make_node("Conv", ["stem_out", "w1"], ["b1"], kernel_shape=[1, 1]),
        helper.make_node("Conv", ["stem_out", "w3"], ["b3"], kernel_shape=[3, 3],
                         pads=[1, 1, 1, 1]),
        helper.make_node("MaxPool", ["stem_out"], ["bp"], kernel_shape=[3, 3],
                         pads=[1, 1, 1, 1]),
        helper.make_node("Concat", ["b1", "b3", "bp"], ["cat"], axis=1),
        helper.make_node("Relu", ["cat"], ["out"]),
    ]
    return helper.make_graph(
        nodes, "inception",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 16, 16])],
        [helper.make_tensor_value_info("out", TensorProto.FLOAT, None)],
        [weight("w0", 8, 3, 1, 1), weight("w1", 4, 8, 1, 1), weight("w3", 4, 8, 3, 3)])


def multi_output():
    """Split into two tensors (one node, two outputs), Relu and Sigmoid, two graph outputs."""
    nodes = [
        helper.make_node("Split", ["x", "parts"], ["a", "b"], name="split", axis=1),
        helper.make_node("Relu", ["a"], ["ra"], name="relu"),
        helper.make_node("Sigmoid", ["b"], ["sb"], name="sigmoid"),
        helper.make_node("MatMul", ["ra", "m"], ["mm"], name="matmul"),
    ]
    return helper.make_graph(
        nodes, "multi_output",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 6, 4, 4])],
        [helper.make_tensor_value_info("mm", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("sb", TensorProto.FLOAT, None)],
        [numpy_helper.from_array(np.array([2, 4], dtype=np.int64), "parts"),
         weight("m", 4, 5)])


def symbolic():
    """A batch N and a height H: H needs --dim H=VALUE."""
    nodes = [helper.make_node("Relu", ["x"], ["y"], name="relu"),
             helper.make_node("Sigmoid", ["y"], ["z"], name="sigmoid")]
    return helper.make_graph(
        nodes, "symbolic",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 3, "H", 8])],
        [helper.make_tensor_value_info("z", TensorProto.FLOAT, ["N", 3, "H", 8])])


def save_stripped(graph, path, weights=None):
    """Initializers in an external file that is then removed: shapes and types stay."""
    model = helper.make_model(graph, producer_name="cutlab-tests",
                              opset_imports=[helper.make_opsetid("", OPSET)])
    model.ir_version = 7
    weights = weights or os.path.basename(path) + ".weights"
    onnx.save_model(model, path, save_as_external_data=True, all_tensors_to_one_file=True,
                    location=weights, size_threshold=0)
    os.remove(os.path.join(os.path.dirname(os.path.abspath(path)), weights))


def chain(count):
    """A chain of `count` operators cycling Conv, Relu, Add (a residual pair every third)."""
    nodes, weights, previous = [], [], "x"
    for i in range(count):
        kind = i % 3
        out = f"t{i}"
        if kind == 0:
            weights.append(weight(f"w{i}", 8, 8, 3, 3))
            nodes.append(helper.make_node("Conv", [previous, f"w{i}"], [out], name=f"conv{i}",
                                          kernel_shape=[3, 3], pads=[1, 1, 1, 1]))
        elif kind == 1:
            nodes.append(helper.make_node("Relu", [previous], [out], name=f"relu{i}"))
        else:
            nodes.append(helper.make_node("Add", [previous, f"t{i - 2}"], [out], name=f"add{i}"))
        previous = out
    return helper.make_graph(
        nodes, f"chain{count}",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 8, 16, 16])],
        [helper.make_tensor_value_info(previous, TensorProto.FLOAT, None)], weights)


def main():
    if len(sys.argv) in (4, 5) and sys.argv[1] == "--chain":
        if sys.argv[4:] == ["--stripped"]:
            save_stripped(chain(int(sys.argv[2])), sys.argv[3])
        else:
            save(chain(int(sys.argv[2])), sys.argv[3])
        return
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    path = lambda name: os.path.join(out, name)
    save(linear(), path("linear.onnx"))
    save(residual(), path("residual.onnx"))
    save(inception(), path("inception.onnx"))
    save(multi_output(), path("multi_output.onnx"))
    save(symbolic(), path("symbolic.onnx"))
    # weight-stripped: the linear model with its initializers in an external file that is
    # not shipped (shapes and types stay in the model)
    save_stripped(linear(), path("external.onnx"), "external.weights")
    # malformed
    with open(path("linear.onnx"), "rb") as f:
        data = f.read()
    with open(path("truncated.onnx"), "wb") as f:
        f.write(data[: len(data) // 2])
    with open(path("not_onnx.onnx"), "w") as f:
        f.write("this is a text file, not an ONNX model\n")
    save(residual(), path("opset99.onnx"), opset=99)


if __name__ == "__main__":
    main()
