"""How the exact solvers' cost grows with the question, beside icepool and the previous versions, in one run.

Four families, each timed as the median of ``--rounds`` runs of CPU time (so a busy machine does not
inflate it):

- **nMK** (keep the best two of n d6, 6s to drive; n = 2 … 100): meikyu's class counting; icepool's
  ``d6.pool(n).highest(2)`` for the same keep-two sum without the drive policy (icepool has none);
  the previous multiset enumeration up to n = 12 (it grows ~n⁵).
- **nD6 ≥ t** (n = 10 … 1,000, a thousand dice being five 200-dice terms): meikyu in the plain
  roller; icepool's ``n @ d6``; the previous repeated convolution up to n = 200.
- **Liberator obstacles** (1 … 30 obstacles of target 1 against magic_sword at +6, attribute M):
  meikyu; the previous backtracking ``fits`` up to 18 obstacles (it grows exponentially).
- **Gamebook extra attacks** (0 … 6; Shin vs three 6-hit enemies, with the escape decision): meikyu's
  solver; the previous approach, the memoised solver that enumerates every target order, up to 2 — or,
  with ``--baseline SRC`` (a source tree, e.g. a ``git archive`` of an earlier commit), that tree's
  ``fast_odds`` at every size; then both trees are timed the same way, each size in fresh processes of
  their own, ours and the baseline's alternating, ``--rounds`` of each.

Writes ``benchmarks/odds_scaling.svg`` (log-scale growth curves) and prints a table. icepool is a dev
dependency (``pip install -e '.[dev]'``); without it its column is blank.

    python benchmarks/odds_scaling.py [--rounds 3] [--baseline /tmp/before/src]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial, log10
from pathlib import Path

from meikyu.dice.command import GENERIC, parse
from meikyu.dice.odds import sum_odds
from meikyu.systems.gamebook.fighters import Enemy, Fighter
from meikyu.systems.gamebook.odds import memo_odds
from meikyu.systems.gamebook.odds_dp import fast_odds
from meikyu.systems.liberator.cards import sample_cards
from meikyu.systems.liberator.odds import removal_odds
from meikyu.systems.meikyu_kingdom.check.odds import check_odds
from meikyu.systems.meikyu_kingdom.check.rolls import best_outcome

try:
    import icepool
except ImportError:  # optional: the dev extra brings it
    icepool = None

sys.setrecursionlimit(20_000)  # icepool sums many dice recursively


def cpu(fn: Callable[[], object], rounds: int) -> float:
    """Median CPU seconds of ``fn()`` over ``rounds`` runs."""
    times = []
    for _ in range(rounds):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


# -- the previous versions, kept here as baselines ----------------------------------------------
def old_keep_two(n: int, modifier: int, target: int) -> Fraction:
    success = 0
    for combo in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for face in set(combo):
            ways //= factorial(combo.count(face))
        success += ways * bool(best_outcome(combo, modifier, target).success)
    return Fraction(success, 6**n)


def old_dice_sum(count: int, sides: int) -> dict[int, int]:
    dist = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, ways in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        dist = nxt
    return dist


def old_fits(targets: list[tuple[str, int]], pools: list[tuple[str, int]]) -> bool:
    remaining = [value for _, value in pools]
    order = sorted(targets, key=lambda t: -t[1])

    def place(i: int) -> bool:
        if i == len(order):
            return True
        attr, target = order[i]
        for j, (pool_attr, _) in enumerate(pools):
            if pool_attr == attr and remaining[j] >= target:
                remaining[j] -= target
                if place(i + 1):
                    return True
                remaining[j] += target
        return False

    return place(0)


def old_removal(card: object, targets: list[tuple[str, int]], bonus: int, attribute: str) -> Fraction:
    hits = 0
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            for power, effect in ((d1, d2), (d2, d1)):
                value = card.power_on(power) + bonus  # type: ignore[attr-defined]
                pools = [(attribute, value)]
                follow = card.follow_up(effect)  # type: ignore[attr-defined]
                if follow:
                    pools.append((follow, value))
                if old_fits(targets, pools):
                    hits += 1
                    break
    return Fraction(hits, 36)


# -- the families ------------------------------------------------------------------------------
Row = tuple[int, float | None, float | None, float | None]  # size, meikyu, icepool, previous


def nmk(rounds: int) -> Iterator[Row]:
    for n in (2, 3, 5, 8, 12, 20, 30, 50, 100):
        ours = cpu(lambda n=n: check_odds(n, 2, 11), rounds)
        ice = None
        if icepool is not None:
            ice = cpu(lambda n=n: (icepool.d6.pool(n).highest(2).sum() + 2 >= 11).probability(True), rounds)
        old = cpu(lambda n=n: old_keep_two(n, 2, 11), 1) if n <= 12 else None
        yield n, ours, ice, old


def nd6(rounds: int) -> Iterator[Row]:
    for n in (10, 50, 100, 200, 500, 1000):
        terms = "+".join(["200D6"] * (n // 200) + ([f"{n % 200}D6"] if n % 200 else []))
        node = parse(f"{terms}>={int(n * 3.5)}", GENERIC).node
        ours = cpu(lambda node=node: sum_odds(node, GENERIC), rounds)
        ice = cpu(lambda n=n: (n @ icepool.d6 >= int(n * 3.5)).probability(True), rounds) if icepool else None
        old = cpu(lambda n=n: old_dice_sum(n, 6), 1) if n <= 200 else None
        yield n, ours, ice, old


def liberator(rounds: int) -> Iterator[Row]:
    sword = sample_cards().actions["magic_sword"]
    for n in (1, 3, 6, 10, 14, 18, 25, 30):
        targets = [("M", 1)] * n
        ours = cpu(lambda t=targets: removal_odds(sword, t, 6, "M"), rounds)
        old = cpu(lambda t=targets: old_removal(sword, t, 6, "M"), 1) if n <= 18 else None
        yield n, ours, None, old


FOES = (Enemy(11, 2, 9, 6), Enemy(12, 3, 9, 6), Enemy(10, 1, 10, 6))
_BASELINE_CHILD = """
import statistics, sys, time
from meikyu.systems.gamebook.fighters import Enemy, Fighter
from meikyu.systems.gamebook.odds_dp import fast_odds
foes = (Enemy(11, 2, 9, 6), Enemy(12, 3, 9, 6), Enemy(10, 1, 10, 6))
shin = Fighter(attack=5, kill=3, defense=5, hits=12, extra_attacks=int(sys.argv[1]))
times = []
for _ in range(int(sys.argv[2])):
    start = time.process_time()
    fast_odds(shin, foes, escape=True)
    times.append(time.process_time() - start)
print(statistics.median(times))
"""


def baseline_gamebook(tree: str, extra: int) -> float:
    """CPU seconds of the same fight solved once by ``tree``'s ``fast_odds``, in a fresh process."""
    out = subprocess.run([sys.executable, "-c", _BASELINE_CHILD, str(extra), "1"], check=True,
                         capture_output=True, text=True, env={**os.environ, "PYTHONPATH": tree})
    return float(out.stdout)


def gamebook(rounds: int, baseline: str | None = None) -> Iterator[Row]:
    ours_tree = str(Path(sys.modules["meikyu"].__file__ or "").parent.parent)
    for extra in range(7):
        shin = Fighter(attack=5, kill=3, defense=5, hits=12, extra_attacks=extra)
        if baseline:  # alternate fresh processes, so that load and heap state fall on both alike
            pairs = [(baseline_gamebook(ours_tree, extra), baseline_gamebook(baseline, extra)) for _ in range(rounds)]
            ours = statistics.median(p[0] for p in pairs)
            old: float | None = statistics.median(p[1] for p in pairs)
        else:
            ours = cpu(lambda s=shin: fast_odds(s, FOES, escape=True), rounds)
            old = cpu(lambda s=shin: memo_odds(s, FOES, escape=True), 1) if extra <= 2 else None
        yield extra, ours, None, old


FAMILIES: list[tuple[str, str, Callable[[int], Iterator[Row]]]] = [
    ("nMK+2>=11", "n", nmk),
    ("nD6>=3.5n", "n", nd6),
    ("Liberator M1×n", "obstacles", liberator),
    ("gamebook fight", "extra attacks", gamebook),
]


def ms(value: float | None) -> str:
    return "—" if value is None else f"{value * 1000:.3f}"


def svg(results: dict[str, list[Row]], path: Path) -> None:
    """Small multiples: one log-scale panel per family, meikyu solid, icepool dashed, previous dotted."""
    width, height, pad = 300, 200, 40
    styles = {1: ("#1f6feb", ""), 2: ("#d1242f", "6,4"), 3: ("#6e7781", "2,3")}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * 2}" height="{height * 2}" '
             'font-family="sans-serif" font-size="11">', '<rect width="100%" height="100%" fill="white"/>']
    for index, (name, rows) in enumerate(results.items()):
        ox, oy = (index % 2) * width, (index // 2) * height
        sizes = [r[0] for r in rows]
        values = [v for r in rows for v in r[1:] if v]
        low, high = log10(max(min(values), 1e-6)), log10(max(values))
        high = max(high, low + 1)

        def point(size: int, value: float, sizes: list[int] = sizes, low: float = low, high: float = high,
                  ox: int = ox, oy: int = oy) -> str:
            x = ox + pad + (sizes.index(size) / max(1, len(sizes) - 1)) * (width - 1.5 * pad)
            y = oy + height - pad - (log10(max(value, 1e-6)) - low) / (high - low) * (height - 1.6 * pad)
            return f"{x:.1f},{y:.1f}"

        parts.append(f'<text x="{ox + pad}" y="{oy + 16}" font-weight="bold">{name}</text>')
        parts.append(f'<text x="{ox + 4}" y="{oy + height - pad + 4}">{10 ** low * 1000:.2g} ms</text>')
        parts.append(f'<text x="{ox + 4}" y="{oy + 0.8 * pad}">{10 ** high * 1000:.2g} ms</text>')
        for column, (color, dash) in styles.items():
            line = [point(r[0], r[column]) for r in rows if r[column]]
            if len(line) > 1:
                parts.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" '
                             f'stroke-dasharray="{dash}" points="{" ".join(line)}"/>')
        for size in sizes:
            parts.append(f'<text x="{point(size, 10 ** low).split(",")[0]}" y="{oy + height - pad + 16}" '
                         f'text-anchor="middle">{size}</text>')
    parts.append(f'<text x="8" y="{height * 2 - 6}">solid: meikyu · dashed: icepool · dotted: previous version'
                 ' (CPU time, log scale)</text>')
    parts.append("</svg>")
    path.write_text("\n".join(parts), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", help="a source tree whose gamebook solver fills the previous column")
    args = parser.parse_args()
    results: dict[str, list[Row]] = {}
    for name, unit, family in FAMILIES:
        rows = list(gamebook(args.rounds, args.baseline) if family is gamebook else family(args.rounds))
        results[name] = rows
        print(f"\n{name} (ms of CPU; by {unit})")
        print(f"{unit:>14} {'meikyu':>10} {'icepool':>10} {'previous':>10}")
        for size, ours, ice, old in rows:
            print(f"{size:>14} {ms(ours):>10} {ms(ice):>10} {ms(old):>10}")
    path = Path(__file__).with_name("odds_scaling.svg")
    svg(results, path)
    print(f"\nplot: {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
