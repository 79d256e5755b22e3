"""Data-driven random tables: a table is TOML data, rolled through a :class:`~meikyu.dice.source.Dice`.

A :class:`Table` has an id, a dice kind, a name in Korean, Japanese and English, and entries; each
:class:`TableEntry` covers a range of roll values, has a short text per language and structured
:class:`Effect` values a program can apply. Nothing here knows any game: the effect types a table
may use come from a :class:`Vocabulary` that the game system defines.

Dice kinds, drawn exactly as BCDice draws them (so dice rolled elsewhere replay exactly):

- ``nDm`` (``1D6``, ``2D6``, ``3D6``, ``1D3`` …): n draws of a dm, summed.
- ``D66``: two d6 draws; the lower die is the tens digit (BCDice's ascending D66; 21 values).
- ``D66N``: two d6 draws; the first die is the tens digit (36 values).
- ``D66D``: two d6 draws; the higher die is the tens digit (21 values).

A table in TOML::

    id = "DRINK"
    dice = "1D3"
    name = { ko = "음료표", ja = "飲み物表", en = "Drinks" }
    vocabulary = "meikyu.systems.meikyu_kingdom.table_effects"   # optional

    [[entries]]
    roll = 1                       # one value, or [low, high] for a range
    text = { ko = "물", ja = "水", en = "water" }
    effects = []                   # inline tables, each with a "type"

>>> from meikyu.dice.source import ScriptedDice
>>> table = load_table("drinks.toml", '''
... id = "DRINK"
... dice = "1D3"
... name = { ko = "음료표", ja = "飲み物表", en = "Drinks" }
... [[entries]]
... roll = [1, 2]
... text = { ko = "물", ja = "水", en = "water" }
... [[entries]]
... roll = 3
... text = { ko = "차", ja = "お茶", en = "tea" }
... ''')
>>> result = table.roll(ScriptedDice([3]))
>>> result.value, result.text("en"), result.rolls
(3, 'tea', (3,))
>>> result.bcdice_text()
'飲み物表(3) ＞ お茶'
>>> table.entry_for(2).text["ko"]
'물'

Every roll value must be covered exactly once; a gap, an overlap, a missing language or an unknown
effect is a :class:`~meikyu.errors.DataError` naming the file, the entry and the field:

>>> try:
...     load_table("bad.toml", 'id = "X"\\ndice = "1D6"\\nname = { ko = "x", ja = "x", en = "x" }\\nentries = []')
... except DataError as err:
...     print(err.message("en"))
bad.toml [*] entries: no entry covers roll(s) 1, 2, 3, 4, 5, 6 of 1D6; each roll needs exactly one entry.

BCDice's "original table" text (as posted to bcdice-api's ``/v2/original_table``) is read by
:func:`parse_user_table`:

>>> user = parse_user_table("Drinks\\n1D3\\n1:water\\n2:tea\\n3:coffee")
>>> user.dice, user.roll(ScriptedDice([2])).bcdice_text()
('1D3', 'Drinks(2) ＞ tea')
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from meikyu.dice.source import Dice
from meikyu.errors import DataError, InputError
from meikyu.files import parse_toml, read_text
from meikyu.formula import FormulaSyntaxError, parse_formula

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

_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_\-]{0,31}")


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


def _vocabulary_named(name: str) -> Vocabulary | None:
    """A vocabulary named in a table file: a ``meikyu.`` module holding ``VOCABULARY``."""
    if not name.startswith("meikyu.") or not re.fullmatch(r"[a-z_][a-z0-9_.]*", name):
        return None
    try:
        module = importlib.import_module(name)
    except ImportError:
        return None
    vocab = getattr(module, "VOCABULARY", None)
    return vocab if isinstance(vocab, Vocabulary) else None


# --------------------------------------------------------------------------------------------------
# Loading TOML tables


class _Where:
    """File and entry names for error messages."""

    def __init__(self, file: str) -> None:
        self.file = file

    def error(self, key: str, entry: str, fld: str, reason: object = "", **more: object) -> DataError:
        return DataError(f"error.data.{key}", file=self.file, entry=entry, field=fld, reason=reason, **more)


_TABLE_KEYS = ("id", "dice", "name", "vocabulary", "entries")
_ENTRY_KEYS = ("roll", "text", "effects")


def load_table(source: str | Path, text: str | None = None, *, vocabulary: Vocabulary | None = None) -> Table:
    """Read and validate a table from TOML.

    ``source`` is the file to read, or, when ``text`` is given, only the name used in messages.
    Effects are checked against ``vocabulary``, else the vocabulary the file names in its
    ``vocabulary`` key, else none (a table without a vocabulary may have no effects).
    Every problem is a :class:`~meikyu.errors.DataError` naming the file, the entry and the field.
    """
    where = _Where(Path(source).name if isinstance(source, Path) else str(source))
    if text is None:
        text = read_text(source, MAX_FILE_BYTES)
    elif len(text) > MAX_FILE_BYTES:
        raise where.error("too_large", "*", "-", f"{len(text)} characters", limit=f"{MAX_FILE_BYTES} bytes")
    data = parse_toml(text, where.file)
    return table_from_data(data, where.file, vocabulary=vocabulary)


def table_from_data(data: Mapping[str, Any], file: str, *, vocabulary: Vocabulary | None = None) -> Table:
    """Validate already-parsed TOML data (see :func:`load_table`)."""
    where = _Where(file)
    for key in data:
        if key not in _TABLE_KEYS:
            raise where.error("unknown_field", "*", key, key, allowed=", ".join(_TABLE_KEYS))
    table_id = _need(where, data, "id", str, "*")
    if not _ID.fullmatch(table_id):
        raise where.error("bad_value", "*", "id", table_id, expected="letters, digits, _ or - (at most 32)")
    dice_text = _need(where, data, "dice", str, "*")
    try:
        kind = parse_dice_kind(dice_text)
    except ValueError:
        raise where.error("bad_dice", "*", "dice", dice_text) from None
    name = _localized(where, data.get("name"), "*", "name")
    if vocabulary is None:
        vocab_name = data.get("vocabulary")
        if vocab_name is None:
            vocabulary = EMPTY_VOCABULARY
        else:
            found = _vocabulary_named(vocab_name) if isinstance(vocab_name, str) else None
            if found is None:
                raise where.error("unknown_vocabulary", "*", "vocabulary", vocab_name)
            vocabulary = found
    raw_entries = data.get("entries")
    if raw_entries is None:
        raise where.error("missing", "*", "entries")
    if not isinstance(raw_entries, list):
        raise where.error("bad_type", "*", "entries", _type_name(raw_entries), expected="an array of tables")
    valid = set(kind.values())
    owner: dict[int, str] = {}
    entries: list[TableEntry] = []
    for index, raw in enumerate(raw_entries, start=1):
        label = f"#{index}"
        if not isinstance(raw, dict):
            raise where.error("bad_type", label, "entries", _type_name(raw), expected="a table")
        for key in raw:
            if key not in _ENTRY_KEYS:
                raise where.error("unknown_field", label, key, key, allowed=", ".join(_ENTRY_KEYS))
        low, high = _roll_range(where, raw.get("roll"), label)
        label = f"#{index} ({low if low == high else f'{low}-{high}'})"
        for value in range(low, high + 1) if high - low <= MAX_VALUES else (low, high):
            if value not in valid:
                raise where.error(
                    "bad_range", label, "roll", value, dice=kind.name, low=min(valid), high=max(valid)
                )
            if value in owner:
                raise where.error("overlap", label, "roll", value, value=value, other=owner[value])
            owner[value] = label
        texts = _localized(where, raw.get("text"), label, "text")
        effects = _effects(where, vocabulary, raw.get("effects", []), label, "effects", 0)
        entries.append(TableEntry(low, high, texts, effects))
    gap = [v for v in kind.values() if v not in owner]
    if gap:
        shown = ", ".join(str(v) for v in gap[:12]) + (" …" if len(gap) > 12 else "")
        raise where.error("gap", "*", "entries", shown, dice=kind.name)
    entries.sort(key=lambda e: e.low)
    return Table(table_id, kind.name, name, tuple(entries), source=where.file)


def _type_name(value: object) -> str:
    return {
        bool: "a boolean", int: "an integer", float: "a decimal number", str: "a string",
        list: "an array", dict: "a table",
    }.get(type(value), type(value).__name__)


def _need(where: _Where, data: Mapping[str, Any], key: str, typ: type, entry: str) -> Any:
    if key not in data:
        raise where.error("missing", entry, key)
    value = data[key]
    if not isinstance(value, typ) or isinstance(value, bool) and typ is not bool:
        expected = {str: "a string", int: "an integer"}.get(typ, typ.__name__)
        raise where.error("bad_type", entry, key, _type_name(value), expected=expected)
    return value


def _roll_range(where: _Where, raw: object, label: str) -> tuple[int, int]:
    if raw is None:
        raise where.error("missing", label, "roll")
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw, raw
    if (
        isinstance(raw, list)
        and len(raw) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in raw)
        and raw[0] <= raw[1]
    ):
        return raw[0], raw[1]
    raise where.error("bad_type", label, "roll", repr(raw)[:40], expected="an integer or [low, high] with low <= high")


def _localized(where: _Where, raw: object, label: str, fld: str) -> Localized:
    if raw is None:
        raise where.error("missing", label, fld)
    if not isinstance(raw, dict):
        raise where.error("bad_type", label, fld, _type_name(raw), expected="a table of ko, ja and en texts")
    for lang in LANGS:
        value = raw.get(lang)
        if not isinstance(value, str) or not value.strip():
            raise where.error("missing_text", label, f"{fld}.{lang}", lang, language=lang)
    for key in raw:
        if key not in LANGS:
            raise where.error("unknown_field", label, f"{fld}.{key}", key, allowed=", ".join(LANGS))
    return Localized({lang: raw[lang].strip() for lang in LANGS})


def _effects(where: _Where, vocab: Vocabulary, raw: object, label: str, path: str, depth: int) -> tuple[Effect, ...]:
    if not isinstance(raw, list):
        raise where.error("bad_type", label, path, _type_name(raw), expected="an array of effects")
    if depth >= MAX_EFFECT_DEPTH:
        raise where.error("too_deep", label, path, depth, limit=MAX_EFFECT_DEPTH)
    out = []
    for i, item in enumerate(raw):
        here = f"{path}[{i}]"
        if not isinstance(item, dict):
            raise where.error("bad_type", label, here, _type_name(item), expected="an inline table with a type")
        type_name = item.get("type")
        if not isinstance(type_name, str):
            raise where.error("missing", label, f"{here}.type")
        spec = vocab.types.get(type_name)
        if spec is None:
            known = ", ".join(sorted(vocab.types)) or "(none: name a vocabulary)"
            raise where.error("unknown_effect", label, f"{here}.type", type_name, allowed=known)
        params: list[tuple[str, object]] = []
        for key, value in item.items():
            if key == "type":
                continue
            p = spec.param(key)
            if p is None:
                allowed = ", ".join(name for name, _ in spec.params) or "(none)"
                raise where.error("unknown_param", label, f"{here}.{key}", key, allowed=allowed, effect=type_name)
            params.append((key, _param(where, vocab, p, value, label, f"{here}.{key}", depth)))
        for pname, p in spec.params:
            if p.required and pname not in item:
                raise where.error("missing", label, f"{here}.{pname}")
        out.append(Effect(type_name, tuple(params)))
    return tuple(out)


def _param(where: _Where, vocab: Vocabulary, p: Param, value: object, label: str, path: str, depth: int) -> object:
    def bad(expected: str) -> DataError:
        return where.error("bad_type", label, path, _type_name(value), expected=expected)

    if p.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad("an integer")
        return value
    if p.kind == "bool":
        if not isinstance(value, bool):
            raise bad("true or false")
        return value
    if p.kind == "str":
        if not isinstance(value, str):
            raise bad("a string")
        return value
    if p.kind == "enum":
        if not isinstance(value, str) or value not in p.choices:
            raise where.error("bad_value", label, path, value, expected=" | ".join(p.choices))
        return value
    if p.kind == "enums":
        if not isinstance(value, list):
            raise bad("an array of strings")
        for item in value:
            if not isinstance(item, str) or (p.choices and item not in p.choices):
                raise where.error("bad_value", label, path, item, expected=" | ".join(p.choices))
        return tuple(value)
    if p.kind == "formula":
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if not isinstance(value, str):
            raise bad("an integer or a formula text")
        try:
            formula = parse_formula(value)
        except FormulaSyntaxError as exc:
            raise where.error("bad_formula", label, path, exc.reason, formula=value) from None
        for var in sorted(formula.variables):
            if var not in vocab.variables:
                raise where.error(
                    "unknown_variable", label, path, var, formula=value, allowed=", ".join(sorted(vocab.variables))
                )
        return value
    if p.kind == "effects":
        return _effects(where, vocab, value, label, path, depth + 1)
    raise where.error("bad_type", label, path, p.kind, expected=" | ".join(PARAM_KINDS))


# --------------------------------------------------------------------------------------------------
# BCDice "original table" text


_ROW = re.compile(r"([0-9]+):(.*)", re.DOTALL)


def parse_user_table(text: str, source: str = "original_table") -> Table:
    """Read BCDice's original-table text: a title line, a dice line, then ``value:text`` lines.

    The dice line may be ``nDm`` (``1D6``, ``2D6``, ``1D3``, ``3D6`` …) or ``D66`` (first die is the
    tens, 36 rows), ``D66N`` (same), ``D66A``/``D66S`` (lower die first, 21 rows) or ``D66D``
    (higher die first, 21 rows). Every possible value needs exactly one line; blank lines are
    skipped and ``\\n`` in a text becomes a line break. At most :data:`MAX_USER_LINES` lines and
    :data:`MAX_USER_BYTES` bytes. Anything else is a :class:`~meikyu.errors.DataError`.

    >>> t = parse_user_table("Coin\\n1D2\\n1:heads\\n2:tails")
    >>> t.name["ja"], [e.text["en"] for e in t.entries]
    ('Coin', ['heads', 'tails'])
    >>> try:
    ...     parse_user_table("Coin\\n1D2\\n1:heads\\n1:tails")
    ... except DataError as err:
    ...     print(err.message("en"))
    original_table line 4: roll 1 appears twice (first on line 3).
    """
    where = _Where(source)
    if not isinstance(text, str):
        raise where.error("bad_type", "*", "table", _type_name(text), expected="a string")
    if len(text) > MAX_USER_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_USER_BYTES:
        raise where.error("too_large", "*", "-", f"{len(text.encode('utf-8', 'surrogatepass'))} bytes",
                          limit=f"{MAX_USER_BYTES} bytes")
    numbered = [(n, line.rstrip()) for n, line in enumerate(text.splitlines(), start=1)]
    if len(numbered) > MAX_USER_LINES:
        raise where.error("too_large", "*", "-", f"{len(numbered)} lines", limit=f"{MAX_USER_LINES} lines")
    lines = [(n, line) for n, line in numbered if line.strip()]
    if not lines:
        raise where.error("user_empty", "*", "-")
    title = lines[0][1].strip()
    if len(lines) < 2:
        raise where.error("user_no_dice", "*", "dice")
    dice_line, dice_text = lines[1][0], lines[1][1].strip().upper()
    try:
        # In original tables a bare D66 reads the first die as the tens (BCDice: no sort).
        kind = parse_dice_kind("D66N" if dice_text == "D66" else dice_text)
    except ValueError:
        raise where.error("user_bad_dice", str(dice_line), "dice", dice_text[:40]) from None
    valid = kind.values()
    valid_set = set(valid)
    seen: dict[int, int] = {}
    entries: list[TableEntry] = []
    for n, line in lines[2:]:
        m = _ROW.fullmatch(line.strip())
        if m is None:
            raise where.error("user_bad_line", str(n), "-", line.strip()[:40])
        digits = m.group(1)
        value = int(digits) if len(digits) <= 9 else -1
        if value not in valid_set:
            raise where.error("user_range", str(n), digits[:12], digits[:12], dice=kind.name,
                              values=_describe_values(valid))
        if value in seen:
            raise where.error("user_duplicate", str(n), str(value), value, value=value, other=seen[value])
        seen[value] = n
        body = m.group(2).replace("\\n", "\n").strip()
        texts = Localized({lang: body for lang in LANGS})
        entries.append(TableEntry(value, value, texts, ()))
    missing = [v for v in valid if v not in seen]
    if missing:
        shown = ", ".join(str(v) for v in missing[:12]) + (" …" if len(missing) > 12 else "")
        raise where.error("gap", "*", "entries", shown, dice=kind.name)
    entries.sort(key=lambda e: e.low)
    name = Localized({lang: title for lang in LANGS})
    return Table("user", kind.name, name, tuple(entries), source=source)


def _describe_values(values: tuple[int, ...]) -> str:
    if len(values) > 1 and values[-1] - values[0] + 1 == len(values):
        return f"{values[0]}–{values[-1]}"
    return ", ".join(str(v) for v in values)


def format_user_table(table: Table, lang: str = "ja") -> str:
    """Write ``table`` as original-table text (the inverse of :func:`parse_user_table`).

    Ranged entries are written out one line per value; line breaks become ``\\n``.

    >>> print(format_user_table(parse_user_table("Coin\\n1D2\\n1:heads\\n2:tails")))
    Coin
    1D2
    1:heads
    2:tails
    """
    dice = "D66S" if table.dice == "D66" else table.dice
    lines = [table.name.pick(lang), dice]
    valid = set(table.kind.values())
    for entry in table.entries:
        body = entry.text.pick(lang).replace("\r\n", "\\n").replace("\n", "\\n")
        lines.extend(f"{value}:{body}" for value in range(entry.low, entry.high + 1) if value in valid)
    return "\n".join(lines)
