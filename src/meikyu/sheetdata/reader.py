"""Reading sheet data (TOML/JSON mappings) field by field, every problem of a file in one answer.

Sheets come from people: a typo must say where it is and what would be right, never a traceback, and
a file with three mistakes must show all three at once. A :class:`Reader` reads one entry; the readers
of one file share a :class:`Report` that collects every problem (and every default it applied and
says) and raises them together as :class:`SheetProblems` when the file has been read.

>>> report = Report("court.toml")
>>> r = Reader({"level": 3, "name": "사라", "wit": "high", "budgett": 2}, file="court.toml",
...            entry="characters[0]", report=report)
>>> r.integer("level", minimum=1), r.text("name"), r.integer("wit"), r.integer("budget", 0)
(3, '사라', 0, 0)
>>> r.done()
>>> try:
...     report.check()
... except SheetProblems as err:
...     print(err)
court.toml: 2 problem(s).
- characters[0].wit: should be a whole number, not 'high'. For example: wit = 3
- characters[0].budgett: unknown field (did you mean 'budget'?); known fields: budget, level, name, wit. For example: budget = …

A :class:`SchemaReader` is the same reader run with no data: it records what each field may hold, so
the JSON Schema of a sheet is generated from the code that reads it (:mod:`.schema`).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from meikyu.errors import DataError
from meikyu.i18n import translate

_MISSING: Any = object()
T = TypeVar("T")


def sheet_error(key: str, *, file: str, entry: str, field: str, example: str = "", **params: Any) -> DataError:
    """A problem at ``entry.field`` of ``file``: its message says ``{where}`` (file and path) first.

    ``key`` is one of the shared problems (``type``, ``range`` … under ``error.sheet``) or, holding a dot,
    a game's own message key (``mk.error.sheet.not_adjacent``)."""
    path = f"{entry}.{field}" if entry and field else entry or field
    where = f"{file}: {path}" if path else file
    return DataError(key if "." in key else f"error.sheet.{key}", file=file, entry=entry, field=field, path=path, where=where,
                     example=example, **params)


class SheetProblems(DataError):
    """Every problem of one file (at least one), and the defaults its reader applied.

    It carries the first problem's key and parameters, so code asking ``err.key`` sees what a
    one-problem file always said; :meth:`message` lists them all.
    """

    def __init__(self, file: str, problems: list[DataError], notes: list[DataError]) -> None:
        super().__init__(problems[0].key, **problems[0].params)
        self.file = file
        self.problems = problems
        self.notes = notes

    def message(self, lang: str | None = None, /) -> str:
        lang = lang or "en"
        head = translate("error.sheet.problems", lang, file=self.file, count=len(self.problems))
        lines = [f"- {line['path']}: {line['message']}" + (f" {line['example']}" if line["example"] else "")
                 for line in findings(self.problems + self.notes, lang)]
        return "\n".join([head, *lines])

    def findings(self, lang: str) -> list[dict[str, str]]:
        return findings(self.problems + self.notes, lang)


def findings(found: Iterable[DataError], lang: str) -> list[dict[str, str]]:
    """Problems and notes as plain data for a page or a JSON answer: file, path, level, message, example."""
    out = []
    for err in found:
        params = {k: v.message(lang) if isinstance(v, DataError) else v for k, v in err.params.items()}
        text = _unplaced(translate(err.key, lang, **{**params, "where": ""}), params).lstrip(":： ").strip()
        example = err.params.get("example", "")
        if example and str(example) in text:  # a message of another reader that shows its example itself
            example = ""
        entry, field = str(err.params.get("entry", "")), str(err.params.get("field", ""))
        out.append({
            "file": str(err.params.get("file", "")),
            "path": str(err.params.get("path", f"{entry}.{field}" if entry and field else entry or field)),
            "level": "default" if err.key.startswith("error.sheet.default") else "error",
            "message": text,
            "example": translate("error.sheet.example", lang, example=example) if example else "",
        })
    return out


def _unplaced(text: str, params: Mapping[str, Any]) -> str:
    """A message without the file and entry it starts with (another reader's, such as the effects'
    ``court.toml, characters[0].skills[1]: …`` or ``court.toml [characters[0]] effects[0].amount: …``):
    a finding says its place in ``path``, beside the field.

    >>> _unplaced("court.toml, items[0]: needs effects.", {"file": "court.toml", "entry": "items[0]"})
    'needs effects.'
    >>> _unplaced("court.toml [items[0]] effects[0].amount: missing.", {"file": "court.toml", "entry": "items[0]",
    ...           "field": "effects[0].amount"})
    'missing.'
    """
    file, entry, field = (str(params.get(k, "")) for k in ("file", "entry", "field"))
    if not file or not entry or not text.startswith(file):
        return text
    for head in (f"{file}, {entry}:", f"{file}、{entry}:", f"{file}, {entry}：", f"{file} [{entry}] {field}:", f"{file} [{entry}]:"):
        if text.startswith(head):
            return text[len(head):].lstrip()
    return text


_KIND_WORDS = {"integer": "integer", "text": "text", "list": "list", "table": "table", "true/false": "flag"}


def kind_word(kind: str) -> Any:
    """What a field should hold, said in the reader's language (a kind the catalog lacks as written)."""
    key = _KIND_WORDS.get(kind)
    return DataError(f"error.sheet.kind.{key}") if key else kind


class Report:
    """What reading one file found: problems (refusals) and notes (defaults applied, said)."""

    __slots__ = ("file", "problems", "notes")

    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[DataError] = []
        self.notes: list[DataError] = []

    def check(self) -> None:
        """Raise every problem found so far as one :class:`SheetProblems` (nothing when there is none)."""
        if self.problems:
            raise SheetProblems(self.file, self.problems, self.notes)


def example_of(field: str, kind: str, *, minimum: int | None = None, maximum: int | None = None,
               choices: Iterable[str] | None = None) -> str:
    """A right value for a field, written as a sheet line (``wit = 3``).

    >>> example_of("wit", "integer"), example_of("range", "integer", maximum=2), example_of("type", "text", choices=("a", "b"))
    ('wit = 3', 'range = 2', 'type = "a"')
    """
    key = field.rpartition(".")[2]
    if "[" in key:
        key = key.partition("[")[0]
    if kind == "integer":
        value = 3
        if maximum is not None:
            value = min(value, maximum)
        if minimum is not None:
            value = max(value, minimum)
        return f"{key} = {value}"
    if kind == "text":
        first = next(iter(choices), "…") if choices is not None else "…"
        return f'{key} = "{first}"'
    if kind == "true/false":
        return f"{key} = true"
    if kind == "list":
        return f"{key} = []"
    if kind == "table":
        return f"{key} = {{}}"
    return ""


class Reader:
    """Typed access to one entry of a sheet.

    With a :class:`Report`, a problem is recorded and a stand-in value returned so reading goes on;
    without one, the first problem raises (readers of shipped data that must simply be right).
    """

    __slots__ = ("data", "file", "entry", "_seen", "report")

    schema_only = False
    """True for a :class:`~meikyu.sheetdata.schema.SchemaReader`: a reader that reads a part only when it
    is written asks it anyway then, so the schema holds every part."""

    def __init__(self, data: Any, *, file: str, entry: str, report: Report | None = None) -> None:
        self.file = file
        self.entry = entry
        self.report = report
        self._seen: set[str] = set()
        if not isinstance(data, Mapping):
            self.problem("not_table", "", got=type(data).__name__)
            data = {}
        self.data: Mapping[str, Any] = data

    # -- problems ---------------------------------------------------------------------------------
    def fail(self, key: str, field: str, **params: Any) -> DataError:
        return sheet_error(key, file=self.file, entry=self.entry, field=field, **params)

    def problem(self, key: str, field: str, **params: Any) -> None:
        """Record a problem (raise it when this reader collects none)."""
        err = self.fail(key, field, **params)
        if self.report is None:
            raise err
        self.report.problems.append(err)

    def record(self, err: DataError) -> None:
        """Record a problem another reader found (raise it when this reader collects none)."""
        if self.report is None:
            raise err
        self.report.problems.append(err)

    def said(self, field: str, value: Any, source: str) -> None:
        """Say that ``field`` was left out and took ``value`` (from ``source``)."""
        if self.report is not None:
            self.report.notes.append(self.fail("default", field, value=value, source=source))

    def one_of(self, *fields: str) -> None:
        """At least one of ``fields`` must be given (the caller reads them and says what is missing);
        only the schema writes it down."""

    def has(self, field: str) -> bool:
        return field in self.data

    # -- fields -----------------------------------------------------------------------------------
    def _get(self, field: str, default: Any, kind: str) -> Any:
        self._seen.add(field)
        value = self.data.get(field, _MISSING)
        if value is _MISSING:
            if default is _MISSING:
                self.problem("missing", field, kind=kind_word(kind), example=example_of(field, kind))
            return default
        return value

    def integer(self, field: str, default: Any = _MISSING, *, minimum: int | None = None, maximum: int | None = None) -> Any:
        value = self._get(field, default, "integer")
        fallback = default if default is not _MISSING else max(0, minimum or 0)
        if value is default:
            return fallback
        example = example_of(field, "integer", minimum=minimum, maximum=maximum)
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem("type", field, kind=kind_word("integer"), got=repr(value), example=example)
            return fallback
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            low = "" if minimum is None else minimum
            high = "" if maximum is None else maximum
            self.problem("range", field, value=value, low=low, high=high, example=example)
            return fallback
        return value

    def text(self, field: str, default: Any = _MISSING, *, choices: Iterable[str] | None = None) -> Any:
        allowed = None if choices is None else tuple(choices)
        value = self._get(field, default, "text")
        fallback = default if default is not _MISSING else (allowed[0] if allowed else "?")
        if value is default:
            return fallback
        example = example_of(field, "text", choices=allowed)
        if not isinstance(value, str):
            self.problem("type", field, kind=kind_word("text"), got=repr(value), example=example)
            return fallback
        if allowed is not None:
            if value not in allowed:
                self.problem("choice", field, value=value, choices=", ".join(allowed), example=example)
                return fallback
        elif not value.strip():
            self.problem("empty", field, example=example)
            return fallback
        return value

    def flag(self, field: str, default: Any = _MISSING) -> Any:
        value = self._get(field, default, "true/false")
        if value is default and default is not _MISSING:
            return default
        if not isinstance(value, bool):
            if value is not default:
                self.problem("type", field, kind=kind_word("true/false"), got=repr(value), example=example_of(field, "true/false"))
            return bool(default) if default is not _MISSING else False
        return value

    def seq(self, field: str, default: Any = _MISSING, *, of: dict[str, Any] | None = None,
            length: int | None = None) -> list[Any]:
        """A list as written; ``of`` is the JSON Schema of one element (for :class:`SchemaReader`); with
        ``length``, exactly that many (a wrong count is a problem and reads as no list)."""
        value = self._get(field, default, "list")
        if value is _MISSING or value is None:
            return []
        if not isinstance(value, (list, tuple)):
            self.problem("type", field, kind=kind_word("list"), got=repr(value), example=example_of(field, "list"))
            return []
        if length is not None and len(value) != length:
            self.problem("length", field, count=len(value), length=length, example=f"{field} = [{', '.join(['…'] * length)}]")
            return []
        return list(value)

    def int_list(self, field: str, default: Any = _MISSING, *, minimum: int | None = None,
                 maximum: int | None = None, length: int | None = None) -> tuple[int, ...]:
        """A list of whole numbers, each within the bounds (a Liberator card's power per face).

        >>> report = Report("c.toml")
        >>> Reader({"power": [0, 1, "x"]}, file="c.toml", entry="", report=report).int_list("power", length=3, minimum=0)
        (0, 1, 0)
        >>> [p.params["path"] for p in report.problems]
        ['power[2]']
        """
        items = self.seq(field, default, length=length)
        example = f"{field} = [{', '.join([str(max(0, minimum or 0))] * (length or 2))}]"
        out = []
        for index, item in enumerate(items):
            name = f"{field}[{index}]"
            if isinstance(item, bool) or not isinstance(item, int):
                self.problem("type", name, kind=kind_word("integer"), got=repr(item), example=example)
                item = max(0, minimum or 0)
            elif (minimum is not None and item < minimum) or (maximum is not None and item > maximum):
                self.problem("range", name, value=item, low="" if minimum is None else minimum,
                             high="" if maximum is None else maximum, example=example)
            out.append(item)
        return tuple(out)

    def value(self, field: str, default: Any = _MISSING, *, shape: dict[str, Any]) -> Any:
        """A value as written, for the caller to check (``shape`` is its JSON Schema, for
        :class:`SchemaReader`): a number or a dice formula, say."""
        return self._get(field, default, "text")

    def tables(self, field: str, read: Callable[[Reader], T], *, empty: T | None = None,
               plain: str | None = None, kind: str | None = None) -> list[T]:
        """A list of tables, each read by ``read`` (``{}`` gives ``empty`` when that is not None; with
        ``plain``, a bare string stands for a table holding only that field: a skill or item by its name).
        ``kind`` names one entry in the schema (``read``'s class when not given)."""
        out: list[T] = []
        for index, raw in enumerate(self.seq(field, [])):
            if plain is not None and isinstance(raw, str):
                raw = {plain: raw}
            if empty is not None and isinstance(raw, Mapping) and not raw:
                out.append(empty)
            else:
                out.append(read(self.sub(raw, f"{field}[{index}]")))
        return out

    def mapping(self, field: str, default: Any = _MISSING) -> dict[str, Any]:
        value = self._get(field, default, "table")
        if value is _MISSING:
            return {}
        if not isinstance(value, Mapping):
            self.problem("type", field, kind=kind_word("table"), got=repr(value), example=example_of(field, "table"))
            return {}
        return dict(value)

    def str_list(self, field: str, default: Any = _MISSING, *, choices: Iterable[str] | None = None,
                 length: int | None = None) -> tuple[str, ...]:
        items = self.seq(field, default, length=length)
        allowed = None if choices is None else tuple(choices)
        out: list[str] = []
        for index, item in enumerate(items):
            name = f"{field}[{index}]"
            if not isinstance(item, str) or not item.strip():
                self.problem("type", name, kind=kind_word("text"), got=repr(item), example=f'{field} = ["…"]')
            elif allowed is not None and item not in allowed:
                self.problem("choice", name, value=item, choices=", ".join(allowed), example=f'{field} = ["{allowed[0]}"]')
            else:
                out.append(item)
        return tuple(out)

    def int_map(self, field: str, *, minimum: int | None = 0, maximum: int | None = None,
                keys: Iterable[str] | None = None) -> dict[str, int]:
        """A table of name -> whole number (favor, materials …); with ``keys``, only those names.

        >>> report = Report("k.toml")
        >>> Reader({"materials": {"meat": 2, "gold": 1}}, file="k.toml", entry="kingdom", report=report).int_map(
        ...     "materials", keys=("meat", "wood"))
        {'meat': 2}
        >>> [p.params["path"] for p in report.problems]
        ['kingdom.materials.gold']
        """
        raw = self.mapping(field, {})
        sub = self.sub(raw, field)
        allowed = None if keys is None else tuple(keys)
        out = {}
        for key in raw:
            if allowed is not None and key not in allowed:
                sub.problem("choice", key, value=key, choices=", ".join(allowed), example=f"{allowed[0]} = 1")
            else:
                out[key] = sub.integer(key, minimum=minimum, maximum=maximum)
        return out

    def choice_map(self, field: str, choices: Iterable[str]) -> dict[str, str]:
        """A table of name -> one of ``choices`` (relations with other nations)."""
        raw = self.mapping(field, {})
        sub = self.sub(raw, field)
        return {key: sub.text(key, choices=choices) for key in raw}

    def keyed_lists(self, field: str, keys: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """A table whose keys are ``keys`` (rooms A1 … C3), each a list of texts."""
        allowed = tuple(keys)
        raw = self.mapping(field, {})
        sub = self.sub(raw, field)
        for key in raw:
            if key not in allowed:
                sub.problem("choice", key, value=key, choices=", ".join(allowed), example=f'{allowed[0]} = ["…"]')
        return {key: sub.str_list(key, []) for key in allowed}

    def names(self, field: str = "names", *, every: bool = False) -> dict[str, str]:
        """Localized names ``{ko = …, ja = …, en = …}``; only those three languages (all three, when
        given at all, with ``every``)."""
        raw = self.mapping(field, {})
        sub = self.sub(raw, field)
        out = {}
        for key in raw:
            if key not in ("ko", "ja", "en"):
                sub.problem("choice", key, value=key, choices="ko, ja, en", example='{ ko = "…", ja = "…", en = "…" }')
            else:
                out[key] = sub.text(key)
        if every and raw:
            for key in ("ko", "ja", "en"):
                if key not in raw:
                    sub.problem("missing", key, kind=kind_word("text"), example=f'{key} = "…"')
        return out

    def names_map(self, field: str) -> dict[str, dict[str, str]]:
        """``{thing = {ko = …, ja = …, en = …}}``: localized names of things written elsewhere."""
        raw = self.mapping(field, {})
        sub = self.sub(raw, field)
        return {thing: sub.names(thing) for thing in raw}

    def localized(self, field: str) -> tuple[str, dict[str, str]]:
        """A text someone reads: a plain string (shown as written in every language) or a table of it by
        language, ``{ ko = …, ja = …, en = … }``, with some or all of the three.

        Returns the text to fall back on (the string; a table's English, else Korean, else Japanese) and
        the table (``{}`` for a string or when the field is absent).

        >>> Reader({"notes": {"ko": "상자", "ja": "箱"}}, file="s.toml", entry="items[0]").localized("notes")
        ('상자', {'ko': '상자', 'ja': '箱'})
        >>> Reader({"notes": "as written"}, file="s.toml", entry="items[0]").localized("notes")
        ('as written', {})
        """
        from meikyu.i18n import FALLBACK_LANGS

        value = self._get(field, "", "text")
        if isinstance(value, str):
            return value, {}
        if not isinstance(value, Mapping) or not value:
            self.problem("localized", field, got=repr(value)[:60], example=f'{field} = {{ en = "…" }}')
            return "", {}
        table = self.names(field)
        if not table:
            return "", {}
        return next(table[lang] for lang in FALLBACK_LANGS if lang in table), table

    def mark(self, *fields: str) -> None:
        """Count these fields as read (another reader took them: the effects of data that acts)."""
        self._seen.update(fields)

    def text_or_table(self, field: str) -> tuple[str, dict[str, Any]]:
        """Free text, or a table kept as written (a skill's effect until the skills' effect format lands:
        the engine reads neither); ``("", {})`` when absent.

        >>> Reader({"effect": {"kind": "bonus", "value": 1}}, file="s", entry="").text_or_table("effect")
        ('', {'kind': 'bonus', 'value': 1})
        """
        value = self._get(field, "", "text")
        if isinstance(value, Mapping):
            return "", dict(value)
        if not isinstance(value, str):
            self.problem("type", field, kind=kind_word("text"), got=repr(value)[:60], example=f'{field} = "…"')
            return "", {}
        return value, {}

    def sub(self, value: Any, entry: str, kind: str | None = None) -> Reader:
        """The reader of a table inside this one, at ``entry`` (``kind`` names it in a schema)."""
        return type(self)(value, file=self.file, entry=f"{self.entry}.{entry}" if self.entry else entry,
                          report=self.report)

    def known(self) -> tuple[str, ...]:
        """The fields read so far (every field this entry may hold, once it has been read)."""
        return tuple(sorted(self._seen))

    def done(self) -> None:
        """Refuse fields nobody asked for (usually typos), each with the nearest known name."""
        for extra in sorted(set(self.data) - self._seen):
            near = difflib.get_close_matches(extra, self._seen, n=1, cutoff=0.6)
            hint = near_hint(extra, self._seen)
            self.problem("unknown_field", extra, near=hint, known=", ".join(self.known()),
                         example=f"{near[0]} = …" if near else "")


def near_hint(value: str, known: Iterable[str]) -> Any:
    """`` (did you mean 'x'?)`` in the reader's language for the known name nearest ``value``, or "".

    >>> near_hint("mos_rat", ["moss_rat", "ink_slime"]).message("en")
    " (did you mean 'moss_rat'?)"
    """
    near = difflib.get_close_matches(value, list(known), n=1, cutoff=0.6)
    return DataError("error.sheet.near", name=near[0]) if near else ""


def read_file(path: str | Path) -> dict[str, Any]:
    """Parse a ``.toml`` or ``.json`` sheet file into a mapping."""
    from meikyu.files import parse_data, read_text

    p = Path(path)
    data = parse_data(read_text(p), str(p))
    if not isinstance(data, dict):
        raise sheet_error("not_table", file=str(p), entry="", field="", got=type(data).__name__)
    return data
