"""The floor under any pure-Python scan of a gamebook fight's table: one fixed-point worth per (state, attack).

For the benchmark's fight (Shin 12 hits against three 6-hit enemies, whose hits go 6 → 5 → 4 → 3 → 0 under
Shin's kill 3: 1,488 states), every state and every attack after an exchange's first takes the best of the
standing targets, ``m + a·(hit − m) // base`` with ``hit`` the struck state's worth one attack later — the step
every exact method has to take per (state, attack), here with nothing else: no self-loop (policy iteration),
no escape decision, no exact pass, no bookkeeping. What it costs is a lower bound on what the real solver
(``meikyu.systems.gamebook.odds_dp``) can cost in CPython.

    python benchmarks/gamebook_floor.py [--extra 0 1 2 6] [--rounds 5]

Prints the median CPU ms per size; under ``valgrind --tool=callgrind`` with ``--rounds 1`` (minus a run with
``--rounds 0``) it gives the instruction count BENCHMARKS.md quotes.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time

HITS = [0, 3, 4, 5, 6]  # an enemy's hits, lowest first: each one's struck value is the one before
HIT = [33, 33, 30]  # the three enemies' hit weights over the base (2D6 + 5 against defense 9, 9, 10)
BASE = 36
SHIN = 12
ONE = 1 << 320  # the solver's fixed point


def scan(attacks: int) -> dict[tuple[int, ...], list[list[tuple[int, int]]]]:
    """Every state's worths by attacks left (non-win, escape), lowest hits first."""
    rows: dict[tuple[int, ...], list[list[tuple[int, int]]]] = {}
    for e in itertools.product(HITS, repeat=3):
        alive = [t for t in range(3) if e[t]]
        if not alive:
            continue
        struck = []
        for t in alive:
            lower = e[:t] + (HITS[HITS.index(e[t]) - 1],) + e[t + 1:]
            struck.append((HIT[t], rows.get(lower)))  # None: that hit wins
        per_s = []
        for s in range(1, SHIN + 1):
            mu, mx = ONE // 3 + s, ONE // 7 + s  # stands in for the enemies' half
            row = [(mu, mx)]
            for left in range(attacks - 1):
                best_d = best_a = best_x = None
                for a, r in struck:
                    hu, hx = r[s - 1][left] if r else (0, 0)
                    d = a * (hu - mu)
                    if best_d is None or d < best_d:
                        best_d, best_a, best_x = d, a, hx
                assert best_d is not None and best_a is not None and best_x is not None
                mu, mx = mu + best_d // BASE, mx + best_a * (best_x - mx) // BASE
                row.append((mu, mx))
            per_s.append(row)
        rows[e] = per_s
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--extra", type=int, nargs="+", default=[0, 1, 2, 6])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for extra in args.extra:
        times = []
        for _ in range(args.rounds):
            start = time.process_time()
            scan(extra + 1)
            times.append(time.process_time() - start)
        if times:
            print(f"{extra} extra attacks: {statistics.median(times) * 1000:.2f} ms of CPU (median of {args.rounds})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
