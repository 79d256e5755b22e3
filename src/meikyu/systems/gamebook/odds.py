"""Exact odds of a fight: the face over the two solvers (:mod:`.odds_dp` bottom-up, :mod:`.odds_memo` the
memoized reference), by dynamic programming over (Shin's hits, each enemy's hits).

How the fractions are found (the "nothing happened" self-loop solved exactly, the states a DAG apart
from it, all in :class:`fractions.Fraction`) is told once, in :mod:`.odds_memo`.

Choices are made for the reader: the target of each attack maximizes the chance of winning
(R-GB-14) and, when escape is allowed, trying to escape after an exchange (R-GB-15) is chosen to
minimize the chance of losing (ties: more wins, then no escape). Escape is never possible before
the first exchange has been fought.

The seed's worked example (R-GB-13): Shin attack 5, kill 3, defense 5, hits 5 against the slime.

>>> shin = Fighter(attack=5, kill=3, defense=5, hits=5)
>>> slime = Enemy(attack=10, kill=2, defense=9, hits=4)
>>> odds = combat_odds(shin, [slime])
>>> odds.win, odds.lose, odds.escape
(Fraction(1350121872, 1350125107), Fraction(3235, 1350125107), Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from meikyu.errors import InputError
from meikyu.systems.gamebook.fighters import Enemy, Fighter
from meikyu.systems.gamebook.odds_memo import MAX_ATTACKS, WORK_LIMIT, CombatOdds, OddsSolver, fight_work

__all__ = ["MAX_ATTACKS", "WORK_LIMIT", "CombatOdds", "OddsSolver", "combat_odds", "fight_work", "memo_odds"]


def combat_odds(shin: Fighter, enemies: Sequence[Enemy], escape: bool = False) -> CombatOdds:
    """Exact chances of winning, losing and escaping a fight from its start.

    Solved bottom-up by :class:`~meikyu.systems.gamebook.odds_dp.DpSolver`; :func:`memo_odds` gives the
    same fractions from this module's memoized solver (kept as the reference it is tested against).

    >>> o = combat_odds(Fighter(5, 4, 5, 5), [Enemy(10, 2, 9, 4)])
    >>> o.lose == Fraction(1, 67) ** 4  # kill 4: the first hit wins (R-GB-13); lose = 4 wounds first
    True
    >>> o2 = combat_odds(Fighter(5, 3, 5, 5), [Enemy(10, 2, 9, 4)], escape=True)
    >>> o2.win + o2.lose + o2.escape
    Fraction(1, 1)
    >>> o2 == memo_odds(Fighter(5, 3, 5, 5), [Enemy(10, 2, 9, 4)], escape=True)
    True
    """
    from meikyu.systems.gamebook.odds_dp import fast_odds

    return fast_odds(shin, enemies, escape)


def memo_odds(shin: Fighter, enemies: Sequence[Enemy], escape: bool = False) -> CombatOdds:
    """The same chances by the memoized top-down :class:`OddsSolver` (slower; the reference)."""
    solver = OddsSolver(shin, enemies, escape)
    start = tuple(e.hits for e in enemies)
    if shin.hits <= 0:
        raise InputError("gb.error.odds.no_hits")
    seq, (w, x, d) = solver.fresh(shin.hits, start)
    win, esc = Fraction(w, d), Fraction(x, d)
    return CombatOdds(win=win, lose=1 - win - esc, escape=esc, best_target=seq[0])
