"""Rolls per second of ``2MK+3>=9``, side by side with a plain-Python baseline in the same run.

    python benchmarks/roll_throughput.py [--seconds 2]

Measurements, each the best of five timed batches:
- baseline: ``random.randint`` draws the same two dice, sums, adds 3 and compares (no parsing, no
  rules, no text) — the floor any Python implementation pays;
- meikyu structured: ``meikyu.roll`` (cache hit, evaluate with the seed's rules, result object);
- meikyu + bcdice text: the same plus ``render("bcdice")``;
- the same two again with result memoization switched off (every roll evaluated and rendered from
  scratch), to show what the memo buys and what a never-seen roll costs.
BCDice itself does about 56,000 of these a second on this machine class (bcdice-compat.md).
"""

from __future__ import annotations

import argparse
import random

from timing import rate

import meikyu
from meikyu.systems.meikyu_kingdom.commands import MKCheck

BCDICE_PER_SECOND = 56_000
COMMAND = "2MK+3>=9"


def baseline(n: int) -> None:
    randint = random.randint
    for _ in range(n):
        a = randint(1, 6)
        b = randint(1, 6)
        _ = a + b + 3 >= 9


def structured(n: int) -> None:
    roll = meikyu.roll
    for _ in range(n):
        roll(COMMAND)


def with_text(n: int) -> None:
    roll = meikyu.roll
    for _ in range(n):
        roll(COMMAND).render("bcdice")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time budget per measurement")
    args = parser.parse_args()
    meikyu.roll(COMMAND)  # warm the parse cache and imports
    base = rate(baseline, args.seconds, start_batch=2000)
    ours = rate(structured, args.seconds)
    text = rate(with_text, args.seconds)
    MKCheck.MEMO_MAX_DICE = 0  # every roll from scratch
    cold = rate(structured, args.seconds)
    cold_text = rate(with_text, args.seconds)
    rows = [
        ("baseline (random.randint, no rules)", base),
        ("meikyu structured result", ours),
        ("meikyu + bcdice text", text),
        ("meikyu structured, no memo", cold),
        ("meikyu + bcdice text, no memo", cold_text),
    ]
    for name, value in rows:
        print(f"{name:38} {value:12,.0f} rolls/s  {value / base:5.2f}x baseline  "
              f"{value / BCDICE_PER_SECOND:5.1f}x BCDice (~{BCDICE_PER_SECOND:,}/s)")


if __name__ == "__main__":
    main()
