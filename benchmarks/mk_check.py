"""Meikyuu Kingdom checks per second through the full check state machine, beside the bare reading.

    python benchmarks/mk_check.py [--seconds 2]

Same run, same dice source (``RandomDice(7)``), each figure the best of five timed batches:
- baseline: ``rolls.best_outcome`` alone on two fresh dice + 3 vs 9 (the automatic 6→drive
  choice and the best two dice, no state, no events);
- full machine: ``check.resolve`` on the sample court (haneul's charm vs 9): validation, hope,
  6→drive prompt, kept dice, drive, minion-help prompt, every event — what the CLI and API run.
The ratio is what the state machine costs over the bare reading.

Then exact odds (``forecast.declared_odds``, fractions, no sampling) for haneul's charm vs 9 with
0, 2 and 4 hope dice from drive, without and with minion help (3 minions, the automatic policy),
each with the time it took.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace

from timing import rate

from meikyu.dice.source import RandomDice, ScriptedDice
from meikyu.systems.meikyu_kingdom.check.auto import AutoPolicy, resolve
from meikyu.systems.meikyu_kingdom.check.check import CheckRules, CheckState, DeclareCheck
from meikyu.systems.meikyu_kingdom.check.forecast import declared_odds
from meikyu.systems.meikyu_kingdom.check.rolls import best_outcome
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

ACTOR = "haneul"
DIFFICULTY = 9


def state(hope: int = 0, minions: int = 0) -> CheckState:
    s = sample()
    court = tuple(
        replace(c, drive=hope, capacity=max(c.capacity, hope), minions=minions) if c.id == ACTOR else c
        for c in s.characters
    )
    return CheckState(s.kingdom, court)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time budget per measurement")
    args = parser.parse_args()

    start_state = state()
    declaration = DeclareCheck(ACTOR, "charm", DIFFICULTY)
    policy = AutoPolicy()
    # The total modifier the machine adds (stat + modifier + cooperation), read from a declaration.
    modifier = CheckRules().step(start_state, declaration, ScriptedDice([1, 1]))[0].bonus

    def bare(n: int) -> None:
        roll = RandomDice(7).roll
        for _ in range(n):
            best_outcome((roll(6), roll(6)), modifier, DIFFICULTY)

    def full(n: int) -> None:
        dice = RandomDice(7)
        for _ in range(n):
            resolve(start_state, declaration, dice, policy)

    base = rate(bare, args.seconds)
    machine = rate(full, args.seconds)
    print(f"check: {ACTOR} charm (+{modifier}) vs {DIFFICULTY}, 2 dice, automatic policy")
    print(f"{'baseline rolls.best_outcome':34} {base:12,.0f} checks/s  1.00x")
    print(f"{'full CheckRules (resolve)':34} {machine:12,.0f} checks/s  {machine / base:5.3f}x baseline"
          f"  ({base / machine:.1f}x slower)")
    print()
    print(f"{'exact odds':20} {'success':>9} {'critical':>9} {'fumble':>9} {'E[drive]':>9} {'time':>9}")
    for hope in (0, 2, 4):
        for minions in (0, 3):
            st = state(hope, minions)
            decl = DeclareCheck(ACTOR, "charm", DIFFICULTY, hope=("drive",) * hope)
            t0 = time.perf_counter()
            odds = declared_odds(st, decl, minion_help=minions > 0)
            spent = time.perf_counter() - t0
            label = f"hope {hope}" + (f", {minions} minions" if minions else "")
            print(f"{label:20} {float(odds.success):9.4f} {float(odds.critical):9.4f} {float(odds.fumble):9.4f}"
                  f" {float(odds.expected_drive):9.4f} {spent * 1000:7.2f}ms")


if __name__ == "__main__":
    main()
