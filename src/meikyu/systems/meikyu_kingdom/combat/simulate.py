"""Many battles with the tactical policy on both sides: the court's win rate and how it went.

>>> from .bestiary import load_encounter
>>> report = simulate(load_encounter("sample"), battles=20, seed=1)
>>> report.battles, 0 <= report.win_rate_low <= report.win_rate <= report.win_rate_high <= 1
(20, True)
>>> round(wilson(8, 10)[0], 3), round(wilson(8, 10)[1], 3)
(0.49, 0.943)
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from meikyu.dice.source import RandomDice

from .fast import play_fast
from .model import COURT, Battle
from .policy import TacticalPolicy
from .rules import step

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    """Raw counts from a batch of battles (added together across processes)."""

    battles: int = 0
    wins: int = 0
    losses: int = 0
    other: int = 0
    rounds: int = 0
    steps: int = 0
    incapacitated: dict[str, int] = field(default_factory=dict)
    dead: dict[str, int] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.battles += other.battles
        self.wins += other.wins
        self.losses += other.losses
        self.other += other.other
        self.rounds += other.rounds
        self.steps += other.steps
        for mine, theirs in ((self.incapacitated, other.incapacitated), (self.dead, other.dead)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v


@dataclass(frozen=True)
class Report:
    battles: int
    wins: int
    win_rate: float
    win_rate_low: float
    win_rate_high: float
    mean_rounds: float
    battles_per_second: float
    losses: int
    other: int
    incapacitated: dict[str, int]
    dead: dict[str, int]
    cpu_battles_per_second: float = 0.0
    """Battles per CPU second (this process and its workers): what the machine's load leaves alone, unlike
    ``battles_per_second``, which is by the wall clock (BENCHMARKS.md, "mk simulate and run_batch")."""

    def to_dict(self) -> dict[str, object]:
        return dict(self.__dict__)


def play_out(battle: Battle, dice: RandomDice, policy: TacticalPolicy) -> tuple[Battle, int]:
    """Run one battle to its end through ``step`` (treasure is not rolled); returns the final state and
    step count. :func:`~.fast.play_fast` reaches the same state with the same dice, faster."""
    state = battle
    steps = 0
    decide = policy.decide
    while state.phase != "over" and state.phase != "treasure":
        state, _ = step(state, decide(state), dice)
        steps += 1
    return state, steps


def run_batch(
    battle: Battle, battles: int, seed: int | None, progress: Callable[[int], None] | None = None
) -> Tally:
    dice = RandomDice(seed)
    policy = TacticalPolicy()
    tally = Tally()
    pcs = [c.id for c in battle.combatants if c.side == COURT]
    for n in range(battles):
        final, steps = play_fast(battle, dice, policy)
        tally.battles += 1
        tally.steps += steps
        tally.rounds += final.round
        if final.winner == COURT:
            tally.wins += 1
        elif final.winner:
            tally.losses += 1
        else:
            tally.other += 1
        for cid in pcs:
            c = final.get(cid)
            if c.condition == "dead":
                tally.dead[cid] = tally.dead.get(cid, 0) + 1
            elif c.condition == "incapacitated":
                tally.incapacitated[cid] = tally.incapacitated.get(cid, 0) + 1
        if progress is not None and (n + 1) % 100 == 0:
            progress(n + 1)
    return tally


def _job(args: tuple[Battle, int, int | None]) -> Tally:
    return run_batch(*args)


def simulate(
    battle: Battle, battles: int, seed: int | None = None, jobs: int = 1, progress: bool = False
) -> Report:
    """Run ``battles`` battles from ``battle`` (a setup-phase state) over ``jobs`` processes."""
    start = time.perf_counter()
    cpu = _cpu_seconds()
    tally = Tally()
    if jobs <= 1:
        bar = _bar(battles) if progress else None
        tally = run_batch(battle, battles, seed, bar)
        if progress:
            sys.stderr.write("\n")
    else:
        sizes = [battles // jobs + (1 if k < battles % jobs else 0) for k in range(jobs)]
        seeds = [None if seed is None else seed * 1_000 + k for k in range(jobs)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_job, [(battle, n, s) for n, s in zip(sizes, seeds, strict=True) if n]):
                tally.add(part)
    elapsed = max(time.perf_counter() - start, 1e-9)
    cpu = max(_cpu_seconds() - cpu, 1e-9)
    low, high = wilson(tally.wins, tally.battles)
    n = max(tally.battles, 1)
    return Report(
        battles=tally.battles,
        wins=tally.wins,
        win_rate=tally.wins / n,
        win_rate_low=low,
        win_rate_high=high,
        mean_rounds=tally.rounds / n,
        battles_per_second=tally.battles / elapsed,
        losses=tally.losses,
        other=tally.other,
        incapacitated=tally.incapacitated,
        dead=tally.dead,
        cpu_battles_per_second=tally.battles / cpu,
    )


def _cpu_seconds() -> float:
    """CPU seconds used so far by this process and its finished worker processes (Unix: the children's
    times arrive when the pool has joined them)."""
    used = time.process_time()
    try:
        import resource
    except ImportError:  # no resource module (Windows): this process alone
        return used
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used + children.ru_utime + children.ru_stime


def _bar(total: int) -> Callable[[int], None]:
    def show(done: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        sys.stderr.flush()

    return show
