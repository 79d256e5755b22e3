"""Garbage-collector pauses while the roll route meets commands it has never seen, default vs tuned.

Each request parses a new command (so the parse cache keeps churning), rolls it and encodes the
answer as the /v2 route does. ``gc.callbacks`` times every collection; the per-request latency
percentiles include those pauses. Times are the thread's CPU time, so that other programs on a busy
machine do not show up as pauses. **default** runs with Python's collector settings; **tuned** first
calls :func:`meikyu.api.heap.settle_heap` as ``meikyu serve`` does at start-up. Each runs in its own
fresh process, the server's imports loaded first, so both start from the same heap.

    python benchmarks/gc_pauses.py [--requests 200000]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

CHILD = r"""
import gc, json, resource, sys, time
import meikyu, meikyu.api.app, meikyu.api.v2  # the server's imports: the heap a serving process has
from meikyu.api.app import create_app
from meikyu.api.config import ApiConfig
create_app(ApiConfig())
mode, requests = sys.argv[1], int(sys.argv[2])
if mode == "tuned":
    from meikyu.api.heap import settle_heap
    settle_heap()
pauses = {0: [], 1: [], 2: []}
started = [0.0]
def watch(phase, info):
    if phase == "start":
        started[0] = time.thread_time()
    else:
        pauses[info["generation"]].append(time.thread_time() - started[0])
gc.callbacks.append(watch)
latencies = []
for i in range(requests):
    command = f"{2 + i % 7}D{6 + i % 5}+{i}>={i % 13 + 1}" if i % 2 else f"{2 + i % 3}MK+{i % 9}>={i % 11 + 2} n{i}"
    system = "DiceBot" if i % 2 else "MeikyuKingdom"
    t = time.thread_time()
    result = meikyu.roll(command, system=system)
    json.dumps(result.to_json(), ensure_ascii=False)
    latencies.append(time.thread_time() - t)
order = list(latencies)
latencies.sort()
def pct(p):
    return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000
print(json.dumps({"p50": pct(0.5), "p99": pct(0.99), "p999": pct(0.999), "max": latencies[-1] * 1000,
                  "gen2": len(pauses[2]), "gen2_max": max(pauses[2], default=0) * 1000,
                  "young_max": max(pauses[0] + pauses[1], default=0) * 1000,
                  "slowest": max(range(len(order)), key=order.__getitem__),
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=200_000)
    args = parser.parse_args()
    print(f"{args.requests:,} never-repeated commands, in-process (ms)")
    print(f"{'':8} {'p50':>7} {'p99':>7} {'p99.9':>7} {'max':>7} {'gen-2 runs':>10} {'gen-2 max':>10}")
    for mode in ("default", "tuned"):
        out = subprocess.run([sys.executable, "-c", CHILD, mode, str(args.requests)],
                             capture_output=True, text=True, check=True)
        r = json.loads(out.stdout)
        print(f"{mode:8} {r['p50']:7.3f} {r['p99']:7.3f} {r['p999']:7.3f} {r['max']:7.1f} {r['gen2']:10d} {r['gen2_max']:10.1f}"
              f"   (young passes at most {r['young_max']:.1f} ms; slowest request #{r['slowest']}; peak RSS {r['rss_mb']:.0f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
