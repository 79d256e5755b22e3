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

>>> kind = SessionKind()
>>> state = kind.setup("sample", "en")
>>> [(i.key, i.seat) for i in kind.menu(state, "gm", "en")][:2]
[('gm/advance', 'gm'), ('gm/gm_skip', 'gm')]
>>> kind.menu(state, "pc:haneul", "en")
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from meikyu.engine import Action, Event, _snake
from meikyu.i18n import lookup, translate
from meikyu.systems.meikyu_kingdom import kingdom_effects as fx
from meikyu.systems.meikyu_kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom import session as ss
from meikyu.systems.meikyu_kingdom.combat.events import BattleEvent
from meikyu.systems.meikyu_kingdom.combat.model import Battle
from meikyu.table.base import GM, MenuItem
from meikyu.table.mk_court import (
    ALL,
    Offer,
    court_seats,
    event_line,
    menu_items,
    round_table_offers,
    seats_of,
    settle,
    sheet_setup,
)
from meikyu.table.mk_round_table import kingdom_view, request_owner, round_table_view


class SessionKind:
    """The ``MeikyuKingdom`` / ``session`` table kind (see the module docstring)."""

    system = "MeikyuKingdom"
    kind = "session"

    def __init__(self) -> None:
        self.rules = ss.SessionRules()

    def setup(self, setup: str | dict[str, Any], lang: str) -> ss.SessionState:
        """``"sample"`` or ``{"sheet": …}`` (see :func:`meikyu.table.mk_court.sheet_setup`)."""
        kingdom, court = sheet_setup(setup, lang, self.system, self.kind)
        return ss.SessionState(kingdom, court)

    def seats(self, state: ss.SessionState) -> list[str]:
        return court_seats(state.court)

    def _who(self, state: ss.SessionState, action: Action) -> str | None:
        if isinstance(action, rt.ACTIONS_TUPLE):
            return request_owner(action)
        actor = getattr(action, "actor", None)
        if isinstance(actor, str) and actor:
            return actor
        prompt = state.prompt
        if isinstance(action, fx.Choose) and prompt is not None and prompt.actor not in (None, GM):
            return ALL if prompt.actor == "players" else prompt.actor  # "players": the court decides
        return ""

    def seats_for(self, state: ss.SessionState, action: Action) -> frozenset[str]:
        battle = getattr(state, "battle", None)
        if isinstance(battle, Battle) and isinstance(action, tuple(_battle_actions())):
            from meikyu.table.mk_battle import BattleKind

            return BattleKind().seats_for(battle, action)
        return seats_of(state.court, self._who(state, action))

    # -- what a seat sees ------------------------------------------------------------------------
    def view(self, state: ss.SessionState, seat: str, lang: str) -> dict[str, Any]:
        data: dict[str, Any] = self.rules.state_to_data(state)
        you = seat[3:] if seat.startswith("pc:") else None
        data.update(kingdom_view(state.kingdom, state.court, lang))
        prompt = state.prompt
        out = {
            "system": self.system, "kind": self.kind, "seat": seat, "you": you,
            **data,
            "phase": state.phase, "step": state.step,
            "phase_text": settle(translate("mk.event.phase_entered", lang, phase=state.phase, step=state.step), lang),
            "prompt": None if prompt is None else {"kind": prompt.kind, "actor": prompt.actor,
                                                   "options": list(prompt.options)},
            "round_table": (None if state.round_table is None
                            else round_table_view(state.round_table, state.court, lang)),
        }
        battle = getattr(state, "battle", None)
        if isinstance(battle, Battle):  # hidden monsters: only what this seat may see (R-MK-23)
            from meikyu.table.mk_battle import BattleKind

            out["battle"] = BattleKind().view(battle, seat, lang)
        return out

    def events_for(self, state_before: ss.SessionState, state_after: ss.SessionState, events: Sequence[Event],
                   seat: str, lang: str) -> list[dict[str, Any]]:
        before, after = getattr(state_before, "battle", None), getattr(state_after, "battle", None)
        out: list[dict[str, Any]] = []
        for e in events:
            b1 = before if isinstance(before, Battle) else after
            b2 = after if isinstance(after, Battle) else before
            if isinstance(e, BattleEvent) and isinstance(b1, Battle) and isinstance(b2, Battle):
                from meikyu.table.mk_battle import BattleKind

                out += BattleKind().events_for(b1, b2, [e], seat, lang)
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
            for action in self.rules.legal_actions(state):
                out.append(self._offer(state, action, lang))
        out.append(Offer(ss.GmSkip(), "", "gm", _say("skip", lang)))
        out += [Offer(ss.SetGoal(met), "", "gm", _say("set_goal", lang, met=_say("goal_met" if met else
                                                                                "goal_failed", lang)))
                for met in (True, False) if met != state.goal_met]
        if state.phase == "labyrinth" and not state.labyrinth_end:
            out.append(Offer(ss.LabyrinthTurn(), "", "gm", _say("labyrinth_turn", lang)))
        targets = [{"value": "kingdom", "label": state.kingdom.label(lang)},
                   {"value": "session", "label": "session"},
                   *({"value": c.id, "label": c.label(lang)} for c in state.court)]
        out.append(Offer(ss.GmSet("kingdom", "budget", state.kingdom.budget), "", "gm", _say("gm_set", lang),
                         {"target": {"type": "choice", "options": targets}, "field": {"type": "text"},
                          "value": {"type": "json"}}))
        return out

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
        if isinstance(action, ss.RollDisaster):
            return Offer(action, who, "check", _say("roll_disaster", lang))
        if isinstance(action, fx.Choose):
            free = state.prompt is not None and not state.prompt.options  # a name to type (R-MK-20 tables)
            return Offer(action, who, "prompt", _say("choose", lang, option=action.option or "…"),
                         {"option": {"type": "text"}} if free else None)
        # an action the session machine gained later: a plain label from its class and fields
        name = _snake(type(action).__name__)
        known = lookup(f"table.mk.{name}", lang)
        text = _say(name, lang) if known else ", ".join(
            [type(action).__name__, *(f"{f.name}={getattr(action, f.name)}" for f in fields(action))])  # type: ignore[arg-type]
        return Offer(action, who if who is not None else ALL, "gm" if who == "" else "other", text)

    def menu(self, state: ss.SessionState, seat: str, lang: str) -> list[MenuItem]:
        return menu_items(self.offers(state, lang), state.court, self.rules.actions, seat, lang)

    def prompt(self, state: ss.SessionState, seat: str, lang: str) -> dict[str, Any] | None:
        """The session's pending decision (a table's choice, a round-table approval) if it is this seat's."""
        p = state.prompt
        if p is None:
            return None
        answers = [i for i in self.menu(state, seat, lang) if i.kind == "prompt"
                   or i.action["@type"] in ("Approve", "Refuse")]
        if not answers:
            return None
        return {"kind": p.kind, "seat": answers[0].seat, "text": translate(f"table.mk.prompt.{p.kind}", lang),
                "options": [{"key": i.key, "label": i.label} for i in answers]}


def _say(key: str, lang: str, **params: Any) -> str:
    return settle(translate(f"table.mk.{key}", lang, **params), lang)


def _battle_actions() -> list[type]:
    from meikyu.systems.meikyu_kingdom.combat import actions as act

    return [v for v in vars(act).values() if isinstance(v, type) and issubclass(v, Action) and v is not Action]
