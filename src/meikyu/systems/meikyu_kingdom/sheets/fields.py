"""Reading sheet data (TOML/JSON mappings) field by field, with errors that name file, entry and field.

Sheets come from people: a typo must say where it is and what would be right, never a traceback.

>>> r = Reader({"level": 3, "name": "사라"}, file="court.toml", entry="characters[0]")
>>> r.integer("level", minimum=1), r.text("name")
(3, '사라')
>>> try:
...     r.integer("hp")
... except DataError as err:
...     print(err)
court.toml, characters[0]: field 'hp' is missing (expected: integer).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from meikyu.errors import DataError

_MISSING = object()


class Reader:
    """Typed access to one entry of a sheet; every problem raises :class:`DataError`."""

    __slots__ = ("data", "file", "entry", "_seen")

    def __init__(self, data: Any, *, file: str, entry: str) -> None:
        if not isinstance(data, Mapping):
            raise DataError("mk.error.sheet.not_table", file=file, entry=entry, got=type(data).__name__)
        self.data: Mapping[str, Any] = data
        self.file = file
        self.entry = entry
        self._seen: set[str] = set()

    def fail(self, key: str, field: str, **params: Any) -> DataError:
        return DataError(f"mk.error.sheet.{key}", file=self.file, entry=self.entry, field=field, **params)

    def _get(self, field: str, default: Any, kind: str) -> Any:
        self._seen.add(field)
        value = self.data.get(field, _MISSING)
        if value is _MISSING:
            if default is _MISSING:
                raise self.fail("missing", field, kind=kind)
            return default
        return value

    def integer(self, field: str, default: Any = _MISSING, *, minimum: int | None = None, maximum: int | None = None) -> Any:
        value = self._get(field, default, "integer")
        if value is default and default is not _MISSING:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail("type", field, kind="integer", got=repr(value))
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            low = "" if minimum is None else minimum
            high = "" if maximum is None else maximum
            raise self.fail("range", field, value=value, low=low, high=high)
        return value

    def text(self, field: str, default: Any = _MISSING, *, choices: Iterable[str] | None = None) -> Any:
        value = self._get(field, default, "text")
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, str):
            raise self.fail("type", field, kind="text", got=repr(value))
        if choices is not None:
            allowed = tuple(choices)
            if value not in allowed:
                raise self.fail("choice", field, value=value, choices=", ".join(allowed))
        elif not value.strip():
            raise self.fail("empty", field)
        return value

    def flag(self, field: str, default: Any = _MISSING) -> Any:
        value = self._get(field, default, "true/false")
        if not isinstance(value, bool):
            raise self.fail("type", field, kind="true/false", got=repr(value))
        return value

    def seq(self, field: str, default: Any = _MISSING) -> list[Any]:
        value = self._get(field, default, "list")
        if not isinstance(value, (list, tuple)):
            raise self.fail("type", field, kind="list", got=repr(value))
        return list(value)

    def mapping(self, field: str, default: Any = _MISSING) -> dict[str, Any]:
        value = self._get(field, default, "table")
        if not isinstance(value, Mapping):
            raise self.fail("type", field, kind="table", got=repr(value))
        return dict(value)

    def str_list(self, field: str, default: Any = _MISSING, *, choices: Iterable[str] | None = None) -> tuple[str, ...]:
        items = self.seq(field, default)
        allowed = None if choices is None else tuple(choices)
        out: list[str] = []
        for index, item in enumerate(items):
            name = f"{field}[{index}]"
            if not isinstance(item, str) or not item.strip():
                raise self.fail("type", name, kind="text", got=repr(item))
            if allowed is not None and item not in allowed:
                raise self.fail("choice", name, value=item, choices=", ".join(allowed))
            out.append(item)
        return tuple(out)

    def int_map(self, field: str, *, minimum: int | None = 0, maximum: int | None = None) -> dict[str, int]:
        """A table of name -> whole number (favor, materials …)."""
        raw = self.mapping(field, {})
        sub = Reader(raw, file=self.file, entry=f"{self.entry}.{field}")
        return {key: sub.integer(key, minimum=minimum, maximum=maximum) for key in raw}

    def names(self, field: str = "names") -> dict[str, str]:
        """Localized names ``{ko = …, ja = …, en = …}``; only those three languages."""
        raw = self.mapping(field, {})
        sub = Reader(raw, file=self.file, entry=f"{self.entry}.{field}")
        for key in raw:
            if key not in ("ko", "ja", "en"):
                raise sub.fail("choice", key, value=key, choices="ko, ja, en")
        return {key: sub.text(key) for key in raw}

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
            raise self.fail("localized", field, got=repr(value)[:60])
        table = self.names(field)
        return next(table[lang] for lang in FALLBACK_LANGS if lang in table), table

    def mark(self, *fields: str) -> None:
        """Count these fields as read (another reader took them: the effects of data that acts)."""
        self._seen.update(fields)

    def sub(self, value: Any, entry: str) -> Reader:
        return Reader(value, file=self.file, entry=f"{self.entry}.{entry}" if self.entry else entry)

    def done(self) -> None:
        """Refuse fields nobody asked for (usually typos)."""
        extra = sorted(set(self.data) - self._seen)
        if extra:
            raise self.fail("unknown_field", extra[0], known=", ".join(sorted(self._seen)))


def read_file(path: str | Path) -> dict[str, Any]:
    """Parse a ``.toml`` or ``.json`` sheet file into a mapping."""
    from meikyu.files import parse_data, read_text

    p = Path(path)
    data = parse_data(read_text(p), str(p))
    if not isinstance(data, dict):
        raise DataError("mk.error.sheet.not_table", file=str(p), entry="", got=type(data).__name__)
    return data
