"""The adventure sheet (記録用紙): stats, weapon, items, abilities, progress counters and flags.

>>> s = Sheet()
>>> (s.attack, s.defense, s.stamina, s.hits, s.kill)
(4, 4, 4, 4, 3)
>>> s = apply_effect(s, Effect("gain", "herb", 2))
>>> s = apply_effect(s, Effect("progress", "village"))
>>> s.count("herb"), s.counter("village"), s.counter("never")
(2, 1, 0)
>>> holds(s, Condition("item", "herb", at_least=2)), holds(s, Condition("flag", "12"))
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from meikyu.systems.gamebook.book import STATS, Book, Condition, Effect

START_STAT = 4
START_CAP = 6  # only at the start (R-GB-02)


@dataclass(frozen=True)
class Sheet:
    """Shin's record. Hits in combat equal stamina (R-GB-01, R-GB-16), so they are not stored."""

    attack: int = START_STAT
    defense: int = START_STAT
    stamina: int = START_STAT
    weapon: str = "sword"
    kill: int = 3
    items: tuple[tuple[str, int], ...] = (("sword", 1),)
    abilities: tuple[str, ...] = ()
    progress: tuple[tuple[str, int], ...] = ()
    flags: tuple[str, ...] = ()

    @property
    def hits(self) -> int:
        """Hits a combat starts with: always the stamina (R-GB-16)."""
        return self.stamina

    def stat(self, name: str) -> int:
        return int(getattr(self, name))

    def count(self, item: str) -> int:
        """How many of ``item`` Shin holds (R-GB-04)."""
        return dict(self.items).get(item, 0)

    def counter(self, name: str) -> int:
        """A progress counter; a blank one is 0 (R-GB-05)."""
        return dict(self.progress).get(name, 0)

    def has_flag(self, code: str) -> bool:
        return code in self.flags

    def changed(self, **changes: object) -> Sheet:
        """This sheet with ``changes``: ``dataclasses.replace`` without its per-call look at the fields, which
        cost ~5 µs a call (a book check makes some 400,000: 2 of its 5.6 s on the Tower of Winds).

        >>> Sheet().changed(attack=6, flags=("12",)).flags, Sheet().changed(attack=6) == Sheet(attack=6)
        (('12',), True)
        """
        new = object.__new__(Sheet)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        return new


def _bump(pairs: Iterable[tuple[str, int]], key: str, delta: int) -> tuple[tuple[str, int], ...]:
    table = dict(pairs)
    table[key] = max(0, table.get(key, 0) + delta)
    return tuple(sorted((k, v) for k, v in table.items() if v > 0))


def apply_effect(sheet: Sheet, effect: Effect, book: Book | None = None) -> Sheet:
    """The sheet after one effect (R-GB-04…06). Stat increases are uncapped after the start (R-GB-02)."""
    kind, key, amount = effect.kind, effect.key, effect.amount
    if kind == "gain":
        return sheet.changed(items=_bump(sheet.items, key, amount))
    if kind == "lose":
        sheet = sheet.changed(items=_bump(sheet.items, key, -amount))
        if key == sheet.weapon and sheet.count(key) == 0:
            sheet = sheet.changed(weapon="", kill=0)
        return sheet
    if kind == "flag":
        return sheet if sheet.has_flag(key) else sheet.changed(flags=tuple(sorted((*sheet.flags, key))))
    if kind == "progress":
        return sheet.changed(progress=_bump(sheet.progress, key, amount))
    if kind == "stat":
        value = max(0, sheet.stat(key) + amount)
        if key == "attack":
            return sheet.changed(attack=value)
        if key == "defense":
            return sheet.changed(defense=value)
        return sheet.changed(stamina=value)
    if kind == "learn":
        return sheet if key in sheet.abilities else sheet.changed(abilities=(*sheet.abilities, key))
    if kind == "equip":
        if sheet.count(key) == 0:
            sheet = sheet.changed(items=_bump(sheet.items, key, 1))
        item = book.items.get(key) if book else None
        kill = item.kill if item and item.kill is not None else sheet.kill
        return sheet.changed(weapon=key, kill=kill)
    raise ValueError(f"unknown effect kind {kind!r}")


def holds(sheet: Sheet, cond: Condition, story: bool = False) -> bool:
    """Whether a condition holds. In story mode everything counts as present and enough (R-GB-08)."""
    if story:
        return not cond.negate
    if cond.kind == "flag":
        value = 1 if sheet.has_flag(cond.key) else 0
    elif cond.kind == "progress":
        value = sheet.counter(cond.key)
    elif cond.kind == "item":
        value = sheet.count(cond.key)
    elif cond.kind == "stat":
        value = sheet.stat(cond.key)
    elif cond.kind == "ability":
        value = 1 if cond.key in sheet.abilities else 0
    else:
        raise ValueError(f"unknown condition kind {cond.kind!r}")
    result = value >= cond.at_least and (cond.at_most is None or value <= cond.at_most)
    return result != cond.negate


def all_hold(sheet: Sheet, conds: Iterable[Condition], story: bool = False) -> bool:
    return all(holds(sheet, c, story) for c in conds)


def new_sheet(book: Book | None = None) -> Sheet:
    """The starting sheet before the creation roll (R-GB-02): 4/4/4, one sword of kill 3."""
    if book is None:
        return Sheet()
    items = tuple(sorted({k: book.start_items.count(k) for k in book.start_items}.items()))
    item = book.items.get(book.weapon)
    kill = item.kill if item and item.kill is not None else 3
    return Sheet(weapon=book.weapon, kill=kill, items=items)


def distributions(points: int) -> list[tuple[int, int, int]]:
    """Every way to spread ``points`` over attack, defense, stamina without passing 6 (R-GB-02).

    The even spread, attack first, comes first (the automatic choice).

    >>> distributions(5)[0], len(distributions(5))
    ((2, 2, 1), 3)
    >>> distributions(1)
    [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    """
    room = START_CAP - START_STAT
    found = [(a, d, points - a - d) for a in range(room + 1) for d in range(room + 1)
             if 0 <= points - a - d <= room]
    even = even_spread(points)
    found.sort(key=lambda t: (t != even, [-x for x in t]))
    return found


def even_spread(points: int) -> tuple[int, int, int]:
    """``points`` spread as evenly as possible, the remainder to attack, then defense."""
    base, rest = divmod(points, 3)
    return (base + (rest > 0), base + (rest > 1), base)


def distribute(sheet: Sheet, attack: int, defense: int, stamina: int) -> Sheet:
    return sheet.changed(attack=sheet.attack + attack, defense=sheet.defense + defense,
                   stamina=sheet.stamina + stamina)


__all__ = ["STATS", "Sheet", "all_hold", "apply_effect", "distribute", "distributions", "even_spread", "holds",
           "new_sheet"]
