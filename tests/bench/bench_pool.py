#!/usr/bin/python3
"""Time `cutlab-cli train --cluster` with CutLab's cost model on synthetic chains.

usage: bench_pool.py CUTLAB_CLI [--blocks 20,60,99,141]

Each chain has B layers (B blocks) and three machine types; every run plans the pool
pi:6@100,nano:5@1000,gpu:5@1000 on the 4g network, without a memory and with memories that
bind (16 micro-batches in both). Prints the bottleneck, whether it is exact, and the wall time.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time


def chain(blocks, path):
    random.seed(blocks)
    layers = []
    for i in range(blocks):
        layer = {
            "id": f"L{i}", "type": "Conv",
            "output_bytes": random.randint(1000, 200000),
            "param_bytes": random.randint(0, 2000000),
            "forward_ms": {"pi": random.uniform(5, 50), "nano": random.uniform(2, 20),
                           "gpu": random.uniform(0.1, 1)},
            "backward_ms": {"pi": random.uniform(10, 100), "nano": random.uniform(4, 40),
                            "gpu": random.uniform(0.2, 2)},
        }
        if i > 0:
            layer["inputs"] = [f"L{i - 1}"]
        layers.append(layer)
    profile = {"format": "cutlab-profile", "version": 1,
               "model": {"name": f"chain{blocks}", "input_bytes": 150528, "batch": 8},
               "machines": [{"id": "pi", "tier": "device"}, {"id": "nano", "tier": "edge"},
                            {"id": "gpu", "tier": "cloud"}],
               "layers": layers}
    with open(path, "w") as out:
        json.dump(profile, out)


def run(cli, path, extra):
    command = [cli, "train", path, "--planner", "pipeline", "--cluster",
               "pi:6@100,nano:5@1000,gpu:5@1000", "--network", "4g", "--json"] + extra
    start = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if done.returncode != 0:
        return f"exit {done.returncode}", seconds
    plan = json.loads(done.stdout)
    exact = "exact" if plan["exact"] else f"bound {plan['lower_bound_ms']:.3f}"
    return f"{plan['bottleneck_ms']:.3f} ms ({exact})", seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cli")
    parser.add_argument("--blocks", default="20,60,99,141")
    args = parser.parse_args()
    batches = ["--micro-batches", "16"]
    memory = ["--memory", "pi=40MB,nano=120MB"] + batches
    print("| blocks | memory | bottleneck | time |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for blocks in [int(b) for b in args.blocks.split(",")]:
            path = os.path.join(folder, f"chain{blocks}.json")
            chain(blocks, path)
            for label, extra in (("none", batches), ("binding", memory)):
                answer, seconds = run(args.cli, path, extra)
                print(f"| {blocks} | {label} | {answer} | {seconds:.2f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
