"""The arithmetic of a Meikyuu Kingdom check, as pure functions of the dice (R-MK-10, 11, 14, 15).

A check rolls 2 + k dice (k = hope spent, R-MK-15). Before the achievement is computed any 6 may be
turned into 1 drive and is then not used (R-MK-14). Of the dice left, two are used (the player's
choice; the best two by default); with one die or none left, that many are used. Critical and fumble
look only at the dice used, and only when two are used (R-MK-11).

>>> out = best_outcome((1, 3, 6), modifier=4, target=10)
>>> out.converted, out.kept, out.achievement, out.success, out.drive
(0, (3, 6), 13, True, 0)
>>> out = best_outcome((6, 6, 6, 6), modifier=1, target=8)
>>> out.converted, out.kept, out.critical, out.drive
(2, (6, 6), True, 4)
>>> evaluate((1, 1, 5), modifier=3, target=9, keep=(1, 1)).fumble
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from meikyu.errors import InputError

CRITICAL_DRIVE = 2
"""Drive gained automatically on a critical (R-MK-11)."""


class CheckOutcome(NamedTuple):
    """One way of reading a rolled check (a named tuple: cheap to build on the hot path)."""

    dice: tuple[int, ...]
    """Every die rolled, in draw order."""
    converted: int
    """How many 6s were turned into drive (R-MK-14)."""
    kept: tuple[int, ...]
    """The dice used for the achievement, ascending (at most two)."""
    modifier: int
    achievement: int
    """Dice used + modifier; 0 on a fumble (R-MK-11)."""
    critical: bool
    fumble: bool
    success: bool | None
    """None when the check had no target (or a hidden one)."""
    drive: int
    """Drive gained before any capacity cap: converted 6s, +2 on a critical (0 if drive is barred)."""

    @property
    def failure(self) -> bool | None:
        return None if self.success is None else not self.success


def evaluate(
    dice: Sequence[int],
    modifier: int = 0,
    target: int | None = None,
    convert: int = 0,
    keep: Sequence[int] | None = None,
    *,
    curse: bool = False,
    no_drive: bool = False,
) -> CheckOutcome:
    """Read the dice with ``convert`` sixes turned to drive and ``keep`` (values) used.

    ``keep`` defaults to the best two of the dice left after conversion. ``curse`` makes any pair
    totalling 3 or less a fumble (R-MK-44); ``no_drive`` (distraction) gains no drive at all.
    """
    rolled = tuple(dice)
    sixes = rolled.count(6)
    if convert < 0 or convert > sixes:
        raise InputError("mk.error.convert_count", convert=convert, sixes=sixes)
    remaining = sorted(rolled)
    del remaining[len(remaining) - convert :]  # the converted sixes sit at the end once sorted
    if keep is None:
        kept = tuple(remaining[-2:])
    else:
        kept = tuple(sorted(keep))
        if len(kept) != min(2, len(remaining)):
            raise InputError("mk.error.keep_count", want=min(2, len(remaining)), got=len(kept))
        pool = list(remaining)
        for value in kept:
            if value not in pool:
                raise InputError("mk.error.keep_missing", value=value, dice=",".join(map(str, remaining)))
            pool.remove(value)
    two = len(kept) == 2
    pair = kept[0] + kept[1] if two else 0
    critical = two and pair == 12
    fumble = two and (pair == 2 or (curse and pair <= 3))
    achievement = 0 if fumble else sum(kept) + modifier
    if target is None:
        success: bool | None = True if critical else (False if fumble else None)
    else:
        success = critical or (not fumble and achievement >= target)
    drive = 0 if no_drive else convert + (CRITICAL_DRIVE if critical else 0)
    return CheckOutcome(rolled, convert, kept, modifier, achievement, critical, fumble, success, drive)


def outcomes(
    dice: Sequence[int], modifier: int = 0, target: int | None = None, *, curse: bool = False, no_drive: bool = False
) -> list[CheckOutcome]:
    """Every conversion choice (0 … number of 6s), each with the best two dice kept."""
    sixes = 0 if no_drive else tuple(dice).count(6)
    return [
        evaluate(dice, modifier, target, convert, curse=curse, no_drive=no_drive) for convert in range(sixes + 1)
    ]


def best_outcome(
    dice: Sequence[int], modifier: int = 0, target: int | None = None, *, curse: bool = False, no_drive: bool = False
) -> CheckOutcome:
    """The automatic choice about 6s (R-MK-14), :func:`automatic` with no cap on drive.

    With no target nothing is converted (there is nothing to weigh drive against), and with drive
    barred (distraction) converting gains nothing, so nothing is converted either.
    """
    if not curse and (target is None or no_drive or 6 not in dice):
        return _best_two(tuple(dice), modifier, target, no_drive)
    if target is None or no_drive or 6 not in dice:
        return evaluate(dice, modifier, target, 0, curse=curse, no_drive=no_drive)
    return automatic(outcomes(dice, modifier, target, curse=curse), len(dice) + CRITICAL_DRIVE)


def automatic(options: Sequence[CheckOutcome], room: int) -> CheckOutcome:
    """The reading the automatic policy takes (R-MK-14), the one rule every automatic answer uses:
    succeed if some reading does, then no fumble, then the most drive actually gained (``room`` =
    capacity left), then the highest achievement; of equals, the first (``options`` in the order of
    6s turned, so the one turning fewest).

    >>> automatic(outcomes((6, 5, 4), 2, 9), room=1).converted   # 5+4+2 = 11 still succeeds: +1 drive
    1
    >>> automatic(outcomes((6, 5, 4), 2, 9), room=0).converted   # nothing fits: keep the 6
    0
    """
    return max(options, key=lambda o: (bool(o.success), not o.fumble, min(o.drive, room), o.achievement))


def _best_two(rolled: tuple[int, ...], modifier: int, target: int | None, no_drive: bool) -> CheckOutcome:
    """:func:`evaluate` with nothing converted, the best two kept and no curse: the hot path."""
    n = len(rolled)
    if n == 2:
        low, high = rolled if rolled[0] <= rolled[1] else (rolled[1], rolled[0])
    elif n > 2:
        ordered = sorted(rolled)
        low, high = ordered[-2], ordered[-1]
    if n >= 2:
        kept: tuple[int, ...] = (low, high)
        pair = low + high
        critical = pair == 12
        fumble = pair == 2
        achievement = 0 if fumble else pair + modifier
    else:
        kept = rolled
        critical = fumble = False
        achievement = sum(rolled) + modifier
    if target is None:
        success: bool | None = True if critical else (False if fumble else None)
    else:
        success = critical or (not fumble and achievement >= target)
    drive = CRITICAL_DRIVE if critical and not no_drive else 0
    return CheckOutcome(rolled, 0, kept, modifier, achievement, critical, fumble, success, drive)


def readings(
    dice: Sequence[int],
    modifier: int = 0,
    target: int | None = None,
    *,
    room: int,
    curse: bool = False,
    blind: bool = False,
    margin: bool = True,
    reach: int | None = None,
) -> tuple[tuple[CheckOutcome, ...], int]:
    """The readings of a check worth offering its roller, and the automatic one (R-MK-14, R-MK-15).

    One reading per number of 6s turned into drive (0 … all of them), each with the best two of the
    dice left: keeping lower dice never helps — it cannot make a critical, it can only make a fumble
    (curse included, R-MK-44) and lowers the achievement. A reading is left out when another is at least
    as good in every way that counts — success (unless ``blind``: the roller does not know the
    difficulty), no fumble, critical, drive actually gained (``room`` = capacity − drive, the cap), the
    achievement as far as it is at stake (:func:`at_stake`) — and better in one; of equal readings the
    one turning fewer 6s stays. With ``room`` ≤ 0 nothing is worth converting.

    What the achievement is worth beyond success or failure is the kind of check's to say:
    ``margin`` — the achievement above the difficulty is used too (a result read from the achievement
    itself); ``reach`` — how far below the difficulty a failure still counts: ``None`` all the way (the
    shortfall itself is used, as a transport's lost citizens, R-MK-46), ``n`` when n points can still
    be added afterwards (minion help, R-MK-19), 0 when a failure is just a failure. The defaults weigh
    every point. Without a target, or ``blind``, every point counts whatever they say.

    The automatic choice (what a policy answers) is :func:`automatic`'s, among these readings: it is
    the same whatever ``margin`` and ``reach`` say, and it may look at a difficulty the roller cannot
    see (``blind``).

    >>> front, auto = readings((6, 4), 3, 9, room=4)   # success, or failure and 1 drive: ask
    >>> [(o.converted, o.kept, o.achievement, o.success, o.drive) for o in front], auto
    ([(0, (4, 6), 13, True, 0), (1, (4,), 7, False, 1)], 0)
    >>> [o.converted for o in readings((6, 6), 3, 9, room=4)[0]]  # a critical brings its own +2 drive
    [0]
    >>> [(o.kept, o.achievement, o.drive) for o in readings((6, 5, 4), 3, 9, room=4)[0]]  # a hope die
    [((5, 6), 14, 0), ((4, 5), 12, 1)]
    >>> [o.converted for o in readings((6, 5, 4), 3, 9, room=4, margin=False, reach=0)[0]]  # both succeed
    [1]
    >>> [o.converted for o in readings((6, 1), 0, 12, room=4, margin=False, reach=0)[0]]  # both fail
    [1]
    >>> [o.converted for o in readings((6, 1), 0, 12, room=4, margin=False, reach=5)[0]]  # 7 + 5 helps
    [0, 1]
    >>> [o.converted for o in readings((6, 4), 3, 9, room=0)[0]]
    [0]
    """
    rolled = tuple(dice)
    sixes = rolled.count(6) if room > 0 else 0
    every = [evaluate(rolled, modifier, target, n, curse=curse) for n in range(sixes + 1)]
    full = blind or target is None or (margin and reach is None)  # every point counts
    keys = [_worth(o, room, blind, o.achievement if full else at_stake(o, target, margin, reach)) for o in every]
    front: list[CheckOutcome] = []
    for i, key in enumerate(keys):
        if key in keys[:i]:
            continue  # the same as a reading turning fewer 6s
        if not any(other != key and all(a >= b for a, b in zip(other, key, strict=True)) for other in keys):
            front.append(every[i])
    return tuple(front), front.index(automatic(front, room))


def at_stake(o: CheckOutcome, target: int | None, margin: bool, reach: int | None) -> int:
    """A reading's achievement as far as it can still matter (see :func:`readings`): a success's is the
    difficulty unless ``margin`` (and never below it: a critical succeeds whatever its achievement,
    R-MK-11); a failure's is floored where even ``reach`` more points fall short.

    >>> o = evaluate((6, 1), 0, 12, convert=0)     # 7 against 12
    >>> at_stake(o, 12, False, 0), at_stake(o, 12, False, 5), at_stake(o, 12, False, None)
    (11, 7, 7)
    >>> at_stake(evaluate((6, 5), 0, 9), 9, False, 0), at_stake(evaluate((6, 5), 0, 9), 9, True, 0)
    (9, 11)
    """
    if target is None:
        return o.achievement
    if o.success:
        return max(o.achievement, target) if margin else target
    if reach is None:
        return o.achievement
    return max(o.achievement, target - reach - 1)


def _worth(o: CheckOutcome, room: int, blind: bool, achievement: int) -> tuple[int, ...]:
    """What a reading is worth to its roller, every part bigger-is-better (see :func:`readings`)."""
    success = 0 if blind else int(bool(o.success))
    return (success, int(not o.fumble), int(o.critical), min(o.drive, room), achievement)
