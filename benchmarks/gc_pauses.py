"""Garbage-collector pauses while the roll route meets commands it has never seen, default vs tuned.

Each request parses a new command (so the parse cache keeps churning), rolls it and encodes the
answer as the /v2 route does. ``gc.callbacks`` times every collection; the per-request latency
percentiles include those pauses. Times are the thread's CPU time, so that other programs on a busy
machine do not show up as pauses. **default** runs with Python's collector settings; **tuned** first
calls :func:`meikyu.api.heap.settle_heap` as ``meikyu serve`` does at start-up. Each runs in its own
fresh process, the server's imports loaded first and the first ``--warm`` requests (first-use imports)
left out, so both start from the same heap. ``--baseline SRC`` runs the same two modes again with
another source tree first on the path (e.g. ``git archive`` of an earlier commit), for a before/after
in one run.

    python benchmarks/gc_pauses.py [--requests 200000] [--baseline /tmp/before/src]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

CHILD = r"""
import gc, json, resource, sys, time
import meikyu, meikyu.api.app, meikyu.api.v2  # the server's imports: the heap a serving process has
from meikyu.api.app import create_app
from meikyu.api.config import ApiConfig
create_app(ApiConfig())
mode, requests, warm = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if mode == "tuned":
    from meikyu.api.heap import settle_heap
    settle_heap()
pauses = {0: [], 1: [], 2: []}
started = [0.0]
def watch(phase, info):
    if phase == "start":
        started[0] = time.thread_time()
    elif measuring:
        pauses[info["generation"]].append(time.thread_time() - started[0])
gc.callbacks.append(watch)
latencies = []
measuring = False
for i in range(-warm, requests):
    measuring = i >= 0
    command = f"{2 + i % 7}D{6 + i % 5}+{i}>={i % 13 + 1}" if i % 2 else f"{2 + i % 3}MK+{i % 9}>={i % 11 + 2} n{i}"
    system = "DiceBot" if i % 2 else "MeikyuKingdom"
    t = time.thread_time()
    result = meikyu.roll(command, system=system)
    json.dumps(result.to_json(), ensure_ascii=False)
    if measuring:
        latencies.append(time.thread_time() - t)
every = sorted(pauses[0] + pauses[1] + pauses[2])
order = list(latencies)
latencies.sort()
def pct(p):
    return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000
print(json.dumps({"p50": pct(0.5), "p99": pct(0.99), "p999": pct(0.999), "max": latencies[-1] * 1000,
                  "gen2": len(pauses[2]), "gen2_max": max(pauses[2], default=0) * 1000,
                  "young_max": max(pauses[0] + pauses[1], default=0) * 1000,
                  "pause_p999": every[min(len(every) - 1, int(0.999 * len(every)))] * 1000 if every else 0.0,
                  "pause_max": every[-1] * 1000 if every else 0.0, "passes": len(every),
                  "slowest": max(range(len(order)), key=order.__getitem__),
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=200_000)
    parser.add_argument("--warm", type=int, default=1_000, help="requests first, left out of the figures")
    parser.add_argument("--baseline", help="another source tree to run the same modes with, first")
    args = parser.parse_args()
    print(f"{args.requests:,} never-repeated commands, in-process, after {args.warm:,} left out (ms of CPU)")
    print(f"{'':17} {'p50':>6} {'p99':>6} {'p99.9':>6} {'max':>6} {'passes':>7} {'pause p99.9':>11} "
          f"{'pause max':>9} {'gen-2 runs':>10} {'gen-2 max':>9} {'peak RSS':>8}")
    trees = ([("before", args.baseline)] if args.baseline else []) + [("now", None)]
    for label, tree in trees:
        env = dict(os.environ)
        if tree:
            env["PYTHONPATH"] = tree
        for mode in ("default", "tuned"):
            out = subprocess.run([sys.executable, "-c", CHILD, mode, str(args.requests), str(args.warm)],
                                 capture_output=True, text=True, check=True, env=env)
            r = json.loads(out.stdout)
            print(f"{label + ' ' + mode:17} {r['p50']:6.3f} {r['p99']:6.3f} {r['p999']:6.3f} {r['max']:6.1f} "
                  f"{r['passes']:7d} {r['pause_p999']:11.2f} {r['pause_max']:9.2f} {r['gen2']:10d} "
                  f"{r['gen2_max']:9.1f} {r['rss_mb']:6.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
