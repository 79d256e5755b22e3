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
from meikyu.i18n import lookup, translate
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
    if masked(event, battle, frozenset(hidden)):  # about a hidden monster: who, and nothing of its numbers
        data = {k: v for k, v in data.items() if k == "type" or k in _ID_FIELDS}
    for key in _ID_FIELDS:
        if data.get(key) in hidden:
            data[key] = hidden[data[key]] or translate("mk.battle.word.unknown_monster", "en")
    return data


def label(battle: Battle, cid: str, lang: str, role: str) -> str:
    """``cid``'s name in ``lang``; for players a hidden monster is its appearance (R-MK-23). When another
    piece shows the same name (two Moss Rats, two shadows), the name is led by the piece's number — its
    place in the battle's list, the terminal's ``#5`` — so menu, battlefield and log tell twins apart the
    same way (monsters are listed in a shuffled order, so a number says nothing of a hidden species).

    >>> from .model import Combatant, MONSTERS
    >>> b = Battle((Combatant("m1", "Ogre", MONSTERS, 3, 9, 9, hidden=True, appearance="a shadow"),
    ...             Combatant("m2", "Rat", MONSTERS, 3, 9, 9, hidden=True, appearance="a shadow",
    ...                       looks=("그림자", "影", "a shadow")),
    ...             Combatant("m3", "Rat", MONSTERS, 3, 9, 9)))
    >>> label(b, "m2", "ja", "player"), label(b, "m1", "ja", "player"), label(b, "m1", "ja", "gm")
    ('#2 影', '#1 a shadow', 'Ogre')
    >>> label(b, "m3", "en", "player"), label(b, "m3", "en", "gm")
    ('Rat', '#3 Rat')
    """
    cs = battle.combatants
    for n, c in enumerate(cs, 1):
        if c.id == cid:
            if c.hidden and role != "gm":
                name = appearance(c, lang)
                twins = sum(1 for o in cs if o.hidden and o.appearance == c.appearance)
            else:
                name = c.label(lang)
                twins = sum(1 for o in cs if not (o.hidden and role != "gm") and o.label(lang) == name)
            return f"#{n} {name}" if twins > 1 else name
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
    if snake == "hidden_subject":
        who = next(getattr(event, key) for key in _ID_FIELDS if getattr(event, key, None) in covered)
        return settle(translate("mk.battle.event.hidden_subject", lang, who=label(battle, who, lang, "player")), lang)
    for key in _ID_FIELDS:
        if key in params:
            params[key] = label(battle, params[key], lang, "gm" if params[key] not in covered else "player")
    if isinstance(params.get("trap"), str):  # a trap by its name in the reader's language
        trap = next((t for t in battle.traps if t.id == params["trap"]), None)
        if trap is not None and trap.names:
            params["trap"] = trap.names[("ko", "ja", "en").index(lang) if lang in ("ko", "ja", "en") else 2]
        elif trap is not None and trap.name not in (trap.id, "fumble"):
            params["trap"] = trap.name  # the encounter file's own name for it
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
    if isinstance(event, (ev.Covered, ev.DataUsed, ev.MonsterSkillPaid, ev.AttackCancelled, ev.CheckBoosted)):
        params["data"] = data_label(battle, event.actor, event.data, lang)
    if isinstance(event, (ev.MinionHelp, ev.CheckBoosted)):
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
    elif isinstance(event, ev.TrapAppeared):
        trap = next((t for t in battle.traps if t.id == event.trap), None)
        if trap is None or not trap.names:  # the project's own traps (CFT 10) keep their names from above
            params["trap"] = trap_label(trap.name, lang) if trap is not None else event.trap
    elif isinstance(event, ev.Reinforced):  # the species by the name of its pieces, not its id
        kin = next((c for c in battle.combatants if (c.species or c.id) == event.species), None)
        params["species"] = kin.label(lang) if kin is not None else event.species
    elif isinstance(event, ev.Blow):
        # one term of the sum, not a sum of its own: "+ hope 5", "+ hope (3+5)" (a "= total" mid-sum misread)
        dice = "+".join(map(str, event.dice))
        params["dice"] = translate("mk.battle.word.blow_dice", lang, dice=f"({dice})" if len(event.dice) > 1
                                   else dice) if event.dice else ""  # fmt: skip
    elif isinstance(event, ev.DeadlineSet):  # "combat", "quarter" or "quarters:<n>" (R-MK-31's fatal wounds)
        kind, _, n = event.deadline.partition(":")
        params["deadline"] = translate(f"mk.battle.word.deadline_{kind}", lang, n=n)
    elif isinstance(event, ev.HpRestored):
        params["item"] = f" ({item_label(battle, '', event.item, lang)})" if event.item else ""
    if isinstance(params.get("hp"), int) and params["hp"] < 0:
        # below 0 says how far: the fatal-wound table reads it (R-MK-31)
        params["hp"] = translate("mk.battle.cli.hp_below", lang, hp=params["hp"], below=-params["hp"])
    if "status" in params:
        params["status"] = translate(f"mk.battle.status.{params['status']}", lang)
    if isinstance(event, ev.Treasure):
        # name what was found: the materials by name, an item by what it is and its level
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


# Events whose line, naming a hidden monster by its appearance, tells players nothing more of it: every
# other event naming one renders for players through ``<key>_hidden`` (its numbers, skills and items left
# out) or, lacking one, the bare ``hidden_subject`` line. A new event is covered until someone judges it.
_PLAIN_WHEN_HIDDEN = frozenset({
    "Placed", "Hidden", "Revealed", "Moved", "MoveStopped", "Missed", "CriticalHit", "CombatFumble", "Died",
    "Incapacitated", "StatusGained", "StatusCured", "Passed", "Carried", "Swapped", "ActsAgain", "BecameActed",
    "EscapeFailed", "GhostRises", "ChoiceAsked", "StoodUp", "CooperationLapsed",
})


def _covered_key(event: Event, battle: Battle, snake: str, covered: frozenset[str]) -> str:
    """The catalog key of the player's version of an event that names a monster hidden from them."""
    if not masked(event, battle, covered):
        return snake
    own = f"{snake}_hidden"
    return own if lookup(f"mk.battle.event.{own}", "en") is not None else "hidden_subject"


def trap_label(name: str, lang: str) -> str:
    """A combat trap's name for the table: as its data names it, or — a trap a fumble left (R-MK-29,
    "fumble") — in words.

    >>> trap_label("fumble", "ko"), trap_label("Spike Pit", "ko")
    ('실수로 생긴 함정', 'Spike Pit')
    """
    return translate("mk.battle.word.fumble_trap", lang) if name == "fumble" else name


def masked(event: Event, battle: Battle, covered: frozenset[str]) -> bool:
    """True when players may read no more of ``event`` than who it is about: it is about a monster in
    ``covered`` and its line would say more of it than its appearance (R-MK-23)."""
    if isinstance(event, ev.Blocked):  # the mover's own numbers are not in it; the blockers' valor is
        return blocking_covered(battle, event, covered)
    if isinstance(event, (ev.DataUsed, ev.AttackCancelled, ev.Covered)) and event.actor not in covered:
        # one's own data aimed at (or answering) a hidden monster: its line shows only that monster's looks;
        # a hidden monster's own data would name its skill, so that line stays covered
        return False
    return type(event).__name__ not in _PLAIN_WHEN_HIDDEN and names_covered(event, battle, covered)


def names_covered(event: Event, battle: Battle, covered: frozenset[str]) -> bool:
    """True when ``event`` is about a monster in ``covered``: one of its ids, or (reinforcements) its kind."""
    if isinstance(event, ev.Reinforced):
        return any(c.id in covered and c.species == event.species for c in battle.combatants)
    return any(getattr(event, key, None) in covered for key in _ID_FIELDS)


def blocking_covered(battle: Battle, event: ev.Blocked, covered: frozenset[str]) -> bool:
    """True when a hidden monster's valor is part of the sum a blocking line would show (R-MK-27)."""
    mover = next((c for c in battle.combatants if c.id == event.id), None)
    return any(
        c.id in covered and c.area == event.area and c.condition == OK and (mover is None or c.side != mover.side)
        for c in battle.combatants
    )
