"""What each role may see of a battle (R-MK-23), and events rendered as text.

``view(battle, "gm")`` is the whole state as data. ``view(battle, "player")`` leaves out — does not
mask — every hidden monster's data (only its id, side, area, condition, acted flag and appearance
remain), the GM's notes, hidden traps, and the attack context of a pending prompt aimed at a hidden
monster. ``render(event, battle, lang, role)`` names combatants and drops hidden difficulties.

>>> from .model import Battle, Combatant, MONSTERS
>>> b = Battle((Combatant("m", "Gloomfang", MONSTERS, 3, 37, 37, hidden=True, appearance="a shadow"),),
...            notes="the key is under the altar")
>>> v = view(b, "player")
>>> v["combatants"][0]
{'id': 'm', 'side': 'monsters', 'area': 3, 'acted': False, 'condition': 'ok', 'hidden': True, 'appearance': 'a shadow'}
>>> "notes" in v, view(b, "gm")["combatants"][0]["hp"]
(False, 37)
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from meikyu.engine import Event
from meikyu.i18n import translate
from meikyu.serial import to_data

from . import events as ev
from .model import Battle


def settle(text: str, lang: str) -> str:
    """Korean text with its 이(가)-style particle pairs fitted to the names filled in.

    >>> settle("Hana의 장검(으)로 고블린을(를) 공격", "ko"), settle("x(으)로", "en")
    ('Hana의 장검으로 고블린을 공격', 'x(으)로')
    """
    if lang != "ko":
        return text
    from meikyu.i18n.hangul import settle_particles

    return settle_particles(text)

ROLES = ("gm", "player")
_PUBLIC = ("id", "side", "area", "acted", "condition", "hidden", "appearance")


def view(battle: Battle, role: str = "player") -> dict[str, Any]:
    """The battle as plain data for ``role`` (``"gm"`` or ``"player"``)."""
    if role not in ROLES:
        from meikyu.errors import InputError

        raise InputError("mk.battle.error.role", role=role, roles=", ".join(ROLES))
    data: dict[str, Any] = to_data(battle)
    if role == "gm":
        return data
    data.pop("notes", None)
    hidden = {c.id for c in battle.combatants if c.hidden}
    data["combatants"] = [
        {k: c[k] for k in _PUBLIC} if c["id"] in hidden else {k: v for k, v in c.items() if k != "notes"}
        for c in data["combatants"]
    ]
    data["traps"] = [t for t in data["traps"] if not t["hidden"]]
    pending = data.get("pending")
    if pending and pending.get("attack") and pending["attack"]["target"] in hidden:
        pending["attack"] = None
    return data


def event_view(event: Event, battle: Battle, role: str = "player") -> dict[str, Any]:
    """An event as data for ``role``: players get no hidden difficulty and no hidden monster's id.

    >>> from .model import Combatant, MONSTERS, COURT
    >>> b = Battle((Combatant("m", "Gloomfang", MONSTERS, 3, 9, 9, hidden=True, appearance="a shadow"),
    ...             Combatant("pc", "Ari", COURT, 3, 9, 9)))
    >>> event_view(ev.Check("pc", "hit", (3, 4), 10, 13, False, secret=True), b)
    {'type': 'Check', 'actor': 'pc', 'purpose': 'hit', 'dice': [3, 4], 'achievement': 10, 'success': False, 'critical': False, 'fumble': False, 'secret': True}
    >>> event_view(ev.Missed("pc", "m"), b)["target"]
    'a shadow'
    """
    data: dict[str, Any] = {"type": type(event).__name__, **to_data(event)}
    if role == "gm":
        return data
    if data.get("secret"):
        data.pop("difficulty", None)
    hidden = {c.id: c.appearance for c in battle.combatants if c.hidden}
    for key in _ID_FIELDS:
        if data.get(key) in hidden:
            data[key] = hidden[data[key]] or translate("mk.battle.word.unknown_monster", "en")
    return data


def label(battle: Battle, cid: str, lang: str, role: str) -> str:
    for c in battle.combatants:
        if c.id == cid:
            if c.hidden and role != "gm":
                return c.appearance or translate("mk.battle.word.unknown_monster", lang)
            return c.label(lang)
    return cid


def item_label(battle: Battle, cid: str, name: str, lang: str) -> str:
    """``cid``'s item called ``name`` (events carry the stable name) in ``lang``; ``cid=""`` looks at
    everyone's items (an item used up is often still carried by someone else too)."""
    for c in battle.combatants:
        if c.id == cid or not cid:
            for wp in c.weapons:
                if wp.name == name:
                    return wp.label(lang)
    return name


_ID_FIELDS = ("id", "actor", "target", "attacker", "payer", "mover", "other", "ghost", "via")


def render(event: Event, battle: Battle, lang: str = "en", role: str = "gm") -> str:
    """One line of text for ``event``: names for ids, no hidden difficulty for players (R-MK-23)."""
    params = {f.name: getattr(event, f.name) for f in fields(event)}  # type: ignore[arg-type]
    if isinstance(event, (ev.WeaponImproved, ev.ItemBroke)):
        key = "weapon" if isinstance(event, ev.WeaponImproved) else "item"
        params[key] = item_label(battle, event.actor, params[key], lang)
    for key in _ID_FIELDS:
        if key in params:
            params[key] = label(battle, params[key], lang, role)
    for key in ("side", "winner"):
        if key in params:
            params[key] = translate(f"mk.battle.side.{params[key] or 'none'}", lang)
    name = type(event).__name__
    snake = "".join("_" + ch.lower() if ch.isupper() else ch for ch in name).lstrip("_")
    if isinstance(event, ev.Check):
        params["purpose"] = translate(f"mk.battle.purpose.{event.purpose}", lang)
        params["result"] = translate(f"mk.battle.word.{'success' if event.success else 'failure'}", lang)
        params["dice"] = ",".join(map(str, event.dice))
        if event.critical or event.fumble:
            params["result"] += translate(
                f"mk.battle.word.{'critical' if event.critical else 'fumble'}", lang
            )
        if event.secret and role != "gm":
            snake = "check_secret"
    if isinstance(event, ev.MinionHelp):
        params["result"] = translate(f"mk.battle.word.{'success' if event.success else 'failure'}", lang)
    elif isinstance(event, ev.Cooperated):
        params["action"] = translate(f"mk.battle.purpose.{event.action}", lang)
    elif isinstance(event, ev.ChoiceAsked):
        params["kind"] = translate(f"mk.battle.choice.{event.kind}", lang)
        if event.actor in ("court", "monsters"):
            params["actor"] = translate(f"mk.battle.side.{event.actor}", lang)
    elif isinstance(event, ev.DisasterDue):
        params["trigger"] = translate(f"mk.battle.disaster.{event.trigger}", lang)
    elif isinstance(event, ev.HpRestored):
        params["item"] = f" ({item_label(battle, '', event.item, lang)})" if event.item else ""
    if "status" in params:
        params["status"] = translate(f"mk.battle.status.{params['status']}", lang)
    if "kind" in params and isinstance(event, ev.Treasure):
        params["kind"] = translate(f"mk.battle.treasure.{params['kind']}", lang)
    if "outcome" in params:
        params["outcome"] = translate(f"mk.battle.outcome.{params['outcome'] or 'none'}", lang)
    if "area" in params and isinstance(params["area"], int):
        params["area"] = translate(f"mk.battle.area.a{params['area']}", lang)
    if "origin" in params:
        params["origin"] = translate(f"mk.battle.area.a{params['origin']}", lang)
    if isinstance(event, (ev.CriticalHit, ev.CombatFumble, ev.FatalWound)):
        table = {"CriticalHit": "cat", "CombatFumble": "cft", "FatalWound": "fwt"}[name]
        params["effect"] = translate(f"mk.battle.{table}.r{params['roll']}", lang)
    return settle(translate(f"mk.battle.event.{snake}", lang, **params), lang)
