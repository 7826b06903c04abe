#!/usr/bin/env python3
"""Times PipeDream's own optimizer and `cutlab-cli train --cluster --cost-model pipedream` on
the same profiles and configurations, and prints both answers and both wall times.

  tests/bench/bench_cluster.py CUTLAB_CLI PIPEDREAM_CHECKOUT [GRAPH_DIR...] [--timeout S]
                               [--cluster CLUSTER]

GRAPH_DIR holds PipeDream graph.txt profiles named <model>.txt (default tests/data/pipedream);
each is imported with `cutlab-cli import` first. PIPEDREAM_CHECKOUT holds optimizer/ and graph/
of msr-fiddle/pipedream (Debian's python3-numpy and python3-graphviz). A run over the timeout
(default 300 s) is printed as such. --cluster keeps only that configuration (one of CONFIGS).
"""
import os
import re
import subprocess
import sys
import tempfile
import time

CONFIGS = [  # (PipeDream's -n and -b, CutLab's --cluster)
    ("-n 4 -b 1e9", "gpu:4@8000"),
    ("-n 16 -b 1e9", "gpu:16@8000"),
    ("-n 4 4 -b 1e10 1e8", "gpu:4@80000,4@800"),
    ("-n 8 2 -b 1.25e10 1.25e9", "gpu:8@100000,2@10000"),
]


def timed(command, timeout, cwd=None):
    started = time.monotonic()
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, timeout
    return done, time.monotonic() - started


def main():
    args = sys.argv[1:]
    timeout = 300.0
    if "--timeout" in args:
        at = args.index("--timeout")
        timeout = float(args[at + 1])
        del args[at:at + 2]
    configs = CONFIGS
    if "--cluster" in args:
        at = args.index("--cluster")
        configs = [config for config in CONFIGS if config[1] == args[at + 1]]
        del args[at:at + 2]
    if len(args) < 2 or not configs:
        sys.exit(__doc__)
    cli, checkout = os.path.abspath(args[0]), os.path.abspath(args[1])
    folders = args[2:] or [os.path.join(os.path.dirname(__file__), "..", "data", "pipedream")]
    work = tempfile.mkdtemp(prefix="bench-cluster-")
    print(f"{'model':14} {'configuration':24} {'peer ms':>14} {'peer s':>8} "
          f"{'CutLab ms':>14} {'CutLab s':>9}")
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".txt"):
                continue
            graph = os.path.abspath(os.path.join(folder, name))
            profile = os.path.join(work, name[:-4] + ".json")
            subprocess.run([cli, "import", graph, "-o", profile], check=True, capture_output=True)
            for peer_args, cluster in configs:
                peer, peer_s = timed([sys.executable, "optimizer_graph_hierarchical.py", "-f",
                                      graph] + peer_args.split(), timeout,
                                     cwd=os.path.join(checkout, "optimizer"))
                found = peer and re.search(r"Time per stage in pipeline: (\S+)", peer.stdout)
                peer_ms = f"{float(found.group(1)) * 1000:.6f}" if found else (
                    "over timeout" if peer is None else "crashed")
                ours, ours_s = timed([cli, "train", profile, "--planner", "pipeline", "--cluster",
                                      cluster, "--cost-model", "pipedream", "--json"], timeout)
                found = ours and re.search(r'"bottleneck_ms": ([0-9.e+-]+)', ours.stdout)
                ours_ms = f"{float(found.group(1)):.6f}" if found else (
                    "over timeout" if ours is None else "refused")
                print(f"{name[:-4]:14} {cluster:24} {peer_ms:>14} {peer_s:8.2f} "
                      f"{ours_ms:>14} {ours_s:9.2f}", flush=True)


if __name__ == "__main__":
    main()
