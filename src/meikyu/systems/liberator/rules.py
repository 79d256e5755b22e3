"""The Liberator table as a pure state machine (R-LB-01 … R-LB-12, R-LB-14).

A scenario is played in rounds: setup (the GM gives, or the players continue / abandon a mission,
or give up) → one turn per player, clockwise from the mission's first player → cleanup. A turn is
``Declare`` (an action in hand, a normal recovery, or — with an empty hand — a dying revival) →
2D6 → ``Split`` (which die is the power) → after roll (job effects, feats, grants, then
``Resolve`` with the obstacles to remove or actions to recover) → special effects. Clearing the
mission forfeits the round's remaining turns. Choices in the middle of effects (which card to
discard, which obstacle, which other player) are prompts answered by ``PickCard`` /
``PickObstacle`` / ``PickPlayer``.

Choices made where the rules are silent (each one data or an option where it matters):

- Power removes obstacles of its own attribute only; a follow-up (追撃, ``追:X`` on the effect
  die's face) adds a second power of attribute X with the same value (R-LB-14 Q&A); obstacles
  are split between the two powers however fits.
- Normal recovery (:class:`~meikyu.systems.liberator.state.Options` ``normal_recovery``): one die is
  the recovery value, the other is ignored; recovered actions' targets must sum to ≤ it.
- Dying revival: both dice summed are the recovery value; it always brings back at least one
  action (the cheapest if nothing fits) — a careful GM never leaves a player stuck.
- "One or more" (R-LB-09): choosing nothing is only legal when no single target fits.
- Advantage / disadvantage: the player declares an action in hand and its effect row is read on
  the chosen die; the player chooses for an advantage, the GM for a disadvantage (option). With
  no action in hand the 2D6 is still rolled and doubles still give experience (R-LB-08, R-LB-12),
  but there is no effect row to read, so nothing else happens.
- ``即:X-N`` with N > 1 discards N cards, one chosen at a time; each finds none → nothing (R-LB-11).
- Job effects and feats are used after the roll by the turn's player; abilities marked "others"
  (``他者威力+2``, ``即:他者回復``) may be used by any other player during the turn, and with a
  single player on oneself (R-LB-09).
- An ability's extra "-1 card" cost (R-LB-11 says only that it cannot be paid without such a card)
  cannot be paid with the action card being used this turn — a choice, not the seed's rule: its
  errors carry ``R-LB-ruling-cost``, and ``Options(pay_with_declared=True)`` allows it.
- The forced normal recovery after the final mission is a recovery like a turn's: recovery
  grants and recovery abilities raise it (R-LB-05). An advantage / disadvantage roll has no power
  and no recovery, so only abilities that need neither (obstacle −1, obstacle attribute, recover,
  grant) may be used before its effect die is picked (R-LB-12).
- Each GM disadvantage needs a warning before it; the warning is used up (R-LB-12).
- The final mission comes once per scenario: it cannot be abandoned for another (R-LB-04).
- Grants last until used (or the round / mission, as printed); only the turn's player spends
  theirs; a power grant must match the action's current attribute (R-LB-14).
- The once-per-scenario limit of job effects and feats is a fact from another chapter; its
  errors carry the rule id ``R-LB-X``.

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.liberator.mission import Mission, Obstacle
>>> rules = LiberatorRules()
>>> table = new_table([("ann", "warrior", ["mount"])], rules.cards)
>>> mission = Mission("normal", (Obstacle(1, "combat", "P", 3), Obstacle(2, "lore", "M", 1)))
>>> s, _ = rules.step(table, StartMission(mission), ScriptedDice([]))
>>> s, ev = rules.step(s, Declare("swing"), ScriptedDice([5, 3]))
>>> s.turn.step, [a for a in rules.legal_actions(s) if isinstance(a, Split)]
('split', [Split(power=5), Split(power=3)])
>>> s, ev = rules.step(s, Split(5), ScriptedDice([]))
>>> s, ev = rules.step(s, Resolve((1,)), ScriptedDice([]))
>>> [o.uid for o in s.mission.obstacles]
[2]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.errors import InputError, RuleError
from meikyu.i18n import lookup, translate
from meikyu.serial import from_data, to_data
from meikyu.systems.liberator.cards import MAX_RECOVERY, CardSet, sample_cards
from meikyu.systems.liberator.character import (
    LEVEL_COST,
    SWAP_COST,
    Character,
    HeldGrant,
    create_character,
    level_up,
    swap_job,
)
from meikyu.systems.liberator.effects import ANY, Effect
from meikyu.systems.liberator.mission import MISSION_TYPES, Obstacle, generate_mission, party_reach
from meikyu.systems.liberator.packing import fits
from meikyu.systems.liberator.state import (
    ACTIONS,
    DYING,
    NORMAL,
    AbandonMission,
    AbilityUsed,
    ActionDiscarded,
    ActionRecovered,
    AttributeChanged,
    AwardGiven,
    Awards,
    CheckStarted,
    CheckState,
    ContinueMission,
    CostPaid,
    Declare,
    Declared,
    ExpGained,
    GenerateMission,
    GiveUp,
    GmGrant,
    GmWarned,
    GrantExpired,
    GrantGained,
    GrantUsed,
    JobSwapped,
    LeveledUp,
    LevelUp,
    MissionAbandoned,
    MissionCleared,
    MissionContinued,
    MissionStarted,
    NothingHappens,
    ObstacleLowered,
    ObstacleRemoved,
    Options,
    PendingEffect,
    PickCard,
    PickEffect,
    PickObstacle,
    PickPlayer,
    PowerSet,
    RecoverySet,
    Resolve,
    Rolled,
    RoundEnded,
    ScenarioEnded,
    Seat,
    Split,
    StartMission,
    SwapJob,
    TableState,
    TurnStarted,
    TurnState,
    UseAbility,
    UseGrant,
)

ONCE_RULE = "R-LB-X"
COST_RULING = "R-LB-ruling-cost"
"""Our ruling, not the seed's: an extra card cost is not paid with the action card in use."""
CHECK_KINDS = frozenset({"recover", "grant", "obstacle_down", "change_obstacle"})
"""Ability kinds that need no power or recovery, so they also work during an advantage (R-LB-12)."""


def wait_phrase(code: str, lang: str) -> str:
    """The translated phrase for a :meth:`LiberatorRules.waiting_for` code (``lb.wait.*``)."""
    key = f"lb.wait.{code}"
    return translate(key, lang) if lookup(key, lang) is not None else translate("lb.wait.other", lang)


class WaitingError(RuleError):
    """The "something else first" error: its ``what`` parameter is a waiting code, shown translated."""

    def message(self, lang: str | None = None, /) -> str:
        lang = lang or "en"
        params = dict(self.params, what=wait_phrase(str(self.params.get("what", "")), lang))
        return translate(self.key, lang, **params)


def new_table(
    players: Sequence[tuple[str, str, Sequence[str]]],
    cards: CardSet | None = None,
    *,
    dedicated_gm: bool = True,
    plan: Sequence[str] = ("normal", "turning", "final"),
    seed: int = 0,
    options: Options | None = None,
    level: int = 1,
) -> TableState:
    """A table ready for its first setup: ``players`` are (name, job, extra cards) in seat order."""
    cards = cards if cards is not None else sample_cards()
    if not players:
        raise InputError("lb.error.no_players")
    names = [p[0] for p in players]
    if len(set(names)) != len(names):
        raise InputError("lb.error.duplicate_player")
    for kind in plan:
        if kind not in MISSION_TYPES:
            raise InputError("lb.error.mission_type", type=kind, types=", ".join(MISSION_TYPES))
    seats = tuple(
        Seat(name, create_character(cards, name, job, extras, level)) for name, job, extras in players
    )
    return TableState(seats, dedicated_gm, options=options or Options(), plan=tuple(plan), seed=seed)


class _Ctx:
    """One step in the making: the state so far and the events emitted."""

    def __init__(self, rules: LiberatorRules, state: TableState, dice: Dice) -> None:
        self.cards = rules.cards
        self.s = state
        self.dice = dice
        self.events: list[Event] = []

    # -- small helpers -------------------------------------------------------------------------
    def emit(self, event: Event) -> None:
        self.events.append(event)

    def pid(self, seat: int) -> str:
        return self.s.players[seat].id

    def char(self, seat: int) -> Character:
        return self.s.players[seat].character

    def set_seat(self, seat: int, **changes: Any) -> None:
        players = list(self.s.players)
        players[seat] = replace(players[seat], **changes)
        self.s = replace(self.s, players=tuple(players))

    def set_char(self, seat: int, character: Character) -> None:
        self.set_seat(seat, character=character)

    def card_name(self, card: str) -> str:
        if card in (NORMAL, DYING):
            return card
        found = self.cards.actions.get(card)
        return found.name if found else card

    def obstacle_name(self, o: Obstacle) -> str:
        return o.name or f"{o.kind}:{o.attribute}{o.target}"

    def gain_exp(self, seat: int, amount: int, reason: str) -> None:
        p = self.s.players[seat]
        self.set_seat(seat, exp=p.exp + amount, earned=p.earned + amount)
        self.emit(ExpGained(p.id, amount, reason))

    def gain_all(self, amount: int, reason: str) -> None:
        for seat in range(len(self.s.players)):
            self.gain_exp(seat, amount, reason)
        if self.s.dedicated_gm:
            self.s = replace(self.s, gm_exp=self.s.gm_exp + amount)
            self.emit(ExpGained("GM", amount, reason))

    def roll2(self, seat: int) -> tuple[int, int]:
        dice = (self.dice.roll(6), self.dice.roll(6))
        self.emit(Rolled(self.pid(seat), f"{dice[0]},{dice[1]}"))
        if dice[0] == dice[1]:
            self.gain_exp(seat, 1, "doubles")  # R-LB-08 / R-LB-12
        return dice

    def expire(self, durations: tuple[str, ...]) -> None:
        for seat in range(len(self.s.players)):
            ch = self.char(seat)
            keep = tuple(g for g in ch.grants if g.effect.duration not in durations)
            for g in ch.grants:
                if g.effect.duration in durations:
                    self.emit(GrantExpired(self.pid(seat), g.name))
            self.set_char(seat, replace(ch, grants=keep))

    # -- flow ----------------------------------------------------------------------------------
    def settle(self) -> None:
        """Run everything that needs no decision, until a decision is needed or play is over."""
        while True:
            s = self.s
            if s.effects:
                if not self.auto_effect():
                    return
                continue
            if s.check is not None:
                if s.check.step == "done":
                    self.s = replace(s, check=None)
                    continue
                return
            if s.checks:
                seat, kind = s.checks[0]
                self.s = replace(s, checks=s.checks[1:])
                if kind != "recovery" and not self.char(seat).hand:
                    # R-LB-12: still a 2D6 roll (R-LB-08: doubles give experience); no action card
                    # in hand means no effect row, so nothing else happens.
                    self.emit(CheckStarted(self.pid(seat), kind))
                    self.roll2(seat)
                    self.emit(NothingHappens(self.pid(seat), kind))
                    continue
                self.s = replace(self.s, check=CheckState(seat, kind))
                self.emit(CheckStarted(self.pid(seat), kind))
                return
            if s.phase == "turn" and s.turn is not None and s.turn.step == "done":
                self.end_turn()
                continue
            if s.phase == "cleanup":
                if s.result:
                    self.end_scenario()
                else:
                    self.s = replace(s, phase="setup")
                continue
            if s.phase == "turn" and s.turn is None:
                self.s = replace(s, turn=TurnState(s.current))
                self.emit(TurnStarted(self.pid(s.current), s.round))
            return

    def begin_rounds(self) -> None:
        self.s = replace(self.s, phase="turn", turns_taken=0, round=self.s.round + 1, turn=None)

    def end_turn(self) -> None:
        s = self.s
        assert s.turn is not None and s.mission is not None
        player = s.turn.player
        self.s = replace(s, turn=None, turns_taken=s.turns_taken + 1)
        if not self.s.mission or not self.s.mission.obstacles:
            self.cleanup(cleared_by=player)
        elif self.s.turns_taken >= len(s.players):
            self.cleanup(cleared_by=None)

    def cleanup(self, cleared_by: int | None) -> None:
        """R-LB-05: advantage on a clear (turning point +2 exp, final: forced normal recovery instead),
        disadvantage otherwise; R-LB-03: a clear forfeits the round's remaining turns."""
        s = self.s
        assert s.mission is not None
        n = len(s.players)
        self.emit(RoundEnded(s.round, cleared_by is not None))
        self.expire(("round",))
        order = tuple((s.start_seat + i) % n for i in range(n))
        if cleared_by is None:
            self.s = replace(self.s, phase="cleanup", checks=tuple((i, "disadvantage") for i in order))
            return
        mission = s.mission
        self.emit(MissionCleared(self.pid(cleared_by), mission.type, n - s.turns_taken))
        self.expire(("mission",))
        self.s = replace(
            self.s,
            phase="cleanup",
            mission=None,
            log=s.log + (f"{mission.type}:cleared",),
            start_seat=(cleared_by + 1) % n,  # R-LB-04: the next mission starts after the clearer
        )
        if mission.type == "turning":
            self.gain_all(2, "turning_point")  # R-LB-02 / R-LB-05
        if mission.type == "final":
            self.s = replace(self.s, result="cleared", checks=tuple((i, "recovery") for i in order))
        else:
            self.s = replace(self.s, checks=tuple((i, "advantage") for i in order))

    def end_scenario(self) -> None:
        """R-LB-02: final mission cleared 8, otherwise 4, to every player and the GM."""
        result = self.s.result or "failed"
        self.s = replace(self.s, result=result, phase="awards", turn=None, check=None, checks=())
        self.emit(ScenarioEnded(result))
        self.gain_all(8 if result == "cleared" else 4, "final_" + result)

    # -- effects -------------------------------------------------------------------------------
    def enqueue(self, player: int, effects: Sequence[Effect], card: str = "") -> None:
        """Queue effects to resolve; ``即:X-N`` becomes N discards of one card, each chosen (R-LB-11)."""
        items = []
        for e in effects:
            if e.kind == "follow_up":
                continue
            if e.kind == "discard" and e.amount > 1:
                items += [PendingEffect(player, replace(e, amount=1), card)] * e.amount
            else:
                items.append(PendingEffect(player, e, card))
        self.s = replace(self.s, effects=self.s.effects + tuple(items))

    def pop_effect(self) -> None:
        self.s = replace(self.s, effects=self.s.effects[1:])

    def effect_target(self, pe: PendingEffect) -> int | None:
        if pe.target >= 0:
            return pe.target
        if not pe.effect.others or len(self.s.players) == 1:
            return pe.player  # R-LB-09: with one player, "others only" targets oneself
        others = [i for i in range(len(self.s.players)) if i != pe.player]
        return others[0] if len(others) == 1 else None

    def effect_choices(self, pe: PendingEffect, target: int) -> list[str] | list[int]:
        e = pe.effect
        ch = self.char(target)
        if e.kind == "discard":
            return [
                c for c in ch.hand if e.attribute == ANY or self.cards.actions[c].attribute == e.attribute
            ]
        if e.kind == "recover":
            return list(ch.discard)
        if e.kind == "obstacle_down":
            return [o.uid for o in self.s.mission.obstacles] if self.s.mission else []
        return []

    def auto_effect(self) -> bool:
        """Resolve the head effect if it needs no decision; False when a prompt must answer it."""
        pe = self.s.effects[0]
        target = self.effect_target(pe)
        if target is None:
            return False
        e = pe.effect
        if e.kind in ("discard", "recover", "obstacle_down"):
            choices = self.effect_choices(pe, target)
            if not choices:
                self.emit(NothingHappens(self.pid(target), e.notation()))  # R-LB-11: no such card
                self.pop_effect()
                return True
            if len(choices) > 1:
                self.s = replace(self.s, effects=(replace(pe, target=target),) + self.s.effects[1:])
                return False
            self.apply_choice(replace(pe, target=target), choices[0])
            return True
        self.pop_effect()
        if e.kind == "discard_self":
            if pe.card in self.char(target).hand:
                self.set_char(target, self.char(target).discard_card(pe.card))
                self.emit(ActionDiscarded(self.pid(target), self.card_name(pe.card)))
        elif e.kind == "exp":
            self.gain_exp(target, e.amount, "bonus")
        elif e.kind == "grant":
            ch = self.char(target)
            held = HeldGrant(replace(e, others=False), pe.card)
            self.set_char(target, replace(ch, grants=ch.grants + (held,)))
            self.emit(GrantGained(self.pid(target), held.name))
        return True

    def apply_choice(self, pe: PendingEffect, choice: str | int) -> None:
        self.pop_effect()
        e, target = pe.effect, pe.target
        if e.kind == "discard":
            assert isinstance(choice, str)
            self.set_char(target, self.char(target).discard_card(choice))
            self.emit(ActionDiscarded(self.pid(target), self.card_name(choice)))
        elif e.kind == "recover":
            assert isinstance(choice, str)
            self.set_char(target, self.char(target).recover_card(choice))
            self.emit(ActionRecovered(self.pid(target), self.card_name(choice)))
        elif e.kind == "obstacle_down":
            self.lower_obstacle(int(choice), e.amount)

    def lower_obstacle(self, uid: int, amount: int) -> None:
        assert self.s.mission is not None
        obstacles = []
        for o in self.s.mission.obstacles:
            if o.uid == uid:
                o = replace(o, target=max(1, o.target - amount))
                self.emit(ObstacleLowered(self.obstacle_name(o), o.target))
            obstacles.append(o)
        self.s = replace(self.s, mission=replace(self.s.mission, obstacles=tuple(obstacles)))


class LiberatorRules:
    """The rules object a :class:`meikyu.engine.Game` drives; ``cards`` defaults to the sample set."""

    id = "liberator"
    actions = ACTIONS

    def __init__(self, cards: CardSet | None = None) -> None:
        self.cards = cards if cards is not None else sample_cards()
        self._handlers: dict[type, Callable[[_Ctx, Any], None]] = {
            StartMission: self._start_mission,
            GenerateMission: self._generate_mission,
            ContinueMission: self._continue,
            AbandonMission: self._abandon,
            GiveUp: self._give_up,
            Declare: self._declare,
            Split: self._split,
            PickEffect: self._pick_effect,
            UseAbility: self._use_ability,
            UseGrant: self._use_grant,
            Resolve: self._resolve,
            PickCard: self._pick,
            PickObstacle: self._pick,
            PickPlayer: self._pick_player,
            GmGrant: self._gm_grant,
            LevelUp: self._level_up,
            SwapJob: self._swap_job,
            Awards: self._awards,
        }

    # -- engine protocol -----------------------------------------------------------------------
    def step(self, state: TableState, action: Action, dice: Dice) -> tuple[TableState, tuple[Event, ...]]:
        handler = self._handlers.get(type(action))
        if handler is None:
            raise InputError("lb.error.unknown_action", action=type(action).__name__)
        ctx = _Ctx(self, state, dice)
        handler(ctx, action)
        ctx.settle()
        return ctx.s, tuple(ctx.events)

    def state_to_data(self, state: TableState) -> Any:
        return to_data(state)

    def state_from_data(self, data: Any) -> TableState:
        result: TableState = from_data(TableState, data)
        return result

    # -- guards ----------------------------------------------------------------------------------
    @staticmethod
    def _require(ok: bool, rule: str, key: str, **params: Any) -> None:
        if not ok:
            raise RuleError(rule, key, **params)

    def _idle(self, s: TableState) -> None:
        """No effect or check waits for an answer."""
        if s.effects or s.check is not None:
            raise WaitingError("R-LB-06", "lb.error.waiting", what=self.waiting_for(s))

    def waiting_for(self, s: TableState) -> str:
        """A short code of what the table waits for (used in messages and the terminal table)."""
        if s.effects:
            pe = s.effects[0]
            return (
                "pick_player"
                if pe.target < 0
                else ("pick_obstacle" if pe.effect.kind == "obstacle_down" else "pick_card")
            )
        if s.check is not None:
            return f"{s.check.kind}_{s.check.step}"
        if s.phase == "turn" and s.turn is not None:
            return s.turn.step
        if s.phase == "setup":
            return "mission" if s.mission is None else "continue"
        return s.phase

    def waiting_label(self, s: TableState, lang: str) -> str:
        """What the table waits for, as a phrase in ``lang`` (``waiting_for``'s code translated).

        >>> rules = LiberatorRules()
        >>> rules.waiting_label(new_table([("ann", "warrior", ["mount"])], rules.cards), "en")
        "the GM's next mission"
        """
        return wait_phrase(self.waiting_for(s), lang)

    # -- setup (R-LB-04) -----------------------------------------------------------------------
    def _setup_guard(self, c: _Ctx, need_mission: bool | None) -> None:
        self._idle(c.s)
        self._require(c.s.phase == "setup", "R-LB-04", "lb.error.not_setup")
        if need_mission is True:
            self._require(c.s.mission is not None, "R-LB-04", "lb.error.no_mission")
        elif need_mission is False:
            self._require(c.s.mission is None, "R-LB-04", "lb.error.mission_in_play")

    def _start_mission(self, c: _Ctx, a: StartMission) -> None:
        self._setup_guard(c, False)
        if not a.mission.obstacles:
            raise InputError("lb.error.empty_mission")
        if a.mission.type not in MISSION_TYPES:
            raise InputError("lb.error.mission_type", type=a.mission.type, types=", ".join(MISSION_TYPES))
        self._require(
            a.mission.type != "final" or not any(e.startswith("final:") for e in c.s.log),
            "R-LB-04",
            "lb.error.final_once",
        )
        uid = c.s.next_uid
        obstacles = tuple(replace(o, uid=uid + i) for i, o in enumerate(a.mission.obstacles))
        mission = replace(a.mission, obstacles=obstacles)
        c.s = replace(c.s, mission=mission, next_uid=uid + len(obstacles))
        c.emit(MissionStarted(mission.type, ", ".join(c.obstacle_name(o) for o in obstacles)))
        c.begin_rounds()

    def _generate_mission(self, c: _Ctx, a: GenerateMission) -> None:
        self._setup_guard(c, False)
        levels = [p.character.level for p in c.s.players]
        reach = None
        if c.s.options.party_missions:
            owned = {card for p in c.s.players for card in p.character.actions}
            reach = party_reach(
                self.cards.actions[card] for card in sorted(owned) if card in self.cards.actions
            )
        mission = generate_mission(a.type, levels, len(levels), a.seed, self.cards, c.s.next_uid, reach)
        self._start_mission(c, StartMission(mission))

    def _continue(self, c: _Ctx, a: ContinueMission) -> None:
        self._setup_guard(c, True)
        c.emit(MissionContinued())
        c.begin_rounds()

    def _abandon(self, c: _Ctx, a: AbandonMission) -> None:
        self._setup_guard(c, True)
        assert c.s.mission is not None
        # The final mission comes once per scenario (scenario-craft fact): dropping it would leave a
        # scenario that can never end, so only continuing or giving up remain (R-LB-04).
        self._require(c.s.mission.type != "final", "R-LB-04", "lb.error.final_abandon")
        c.s = replace(c.s, mission=None, log=c.s.log + (f"{c.s.mission.type}:abandoned",))
        c.expire(("mission",))
        c.emit(MissionAbandoned())

    def _give_up(self, c: _Ctx, a: GiveUp) -> None:
        self._setup_guard(c, None)
        c.s = replace(c.s, result="failed", log=c.s.log + ("scenario:abandoned",))
        c.end_scenario()

    # -- the turn (R-LB-06 … R-LB-11) ----------------------------------------------------------
    def _declare(self, c: _Ctx, a: Declare) -> None:
        s = c.s
        if s.check is not None and not s.effects:
            self._declare_check(c, a)
            return
        self._idle(s)
        self._require(
            s.phase == "turn" and s.turn is not None and s.turn.step == "declare",
            "R-LB-06",
            "lb.error.not_declare",
        )
        assert s.turn is not None
        seat = s.turn.player
        hand = c.char(seat).hand
        if not hand:
            self._require(a.card == DYING, "R-LB-07", "lb.error.must_revive")
        elif a.card == DYING:
            raise RuleError("R-LB-07", "lb.error.revive_with_cards")
        elif a.card != NORMAL:
            self._require(a.card in hand, "R-LB-07", "lb.error.not_in_hand", card=a.card)
            self._require(
                self.cards.actions[a.card].recovery <= MAX_RECOVERY,
                "R-LB-07",
                "lb.error.too_high",
                card=a.card,
            )
        c.emit(Declared(c.pid(seat), c.card_name(a.card)))
        d1, d2 = c.roll2(seat)
        turn = replace(s.turn, card=a.card, dice=(d1, d2))
        opts = s.options
        if a.card == DYING or (a.card == NORMAL and opts.normal_recovery == "sum"):
            mode = opts.dying_revival if a.card == DYING else opts.normal_recovery
            value = d1 + d2 if mode == "sum" else max(d1, d2)
            turn = replace(turn, step="after_roll", power_die=value)
            c.emit(RecoverySet(c.pid(seat), value))
        elif d1 == d2:
            turn = replace(turn, step="split", attribute=self._attr(a.card))
            c.s = replace(c.s, turn=turn)
            self._set_split(c, d1)
            return
        else:
            turn = replace(turn, step="split", attribute=self._attr(a.card))
        c.s = replace(c.s, turn=turn)

    def _attr(self, card: str) -> str:
        return self.cards.actions[card].attribute if card in self.cards.actions else ""

    def _set_split(self, c: _Ctx, power: int) -> None:
        turn = c.s.turn
        assert turn is not None
        d1, d2 = turn.dice
        effect = d2 if power == d1 else d1
        turn = replace(turn, step="after_roll", power_die=power, effect_die=effect)
        c.s = replace(c.s, turn=turn)
        if turn.card == NORMAL:
            c.emit(RecoverySet(c.pid(turn.player), power))
        else:
            card = self.cards.actions[turn.card]
            c.emit(
                PowerSet(
                    c.pid(turn.player), turn.attribute, card.power_on(power), effect, card.follow_up(effect)
                )
            )

    def _split(self, c: _Ctx, a: Split) -> None:
        s = c.s
        if s.check is not None and not s.effects:
            chk = s.check
            self._require(chk.step == "split", "R-LB-12", "lb.error.not_split")
            self._require(
                a.power in chk.dice,
                "R-LB-08",
                "lb.error.not_a_die",
                value=a.power,
                dice=",".join(map(str, chk.dice)),
            )
            c.s = replace(s, check=replace(chk, step="after_roll", power_die=a.power))
            c.emit(RecoverySet(c.pid(chk.player), a.power))
            return
        self._idle(s)
        self._require(s.turn is not None and s.turn.step == "split", "R-LB-08", "lb.error.not_split")
        assert s.turn is not None
        self._require(
            a.power in s.turn.dice,
            "R-LB-08",
            "lb.error.not_a_die",
            value=a.power,
            dice=",".join(map(str, s.turn.dice)),
        )
        self._set_split(c, a.power)

    def turn_value(self, s: TableState) -> int:
        """The turn's power (action) or recovery (normal recovery, dying revival), bonuses included."""
        t = s.turn
        assert t is not None
        if t.card in (NORMAL, DYING):
            return t.power_die + t.bonus
        keyed = sum(amount for attribute, amount in t.by_attribute if attribute == t.attribute)  # R-LB-14
        return self.cards.actions[t.card].power_on(t.power_die) + t.bonus + keyed

    def pools(self, s: TableState) -> list[tuple[str, int]]:
        """The turn's powers: (attribute, value), plus the follow-up's (R-LB-14)."""
        t = s.turn
        assert t is not None and t.card not in (NORMAL, DYING)
        value = self.turn_value(s)
        pools = [(t.attribute, value)]
        follow = self.cards.actions[t.card].follow_up(t.effect_die)
        if follow:
            pools.append((follow, value))
        return pools

    def _roll_view(self, c: _Ctx) -> tuple[TurnState, str]:
        """The roll that abilities and grants act on: the turn's (``turn``), the forced normal
        recovery's after its roll (``recovery``, R-LB-05), or an advantage / disadvantage waiting
        for its effect die (``check``, R-LB-12: no power, no recovery)."""
        s = c.s
        chk = s.check
        if chk is not None and not s.effects:
            if chk.kind == "recovery" and chk.step == "after_roll":
                view = TurnState(chk.player, "after_roll", NORMAL, "", chk.dice, chk.power_die, 0, chk.bonus)
                return replace(view, used=chk.used), "recovery"
            if chk.kind != "recovery" and chk.step == "pick":
                return TurnState(chk.player, "after_roll", "", "", chk.dice, used=chk.used), "check"
        return self._after_roll_guard(c), "turn"

    @staticmethod
    def _store_view(c: _Ctx, t: TurnState, mode: str) -> None:
        if mode == "turn":
            c.s = replace(c.s, turn=t)
        else:
            assert c.s.check is not None
            c.s = replace(c.s, check=replace(c.s.check, bonus=t.bonus, used=t.used))

    def _after_roll_guard(self, c: _Ctx) -> TurnState:
        self._idle(c.s)
        t = c.s.turn
        self._require(
            c.s.phase == "turn" and t is not None and t.step == "after_roll",
            "R-LB-09",
            "lb.error.not_after_roll",
        )
        assert t is not None
        return t

    def _use_ability(self, c: _Ctx, a: UseAbility) -> None:
        t, mode = self._roll_view(c)
        n = len(c.s.players)
        self._require(0 <= a.player < n, "R-LB-09", "lb.error.no_seat", seat=a.player)
        ch = c.char(a.player)
        ability = self.cards.ability(a.ability)
        is_job = ability is not None and ability.id == self.cards.jobs[ch.job].effect.id
        self._require(
            ability is not None and (is_job or a.ability in ch.feats),
            "R-LB-09",
            "lb.error.no_ability",
            ability=a.ability,
        )
        assert ability is not None
        self._require(
            not ch.ability_used(ability.id, self.cards),
            ONCE_RULE,
            "lb.error.ability_used",
            ability=ability.name,
        )
        self._require(ability.name not in t.used, "R-LB-09", "lb.error.same_name", name=ability.name)
        e = ability.effect
        recovery_turn = t.card in (NORMAL, DYING)
        if mode == "check":
            # R-LB-12: an advantage / disadvantage has no power and no recovery to raise.
            self._require(e.kind in CHECK_KINDS, "R-LB-12", "lb.error.no_power_in_check", name=ability.name)
        if e.others and e.kind in ("power", "recovery"):
            # R-LB-09: valid only on others — but a lone player may aim it at themselves.
            self._require(
                a.player != t.player or n == 1, "R-LB-09", "lb.error.others_only", ability=ability.name
            )
        elif not e.others:
            self._require(a.player == t.player, "R-LB-09", "lb.error.not_your_turn", ability=ability.name)
        if e.kind == "power":
            self._require(not recovery_turn, "R-LB-09", "lb.error.needs_action", ability=ability.name)
            self._require(
                e.attribute in (ANY, t.attribute),
                "R-LB-14",
                "lb.error.wrong_attribute",
                name=ability.name,
                attribute=t.attribute,
            )
        if e.kind == "recovery":
            self._require(recovery_turn, "R-LB-09", "lb.error.needs_recovery", ability=ability.name)
        if e.kind == "change_attribute":
            self._require(not recovery_turn, "R-LB-09", "lb.error.needs_action", ability=ability.name)
        if e.kind in ("change_obstacle", "obstacle_down"):
            uids = [o.uid for o in c.s.mission.obstacles] if c.s.mission else []
            self._require(a.obstacle in uids, "R-LB-09", "lb.error.no_obstacle", uid=a.obstacle)
        self._pay(c, a.player, ability.cost, a.pay, t)  # R-LB-11
        ch = c.char(a.player)
        ch = (
            replace(ch, job_effect_used=True)
            if is_job
            else replace(ch, used_feats=ch.used_feats + (ability.id,))
        )
        c.set_char(a.player, ch)
        c.emit(AbilityUsed(c.pid(a.player), ability.name, e.notation()))
        t = replace(t, used=t.used + (ability.name,))
        if e.kind == "power" and e.attribute != ANY:
            t = replace(t, by_attribute=t.by_attribute + ((e.attribute, e.amount),))
        elif e.kind in ("power", "recovery"):
            t = replace(t, bonus=t.bonus + e.amount)
        elif e.kind == "change_attribute":
            t = replace(t, attribute=e.attribute)
            c.emit(AttributeChanged(c.card_name(t.card), e.attribute))
        self._store_view(c, t, mode)
        if e.kind == "change_obstacle":
            assert c.s.mission is not None
            obstacles = tuple(
                replace(o, attribute=e.attribute) if o.uid == a.obstacle else o for o in c.s.mission.obstacles
            )
            c.s = replace(c.s, mission=replace(c.s.mission, obstacles=obstacles))
            c.emit(AttributeChanged(str(a.obstacle), e.attribute))
        elif e.kind == "obstacle_down":
            c.lower_obstacle(a.obstacle, e.amount)
        elif e.kind in ("recover", "grant"):
            c.enqueue(a.player, (e,), ability.id)

    def _pay(self, c: _Ctx, seat: int, cost: str, pay: str, t: TurnState) -> None:
        if not cost:
            return
        everything = [x for x in c.char(seat).hand if cost == ANY or self.cards.actions[x].attribute == cost]
        self._require(bool(everything), "R-LB-11", "lb.error.cannot_pay", cost=cost)
        in_use = t.card if seat == t.player and not c.s.options.pay_with_declared else ""
        fitting = [x for x in everything if x != in_use]
        self._require(bool(fitting), COST_RULING, "lb.error.cannot_pay_in_use", cost=cost, card=c.card_name(in_use))
        if not pay and len(fitting) == 1:
            pay = fitting[0]
        self._require(
            pay in fitting, "R-LB-11", "lb.error.bad_payment", card=pay or "-", cards=", ".join(fitting)
        )
        c.set_char(seat, c.char(seat).discard_card(pay))
        c.emit(CostPaid(c.pid(seat), c.card_name(pay)))

    def _use_grant(self, c: _Ctx, a: UseGrant) -> None:
        t, mode = self._roll_view(c)
        ch = c.char(t.player)
        held = next((g for g in ch.grants if g.name == a.name), None)
        self._require(held is not None, "R-LB-09", "lb.error.no_grant", name=a.name)
        assert held is not None
        self._require(a.name not in t.used, "R-LB-09", "lb.error.same_name", name=a.name)
        e = held.effect
        recovery_turn = t.card in (NORMAL, DYING)
        # R-LB-12: every grant raises a power or a recovery, and an advantage has neither.
        self._require(mode != "check", "R-LB-12", "lb.error.no_power_in_check", name=a.name)
        if e.stat == "recovery":
            self._require(recovery_turn, "R-LB-09", "lb.error.needs_recovery", ability=a.name)
        else:
            self._require(not recovery_turn, "R-LB-09", "lb.error.needs_action", ability=a.name)
            # R-LB-14: the action's current attribute decides; a follow-up's attribute never does.
            self._require(
                e.attribute in (ANY, t.attribute),
                "R-LB-14",
                "lb.error.wrong_attribute",
                name=a.name,
                attribute=t.attribute,
            )
        grants = list(ch.grants)
        grants.remove(held)
        c.set_char(t.player, replace(ch, grants=tuple(grants)))
        if e.stat != "recovery" and e.attribute != ANY:  # counts while the action keeps it (R-LB-14)
            t = replace(t, by_attribute=t.by_attribute + ((e.attribute, e.amount),))
        else:
            t = replace(t, bonus=t.bonus + e.amount)
        self._store_view(c, replace(t, used=t.used + (a.name,)), mode)
        c.emit(GrantUsed(c.pid(t.player), a.name))

    def _check_recovery_choice(
        self, c: _Ctx, seat: int, recover: tuple[str, ...], value: int, dying: bool
    ) -> None:
        ch = c.char(seat)
        self._require(len(set(recover)) == len(recover), "R-LB-09", "lb.error.twice")
        for card in recover:
            self._require(card in ch.discard, "R-LB-09", "lb.error.not_in_discard", card=card)
        total = sum(self.cards.actions[x].recovery for x in recover)
        fitting = [x for x in ch.discard if self.cards.actions[x].recovery <= value]
        if dying and c.s.options.dying_min_one and not fitting and ch.discard and len(recover) == 1:
            cheapest = min(self.cards.actions[x].recovery for x in ch.discard)
            self._require(
                self.cards.actions[recover[0]].recovery == cheapest, "R-LB-07", "lb.error.revive_cheapest"
            )
            return
        self._require(total <= value, "R-LB-09", "lb.error.over_power", total=total, value=value)
        must = bool(fitting) or (dying and c.s.options.dying_min_one and bool(ch.discard))
        self._require(bool(recover) or not must, "R-LB-09", "lb.error.choose_one")

    def _resolve(self, c: _Ctx, a: Resolve) -> None:
        if c.s.check is not None and not c.s.effects:
            self._resolve_check(c, a)
            return
        t = self._after_roll_guard(c)
        s = c.s
        assert s.mission is not None
        seat = t.player
        if t.card in (NORMAL, DYING):
            self._require(not a.obstacles, "R-LB-09", "lb.error.recovery_only")
            self._check_recovery_choice(c, seat, a.recover, self.turn_value(s), t.card == DYING)
        else:
            self._require(not a.recover, "R-LB-09", "lb.error.action_only")
            self._require(len(set(a.obstacles)) == len(a.obstacles), "R-LB-09", "lb.error.twice")
            by_uid = {o.uid: o for o in s.mission.obstacles}
            for uid in a.obstacles:
                self._require(uid in by_uid, "R-LB-09", "lb.error.no_obstacle", uid=uid)
            pools = self.pools(s)
            chosen = [(by_uid[u].attribute, by_uid[u].target) for u in a.obstacles]
            self._require(
                fits(chosen, pools),
                "R-LB-09",
                "lb.error.over_power",
                total=sum(x for _, x in chosen),
                value=" + ".join(f"{p}{v}" for p, v in pools),
            )
            any_fits = any(fits([(o.attribute, o.target)], pools) for o in s.mission.obstacles)
            self._require(bool(a.obstacles) or not any_fits, "R-LB-09", "lb.error.choose_one")
        # R-LB-10: apply the result.
        for uid in a.obstacles:
            o = next(x for x in c.s.mission.obstacles if x.uid == uid)  # type: ignore[union-attr]
            c.emit(ObstacleRemoved(c.pid(seat), c.obstacle_name(o), o.target))
            if o.enhancement:
                c.enqueue(seat, self.cards.enhancements[o.enhancement].bonus, o.enhancement)
        if a.obstacles:
            c.s = replace(c.s, mission=c.s.mission.without(a.obstacles))  # type: ignore[union-attr]
            c.set_seat(seat, removed=c.s.players[seat].removed + len(a.obstacles))
        for card in a.recover:
            c.set_char(seat, c.char(seat).recover_card(card))
            c.emit(ActionRecovered(c.pid(seat), c.card_name(card)))
        # R-LB-11: then the special effects of the effect die's face.
        if t.card not in (NORMAL, DYING):
            c.enqueue(seat, self.cards.actions[t.card].effects_on(t.effect_die), t.card)
        c.s = replace(c.s, turn=replace(t, step="done"))

    # -- advantage, disadvantage, forced recovery (R-LB-12, R-LB-05) -----------------------------
    def _declare_check(self, c: _Ctx, a: Declare) -> None:
        chk = c.s.check
        assert chk is not None
        self._require(chk.step == "declare", "R-LB-12", "lb.error.not_declare")
        ch = c.char(chk.player)
        if chk.kind == "recovery":
            self._require(a.card == NORMAL, "R-LB-05", "lb.error.forced_recovery")
        else:
            self._require(a.card in ch.hand, "R-LB-12", "lb.error.not_in_hand", card=a.card)
        c.emit(Declared(c.pid(chk.player), c.card_name(a.card)))
        d1, d2 = c.roll2(chk.player)
        chk = replace(chk, card=a.card, dice=(d1, d2))
        if chk.kind == "recovery":
            if c.s.options.normal_recovery == "sum" or d1 == d2:
                value = d1 + d2 if c.s.options.normal_recovery == "sum" else d1
                chk = replace(chk, step="after_roll", power_die=value)
                c.emit(RecoverySet(c.pid(chk.player), value))
            else:
                chk = replace(chk, step="split")
            c.s = replace(c.s, check=chk)
            return
        c.s = replace(c.s, check=replace(chk, step="pick"))
        if d1 == d2:
            self._apply_check_effect(c, d1)

    def _pick_effect(self, c: _Ctx, a: PickEffect) -> None:
        chk = c.s.check
        self._require(
            chk is not None and not c.s.effects and chk.step == "pick", "R-LB-12", "lb.error.not_pick"
        )
        assert chk is not None
        self._require(
            a.die in chk.dice, "R-LB-12", "lb.error.not_a_die", value=a.die, dice=",".join(map(str, chk.dice))
        )
        self._apply_check_effect(c, a.die)

    def _apply_check_effect(self, c: _Ctx, die: int) -> None:
        chk = c.s.check
        assert chk is not None
        c.enqueue(chk.player, self.cards.actions[chk.card].effects_on(die), chk.card)  # effect only, no power
        c.s = replace(c.s, check=replace(chk, step="done"))

    def _resolve_check(self, c: _Ctx, a: Resolve) -> None:
        chk = c.s.check
        assert chk is not None
        self._require(
            chk.kind == "recovery" and chk.step == "after_roll", "R-LB-05", "lb.error.not_after_roll"
        )
        self._require(not a.obstacles, "R-LB-09", "lb.error.recovery_only")
        self._check_recovery_choice(c, chk.player, a.recover, chk.power_die + chk.bonus, False)
        for card in a.recover:
            c.set_char(chk.player, c.char(chk.player).recover_card(card))
            c.emit(ActionRecovered(c.pid(chk.player), c.card_name(card)))
        c.s = replace(c.s, check=replace(chk, step="done"))

    # -- prompts -------------------------------------------------------------------------------
    def _pick(self, c: _Ctx, a: PickCard | PickObstacle) -> None:
        self._require(bool(c.s.effects) and c.s.effects[0].target >= 0, "R-LB-11", "lb.error.no_prompt")
        pe = c.s.effects[0]
        choice: str | int = a.card if isinstance(a, PickCard) else a.uid
        wanted = PickObstacle if pe.effect.kind == "obstacle_down" else PickCard
        self._require(isinstance(a, wanted), "R-LB-11", "lb.error.no_prompt")
        options = c.effect_choices(pe, pe.target)
        self._require(
            choice in options,
            "R-LB-11",
            "lb.error.bad_choice",
            choice=choice,
            options=", ".join(map(str, options)),
        )
        c.apply_choice(pe, choice)

    def _pick_player(self, c: _Ctx, a: PickPlayer) -> None:
        self._require(bool(c.s.effects) and c.s.effects[0].target < 0, "R-LB-09", "lb.error.no_prompt")
        pe = c.s.effects[0]
        self._require(
            0 <= a.seat < len(c.s.players) and a.seat != pe.player,
            "R-LB-09",
            "lb.error.others_only",
            ability=pe.effect.notation(),
        )
        c.s = replace(c.s, effects=(replace(pe, target=a.seat),) + c.s.effects[1:])

    # -- GM, experience, awards ----------------------------------------------------------------
    def _gm_grant(self, c: _Ctx, a: GmGrant) -> None:
        s = c.s
        self._require(0 <= a.seat < len(s.players), "R-LB-12", "lb.error.no_seat", seat=a.seat)
        if a.kind == "warning":
            c.set_seat(a.seat, warned=True)
            c.emit(GmWarned(c.pid(a.seat)))
            return
        self._require(a.kind in ("advantage", "disadvantage"), "R-LB-12", "lb.error.gm_kind", kind=a.kind)
        self._idle(s)
        self._require(
            s.phase == "turn" and s.turn is not None and not s.checks, "R-LB-12", "lb.error.gm_in_turn"
        )
        assert s.turn is not None
        if a.kind == "advantage":
            self._require(a.seat == s.turn.player, "R-LB-12", "lb.error.advantage_turn_player")
        else:
            self._require(
                s.players[a.seat].warned, "R-LB-12", "lb.error.warn_first", player=s.players[a.seat].id
            )
        if a.kind == "disadvantage":
            c.set_seat(a.seat, warned=False)  # R-LB-12: each disadvantage needs a warning before it
        c.s = replace(c.s, checks=((a.seat, a.kind),))

    def _level_up(self, c: _Ctx, a: LevelUp) -> None:
        self._require(0 <= a.seat < len(c.s.players), "R-LB-13", "lb.error.no_seat", seat=a.seat)
        p = c.s.players[a.seat]
        self._require(p.exp >= LEVEL_COST, "R-LB-13", "lb.error.not_enough_exp", need=LEVEL_COST, have=p.exp)
        ch = level_up(self.cards, p.character, a.card)
        c.set_seat(a.seat, character=ch, exp=p.exp - LEVEL_COST)
        c.emit(LeveledUp(p.id, ch.level, a.card))

    def _swap_job(self, c: _Ctx, a: SwapJob) -> None:
        self._require(0 <= a.seat < len(c.s.players), "R-LB-13", "lb.error.no_seat", seat=a.seat)
        p = c.s.players[a.seat]
        self._require(p.exp >= SWAP_COST, "R-LB-13", "lb.error.not_enough_exp", need=SWAP_COST, have=p.exp)
        c.set_seat(a.seat, character=swap_job(self.cards, p.character, a.job), exp=p.exp - SWAP_COST)
        c.emit(JobSwapped(p.id, self.cards.jobs[a.job].name))

    def _awards(self, c: _Ctx, a: Awards) -> None:
        """R-LB-02: top vote getter 2, or 1 each on a tie; support among the others; the GM's share."""
        s = c.s
        self._require(s.phase == "awards", "R-LB-02", "lb.error.not_awards")
        n = len(s.players)
        voters = n + (1 if s.dedicated_gm else 0)
        for votes in (a.lead, a.support):
            self._require(len(votes) <= voters, "R-LB-02", "lb.error.too_many_votes", voters=voters)
            for v in votes:
                self._require(0 <= v < n, "R-LB-02", "lb.error.no_seat", seat=v)
        lead = self._winners(a.lead)
        self._require(not set(a.support) & set(lead), "R-LB-02", "lb.error.support_lead")
        for award, winners in (("lead", lead), ("support", self._winners(a.support))):
            for w in winners:
                amount = 2 if len(winners) == 1 else 1
                c.gain_exp(w, amount, award)
                c.emit(AwardGiven(c.pid(w), award, amount))
        if s.dedicated_gm:
            c.s = replace(c.s, gm_exp=c.s.gm_exp + n)
            c.emit(ExpGained("GM", n, "gm_share"))
        c.s = replace(c.s, phase="over")

    @staticmethod
    def _winners(votes: Sequence[int]) -> list[int]:
        if not votes:
            return []
        counts = {v: votes.count(v) for v in votes}
        top = max(counts.values())
        return sorted(v for v, k in counts.items() if k == top)

    # -- legal actions -------------------------------------------------------------------------
    def legal_actions(self, state: TableState) -> Sequence[Action]:
        """What may happen next, the recommended answer first (so FirstLegalPolicy plays sensibly)."""
        s = state
        out: list[Action] = self._prompt_actions(s)
        if out or s.effects or s.check is not None:
            return out + self._exp_actions(s)
        if s.phase == "setup":
            if s.mission is None:
                kinds = [s.planned] + [k for k in MISSION_TYPES if k != s.planned]
                out = [GenerateMission(k, s.seed + len(s.log)) for k in kinds] + [GiveUp()]
            elif s.mission.type == "final":
                out = [ContinueMission(), GiveUp()]  # R-LB-04: the final cannot be swapped
            else:
                out = [ContinueMission(), AbandonMission(), GiveUp()]
        elif s.phase == "turn" and s.turn is not None:
            out = self._turn_actions(s)
        elif s.phase == "awards":
            out = [Awards()]
        elif s.phase == "over":
            return []
        return out + self._exp_actions(s)

    def _prompt_actions(self, s: TableState) -> list[Action]:
        if s.effects:
            pe = s.effects[0]
            if pe.target < 0:
                return [PickPlayer(i) for i in range(len(s.players)) if i != pe.player]
            ctx = _Ctx(self, s, _NoDice())
            if pe.effect.kind == "obstacle_down":
                return [PickObstacle(int(u)) for u in ctx.effect_choices(pe, pe.target)]
            return [PickCard(str(x)) for x in ctx.effect_choices(pe, pe.target)]
        chk = s.check
        if chk is None:
            return []
        if chk.step == "declare":
            if chk.kind == "recovery":
                return [Declare(NORMAL)]
            declares: list[Action] = [Declare(x) for x in s.players[chk.player].character.hand]
            return declares
        if chk.step == "split":
            return [Split(v) for v in sorted(set(chk.dice), reverse=True)]
        if chk.step == "pick":
            worse_first = chk.kind == "disadvantage" and s.options.disadvantage_chooser == "gm"
            picks: list[Action] = [PickEffect(v) for v in sorted(set(chk.dice), reverse=not worse_first)]
            return picks + self._ability_options(s)
        if chk.step == "after_roll":
            view = TurnState(chk.player, "after_roll", NORMAL, power_die=chk.power_die, used=chk.used)
            out = self._recovery_options(s, chk.player, chk.power_die + chk.bonus, False)
            return out + self._ability_options(s) + self._grant_options(s, view, out)
        return []

    def _turn_actions(self, s: TableState) -> list[Action]:
        t = s.turn
        assert t is not None
        ch = s.players[t.player].character
        if t.step == "declare":
            if not ch.hand:
                return [Declare(DYING)]
            wanted = {o.attribute for o in s.mission.obstacles} if s.mission else set()
            hand = sorted(ch.hand, key=lambda x: self.cards.actions[x].attribute not in wanted)
            declares: list[Action] = [
                Declare(x) for x in hand if self.cards.actions[x].recovery <= MAX_RECOVERY
            ]
            return declares + [Declare(NORMAL)]
        if t.step == "split":
            return [Split(v) for v in sorted(set(t.dice), reverse=True)]
        if t.step != "after_roll":
            return []
        if t.card in (NORMAL, DYING):
            out = self._recovery_options(s, t.player, self.turn_value(s), t.card == DYING)
        else:
            out = self._obstacle_options(s)
        out += self._ability_options(s)
        return out + self._grant_options(s, t, out)

    def resolve_options(self, s: TableState) -> list[Action]:
        """The ``Resolve`` answers open to the roll in play, largest removal or recovery first."""
        chk = s.check
        if chk is not None:
            if chk.kind == "recovery" and chk.step == "after_roll" and not s.effects:
                return self._recovery_options(s, chk.player, chk.power_die + chk.bonus, False)
            return []
        t = s.turn
        if s.effects or t is None or t.step != "after_roll":
            return []
        if t.card in (NORMAL, DYING):
            return self._recovery_options(s, t.player, self.turn_value(s), t.card == DYING)
        return self._obstacle_options(s)

    def _grant_options(self, s: TableState, t: TurnState, taken: Sequence[Action]) -> list[Action]:
        """The grants the roll's player may spend now (one option per name, R-LB-09 / R-LB-14)."""
        recovery_turn = t.card in (NORMAL, DYING)
        out: list[Action] = []
        for g in s.players[t.player].character.grants:
            e = g.effect
            usable = (e.stat == "recovery") == recovery_turn and (
                recovery_turn or e.attribute in (ANY, t.attribute)
            )
            option = UseGrant(g.name)
            if usable and g.name not in t.used and option not in out and option not in taken:
                out.append(option)
        return out

    def _ability_options(self, s: TableState) -> list[Action]:
        """Every job effect or feat use that would be accepted now (one per payment / obstacle)."""
        out: list[Action] = []
        for seat, p in enumerate(s.players):
            ch = p.character
            for ident in (self.cards.jobs[ch.job].effect.id, *ch.feats):
                ability = self.cards.ability(ident)
                if ability is None:
                    continue
                targets = [o.uid for o in s.mission.obstacles] if s.mission else []
                aims = targets if ability.effect.kind in ("change_obstacle", "obstacle_down") else [0]
                pays = [""]
                if ability.cost:
                    pays = [
                        x
                        for x in ch.hand
                        if ability.cost == ANY or self.cards.actions[x].attribute == ability.cost
                    ]
                for pay in pays:
                    for aim in aims:
                        action = UseAbility(seat, ident, pay, aim)
                        try:
                            self.step(s, action, _NoDice())
                        except (RuleError, InputError, RuntimeError):
                            continue
                        out.append(action)
        return out

    def _obstacle_options(self, s: TableState) -> list[Action]:
        assert s.mission is not None
        pools = self.pools(s)
        attrs = {p for p, _ in pools}
        top = max(v for _, v in pools)
        candidates = [o for o in s.mission.obstacles if o.attribute in attrs and o.target <= top]
        found: list[tuple[int, tuple[int, ...]]] = []
        for k in range(len(candidates), 0, -1):
            for combo in combinations(candidates, k):
                if fits([(o.attribute, o.target) for o in combo], pools):
                    found.append((sum(o.target for o in combo), tuple(o.uid for o in combo)))
        found.sort(key=lambda f: (-f[0], -len(f[1])))
        return [Resolve(uids) for _, uids in found] or [Resolve()]

    def _recovery_options(self, s: TableState, seat: int, value: int, dying: bool) -> list[Action]:
        discard = s.players[seat].character.discard
        cost = {x: self.cards.actions[x].recovery for x in discard}
        found = [
            combo
            for k in range(len(discard), 0, -1)
            for combo in combinations(discard, k)
            if sum(cost[x] for x in combo) <= value
        ]
        found.sort(key=lambda combo: (-sum(cost[x] for x in combo), -len(combo)))
        if not found and dying and s.options.dying_min_one and discard:
            cheapest = min(cost.values())
            found = [(x,) for x in discard if cost[x] == cheapest]
        return [Resolve(recover=combo) for combo in found] or [Resolve()]

    def _exp_actions(self, s: TableState) -> list[Action]:
        out: list[Action] = []
        for i, p in enumerate(s.players):
            if p.exp >= SWAP_COST:
                out += [SwapJob(i, j) for j in self.cards.jobs if j != p.character.job]
            if p.exp >= LEVEL_COST:
                owned = set(p.character.actions) | set(p.character.feats)
                out += [
                    LevelUp(i, x) for x in list(self.cards.actions) + list(self.cards.feats) if x not in owned
                ]
        return out


class _NoDice:
    def roll(self, sides: int) -> int:  # pragma: no cover - listing options never rolls
        raise RuntimeError("legal_actions must not roll")
