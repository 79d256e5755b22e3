"""One step in the making: the state so far, the events emitted, and the queue of special effects.

Every handler of an action (:mod:`~meikyu.systems.liberator.machine`) works on a :class:`Ctx`:
it reads and replaces ``c.s`` (the :class:`~meikyu.systems.liberator.state.TableState`), draws dice
only through ``c.dice`` and emits events. Special effects (R-LB-11) wait in ``c.s.effects``; those
that need no decision resolve at once (:meth:`Ctx.auto_effect`), the others wait for a prompt's
answer (:meth:`Ctx.apply_choice`).

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.liberator.cards import sample_cards
>>> from meikyu.systems.liberator.effects import parse_effects
>>> from meikyu.systems.liberator.rules import new_table
>>> cards = sample_cards()
>>> c = Ctx(cards, new_table([("ann", "warrior", ["mount"])], cards), ScriptedDice([4, 4]))
>>> c.roll2(0), c.s.players[0].exp           # doubles: +1 experience (R-LB-08)
((4, 4), 1)
>>> c.enqueue(0, parse_effects("即:*-2")); len(c.s.effects)
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Event
from meikyu.systems.liberator.cards import CardSet
from meikyu.systems.liberator.character import Character, HeldGrant
from meikyu.systems.liberator.effects import ANY, Effect
from meikyu.systems.liberator.events import (
    ActionDiscarded,
    ActionRecovered,
    ExpGained,
    GrantExpired,
    GrantGained,
    NothingHappens,
    ObstacleLowered,
    Rolled,
)
from meikyu.systems.liberator.mission import Obstacle
from meikyu.systems.liberator.state import DYING, NORMAL, PendingEffect, TableState


class Ctx:
    """One step in the making: the state so far and the events emitted."""

    def __init__(self, cards: CardSet, state: TableState, dice: Dice) -> None:
        self.cards = cards
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

    def add_exp(self, seat: int, amount: int) -> None:
        """Experience onto a seat's sheet, unannounced (the caller's own event says why)."""
        p = self.s.players[seat]
        self.set_seat(seat, exp=p.exp + amount, earned=p.earned + amount)

    def gain_exp(self, seat: int, amount: int, reason: str) -> None:
        self.add_exp(seat, amount)
        self.emit(ExpGained(self.s.players[seat].id, amount, reason))

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
            self.gain_exp(target, e.amount, self.exp_reason(pe.card))
        elif e.kind == "grant":
            ch = self.char(target)
            held = HeldGrant(replace(e, others=False), pe.card)
            self.set_char(target, replace(ch, grants=ch.grants + (held,)))
            self.emit(GrantGained(self.pid(target), held.name))
        return True

    def exp_reason(self, card: str) -> str:
        """Why a queued 即:経験 gives experience, by where it came from (the GM's ruling queues no card).

        >>> from meikyu.dice import ScriptedDice
        >>> from meikyu.systems.liberator.cards import sample_cards
        >>> from meikyu.systems.liberator.rules import new_table
        >>> c = Ctx(sample_cards(), new_table([("ann", "warrior", ["mount"])], sample_cards()), ScriptedDice([]))
        >>> [c.exp_reason(card) for card in ("", next(iter(c.cards.enhancements)), next(iter(c.cards.actions)), "x")]
        ['gm_ruling', 'bonus', 'action_effect', 'ability']
        """
        if not card:
            return "gm_ruling"
        if card in self.cards.enhancements:
            return "bonus"
        return "action_effect" if card in self.cards.actions else "ability"

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
