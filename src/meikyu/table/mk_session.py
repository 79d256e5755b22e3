"""A whole Meikyuu Kingdom session at a table: kind ``session`` of ``MeikyuKingdom`` (R-MK-01, R-MK-01b).

A thin wrapper over :class:`~meikyu.systems.meikyu_kingdom.session.SessionRules`, generic over its
state, so what the session machine grows (new steps, actions, sub-games) reaches the table without
changes here:

- every legal action of the session is offered; one with an ``actor`` naming a land maker goes to
  that PC's seat, an answer to a prompt addressed to a land maker to that seat, everything else to
  the GM (the GM walks the phases, R-MK-01) — while the round table is open its menu is the round
  table kind's (requests by the players, approval by the GM);
- the GM's quick rulings (R-MK-01b: set a value, force the next step, record the scenario goal, a
  labyrinth turn) are always in the GM's menu;
- the view is the session state's own plain data plus names, seats and the round table's view; a
  sub-game that hides things from players (a ``battle`` field holding a battle) is shown through the
  battle kind's view for the seat, and its events through the battle kind's lines.

The state is a :class:`TableSession`: the session's own state and a per-game secret salt that orders
the opaque ids (``m1`` …) of the monsters of every battle the session starts, so the ids say nothing
of the species (the session names them after their species).

>>> kind = SessionKind()
>>> state = kind.setup("sample", "en")
>>> [(i.key, i.seat) for i in kind.menu(state, "gm", "en")][:2]
[('gm/advance', 'gm'), ('gm/gm_skip', 'gm')]
>>> kind.menu(state, "pc:haneul", "en")
[]
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event, _snake
from meikyu.i18n import lookup, translate
from meikyu.serial import to_data
from meikyu.systems.meikyu_kingdom import session as ss
from meikyu.systems.meikyu_kingdom.combat.events import BattleEvent
from meikyu.systems.meikyu_kingdom.combat.model import Battle
from meikyu.systems.meikyu_kingdom.events import PhaseEntered
from meikyu.systems.meikyu_kingdom.expedition.camp import Trade, UseItem
from meikyu.systems.meikyu_kingdom.expedition.events import BattleBegins
from meikyu.systems.meikyu_kingdom.gm_rulings import ACTION_TYPES
from meikyu.systems.meikyu_kingdom.kingdom import cycle as cy
from meikyu.systems.meikyu_kingdom.kingdom import effects as fx
from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.kingdom.effect_words import option_label
from meikyu.systems.meikyu_kingdom.labyrinth.map import read_labyrinth, sample_labyrinth
from meikyu.systems.meikyu_kingdom.session_state import LABYRINTH_PROMPTS, settable_fields
from meikyu.systems.meikyu_kingdom.sheets.sheet import SheetFile
from meikyu.table.base import GM, MenuItem, per_state
from meikyu.table.mk_court import (
    ALL,
    OTHERS,
    Offer,
    court_seat_name,
    court_seats,
    event_line,
    file_name,
    menu_items,
    round_table_offers,
    seats_of,
    settle,
    sheet_setup,
)
from meikyu.table.mk_map import labyrinth_map, scenario_goal
from meikyu.table.mk_round_table import kingdom_view, request_owner, round_table_view
from meikyu.table.mk_rulings import ruling_offers
from meikyu.table.setup import data_of, known_fields


@dataclass(frozen=True)
class TableSession:
    """A session at a table: the session machine's state and the game's secret salt."""

    salt: int
    session: ss.SessionState


class TableSessionRules:
    """:class:`SessionRules` over a :class:`TableSession`; battles it starts get opaque monster ids."""

    id = "table.mk.session"

    def __init__(self) -> None:
        self.inner = ss.SessionRules()
        self.actions = self.inner.actions

    def step(self, state: TableSession, action: Action, dice: Dice) -> tuple[TableSession, tuple[Event, ...]]:
        new, events = self.inner.step(state.session, action, dice)
        battle = getattr(new, "battle", None)
        if isinstance(battle, Battle):
            from meikyu.table.mk_battle_ids import cover

            old = getattr(state.session, "battle", None)
            battle, events = cover(old if isinstance(old, Battle) else None, battle, events, state.salt)
            new = replace(new, battle=battle)
        return TableSession(state.salt, new), events

    def legal_actions(self, state: TableSession) -> Sequence[Action]:
        return self.inner.legal_actions(state.session)

    def state_to_data(self, state: TableSession) -> Any:
        return {"salt": state.salt, "session": self.inner.state_to_data(state.session)}

    def state_from_data(self, data: Any) -> TableSession:
        return TableSession(int(data["salt"]), self.inner.state_from_data(data["session"]))


class SessionKind:
    """The ``MeikyuKingdom`` / ``session`` table kind (see the module docstring)."""

    system = "MeikyuKingdom"
    kind = "session"

    def __init__(self) -> None:
        self.rules = TableSessionRules()

    def setup(self, setup: str | dict[str, Any], lang: str) -> TableSession:
        """``"sample"`` (the sample kingdom on the sample labyrinth) or ``{"sheet": …, "labyrinth": …?}``:
        a sheet as :func:`meikyu.table.mk_court.sheet_setup` reads it, and a labyrinth file's TOML text or
        the same tables as a JSON object (without one the labyrinth is played on paper)."""
        labyrinth: Any = None
        if setup == "sample":
            labyrinth = sample_labyrinth()
        elif isinstance(setup, dict):
            known_fields(setup, "setup", ("sheet", "labyrinth"))
            if setup.get("labyrinth") is not None:
                file = file_name(setup, "labyrinth")
                labyrinth = read_labyrinth(data_of(setup["labyrinth"], file, lang), file=file)
            setup = {k: v for k, v in setup.items() if k != "labyrinth"}
        kingdom, court = sheet_setup(setup, lang, self.system, self.kind)
        state = ss.new_session(SheetFile(kingdom, court), labyrinth)
        return TableSession(secrets.randbits(48), state)

    def seats(self, state: TableSession) -> list[str]:
        return court_seats(state.session.court)

    def seat_name(self, state: TableSession, seat: str, lang: str) -> str:
        return court_seat_name(state.session.court, seat, lang)

    def _who(self, state: ss.SessionState, action: Action) -> str | None:
        """Whose action this is in the session (see the module docstring)."""
        if isinstance(action, _GM_ONLY):
            return ""
        if isinstance(action, rt.ACTIONS_TUPLE):
            return request_owner(action)
        actor = action.helper if isinstance(action, cy.Cooperate) else getattr(action, "actor", None)
        if isinstance(actor, str) and actor:
            return actor
        p = state.prompt
        if p is not None:
            if p.kind == "voice_consent":  # the other players consent to spending the voice (R-MK-13)
                called = state.called or (state.effects.called if state.effects is not None else None)
                if state.consent_for:  # a monster skill's hope from the voice (cycle_data)
                    return OTHERS + state.consent_for[0]
                return OTHERS + (called.call.actor if called is not None and called.call.actor else "")
            if p.actor == "players" or (p.actor is None and p.kind in LABYRINTH_PROMPTS):
                return ALL  # the court decides (a table's choice, the way through the labyrinth)
            if p.actor and p.actor != GM:
                return p.actor
        return ""

    def seats_for(self, table: TableSession, action: Action) -> frozenset[str]:
        state = table.session
        battle = getattr(state, "battle", None)
        if isinstance(battle, Battle) and isinstance(action, tuple(_battle_actions())):
            from meikyu.table.mk_battle import BattleKind

            return BattleKind().seats_for(battle, action)
        return seats_of(state.court, self._who(state, action))

    # -- what a seat sees ------------------------------------------------------------------------
    def view(self, table: TableSession, seat: str, lang: str) -> dict[str, Any]:
        state = table.session
        data: dict[str, Any] = self.rules.inner.state_to_data(state)
        data.pop("battle", None)  # shown below, through the battle kind's view for this seat
        if seat != GM:
            _players_part(state, data)
        you = seat[3:] if seat.startswith("pc:") else None
        data.update(kingdom_view(state.kingdom, state.court, lang))
        prompt = state.prompt
        out = {
            "system": self.system, "kind": self.kind, "seat": seat, "you": you,
            **data,
            "phase": state.phase, "step": state.step,
            # the phase's own event line: its words (kingdom, round_table …) shown in the seat's language
            "phase_text": settle(PhaseEntered(state.phase, state.step).render(lang), lang).strip(),
            "prompt": None if prompt is None else {"kind": prompt.kind, "actor": prompt.actor,
                                                   "options": list(prompt.options), "typed": prompt.typed},
            "round_table": (None if state.round_table is None
                            else round_table_view(state.round_table, state.court, lang)),
            "map": labyrinth_map(state, seat, lang),  # the labyrinth as this seat may see it (mk_map)
            "goal": scenario_goal(state, lang),
            # the level-up of the end phase (R-MK-01), shown on the sheets from that step on
            "leveled_up": list(ss.gains_level(state)) if state.index >= ss.STEPS.index(("end", "level_up")) else [],
        }
        battle = getattr(state, "battle", None)
        if isinstance(battle, Battle):  # hidden monsters: only what this seat may see (R-MK-23)
            from meikyu.table.mk_battle import BattleKind

            out["battle"] = BattleKind().view(battle, seat, lang)
            _hp_from_battle(out)
        return out

    def events_for(self, table_before: TableSession, table_after: TableSession, events: Sequence[Event],
                   seat: str, lang: str) -> list[dict[str, Any]]:
        state_after = table_after.session
        before, after = getattr(table_before.session, "battle", None), getattr(state_after, "battle", None)
        out: list[dict[str, Any]] = []
        for e in events:
            b1 = before if isinstance(before, Battle) else after
            b2 = after if isinstance(after, Battle) else before
            if isinstance(e, BattleEvent) and isinstance(b1, Battle) and isinstance(b2, Battle):
                from meikyu.table.mk_battle import BattleKind

                out += BattleKind().events_for(b1, b2, [e], seat, lang)
                continue
            if isinstance(e, BattleBegins) and seat != GM:
                # the GM's reveal (R-MK-23): the encounter's name would tell the players what they meet
                out.append({"kind": "battle_begins", "text": _say("battle_prepared", lang)})
                continue
            out.append({"kind": _snake(type(e).__name__), "text": event_line(e, state_after.court, lang)})
        return out

    # -- what a seat may do ----------------------------------------------------------------------
    def offers(self, state: ss.SessionState, lang: str) -> list[Offer]:
        """Every action open now (the session's legal ones, the round table's, the GM's rulings)."""
        out: list[Offer] = []
        if state.round_table is not None and state.round_table.stage != "done" and state.effects is None \
                and not state.disasters:
            out += round_table_offers(state.round_table, lang)
        else:
            legal = list(self.rules.inner.legal_actions(state))
            if not legal and state.prompt is not None and state.prompt.typed:
                legal = [fx.Choose("")]  # a name to type (R-MK-20 tables): offered with a text field
            for action in legal:
                out.append(self._offer(state, action, lang))
            out += self._declarations(state, legal, lang)
            out += self._cooperation(state, lang)
            out += _transport_forms(state, legal, lang)
        return out + self._rulings(state, lang)

    @staticmethod
    def _declarations(state: ss.SessionState, legal: Sequence[Action], lang: str) -> list[Offer]:
        """In the action cycle, each character ready to act may declare an action of any type by name (R-MK-08),
        as ``mk play``'s ``act``; the rules check the type and timing, the GM then resolves it (a called
        check or a ruling)."""
        types = {"type": "choice", "label": _say("act_type", lang),
                 "options": [{"value": t, "label": translate(f"mk.word.{t}", lang)} for t in cy.ACTION_TYPES]}
        form = {"type": types, "name": {"type": "text", "label": _say("act_name", lang)},
                "supports": {"type": "text", "label": _say("act_supports", lang), "optional": True}}
        out = []
        for action in legal:
            if isinstance(action, cy.Pass):
                name = next((c.label(lang) for c in state.court if c.id == action.actor), action.actor)
                out.append(Offer(cy.Act(action.actor, "planned", ""), action.actor, "other",
                                 _say("declare_act", lang, who=name), form))
        return out

    def _cooperation(self, state: ss.SessionState, lang: str) -> list[Offer]:
        """Cooperation outside battle (R-MK-12), a support action while a cycle is open (the kingdom's
        actions or a camp): each ready land maker on each other one they may help (favor not below
        enmity), naming the action in a text field."""
        exp = state.expedition
        cycle = state.actions if state.step == "actions" and state.called is None else None
        if state.phase == "labyrinth" and exp is not None and exp.stage == "camp" and state.called is None:
            cycle = exp.camp
        if cycle is None or cycle.stack or not state.seed_review:
            return []
        out = []
        able = state.able()
        for helper in state.court:
            if helper.id not in able or not cycle.ready(helper.id):
                continue
            for target in state.court:
                if target.id == helper.id or target.id not in able \
                        or helper.enmity_toward(target.id) > helper.favor_toward(target.id):
                    continue
                label = _say("cooperate", lang, who=helper.label(lang), target=target.label(lang),
                             favor=helper.favor_toward(target.id))
                out.append(Offer(cy.Cooperate(helper.id, target.id, "-"), helper.id, "other", label,
                                 {"action": {"type": "text", "label": _say("cooperate_action", lang)}}))
        return out

    def _rulings(self, state: ss.SessionState, lang: str) -> list[Offer]:
        """The GM's quick rulings (R-MK-01b), open at any time."""
        out = [Offer(ss.GmSkip(), "", "gm", _say("skip", lang))]
        out += [Offer(ss.SetGoal(met), "", "gm", _say("set_goal", lang, met=_say("goal_met" if met else
                                                                                "goal_failed", lang)))
                for met in (True, False) if met != state.goal_met]
        if state.phase == "labyrinth" and not state.labyrinth_end:
            out.append(Offer(ss.LabyrinthTurn(), "", "gm", _say("labyrinth_turn", lang)))
        if state.battle is None and state.called is None and state.effects is None and (
                state.round_table is None or state.round_table.stage == "done"):
            out.append(self._call_offer(state, lang))
        if state.expedition is not None and state.battle is None and state.called is None:
            from meikyu.systems.meikyu_kingdom.expedition.fall import FallOutside

            out += [Offer(FallOutside(c), "", "gm", _say("fall", lang, who=state.character(c).label(lang)))
                    for c in state.able()]  # a fall the GM rules (R-MK-33)
        out += ruling_offers(state, lang)  # effects with a reason: HP, drive, minions, items … and a table roll
        out += _set_offers(state, lang)
        return out

    @staticmethod
    def _call_offer(state: ss.SessionState, lang: str) -> Offer:
        """The GM calls a check for any character (R-MK-10): a stat or a national power, a difficulty, shown
        or hidden; the roller's own seat then gets the check's prompts (hope, 6s, minion help)."""
        from meikyu.systems.meikyu_kingdom.sheets.kingdom import POWERS

        court = [c for c in state.court]
        stats = [{"value": s, "label": translate(f"mk.word.{s}", lang)} for s in (*_STATS, *POWERS)]
        form = {
            "actor": {"type": "choice", "label": _say("call_actor", lang),
                      "options": [{"value": c.id, "label": c.label(lang)} for c in court]},
            "stat": {"type": "choice", "label": _say("call_stat", lang), "options": stats},
            "difficulty": {"type": "int", "min": 2, "max": 30, "label": _say("call_difficulty", lang)},
            "modifier": {"type": "int", "min": -20, "max": 20, "label": _say("call_modifier", lang)},
            "hidden": {"type": "choice", "label": _say("call_hidden", lang),
                       "options": [{"value": False, "label": _say("call_shown", lang)},
                                   {"value": True, "label": _say("call_secret", lang)}]},
        }
        first = court[0].id if court else ""
        return Offer(ss.CallCheck(first, "charm", 9), "", "gm", _say("call_check", lang), form)

    def _offer(self, state: ss.SessionState, action: Action, lang: str) -> Offer:
        who = self._who(state, action)
        if isinstance(action, ss.Advance):
            return Offer(action, who, "gm", _say("advance", lang))
        if isinstance(action, ss.EndLabyrinth):
            reason = translate(f"table.mk.labyrinth_end.{action.reason}", lang)
            return Offer(action, who, "gm", _say("end_labyrinth", lang, reason=reason))
        if isinstance(action, ss.SettleIncome):
            return Offer(action, who, "gm", _say("settle_income", lang),
                         {"income": {"type": "int", "min": 0, "max": 9999}})
        if isinstance(action, ss.RollKingdomChange):
            return Offer(action, who, "check", _say("roll_kingdom_change", lang))
        if isinstance(action, ss.RollDisaster) and who == "":
            return Offer(action, who, "check", _say("roll_disaster", lang))
        if isinstance(action, fx.Choose):
            typed = state.prompt is not None and state.prompt.typed  # a name to type (R-MK-20 tables)
            effects = state.effects
            if effects is not None and effects.pending is not None and action.option:
                option = option_label(effects, effects.pending.kind, action.option, lang)
            else:
                option = action.option or "…"
            return Offer(action, who, "prompt", _say("choose", lang, option=option),
                         {"option": {"type": "text"}} if typed else None)
        if isinstance(action, Trade):  # the trade's difficulty is the GM's, from the book (R-MK-42: 2 lower)
            from meikyu.systems.meikyu_kingdom.play_words import describe

            return Offer(action, who, "other", settle(describe(action, state, lang), lang),
                         {"difficulty": {"type": "int", "min": 0, "max": 99, "label": "difficulty"}})
        if isinstance(action, UseItem) and state.conditions.get(action.target) == "dead":
            from meikyu.systems.meikyu_kingdom.play_words import describe

            target = state.character(action.target)  # a revival item: the HP it gives back is its text's (R-MK-34)
            return Offer(action, who, "other", settle(describe(action, state, lang), lang),
                         {"hp": {"type": "int", "min": 1, "max": target.max_hp, "label": "HP"}})
        # every other step (the labyrinth's, a called check's): the words `mk play` shows for it; an answer
        # to the session's pending prompt is offered as one, so the page shows it under the question
        from meikyu.systems.meikyu_kingdom.play_words import describe

        kind = "prompt" if state.prompt is not None else "check" if isinstance(action, ss.RollDisaster) \
            else "gm" if who == "" else "other"
        return Offer(action, who if who is not None else ALL, kind, settle(describe(action, state, lang), lang))

    @per_state
    def menu(self, table: TableSession, seat: str, lang: str) -> list[MenuItem]:
        state = table.session
        battle = getattr(state, "battle", None)
        if isinstance(battle, Battle):  # a battle under way: the battle kind's menu, plus the GM's rulings
            from meikyu.systems.meikyu_kingdom.combat.actions import ACTIONS as BATTLE_ACTIONS
            from meikyu.table.mk_battle import BattleKind

            gm = [o for o in self._rulings(state, lang) if not isinstance(o.action, ss.SetGoal)]
            fight = [replace(i, action=self.rules.actions.dump(BATTLE_ACTIONS.load(i.action)))  # the session's tags
                     for i in BattleKind().menu(battle, seat, lang)]
            return fight + menu_items(gm, state.court, self.rules.actions, seat, lang)
        return menu_items(self._confirmed(state, self.offers(state, lang), lang), state.court, self.rules.actions,
                          seat, lang)

    @staticmethod
    def _confirmed(state: ss.SessionState, offers: list[Offer], lang: str) -> list[Offer]:
        """The offers with the question a page asks first (:mod:`meikyu.table.confirm`): hope from the voice
        that sets off a disaster, and a phase ended while players still have actions offered."""
        from meikyu.table.confirm import session_confirm

        pcs = {c.id: c.label(lang) for c in state.court if c.pc}
        left = sorted({pcs[o.who] for o in offers if o.who in pcs})
        return [replace(o, confirm=session_confirm(state, o.action, lang, left)) for o in offers]

    def prompt(self, table: TableSession, seat: str, lang: str) -> dict[str, Any] | None:
        """The session's pending decision (a table's choice, a round-table approval) if it is this seat's."""
        state = table.session
        battle = getattr(state, "battle", None)
        if isinstance(battle, Battle):
            from meikyu.table.mk_battle import BattleKind

            return BattleKind().prompt(battle, seat, lang)
        p = state.prompt
        if p is None:
            return None
        answers = [i for i in self.menu(table, seat, lang) if i.kind == "prompt"
                   or i.action["@type"] in ("Approve", "Refuse")]
        if not answers:
            return None
        if lookup(f"table.mk.prompt.{p.kind}", lang):
            text = translate(f"table.mk.prompt.{p.kind}", lang)
        else:  # the labyrinth's questions, as `mk play` asks them (a hidden difficulty stays hidden)
            from meikyu.systems.meikyu_kingdom.play_words import prompt_line

            text = settle(prompt_line(state, lang, players=seat != GM), lang)
        return {"kind": p.kind, "seat": answers[0].seat, "text": text, "typed": p.typed,
                "options": [{"key": i.key, "label": i.label} for i in answers]}


def _hp_from_battle(view: dict[str, Any]) -> None:
    """A battle under way keeps its pieces' HP until it ends and writes them back; until then the court's
    sheets show the battle's, so a character has one HP on every panel."""
    pieces = {c["id"]: c for c in view["battle"]["combatants"] if "hp" in c}
    for sheet in view.get("court") or ():
        piece = pieces.get(sheet.get("id"))
        if piece is not None and isinstance(sheet, dict):
            sheet["hp"], sheet["max_hp"] = piece["hp"], piece["max_hp"]


def _players_part(state: ss.SessionState, data: dict[str, Any]) -> None:
    """Leave out what the GM keeps from the players: the labyrinth's rooms not reached yet and every room's
    traps, encounters and events (the court learns them by entering), and a called check's hidden
    difficulty (R-MK-23)."""
    lab = getattr(state, "labyrinth", None)
    if lab is not None and isinstance(data.get("labyrinth"), dict):
        exp = getattr(state, "expedition", None)
        known = set(getattr(exp, "explored", ())) | ({exp.room} if exp is not None and exp.room else set())
        data["labyrinth"] = {"id": lab.id, "names": dict(lab.names), "entrance": lab.entrance,
                             "rooms": [{"id": r.id, "names": dict(r.names), "text": dict(r.text),
                                        "exits": list(r.exits)} for r in lab.rooms if r.id in known]}
    called = data.get("called")
    if isinstance(called, dict) and called.get("hidden"):
        called.pop("difficulty", None)


_GM_ONLY = (ss.GmSet, ss.GmSkip, ss.SetGoal, ss.LabyrinthTurn, ss.Advance, ss.EndLabyrinth, *ACTION_TYPES)


_STATS = ("wit", "charm", "search", "valor")


def _set_offers(state: ss.SessionState, lang: str) -> list[Offer]:
    """The GM's "set a value" (R-MK-01b): one form for the kingdom, one for a character, one for the session,
    each choosing among the fields its target has, named in the reader's language (the rules' field names are
    the options' values)."""
    def what(target: str) -> dict[str, Any]:
        options = [{"value": f, "label": _say(f"set_field.{f}", lang)} for f in settable_fields(target)]
        return {"type": "choice", "options": options, "label": _say("gm_set_field", lang)}

    def now(target: str, obj: Any) -> dict[str, Any]:
        return {f: to_data(getattr(obj, f)) for f in settable_fields(target)}

    def value(follows: list[str], defaults: dict[str, Any]) -> dict[str, Any]:
        # "json": the page reads the typed value as JSON (7, true, "text"), a bare word as text; the box shows
        # the chosen field's value now, so the GM edits it rather than retyping it (or keeps a stale one)
        return {"type": "json", "label": _say("gm_set_value", lang), "follows": follows, "defaults": defaults}

    out = [Offer(ss.GmSet("kingdom", "budget", state.kingdom.budget), "", "gm", _say("gm_set_kingdom", lang),
                 {"field": what("kingdom"), "value": value(["field"], now("kingdom", state.kingdom))})]
    if state.court:
        first = state.court[0]
        court = [{"value": c.id, "label": c.label(lang)} for c in state.court]
        out.append(Offer(ss.GmSet(first.id, "hp", first.hp), "", "gm", _say("gm_set_character", lang),
                         {"target": {"type": "choice", "options": court, "label": _say("gm_set_target", lang)},
                          "field": what(first.id),
                          "value": value(["target", "field"], {c.id: now(c.id, c) for c in state.court})}))
    out.append(Offer(ss.GmSet("session", "goal_met", state.goal_met), "", "gm", _say("gm_set_session", lang),
                     {"field": what("session"), "value": value(["field"], now("session", state))}))
    return out


def _transport_forms(state: ss.SessionState, legal: Sequence[Action], lang: str) -> list[Offer]:
    """A transport of any mix the rules allow (R-MK-46): each land maker offered one picks how many of their
    minions go (1 … all) and which items and how much of each material of the haul they carry (the menu's
    own offers are the whole haul with one minion or with all)."""
    from meikyu.systems.meikyu_kingdom.expedition.transport import Transport
    from meikyu.systems.meikyu_kingdom.play_words import haul_label, material_label

    exp = state.expedition
    actors = dict.fromkeys(a.actor for a in legal if isinstance(a, Transport))
    if exp is None or not actors:
        return []
    materials = sorted((m, n) for m, n in exp.haul_materials.items() if n)
    form: dict[str, Any] = {
        "items": {"type": "multi", "label": _say("transport_items", lang),
                  "options": [{"value": i, "label": haul_label(i, lang)} for i in exp.haul_items]},
        "materials": {"type": "counts", "label": _say("transport_materials", lang),
                      "options": [{"value": m, "label": material_label(m, lang), "max": n}
                                  for m, n in materials]},
    }
    out = []
    for actor in actors:
        have = state.character(actor).minions
        minions = {"type": "int", "min": 1, "max": have, "label": _say("transport_minions", lang, have=have)}
        label = _say("transport_form", lang, who=state.character(actor).label(lang))
        out.append(Offer(Transport(actor, 1, exp.haul_items, tuple(materials)), actor, "other", label,
                         {"minions": minions, **{k: v for k, v in form.items() if v["options"]}}))
    return out


def _say(key: str, lang: str, **params: Any) -> str:
    return settle(translate(f"table.mk.{key}", lang, **params), lang)


def _battle_actions() -> list[type]:
    from meikyu.systems.meikyu_kingdom.combat import actions as act

    return [v for v in vars(act).values() if isinstance(v, type) and issubclass(v, Action) and v is not Action]
