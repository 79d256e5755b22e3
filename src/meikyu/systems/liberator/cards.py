"""Card data: jobs, action cards, feats, obstacles and enhancements, loaded from TOML.

One TOML file may hold any of the arrays ``[[jobs]]``, ``[[actions]]``, ``[[feats]]``,
``[[obstacles]]`` and ``[[enhancements]]``; the sample data ships one file per array under
``data/``, and players load their printed cards in the same format with :func:`load_cards`.
Every problem is a :class:`~meikyu.errors.DataError` naming the file, the entry and the field.

>>> cards = sample_cards()
>>> len(cards.jobs), len(cards.actions)
(10, 36)
>>> a = cards.actions["swing"]
>>> a.name, a.attribute, a.recovery, a.power_on(6)
('振り回し', 'P', 6, 6)
>>> cards.jobs["warrior"].actions
('swing', 'battle_wisdom', 'sworn_brothers')
>>> load_cards('[[feats]]\\nid = "x"\\nname = "X"\\neffect = "威力+9z"', "mine.toml")
Traceback (most recent call last):
...
meikyu.errors.DataError: mine.toml: feats 'x': field 'effect' — '威力+9z' is not effect notation (examples: 即:捨, 付:P+1, 追:C, 威力+2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from meikyu.errors import DataError
from meikyu.files import parse_toml, read_text
from meikyu.systems.liberator.effects import (
    ABILITY_KINDS,
    ATTRIBUTES,
    BONUS_KINDS,
    FACE_KINDS,
    Effect,
    NotationError,
    parse_effects,
)

KIND_ATTRIBUTE: dict[str, str] = {
    "combat": "P",
    "athletics": "P",
    "wits": "M",
    "search": "M",
    "lore": "M",
    "negotiation": "C",
    "scene": "C",
    "craft": "C",
}
"""Obstacle kinds and the attribute each belongs to."""

MAX_RECOVERY = 8
SAMPLE_FILES = ("jobs.toml", "actions.toml", "feats.toml", "obstacles.toml", "enhancements.toml")


@dataclass(frozen=True)
class Ability:
    """A job effect or a feat: usable once per scenario; ``cost`` is an attribute (or ``*``) whose
    card must be discarded from hand to use it (R-LB-11), empty for none."""

    id: str
    name: str
    effect: Effect
    cost: str = ""
    text: str = ""


@dataclass(frozen=True)
class ActionCard:
    """An action: attribute, recovery target (1–8) and, per die face 1–6, a power and effects."""

    id: str
    name: str
    attribute: str
    recovery: int
    power: tuple[int, ...]
    effects: tuple[tuple[Effect, ...], ...]
    job: str = ""

    def power_on(self, face: int) -> int:
        """Printed power for a die face 1–6."""
        return self.power[face - 1]

    def effects_on(self, face: int) -> tuple[Effect, ...]:
        """Printed special effects for a die face 1–6."""
        return self.effects[face - 1]

    def follow_up(self, face: int) -> str:
        """The follow-up (追撃) attribute the face grants, or ``""``."""
        return next((e.attribute for e in self.effects_on(face) if e.kind == "follow_up"), "")


@dataclass(frozen=True)
class Job:
    """A job: its three recommended actions (P, M, C) and its job effect."""

    id: str
    name: str
    actions: tuple[str, ...]
    effect: Ability


@dataclass(frozen=True)
class ObstacleCard:
    """An obstacle: kind (which fixes the attribute) and target number."""

    id: str
    name: str
    kind: str
    target: int

    @property
    def attribute(self) -> str:
        return KIND_ATTRIBUTE[self.kind]


@dataclass(frozen=True)
class Enhancement:
    """An enhancement attached to an obstacle; whoever removes that obstacle gets the bonus."""

    id: str
    name: str
    bonus: tuple[Effect, ...]


@dataclass(frozen=True)
class CardSet:
    """Every card known to a table, by id."""

    jobs: dict[str, Job] = field(default_factory=dict)
    actions: dict[str, ActionCard] = field(default_factory=dict)
    feats: dict[str, Ability] = field(default_factory=dict)
    obstacles: dict[str, ObstacleCard] = field(default_factory=dict)
    enhancements: dict[str, Enhancement] = field(default_factory=dict)

    def merged(self, other: CardSet) -> CardSet:
        """This set with ``other``'s cards added (same id: ``other`` wins)."""
        return CardSet(
            {**self.jobs, **other.jobs},
            {**self.actions, **other.actions},
            {**self.feats, **other.feats},
            {**self.obstacles, **other.obstacles},
            {**self.enhancements, **other.enhancements},
        )

    def ability(self, ident: str) -> Ability | None:
        """A feat by id, or a job effect by the job effect's id."""
        if ident in self.feats:
            return self.feats[ident]
        return next((j.effect for j in self.jobs.values() if j.effect.id == ident), None)


class _Entry:
    """Reads fields of one TOML entry, raising DataError that names file, entry and field."""

    def __init__(self, file: str, section: str, raw: Any, index: int) -> None:
        if not isinstance(raw, dict):
            raise DataError(
                "lb.error.data.bad",
                file=file,
                entry=f"{section}[{index}]",
                field="-",
                value=raw,
                expected="table",
            )
        self.file, self.raw = file, raw
        ident = raw.get("id")
        self.entry = f"{section} '{ident}'" if isinstance(ident, str) else f"{section}[{index}]"

    def bad(self, name: str, value: Any, expected: str) -> DataError:
        return DataError(
            "lb.error.data.bad", file=self.file, entry=self.entry, field=name, value=value, expected=expected
        )

    def get(self, name: str, tp: type, default: Any = None) -> Any:
        if name not in self.raw:
            if default is None:
                raise DataError("lb.error.data.missing", file=self.file, entry=self.entry, field=name)
            return default
        value = self.raw[name]
        if not isinstance(value, tp) or isinstance(value, bool):
            raise self.bad(name, value, tp.__name__)
        return value

    def text(self, name: str, default: str | None = None) -> str:
        value: str = self.get(name, str, default)
        if default is None and not value.strip():
            raise self.bad(name, value, "non-empty text")
        return value

    def effects(self, name: str, text: str, allowed: frozenset[str]) -> tuple[Effect, ...]:
        try:
            effects = parse_effects(text)
        except NotationError as exc:
            raise DataError(
                "lb.error.data.notation", file=self.file, entry=self.entry, field=name, text=exc.text
            ) from None
        for e in effects:
            if e.kind not in allowed:
                raise DataError(
                    "lb.error.data.kind", file=self.file, entry=self.entry, field=name, text=e.notation()
                )
        return effects

    def attribute(self, name: str, allow_any: bool = False) -> str:
        value = self.text(name, "" if allow_any else None)
        if value not in ATTRIBUTES and not (allow_any and value in ("", "*")):
            raise self.bad(name, value, "P, M or C" + (" (or * / empty)" if allow_any else ""))
        return value


def _ability(e: _Entry, prefix: str = "") -> Ability:
    effects = e.effects("effect", e.text("effect"), ABILITY_KINDS)
    if len(effects) != 1:
        raise e.bad("effect", e.raw.get("effect"), "exactly one effect")
    cost = e.attribute(prefix + "cost", allow_any=True)
    return Ability(
        e.text(prefix + "id"), e.text(prefix + "name"), effects[0], cost, e.text(prefix + "text", "")
    )


def _action(e: _Entry) -> ActionCard:
    attribute = e.attribute("attribute")
    recovery = e.get("recovery", int)
    if not 1 <= recovery <= MAX_RECOVERY:
        raise e.bad("recovery", recovery, f"1–{MAX_RECOVERY}")
    power = e.get("power", list)
    if len(power) != 6 or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in power):
        raise e.bad("power", power, "6 whole numbers ≥ 0 (faces 1–6)")
    texts = e.get("effects", list)
    if len(texts) != 6 or not all(isinstance(t, str) for t in texts):
        raise e.bad("effects", texts, "6 texts (faces 1–6)")
    effects = tuple(e.effects(f"effects[{i + 1}]", t, FACE_KINDS) for i, t in enumerate(texts))
    return ActionCard(
        e.text("id"), e.text("name"), attribute, recovery, tuple(power), effects, e.text("job", "")
    )


def _job(e: _Entry) -> Job:
    actions = e.get("actions", list)
    if len(actions) != 3 or not all(isinstance(a, str) for a in actions):
        raise e.bad("actions", actions, "3 action ids (P, M, C)")
    return Job(e.text("id"), e.text("name"), tuple(actions), _ability(e, "effect_"))


def _obstacle(e: _Entry) -> ObstacleCard:
    kind = e.text("kind")
    if kind not in KIND_ATTRIBUTE:
        raise e.bad("kind", kind, ", ".join(KIND_ATTRIBUTE))
    if "attribute" in e.raw and e.raw["attribute"] != KIND_ATTRIBUTE[kind]:
        raise e.bad("attribute", e.raw["attribute"], KIND_ATTRIBUTE[kind] + f" (the attribute of {kind})")
    target = e.get("target", int)
    if not 1 <= target <= 10:
        raise e.bad("target", target, "1–10")
    return ObstacleCard(e.text("id"), e.text("name"), kind, target)


def _enhancement(e: _Entry) -> Enhancement:
    return Enhancement(e.text("id"), e.text("name"), e.effects("bonus", e.text("bonus"), BONUS_KINDS))


_READERS: dict[str, Any] = {
    "jobs": _job,
    "actions": _action,
    "feats": _ability,
    "obstacles": _obstacle,
    "enhancements": _enhancement,
}


def load_cards(text: str, file: str = "<cards>") -> CardSet:
    """Read cards from TOML text; ``file`` names the source in error messages."""
    doc = parse_toml(text, file)
    unknown = sorted(set(doc) - set(_READERS) - {"sample", "note"})
    if unknown:
        raise DataError("lb.error.data.section", file=file, section=unknown[0], known=", ".join(_READERS))
    parts: dict[str, dict[str, Any]] = {name: {} for name in _READERS}
    for section, reader in _READERS.items():
        items = doc.get(section, [])
        if not isinstance(items, list):
            raise DataError(
                "lb.error.data.bad",
                file=file,
                entry=section,
                field="-",
                value=type(items).__name__,
                expected="[[" + section + "]] array",
            )
        for index, raw in enumerate(items):
            entry = _Entry(file, section, raw, index)
            card = reader(entry)
            if card.id in parts[section]:
                raise DataError("lb.error.data.duplicate", file=file, entry=entry.entry, field="id")
            parts[section][card.id] = card
    return CardSet(**parts)


def load_card_file(path: str | Path) -> CardSet:
    """Read a card file from disk (a player's own printed cards, say)."""
    return load_cards(read_text(path), str(path))


def check_references(cards: CardSet, file: str = "<cards>") -> None:
    """Every job's recommended actions must exist: one P, one M and one C."""
    for job in cards.jobs.values():
        attrs = []
        for ident in job.actions:
            if ident not in cards.actions:
                raise DataError(
                    "lb.error.data.unknown_ref",
                    file=file,
                    entry=f"jobs '{job.id}'",
                    field="actions",
                    value=ident,
                )
            attrs.append(cards.actions[ident].attribute)
        if sorted(attrs) != sorted(ATTRIBUTES):
            raise DataError(
                "lb.error.data.bad",
                file=file,
                entry=f"jobs '{job.id}'",
                field="actions",
                value=attrs,
                expected="one P, one M and one C",
            )


@cache
def sample_cards() -> CardSet:
    """The project's sample cards (jobs, 36 actions, feats, obstacles, enhancements), read once."""
    cards = CardSet()
    package = resources.files("meikyu.systems.liberator.data")
    for name in SAMPLE_FILES:
        cards = cards.merged(
            load_cards(package.joinpath(name).read_text(encoding="utf-8"), f"liberator/data/{name}")
        )
    check_references(cards, "liberator/data")
    return cards
