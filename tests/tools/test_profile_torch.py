#!/usr/bin/python3
"""Tests of tools/cutlab-profile-torch and tools/export-onnx-torch.

Run with Debian's Python (python3-torch, python3-torchvision, python3-onnx):
    /usr/bin/python3 -m unittest -v tests/tools/test_profile_torch.py
or tests/tools/run_torch_tests.sh. CUTLAB_CLI = path of a built cutlab-cli: the profiles are
also checked with `cutlab-cli validate` (skipped with a message when unset), and the ResNet-18
comparison uses `cutlab-cli import` on the ONNX file when it accepts ONNX (else the same rules in
Python, from onnx.shape_inference).
"""
import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROFILER = os.path.join(ROOT, "tools", "cutlab-profile-torch")
EXPORTER = os.path.join(ROOT, "tools", "export-onnx-torch")
PYTHON = sys.executable

try:
    import torch  # noqa: F401
    TORCH_MISSING = None
except ImportError as error:
    TORCH_MISSING = ("PyTorch is not importable by %s (%s): the profiler tests need Debian's "
                     "python3-torch and python3-torchvision; run them with /usr/bin/python3"
                     % (PYTHON, error))
try:
    import onnx  # noqa: F401
    ONNX_MISSING = None
except ImportError as error:
    ONNX_MISSING = "the onnx package is missing (%s): sudo apt install python3-onnx" % error


def load_profiler():
    loader = importlib.machinery.SourceFileLoader("cutlab_profile_torch", PROFILER)
    spec = importlib.util.spec_from_loader("cutlab_profile_torch", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def run(*command):
    return subprocess.run([PYTHON] + list(command), capture_output=True, text=True, timeout=900)


def cutlab_cli():
    path = os.environ.get("CUTLAB_CLI")
    return path if path and os.path.isfile(path) else None


def valid_cuts(layers):
    """formats.md §1: a cut after position k is valid iff every edge from the model input or
    layers[0..k] to layers[k+1..] starts at layer k, and k is not the last layer."""
    position = {layer["id"]: index for index, layer in enumerate(layers)}
    sources = []
    for layer in layers:
        inputs = layer.get("inputs") or []
        found = {position[name] for name in inputs}
        if not inputs or layer.get("reads_model_input"):
            found.add(-1)  # the model input, a virtual producer before the first layer
        sources.append(found)
    cuts = []
    for k in range(len(layers) - 1):
        cuts.append(all(source == k for j in range(k + 1, len(layers)) for source in sources[j]
                        if source <= k))
    return cuts


def onnx_graph_in_python(path):
    """The operator graph of an ONNX file by the rules of core/onnx/OnnxImport.h: one layer per
    operator (id = node name or first output), Constant and Identity-of-constant folded,
    initializers not edges, output bytes from shape inference at batch 1."""
    import numpy
    import onnx  # noqa: F811 (imported here: the module imports without it)
    if hasattr(onnx.helper, "tensor_dtype_to_np_dtype"):  # onnx >= 1.13
        itemsize = lambda elem_type: numpy.dtype(
            onnx.helper.tensor_dtype_to_np_dtype(elem_type)).itemsize
    else:
        itemsize = lambda elem_type: onnx.mapping.TENSOR_TYPE_TO_NP_TYPE[elem_type].itemsize
    model = onnx.load(path, load_external_data=False)
    graph = model.graph
    initializers = {t.name for t in graph.initializer}
    for value in list(graph.input) + list(graph.output):
        dims = value.type.tensor_type.shape.dim
        if len(dims) and dims[0].dim_param:
            dims[0].dim_value = 1  # a symbolic first dimension is the batch: 1
    model = onnx.shape_inference.infer_shapes(model, data_prop=True)
    graph = model.graph
    sizes = {}

    def record(name, elem_type, dims):
        total = itemsize(elem_type)
        for dim in dims:
            if not dim.HasField("dim_value"):
                return
            total *= dim.dim_value
        sizes[name] = total

    for value in list(graph.input) + list(graph.value_info) + list(graph.output):
        record(value.name, value.type.tensor_type.elem_type, value.type.tensor_type.shape.dim)
    graph_inputs = [v.name for v in graph.input if v.name not in initializers]
    constants, producer, layers = set(initializers), {}, []
    for node in graph.node:
        if node.op_type == "Constant":
            constants.update(node.output)
            continue
        if node.op_type == "Identity" and len(node.input) == 1 and node.input[0] in constants:
            constants.add(node.output[0])
            continue
        layer_id = node.name or node.output[0]
        inputs, reads_input = [], False
        for name in node.input:
            if not name or name in constants:
                continue
            if name in producer:
                if producer[name] not in inputs:
                    inputs.append(producer[name])
            elif name in graph_inputs:
                reads_input = True
        for name in node.output:
            producer[name] = layer_id
        layer = {"id": layer_id, "type": node.op_type, "inputs": inputs,
                 "output_bytes": sum(sizes[name] for name in node.output if name)}
        if reads_input and inputs:
            layer["reads_model_input"] = True
        layers.append(layer)
    input_bytes = sum(sizes[name] for name in graph_inputs)
    return {"model": {"input_bytes": input_bytes}, "layers": layers}


def module_path_of_node(name, known):
    """torch 1.13 scoped node name -> the module path among `known` it belongs to, or None.
    "/layer1/layer1.0/conv1/Conv": scopes "layer1", "layer1.0", "conv1" (each scope names the
    module by its last non-numeric atom and the numeric atoms after it), so the path grows by
    the last atom of each scope: layer1 -> layer1.0 -> layer1.0.conv1; a second call of a module
    gets "_1" ("relu_1")."""
    scopes = name.split("/")[1:-1] if name.startswith("/") else []
    path = ""
    for scope in scopes:
        atom = scope.split(".")[-1]
        candidate = path + "." + atom if path else scope
        if candidate not in known and "_" in atom and atom.rsplit("_", 1)[1].isdigit():
            stripped = atom.rsplit("_", 1)[0]
            candidate = path + "." + stripped if path else stripped
        path = candidate
        if path in known:
            return path
    return None


def onnx_groups(ops, ids):
    """For each ONNX operator, the position of the profile layer (module path) it belongs to.
    Functional code between modules ("/Flatten", "/GlobalAveragePool") has no module scope: it
    belongs to the profile layer that runs next after the module it follows (the consumer's
    side), as in the profile, where output_bytes is the module's own output."""
    index = {layer_id: k for k, layer_id in enumerate(ids)}
    groups, previous = [], -1
    for op in ops:
        path = module_path_of_node(op["id"], index)
        if path is None:
            groups.append(min(previous + 1, len(ids) - 1))
        else:
            previous = index[path]
            groups.append(previous)
    return groups


def compare_cuts(profile, onnx_side):
    """(groups, [(layer id, valid, bytes)], mismatches) at every module-path boundary: the cut
    after profile layer k against the ONNX cut after the last operator of layers 0..k."""
    layers, ops = profile["layers"], onnx_side["layers"]
    ids = [layer["id"] for layer in layers]
    groups = onnx_groups(ops, ids)
    mismatches = []
    if groups != sorted(groups):
        mismatches.append("ONNX operators out of module order: %s" % groups)
    if profile["model"]["input_bytes"] != onnx_side["model"]["input_bytes"]:
        mismatches.append("input_bytes %s != %s" % (profile["model"]["input_bytes"],
                                                     onnx_side["model"]["input_bytes"]))
    onnx_cuts, profile_cuts, compared = valid_cuts(ops), valid_cuts(layers), []
    for k in range(len(layers) - 1):
        before = [position for position, group in enumerate(groups) if group <= k]
        if not before:  # the cut before the first operator: always valid, sends the input
            onnx_valid, onnx_bytes = True, onnx_side["model"]["input_bytes"]
        else:
            onnx_valid = before[-1] < len(ops) - 1 and onnx_cuts[before[-1]]
            onnx_bytes = ops[before[-1]]["output_bytes"]
        mine = (profile_cuts[k], layers[k]["output_bytes"] if profile_cuts[k] else None)
        theirs = (onnx_valid, onnx_bytes if onnx_valid else None)
        if mine != theirs:
            mismatches.append("cut after %s: profile %s, ONNX (after %s) %s"
                              % (ids[k], mine, ops[before[-1]]["id"] if before else "input",
                                 theirs))
        compared.append((ids[k],) + mine)
    return groups, compared, mismatches


LENET5_OUTPUT_BYTES = {
    # float32 = 4 bytes, one sample of 1x32x32
    "conv1": 6 * 28 * 28 * 4,   # 5x5 kernel, no padding: 32-5+1 = 28 -> 18816
    "act1": 6 * 28 * 28 * 4,    # tanh keeps the shape -> 18816
    "pool1": 6 * 14 * 14 * 4,   # 2x2 average pooling halves 28 -> 4704
    "conv2": 16 * 10 * 10 * 4,  # 14-5+1 = 10 -> 6400
    "pool2": 16 * 5 * 5 * 4,    # -> 1600 (then flattened to 400 values by torch.flatten)
    "fc1": 120 * 4,             # -> 480
    "fc2": 84 * 4,              # -> 336
    "fc3": 10 * 4,              # -> 40
}
LENET5_PARAM_BYTES = {
    "conv1": (6 * 1 * 5 * 5 + 6) * 4,     # weights 6x1x5x5 + 6 biases = 156 floats -> 624
    "conv2": (16 * 6 * 5 * 5 + 16) * 4,   # 2416 floats -> 9664
    "fc1": (400 * 120 + 120) * 4,         # 48120 floats -> 192480
    "fc2": (120 * 84 + 84) * 4,           # 10164 floats -> 40656
    "fc3": (84 * 10 + 10) * 4,            # 850 floats -> 3400
    "act1": 0, "pool1": 0,
}


@unittest.skipIf(TORCH_MISSING, TORCH_MISSING)
class LeNet5Profile(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.TemporaryDirectory()
        cls.path = os.path.join(cls.directory.name, "lenet5.json")
        cls.result = run(PROFILER, "lenet5", "-o", cls.path, "--machine-id", "box",
                         "--tier", "edge", "--threads", "1", "--warmup", "1", "--repeats", "3")
        if cls.result.returncode == 0:
            with open(cls.path, encoding="utf-8") as f:
                cls.profile = json.load(f)

    @classmethod
    def tearDownClass(cls):
        cls.directory.cleanup()

    def test_runs(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)

    def test_structure(self):
        profile = self.profile
        self.assertEqual(profile["format"], "cutlab-profile")
        self.assertEqual(profile["version"], 1)
        model = profile["model"]
        self.assertEqual(model["name"], "lenet5")
        self.assertEqual(model["input_bytes"], 1 * 32 * 32 * 4)  # one 1x32x32 float32 sample
        self.assertEqual(model["batch"], 1)
        for word in ("Measured on this machine", "torch", "warm-up", "median", "thread",
                     "perf_counter"):
            self.assertIn(word, model["source"])
        self.assertEqual(profile["machines"], [
            {"id": "box", "tier": "edge", "label": profile["machines"][0]["label"]}])
        self.assertIn("(1 thread)", profile["machines"][0]["label"])
        for layer in profile["layers"]:
            for key in ("id", "type", "inputs", "output_bytes", "param_bytes", "forward_ms",
                        "backward_ms", "update_ms"):
                self.assertIn(key, layer, layer["id"])
            for key in ("forward_ms", "backward_ms", "update_ms"):
                self.assertEqual(list(layer[key]), ["box"], layer["id"])
            self.assertIsInstance(layer["output_bytes"], int)
            self.assertIsInstance(layer["param_bytes"], int)

    def test_ids_are_module_paths(self):
        modules = dict(load_profiler().LeNet5().named_modules())
        ids = [layer["id"] for layer in self.profile["layers"]]
        for layer_id in ids:
            self.assertIn(layer_id, modules)
        self.assertEqual(ids, ["conv1", "act1", "pool1", "conv2", "act2", "pool2", "fc1", "act3",
                               "fc2", "act4", "fc3"])
        types = {layer["id"]: layer["type"] for layer in self.profile["layers"]}
        self.assertEqual(types["conv1"], "Conv2d")
        self.assertEqual(types["pool1"], "AvgPool2d")
        self.assertEqual(types["fc1"], "Linear")

    def test_bytes(self):
        layers = {layer["id"]: layer for layer in self.profile["layers"]}
        for layer_id, expected in LENET5_OUTPUT_BYTES.items():
            self.assertEqual(layers[layer_id]["output_bytes"], expected, layer_id)
        for layer_id, expected in LENET5_PARAM_BYTES.items():
            self.assertEqual(layers[layer_id]["param_bytes"], expected, layer_id)
        # conv1: 2 x (6x28x28 outputs) x (1 input channel x 5x5 kernel) multiply-adds
        self.assertEqual(layers["conv1"]["flops"], 2 * 6 * 28 * 28 * 1 * 25)
        # fc1: 2 x 120 x 400
        self.assertEqual(layers["fc1"]["flops"], 2 * 120 * 400)

    def test_inputs_form_a_chain(self):
        # torch.flatten between pool2 and fc1 is functional: fc1 still reads pool2
        layers = self.profile["layers"]
        self.assertEqual(layers[0]["inputs"], [])
        for before, layer in zip(layers, layers[1:]):
            self.assertEqual(layer["inputs"], [before["id"]], layer["id"])
            self.assertNotIn("reads_model_input", layer)
        self.assertEqual(valid_cuts(layers), [True] * (len(layers) - 1))

    def test_positive_times(self):
        for layer in self.profile["layers"]:
            self.assertGreater(layer["forward_ms"]["box"], 0, layer["id"])

    def test_forward_in_context_with_its_spread(self):
        source = self.profile["model"]["source"]
        self.assertIn("measured in context", source)
        self.assertIn("whole-model pass", source)
        for layer in self.profile["layers"]:
            low, high = layer["forward_quartiles_ms"]["box"]
            self.assertLessEqual(low, layer["forward_ms"]["box"], layer["id"])
            self.assertLessEqual(layer["forward_ms"]["box"], high, layer["id"])
            self.assertGreater(layer["backward_ms"]["box"], 0, layer["id"])
            if layer["param_bytes"] > 0:
                self.assertGreater(layer["update_ms"]["box"], 0, layer["id"])
            else:
                self.assertEqual(layer["update_ms"]["box"], 0, layer["id"])

    def test_cutlab_validates_it(self):
        cli = cutlab_cli()
        if not cli:
            self.skipTest("CUTLAB_CLI is not set to a built cutlab-cli: `cutlab-cli validate` "
                          "not run (tests/tools/run_torch_tests.sh sets it)")
        result = subprocess.run([cli, "validate", self.path], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)


@unittest.skipIf(TORCH_MISSING, TORCH_MISSING)
class Errors(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.out = os.path.join(self.directory.name, "out.json")

    def tearDown(self):
        self.directory.cleanup()

    def profile(self, *extra):
        return run(PROFILER, *extra, "-o", self.out, "--machine-id", "m", "--tier", "device",
                   "--repeats", "1", "--warmup", "0")

    def test_unknown_model(self):
        result = self.profile("resnet9000")
        self.assertEqual(result.returncode, 2)
        self.assertIn("unknown model 'resnet9000'", result.stderr)
        for name in ("lenet5", "resnet18", "alexnet", "mobilenet_v2"):
            self.assertIn(name, result.stderr)
        self.assertFalse(os.path.exists(self.out))
        self.assertEqual(os.listdir(self.directory.name), [])  # no temporary left behind

    def test_bad_module(self):
        missing = self.profile("mine", "--module", "/nonexistent/model.py:Net")
        self.assertEqual(missing.returncode, 2)
        self.assertIn("no file '/nonexistent/model.py'", missing.stderr)
        source = os.path.join(self.directory.name, "net.py")
        with open(source, "w") as f:
            f.write("import torch\nclass Net(torch.nn.Module):\n"
                    "    def __init__(self):\n        super().__init__()\n"
                    "        self.body = torch.nn.Sequential(torch.nn.Linear(4, 3), "
                    "torch.nn.ReLU())\n        self.head = torch.nn.Linear(3, 2)\n"
                    "    def forward(self, x):\n        return self.head(self.body(x) * 2)\n"
                    "class NotAModule:\n    pass\n"
                    "class NeedsArgs(torch.nn.Module):\n"
                    "    def __init__(self, width):\n        super().__init__()\n")
        no_class = self.profile("mine", "--module", source + ":Nope")
        self.assertEqual(no_class.returncode, 2)
        self.assertIn("has no class 'Nope'", no_class.stderr)
        self.assertIn("Net", no_class.stderr)
        not_module = self.profile("mine", "--module", source + ":NotAModule")
        self.assertEqual(not_module.returncode, 2)
        self.assertIn("not an nn.Module", not_module.stderr)
        needs_args = self.profile("mine", "--module", source + ":NeedsArgs")
        self.assertEqual(needs_args.returncode, 2)
        self.assertIn("no arguments", needs_args.stderr)
        no_colon = self.profile("mine", "--module", source)
        self.assertEqual(no_colon.returncode, 2)
        self.assertIn("file.py:Class", no_colon.stderr)
        wrong_input = self.profile("mine", "--module", source + ":Net", "--input", "1,5")
        self.assertEqual(wrong_input.returncode, 2)
        self.assertIn("does not run on an input of shape 1x5", wrong_input.stderr)
        self.assertFalse(os.path.exists(self.out))

        # the good one: Sequential opened, the functional "* 2" attributed to body.1
        good = self.profile("mine", "--module", source + ":Net", "--input", "1,4")
        self.assertEqual(good.returncode, 0, good.stderr)
        with open(self.out) as f:
            layers = json.load(f)["layers"]
        self.assertEqual([(l["id"], l["inputs"]) for l in layers],
                         [("body.0", []), ("body.1", ["body.0"]), ("head", ["body.1"])])
        self.assertEqual(layers[1]["untimed_functional_ops_after"]["ops"], ["Mul"])


@unittest.skipIf(TORCH_MISSING, TORCH_MISSING)
class SumAgainstWhole(unittest.TestCase):
    """The profiler warns (stderr and model.source) when its layers' forward times and the whole
    model's differ by more than 10 %."""

    def test_the_rule(self):
        check = load_profiler().sum_check
        self.assertIsNone(check(105.0, 100.0))
        self.assertIsNone(check(90.0, 100.0))
        warning = check(111.0, 100.0)
        self.assertIn("sum to 111.000 ms and the whole model took 100.000 ms (+11 %", warning)
        self.assertIn("(-45 %", check(55.0, 100.0))

    def test_forward_only(self):
        with tempfile.TemporaryDirectory() as directory:
            out = os.path.join(directory, "p.json")
            result = run(PROFILER, "lenet5", "-o", out, "--machine-id", "m", "--tier", "device",
                         "--forward-only", "--warmup", "0", "--repeats", "2")
            self.assertEqual(result.returncode, 0, result.stderr)
            with open(out) as f:
                profile = json.load(f)
        self.assertIn("Forward only", profile["model"]["source"])
        for layer in profile["layers"]:
            self.assertIn("forward_ms", layer)
            self.assertNotIn("backward_ms", layer)
            self.assertNotIn("update_ms", layer)


CROSSING_MODELS = """import torch
import torch.nn.functional as F
class Pooled(torch.nn.Module):
    # what crosses after conv is the pooled, flattened 16 floats, not its 16x32x32 output
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 16, 3, padding=1)
        self.fc = torch.nn.Linear(16, 10)
    def forward(self, x):
        return self.fc(torch.flatten(F.adaptive_avg_pool2d(self.conv(x), 1), 1))
class Mixed(torch.nn.Module):
    # a + b mixes two layers' outputs: neither can send the sum alone
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(8, 4)
        self.b = torch.nn.Linear(4, 4)
        self.c = torch.nn.Linear(4, 2)
    def forward(self, x):
        a = self.a(x)
        return self.c(a + self.b(a))
class Shared(torch.nn.Module):
    # conv's output reaches head_a whole and head_b pooled: both tensors cross a cut after it
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3, padding=1)
        self.head_a = torch.nn.Conv2d(4, 2, 1)
        self.head_b = torch.nn.Linear(4, 2)
    def forward(self, x):
        y = self.conv(x)
        return self.head_a(y).mean() + self.head_b(torch.flatten(F.adaptive_avg_pool2d(y, 1), 1)).sum()
"""


@unittest.skipIf(TORCH_MISSING, TORCH_MISSING)
class CrossingBytes(unittest.TestCase):
    """output_bytes is what a cut after the layer carries: what its consumers receive, after the
    functional code between modules (issue: MobileNetV2's features.18.2 was priced 250,880 bytes
    where 5,120 cross)."""

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.TemporaryDirectory()
        cls.source = os.path.join(cls.directory.name, "crossing.py")
        with open(cls.source, "w") as f:
            f.write(CROSSING_MODELS)

    @classmethod
    def tearDownClass(cls):
        cls.directory.cleanup()

    def layers(self, name, shape):
        out = os.path.join(self.directory.name, name + ".json")
        result = run(PROFILER, name, "--module", self.source + ":" + name, "--input", shape,
                     "-o", out, "--machine-id", "m", "--tier", "device", "--warmup", "0",
                     "--repeats", "1")
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(out) as f:
            return {layer["id"]: layer for layer in json.load(f)["layers"]}

    def test_functional_pooling_shrinks_the_cut(self):
        layers = self.layers("Pooled", "1,3,32,32")
        self.assertEqual(layers["conv"]["output_bytes"], 16 * 4)
        self.assertEqual(layers["conv"]["module_output_bytes"], 16 * 32 * 32 * 4)
        self.assertEqual(layers["fc"]["output_bytes"], 10 * 4)
        self.assertNotIn("module_output_bytes", layers["fc"])

    def test_a_mix_of_two_layers_sends_their_own_outputs(self):
        layers = self.layers("Mixed", "1,8")
        # a: to b (its own output) and to the sum (mixed with b): its own 4 floats, once
        self.assertEqual(layers["a"]["output_bytes"], 4 * 4)
        self.assertEqual(layers["b"]["output_bytes"], 4 * 4)

    def test_every_tensor_a_layer_feeds_crosses(self):
        layers = self.layers("Shared", "1,3,8,8")
        # 4x8x8 floats to head_a and the pooled 4 floats to head_b
        self.assertEqual(layers["conv"]["output_bytes"], (4 * 8 * 8 + 4) * 4)


@unittest.skipIf(TORCH_MISSING, TORCH_MISSING)
@unittest.skipIf(ONNX_MISSING, ONNX_MISSING)
class ResNet18CutsMatchOnnx(unittest.TestCase):
    """The profiler's valid cut points and the bytes crossing them equal those of the ONNX
    export read by CutLab's importer rules, at the module-path boundaries."""

    def test_resnet18(self):
        with tempfile.TemporaryDirectory() as directory:
            profile_path = os.path.join(directory, "resnet18.json")
            onnx_path = os.path.join(directory, "resnet18.onnx")
            result = run(PROFILER, "resnet18", "-o", profile_path, "--machine-id", "m",
                         "--tier", "cloud", "--warmup", "0", "--repeats", "1")
            self.assertEqual(result.returncode, 0, result.stderr)
            result = run(EXPORTER, "resnet18", "-o", onnx_path)
            self.assertEqual(result.returncode, 0, result.stderr)
            # the weights file was deleted, no temporary left behind
            self.assertEqual(sorted(os.listdir(directory)), ["resnet18.json", "resnet18.onnx"])
            self.assertLess(os.path.getsize(onnx_path), 1_000_000)
            with open(profile_path) as f:
                profile = json.load(f)
            onnx_side = self.import_onnx(onnx_path, directory)
        self.compare(profile, onnx_side)
        # the comparison notices a wrong byte count
        profile["layers"][5]["output_bytes"] += 4
        with self.assertRaises(AssertionError):
            self.compare(profile, onnx_side)

    def import_onnx(self, onnx_path, directory):
        cli = cutlab_cli()
        if cli:
            out = os.path.join(directory, "imported.json")
            result = subprocess.run([cli, "import", onnx_path, "-o", out], capture_output=True,
                                    text=True)
            if result.returncode == 0:
                with open(out) as f:
                    print("\nONNX side: cutlab-cli import", file=sys.stderr)
                    return json.load(f)
            reason = (result.stderr.strip().splitlines() or ["exit %d" % result.returncode])[0]
            print("\nONNX side: `cutlab-cli import` does not read ONNX here (%s): the "
                  "importer's rules applied in Python" % reason[:100], file=sys.stderr)
        return onnx_graph_in_python(onnx_path)

    def compare(self, profile, onnx_side):
        layers = profile["layers"]
        ids = [layer["id"] for layer in layers]
        self.assertEqual(ids, ["conv1", "bn1", "relu", "maxpool", "layer1.0", "layer1.1",
                               "layer2.0", "layer2.1", "layer3.0", "layer3.1", "layer4.0",
                               "layer4.1", "avgpool", "fc"])
        groups, compared, mismatches = compare_cuts(profile, onnx_side)
        self.assertEqual(mismatches, [])
        # ResNet-18 at this granularity is a chain: every cut is valid
        self.assertEqual([valid for _, valid, _ in compared], [True] * (len(layers) - 1))
        crossing = {layer_id: size for layer_id, _, size in compared}
        self.assertEqual(crossing["conv1"], 64 * 112 * 112 * 4)  # BatchNorm folded into the Conv
        self.assertEqual(crossing["layer1.0"], 64 * 56 * 56 * 4)
        self.assertEqual(crossing["avgpool"], 512 * 4)
        # inside a BasicBlock the residual makes everything up to its Add one region: the only
        # valid cut inside is between the Add and the block's last ReLU
        ops = onnx_side["layers"]
        onnx_cuts = valid_cuts(ops)
        inside = [ops[p]["id"] for p in range(len(ops) - 1)
                  if onnx_cuts[p] and groups[p] == groups[p + 1]
                  and ids[groups[p]].startswith("layer")]
        self.assertEqual(inside, ["/%s/%s/Add" % (block.split(".")[0], block)
                                  for block in ids if block.startswith("layer")])


if __name__ == "__main__":
    unittest.main(verbosity=2)
