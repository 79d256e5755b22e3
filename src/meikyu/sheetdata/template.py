r"""Writing data files people edit: TOML values and a commented ``[section]`` per entry.

A template's comments come from a schema (:mod:`.schema`, itself generated from the reader), so a
template never offers a field the reader refuses.

>>> lines: list[str] = []
>>> schema = {"properties": {"target": {"type": "integer", "minimum": 1, "maximum": 10, "default": 5,
...                                     "description": "The number to beat."}}}
>>> section(lines, "[[obstacles]]", {"target": 5}, schema, {}, "en", {})
>>> print("\n".join(lines))
<BLANKLINE>
[[obstacles]]
# The number to beat. (from 1 to 10; default 5)
target = 5
"""

from __future__ import annotations

import json
import re
from typing import Any

from meikyu.i18n import translate

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def toml_key(name: str) -> str:
    return name if _BARE.match(name) else json.dumps(name, ensure_ascii=False)


def toml_value(value: Any) -> str:
    """A value as TOML writes it inline (strings, numbers, booleans, lists, inline tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML for {value!r}")


def field_comment(prop: dict[str, Any], required: bool, lang: str) -> str:
    """``# what it is (range; default)`` for one field."""
    def t(key: str, **kw: Any) -> str:
        return translate(f"sheet.tpl.{key}", lang, **kw)

    bits = []
    low, high = prop.get("minimum"), prop.get("maximum")
    if low is not None and high is not None:
        bits.append(t("range", low=low, high=high))
    elif low is not None:
        bits.append(t("min", low=low))
    elif high is not None:
        bits.append(t("max", high=high))
    if "enum" in prop:
        bits.append(t("choices", choices=" | ".join(str(x) if x != "" else '""' for x in prop["enum"])))
    if required:
        bits.append(t("required"))
    elif "default" in prop and prop["default"] not in ("", [], {}):
        bits.append(t("default", value=toml_value(prop["default"])))
    else:
        bits.append(t("optional"))
    return f"# {prop.get('description', '')} ({'; '.join(bits)})"


def section(lines: list[str], header: str, data: dict[str, Any], schema: dict[str, Any] | None, defs: dict[str, Any],
            lang: str, tables: dict[str, str]) -> None:
    """``[header]`` (or ``[[header]]``) with each field of ``data`` (commented when given a ``schema``); the
    fields named in ``tables`` follow as ``[[header.field]]`` entries of the kind ``tables[field]``."""
    lines.append("")
    lines.append(header)
    required = set(schema.get("required", ())) if schema else set()
    props = schema["properties"] if schema else {}
    for key, value in data.items():
        if key in tables:
            continue
        if schema:
            lines.append(field_comment(props[key], key in required, lang))
        lines.append(f"{toml_key(key)} = {toml_value(value)}")
    name = header.strip("[]")
    for key, kind in tables.items():
        if key not in data:
            continue
        if schema:
            lines.append("")
            lines.append(field_comment(props[key], False, lang))
        for entry in data[key]:
            section(lines, f"[[{name}.{key}]]", entry, defs[kind] if schema else None, defs, lang, {})


def _kind_of(prop: dict[str, Any]) -> str:
    """The kind a field's tables are (``#/$defs/room`` → ``room``), or "" for a plain value."""
    ref = prop.get("$ref") or prop.get("items", {}).get("$ref", "")
    return str(ref).rpartition("/")[2]


def commented(lines: list[str], header: str, data: dict[str, Any], schema: dict[str, Any], defs: dict[str, Any],
              lang: str, *, blank: bool = True) -> None:
    """``[header]`` (or ``[[header]]``) with every field of ``data`` said above it, as :func:`section`
    does; a field the schema holds as a table of its own kind follows as ``[header.field]``, a list of
    such tables as ``[[header.field]]`` entries, each commented the same way, as deep as they go.

    >>> lines: list[str] = []
    >>> defs = {"check": {"properties": {"stat": {"enum": ["wit", "search"], "description": "The stat."}},
    ...                   "required": ["stat"]}}
    >>> room = {"properties": {"id": {"type": "string", "description": "Its id."},
    ...                        "disarm": {"$ref": "#/$defs/check", "description": "The disarm check."}}}
    >>> commented(lines, "[[room]]", {"id": "gate", "disarm": {"stat": "search"}}, room, defs, "en")
    >>> print("\\n".join(lines))
    <BLANKLINE>
    [[room]]
    # Its id. (optional)
    id = "gate"
    <BLANKLINE>
    # The disarm check. (optional)
    [room.disarm]
    # The stat. (one of wit | search; required)
    stat = "search"
    """
    if blank:
        lines.append("")
    lines.append(header)
    required = set(schema.get("required", ()))
    props = schema.get("properties", {})
    later = []
    for key, value in data.items():
        prop = props[key]
        kind = _kind_of(prop)
        if kind and (isinstance(value, dict) or (isinstance(value, list) and value and
                                                 all(isinstance(v, dict) for v in value))):
            later.append((key, value, kind))
            continue
        lines.append(field_comment(prop, key in required, lang))
        lines.append(f"{toml_key(key)} = {toml_value(value)}")
    name = header.strip("[]")
    for key, value, kind in later:
        lines.append("")
        lines.append(field_comment(props[key], key in required, lang))
        if isinstance(value, dict):
            commented(lines, f"[{name}.{key}]", value, defs[kind], defs, lang, blank=False)
        else:
            for entry in value:
                commented(lines, f"[[{name}.{key}]]", entry, defs[kind], defs, lang)
