#!/usr/bin/env python3
"""Writes the malformed-profile corpus: NAME.json and NAME.expected (the exact messages, one per
line, as "pointer: message"). Run from anywhere; files land next to this script."""
import copy, json, os

here = os.path.dirname(os.path.abspath(__file__))
base = {
    "format": "cutlab-profile", "version": 1,
    "model": {"name": "bad", "input_bytes": 1000, "batch": 1},
    "machines": [{"id": "phone", "tier": "device"}, {"id": "server", "tier": "cloud"}],
    "layers": [
        {"id": "a", "inputs": [], "output_bytes": 100, "forward_ms": {"phone": 1, "server": 0.1}},
        {"id": "b", "inputs": ["a"], "output_bytes": 50, "forward_ms": {"phone": 2, "server": 0.2}},
        {"id": "c", "inputs": ["b"], "output_bytes": 10, "forward_ms": {"phone": 3, "server": 0.3}},
    ],
}

cases = {}

def case(name, expected, edit=None, text=None):
    if text is None:
        doc = copy.deepcopy(base)
        edit(doc)
        text = json.dumps(doc, indent=1)
    cases[name] = (text, expected)

case("empty", ["the file is empty"], text="")
case("whitespace-only", ["the file is empty"], text="  \n\t\n")
case("not-json", ["not valid JSON: syntax error at line 1, column 12"], text='{"format": cutlab-profile}')
case("truncated", ["the JSON document ends early at line 3, column 1 (the file looks truncated)"],
     text='{"format": "cutlab-profile",\n "version": 1,\n')
case("trailing-garbage", ["unexpected text after the end of the JSON document at line 1, column 4"], text='{} {}')
case("top-level-array", ["the top level must be a JSON object"], text='[1, 2, 3]')
case("too-deep", ["nesting is deeper than 64 levels"], text='{"x": ' + '[' * 100 + ']' * 100 + '}')
case("wrong-format", ['/format: this is not a CutLab profile: format is "onnx", expected "cutlab-profile"'],
     lambda d: d.update(format="onnx"))
case("missing-format", ['/format: missing "format": "cutlab-profile"'], lambda d: d.pop("format"))
case("unsupported-version", ["/version: unsupported version 2 (this CutLab reads version 1)"],
     lambda d: d.update(version=2))
case("no-machines", ["/machines: the profile lists no machines"], lambda d: d.update(machines=[]))
case("no-layers", ["/layers: the profile lists no layers"], lambda d: d.update(layers=[]))
case("duplicate-machine-id", ["/machines/1/id: duplicate machine id 'phone' (also /machines/0)"],
     lambda d: d["machines"][1].update(id="phone"))
case("empty-machine-id", ["/machines/1/id: empty machine id"],
     lambda d: d["machines"][1].update(id=""))
case("duplicate-layer-id", ["/layers/2/id: duplicate layer id 'a' (also /layers/0)"],
     lambda d: d["layers"][2].update(id="a"))
case("empty-layer-id", ["/layers/1/id: empty layer id", "/layers/2/inputs/0: unknown layer 'b'"],
     lambda d: d["layers"][1].update(id=""))
case("unknown-tier", ["/machines/1/tier: unknown tier 'fog' (expected device, edge or cloud)"],
     lambda d: d["machines"][1].update(tier="fog"))
case("inputs-not-list", ['/layers/1/inputs: "inputs" must be a list of layer ids'],
     lambda d: d["layers"][1].update(inputs="a"))
case("inputs-unknown", ["/layers/2/inputs/0: unknown layer 'conv9'"],
     lambda d: d["layers"][2].update(inputs=["conv9"]))
case("inputs-later", ["/layers/1/inputs/0: layer 'c' comes later in the list (a cycle, or layers not in topological order)"],
     lambda d: d["layers"][1].update(inputs=["c"]))
case("inputs-self", ["/layers/1/inputs/0: layer 'b' reads its own output (a cycle)"],
     lambda d: d["layers"][1].update(inputs=["b"]))
case("missing-output-bytes", ['/layers/1: missing "output_bytes"'], lambda d: d["layers"][1].pop("output_bytes"))
case("missing-forward-ms", ['/layers/2: missing "forward_ms"'], lambda d: d["layers"][2].pop("forward_ms"))
case("forward-missing-machine", ["/layers/0/forward_ms: no time for machine 'server'"],
     lambda d: d["layers"][0]["forward_ms"].pop("server"))
case("forward-unknown-machine", ["/layers/1/forward_ms/tablet: unknown machine 'tablet'"],
     lambda d: d["layers"][1]["forward_ms"].update(tablet=5))
case("backward-missing-machine", ["/layers/0/backward_ms: no time for machine 'phone'"],
     lambda d: d["layers"][0].update(backward_ms={"server": 0.2}))
case("update-unknown-machine", ["/layers/2/update_ms/gpu: unknown machine 'gpu'"],
     lambda d: d["layers"][2].update(update_ms={"phone": 0.1, "server": 0.1, "gpu": 1}))
case("number-as-string", ['/layers/1/output_bytes: the number "50" is written as a string; remove the quotes'],
     lambda d: d["layers"][1].update(output_bytes="50"))
case("negative-number", ["/layers/2/forward_ms/phone: must not be negative (-3)"],
     lambda d: d["layers"][2]["forward_ms"].update(phone=-3))
infinite = json.dumps(base).replace('"input_bytes": 1000', '"input_bytes": 1e999')
case("infinite-number", [f"the number 1e999 at line 1, column {infinite.index('1e999') + 1} is too large: numbers must be finite"], text=infinite)
nan = json.dumps(base).replace('"input_bytes": 1000', '"input_bytes": NaN')
case("nan-literal", [f"not valid JSON: syntax error at line 1, column {nan.index('NaN') + 1}"], text=nan)
case("model-missing", ['/model: missing "model" (an object with at least "input_bytes")'], lambda d: d.pop("model"))
case("machine-not-object", ['/machines/0: must be an object with "id" and "tier"'],
     lambda d: d["machines"].__setitem__(0, "phone"))
case("several-problems", ["/version: unsupported version 3 (this CutLab reads version 1)",
                          "/layers/1/inputs/0: unknown layer 'x'",
                          "/layers/2/output_bytes: must be a number, not an object"],
     lambda d: (d.update(version=3), d["layers"][1].update(inputs=["x"]), d["layers"][2].update(output_bytes={})))

# Values that pass a plain "finite and >= 0" check but would add up to infinity or NaN.
case("huge-time", ["/layers/1/forward_ms/phone: must be at most 1e9 ms (1e+308)"],
     lambda d: d["layers"][1]["forward_ms"].update(phone=1e308))
case("huge-output-bytes", ["/layers/0/output_bytes: must be at most 1e15 bytes (1e+300)"],
     lambda d: d["layers"][0].update(output_bytes=1e300))
case("huge-input-bytes", ["/model/input_bytes: must be at most 1e15 bytes (1.7976931348623157e+308)"],
     lambda d: d["model"].update(input_bytes=1.7976931348623157e308))
case("huge-batch", ["/model/batch: must be at most 1e6 samples (10000000)"],
     lambda d: d["model"].update(batch=10000000))
case("huge-update", ["/layers/2/update_ms/server: must be at most 1e9 ms (1e+200)"],
     lambda d: d["layers"][2].update(update_ms={"phone": 0.1, "server": 1e200}))
# Long strings are refused by length before anything else looks at them.
case("long-layer-id", ["/layers/0/id: is 5000 bytes long; at most 1024 are allowed",
                       "/layers/1/inputs/0: unknown layer 'a'"],
     lambda d: d["layers"][0].update(id="x" * 5000))
case("long-machine-label", ["/machines/1/label: is 2000 bytes long; at most 1024 are allowed"],
     lambda d: d["machines"][1].update(label="\u00e9" * 1000))
case("long-source", ["/model/source: is 70000 bytes long; at most 65536 are allowed"],
     lambda d: d["model"].update(source="s" * 70000))
case("long-unknown-machine", ["/layers/0/forward_ms/mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm...: unknown machine 'mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm...'"],
     lambda d: d["layers"][0]["forward_ms"].update({"m" * 3000: 1}))
non_utf8 = json.dumps(base).replace('"name": "bad"', '"name": "b\udcffd"')

for name, (text, expected) in cases.items():
    with open(os.path.join(here, name + ".json"), "w") as f:
        f.write(text)
    with open(os.path.join(here, name + ".expected"), "w") as f:
        f.write("\n".join(expected) + "\n")
print(len(cases), "bad profiles written")
