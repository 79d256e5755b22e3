"""What applies here, for whom, in which order (R-MK-09): the one place the rules machines ask.

R-MK-09: data beats the rules' text; between data, constant first, then equipment, then the rest;
within a class the higher-level owner first, the same owner's in the order they choose (the order
their sheet lists them: skills, then items); of contradicting effects the later one stands
(:func:`prevailing`).

>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> mir = sample().characters[3]
>>> [(a.source, a.amount) for a in check_modifiers([mir], "mir", "search", "called")]
[('매의 눈', 1)]
>>> check_modifiers([mir], "mir", "wit", "called")
()
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from meikyu.systems.meikyu_kingdom.effects.acts import Acts

DATA_CLASS_RANK = {"constant": 0, "equipment": 1}


@dataclass(frozen=True)
class DataEffect:
    """One effect of data (a skill, item, facility …) waiting to be resolved."""

    name: str
    data_type: str
    """The data's type: ``constant``, ``equipment`` or anything else (support, interrupt …)."""
    owner: str
    owner_level: int
    owner_order: int = 0
    """The order the owner chose among their own effects (lower first)."""
    sequence: int = 0
    """When the effect arose; breaks any remaining tie."""


def conflict_order(effects: Iterable[DataEffect]) -> list[DataEffect]:
    """The order in which conflicting data resolve (R-MK-09).

    Constant data first, then equipment, then the rest; within a class the higher-level owner
    first; the same owner in the order they choose. When effects contradict, the one resolved last
    (the later effect) stands: :func:`prevailing`.

    >>> es = [DataEffect("x", "support", "a", 3), DataEffect("y", "constant", "b", 1),
    ...       DataEffect("z", "support", "b", 5)]
    >>> [e.name for e in conflict_order(es)]
    ['y', 'z', 'x']
    """
    return sorted(
        effects,
        key=lambda e: (DATA_CLASS_RANK.get(e.data_type, 2), -e.owner_level, e.owner, e.owner_order, e.sequence),
    )


def prevailing(effects: Iterable[DataEffect]) -> DataEffect | None:
    """Of contradictory effects, the one that wins: the last to take effect (R-MK-09)."""
    ordered = conflict_order(effects)
    return ordered[-1] if ordered else None


class Data(Protocol):
    """A skill or an item as the sheets hold it."""

    @property
    def name(self) -> str: ...
    @property
    def names(self) -> dict[str, str]: ...
    @property
    def acts(self) -> Acts | None: ...


class Holder(Protocol):
    """Whoever holds data: a character sheet (its skills and the items it carries)."""

    @property
    def id(self) -> str: ...
    @property
    def level(self) -> int: ...
    @property
    def skills(self) -> Sequence[Any]: ...
    @property
    def items(self) -> Sequence[Any]: ...


@dataclass(frozen=True)
class Applied:
    """A piece of data that applies, with whose it is and its place in the R-MK-09 order."""

    owner: str
    source: str
    """The data's name as its sheet writes it."""
    names: tuple[tuple[str, str], ...]
    """The data's name by language."""
    acts: Acts
    order: DataEffect
    amount: int = 0
    """For a check: the achievement it adds."""
    monster: bool = False
    """A monster skill a PC holds: it works only once its 1 hope is paid (R-MK-17)."""

    def label(self, lang: str) -> str:
        return dict(self.names).get(lang, self.source)


def held(holder: Holder) -> list[Any]:
    """The holder's data that acts, in the order they chose (the sheet's: skills, then items)."""
    out: list[Any] = [s for s in holder.skills if getattr(s, "acts", None) is not None]
    out += [i for i in holder.items if i is not None and getattr(i, "acts", None) is not None]
    return out


def applicable(
    holders: Iterable[Holder],
    *,
    timings: tuple[str, ...] = ("constant", "equipment"),
    context: str = "",
    stat: str = "",
    purpose: str = "",
    trigger: str = "",
) -> list[Applied]:
    """The data of ``holders`` that applies: of these timings, working in ``context``; when ``stat`` or
    ``purpose`` is given, only data bearing on such a check; when ``trigger`` is given, only data
    answering it. In the R-MK-09 order (:func:`conflict_order`)."""
    found: list[Applied] = []
    for holder in holders:
        for index, data in enumerate(held(holder)):
            acts: Acts = data.acts
            if acts.timing not in timings or not acts.works_in(context):
                continue
            if (stat or purpose) and not acts.applies_to_check(stat, purpose, context):
                continue
            if trigger and acts.trigger != trigger:
                continue
            order = DataEffect(data.name, acts.timing, holder.id, holder.level, index)
            names = tuple(sorted(data.names.items()))
            found.append(Applied(holder.id, data.name, names, acts, order, monster=getattr(data, "monster", False)))
    by_order = {id(a.order): a for a in found}  # sorted() hands back the same objects
    return [by_order[id(o)] for o in conflict_order(a.order for a in found)]


def check_modifiers(
    holders: Iterable[Holder], actor: str, stat: str, purpose: str, context: str = "", paid: tuple[str, ...] = ()
) -> tuple[Applied, ...]:
    """The constant and equipment data that change ``actor``'s check of ``stat`` for ``purpose``: each
    with the achievement it adds (its ``achievement`` effects whose amount is a number). A PC's monster
    skill counts only when its 1 hope was paid for this cycle (R-MK-17): its name is in ``paid``."""
    return tuple(
        a for a in check_data(holders, actor, context)
        if (not a.monster or a.source in paid) and a.acts.applies_to_check(stat, purpose, context)
    )


def check_data(holders: Iterable[Holder], actor: str, context: str = "") -> tuple[Applied, ...]:
    """All of ``actor``'s constant and equipment data that add to some checks in ``context``, each with
    the achievement it adds, in the R-MK-09 order (a battle's pieces keep these from the sheet)."""
    mine = [h for h in holders if h.id == actor]
    out: list[Applied] = []
    for applied in applicable(mine, context=context):
        if not (applied.acts.stats or applied.acts.checks):
            continue
        amount = sum(e["amount"] for e in applied.acts.of_type("achievement") if isinstance(e.get("amount"), int))  # type: ignore[misc]
        if amount:
            out.append(replace(applied, amount=amount))
    return tuple(out)
