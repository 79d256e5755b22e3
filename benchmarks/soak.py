"""Memory under a flood of distinct requests: RSS stays flat (issue 16 §2).

Each request is a different roll query answered through the server's hot path
(:class:`meikyu.api.fast.FastRoll`, which parses, rolls, renders and encodes): small MK checks with
every modifier and target and a numbered comment (4,000 parsed commands, each with its own result
memo, each rolled again and again so that every memo fills),
big sums such as ``1000D10000`` (a new result each time), and plain sums. The baseline in the same run
is the same number of requests repeating one query, which warms every cache once and then reuses it.

    python benchmarks/soak.py [--requests 1000000]

Prints RSS (MiB) after each fifth of the run for both, and the growth from the first fifth to the end.
"""

from __future__ import annotations

import argparse
import gc
import os
import urllib.parse


def rss_mib() -> float:
    with open(f"/proc/{os.getpid()}/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / (1 << 20)


def query(i: int) -> bytes:
    kind = i % 10
    if kind == 0:
        command = f"{1 + i % 1000}D{2 + i % 9999}" if i % 100 == 0 else f"{1 + i % 20}D{2 + i % 9999}"
    elif kind == 1:
        command = f"{1 + i % 50}D6+{i % 97}"
    else:  # 4,000 distinct checks (the parse cache holds 4,096), each rolled again and again
        j = i % 4000
        command = f"3MK+{j % 41 - 20}>={2 + j % 37} #{j}"
    lang = ("ko", "ja", "en")[i % 3]
    return urllib.parse.urlencode({"command": command, "lang": lang}).encode()


def soak(requests: int, varied: bool = True, samples: int = 5) -> list[float]:
    """RSS after each of ``samples`` equal parts of ``requests`` requests (distinct ones if ``varied``)."""
    from meikyu.api.fast import FastRoll

    fast = FastRoll(max_fields=64)
    path = "/v2/game_system/MeikyuKingdom/roll"
    out = []
    step = max(1, requests // samples)
    for i in range(requests):
        fast.body(path, query(i if varied else 2))
        if (i + 1) % step == 0:
            gc.collect()
            out.append(rss_mib())
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=1_000_000)
    args = parser.parse_args()
    base = soak(args.requests, varied=False)
    varied = soak(args.requests, varied=True)
    print(f"{args.requests} requests; RSS in MiB after each fifth")
    print("repeating one query (baseline): " + " ".join(f"{x:.0f}" for x in base))
    print("distinct queries:               " + " ".join(f"{x:.0f}" for x in varied))
    print(f"growth from the first fifth to the end: baseline {base[-1] - base[0]:+.1f} MiB, "
          f"distinct {varied[-1] - varied[0]:+.1f} MiB")


if __name__ == "__main__":
    main()
