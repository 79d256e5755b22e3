r"""Writing data files people edit: TOML values and a ``[section]`` per entry, commented or plain.

One writer, :func:`commented`, serves both: a template's comments come from a schema (:mod:`.schema`, itself
generated from the reader), so a template never offers a field the reader refuses; a plain export
(``comments=False``) reads the same schema only to know which fields are tables of their own.

>>> lines: list[str] = []
>>> schema = {"properties": {"target": {"type": "integer", "minimum": 1, "maximum": 10, "default": 5,
...                                     "description": "The number to beat."}}}
>>> commented(lines, "[[obstacles]]", {"target": 5}, schema, {}, "en")
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


def _kind_of(prop: dict[str, Any]) -> str:
    """The kind a field's tables are (``#/$defs/room`` → ``room``), or "" for a plain value; a list's entries
    may be one of several shapes (an item slot: an item, ``{}`` or a name), the table among them decides.

    >>> _kind_of({"type": "array", "items": {"anyOf": [{"anyOf": [{"$ref": "#/$defs/item"}, {}]}, {}]}})
    'item'
    """
    ref = prop.get("$ref")
    if ref:
        return str(ref).rpartition("/")[2]
    for inner in (prop.get("items"), *prop.get("anyOf", ())):
        if isinstance(inner, dict) and (kind := _kind_of(inner)):
            return kind
    return ""


def commented(lines: list[str], header: str, data: dict[str, Any], schema: dict[str, Any], defs: dict[str, Any],
              lang: str, *, blank: bool = True, comments: bool = True) -> None:
    """``[header]`` (or ``[[header]]``) with every field of ``data``, each said above it (what it is, its
    range, its default) unless ``comments`` is off; a field the schema holds as a table of its own kind
    follows as ``[header.field]``, a list of such tables as ``[[header.field]]`` entries, each written the
    same way, as deep as they go.

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
    >>> plain: list[str] = []
    >>> commented(plain, "[[room]]", {"id": "gate", "disarm": {"stat": "search"}}, room, defs, "en", comments=False)
    >>> print("\\n".join(plain))
    <BLANKLINE>
    [[room]]
    id = "gate"
    <BLANKLINE>
    [room.disarm]
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
        if "properties" not in defs.get(kind, {}):  # one of several shapes (an effect): written in its line
            kind = ""
        if kind and (isinstance(value, dict) or (isinstance(value, list) and value and
                                                 all(isinstance(v, dict) for v in value))):
            later.append((key, value, kind))
            continue
        if comments:
            lines.append(field_comment(prop, key in required, lang))
        lines.append(f"{toml_key(key)} = {toml_value(value)}")
    name = header.strip("[]")
    for key, value, kind in later:
        if comments:  # the comment says what the table (or each of the list's tables) is, once
            lines += ["", field_comment(props[key], key in required, lang)]
        if isinstance(value, dict):
            commented(lines, f"[{name}.{key}]", value, defs[kind], defs, lang, blank=not comments, comments=comments)
        else:
            for entry in value:
                commented(lines, f"[[{name}.{key}]]", entry, defs[kind], defs, lang, comments=comments)
