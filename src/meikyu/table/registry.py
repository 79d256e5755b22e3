"""Which table kinds exist, and turning posted data back into an action.

Kinds load on first use, so importing the registry costs nothing.

>>> ("ShinGamebook", "reading") in kinds()
True
>>> get("ShinGamebook", "reading").kind
'reading'
>>> get("Nope", "x")
Traceback (most recent call last):
...
meikyu.errors.InputError: unknown table kind Nope/x; known: MeikyuKingdom/battle, MeikyuKingdom/round_table, MeikyuKingdom/session, ShinGamebook/reading, Liberator/scenario.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from meikyu.engine import TEXT_LIMIT, Action
from meikyu.errors import InputError
from meikyu.serial import TAG
from meikyu.table.base import TableKind

_KINDS: dict[tuple[str, str], str] = {
    ("MeikyuKingdom", "battle"): "meikyu.table.mk_battle:BattleKind",
    ("MeikyuKingdom", "round_table"): "meikyu.table.mk_round_table:RoundTableKind",
    ("MeikyuKingdom", "session"): "meikyu.table.mk_session:SessionKind",
    ("ShinGamebook", "reading"): "meikyu.table.gamebook:ReadingKind",
    ("Liberator", "scenario"): "meikyu.table.liberator:ScenarioKind",
}
_made: dict[tuple[str, str], TableKind] = {}

# The setup fields each kind reads from a file a person uploads (TOML text, or the same tables as JSON),
# the first one required. Every other setup field (a seed, options) is left at its default by a file setup.
_FILES: dict[tuple[str, str], tuple[tuple[str, bool], ...]] = {
    ("MeikyuKingdom", "battle"): (("encounter", True), ("bestiary", False)),
    ("MeikyuKingdom", "round_table"): (("sheet", True),),
    ("MeikyuKingdom", "session"): (("sheet", True), ("labyrinth", False)),
    ("ShinGamebook", "reading"): (("book", True),),
    ("Liberator", "scenario"): (("cards", True),),
}


def kinds() -> list[tuple[str, str]]:
    """The (system, kind) pairs a table can play, with the system ids ``/v2`` uses."""
    return list(_KINDS)


def setup_files(system: str, kind: str) -> list[dict[str, Any]]:
    """The files a setup of this kind may be made of: ``[{"field", "required"}]``, the field of ``setup``
    each file's text goes in (what the home page asks for when a game is set up from one's own files).

    >>> setup_files("MeikyuKingdom", "session")
    [{'field': 'sheet', 'required': True}, {'field': 'labyrinth', 'required': False}]
    """
    return [{"field": name, "required": required} for name, required in _FILES.get((system, kind), ())]


def setup_samples(system: str, kind: str) -> list[dict[str, Any]]:
    """The shipped setups a kind offers by name (the gamebook's books: ``[{"id", "title": {lang: …}}]``), for the
    home page's list; ``{"sample": id}`` sets one up. Empty for kinds with one sample.

    >>> [b["id"] for b in setup_samples("ShinGamebook", "reading")], setup_samples("Liberator", "scenario")
    (['kaze-no-tou', 'yami-no-kodo'], [])
    """
    if (system, kind) != ("ShinGamebook", "reading"):
        return []
    from meikyu.table.gamebook import shipped_books

    return [{"id": b["id"], "title": b["title"]} for b in shipped_books()]


def get(system: str, kind: str) -> TableKind:
    """The table kind for ``system`` and ``kind`` (one shared instance each); unknown → :class:`InputError`."""
    key = (system, kind)
    cached = _made.get(key)
    if cached is not None:
        return cached
    target = _KINDS.get(key)
    if target is None:
        known = ", ".join(f"{s}/{k}" for s, k in _KINDS)
        raise InputError("table.error.unknown_kind", system=system, kind=kind, known=known)
    module, _, name = target.partition(":")
    made: TableKind = getattr(import_module(module), name)()
    _made[key] = made
    return made


def _long_text(data: Any, path: str = "") -> str | None:
    """The first field of ``data`` holding a text longer than :data:`meikyu.engine.TEXT_LIMIT` (``None`` when none does)."""
    if isinstance(data, str):
        return path or "action" if len(data) > TEXT_LIMIT else None
    if isinstance(data, dict):
        found = (_long_text(v, f"{path}.{k}" if path else str(k)) for k, v in data.items())
    elif isinstance(data, list):
        found = (_long_text(v, f"{path}[{i}]") for i, v in enumerate(data))
    else:
        return None
    return next((f for f in found if f is not None), None)


def action_from_data(kind: TableKind, data: Any) -> Action:
    """The action a client posted (a ``MenuItem.action`` as given); malformed → :class:`InputError`.

    >>> reading = get("ShinGamebook", "reading")
    >>> action_from_data(reading, {"@type": "Choose", "number": 2})
    Choose(number=2)
    >>> action_from_data(reading, {"@type": "Fly"}).message("en")
    Traceback (most recent call last):
    ...
    meikyu.errors.InputError: 'Fly' is not an action of ShinGamebook/reading; known: Amend, Attack, Choose, ChooseDie, Distribute, Equip, Escape, Proceed, RollCreation, UseAbility.
    """
    if not isinstance(data, dict):
        raise InputError("table.error.action_not_object", got=type(data).__name__)
    registry = kind.rules.actions
    name = data.get(TAG)
    known = ", ".join(registry.names())
    if not isinstance(name, str) or name not in registry:
        raise InputError("table.error.unknown_action", action=str(name), system=kind.system, kind=kind.kind,
                         known=known)
    long_field = _long_text(data)
    if long_field is not None:
        raise InputError("table.error.text_too_long", action=name, field=long_field, limit=TEXT_LIMIT)
    try:
        action = registry.load(data)
    except (TypeError, ValueError, KeyError) as exc:
        raise InputError("table.error.bad_action", action=name, detail=str(exc)) from None
    if not isinstance(action, Action):
        raise InputError("table.error.unknown_action", action=name, system=kind.system, kind=kind.kind,
                         known=known)
    return action
