#!/usr/bin/python3
"""Tests of tools/cutlab-run-split: a plan run for real, one process per stage, the plan's network
emulated, a `cutlab-run` file written (docs/formats.md §3.2).

Run with Debian's Python (python3-torch): /usr/bin/python3 -m unittest -v
tests/tools/test_run_split.py, or tests/tools/run_torch_tests.sh. CUTLAB_CLI = path of a built
cutlab-cli: one plan is also made by `cutlab-cli plan --cuts ... --json` (skipped with a message
when unset).
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "tools", "cutlab-run-split")
PROFILER = os.path.join(ROOT, "tools", "cutlab-profile-torch")
PYTHON = sys.executable

try:
    import torch  # noqa: F401
    TORCH_MISSING = None
except ImportError as error:
    TORCH_MISSING = ("PyTorch is not importable by %s (%s): the run-split tests need Debian's "
                     "python3-torch; run them with /usr/bin/python3" % (PYTHON, error))

LENET5_LAYERS = ["conv1", "act1", "pool1", "conv2", "act2", "pool2", "fc1", "act3", "fc2",
                 "act4", "fc3"]
POOL2_BYTES = 16 * 5 * 5 * 4  # what crosses after pool2: 16x5x5 float32, flattened
INPUT_BYTES = 1 * 32 * 32 * 4
OUTPUT_BYTES = 10 * 4
LINKS = [{"from": "device", "to": "cloud", "bandwidth_mbps": 2, "latency_ms": 5},
         {"from": "device", "to": "edge", "bandwidth_mbps": 20, "latency_ms": 2},
         {"from": "edge", "to": "cloud", "bandwidth_mbps": None, "latency_ms": 1}]

USER_MODELS = """import sys
import torch
import torch.nn.functional as F
class Pooled(torch.nn.Module):
    # functional pooling and flatten between conv and fc: 8 floats cross, not 8x8x8
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.fc = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.fc(F.adaptive_avg_pool2d(self.conv(x), 1).flatten(1))
class Branchy(torch.nn.Module):
    # control flow on a value: torch.fx cannot trace it
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(8, 8)
    def forward(self, x):
        return self.a(x) if x.sum() > 0 else x
class Crash(torch.nn.Module):
    # fails in the child processes only (the head runs it once to find the layers)
    def forward(self, x):
        if "--serve-stage" in sys.argv:
            raise RuntimeError("boom in the second stage")
        return x
class Crashing(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(8, 8)
        self.b = Crash()
    def forward(self, x):
        return self.b(self.a(x))
"""


def run(*command, timeout=120):
    return subprocess.run([PYTHON] + list(command), capture_output=True, text=True,
                          timeout=timeout)


def cutlab_cli():
    path = os.environ.get("CUTLAB_CLI")
    return path if path and os.path.isfile(path) else None


def stage(machine, tier, layers):
    return {"tier": tier, "machine": machine, "first_layer": layers[0],
            "last_layer": layers[-1], "layers": layers, "compute_ms": 0.1}


def transfer(sender, receiver, after, size, ms):
    return {"from": sender, "to": receiver, "after_layer": after, "bytes": size, "ms": ms,
            "latency_ms": 0}


def plan_document(model, stages, transfers, origin="dev"):
    """A cutlab-plan (formats.md §3) written by hand."""
    return {"format": "cutlab-plan", "version": 1, "kind": "inference", "model": model,
            "planner": "manual", "network": {"name": "test links", "links": LINKS},
            "input_bytes": INPUT_BYTES,
            "plans": [{"rank": 1, "total_ms": 12.0, "compute_ms": 0.5, "transfer_ms": 11.5,
                       "transfer_bytes": sum(t["bytes"] for t in transfers), "origin": origin,
                       "stages": stages, "transfers": transfers}]}


def lenet5_two_stages():
    """dev runs conv1 .. pool2, cloud fc1 .. fc3; 2 Mbit/s, 5 ms between them."""
    return plan_document("lenet5", [stage("dev", "device", LENET5_LAYERS[:6]),
                                    stage("cloud", "cloud", LENET5_LAYERS[6:])],
                         [transfer("dev", "cloud", "pool2", POOL2_BYTES, 11.4)])


class Workspace:
    """A temporary folder with plan files and runs of the tool."""

    def __init__(self):
        self.directory = tempfile.TemporaryDirectory()

    def path(self, name):
        return os.path.join(self.directory.name, name)

    def write_plan(self, name, document):
        with open(self.path(name), "w", encoding="utf-8") as f:
            json.dump(document, f)
        return self.path(name)

    def run(self, model, plan, out, *extra):
        result = run(RUNNER, model, plan, "-o", self.path(out), *extra)
        document = None
        if result.returncode == 0:
            with open(self.path(out), encoding="utf-8") as f:
                document = json.load(f)
        return result, document


def transfer_floor_ms(size, mbps, latency_ms):
    return size * 8 / (mbps * 1000) + latency_ms


@unittest.skipIf(TORCH_MISSING, TORCH_MISSING)
class LeNet5TwoMachines(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = Workspace()
        cls.plan = cls.work.write_plan("plan.json", lenet5_two_stages())
        cls.result, cls.run_file = cls.work.run("lenet5", cls.plan, "run.json", "--frames", "8",
                                                "--warmup", "2")
        cls.slow_result, cls.slow_file = cls.work.run("lenet5", cls.plan, "slow.json",
                                                      "--frames", "5", "--slowdown", "dev=3")

    @classmethod
    def tearDownClass(cls):
        cls.work.directory.cleanup()

    def test_runs(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        self.assertEqual(self.slow_result.returncode, 0, self.slow_result.stderr)

    def test_contract_fields(self):
        run_file = self.run_file
        self.assertEqual((run_file["format"], run_file["version"]), ("cutlab-run", 1))
        self.assertEqual(run_file["model"], "lenet5")
        self.assertEqual(run_file["plan"], {"file": self.plan, "rank": 1, "planner": "manual",
                                            "total_ms": 12.0, "network": "test links"})
        setup = run_file["setup"]
        for key in ("cpu", "host", "torch", "date"):
            self.assertIsInstance(setup[key], str, key)
        self.assertRegex(setup["date"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
        self.assertEqual((setup["frames"], setup["warmup"], setup["threads"]), (8, 2, 1))
        self.assertEqual(len(setup["load_average"]), 2)
        self.assertEqual(setup["slowdown"], {})
        self.assertEqual(setup["limits"], "plan network")
        self.assertEqual(setup["links"], [{"from": "dev", "to": "cloud", "bandwidth_mbps": 2,
                                           "latency_ms": 5}])

    def test_frames_follow_the_plan(self):
        frames = self.run_file["frames"]
        self.assertEqual([frame["index"] for frame in frames], list(range(8)))
        for frame in frames:
            self.assertEqual([(s["machine"], s["first_layer"], s["last_layer"])
                              for s in frame["segments"]],
                             [("dev", "conv1", "pool2"), ("cloud", "fc1", "fc3")])
            self.assertEqual([(t["from"], t["to"], t["after_layer"]) for t in frame["transfers"]],
                             [("dev", "cloud", "pool2")])
            for segment in frame["segments"]:
                self.assertGreater(segment["compute_ms"], 0)
                self.assertNotIn("unslowed_ms", segment)

    def test_bytes_are_the_crossing_tensor(self):
        for frame in self.run_file["frames"]:
            self.assertEqual(frame["transfers"][0]["bytes"], POOL2_BYTES)
            self.assertEqual(frame["transfers"][0]["plan_bytes"], POOL2_BYTES)

    def test_transfers_take_the_link_time(self):
        floor = transfer_floor_ms(POOL2_BYTES, 2, 5)  # 6.4 ms at 2 Mbit/s, plus 5 ms
        for frame in self.run_file["frames"]:
            self.assertGreaterEqual(frame["transfers"][0]["ms"], floor)
            self.assertLessEqual(frame["transfers"][0]["ms"], 3 * floor + 50)

    def test_end_to_end_holds_every_part(self):
        for run_file in (self.run_file, self.slow_file):
            for frame in run_file["frames"]:
                parts = sum(s["compute_ms"] for s in frame["segments"]) + sum(
                    t["ms"] for t in frame["transfers"])
                self.assertGreaterEqual(frame["end_to_end_ms"], parts - 1, frame)

    def test_summary_on_stdout(self):
        out = self.result.stdout
        self.assertIn("segment  dev [conv1 .. pool2]", out)
        self.assertIn("transfer dev -> cloud after pool2", out)
        self.assertIn("%d bytes (plan %d)" % (POOL2_BYTES, POOL2_BYTES), out)
        self.assertIn("end to end", out)

    def test_slowdown(self):
        self.assertEqual(self.slow_file["setup"]["slowdown"], {"dev": 3})
        for frame in self.slow_file["frames"]:
            dev, cloud = frame["segments"]
            self.assertAlmostEqual(dev["compute_ms"], 3 * dev["unslowed_ms"], delta=1e-3)
            self.assertNotIn("unslowed_ms", cloud)
        slowed = statistics.median(f["segments"][0]["compute_ms"] for f in self.slow_file["frames"])
        measured = statistics.median(f["segments"][0]["unslowed_ms"]
                                     for f in self.slow_file["frames"])
        self.assertGreaterEqual(slowed, 2.5 * measured)


@unittest.skipIf(TORCH_MISSING, TORCH_MISSING)
class Links(unittest.TestCase):
    """--bandwidth-mbps/--latency-ms replace every link's values; the input travels from an
    origin that runs no layer, and a returned result goes back to it."""

    @classmethod
    def setUpClass(cls):
        cls.work = Workspace()

    @classmethod
    def tearDownClass(cls):
        cls.work.directory.cleanup()

    def test_overrides(self):
        plan = self.work.write_plan("plan.json", lenet5_two_stages())
        result, run_file = self.work.run("lenet5", plan, "fast.json", "--frames", "3",
                                         "--bandwidth-mbps", "8", "--latency-ms", "1")
        self.assertEqual(result.returncode, 0, result.stderr)
        setup = run_file["setup"]
        self.assertEqual(setup["limits"], "--bandwidth-mbps 8 --latency-ms 1")
        self.assertEqual(setup["links"], [{"from": "dev", "to": "cloud", "bandwidth_mbps": 8,
                                           "latency_ms": 1}])
        floor = transfer_floor_ms(POOL2_BYTES, 8, 1)
        for frame in run_file["frames"]:
            self.assertGreaterEqual(frame["transfers"][0]["ms"], floor)
            self.assertLess(frame["transfers"][0]["ms"], transfer_floor_ms(POOL2_BYTES, 2, 5))

    def test_input_and_result_travel(self):
        # dev holds the input, edge e runs conv1..pool2, cloud c the rest, back to dev
        document = plan_document("lenet5", [stage("e", "edge", LENET5_LAYERS[:6]),
                                            stage("c", "cloud", LENET5_LAYERS[6:])],
                                 [transfer("dev", "e", None, INPUT_BYTES, 3.6),
                                  transfer("e", "c", "pool2", POOL2_BYTES, 1.0),
                                  transfer("c", "dev", "fc3", OUTPUT_BYTES, 3.0)])
        plan = self.work.write_plan("chain.json", document)
        result, run_file = self.work.run("lenet5", plan, "chain-run.json", "--frames", "3",
                                         "--warmup", "1")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual([(l["from"], l["to"], l["bandwidth_mbps"], l["latency_ms"])
                          for l in run_file["setup"]["links"]],
                         [("dev", "e", 20, 2), ("e", "c", None, 1), ("c", "dev", 2, 5)])
        floors = [transfer_floor_ms(INPUT_BYTES, 20, 2), 1,
                  transfer_floor_ms(OUTPUT_BYTES, 2, 5)]
        for frame in run_file["frames"]:
            self.assertEqual([(t["after_layer"], t["bytes"]) for t in frame["transfers"]],
                             [(None, INPUT_BYTES), ("pool2", POOL2_BYTES),
                              ("fc3", OUTPUT_BYTES)])
            for moved, floor in zip(frame["transfers"], floors):
                self.assertGreaterEqual(moved["ms"], floor)
            self.assertGreaterEqual(frame["end_to_end_ms"], sum(floors))


@unittest.skipIf(TORCH_MISSING, TORCH_MISSING)
class AProcessJoinsFromAnotherMachine(unittest.TestCase):
    """--remote e: the head does not start e's process but waits for one started with --join
    HOST:PORT (here on the same machine, through 127.0.0.1); the run is the same plan's, its
    times on the head's clock."""

    def setUp(self):
        self.work = Workspace()

    def tearDown(self):
        self.work.directory.cleanup()

    def chain_plan(self):
        document = plan_document("lenet5", [stage("e", "edge", LENET5_LAYERS[:6]),
                                            stage("c", "cloud", LENET5_LAYERS[6:])],
                                 [transfer("dev", "e", None, INPUT_BYTES, 3.6),
                                  transfer("e", "c", "pool2", POOL2_BYTES, 1.0),
                                  transfer("c", "dev", "fc3", OUTPUT_BYTES, 3.0)])
        return self.work.write_plan("chain.json", document)

    def test_joined_run(self):
        out = self.work.path("joined.json")
        head = subprocess.Popen([PYTHON, RUNNER, "lenet5", self.chain_plan(), "-o", out,
                                 "--frames", "3", "--warmup", "1", "--remote", "e",
                                 "--listen", "127.0.0.1"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        port = None
        for line in head.stderr:
            if "--join THIS_HOST:" in line:
                port = int(line.rsplit(":", 1)[1])
                break
        self.assertIsNotNone(port, "the head printed no --join command")
        joined = run(RUNNER, "--join", "127.0.0.1:%d" % port)
        _, errors = head.communicate(timeout=120)
        self.assertEqual(joined.returncode, 0, joined.stderr)
        self.assertEqual(head.returncode, 0, errors)
        with open(out, encoding="utf-8") as f:
            run_file = json.load(f)
        remote = run_file["setup"]["remote"]
        self.assertEqual([(r["machine"], r["host"]) for r in remote], [("e", "127.0.0.1")])
        # one machine, one clock: the estimated offset is 0 within its uncertainty
        self.assertLessEqual(abs(remote[0]["clock_offset_ms"]), remote[0]["uncertainty_ms"] + 0.5)
        floors = [transfer_floor_ms(INPUT_BYTES, 20, 2), 1, transfer_floor_ms(OUTPUT_BYTES, 2, 5)]
        for frame in run_file["frames"]:
            self.assertEqual([s["machine"] for s in frame["segments"]], ["e", "c"])
            for moved, floor in zip(frame["transfers"], floors):
                self.assertGreaterEqual(moved["ms"], floor - 0.5)
            self.assertGreaterEqual(frame["end_to_end_ms"], sum(floors) - 0.5)

    def test_refusals(self):
        plan = self.chain_plan()
        for options, message in ((["--remote", "dev"], "holds the input"),
                                 (["--remote", "moon"], "'moon' is not a machine of the plan")):
            result, _ = self.work.run("lenet5", plan, "never.json", *options)
            self.assertEqual(result.returncode, 2, result.stderr)
            self.assertIn(message, result.stderr)
            self.assertFalse(os.path.exists(self.work.path("never.json")))
        result = run(RUNNER, "--join", "no-port")
        self.assertEqual(result.returncode, 2)
        self.assertIn("usage: cutlab-run-split --join HOST:PORT", result.stderr)


@unittest.skipIf(TORCH_MISSING, TORCH_MISSING)
class FunctionalCodeBetweenModules(unittest.TestCase):
    """The split after conv sends what fc receives (pooled and flattened: 8 floats), as the
    profiler counts it, not conv's 8x8x8 output."""

    def test_pooled(self):
        work = Workspace()
        self.addCleanup(work.directory.cleanup)
        source = work.path("models.py")
        with open(source, "w") as f:
            f.write(USER_MODELS)
        profile_path = work.path("profile.json")
        profiled = run(PROFILER, "pooled", "--module", source + ":Pooled", "--input", "1,3,8,8",
                       "-o", profile_path, "--machine-id", "dev", "--tier", "device",
                       "--forward-only", "--warmup", "0", "--repeats", "1")
        self.assertEqual(profiled.returncode, 0, profiled.stderr)
        with open(profile_path) as f:
            layers = {layer["id"]: layer for layer in json.load(f)["layers"]}
        self.assertEqual(layers["conv"]["output_bytes"], 8 * 4)
        document = plan_document("pooled", [stage("dev", "device", ["conv"]),
                                            stage("cloud", "cloud", ["fc"])],
                                 [transfer("dev", "cloud", "conv",
                                           layers["conv"]["output_bytes"], 5.0)])
        plan = work.write_plan("plan.json", document)
        result, run_file = work.run("pooled", plan, "run.json", "--module", source + ":Pooled",
                                    "--input", "1,3,8,8", "--frames", "3", "--no-limit")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(run_file["setup"]["limits"], "none")
        self.assertEqual(run_file["setup"]["links"], [{"from": "dev", "to": "cloud",
                                                       "bandwidth_mbps": None,
                                                       "latency_ms": 0}])
        for frame in run_file["frames"]:
            self.assertEqual(frame["transfers"][0]["bytes"], 8 * 4)
            self.assertEqual(frame["transfers"][0]["plan_bytes"], 8 * 4)


@unittest.skipIf(TORCH_MISSING, TORCH_MISSING)
class Errors(unittest.TestCase):
    def setUp(self):
        self.work = Workspace()
        self.addCleanup(self.work.directory.cleanup)
        self.source = self.work.path("models.py")
        with open(self.source, "w") as f:
            f.write(USER_MODELS)

    def test_unknown_layer(self):
        document = json.loads(json.dumps(lenet5_two_stages()).replace('"pool2"', '"pool9"'))
        plan = self.work.write_plan("plan.json", document)
        result, _ = self.work.run("lenet5", plan, "run.json")
        self.assertEqual(result.returncode, 2)
        self.assertIn("layer 'pool9' of the plan is not a layer of lenet5", result.stderr)
        self.assertFalse(os.path.exists(self.work.path("run.json")))

    def test_output_must_be_a_regular_file(self):
        plan = self.work.write_plan("plan.json", lenet5_two_stages())
        os.mkdir(self.work.path("folder"))
        result, _ = self.work.run("lenet5", plan, "folder")
        self.assertEqual(result.returncode, 2)
        self.assertIn("not a regular file", result.stderr)

    def test_bad_plans(self):
        not_a_plan = self.work.write_plan("profile.json", {"format": "cutlab-profile"})
        result, _ = self.work.run("lenet5", not_a_plan, "run.json")
        self.assertEqual(result.returncode, 2)
        self.assertIn("not a CutLab plan", result.stderr)
        plan = self.work.write_plan("plan.json", lenet5_two_stages())
        result, _ = self.work.run("lenet5", plan, "run.json", "--rank", "2")
        self.assertEqual(result.returncode, 2)
        self.assertIn("no plan of rank 2", result.stderr)
        result, _ = self.work.run("lenet5", plan, "run.json", "--slowdown", "phone=2")
        self.assertEqual(result.returncode, 2)
        self.assertIn("'phone' is not a machine of the plan", result.stderr)

    def test_untraceable_model(self):
        document = plan_document("branchy", [stage("dev", "device", ["a"])], [])
        plan = self.work.write_plan("plan.json", document)
        result, _ = self.work.run("branchy", plan, "run.json", "--module",
                                  self.source + ":Branchy", "--input", "1,8")
        self.assertEqual(result.returncode, 2)
        self.assertIn("torch.fx cannot trace 'branchy'", result.stderr)

    def test_a_failing_process_stops_the_run(self):
        document = plan_document("crashing", [stage("dev", "device", ["a"]),
                                              stage("cloud", "cloud", ["b"])],
                                 [transfer("dev", "cloud", "a", 32, 5.0)])
        plan = self.work.write_plan("plan.json", document)
        result, _ = self.work.run("crashing", plan, "run.json", "--module",
                                  self.source + ":Crashing", "--input", "1,8")
        self.assertEqual(result.returncode, 1)
        self.assertIn("boom in the second stage", result.stderr)
        self.assertIn("the process of stage 2 (machine 'cloud', layers b .. b) ended early "
                      "with exit status 1", result.stderr)
        self.assertFalse(os.path.exists(self.work.path("run.json")))


@unittest.skipIf(TORCH_MISSING, TORCH_MISSING)
class PlanFromCutlabCli(unittest.TestCase):
    """A plan written by `cutlab-cli plan --cuts ... --json` runs as written."""

    def test_cli_plan(self):
        cli = cutlab_cli()
        if not cli:
            self.skipTest("CUTLAB_CLI is not set to a built cutlab-cli: no plan made by it "
                          "(tests/tools/run_torch_tests.sh sets it)")
        work = Workspace()
        self.addCleanup(work.directory.cleanup)
        profile = work.path("lenet5.json")
        profiled = run(PROFILER, "lenet5", "-o", profile, "--machine-id", "dev", "--tier",
                       "device", "--forward-only", "--warmup", "0", "--repeats", "1")
        self.assertEqual(profiled.returncode, 0, profiled.stderr)
        with open(profile) as f:
            document = json.load(f)
        document["machines"].append({"id": "cloud", "tier": "cloud"})
        for layer in document["layers"]:
            layer["forward_ms"]["cloud"] = layer["forward_ms"]["dev"]
            layer["forward_quartiles_ms"]["cloud"] = layer["forward_quartiles_ms"]["dev"]
        work.write_plan("lenet5.json", document)
        network = work.write_plan("net.json", {"format": "cutlab-network", "version": 1,
                                               "name": "2M", "links": LINKS[:1]})
        made = subprocess.run([cli, "plan", profile, "--network", network, "--cuts",
                               "pool2,none", "--json"], capture_output=True, text=True)
        self.assertEqual(made.returncode, 0, made.stderr)
        plan = work.path("plan.json")
        with open(plan, "w") as f:
            f.write(made.stdout)
        result, run_file = work.run("lenet5", plan, "run.json", "--frames", "3")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(run_file["plan"]["network"], "2M")
        for frame in run_file["frames"]:
            self.assertEqual(frame["transfers"][0]["bytes"], POOL2_BYTES)
            self.assertEqual(frame["transfers"][0]["plan_bytes"], POOL2_BYTES)
            self.assertGreaterEqual(frame["transfers"][0]["ms"],
                                    transfer_floor_ms(POOL2_BYTES, 2, 5))


if __name__ == "__main__":
    unittest.main()
