"""A Liberator table: kind ``scenario`` of ``Liberator``.

Seats: ``gm`` and ``player:<id>`` for each player in seat order. Who may take what
(:meth:`ScenarioKind.seats_for`):

- the turn's player declares, splits, resolves and spends grants; the player of an advantage /
  disadvantage / forced recovery does the same for it (the GM picks a disadvantage's die when the
  option ``disadvantage_chooser`` is ``gm``);
- a job effect or feat (``UseAbility``), a level-up or a job swap goes to the seat it names;
- an effect's choices: the card to discard or recover goes to the player whose cards they are, the
  obstacle or the other player to the effect's owner;
- continuing or abandoning a mission and the award votes go to every player seat;
- missions, giving the scenario up (R-LB-01: it fails for the whole table, so it is the GM's to take when the
  table agrees, after a confirmation, never one player's click) and the GM's advantages, disadvantages and
  warnings go to ``gm`` (without a dedicated GM, R-LB-02, also to the player who acts as GM this turn);
- the GM may take any player's action for a player who is away (marked in the GM's menu).

What a player sees: everything on the table (mission, obstacles, the turn, every discard pile, grants,
levels, experience) except the other players' hands — only how many cards each holds — and the feats
they have not used yet. Every event is public: a card only ever appears in one when it is played,
paid, discarded or recovered, face up.

The state is a :class:`Scenario`: the card set (its TOML text over the sample cards, ``""`` for the
sample alone) and the :class:`~meikyu.systems.liberator.state.TableState`.

>>> kind = ScenarioKind()
>>> table = kind.setup("sample", "en")
>>> kind.seats(table)
['gm', 'player:ann', 'player:bob', 'player:cho']
>>> [p["hand"] and [c["id"] for c in p["hand"]] for p in kind.view(table, "player:bob", "en")["players"]]
[None, ['projection_magic', 'revelation_magic', 'illusion_magic'], None]
>>> [p["hand_size"] for p in kind.view(table, "player:bob", "en")["players"]]
[4, 3, 4]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event, Game, _snake
from meikyu.errors import DataError, InputError
from meikyu.i18n import translate
from meikyu.serial import to_data
from meikyu.systems.liberator import state as st
from meikyu.systems.liberator.cards import ActionCard, CardSet, load_cards, sample_cards
from meikyu.systems.liberator.effects import describe_grant
from meikyu.systems.liberator.events import Rolled
from meikyu.systems.liberator.mission import MISSION_TYPES, mission_type
from meikyu.systems.liberator.names import localize
from meikyu.systems.liberator.odds import removal_odds, split_removes
from meikyu.systems.liberator.play import QueueDice, Table
from meikyu.systems.liberator.rules import LiberatorRules, new_table
from meikyu.table.base import GM, MenuItem, odds_data, per_state, sort_menu
from meikyu.table.events import event_data
from meikyu.table.setup import known_fields

SAMPLE_PLAYERS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("ann", "warrior", ("mount",)),
    ("bob", "mage", ("might",)),
    ("cho", "priest", ("old_document",)),
)
"""The sample table: three players, each with their job's actions and one extra card."""

_GM_ACTIONS = (st.StartMission, st.GenerateMission, st.GmGrant, st.GmEffect, st.NextScenario, st.GiveUp)
"""The GM's (or the acting GM's): giving the scenario up among them, so one player's click never fails it for
the whole table (issue 26, point 7); the GM gives up when the table agrees, after a confirmation."""
GM_RULINGS = ("即:回復", "即:障害-1", "即:経験+1", "即:*-1", "即:P-1", "即:M-1", "即:C-1", "付:*+1", "付:P+1", "付:M+1",
              "付:C+1", "付:回復+1")
"""The GM's ruling form's effects, in the cards' notation (the rules read whatever notation is posted)."""
_EVERYONE = (st.ContinueMission, st.AbandonMission, st.Awards)
_KIND_OF = {
    "Declare": "check", "Split": "prompt", "PickEffect": "prompt", "Resolve": "other", "UseGrant": "support",
    "UseAbility": "support", "PickCard": "prompt", "PickObstacle": "prompt", "PickPlayer": "prompt",
    "LevelUp": "other", "SwapJob": "other",
}


@dataclass(frozen=True)
class Scenario:
    """A Liberator table: the card set's text (``""`` for the sample cards) and the table's state."""

    cards: str
    table: st.TableState


@lru_cache(maxsize=16)
def _rules(cards: str) -> LiberatorRules:
    if not cards:
        return LiberatorRules(sample_cards())
    return LiberatorRules(sample_cards().merged(load_cards(cards, "setup.cards")))


def deck_of(state: Any) -> str:
    """The card file a Liberator game was set up with (its TOML text), ``""`` for the sample cards alone or
    another system's game."""
    return state.cards if isinstance(state, Scenario) else ""


def card_set(state: Scenario) -> CardSet:
    """The cards a table plays with: the sample's, merged with the setup's own."""
    return _rules(state.cards).cards


@lru_cache(maxsize=256)
def _legal(cards: str, table: st.TableState) -> tuple[Action, ...]:
    """The legal actions of a table (remembered: every seat's menu and prompt asks for the same ones)."""
    return tuple(_rules(cards).legal_actions(table))


class ScenarioRules:
    """:class:`LiberatorRules` over a :class:`Scenario`, so one rules object serves every card set."""

    id = "table.liberator.scenario"
    actions = st.ACTIONS

    def step(self, state: Scenario, action: Action, dice: Dice) -> tuple[Scenario, tuple[Event, ...]]:
        table, events = _rules(state.cards).step(state.table, action, dice)
        return replace(state, table=table), events

    def legal_actions(self, state: Scenario) -> Sequence[Action]:
        return _legal(state.cards, state.table)

    def state_to_data(self, state: Scenario) -> Any:
        return {"cards": state.cards, "table": to_data(state.table)}

    def state_from_data(self, data: Any) -> Scenario:
        return Scenario(str(data["cards"]), st.table_from_data(data["table"]))


class ScenarioKind:
    """The ``Liberator`` / ``scenario`` table kind (see the module docstring)."""

    system = "Liberator"
    kind = "scenario"

    def __init__(self) -> None:
        self.rules = ScenarioRules()

    # -- setting up ------------------------------------------------------------------------------
    def setup(self, setup: str | dict[str, Any], lang: str) -> Scenario:
        """``"sample"`` or ``{"players"?: [{"id", "job", "extras"}…], "cards"?, "plan"?, "seed"?,
        "dedicated_gm"?, "options"?}``: ``players`` defaults to the sample's three (so a card file alone
        sets a game up); ``cards`` is a card file's TOML text, added to the sample cards;
        ``plan`` the mission types in order (default normal, turning, final); ``options`` the fields of
        :class:`~meikyu.systems.liberator.state.Options` (``party_missions`` defaults to on, as at the
        terminal table: a GM would not set an obstacle nobody can remove)."""
        if setup == "sample":
            setup = {"players": _sample_players()}
        if not isinstance(setup, dict):
            raise DataError("table.error.setup_shape", system=self.system, kind=self.kind,
                            expected='"sample" or {"players": [{"id": "ann", "job": "warrior", "extras": […]}]}')
        known_fields(setup, "setup", ("players", "cards", "plan", "seed", "dedicated_gm", "options"))
        cards = setup.get("cards", "")
        if not isinstance(cards, str):
            raise DataError("table.error.setup_field", part="setup", field="cards",
                            expected=translate("table.expect.cards_text", lang))
        rules = _rules(cards)
        players = self._players(setup.get("players", _sample_players()), lang)
        plan = setup.get("plan", ["normal", "turning", "final"])
        if not isinstance(plan, list) or not plan or any(p not in MISSION_TYPES for p in plan):
            raise DataError("table.error.setup_field", part="setup", field="plan",
                            expected=translate("table.expect.plan", lang, types=", ".join(MISSION_TYPES)))
        seed = setup.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise DataError("table.error.setup_field", part="setup", field="seed",
                            expected=translate("table.expect.integer", lang))
        gm = setup.get("dedicated_gm", True)
        if not isinstance(gm, bool):
            raise DataError("table.error.setup_field", part="setup", field="dedicated_gm", expected="true / false")
        options = self._options(setup.get("options", {}), lang)
        try:
            table = new_table(players, rules.cards, dedicated_gm=gm, plan=plan, seed=seed, options=options)
        except DataError:
            raise
        except InputError as exc:  # an unknown job or card, a duplicate name …: say which part
            raise DataError("table.error.setup_players", part="setup.players", detail=exc.message(lang)) from None
        return Scenario(cards, table)

    @staticmethod
    def _players(raw: Any, lang: str) -> list[tuple[str, str, list[str]]]:
        if not isinstance(raw, list) or not raw:
            raise DataError("table.error.setup_field", part="setup", field="players",
                            expected=translate("table.expect.players", lang))
        out = []
        for n, p in enumerate(raw):
            part = f"setup.players[{n}]"
            if not isinstance(p, dict):
                raise DataError("table.error.setup_field", part="setup.players", field=str(n),
                                expected=translate("table.expect.players", lang))
            known_fields(p, part, ("id", "job", "extras"))
            for name in ("id", "job"):
                if not isinstance(p.get(name), str) or not p[name].strip():
                    raise DataError("table.error.setup_field", part=part, field=name,
                                    expected=translate("table.expect.text", lang))
            extras = p.get("extras", [])
            if not isinstance(extras, list) or not all(isinstance(x, str) for x in extras):
                raise DataError("table.error.setup_field", part=part, field="extras",
                                expected=translate("table.expect.card_ids", lang))
            out.append((p["id"], p["job"], extras))
        return out

    @staticmethod
    def _options(raw: Any, lang: str) -> st.Options:
        if not isinstance(raw, dict):
            raise DataError("table.error.setup_field", part="setup", field="options",
                            expected=translate("table.expect.tables", lang))
        defaults = st.Options(party_missions=True)
        known_fields(raw, "setup.options", tuple(to_data(defaults)))
        values = {**to_data(defaults), **raw}
        for name, default in to_data(defaults).items():
            if type(values[name]) is not type(default):
                raise DataError("table.error.setup_field", part="setup.options", field=name,
                                expected=type(default).__name__)
        return st.Options(**values)

    # -- seats -----------------------------------------------------------------------------------
    def seats(self, state: Scenario) -> list[str]:
        return [GM, *(f"player:{p.id}" for p in state.table.players)]

    def seat_name(self, state: Scenario, seat: str, lang: str) -> str:
        if seat == GM:
            return translate("table.seat.gm", lang)
        return next((p.character.name for p in state.table.players if f"player:{p.id}" == seat), seat)

    def _seat(self, s: st.TableState, index: int) -> str:
        return f"player:{s.players[index].id}" if 0 <= index < len(s.players) else GM

    def seats_for(self, state: Scenario, action: Action) -> frozenset[str]:
        """Which seats may take ``action`` now (see the module docstring); the GM always may."""
        s = state.table
        if isinstance(action, _GM_ACTIONS):
            return frozenset({GM} if s.dedicated_gm else {GM, f"player:{s.acting_gm}"})
        if isinstance(action, _EVERYONE):
            return frozenset(self.seats(state))
        who = self._owner(s, action)
        return frozenset({GM} if who < 0 else {GM, self._seat(s, who)})

    def _owner(self, s: st.TableState, action: Action) -> int:
        """The seat index whose action this is, or −1 for the GM's."""
        if isinstance(action, (st.UseAbility,)):
            return action.player
        if isinstance(action, (st.LevelUp, st.SwapJob, st.NewCharacter)):
            return action.seat
        if isinstance(action, (st.PickCard, st.PickObstacle, st.PickPlayer)):
            if not s.effects:
                return -1
            pe = s.effects[0]
            return pe.target if isinstance(action, st.PickCard) and pe.target >= 0 else pe.player
        if s.check is not None:
            chk = s.check
            if isinstance(action, st.PickEffect) and chk.kind == "disadvantage" \
                    and s.options.disadvantage_chooser == "gm":
                return -1
            return chk.player
        if s.turn is not None:
            return s.turn.player
        return -1

    # -- what a seat sees ------------------------------------------------------------------------
    def view(self, state: Scenario, seat: str, lang: str) -> dict[str, Any]:
        """The table as ``seat`` may see it; other players' hands are left out (only their sizes)."""
        s = state.table
        cards = _rules(state.cards).cards
        gm = seat == GM
        you = next((p.id for p in s.players if f"player:{p.id}" == seat), None)

        def card(ident: str) -> dict[str, Any]:
            found = cards.actions.get(ident) or cards.feats.get(ident)
            name = localize(found.name, lang, cards) if found else translate(f"lb.play.{ident}", lang)
            return {"id": ident, "name": name}

        def roster_entry(x: Any) -> dict[str, Any]:
            """A character waiting in a roster: public, like a character sheet on the table's shelf."""
            return {"name": x.name, "job": {"id": x.job, "name": localize(cards.jobs[x.job].name, lang, cards)},
                    "level": x.level}

        players = []
        for i, p in enumerate(s.players):
            ch = p.character
            mine = gm or p.id == you
            players.append({
                "seat": f"player:{p.id}", "index": i, "id": p.id, "name": ch.name,
                "job": {"id": ch.job, "name": localize(cards.jobs[ch.job].name, lang, cards)},
                "level": ch.level, "exp": p.exp, "earned": p.earned, "warned": p.warned,
                "hand": [card(c) for c in ch.hand] if mine else None,
                "hand_size": len(ch.hand),
                "discard": [card(c) for c in ch.discard],
                "feats": [card(f) for f in ch.feats] if mine else [card(f) for f in ch.used_feats],
                "used_feats": list(ch.used_feats), "job_effect_used": ch.job_effect_used,
                "grants": [{"name": g.name, "text": describe_grant(g.name, lang), "source": g.source}
                           for g in ch.grants],
                "roster": [roster_entry(x) for x in p.roster],
            })

        m = s.mission
        return {
            "system": self.system, "kind": self.kind, "seat": seat, "you": you,
            "phase": s.phase, "round": s.round, "result": s.result, "dedicated_gm": s.dedicated_gm,
            "acting_gm": GM if s.dedicated_gm else f"player:{s.acting_gm}",
            "current": self._seat(s, s.current) if s.phase == "turn" else None,
            "planned": s.planned, "plan": list(s.plan), "gm_exp": s.gm_exp, "scenario": s.scenario,
            "gm_name": s.gm_name, "gm_roster": [roster_entry(x) for x in s.gm_roster],
            "bench": [{"id": b.id, "exp": b.exp,
                       "characters": [roster_entry(x) for x in (b.character, *b.roster) if x.name]}
                      for b in s.bench],
            "missions_cleared": len([entry for entry in s.log if entry.endswith(":cleared")]),
            "waiting": _rules(state.cards).waiting_label(s, lang),
            "mission": None if m is None else {
                "type": m.type, "type_name": mission_type(m.type, lang),
                "obstacles": [{**to_data(o), "name": localize(o.name or o.kind, lang, cards)} for o in m.obstacles],
            },
            "players": players,
            "turn": None if s.turn is None else {**to_data(s.turn), "seat": self._seat(s, s.turn.player)},
            "check": None if s.check is None else {**to_data(s.check), "seat": self._seat(s, s.check.player)},
            "effects": [{"player": self._seat(s, e.player), "target": self._seat(s, e.target) if e.target >= 0
                         else None, "effect": e.effect.notation(), "card": e.card} for e in s.effects],
            "log": list(s.log),
            "options": to_data(s.options),
            "own_deck": bool(state.cards),  # set up with a card file of its own: the GM may open it in /cards
        }

    def events_for(self, state_before: Scenario, state_after: Scenario, events: Sequence[Event], seat: str,
                   lang: str) -> list[dict[str, Any]]:
        """Every Liberator event is public (cards appear only when played, paid, discarded or recovered)."""
        out = []
        cards = _rules(state_after.cards).cards
        for e in events:
            item = event_data(e, lang, localize(e.render(lang), lang, cards))
            if isinstance(e, Rolled):
                faces = [int(x) for x in e.dice.replace(",", " ").replace("+", " ").split() if x.isdigit()]
                item["dice"] = faces
                item["line"] = f"({len(faces)}D6) ＞ {sum(faces)}[{','.join(map(str, faces))}] ＞ {sum(faces)}"
            out.append(item)
        return out

    # -- what a seat may do ----------------------------------------------------------------------
    @per_state
    def menu(self, state: Scenario, seat: str, lang: str) -> list[MenuItem]:
        s = state.table
        rules = _rules(state.cards)
        face: Table | None = None
        names = tuple(p.id for p in s.players)
        items = []
        legal = list(_legal(state.cards, s)) + (self._gm_grants(state) + self._gm_rulings(s) + self._next_scenarios(s)
                                                if seat == GM else [])
        legal += self._new_characters(s, rules.cards)
        for action in legal:
            seats = self.seats_for(state, action)
            if seat not in seats:
                continue
            players = sorted(x for x in seats if x != GM)
            owner = players[0] if len(players) == 1 else (GM if not players else "")
            behalf = owner if seat == GM and owner.startswith("player:") else ""
            key = (state.cards, action, lang, behalf, names)
            text = _LABELS.get(key)
            if text is None:  # labels depend on the action, the cards and the players' names only
                if face is None:  # the terminal table's words, on this state
                    face = Table(Game(rules, s), rules, lang, lambda _: None, QueueDice())
                text = self._label(s, rules.cards, action, lang) or localize(face.describe(action, ids=False), lang, rules.cards)
                if behalf:
                    text = translate("table.on_behalf", lang, label=text, who=behalf.partition(":")[2])
                if len(_LABELS) > 50_000:
                    _LABELS.clear()
                _LABELS[key] = text
            group = GM if isinstance(action, _GM_ACTIONS) else (owner.partition(":")[2] if owner else "")
            kind = "gm" if isinstance(action, _GM_ACTIONS) else _KIND_OF.get(type(action).__name__, "other")
            dumped = self.rules.actions.dump(action)
            form = _character_form(rules.cards, lang) if isinstance(action, st.NewCharacter) \
                else _ruling_form(lang) if isinstance(action, st.GmEffect) else None
            confirm = translate("table.confirm.give_up", lang) if isinstance(action, st.GiveUp) else None
            items.append(MenuItem(_key(dumped, type(action).__name__, group), dumped, text, group or "",
                                  kind, self._odds(s, rules.cards, action), owner or seat, form, confirm))
        return sort_menu(items)

    @staticmethod
    def _new_characters(s: st.TableState, cards: CardSet) -> list[Action]:
        """Between scenarios each player may make a new character for their roster (a form: name, job, card)."""
        if s.phase != "over" or not cards.jobs:
            return []
        job = next(iter(cards.jobs))
        extra = next(x for x in (*cards.actions, *cards.feats) if x not in cards.jobs[job].actions)
        return [st.NewCharacter(i, "", job, extra) for i in range(len(s.players))]

    @staticmethod
    def _next_scenarios(s: st.TableState) -> list[Action]:
        """Once the scenario is over, the next one at this table (R-LB-13): everyone playing on, or one player
        taking up another of their characters. The seats stay (each person keeps their link), so a new
        character, a change of GM or a player sitting out is made at the terminal (``next``)."""
        if s.phase != "over":
            return []
        out: list[Action] = [st.NextScenario()]
        for p in s.players:
            for other in p.roster:
                cast = tuple(st.Casting(q.id, other.name if q.id == p.id else "") for q in s.players)
                out.append(st.NextScenario(cast))
        return out

    @staticmethod
    def _gm_grants(state: Scenario) -> list[Action]:
        """The GM's advantages, disadvantages and warnings the rules accept now (R-LB-12)."""
        s = state.table
        if s.phase == "over":
            return []
        out: list[Action] = []
        for seat, p in enumerate(s.players):
            for kind in ("advantage", "disadvantage", "warning"):
                if kind == "warning" and p.warned:
                    continue
                grant = st.GmGrant(seat, kind)
                try:
                    _rules(state.cards).step(s, grant, _NoDice())
                except (InputError, RuntimeError):
                    continue
                out.append(grant)
        return out

    @staticmethod
    def _gm_rulings(s: st.TableState) -> list[Action]:
        """The GM's ruling by hand for each player (issue 25), while nothing waits for an answer."""
        if s.phase == "over" or s.effects or s.check is not None:
            return []
        return [st.GmEffect(seat, GM_RULINGS[0]) for seat in range(len(s.players))]

    @staticmethod
    def _label(s: st.TableState, cards: CardSet, action: Action, lang: str) -> str:
        """Labels for what the terminal table types as commands (GM grants, experience spending)."""
        if isinstance(action, st.GmGrant):
            return translate(f"table.lb.gm_{action.kind}", lang, player=s.players[action.seat].id)
        if isinstance(action, st.GmEffect):
            return translate("table.lb.gm_effect", lang, player=s.players[action.seat].id)
        if isinstance(action, st.NewCharacter):
            return translate("table.lb.new_character", lang, player=s.players[action.seat].id)
        if isinstance(action, st.NextScenario):
            picked = [c for c in action.cast if c.character]
            if not picked:
                return translate("table.lb.next_same", lang)
            return translate("table.lb.next_cast", lang, player=picked[0].player, character=picked[0].character)
        if isinstance(action, st.LevelUp):
            found = cards.actions.get(action.card) or cards.feats.get(action.card)
            name = localize(found.name, lang, cards) if found else action.card
            return translate("table.lb.level_up", lang, player=_spender(s, action), card=name)
        if isinstance(action, st.SwapJob):
            return translate("table.lb.swap_job", lang, player=_spender(s, action),
                             job=localize(cards.jobs[action.job].name, lang, cards))
        return ""

    @staticmethod
    def _odds(s: st.TableState, cards: CardSet, action: Action) -> dict[str, Any] | None:
        """For a declared action: the exact chance the roll removes at least one obstacle, and all."""
        if not isinstance(action, st.Declare) or s.mission is None or action.card not in cards.actions:
            return None
        targets = tuple((o.attribute, o.target) for o in s.mission.obstacles)
        card = cards.actions[action.card]
        return odds_data(_any_removal(card, targets), clear=_all_removal(card, targets))

    def prompt(self, state: Scenario, seat: str, lang: str) -> dict[str, Any] | None:
        """The decision waiting (an effect's choice, a split, a check) when it is this seat's."""
        s = state.table
        if not (s.effects or s.check is not None or (s.turn is not None and s.turn.step == "split")):
            return None
        answers = [i for i in self.menu(state, seat, lang) if i.action["@type"] not in ("LevelUp", "SwapJob")
                   and (i.kind == "prompt" or (s.check is not None and i.kind in ("check", "other")))]
        if not answers:
            return None
        code = _rules(state.cards).waiting_for(s)
        return {"kind": code, "seat": answers[0].seat, "text": _rules(state.cards).waiting_label(s, lang),
                "options": [{"key": i.key, "label": i.label} for i in answers]}


@lru_cache(maxsize=4096)
def _any_removal(card: ActionCard, targets: tuple[tuple[str, int], ...]) -> Fraction:
    """P(a 2D6 roll, split the better way, removes at least one of ``targets``) — exact over 36 rolls."""
    if not targets:
        return Fraction(0)
    hits = 0
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            if any(split_removes(card, [t], p, e) for p, e in ((d1, d2), (d2, d1)) for t in targets):
                hits += 1
    return Fraction(hits, 36)


class _NoDice:
    """Listing the GM's grants must not roll: a grant that would is refused as not legal now."""

    def roll(self, sides: int) -> int:
        raise RuntimeError("listing options never rolls")


@lru_cache(maxsize=4096)
def _all_removal(card: ActionCard, targets: tuple[tuple[str, int], ...]) -> Fraction:
    return removal_odds(card, targets)


_LABELS: dict[tuple[Any, ...], str] = {}


def _character_form(cards: CardSet, lang: str) -> dict[str, Any]:
    """The fields of a new character (R-LB-13): a name, a job, and its one extra action or feat."""
    extras = [*cards.actions, *cards.feats]
    return {
        "name": {"type": "text", "label": translate("table.lb.form_name", lang)},
        "job": {"type": "choice", "label": translate("table.lb.form_job", lang),
                "options": [{"value": j, "label": localize(cards.jobs[j].name, lang, cards)} for j in cards.jobs]},
        "card": {"type": "choice", "label": translate("table.lb.form_card", lang),
                 "options": [{"value": x, "label": localize((cards.actions.get(x) or cards.feats[x]).name, lang, cards)}
                             for x in extras]},
    }


def _ruling_form(lang: str) -> dict[str, Any]:
    """The GM's ruling: which effect, from the cards' notation, in the seat's words."""
    from meikyu.systems.liberator.effects import describe_notation

    options = [{"value": n, "label": f"{describe_notation(n, lang)}" + ("" if lang == "ja" else f" ({n})")}
               for n in GM_RULINGS]
    return {"effect": {"type": "choice", "label": translate("table.lb.gm_effect_field", lang), "options": options}}


def _key(data: dict[str, Any], name: str, group: str) -> str:
    """``group/snake_type/values…`` from the dumped action: the same action always gets the same key."""
    parts = [group or "all", _snake(name)]
    for name, value in data.items():
        if name.startswith("@") or name == "mission":
            continue
        text = "+".join(map(str, value)) if isinstance(value, list) else str(value)
        parts.append(f"{name}={text}")
    return "/".join(parts)


def _sample_players() -> list[dict[str, Any]]:
    return [{"id": i, "job": j, "extras": list(x)} for i, j, x in SAMPLE_PLAYERS]


__all__ = ["SAMPLE_PLAYERS", "Scenario", "ScenarioKind", "ScenarioRules"]


def _spender(s: st.TableState, action: st.LevelUp | st.SwapJob) -> str:
    """Whose experience a level-up or job swap spends, and on which character when not the one playing."""
    who = "GM" if action.seat < 0 else s.players[action.seat].id
    return f"{who} ({action.character})" if action.character else who
