"""Data that acts, as a skill, an item, a facility or a monster skill writes it (``data/DATA_EFFECTS.md``).

A piece of data acts when it lists ``effects``; what else it may say sits beside them in the same
table (a skill's ``type`` is its timing; an item's is ``use``)::

    { name = "Hawk Eye", type = "constant", stats = ["search"], effects = [{ type = "achievement", amount = 1 }] }

Data without ``effects`` (every sheet written before this format, and a skill given as a plain
string) is only a name and a text: nothing here applies it.

>>> acts = read_acts({"stats": ["search"], "effects": [{"type": "achievement", "amount": 1}]}, "constant",
...                  file="court.toml", entry="characters[3].skills[0]")
>>> acts.applies_to_check("search", "called", "kingdom"), acts.applies_to_check("wit", "called", "kingdom")
(True, False)
>>> acts.to_data()
{'stats': ['search'], 'effects': [{'type': 'achievement', 'amount': 1}]}
>>> try:
...     read_acts({"effects": [{"type": "cover"}]}, "interrupt", file="court.toml", entry="characters[1].skills[0]")
... except DataError as err:
...     print(err.message("en"))  # doctest: +ELLIPSIS
court.toml, characters[1].skills[0]: an interrupt needs a 'trigger' ... for example trigger = "ally_attacked_here".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from meikyu.errors import DataError
from meikyu.systems.meikyu_kingdom.effects.vocabulary import (
    CHECKS,
    CONTEXTS,
    DATA_VOCABULARY,
    PERIODS,
    TARGETS,
    TIMINGS,
    TRIGGERS,
)
from meikyu.systems.meikyu_kingdom.tables.effects import STATS
from meikyu.tables import Effect, read_effects

ACT_FIELDS: tuple[str, ...] = ("trigger", "where", "checks", "stats", "target", "cost", "effects")
"""The fields data that acts adds to a skill's or an item's table (an item's timing is ``use``)."""

COST_FIELDS: tuple[str, ...] = ("hope", "minions", "hp", "used_up", "per")

_EXAMPLES = {
    "trigger": 'trigger = "ally_attacked_here"',
    "where": 'where = ["battle", "labyrinth"]',
    "checks": 'checks = ["search", "reputation"]',
    "stats": 'stats = ["search"]',
    "target": 'target = "ally_here"',
    "cost": 'cost = { hope = 1, per = "cycle" }',
    "cost.hope": "cost = { hope = 1 }",
    "cost.minions": 'cost = { minions = "1D6" }',
    "cost.hp": "cost = { hp = 2 }",
    "cost.used_up": "cost = { used_up = true }",
    "cost.per": 'cost = { per = "round" }',
    "effects": 'effects = [{ type = "achievement", amount = 1 }]',
    "use": 'use = "support"',
}


@dataclass(frozen=True)
class Cost:
    """What using the data costs: hope (R-MK-13), minions (a formula such as ``1D6``, lost as R-MK-19
    loses them), HP (not damage, R-MK-32), the item itself, and how often it may be used."""

    hope: int = 0
    minions: int | str = 0
    hp: int = 0
    used_up: bool = False
    per: str = ""
    """``cycle``, ``round`` or ``game``; ``""`` unlimited (auxiliaries and interrupts are still once
    per cycle by name, R-MK-08)."""

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in COST_FIELDS:
            value = getattr(self, name)
            if value not in (0, "", False):
                out[name] = value
        return out


@dataclass(frozen=True)
class Acts:
    """What a piece of data does and when (R-MK-08): its timing, the trigger an interrupt answers,
    where it works, what it costs and its effects, in :data:`~.vocabulary.DATA_VOCABULARY`."""

    timing: str
    effects: tuple[Effect, ...]
    trigger: str = ""
    where: tuple[str, ...] = ()
    """Contexts it works in (``battle``, ``labyrinth``, ``kingdom``); empty: everywhere."""
    checks: tuple[str, ...] = ()
    """Checks it applies to by purpose; with ``stats`` empty too, it is not tied to checks."""
    stats: tuple[str, ...] = ()
    """Checks it applies to by the stat rolled."""
    target: str = ""
    cost: Cost = field(default_factory=Cost)

    @property
    def chosen(self) -> bool:
        """Whether its owner chooses to use it (support, planned, auxiliary, interrupt), rather than it
        applying by itself (constant, equipment)."""
        return self.timing not in ("constant", "equipment")

    def works_in(self, context: str) -> bool:
        """Whether it works in ``context`` (``""``: a context nobody named, where everything works)."""
        return not self.where or not context or context in self.where

    def applies_to_check(self, stat: str, purpose: str, context: str = "") -> bool:
        """Whether it bears on a check of ``stat`` made for ``purpose`` in ``context``."""
        if not (self.checks or self.stats) or not self.works_in(context):
            return False
        return (not self.stats or stat in self.stats) and (not self.checks or purpose in self.checks)

    def of_type(self, *types: str) -> tuple[Effect, ...]:
        """Its effects of these types, in the order written."""
        return tuple(e for e in self.effects if e.type in types)

    def to_data(self) -> dict[str, Any]:
        """The fields as the sheet writes them (defaults left out; the timing is the holder's)."""
        out: dict[str, Any] = {}
        if self.trigger:
            out["trigger"] = self.trigger
        for name in ("where", "checks", "stats"):
            if getattr(self, name):
                out[name] = list(getattr(self, name))
        if self.target:
            out["target"] = self.target
        cost = self.cost.to_data()
        if cost:
            out["cost"] = cost
        out["effects"] = [e.to_data() for e in self.effects]
        return out


def read_acts(data: Mapping[str, Any], timing: str, *, file: str, entry: str,
              found: list[DataError] | None = None) -> Acts | None:
    """The acting part of a skill's or an item's table, or ``None`` when it lists no ``effects``.

    Every problem is a :class:`DataError` naming the file, the entry and the field, saying what is
    wrong and showing a line that would be right. Without ``found`` the first one raises; with it every
    problem of the table (each effect's, each field's) is added there, and the answer is ``None`` when
    there was any.

    >>> found: list[DataError] = []
    >>> read_acts({"target": "everyone", "effects": [{"type": "achievement"}, {"type": "hp", "amount": "1D"}]},
    ...           "support", file="court.toml", entry="characters[0].skills[1]", found=found)
    >>> [f"{err.params['entry']}.{err.params['field']}" for err in found]  # doctest: +NORMALIZE_WHITESPACE
    ['characters[0].skills[1].effects[0].amount', 'characters[0].skills[1].effects[1].amount',
     'characters[0].skills[1].target']
    """
    problems: list[DataError] = []

    def fail(key: str, fld: str, **params: Any) -> None:
        example = _EXAMPLES["effects"] if key == "no_effects" else _EXAMPLES.get(fld, _EXAMPLES["effects"])
        err = DataError(f"mk.error.acts.{key}", file=file, entry=entry, field=fld, example=example, **params)
        if found is None:
            raise err
        problems.append(err)

    def done(acts: Acts | None) -> Acts | None:
        if found is not None:
            found.extend(problems)
        return None if problems else acts

    if "effects" not in data:
        stray = [name for name in ACT_FIELDS if name in data]
        if stray:
            fail("no_effects", stray[0])
        return done(None)
    if timing not in TIMINGS:
        fail("choice", "use", value=timing, choices=", ".join(TIMINGS))
        return done(None)

    def words(name: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
        raw = data.get(name, [])
        if isinstance(raw, str):
            raw = [raw]
        if not isinstance(raw, list):
            fail("type", name, kind="a list of words", got=repr(raw)[:60])
            return ()
        for item in raw:
            if item not in allowed:
                fail("choice", name, value=item, choices=", ".join(allowed))
        return tuple(item for item in raw if item in allowed)

    def word(name: str, allowed: tuple[str, ...]) -> str:
        raw = data.get(name, "")
        if not isinstance(raw, str) or (raw and raw not in allowed):
            fail("choice", name, value=raw, choices=", ".join(a for a in allowed if a))
            return ""
        return raw

    trigger = word("trigger", TRIGGERS)
    if timing == "interrupt" and not trigger and "trigger" not in data:  # (a wrong one is told as such)
        fail("needs_trigger", "trigger", choices=", ".join(TRIGGERS))
    if trigger and timing not in ("interrupt", "auxiliary"):
        fail("trigger_timing", "trigger", timing=timing)
    before = len(problems)
    effects = read_effects(data["effects"], DATA_VOCABULARY, file=file, entry=entry,
                           found=None if found is None else problems)
    if not effects and len(problems) == before:
        fail("empty", "effects")
    return done(Acts(
        timing=timing,
        effects=effects,
        trigger=trigger,
        where=words("where", CONTEXTS),
        checks=words("checks", CHECKS),
        stats=words("stats", STATS),
        target=word("target", TARGETS),
        cost=_cost(data.get("cost", {}), fail),
    ))


def _cost(raw: Any, fail: Any) -> Cost:
    """The cost table; each problem told through ``fail`` (which raises, or records and goes on)."""
    if not isinstance(raw, Mapping):
        fail("type", "cost", kind="a table", got=repr(raw)[:60])
        return Cost()
    for key in raw:
        if key not in COST_FIELDS:
            fail("unknown", f"cost.{key}", value=key, choices=", ".join(COST_FIELDS))

    def count(name: str) -> int:
        value = raw.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
            fail("type", f"cost.{name}", kind="a whole number 0–99", got=repr(value))
            return 0
        return int(value)

    minions = raw.get("minions", 0)
    if isinstance(minions, bool) or not isinstance(minions, (int, str)):
        fail("type", "cost.minions", kind="a number or dice such as 1D6", got=repr(minions))
        minions = 0
    elif isinstance(minions, str):
        from meikyu.formula import FormulaSyntaxError, parse_formula

        try:
            parse_formula(minions)
        except FormulaSyntaxError:
            fail("type", "cost.minions", kind="a number or dice such as 1D6", got=repr(minions))
            minions = 0
    used_up = raw.get("used_up", False)
    if not isinstance(used_up, bool):
        fail("type", "cost.used_up", kind="true or false", got=repr(used_up))
        used_up = False
    per = raw.get("per", "")
    if per not in PERIODS:
        fail("choice", "cost.per", value=per, choices=", ".join(p for p in PERIODS if p))
        per = ""
    return Cost(hope=count("hope"), minions=minions, hp=count("hp"), used_up=used_up, per=per)
