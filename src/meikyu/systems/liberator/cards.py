"""Card data: jobs, action cards, feats, obstacles and enhancements, loaded from TOML.

One TOML file may hold any of the arrays ``[[jobs]]``, ``[[actions]]``, ``[[feats]]``,
``[[obstacles]]`` and ``[[enhancements]]``; the sample data ships one file per array under
``data/``, and players load their printed cards in the same format with :func:`load_cards`.
Reading reports every problem of a file at once (:mod:`meikyu.sheetdata`): the file, the path
(``actions[2].recovery``), what is wrong and an example; :func:`cards_schema` is that reader run on no data.

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
meikyu.sheetdata.reader.SheetProblems: mine.toml: 1 problem(s).
- feats[0].effect: '威力+9z' is not effect notation. For example: effect = "P威力+1"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from meikyu.errors import DataError
from meikyu.files import parse_toml, read_text
from meikyu.sheetdata.reader import Reader, Report, kind_word
from meikyu.sheetdata.schema import schema_of
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
DOCS = "lb.cards.doc"
"""Where each field's words live: ``lb.cards.doc.<kind>.<field>``."""
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
    names: Mapping[str, str] = field(default_factory=dict, compare=False)
    """The card's name per language (``names = {ko = …, ja = …, en = …}``, some or all): words, not rules, so
    left out of comparing and hashing (the odds are remembered per card)."""


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
    names: Mapping[str, str] = field(default_factory=dict, compare=False)
    """The card's name per language (``names = {ko = …, ja = …, en = …}``, some or all): words, not rules, so
    left out of comparing and hashing (the odds are remembered per card)."""

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
    names: Mapping[str, str] = field(default_factory=dict, compare=False)
    """The card's name per language (``names = {ko = …, ja = …, en = …}``, some or all): words, not rules, so
    left out of comparing and hashing (the odds are remembered per card)."""


@dataclass(frozen=True)
class ObstacleCard:
    """An obstacle: kind (which fixes the attribute) and target number."""

    id: str
    name: str
    kind: str
    target: int
    names: Mapping[str, str] = field(default_factory=dict, compare=False)
    """The card's name per language (``names = {ko = …, ja = …, en = …}``, some or all): words, not rules, so
    left out of comparing and hashing (the odds are remembered per card)."""

    @property
    def attribute(self) -> str:
        return KIND_ATTRIBUTE[self.kind]


@dataclass(frozen=True)
class Enhancement:
    """An enhancement attached to an obstacle; whoever removes that obstacle gets the bonus."""

    id: str
    name: str
    bonus: tuple[Effect, ...]
    names: Mapping[str, str] = field(default_factory=dict, compare=False)
    """The card's name per language (``names = {ko = …, ja = …, en = …}``, some or all): words, not rules, so
    left out of comparing and hashing (the odds are remembered per card)."""


@dataclass(frozen=True)
class CardSet:
    """Every card known to a table, by id."""

    jobs: dict[str, Job] = field(default_factory=dict)
    actions: dict[str, ActionCard] = field(default_factory=dict)
    feats: dict[str, Ability] = field(default_factory=dict)
    obstacles: dict[str, ObstacleCard] = field(default_factory=dict)
    enhancements: dict[str, Enhancement] = field(default_factory=dict)
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """Made once per set on first use (the name swaps of :func:`~meikyu.systems.liberator.names.localize`)."""

    def named(self) -> list[tuple[str, str, Mapping[str, str]]]:
        """Every card of the set (a job's effect too) as ``(id, name, names)``."""
        out = [(j.id, j.name, j.names) for j in self.jobs.values()]
        out += [(j.effect.id, j.effect.name, j.effect.names) for j in self.jobs.values()]
        for group in (self.actions, self.feats, self.obstacles, self.enhancements):
            out += [(c.id, c.name, c.names) for c in group.values()]
        return out

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


def _notation(r: Reader, field: str, text: str, allowed: frozenset[str], example: str) -> tuple[Effect, ...]:
    """Effect notation written at ``field``, every effect of a kind this place takes (else a problem)."""
    try:
        effects = parse_effects(text)
    except NotationError as exc:
        r.problem("lb.error.sheet.notation", field, text=exc.text, example=example)
        return ()
    for e in effects:
        if e.kind not in allowed:
            r.problem("lb.error.sheet.kind", field, text=e.notation(), example=example)
            return ()
    return effects


_NONE = Effect("exp")  # what a card with a problem holds while the rest of its file is read


def read_ability(r: Reader, prefix: str = "") -> Ability:
    """A feat (``[[feats]]``) or, with ``prefix = "effect_"``, a job's effect: one effect, an optional cost."""
    ident, name = r.text(prefix + "id"), r.text(prefix + "name")
    example = 'effect = "P威力+1"'
    effects = _notation(r, "effect", r.text("effect"), ABILITY_KINDS, example)
    if effects and len(effects) != 1:
        r.problem("lb.error.sheet.one_effect", "effect", count=len(effects), example=example)
    cost = r.text(prefix + "cost", "", choices=("", "*", *ATTRIBUTES))
    return Ability(ident, name, effects[0] if effects else _NONE, cost, r.text(prefix + "text", ""),
                   r.names(prefix + "names"))


def read_action(r: Reader) -> ActionCard:
    """An action card (``[[actions]]``): attribute, recovery, and per face 1–6 a power and effects."""
    ident, name = r.text("id"), r.text("name")
    attribute = r.text("attribute", choices=ATTRIBUTES)
    recovery = r.integer("recovery", minimum=1, maximum=MAX_RECOVERY)
    power = r.int_list("power", minimum=0, length=6) or (0,) * 6
    texts = r.seq("effects", of={"type": "string"}, length=6)
    effects = []
    for face, text in enumerate(texts, start=1):
        if not isinstance(text, str):
            r.problem("type", f"effects[{face - 1}]", kind=kind_word("text"), got=repr(text), example='"即:捨"')
            text = ""
        effects.append(_notation(r, f"effects[{face - 1}]", text, FACE_KINDS, '"付:P+1"'))
    action = ActionCard(ident, name, attribute, recovery, power, tuple(effects) or ((),) * 6, r.text("job", ""),
                          r.names())
    r.done()
    return action


def read_job(r: Reader) -> Job:
    """A job (``[[jobs]]``): three recommended action ids (one P, one M, one C) and its job effect."""
    ident, name, actions = r.text("id"), r.text("name"), r.str_list("actions", length=3)
    job = Job(ident, name, actions, read_ability(r, "effect_"), r.names())
    r.done()
    return job


def read_feat(r: Reader) -> Ability:
    feat = read_ability(r)
    r.done()
    return feat


def read_obstacle(r: Reader) -> ObstacleCard:
    """An obstacle (``[[obstacles]]``): its kind fixes its attribute; a target 1–10."""
    ident, name = r.text("id"), r.text("name")
    kind = r.text("kind", choices=KIND_ATTRIBUTE)
    attribute = r.text("attribute", "", choices=("", *ATTRIBUTES))
    if attribute and attribute != KIND_ATTRIBUTE[kind]:
        r.problem("lb.error.sheet.attribute", "attribute", value=attribute, kind=kind, expected=KIND_ATTRIBUTE[kind],
                  example=f'attribute = "{KIND_ATTRIBUTE[kind]}"')
    card = ObstacleCard(ident, name, kind, r.integer("target", minimum=1, maximum=10), r.names())
    r.done()
    return card


def read_enhancement(r: Reader) -> Enhancement:
    """An enhancement (``[[enhancements]]``): the bonus whoever removes its obstacle gets."""
    ident, name = r.text("id"), r.text("name")
    card = Enhancement(ident, name, _notation(r, "bonus", r.text("bonus"), BONUS_KINDS, 'bonus = "即:経験+1"'),
                       r.names())
    r.done()
    return card


SECTIONS: dict[str, tuple[str, Callable[[Reader], Any]]] = {
    "jobs": ("job", read_job),
    "actions": ("action", read_action),
    "feats": ("feat", read_feat),
    "obstacles": ("obstacle", read_obstacle),
    "enhancements": ("enhancement", read_enhancement),
}
"""A card file's arrays: the kind of entry each holds and its reader."""


def read_card_file(r: Reader) -> CardSet:
    """Every array of a card file (any of :data:`SECTIONS`), ids unique within each."""
    parts: dict[str, dict[str, Any]] = {}
    for section, (kind, read) in SECTIONS.items():
        cards = r.tables(section, read, kind=kind)
        raw = r.data.get(section)
        written = [x.get("id") if isinstance(x, Mapping) else None for x in raw] if isinstance(raw, list) else []
        for index, ident in enumerate(written):
            if isinstance(ident, str) and ident in written[:index]:
                r.sub({}, f"{section}[{index}]").problem("duplicate", "id", value=ident, example=f'id = "{ident}2"')
        parts[section] = {card.id: card for card in cards}
    r.flag("sample", False)
    r.done()
    return CardSet(**parts)


def check_card_file(data: Mapping[str, Any], file: str = "<cards>") -> tuple[CardSet, Report]:
    """Read a parsed card file and return it with its report unraised (every problem, for an editor);
    the cards mean something only when the report has no problem.

    >>> cards, report = check_card_file({"feats": [{"id": "x", "name": "X", "effect": "威力+9z", "cots": "P"}]}, "mine.toml")
    >>> from meikyu.sheetdata.reader import findings
    >>> [f["path"] for f in findings(report.problems, "en")]
    ['feats[0].effect', 'feats[0].cots']
    """
    report = Report(file)
    cards = read_card_file(Reader(data, file=file, entry="", report=report))
    return cards, report


def read_cards(data: Mapping[str, Any], file: str = "<cards>") -> CardSet:
    """A parsed card file; raises :class:`~meikyu.sheetdata.reader.SheetProblems` with every problem."""
    cards, report = check_card_file(data, file)
    report.check()
    return cards


def load_cards(text: str, file: str = "<cards>") -> CardSet:
    """Read cards from TOML text; ``file`` names the source in error messages."""
    return read_cards(parse_toml(text, file), file)


def cards_schema(lang: str = "en") -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a card file, from :func:`read_card_file` itself."""
    return schema_of("cards", read_card_file, lang, "Liberator cards", docs=DOCS)


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
