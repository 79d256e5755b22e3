"""A Meikyuu Kingdom battle at a table: kind ``battle`` of ``MeikyuKingdom``.

Seats: ``gm`` and ``pc:<id>`` for each player character of the court. Who may take what
(:meth:`BattleKind.seats_for`):

- a PC's own moves, attacks, support, special moves, strategy roll, breakthrough payment, answers
  to prompts addressed to it (hope on damage, where to put a critical-hit target, letting a blocking
  stand) and its ghost's choices go to its seat;
- the court's surrender and the treasure rolls to every PC seat (the table agrees aloud; the GM can
  undo);
- monsters, enemy and allied NPCs, setup (placing, hiding, beginning) and every GM intervention
  (reveal, fall, HP loss, bad status, revival, end of a quarter) go to ``gm``;
- the GM may also take any PC's action, for a player who is away: the GM's menu offers it marked with
  that PC's seat (``MenuItem.seat``) and "(for …)" in the label.

The GM's reveal (R-MK-23): while the battle is being set up, players see only the court — no monster, trap,
loot or blocking, and none of the setup's events — so the GM can still choose which monsters stay hidden.

Hidden monsters (uncertain encounters, R-MK-23) are left out of the players' views, menus, prompts and
events: at setup every monster gets an opaque id (:mod:`.mk_battle_ids`: ``m1``, ``m2`` … numbered in a shuffled order, so
neither the id nor the order tells the species), and reinforcements get the next free one. Players see
a hidden monster's id, area, condition, whether it acted and its appearance; never its name, species,
numbers, skills or items, nor the difficulty of a check against it, nor the dice of its own checks.

The state is a plain :class:`~meikyu.systems.meikyu_kingdom.combat.model.Battle`.

>>> from meikyu.engine import Game
>>> from meikyu.dice import ScriptedDice
>>> kind = BattleKind()
>>> battle = kind.setup({"encounter": "sample", "seed": 1}, "en")
>>> kind.seats(battle)
['gm', 'pc:hana', 'pc:toru', 'pc:mio', 'pc:sora']
>>> [c["id"] for c in kind.view(battle, "pc:hana", "en")["combatants"] if c["side"] == "monsters"]  # the GM's reveal
[]
>>> sorted(c["id"] for c in kind.view(battle, "gm", "en")["combatants"] if c["side"] == "monsters")
['m1', 'm2', 'm3', 'm4']
>>> [i.key for i in kind.menu(battle, "pc:hana", "en")]
[]
>>> kind.menu(battle, "gm", "en")[0].key
'gm/begin'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import MISSING, dataclass, fields
from functools import lru_cache
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event, _snake
from meikyu.errors import DataError
from meikyu.i18n import translate
from meikyu.serial import from_data, to_data
from meikyu.systems.meikyu_kingdom.combat import actions as act
from meikyu.systems.meikyu_kingdom.combat import events as ev
from meikyu.systems.meikyu_kingdom.combat.actions import ACTIONS
from meikyu.systems.meikyu_kingdom.combat.bestiary import (
    bestiary_from_data,
    encounter_from_data,
    load_encounter,
)
from meikyu.systems.meikyu_kingdom.combat.model import (
    COURT,
    CURSE,
    DISTRACTION,
    OK,
    SIDES,
    Battle,
    Combatant,
    lit_areas,
)
from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
from meikyu.systems.meikyu_kingdom.combat.rules import (
    blocked,
    gm_actions,
    legal_actions,
    step,
)
from meikyu.systems.meikyu_kingdom.combat.view import (
    appearance,
    data_text,
    gm_notes,
    label,
    render,
    trap_label,
)
from meikyu.systems.meikyu_kingdom.combat.words import describe
from meikyu.table.base import GM, MenuItem, per_state, sort_menu
from meikyu.table.confirm import battle_confirm
from meikyu.table.mk_battle_checks import chances, check_line, check_of
from meikyu.table.mk_battle_ids import cover, opaque
from meikyu.table.setup import data_of, known_fields


def _value_form(state: Battle, action: Action, lang: str) -> dict[str, Any] | None:
    """The number a GM types for an HP loss, a restoration or a revival (``mk battle``'s ``gN V``)."""
    name = "amount" if isinstance(action, (act.ReduceHp, act.RestoreHp)) else "hp" if isinstance(action, act.Revive) \
        else ""
    if not name:
        return None
    most = state.get(action.target).max_hp  # type: ignore[attr-defined]
    return {name: {"type": "int", "min": 1, "max": max(99, most), "label": translate(f"table.battle.{name}", lang)}}


_GM_ONLY = (act.Place, act.Hide, act.Begin, act.Reveal, act.Fall, act.ReduceHp, act.RestoreHp, act.Inflict,
            act.Revive, act.EndQuarter)
_KIND_OF = {
    "Move": "move", "ExtraMove": "move", "Escape": "move", "Attack": "attack",
    "Carry": "support", "Swap": "support", "SearchSpot": "support", "Disarm": "support",
    "Cooperate": "support", "Reputation": "support", "OtherSupport": "support",
    "Breakthrough": "interrupt", "Decline": "interrupt", "SpendHope": "hope", "PlaceTarget": "prompt",
    "StrategyCheck": "check", "Choose": "prompt", "UseItem": "support", "UseData": "support",
    "UseMonsterSkill": "hope",
}


class BattleTableRules:
    """The battle's rules, with one addition: monsters joining mid-battle get opaque ids too."""

    id = "table.mk.battle"
    actions = ACTIONS

    def step(self, state: Battle, action: Action, dice: Dice) -> tuple[Battle, tuple[Event, ...]]:
        new, events = step(state, action, dice)
        return cover(state, new, events, 0)

    def legal_actions(self, state: Battle) -> list[Action]:
        return legal_actions(state)

    def state_to_data(self, state: Battle) -> Any:
        return to_data(state)

    def state_from_data(self, data: Any) -> Battle:
        battle: Battle = from_data(Battle, data)
        return battle


class BattleKind:
    """The ``MeikyuKingdom`` / ``battle`` table kind (see the module docstring)."""

    system = "MeikyuKingdom"
    kind = "battle"

    def __init__(self) -> None:
        self.rules = BattleTableRules()

    # -- setting up ------------------------------------------------------------------------------
    def setup(self, setup: str | dict[str, Any], lang: str) -> Battle:
        """``"sample"`` or ``{"encounter": …, "bestiary": …?, "seed": …?}``.

        ``encounter`` is ``"sample"``, an encounter's TOML text, or the same tables as a JSON object
        (``[encounter]``, ``[[pc]]``, ``[[npc]]``, ``[[monster]]``); ``bestiary`` (TOML text or object with
        ``[[monster]]`` entries) adds species to the shipped ones. Files cannot be named from a setup:
        ``encounter.court`` may only be ``"sample"`` and ``encounter.bestiary`` is refused (give
        ``bestiary`` beside the encounter). ``seed`` fixes the shuffle of the monsters' opaque ids.
        """
        if setup == "sample":
            setup = {"encounter": "sample"}
        if not isinstance(setup, dict):
            raise DataError("table.error.setup_shape", system=self.system, kind=self.kind,
                            expected='"sample" or {"encounter": …, "bestiary": …, "seed": …}')
        known_fields(setup, "setup", ("encounter", "bestiary", "seed"))
        seed = setup.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise DataError("table.error.setup_field", part="setup", field="seed",
                            expected=translate("table.expect.integer", lang))
        raw = setup.get("encounter")
        if raw == "sample":
            battle = load_encounter("sample")
        else:
            data = data_of(raw, "setup.encounter", lang)
            head = data.get("encounter", {})
            if isinstance(head, dict):
                if head.get("bestiary", ""):  # "" (as the template writes it) reads no file
                    raise DataError("table.error.no_files", part="setup.encounter", field="encounter.bestiary",
                                    instead="setup.bestiary")
                if head.get("court", "sample") not in ("sample", ""):
                    raise DataError("table.error.no_files", part="setup.encounter", field="encounter.court",
                                    instead="[[pc]]")
            beasts = None
            if setup.get("bestiary") is not None:
                from meikyu.systems.meikyu_kingdom.combat.bestiary import load_bestiary

                beasts = {**load_bestiary(),
                          **bestiary_from_data(data_of(setup["bestiary"], "setup.bestiary", lang), "setup.bestiary")}
            battle = encounter_from_data(data, "setup.encounter", beasts)
        return opaque(battle, random.Random(seed) if seed is not None else random.SystemRandom())

    # -- seats -----------------------------------------------------------------------------------
    def seats(self, state: Battle) -> list[str]:
        return [GM, *(f"pc:{c.id}" for c in state.combatants if c.side == COURT and c.kind == "pc")]

    def seat_name(self, state: Battle, seat: str, lang: str) -> str:
        if seat == GM:
            return translate("table.seat.gm", lang)
        return next((c.label(lang) for c in state.combatants if f"pc:{c.id}" == seat), seat)

    @staticmethod
    def owner(state: Battle, cid: str) -> str:
        """The seat that plays ``cid``: its player's for a PC of the court, else the GM's."""
        for c in state.combatants:
            if c.id == cid:
                return f"pc:{cid}" if c.side == COURT and c.kind == "pc" else GM
        return GM

    def seats_for(self, state: Battle, action: Action) -> frozenset[str]:
        """Which seats may take ``action`` now (see the module docstring); the GM always may."""
        return _seats(self._whose(state, action), _owners(state))

    def _whose(self, state: Battle, action: Action) -> str | None:
        """The character whose action this is, ``""`` for the GM's own, None for the whole court."""
        if isinstance(action, _GM_ONLY):
            return ""
        if isinstance(action, act.Surrender):
            return None if action.side == COURT else ""
        if isinstance(action, (act.RollTreasure, act.EndTreasure)):
            return None
        pending = state.pending
        if isinstance(action, act.Choose) and pending is not None and pending.choice is not None \
                and pending.choice.kind == "voice_consent":
            return _OTHERS + _spender(pending)  # the other players consent, not the spender (R-MK-13)
        if isinstance(action, (act.SpendHope, act.PlaceTarget, act.Choose)):
            return pending.actor if pending else ""
        if isinstance(action, act.Decline):
            return pending.mover if pending else ""
        for name in ("actor", "representative", "payer", "ghost"):
            value = getattr(action, name, None)
            if isinstance(value, str):
                return value
        if isinstance(action, act.BecomeGhost):
            return action.target
        return ""

    # -- what a seat sees ------------------------------------------------------------------------
    def view(self, state: Battle, seat: str, lang: str) -> dict[str, Any]:
        """The battle as ``seat`` may see it (the shape is listed in ``meikyu.table``'s README section)."""
        gm = seat == GM
        b = state
        you = seat[3:] if seat.startswith("pc:") and any(c.id == seat[3:] for c in b.combatants) else None
        # the GM's reveal (R-MK-23): until the GM begins, players see nothing of the other side, so the GM
        # can still choose which monsters stay hidden
        preparing = not gm and b.phase == "setup"
        shown = [c for c in b.combatants if not (preparing and c.side != COURT)]
        out: dict[str, Any] = {
            "system": self.system, "kind": self.kind, "seat": seat, "you": you,
            "phase": b.phase, "phase_name": translate(f"mk.battle.phase.{b.phase}", lang),
            "round": b.round, "first": b.first, "active": b.active, "current": b.current, "moved": b.moved,
            "voice": b.voice, "winner": b.winner, "outcome": b.outcome, "surrendered": b.surrendered,
            "escaped": b.escaped, "preparing": preparing,
            "areas": [{"area": a, "name": translate(f"mk.battle.area.a{a}", lang),
                       "combatants": [c.id for c in shown if c.area == a]} for a in range(6)],
            "lit": sorted(lit_areas(shown, b.options.lit)),  # where ranged attacks reach (R-MK-29)
            "combatants": [self._piece(b, c, gm, lang) for c in shown],
            "traps": [{**to_data(t), "name": trap_label(t.name, lang)}  # a fumble's trap in words
                      for t in b.traps if gm or not (t.hidden or preparing)],
            "pending": self._pending(b, gm, lang),
            "loot": [] if preparing else to_data(b.loot), "looted": list(b.looted),
            "options": to_data(b.options),
            "uncertain": {"limit": b.uncertain_limit, "used": 0 if preparing else b.uncertain_used},
            "blocking": [] if preparing else _blocking(b, gm),
        }
        if gm:
            out["notes"] = gm_notes(b, lang)
        return out

    def _piece(self, b: Battle, c: Combatant, gm: bool, lang: str) -> dict[str, Any]:
        """A piece as the seat may see it, named as menu and log name it (twins numbered) and with its
        number (its place in the list, what the terminal shows as ``#5``)."""
        number = b.combatants.index(c) + 1
        if c.hidden and not gm:
            return {"id": c.id, "number": number, "name": label(b, c.id, lang, "player"), "side": c.side,
                    "area": c.area, "condition": c.condition, "acted": c.acted, "hidden": True, "seat": GM}
        return {**_visible_piece(c, gm, lang, self.owner(b, c.id)), "number": number,
                "name": label(b, c.id, lang, "gm" if gm else "player")}

    def _pending(self, b: Battle, gm: bool, lang: str) -> dict[str, Any] | None:
        p = b.pending
        if p is None:
            return None
        what = f"mk.battle.choice.{p.choice.kind}" if p.choice is not None else f"mk.battle.cli.pending.{p.kind}"
        out: dict[str, Any] = {"kind": p.kind, "text": translate(what, lang),  # what is chosen, not "a choice"
                               "actor": p.actor, "mover": p.mover, "step": p.step, "extra": p.extra,
                               "seat": self.owner(b, p.mover if p.kind == "breakthrough" else p.actor)}
        if p.choice is not None:  # what the prompt shows; the action's dice drawn so far stay out
            out["choice"] = {"kind": p.choice.kind, "options": list(p.choice.options), "detail": list(p.choice.detail)}
        ctx = p.attack
        hidden = {c.id for c in b.combatants if c.hidden}
        if ctx is not None and (gm or not ({ctx.attacker, ctx.target} & hidden)):
            out["attack"] = to_data(ctx)
        return out

    def events_for(self, state_before: Battle, state_after: Battle, events: Sequence[Event], seat: str,
                   lang: str) -> list[dict[str, Any]]:
        """Every seat sees every event, each told only what it may know (R-MK-23): for players, hidden
        monsters by appearance, no hidden difficulty, no numbers of a hidden monster."""
        role = "gm" if seat == GM else "player"
        if role == "player" and state_after.phase == "setup":
            return []  # the GM's reveal: what the GM places and hides stays the GM's until the battle begins
        covered = frozenset(c.id for c in (*state_before.combatants, *state_after.combatants) if c.hidden)
        out = []
        for e in events:
            item: dict[str, Any] = {"kind": _snake(type(e).__name__),
                                    "text": render(e, state_after, lang, role, covered)}
            if isinstance(e, ev.Check) and (role == "gm" or e.actor not in covered):
                item["dice"] = list(e.dice)
                item["line"] = check_line(e, lang, secret=e.secret and role != "gm", data=data_text(e, state_after, lang))
            out.append(item)
        return out

    # -- what a seat may do ----------------------------------------------------------------------
    @per_state
    def menu(self, state: Battle, seat: str, lang: str) -> list[MenuItem]:
        gm = seat == GM
        role = "gm" if gm else "player"
        names = tuple((c.id, c.hidden, c.appearance, tuple(w.name for w in c.weapons)) for c in state.combatants)
        labels = _labels(lang, role, names)
        items = []
        offers = self._offers(state, gm)
        for o in offers:
            if seat not in o.seats:
                continue
            behalf = o.owner if gm else ""
            text = labels.get((o.action, behalf))
            if text is None:
                text = labels[(o.action, behalf)] = _label(o.action, state, lang, role, behalf)
            items.append(MenuItem(o.key, dict(o.dumped), text, o.group, o.kind,
                                  None if o.secret and not gm else o.odds, o.owner or seat,
                                  _value_form(state, o.action, lang) if gm else None,
                                  battle_confirm(state, o.action, lang)))
        if gm:
            items.extend(self._auto(state, [o.action for o in offers], items, lang))
        return sort_menu(items)

    @per_state
    def _offers(self, state: Battle, gm: bool) -> list[_Offer]:
        """What every seat's menu is built from, once per state: the legal actions (and the GM's
        interventions for the GM), each with its seats, group, kind, key and odds."""
        legal: list[Action] = list(legal_actions(state))
        if gm:
            legal += gm_actions(state)
        owners = _owners(state)
        by_id = {c.id: c for c in state.combatants}
        out = []
        for action in legal:
            who = self._whose(state, action)
            seats = _seats(who, owners)
            owner = _owner(seats)
            gm_only = isinstance(action, _GM_ONLY)
            group = GM if gm_only else "" if who is None or who.startswith(_OTHERS) else who
            kind = "gm" if gm_only else _KIND_OF.get(type(action).__name__, "other")
            odds, secret = self._odds(state, by_id, action)
            out.append(_Offer(action, seats, owner, group, kind, _key(action, group), _dumped(action), odds,
                              secret))
        return out

    def _auto(self, state: Battle, legal: Sequence[Action], items: Sequence[MenuItem],
              lang: str) -> list[MenuItem]:
        """``gm/auto``: the tactical policy's pick when it is the GM's to play (a monster's or an NPC's
        move, attack or answer; never a GM intervention nor a PC's action), so a page can offer one
        button, or a switch, that lets the policy play the monsters."""
        playable = [a for a in legal if not isinstance(a, _GM_ONLY)]
        if not playable or state.phase in ("setup", "over"):
            return []
        pick = TacticalPolicy().choose(state, playable)
        if self.seats_for(state, pick) != frozenset({GM}):
            return []
        same = next((i for i in items if i.action == ACTIONS.dump(pick)), None)
        text = translate("table.battle.auto", lang, action=describe(pick, state, lang, "gm"))
        return [MenuItem("gm/auto", ACTIONS.dump(pick), text, GM, "gm", same.odds if same else None, GM)]

    def _odds(self, b: Battle, by_id: dict[str, Combatant], action: Action) -> tuple[dict[str, Any] | None, bool]:
        """Exact odds of the check this action rolls, and whether its difficulty is hidden from players."""
        roll = check_of(b, by_id, action)
        if roll is None:
            return None, False
        actor, count, modifier, difficulty, secret = roll
        c = by_id[actor]
        coop = sum(n for _, n, _act in c.coop)
        return chances(count, modifier + coop, difficulty, CURSE in c.statuses,
                        DISTRACTION in c.statuses or c.capacity <= 0), secret

    def prompt(self, state: Battle, seat: str, lang: str) -> dict[str, Any] | None:
        """The pending decision (breakthrough, hope on damage, where to put a target) if it is this seat's."""
        p = state.pending
        if p is None:
            return None
        answers = [i for i in self.menu(state, seat, lang) if i.kind in ("interrupt", "hope", "prompt")]
        if not answers:
            return None
        from meikyu.systems.meikyu_kingdom.combat.words import pending_text

        return {"kind": p.kind, "seat": answers[0].seat,  # a choice's question in full (minion help: the numbers)
                "text": pending_text(state, lang) if p.choice is not None else
                translate(f"mk.battle.cli.pending.{p.kind}", lang),
                "options": [{"key": i.key, "label": i.label} for i in answers]}


def _blocking(b: Battle, gm: bool) -> list[dict[str, Any]]:
    """Where a side cannot advance (R-MK-27): ``{"area", "side", "allies", "valor"}`` per blocked area.

    Players are not told of a blocking made by a hidden monster (its valor is its own secret, R-MK-23);
    they find it when they try to advance, as the court would.
    """
    out = []
    for area in range(6):
        for side in SIDES:
            movers = [c for c in b.combatants if c.area == area and c.side == side and c.condition == OK]
            if not movers:
                continue
            covered = any(c.hidden and c.area == area and c.side != side for c in b.combatants)
            found = blocked(b.combatants, movers[0])
            if found is not None and (gm or not covered):
                out.append({"area": area, "side": side, "allies": found[0], "valor": found[1]})
    return out


@lru_cache(maxsize=8192)
def _visible_piece(c: Combatant, gm: bool, lang: str, seat: str) -> dict[str, Any]:
    """A piece everyone may see, as data (cached: most pieces do not change from one action to the next)."""
    data: dict[str, Any] = to_data(c)
    for private in ("names", "looks", "notes", "appearance", "coop"):
        data.pop(private, None)
    data.update({
        "name": c.label(lang), "seat": seat,
        "weapons": [{"slot": i, "name": wp.label(lang), "power": wp.power, "range": wp.range,
                     "ranged": wp.ranged, "level": wp.level, "broken": wp.broken,
                     "reduction": wp.reduction, "light": wp.light, "heal": wp.heal}
                    for i, wp in enumerate(c.weapons)],
        "favor": dict(c.favor), "enmity": dict(c.enmity),
        "coop": [{"helper": h, "bonus": n, "action": act} for h, n, act in c.coop],
    })
    if gm:
        data.update({"notes": c.notes, "appearance": appearance(c, lang) if c.kind == "monster" else ""})
    return data


@lru_cache(maxsize=65536)
def _dumped(action: Action) -> dict[str, Any]:
    return ACTIONS.dump(action)


@dataclass(frozen=True)
class _Offer:
    """A legal action with what every seat's menu item for it shares (see :meth:`BattleKind._offers`);
    ``owner`` is the one player seat it belongs to, ``gm``, or ``""`` for the whole court; ``secret``: its
    odds are the GM's only."""

    action: Action
    seats: frozenset[str]
    owner: str
    group: str
    kind: str
    key: str
    dumped: dict[str, Any]
    odds: dict[str, Any] | None
    secret: bool


_LABELS: dict[tuple[str, str, tuple[Any, ...]], dict[tuple[Action, str], str]] = {}


def _labels(lang: str, role: str, names: tuple[Any, ...]) -> dict[tuple[Action, str], str]:
    """The labels already made for this language, role and what names them (ids, hidden, appearances,
    weapons), by (action, seat acted for): most actions keep their label from one state to the next."""
    key = (lang, role, names)
    found = _LABELS.get(key)
    if found is None:
        if len(_LABELS) > 2_000:
            _LABELS.clear()
        found = _LABELS[key] = {}
    return found


def _label(action: Action, b: Battle, lang: str, role: str, behalf: str) -> str:
    """:func:`describe` in ``role``'s words; ``behalf``: the PC seat the GM acts for, said in the label."""
    text = describe(action, b, lang, role)
    use = _item_use(b, action)
    if use:
        text += translate(f"table.battle.strike.{use}", lang)
    if behalf.startswith("pc:"):
        text = translate("table.on_behalf", lang, label=text, who=label(b, behalf[3:], lang, "gm"))
    return text


_OTHERS = "others:"


def _spender(pending: Any) -> str:
    """Who would spend the court's voice a ``voice_consent`` asks about (the action being resolved)."""
    ch = pending.choice
    return str(ch.action.get("actor") or ch.action.get("representative") or (ch.prior.actor if ch.prior else ""))


def _item_use(b: Battle, action: Action) -> str:
    """What an attack's item is when it is not a weapon, so the menu offers it as what it is: ``armor``,
    ``light`` (a Star Fragment), ``heal`` (a recovery item) or ``item`` (a melee item of power 1 and range 0,
    what any item strikes as, R-MK-29); ``""`` for a weapon or an action that is no attack. A ranged weapon
    swung in melee already says so (``improvised``)."""
    if not isinstance(action, act.Attack) or action.improvised:
        return ""
    c = next((x for x in b.combatants if x.id == action.actor), None)
    if c is None or not 0 <= action.weapon < len(c.weapons):
        return ""
    wp = c.weapons[action.weapon]
    if wp.ranged or wp.range > 0 or wp.power != 1:
        return ""
    return "armor" if wp.reduction else "light" if wp.light >= 0 else "heal" if wp.heal else "item"


def _seats(who: str | None, owners: dict[str, str]) -> frozenset[str]:
    """The seats that may take an action of ``who`` (:meth:`BattleKind._whose`): the GM always; for
    ``others:<id>`` every player seat but ``<id>``'s."""
    if who is None:
        return frozenset({GM, *(s for s in owners.values() if s != GM)})
    if who.startswith(_OTHERS):
        return frozenset({GM, *(s for s in owners.values() if s not in (GM, f"pc:{who[len(_OTHERS):]}"))})
    return frozenset({GM, owners.get(who, GM)}) if who else frozenset({GM})


@lru_cache(maxsize=1024)
def _owner(seats: frozenset[str]) -> str:
    """Whose an action with these seats is: its one player seat, ``gm`` when no player's, ``""`` when the
    whole court's (every seat set recurs from one action to the next, so each is worked out once)."""
    players = [s for s in seats if s != GM]
    return players[0] if len(players) == 1 else (GM if not players else "")


def _owners(b: Battle) -> dict[str, str]:
    return {c.id: f"pc:{c.id}" if c.side == COURT and c.kind == "pc" else GM for c in b.combatants}


@lru_cache(maxsize=65536)
def _key(action: Action, group: str) -> str:
    """``group/snake_type/required values…/name=value…`` (defaulted fields only when set): the same action
    always gets the same key, e.g. ``hana/attack/m3/weapon=1/hope=2/hold_back``."""
    parts = [group or "all", _snake(type(action).__name__)]
    for f in fields(action):  # type: ignore[arg-type]
        value = getattr(action, f.name)
        if f.name in ("actor", "representative", "payer", "ghost") and value == group:
            continue
        text = "+".join(map(str, value)) if isinstance(value, tuple) else str(value)
        if f.default is MISSING:
            parts.append(text or "-")
        elif value != f.default:
            parts.append(f.name if value is True else f"{f.name}={text}")
    return "/".join(parts)


__all__ = ["BattleKind", "BattleTableRules"]
