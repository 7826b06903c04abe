#!/usr/bin/python3
"""Makes the ONNX models of tests/data/onnx/zoo (weights stripped; integer tensors kept):

- one model of each torchvision family whose shapes are computed inside the graph or that is
  otherwise typical (opset 13; vit_b_16 also at opset 17, where LayerNormalization is one
  operator), by tools/export-onnx-torch;
- decoder-14.onnx, decoder-17.onnx: a GPT-2-like decoder written here (token and position
  embeddings, causal self-attention, MLP, output layer tied to the token embedding), the
  sequence length symbolic ("seq");
- decoder-past-14.onnx, decoder-past-17.onnx: the same with past keys and values as inputs (their
  length symbolic, "past") and the present ones as outputs;
- transformer-encoder.onnx: an nn.TransformerEncoder of 2 layers, batch first, 16 tokens of 64;
- refused-data-dependent.onnx (the positive elements of its input: NonZero) and
  refused-too-large.onnx (a Range of n^3 elements, n the input's symbolic size): models
  CutLab must refuse with a sentence;
- expected.json: what each file holds, read by python3-onnx (the bytes of the floating-point
  weights its operators read), for tests/core/tst_zooimport.

Run from anywhere with Debian's python3-torch, python3-torchvision and python3-onnx:
    python3 tests/data/onnx/zoo/make_zoo_models.py
"""
import importlib.machinery
import importlib.util
import math
import os
import shutil
import subprocess
import sys
import tempfile
import warnings

import torch
from torch import nn

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.join(HERE, "..", "..", "..", "..", "tools")
FAMILIES = ["vit_b_16", "swin_t", "maxvit_t", "shufflenet_v2_x0_5", "convnext_tiny",
            "efficientnet_b0", "regnet_y_400mf", "mobilenet_v3_small", "densenet121",
            "inception_v3", "googlenet"]

VOCABULARY, WIDTH, HEADS, DEPTH, CONTEXT = 512, 64, 4, 2, 256


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(WIDTH)
        self.attn = nn.Linear(WIDTH, 3 * WIDTH)
        self.proj = nn.Linear(WIDTH, WIDTH)
        self.ln_2 = nn.LayerNorm(WIDTH)
        self.fc = nn.Linear(WIDTH, 4 * WIDTH)
        self.out = nn.Linear(4 * WIDTH, WIDTH)

    def forward(self, x, past=None):
        batch, length, _ = x.shape
        q, k, v = self.attn(self.ln_1(x)).split(WIDTH, dim=2)
        heads = lambda t: t.view(batch, length, HEADS, WIDTH // HEADS).transpose(1, 2)
        q, k, v = heads(q), heads(k), heads(v)
        if past is not None:
            k = torch.cat([past[0], k], dim=2)
            v = torch.cat([past[1], v], dim=2)
        total = k.shape[2]
        scores = q @ k.transpose(-2, -1) / math.sqrt(WIDTH // HEADS)
        mask = torch.tril(torch.ones(total, total, dtype=torch.bool))[total - length:total]
        scores = scores.masked_fill(~mask, float("-inf"))
        y = (scores.softmax(-1) @ v).transpose(1, 2).reshape(batch, length, WIDTH)
        x = x + self.proj(y)
        x = x + self.out(nn.functional.gelu(self.fc(self.ln_2(x))))
        return x, (k, v)


class Decoder(nn.Module):
    def __init__(self, with_past):
        super().__init__()
        self.with_past = with_past
        self.wte = nn.Embedding(VOCABULARY, WIDTH)
        self.wpe = nn.Embedding(CONTEXT, WIDTH)
        self.h = nn.ModuleList(Block() for _ in range(DEPTH))
        self.ln_f = nn.LayerNorm(WIDTH)
        self.lm_head = nn.Linear(WIDTH, VOCABULARY, bias=False)
        self.lm_head.weight = self.wte.weight  # tied

    def forward(self, ids, *past):
        start = past[0].shape[2] if past else 0
        positions = torch.arange(start, start + ids.shape[1]).unsqueeze(0)
        x = self.wte(ids) + self.wpe(positions)
        presents = []
        for i, block in enumerate(self.h):
            x, present = block(x, (past[2 * i], past[2 * i + 1]) if past else None)
            presents += present
        logits = self.lm_head(self.ln_f(x))
        return (logits, *presents) if self.with_past else logits


def load_exporter():
    path = os.path.join(TOOLS, "export-onnx-torch")
    loader = importlib.machinery.SourceFileLoader("export_onnx_torch", path)
    spec = importlib.util.spec_from_loader("export_onnx_torch", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def export_stripped(model, example, path, opset, names, dynamic):
    import onnx
    from onnx import external_data_helper
    directory = tempfile.mkdtemp()
    try:
        exported = os.path.join(directory, "model.onnx")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.onnx.export(model, example, exported, opset_version=opset,
                              do_constant_folding=True, input_names=names[0],
                              output_names=names[1], dynamic_axes=dynamic)
        proto = onnx.load(exported, load_external_data=False)
        load_exporter().save(proto, directory, path, False, onnx, external_data_helper)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    print("%s: %d bytes" % (os.path.basename(path), os.path.getsize(path)))


def make_decoders():
    torch.manual_seed(0)
    ids = torch.randint(0, VOCABULARY, (1, 8))
    for opset in (14, 17):
        plain = Decoder(with_past=False).eval()
        export_stripped(plain, (ids,), os.path.join(HERE, "decoder-%d.onnx" % opset), opset,
                        (["input_ids"], ["logits"]),
                        {"input_ids": {0: "batch", 1: "seq"}, "logits": {0: "batch", 1: "seq"}})
        cached = Decoder(with_past=True).eval()
        past = [torch.randn(1, HEADS, 5, WIDTH // HEADS) for _ in range(2 * DEPTH)]
        past_names = ["past_%s_%d" % (kind, i) for i in range(DEPTH) for kind in ("key", "value")]
        present_names = [name.replace("past", "present") for name in past_names]
        dynamic = {"input_ids": {0: "batch", 1: "seq"}, "logits": {0: "batch", 1: "seq"}}
        dynamic.update({name: {0: "batch", 2: "past"} for name in past_names})
        dynamic.update({name: {0: "batch", 2: "total"} for name in present_names})
        export_stripped(cached, (ids, *past), os.path.join(HERE, "decoder-past-%d.onnx" % opset),
                        opset, (["input_ids"] + past_names, ["logits"] + present_names), dynamic)


def make_transformer_encoder():
    torch.manual_seed(0)
    layer = nn.TransformerEncoderLayer(d_model=64, nhead=4, dim_feedforward=128, batch_first=True)
    model = nn.TransformerEncoder(layer, num_layers=2).eval()
    export_stripped(model, (torch.randn(1, 16, 64),),
                    os.path.join(HERE, "transformer-encoder.onnx"), 13, (["input"], ["output"]),
                    None)


class DataDependent(nn.Module):
    def forward(self, x):
        return x[x > 0] * 2


class TooLarge(nn.Module):
    def forward(self, x):
        n = x.shape[1]
        return x.sum() + torch.arange(n * n * n).sum()


def make_refused():
    example = (torch.randn(1, 128),)
    export_stripped(DataDependent().eval(), example,
                    os.path.join(HERE, "refused-data-dependent.onnx"), 13, (["input"], ["output"]),
                    None)
    export_stripped(TooLarge().eval(), example, os.path.join(HERE, "refused-too-large.onnx"), 13,
                    (["input"], ["output"]), {"input": {1: "n"}})


FLOAT_BYTES = {1: 4, 10: 2, 11: 8, 16: 2}  # FLOAT, FLOAT16, DOUBLE, BFLOAT16


def weight_bytes_read(graph):
    """The bytes of the floating-point weights the operators read, each tensor name once: an
    initializer, or an Identity copy of one (torch merges identical weights that way, and
    such a copy counts at the operators that read it: docs/formats.md)."""
    sizes = {}
    for tensor in graph.initializer:
        elements = 1
        for d in tensor.dims:
            elements *= d
        sizes[tensor.name] = elements * FLOAT_BYTES.get(tensor.data_type, 0)
    for node in graph.node:
        if node.op_type == "Identity" and node.input[0] in sizes:
            sizes[node.output[0]] = sizes[node.input[0]]
    read = {name for node in graph.node if node.op_type not in ("Constant", "Identity")
            for name in node.input}
    return sum(size for name, size in sizes.items() if name in read)


def write_expected():
    import json
    import onnx
    expected = {}
    for name in sorted(os.listdir(HERE)):
        if not name.endswith(".onnx"):
            continue
        model = onnx.load(os.path.join(HERE, name), load_external_data=False)
        expected[name] = {"weight_bytes_read": weight_bytes_read(model.graph),
                          "operators": sum(1 for n in model.graph.node
                                           if n.op_type not in ("Constant", "Identity"))}
    with open(os.path.join(HERE, "expected.json"), "w") as file:
        json.dump(expected, file, indent=1, sort_keys=True)
        file.write("\n")


def make_families():
    exporter = os.path.join(TOOLS, "export-onnx-torch")
    for name in FAMILIES:
        subprocess.run([sys.executable, exporter, name, "-o", os.path.join(HERE, name + ".onnx")],
                       check=True)
    subprocess.run([sys.executable, exporter, "vit_b_16", "--opset", "17", "-o",
                    os.path.join(HERE, "vit_b_16-17.onnx")], check=True)


if __name__ == "__main__":
    if "--expected-only" not in sys.argv:
        make_decoders()
        make_transformer_encoder()
        make_refused()
        make_families()
    write_expected()
