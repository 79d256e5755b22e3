"""Exact gamebook combat odds beside a naive Monte Carlo estimate of the same fight, in one run.

The fight: Shin (attack 5, kill 3, defense 5, hits 12) against three enemies with 10 hits each
(R-GB-14). **exact** solves it with ``combat_odds`` — dynamic programming over (Shin's hits, each
enemy's hits) with the "nothing happened" self-loop divided out, exact fractions; **exact+escape**
adds the escape decision (R-GB-15); **monte carlo** plays 10,000 fights through the real combat
functions (``combat.attack``), always hitting the first standing enemy. Rounds are interleaved and
the median is reported, so machine load hits all runs alike.

    python benchmarks/gamebook_odds.py [--rounds 5] [--fights 10000]
"""

from __future__ import annotations

import argparse
import statistics
import time

from meikyu.dice import RandomDice
from meikyu.systems.gamebook.combat import attack, start_combat
from meikyu.systems.gamebook.fighters import Enemy, Fighter
from meikyu.systems.gamebook.odds import combat_odds

SHIN = Fighter(attack=5, kill=3, defense=5, hits=12)
FOES = (Enemy(11, 2, 9, 10), Enemy(12, 3, 9, 10), Enemy(10, 1, 10, 10))


def exact(escape: bool) -> tuple[float, float]:
    t0 = time.perf_counter()
    odds = combat_odds(SHIN, FOES, escape=escape)
    return time.perf_counter() - t0, float(odds.win)


def monte_carlo(fights: int, seed: int) -> tuple[float, float]:
    dice = RandomDice(seed)
    t0 = time.perf_counter()
    wins = 0
    for _ in range(fights):
        cs = start_combat(FOES, SHIN.hits, escape=False, abilities=False)
        while not cs.outcome:
            cs, _ = attack(cs, SHIN, cs.standing()[0], dice)
        wins += cs.outcome == "win"
    return time.perf_counter() - t0, wins / fights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--fights", type=int, default=10_000)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"exact": [], "exact+escape": [], "monte carlo": []}
    win_exact = win_mc = 0.0
    for r in range(args.rounds):
        t, win_exact = exact(False)
        times["exact"].append(t)
        t, _ = exact(True)
        times["exact+escape"].append(t)
        t, win_mc = monte_carlo(args.fights, seed=r)
        times["monte carlo"].append(t)
    base = statistics.median(times["monte carlo"])
    print(f"Shin 5/3/5 hits 12 vs 3 enemies x 10 hits; {args.rounds} rounds, median seconds")
    for name, values in times.items():
        med = statistics.median(values)
        print(f"  {name:13} {med:8.3f} s   {med / base:6.2f}x the Monte Carlo time")
    print(f"  P(win) exact {win_exact:.6f}; Monte Carlo ({args.fights} fights, first-target rule) {win_mc:.4f}")


if __name__ == "__main__":
    main()
