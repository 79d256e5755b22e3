"""Plain-data conversion for frozen dataclasses: ``to_data`` and ``from_data``.

State, actions and events are dataclasses; saved games, the API and tests need them as JSON. The
conversion is driven by the type hints, so a new dataclass needs no code of its own.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     tags: tuple[str, ...] = ()
>>> to_data(Point(1, ("a",)))
{'x': 1, 'tags': ['a']}
>>> from_data(Point, {"x": 2})
Point(x=2, tags=())
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


def to_data(obj: Any) -> Any:
    """Turn dataclasses, enums, tuples, sets and mappings into JSON-ready values."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_data(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, (tuple, list)):
        return [to_data(item) for item in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted(to_data(item) for item in obj)
    if isinstance(obj, dict):
        return {str(k): to_data(v) for k, v in obj.items()}
    return obj


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_data(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from what :func:`to_data` produced."""
    if tp is Any:
        return data
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        errors: list[Exception] = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return from_data(arg, data)
            except (TypeError, ValueError, KeyError) as exc:
                errors.append(exc)
        raise ValueError(f"no member of {tp} accepts {data!r}: {errors}")
    if origin is typing.Literal:
        if data not in args:
            raise ValueError(f"{data!r} is not one of {args}")
        return data
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], item) for item in data)
        return tuple(from_data(a, item) for a, item in zip(args, data, strict=True))
    if origin is list:
        return [from_data(args[0], item) for item in data]
    if origin in (frozenset, set):
        return origin(from_data(args[0], item) for item in data)
    if origin is dict or origin is typing.Mapping:
        key_type, value_type = args
        return {from_data(key_type, k): from_data(value_type, v) for k, v in data.items()}
    if isinstance(tp, type):
        if dataclasses.is_dataclass(tp):
            if not isinstance(data, dict):
                raise TypeError(f"{tp.__name__} needs a mapping, got {type(data).__name__}")
            hints = _hints(tp)
            kwargs = {}
            for f in dataclasses.fields(tp):
                if f.name in data:
                    kwargs[f.name] = from_data(hints[f.name], data[f.name])
            return tp(**kwargs)
        if issubclass(tp, enum.Enum):
            return tp(data)
        if tp is float and isinstance(data, int) and not isinstance(data, bool):
            return float(data)
        if tp is int and isinstance(data, bool):
            raise TypeError("expected an integer, got a boolean")
        if not isinstance(data, tp):
            raise TypeError(f"expected {tp.__name__}, got {type(data).__name__}")
        return data
    return data


TAG = "@type"
"""The key a tagged union stores its class name under. ``@`` cannot begin a Python identifier, so no
dataclass field can ever have this name and collide with it (fields named ``type`` are fine)."""

_LEGACY_TAG = "type"


class TypeRegistry:
    """Tagged unions: dump a dataclass with its class name under ``"@type"`` and load it back.

    >>> from dataclasses import dataclass
    >>> reg = TypeRegistry()
    >>> @reg.register
    ... @dataclass(frozen=True)
    ... class Generate:
    ...     type: str
    >>> reg.dump(Generate("turning"))
    {'@type': 'Generate', 'type': 'turning'}
    >>> reg.load({'@type': 'Generate', 'type': 'turning'})
    Generate(type='turning')

    Saves written before the tag moved to ``"@type"`` kept the class name under ``"type"``, which a
    field of that name overwrote. Both still load: the class name where it survived, and where a field
    overwrote it, the one registered class whose field names are exactly the record's keys.

    >>> reg.load({'type': 'turning'})
    Generate(type='turning')
    """

    def __init__(self) -> None:
        self._types: dict[str, type] = {}
        self._names: dict[type, str] = {}

    def register(self, cls: type[T]) -> type[T]:
        self._types[cls.__name__] = cls
        self._names[cls] = cls.__name__
        return cls

    def include(self, other: TypeRegistry, prefix: str) -> None:
        """Take in every type of ``other`` under ``prefix.Name``, so two registries' same-named
        types (a battle's ``Pass`` and a cycle's ``Pass``) live side by side.

        >>> from dataclasses import dataclass
        >>> inner, outer = TypeRegistry(), TypeRegistry()
        >>> @inner.register
        ... @dataclass(frozen=True)
        ... class Pass:
        ...     actor: str
        >>> outer.include(inner, "battle")
        >>> outer.dump(Pass("a")), outer.load({"@type": "battle.Pass", "actor": "a"})
        ({'@type': 'battle.Pass', 'actor': 'a'}, Pass(actor='a'))
        """
        for name, cls in other._types.items():
            self._types[f"{prefix}.{name}"] = cls
            self._names[cls] = f"{prefix}.{name}"

    def dump(self, obj: Any) -> dict[str, Any]:
        return {TAG: self._names.get(type(obj), type(obj).__name__), **to_data(obj)}

    def load(self, data: dict[str, Any]) -> Any:
        if not isinstance(data, dict):
            raise TypeError(f"a tagged record needs a mapping, got {type(data).__name__}")
        body = dict(data)
        if TAG in body:
            name = body.pop(TAG)
        else:
            name, body = self._legacy(body)
        cls = self._types.get(str(name))
        if cls is None:
            raise ValueError(f"unknown type {name!r}; known: {', '.join(sorted(self._types))}")
        return from_data(cls, body)

    def _legacy(self, body: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """The class name and fields of a record saved under the old ``"type"`` tag."""
        name = body.get(_LEGACY_TAG)
        cls = self._types.get(str(name))
        if cls is not None and _LEGACY_TAG not in _field_names(cls):
            del body[_LEGACY_TAG]
            return name, body
        keys = frozenset(body)
        matches = [n for n, c in self._types.items() if _LEGACY_TAG in _field_names(c) and _field_names(c) == keys]
        if len(matches) == 1:
            return matches[0], body
        return name, body

    def __contains__(self, name: str) -> bool:
        return name in self._types

    def __iter__(self) -> typing.Iterator[type]:
        """Every registered class, in registration order."""
        return iter(self._types.values())

    def names(self) -> list[str]:
        """The registered type names, sorted."""
        return sorted(self._types)


@cache
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else frozenset()
