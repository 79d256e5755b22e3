"""Tables as values: localized texts, effects, entries, dice kinds, rolls, and the vocabularies of
effect types a game system lets its tables use."""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from meikyu.dice.source import Dice
from meikyu.errors import InputError

LANGS: tuple[str, ...] = ("ko", "ja", "en")
MAX_FILE_BYTES = 1 << 20
"""Largest table file :func:`load_table` reads."""
MAX_USER_BYTES = 64 * 1024
"""Largest original-table text :func:`parse_user_table` reads."""
MAX_USER_LINES = 1000
"""Most lines an original-table text may have."""
MAX_VALUES = 1000
"""Most distinct roll values a table's dice may produce."""
MAX_EFFECT_DEPTH = 8
"""How deeply effects may nest (an effect list inside an effect's parameter, and so on)."""

TABLE_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_\-]{0,31}")


# --------------------------------------------------------------------------------------------------
# Values


class Localized(Mapping[str, str]):
    """An immutable, hashable mapping of language code to text.

    >>> t = Localized({"ko": "물", "ja": "水", "en": "water"})
    >>> t["ja"], t.pick("fr"), len(t)
    ('水', 'water', 3)
    """

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, str] | Iterable[tuple[str, str]] = ()) -> None:
        pairs = items.items() if isinstance(items, Mapping) else items
        self._items: tuple[tuple[str, str], ...] = tuple(sorted((str(k), str(v)) for k, v in pairs))

    def __getitem__(self, key: str) -> str:
        for k, v in self._items:
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Localized):
            return self._items == other._items
        return isinstance(other, Mapping) and dict(self._items) == dict(other)

    def __repr__(self) -> str:
        return f"Localized({dict(self._items)!r})"

    def pick(self, lang: str) -> str:
        """The text in ``lang``, else English, else any language there is, else ``""``."""
        for want in (lang, "en"):
            for k, v in self._items:
                if k == want:
                    return v
        return self._items[0][1] if self._items else ""


@dataclass(frozen=True, slots=True)
class Effect:
    """One structured effect of a table entry: a ``type`` and its parameters.

    Parameter values are ints, bools, strings, tuples of strings, or tuples of nested effects.

    >>> e = Effect("citizens", (("amount", "-2D6"), ("saved_by_material", "meat")))
    >>> e.get("amount"), e.get("missing", 0), e["saved_by_material"]
    ('-2D6', 0, 'meat')
    >>> e.to_data()
    {'type': 'citizens', 'amount': '-2D6', 'saved_by_material': 'meat'}
    """

    type: str
    params: tuple[tuple[str, object], ...] = ()

    def get(self, name: str, default: object = None) -> object:
        """The parameter ``name``, or ``default`` when the effect does not set it."""
        for key, value in self.params:
            if key == name:
                return value
        return default

    def __getitem__(self, name: str) -> object:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    def effects(self, name: str) -> tuple[Effect, ...]:
        """A nested effect list parameter (``on_failure``, ``then`` …); empty when not set."""
        value = self.get(name, ())
        if isinstance(value, tuple) and all(isinstance(v, Effect) for v in value):
            return value
        return ()

    def to_data(self) -> dict[str, object]:
        """Plain data (the TOML inline table it came from)."""
        out: dict[str, object] = {"type": self.type}
        for key, value in self.params:
            out[key] = _plain(value)
        return out


def _plain(value: object) -> object:
    if isinstance(value, Effect):
        return value.to_data()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class TableEntry:
    """The rows ``low``..``high`` (inclusive) of a table."""

    low: int
    high: int
    text: Localized
    effects: tuple[Effect, ...] = ()

    def covers(self, value: int) -> bool:
        """Whether roll ``value`` selects this entry."""
        return self.low <= value <= self.high

    @property
    def label(self) -> str:
        """``"4"`` or ``"1-2"``."""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class DiceKind:
    """How a table is rolled: ``nDm`` sums or a D66 variant (see the module docstring)."""

    name: str
    count: int = 0
    sides: int = 0
    d66: str = ""
    """``""`` for sums; ``"asc"`` (lower die is tens), ``"first"`` or ``"desc"`` for D66 kinds."""

    def values(self) -> tuple[int, ...]:
        """Every roll value the dice can produce, ascending.

        >>> parse_dice_kind("D66").values()[:7]
        (11, 12, 13, 14, 15, 16, 22)
        """
        return _values(self)

    def draw(self, dice: Dice) -> tuple[int, tuple[int, ...]]:
        """Draw the dice; returns ``(roll value, dice in draw order)``."""
        if self.d66:
            first, second = dice.roll(6), dice.roll(6)
            if self.d66 == "asc":
                tens, ones = min(first, second), max(first, second)
            elif self.d66 == "desc":
                tens, ones = max(first, second), min(first, second)
            else:
                tens, ones = first, second
            return tens * 10 + ones, (first, second)
        rolls = tuple(dice.roll(self.sides) for _ in range(self.count))
        return sum(rolls), rolls


@lru_cache(maxsize=64)
def _values(kind: DiceKind) -> tuple[int, ...]:
    if kind.d66 == "asc":
        return tuple(t * 10 + o for t in range(1, 7) for o in range(t, 7))
    if kind.d66 == "desc":
        return tuple(sorted(t * 10 + o for t in range(1, 7) for o in range(1, t + 1)))
    if kind.d66:
        return tuple(t * 10 + o for t in range(1, 7) for o in range(1, 7))
    return tuple(range(kind.count, kind.count * kind.sides + 1))


_SUM = re.compile(r"([0-9]{1,4})D([0-9]{1,5})")
_D66 = {"D66": "asc", "D66A": "asc", "D66S": "asc", "D66N": "first", "D66D": "desc"}


@lru_cache(maxsize=256)
def parse_dice_kind(text: str) -> DiceKind:
    """Read a table's dice: ``1D6``, ``2D6``, ``1D3``, ``3D6``, ``D66``, ``D66N``, ``D66D`` (any case).

    ``D66A`` and ``D66S`` are accepted as ``D66``. Raises ``ValueError`` (with a reason) otherwise;
    the loaders turn it into a :class:`~meikyu.errors.DataError`.

    >>> parse_dice_kind("2d6")
    DiceKind(name='2D6', count=2, sides=6, d66='')
    >>> parse_dice_kind("d66s").name
    'D66'
    """
    word = text.strip().upper()
    if word in _D66:
        order = _D66[word]
        return DiceKind({"asc": "D66", "first": "D66N", "desc": "D66D"}[order], d66=order)
    m = _SUM.fullmatch(word)
    if m is None:
        raise ValueError(text)
    count, sides = int(m.group(1)), int(m.group(2))
    if count < 1 or sides < 1 or count * (sides - 1) + 1 > MAX_VALUES:
        raise ValueError(text)
    return DiceKind(f"{count}D{sides}", count=count, sides=sides)


@dataclass(frozen=True, slots=True)
class TableRoll:
    """The outcome of rolling a table: the value the dice made, the entry it selects, the dice."""

    table: Table
    value: int
    entry: TableEntry
    rolls: tuple[int, ...]

    @property
    def rands(self) -> tuple[tuple[int, int], ...]:
        """The dice drawn as ``(sides, value)`` pairs, in draw order (bcdice-api's ``rands``).

        >>> from meikyu.dice.source import ScriptedDice
        >>> from meikyu.tables import parse_user_table
        >>> parse_user_table("Coin\\n1D2\\n1:heads\\n2:tails").roll(ScriptedDice([2])).rands
        ((2, 2),)
        """
        kind = self.table.kind
        sides = 6 if kind.d66 else kind.sides
        return tuple((sides, value) for value in self.rolls)

    @property
    def effects(self) -> tuple[Effect, ...]:
        """The selected entry's effects."""
        return self.entry.effects

    def text(self, lang: str = "en") -> str:
        """The entry text in ``lang``."""
        return self.entry.text.pick(lang)

    def render(self, lang: str = "en") -> str:
        """``"{name}({value}) > {text}"`` in ``lang``."""
        return f"{self.table.name.pick(lang)}({self.value}) > {self.text(lang)}"

    def bcdice_text(self) -> str:
        """BCDice's line for this roll: ``"{ja name}({value}) ＞ {ja text}"``."""
        return f"{self.table.name.pick('ja')}({self.value}) ＞ {self.text('ja')}"


@dataclass(frozen=True, slots=True)
class Table:
    """A random table. ``dice`` is the canonical dice name (``2D6``, ``D66`` …)."""

    id: str
    dice: str
    name: Localized
    entries: tuple[TableEntry, ...]
    source: str = field(default="", compare=False)
    """Where the table came from (file name), for messages."""

    @property
    def kind(self) -> DiceKind:
        """The parsed dice kind."""
        return parse_dice_kind(self.dice)

    def entry_for(self, value: int) -> TableEntry:
        """The entry roll ``value`` selects; :class:`~meikyu.errors.InputError` when none does."""
        for entry in self.entries:
            if entry.low <= value <= entry.high:
                return entry
        raise InputError("error.table.no_entry", table=self.id, value=value, dice=self.dice)

    def roll(self, dice: Dice) -> TableRoll:
        """Draw this table's dice from ``dice`` and select the entry."""
        value, rolls = self.kind.draw(dice)
        return TableRoll(self, value, self.entry_for(value), rolls)


# --------------------------------------------------------------------------------------------------
# Vocabularies: which effect types a table may use, and their parameters

PARAM_KINDS = ("int", "bool", "str", "enum", "formula", "effects", "enums")


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of an effect type.

    ``kind``: ``int``, ``bool``, ``str``, ``enum`` (one of ``choices``), ``enums`` (a list of them),
    ``formula`` (an int or a formula text over the vocabulary's variables), ``effects`` (a nested
    effect list).
    """

    kind: str
    doc: str
    required: bool = False
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EffectType:
    """An effect type: what it does (``doc``) and its parameters."""

    doc: str
    params: tuple[tuple[str, Param], ...] = ()

    def param(self, name: str) -> Param | None:
        """The parameter spec called ``name``, if any."""
        for key, spec in self.params:
            if key == name:
                return spec
        return None


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """The effect types and formula variables a family of tables may use."""

    name: str
    types: Mapping[str, EffectType]
    variables: Mapping[str, str]
    """Formula variable name -> what it means."""

    def describe(self) -> str:
        """The vocabulary as Markdown (the EFFECTS.md of a data folder)."""
        lines = [f"# Effect vocabulary: {self.name}", ""]
        lines.append("Formulas (`formula` parameters) are integers or texts in the grammar of `meikyu.formula`")
        lines.append("(`+ - * /`, `/` rounds down, `NdM` dice, `max()`, `min()`) over these variables:")
        lines.append("")
        for var, doc in sorted(self.variables.items()):
            lines.append(f"- `{var}`: {doc}")
        lines.append("")
        lines.append("## Effect types")
        for type_name in sorted(self.types):
            spec = self.types[type_name]
            lines.append("")
            lines.append(f"### `{type_name}`")
            lines.append(spec.doc)
            for pname, p in spec.params:
                kind = p.kind + (f" ({' | '.join(p.choices)})" if p.choices else "")
                need = "required" if p.required else "optional"
                lines.append(f"- `{pname}` — {kind}, {need}: {p.doc}")
        return "\n".join(lines) + "\n"


EMPTY_VOCABULARY = Vocabulary("none", {}, {})


_MOVED = {"meikyu.systems.meikyu_kingdom.table_effects": "meikyu.systems.meikyu_kingdom.tables.effects"}
"""Vocabularies whose module moved, by the name table files written before the move give them."""


def vocabulary_named(name: str) -> Vocabulary | None:
    """A vocabulary named in a table file: a ``meikyu.`` module holding ``VOCABULARY`` (a moved one by its old
    name too).

    >>> vocabulary_named("meikyu.systems.meikyu_kingdom.table_effects") is vocabulary_named(
    ...     "meikyu.systems.meikyu_kingdom.tables.effects") is not None
    True
    """
    name = _MOVED.get(name, name)
    if not name.startswith("meikyu.") or not re.fullmatch(r"[a-z_][a-z0-9_.]*", name):
        return None
    try:
        module = importlib.import_module(name)
    except ImportError:
        return None
    vocab = getattr(module, "VOCABULARY", None)
    return vocab if isinstance(vocab, Vocabulary) else None
