"""The GM's quick rulings as effects (R-MK-01b): "you lose 2 HP", "the kingdom gains 3 MG", "roll KDT".

Seed 000 lets the GM settle a problem with or without the rules. :class:`~.session.GmSet` sets a field
to a value; these two apply a change the way the rules' own tables do, through the same effect machine
(:mod:`~meikyu.systems.meikyu_kingdom.kingdom.effects`), so a ruling gets what a table's effect gets —
HP capped at the maximum, drive at its capacity, a lost voice through the voice gate (R-MK-20), deserting
minions going home (R-MK-45), a random pick rolled with the game's dice:

- :class:`GmEffect` applies one effect of the effect vocabulary (``data/tables/EFFECTS.md`` and
  ``DATA_EFFECTS.md``) of the types in :data:`GM_EFFECTS`, to a character, every character or the
  kingdom, plus ``lose_item``, which only a GM does: an item taken away by name;
- :class:`GmRollTable` rolls a kingdom-side table (KDT, KCT, KMT, TT, the treasures) and applies it.

Every change they make is logged with the reason ``gm_ruling``; the GM's words go beside it as the GM's
note (the API's ``note``). Neither runs while a battle is under way (the battle's own GM actions change its
pieces: HP, statuses, falls) or while a table, check or ruling still waits for an answer.

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> from meikyu.systems.meikyu_kingdom.session_state import SessionState
>>> s = sample()
>>> state = SessionState(s.kingdom, s.characters)
>>> new, events = step(state, GmEffect({"type": "hp", "amount": -2}, "doyun"), ScriptedDice([]))
>>> state.character("doyun").hp, new.character("doyun").hp, events[0].reason
(12, 10, 'gm_ruling')
>>> new, events = step(state, GmEffect({"type": "budget", "amount": "1D6"}), ScriptedDice([4]))
>>> new.kingdom.budget - state.kingdom.budget
4
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.errors import DataError, RuleError
from meikyu.systems.meikyu_kingdom.events import KingdomChanged
from meikyu.systems.meikyu_kingdom.kingdom import effects as fx
from meikyu.systems.meikyu_kingdom.kingdom.effect_state import KINGDOM_TABLES, EffectState, Frame
from meikyu.systems.meikyu_kingdom.kingdom.effect_steps import run_queue
from meikyu.systems.meikyu_kingdom.labyrinth.finds import item_label, item_names
from meikyu.systems.meikyu_kingdom.session_state import SessionState
from meikyu.tables import EffectType, Param, Vocabulary
from meikyu.tables.loading import read_effects

GM_EFFECTS: tuple[str, ...] = (
    "hp", "drive", "minions", "bad_status", "cure_status", "gain_item", "lose_item",
    "voice", "budget", "citizens", "upkeep", "national_power", "materials",
)
"""The effect types the GM's form offers, in its order: a character's first, then the kingdom's."""

EVERYONE: tuple[str, ...] = ("each_court", "random_court")
"""``who`` words besides a character's id: every land maker, or one at random (the vocabulary's words)."""

LOSE_ITEM = EffectType(
    "The GM takes an item away: by its name (any language) or id, from the items of the character in `who`, "
    "or from the kingdom's stored items when no character is named.",
    (("item", Param("str", "the item's name or id", required=True)),),
)


def _vocabulary() -> Vocabulary:
    from meikyu.systems.meikyu_kingdom.effects.vocabulary import DATA_VOCABULARY

    return Vocabulary("meikyu_kingdom.gm", {**DATA_VOCABULARY.types, "lose_item": LOSE_ITEM},
                      DATA_VOCABULARY.variables)


GM_VOCABULARY = _vocabulary()
"""What a ruling's effect may say: the data's vocabulary (the tables' types and data's own) and ``lose_item``."""

FORMULA_LIMIT = 40
"""The longest amount a ruling takes (``-2``, ``1D6+1``, ``voice/2``): it is shown in the log."""


@dataclass(frozen=True)
class GmEffect(Action):
    """R-MK-01b: apply ``effect`` (``{"type": "hp", "amount": -2}``, the vocabulary's words) to ``who``: a
    character's id, ``each_court``, ``random_court``, or "" for the kingdom's own effects."""

    effect: Any
    who: str = ""


@dataclass(frozen=True)
class GmRollTable(Action):
    """R-MK-01b: roll the kingdom-side table ``code`` and apply its entry (``self`` = ``roller``, if any)."""

    code: str
    roller: str = ""


ACTION_TYPES = (GmEffect, GmRollTable)


def step(state: SessionState, action: GmEffect | GmRollTable, dice: Dice) -> tuple[SessionState, tuple[Event, ...]]:
    """The ruling applied (or refused, leaving ``state`` as it was)."""
    _free(state, type(action).__name__)
    effects = EffectState(state.kingdom, state.court, goal_met=state.goal_met, labyrinth_turns=state.labyrinth_turns,
                          disasters=state.disasters, sixes_prompt=state.sixes_prompt, sixes_stakes=state.sixes_stakes,
                          seed_review=state.seed_review, useful_help=state.useful_help)
    events: list[Event] = []
    if isinstance(action, GmRollTable):
        if action.roller and action.roller not in {c.id for c in state.court}:
            raise _unknown(state, action.roller)
        if action.code.strip().upper() not in KINGDOM_TABLES:
            raise RuleError("R-MK-01b", "mk.error.effects.not_kingdom_table", code=action.code[:20],
                            codes=", ".join(KINGDOM_TABLES))
        new, said = fx.EffectRules().step(effects, fx.RollTable(action.code, action.roller), dice)
        events += said
    else:
        effect, who = read(state, action)
        if effect.type == "lose_item":
            return _lose_item(state, who, str(effect["item"]))
        new = run_queue(replace(effects, roller=who, queue=(Frame(effect, who),)), dice, events)
    state = replace(state, kingdom=new.kingdom, court=new.court, disasters=new.disasters,
                    effects=new if new.waiting else None)
    return synced(state), tuple(_ruled(e) for e in events)


def read(state: SessionState, action: GmEffect) -> tuple[Any, str]:
    """The ruling's effect checked against the vocabulary, and the character it binds as ``self``."""
    raw = action.effect
    kind = raw.get("type") if isinstance(raw, dict) else None
    if kind not in GM_EFFECTS:
        raise RuleError("R-MK-01b", "mk.error.gm_effect.unknown_type", type=str(kind)[:40],
                        types=", ".join(GM_EFFECTS))
    assert isinstance(raw, dict)
    params = dict(raw)
    takes_who = GM_VOCABULARY.types[kind].param("who") is not None or kind == "lose_item"
    if action.who and not takes_who:
        raise RuleError("R-MK-01b", "mk.error.gm_effect.no_who", type=kind)
    if takes_who and kind != "lose_item" and action.who not in {c.id for c in state.court} | set(EVERYONE):
        raise _unknown(state, action.who)
    if kind == "lose_item" and action.who and action.who not in {c.id for c in state.court}:
        raise _unknown(state, action.who)
    if "who" in params:
        raise RuleError("R-MK-01b", "mk.error.gm_effect.who_inside", type=kind)
    for name, value in params.items():
        if isinstance(value, str) and len(value) > FORMULA_LIMIT:
            raise RuleError("R-MK-01b", "mk.error.gm_effect.too_long", field=name, limit=FORMULA_LIMIT)
    if action.who in EVERYONE:
        params["who"] = action.who
    if kind == "gain_item" and str(params.get("item", "")) not in item_names():
        raise RuleError("R-MK-01b", "mk.error.gm_effect.unknown_item", item=str(params.get("item", ""))[:40],
                        example=", ".join(list(item_names())[:4]))
    try:
        (effect,) = read_effects([params], GM_VOCABULARY, file="GM", entry=kind)
    except DataError as exc:
        raise RuleError("R-MK-01b", "mk.error.gm_effect.bad", type=kind, reason=exc) from exc
    return effect, "" if action.who in EVERYONE else action.who


def _free(state: SessionState, action: str) -> None:
    """A ruling waits while something else waits for an answer or a battle holds the pieces."""
    if state.battle is not None:
        raise RuleError("R-MK-01b", "mk.error.gm_effect.in_battle")
    if state.effects is not None or state.called is not None:
        raise RuleError("R-MK-01b", "mk.error.gm_effect.waiting", action=action)


def _unknown(state: SessionState, who: str) -> RuleError:
    return RuleError("R-MK-01b", "mk.error.unknown_character", id=who[:40],
                     known=", ".join([*(c.id for c in state.court), *EVERYONE]))


def _lose_item(state: SessionState, who: str, item: str) -> tuple[SessionState, tuple[Event, ...]]:
    """The named item leaves the character's slots (the first that matches), or the kingdom's stored items."""
    wanted = item.strip().casefold()
    if who:
        char = next(c for c in state.court if c.id == who)
        slot = next((i for i, it in enumerate(char.items) if it is not None and wanted in
                     {n.casefold() for n in (it.name, *it.names.values())}), None)
        if slot is None:
            held = ", ".join(it.name for it in char.items if it is not None) or "-"
            raise RuleError("R-MK-01b", "mk.error.gm_effect.no_such_item", item=item[:40], held=held)
        gone = char.items[slot]
        assert gone is not None
        items = tuple(None if i == slot else it for i, it in enumerate(char.items))
        court = tuple(replace(c, items=items) if c.id == who else c for c in state.court)
        return synced(replace(state, court=court)), (KingdomChanged(f"item/{who}", gone.name, "-", "gm_ruling"),)
    stored = state.kingdom.stored_items
    index = next((i for i, s in enumerate(stored) if wanted in {s.casefold(), s.partition(":")[0].casefold(),
                  *(item_label(s, lang).casefold() for lang in ("ko", "ja", "en"))}), None)
    if index is None:
        raise RuleError("R-MK-01b", "mk.error.gm_effect.no_such_item", item=item[:40], held=", ".join(stored) or "-")
    kingdom = replace(state.kingdom, stored_items=stored[:index] + stored[index + 1:])
    return synced(replace(state, kingdom=kingdom)), (KingdomChanged("stored_items", stored[index], "-", "gm_ruling"),)


def synced(state: SessionState) -> SessionState:
    """After a ruling (this module's or ``GmSet``): an open round table works on its own copy of the kingdom and court: it gets the ruling's too."""
    if state.round_table is None:
        return state
    return replace(state, round_table=replace(state.round_table, kingdom=state.kingdom, court=state.court))


def _ruled(event: Event) -> Event:
    """A change the effect machine logs as a table's is logged as the GM's ruling."""
    if is_dataclass(event) and any(f.name == "reason" for f in fields(event)) \
            and getattr(event, "reason", None) == "table":
        return replace(event, reason="gm_ruling")
    return event
