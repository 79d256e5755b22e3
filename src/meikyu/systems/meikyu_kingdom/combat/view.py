"""What each role may see of a battle (R-MK-23), and events rendered as text.

``view(battle, "gm")`` is the whole state as data. ``view(battle, "player")`` leaves out — does not
mask — every hidden monster's data (only its id, side, area, condition, acted flag and appearance
remain), the GM's notes, hidden traps, the attack context of a pending prompt aimed at a hidden
monster, and a pending choice's automatic answer. ``render(event, battle, lang, role)`` names combatants and drops hidden difficulties.

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
from .model import LANG_INDEX, OK, Battle, Combatant


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
    data.pop("notes_by_lang", None)
    hidden = {c.id for c in battle.combatants if c.hidden}
    data["combatants"] = [
        {k: c[k] for k in _PUBLIC} if c["id"] in hidden else {k: v for k, v in c.items() if k != "notes"}
        for c in data["combatants"]
    ]
    data["traps"] = [t for t in data["traps"] if not t["hidden"]]
    pending = data.get("pending")
    if pending and pending.get("attack") and pending["attack"]["target"] in hidden:
        pending["attack"] = None
    if pending and pending.get("choice"):
        pending["choice"].pop("auto", None)  # it may rest on a hidden difficulty
    return data


def event_view(event: Event, battle: Battle, role: str = "player") -> dict[str, Any]:
    """An event as data for ``role``: players get no hidden difficulty and no hidden monster's id.

    >>> from .model import Combatant, MONSTERS, COURT
    >>> b = Battle((Combatant("m", "Gloomfang", MONSTERS, 3, 9, 9, hidden=True, appearance="a shadow"),
    ...             Combatant("pc", "Ari", COURT, 3, 9, 9)))
    >>> event_view(ev.Check("pc", "hit", (3, 4), 10, 13, False, secret=True), b)
    {'type': 'Check', 'actor': 'pc', 'purpose': 'hit', 'dice': [3, 4], 'achievement': 10, 'success': False, 'critical': False, 'fumble': False, 'secret': True, 'converted': 0}
    >>> event_view(ev.Missed("pc", "m"), b)["target"]
    'a shadow'
    """
    data: dict[str, Any] = {"type": type(event).__name__, **to_data(event)}
    if isinstance(event, ev.Check) and not event.data:
        del data["data"]  # no data added to the check: the shape every check had before data acted
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
    """``cid``'s name in ``lang``; for players a hidden monster is its appearance (R-MK-23), followed by
    its id when another hidden monster looks the same, so players can tell them apart.

    >>> from .model import Combatant, MONSTERS
    >>> b = Battle((Combatant("m1", "Ogre", MONSTERS, 3, 9, 9, hidden=True, appearance="a shadow"),
    ...             Combatant("m2", "Rat", MONSTERS, 3, 9, 9, hidden=True, appearance="a shadow",
    ...                       looks=("그림자", "影", "a shadow"))))
    >>> label(b, "m2", "ja", "player"), label(b, "m1", "ja", "player"), label(b, "m1", "ja", "gm")
    ('影 (m2)', 'a shadow (m1)', 'Ogre')
    """
    for c in battle.combatants:
        if c.id == cid:
            if c.hidden and role != "gm":
                look = appearance(c, lang)
                twins = sum(1 for o in battle.combatants if o.hidden and o.appearance == c.appearance)
                return f"{look} ({cid})" if twins > 1 else look
            return c.label(lang)
    return cid


def appearance(c: Combatant, lang: str) -> str:
    """What players are told of hidden ``c``, in ``lang`` when the bestiary gives it."""
    if len(c.looks) == 3:
        return c.looks[LANG_INDEX.get(lang, 2)]
    return c.appearance or translate("mk.battle.word.unknown_monster", lang)


def gm_notes(battle: Battle, lang: str) -> str:
    """The GM's notes for a reader of ``lang``: the encounter's text in that language when it gave one,
    else the text it falls back on (English, else Korean, else Japanese); a plain string as written.

    >>> b = Battle((), notes="crate", notes_by_lang=("상자", "", "crate"))
    >>> gm_notes(b, "ko"), gm_notes(b, "ja"), gm_notes(Battle((), notes="as written"), "ja")
    ('상자', 'crate', 'as written')
    """
    if battle.notes_by_lang:
        text = battle.notes_by_lang[LANG_INDEX.get(lang, 2)]
        if text:
            return text
    return battle.notes


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


def render(event: Event, battle: Battle, lang: str = "en", role: str = "gm",
           hidden: frozenset[str] | None = None) -> str:
    """One line of text for ``event``: names for ids, and for players nothing the rules keep from them
    (R-MK-23): no hidden difficulty; a hidden monster by its appearance, with no HP after damage, no dice
    or achievement on its own checks (they would give its valor away), no damage amount or HP (the amount
    after armor would give its armor away), no skill or item names; a blocking without the valor sum
    when a hidden monster stands in it.

    ``hidden`` names the monsters to treat as hidden (default: those hidden in ``battle``); pass the
    ones hidden before *or* after the step, so a monster revealed by this step's check stays covered
    in the lines before the reveal.

    >>> from .model import Combatant, MONSTERS, COURT
    >>> b = Battle((Combatant("m1", "Ogre", MONSTERS, 2, 9, 20, hidden=True, appearance="a shadow"),
    ...             Combatant("pc", "Ari", COURT, 2, 9, 9)))
    >>> render(ev.Damaged("m1", 4, 5), b, "en", "player"), render(ev.Damaged("m1", 4, 5), b, "en")
    ('a shadow takes damage.', 'Ogre takes 4 damage (HP 5).')
    >>> render(ev.Check("m1", "hit", (3, 4), 12, 9, True), b, "en", "player")
    'a shadow: hit check: success.'
    >>> render(ev.Blocked("pc", 2, 1, 5), b, "en", "player")
    'Ari is blocked in the court front: 1 allies against the enemies standing there.'
    """
    params = {f.name: getattr(event, f.name) for f in fields(event)}  # type: ignore[arg-type]
    covered = frozenset(c.id for c in battle.combatants if c.hidden) if hidden is None else hidden
    if role == "gm":
        covered = frozenset()
    name = type(event).__name__
    snake = "".join("_" + ch.lower() if ch.isupper() else ch for ch in name).lstrip("_")
    snake = _covered_key(event, battle, snake, covered)
    if isinstance(event, (ev.WeaponImproved, ev.ItemBroke)):
        key = "weapon" if isinstance(event, ev.WeaponImproved) else "item"
        params[key] = item_label(battle, event.actor, params[key], lang)
    if isinstance(event, ev.Reinforced) and covered and any(
        c.id in covered and c.species == event.species for c in battle.combatants
    ):
        snake = "reinforced_hidden"
    for key in _ID_FIELDS:
        if key in params:
            params[key] = label(battle, params[key], lang, "gm" if params[key] not in covered else "player")
    for key in ("side", "winner"):
        if key in params:
            params[key] = translate(f"mk.battle.side.{params[key] or 'none'}", lang)
    if isinstance(event, ev.Check):
        params["purpose"] = translate(f"mk.battle.purpose.{event.purpose}", lang)
        params["result"] = translate(f"mk.battle.word.{'success' if event.success else 'failure'}", lang)
        params["dice"] = _dice_text(event, lang) + data_text(event, battle, lang)
        if event.critical or event.fumble:
            params["result"] += translate(
                f"mk.battle.word.{'critical' if event.critical else 'fumble'}", lang
            )
        if event.secret and role != "gm" and snake == "check":
            snake = "check_secret"
    if isinstance(event, (ev.Covered, ev.DataUsed, ev.MonsterSkillPaid)):
        params["data"] = data_label(battle, event.actor, event.data, lang)
    if isinstance(event, ev.MinionHelp):
        params["result"] = translate(f"mk.battle.word.{'success' if event.success else 'failure'}", lang)
    elif isinstance(event, ev.Cooperated):
        params["action"] = translate(f"mk.battle.purpose.{event.action}", lang)
    elif isinstance(event, ev.ChoiceAsked):
        params["kind"] = translate(f"mk.battle.choice.{event.kind}", lang)
        if event.actor in ("court", "monsters"):
            params["actor"] = translate(f"mk.battle.side.{event.actor}", lang)
    elif isinstance(event, ev.Ambush):
        params["cause"] = translate(f"mk.battle.ambush_cause.{event.cause}", lang)
    elif isinstance(event, ev.DriveChanged):
        params["amount"] = f"{event.amount:+d}"
    elif isinstance(event, ev.DisasterDue):
        params["trigger"] = translate(f"mk.battle.disaster.{event.trigger}", lang)
    elif isinstance(event, ev.Blow):
        params["dice"] = translate("mk.battle.word.blow_dice", lang, dice=" ".join(map(str, event.dice)),
                                   total=sum(event.dice)) if event.dice else ""  # fmt: skip
    elif isinstance(event, ev.HpRestored):
        params["item"] = f" ({item_label(battle, '', event.item, lang)})" if event.item else ""
    if isinstance(params.get("hp"), int) and params["hp"] < 0:
        # below 0 says how far: the fatal-wound table reads it (R-MK-31)
        params["hp"] = translate("mk.battle.cli.hp_below", lang, hp=params["hp"], below=-params["hp"])
    if "status" in params:
        params["status"] = translate(f"mk.battle.status.{params['status']}", lang)
    if isinstance(event, ev.Treasure):
        # name what was found: the materials by name, an item by what it is and its level
        from meikyu.i18n import lookup

        params["kind"] = translate(f"mk.battle.treasure.{event.kind}", lang)
        names = [lookup(f"mk.word.material_{m}", lang) or m for m in event.materials]
        params["materials"] = translate("mk.battle.word.list_sep", lang).join(names) or params["kind"]
        snake = {"nothing": "treasure_nothing", "materials": "treasure_materials"}.get(event.kind, "treasure_item")
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


def data_label(battle: Battle, owner: str, source: str, lang: str) -> str:
    """The name of data ``owner`` uses (a skill, an item), in ``lang`` when its sheet gave it."""
    piece = next((c for c in battle.combatants if c.id == owner), None)
    if piece is None:
        return source
    for use in piece.uses:
        if use.source == source:
            return use.label(lang)
    for bonus in piece.data:
        if bonus.source == source:
            return bonus.label(lang)
    return source


def data_text(event: ev.Check, battle: Battle, lang: str) -> str:
    """The constant and equipment data that added to a check (R-MK-09), as its line shows them:
    ``+1 Hawk Eye``."""
    if not event.data:
        return ""
    piece = next((c for c in battle.combatants if c.id == event.actor), None)
    labels = {d.source: d.label(lang) for d in piece.data} if piece is not None else {}
    return "".join(f" {amount:+d} {labels.get(source, source)}" for source, amount in event.data)


def _dice_text(event: ev.Check, lang: str) -> str:
    """A check's dice, the 6s turned into drive marked as such (R-MK-14): ``6→drive,4``.

    >>> _dice_text(ev.Check("pc", "hit", (4, 6), 7, 9, False, converted=1), "en")
    '4,6→drive'
    """
    if not event.converted:
        return ",".join(map(str, event.dice))
    left = event.converted
    parts = []
    for d in event.dice:
        if d == 6 and left:
            left -= 1
            parts.append(translate("mk.battle.sixes.to_drive", lang))
        else:
            parts.append(str(d))
    return ",".join(parts)


_COVERED_TARGET = {"Damaged": "damaged_hidden", "HpReduced": "hp_reduced_hidden", "HpSet": "hp_set_hidden",
                   "DamageCancelled": "damage_cancelled_hidden", "SkillSealed": "skill_sealed_hidden",
                   "Revived": "revived_hidden"}
_COVERED_ACTOR = {"Check": "check_hidden", "ItemBroke": "item_broke_hidden",
                  "WeaponImproved": "weapon_improved_hidden"}


def _covered_key(event: Event, battle: Battle, snake: str, covered: frozenset[str]) -> str:
    """The catalog key of the player's version of an event that would show a hidden monster's numbers."""
    if not covered:
        return snake
    name = type(event).__name__
    if name in _COVERED_TARGET and getattr(event, "target", "") in covered:
        return _COVERED_TARGET[name]
    if name in _COVERED_ACTOR and getattr(event, "actor", "") in covered:
        return _COVERED_ACTOR[name]
    if isinstance(event, ev.Blocked) and blocking_covered(battle, event, covered):
        return "blocked_hidden"
    return snake


def blocking_covered(battle: Battle, event: ev.Blocked, covered: frozenset[str]) -> bool:
    """True when a hidden monster's valor is part of the sum a blocking line would show (R-MK-27)."""
    mover = next((c for c in battle.combatants if c.id == event.id), None)
    return any(
        c.id in covered and c.area == event.area and c.condition == OK and (mover is None or c.side != mover.side)
        for c in battle.combatants
    )
