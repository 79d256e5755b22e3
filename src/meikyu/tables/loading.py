"""Reading tables from TOML, checking every entry, range, language and effect against its vocabulary."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from meikyu.errors import DataError
from meikyu.files import parse_toml, read_text
from meikyu.formula import FormulaSyntaxError, parse_formula
from meikyu.tables.model import (
    EMPTY_VOCABULARY,
    LANGS,
    MAX_EFFECT_DEPTH,
    MAX_FILE_BYTES,
    MAX_VALUES,
    PARAM_KINDS,
    TABLE_ID,
    Effect,
    Localized,
    Param,
    Table,
    TableEntry,
    Vocabulary,
    parse_dice_kind,
    vocabulary_named,
)

# --------------------------------------------------------------------------------------------------
# Loading TOML tables


class Where:
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
    where = Where(Path(source).name if isinstance(source, Path) else str(source))
    if text is None:
        text = read_text(source, MAX_FILE_BYTES)
    elif len(text) > MAX_FILE_BYTES:
        raise where.error("too_large", "*", "-", f"{len(text)} characters", limit=f"{MAX_FILE_BYTES} bytes")
    data = parse_toml(text, where.file)
    return table_from_data(data, where.file, vocabulary=vocabulary)


def table_from_data(data: Mapping[str, Any], file: str, *, vocabulary: Vocabulary | None = None) -> Table:
    """Validate already-parsed TOML data (see :func:`load_table`)."""
    where = Where(file)
    for key in data:
        if key not in _TABLE_KEYS:
            raise where.error("unknown_field", "*", key, key, allowed=", ".join(_TABLE_KEYS))
    table_id = _need(where, data, "id", str, "*")
    if not TABLE_ID.fullmatch(table_id):
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
            found = vocabulary_named(vocab_name) if isinstance(vocab_name, str) else None
            if found is None:
                raise where.error("unknown_vocabulary", "*", "vocabulary", vocab_name)
            vocabulary = found
    raw_entries = data.get("entries")
    if raw_entries is None:
        raise where.error("missing", "*", "entries")
    if not isinstance(raw_entries, list):
        raise where.error("bad_type", "*", "entries", describe_type(raw_entries), expected="an array of tables")
    valid = set(kind.values())
    owner: dict[int, str] = {}
    entries: list[TableEntry] = []
    for index, raw in enumerate(raw_entries, start=1):
        label = f"#{index}"
        if not isinstance(raw, dict):
            raise where.error("bad_type", label, "entries", describe_type(raw), expected="a table")
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


def describe_type(value: object) -> str:
    return {
        bool: "a boolean", int: "an integer", float: "a decimal number", str: "a string",
        list: "an array", dict: "a table",
    }.get(type(value), type(value).__name__)


def _need(where: Where, data: Mapping[str, Any], key: str, typ: type, entry: str) -> Any:
    if key not in data:
        raise where.error("missing", entry, key)
    value = data[key]
    if not isinstance(value, typ) or isinstance(value, bool) and typ is not bool:
        expected = {str: "a string", int: "an integer"}.get(typ, typ.__name__)
        raise where.error("bad_type", entry, key, describe_type(value), expected=expected)
    return value


def _roll_range(where: Where, raw: object, label: str) -> tuple[int, int]:
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


def _localized(where: Where, raw: object, label: str, fld: str) -> Localized:
    if raw is None:
        raise where.error("missing", label, fld)
    if not isinstance(raw, dict):
        raise where.error("bad_type", label, fld, describe_type(raw), expected="a table of ko, ja and en texts")
    for lang in LANGS:
        value = raw.get(lang)
        if not isinstance(value, str) or not value.strip():
            raise where.error("missing_text", label, f"{fld}.{lang}", lang, language=lang)
    for key in raw:
        if key not in LANGS:
            raise where.error("unknown_field", label, f"{fld}.{key}", key, allowed=", ".join(LANGS))
    return Localized({lang: raw[lang].strip() for lang in LANGS})


def read_effects(raw: object, vocabulary: Vocabulary, *, file: str, entry: str, path: str = "effects",
                 found: list[DataError] | None = None) -> tuple[Effect, ...]:
    """An effect list outside a table (a skill's, an item's …), validated against ``vocabulary`` with the
    same errors a table's entry gets (file, entry, field path, what would be right).

    Without ``found`` the first problem raises; with it every problem is added there and reading goes on,
    an effect with a problem left out of what is returned (a sheet's reader shows them all at once).

    >>> from meikyu.tables.model import EffectType, Param, Vocabulary
    >>> vocab = Vocabulary("v", {"hp": EffectType("HP", (("amount", Param("formula", "change", required=True)),))}, {})
    >>> read_effects([{"type": "hp", "amount": "1D6"}], vocab, file="s.toml", entry="items[0]")[0].to_data()
    {'type': 'hp', 'amount': '1D6'}
    >>> found: list[DataError] = []
    >>> read_effects([{"type": "hp", "amount": "1D"}, {"type": "hp"}, {"type": "hp", "amount": 2}], vocab,
    ...              file="s.toml", entry="items[0]", found=found)[0].to_data()
    {'type': 'hp', 'amount': 2}
    >>> [err.params["field"] for err in found]
    ['effects[0].amount', 'effects[1].amount']
    """
    return _effects(Where(file), vocabulary, raw, entry, path, 0, found)


def _report(found: list[DataError] | None, err: DataError) -> None:
    """Raise ``err``, or add it to ``found`` when problems are being collected."""
    if found is None:
        raise err
    found.append(err)


def _effects(where: Where, vocab: Vocabulary, raw: object, label: str, path: str, depth: int,
             found: list[DataError] | None = None) -> tuple[Effect, ...]:
    if not isinstance(raw, list):
        _report(found, where.error("bad_type", label, path, describe_type(raw), expected="an array of effects"))
        return ()
    if depth >= MAX_EFFECT_DEPTH:
        _report(found, where.error("too_deep", label, path, depth, limit=MAX_EFFECT_DEPTH))
        return ()
    out = []
    for i, item in enumerate(raw):
        here = f"{path}[{i}]"
        if not isinstance(item, dict):
            _report(found, where.error("bad_type", label, here, describe_type(item), expected="an inline table with a type"))
            continue
        type_name = item.get("type")
        if not isinstance(type_name, str):
            _report(found, where.error("missing", label, f"{here}.type"))
            continue
        spec = vocab.types.get(type_name)
        if spec is None:
            known = ", ".join(sorted(vocab.types)) or "(none: name a vocabulary)"
            _report(found, where.error("unknown_effect", label, f"{here}.type", type_name, allowed=known))
            continue
        before = len(found or ())
        params: list[tuple[str, object]] = []
        for key, value in item.items():
            if key == "type":
                continue
            p = spec.param(key)
            if p is None:
                allowed = ", ".join(name for name, _ in spec.params) or "(none)"
                _report(found, where.error("unknown_param", label, f"{here}.{key}", key, allowed=allowed, effect=type_name))
                continue
            try:
                params.append((key, _param(where, vocab, p, value, label, f"{here}.{key}", depth, found)))
            except DataError as err:
                _report(found, err)
        for pname, p in spec.params:
            if p.required and pname not in item:
                _report(found, where.error("missing", label, f"{here}.{pname}"))
        if len(found or ()) == before:  # nothing wrong in it (nor in the effects inside it)
            out.append(Effect(type_name, tuple(params)))
    return tuple(out)


def _param(where: Where, vocab: Vocabulary, p: Param, value: object, label: str, path: str, depth: int,
           found: list[DataError] | None = None) -> object:
    def bad(expected: str) -> DataError:
        return where.error("bad_type", label, path, describe_type(value), expected=expected)

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
        return _effects(where, vocab, value, label, path, depth + 1, found)
    raise where.error("bad_type", label, path, p.kind, expected=" | ".join(PARAM_KINDS))
