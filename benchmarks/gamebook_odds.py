"""Exact gamebook combat odds beside a naive Monte Carlo estimate of the same fight, in one run.

The fight: Shin (attack 5, kill 3, defense 5, hits 12) against three enemies with 10 hits each
(R-GB-14), without and with the escape decision (R-GB-15). **old** is the memoized top-down solver
(``memo_odds``), **new** the bottom-up DP (``combat_odds``: floats over every state choose the play,
exact integers follow it); both divide out the "nothing happened" self-loop and must give the same
fractions (checked on every run). **monte carlo** plays 4,000 fights through the real combat
functions (``combat.attack``), aiming where the solver advises. Rounds are interleaved and the
median is reported, so machine load hits all runs alike.

    python benchmarks/gamebook_odds.py [--rounds 5] [--fights 4000]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from meikyu.dice import RandomDice
from meikyu.systems.gamebook.combat import attack, start_combat
from meikyu.systems.gamebook.fighters import Enemy, Fighter
from meikyu.systems.gamebook.odds import CombatOdds, combat_odds, memo_odds
from meikyu.systems.gamebook.odds_dp import DpSolver

SHIN = Fighter(attack=5, kill=3, defense=5, hits=12)
FOES = (Enemy(11, 2, 9, 10), Enemy(12, 3, 9, 10), Enemy(10, 1, 10, 10))


def exact(solve: Callable[..., CombatOdds], escape: bool) -> tuple[float, CombatOdds]:
    t0 = time.perf_counter()
    odds = solve(SHIN, FOES, escape=escape)
    return time.perf_counter() - t0, odds


def monte_carlo(fights: int, seed: int) -> tuple[float, float]:
    dice = RandomDice(seed)
    solver = DpSolver(SHIN, FOES)
    t0 = time.perf_counter()
    wins = 0
    for _ in range(fights):
        cs = start_combat(FOES, SHIN.hits, escape=False, abilities=False)
        while not cs.outcome:
            left = tuple(f.left for f in cs.foes)
            target = solver.best_target(cs.hits, left, fresh=cs.exchanges == 0)
            cs, _ = attack(cs, SHIN, target, dice)
        wins += cs.outcome == "win"
    return time.perf_counter() - t0, wins / fights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--fights", type=int, default=4_000)
    args = parser.parse_args()
    times: dict[str, list[float]] = {k: [] for k in ("old", "new", "old+escape", "new+escape", "monte carlo")}
    wins: dict[str, float] = {}
    for r in range(args.rounds):
        for escape in (False, True):
            suffix = "+escape" if escape else ""
            t_old, old = exact(memo_odds, escape)
            t_new, new = exact(combat_odds, escape)
            if old != new:
                raise SystemExit(f"the solvers disagree{suffix}: {old} != {new}")
            times["old" + suffix].append(t_old)
            times["new" + suffix].append(t_new)
            wins["exact" + suffix] = float(new.win)
        t, wins["monte carlo"] = monte_carlo(args.fights, seed=r)
        times["monte carlo"].append(t)
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"Shin 5/3/5 hits 12 vs 3 enemies x 10 hits; {args.rounds} rounds, median seconds")
    print(f"  {'':12} {'old':>9} {'new':>9} {'speed-up':>9}")
    for label, suffix in (("no escape", ""), ("escape", "+escape")):
        o, n = med["old" + suffix], med["new" + suffix]
        print(f"  {label:12} {o:9.4f} {n:9.4f} {o / n:8.1f}x")
    print(f"  monte carlo  {med['monte carlo']:9.4f} s for {args.fights} fights")
    print(f"  P(win): exact {wins['exact']:.6f} (old = new, same fraction); Monte Carlo {wins['monte carlo']:.4f}; "
          f"with escape allowed {wins['exact+escape']:.6f}")


if __name__ == "__main__":
    main()
