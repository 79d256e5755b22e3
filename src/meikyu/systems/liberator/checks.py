"""Advantage, disadvantage and the forced normal recovery (R-LB-12, R-LB-05).

An advantage or disadvantage is rolled at once, taking no turn: the player declares an action in
hand, rolls 2D6 (doubles +1 experience) and one die is read on the action's effect row — no power,
no recovery (R-LB-12); the player picks the die for an advantage, the GM for a disadvantage
(``Options.disadvantage_chooser``). The GM gives them during a turn, and each disadvantage needs a
warning first. After the final mission, each player makes one forced normal recovery (R-LB-05).

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.liberator.cards import sample_cards
>>> from meikyu.systems.liberator.context import Ctx
>>> from meikyu.systems.liberator.rules import new_table
>>> from meikyu.systems.liberator.state import CheckState
>>> cards = sample_cards()
>>> s = replace(new_table([("ann", "warrior", ["mount"])], cards), check=CheckState(0, "advantage"))
>>> c = Ctx(cards, s, ScriptedDice([6, 2])); declare_check(c, Declare("swing"))
>>> c.s.check.step, c.s.check.dice
('pick', (6, 2))
"""

from __future__ import annotations

from dataclasses import replace

from meikyu.errors import RuleError
from meikyu.systems.liberator.context import Ctx
from meikyu.systems.liberator.effects import NotationError, format_effects, parse_effects
from meikyu.systems.liberator.events import (
    ActionRecovered,
    Declared,
    EffectRead,
    GmRuled,
    GmWarned,
    RecoverySet,
)
from meikyu.systems.liberator.guards import idle, require
from meikyu.systems.liberator.state import NORMAL, Declare, GmEffect, GmGrant, PickEffect, Resolve, Split
from meikyu.systems.liberator.turn import check_recovery_choice


def declare_check(c: Ctx, a: Declare) -> None:
    """The check's declaration: an action in hand, or the normal recovery (forced); then 2D6."""
    chk = c.s.check
    assert chk is not None
    require(chk.step == "declare", "R-LB-12", "lb.error.not_declare")
    ch = c.char(chk.player)
    if chk.kind == "recovery":
        require(a.card == NORMAL, "R-LB-05", "lb.error.forced_recovery")
    else:
        require(a.card in ch.hand, "R-LB-12", "lb.error.not_in_hand", card=a.card)
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
        apply_check_effect(c, d1)


def split_check(c: Ctx, a: Split) -> None:
    """The forced recovery's split: which die is the recovery (R-LB-05, R-LB-08)."""
    chk = c.s.check
    assert chk is not None
    require(chk.step == "split", "R-LB-12", "lb.error.not_split")
    require(
        a.power in chk.dice,
        "R-LB-08",
        "lb.error.not_a_die",
        value=a.power,
        dice=",".join(map(str, chk.dice)),
    )
    c.s = replace(c.s, check=replace(chk, step="after_roll", power_die=a.power))
    c.emit(RecoverySet(c.pid(chk.player), a.power))


def pick_effect(c: Ctx, a: PickEffect) -> None:
    """Which die gives the advantage's / disadvantage's special effect (R-LB-12)."""
    chk = c.s.check
    require(chk is not None and not c.s.effects and chk.step == "pick", "R-LB-12", "lb.error.not_pick")
    assert chk is not None
    require(
        a.die in chk.dice, "R-LB-12", "lb.error.not_a_die", value=a.die, dice=",".join(map(str, chk.dice))
    )
    apply_check_effect(c, a.die)


def apply_check_effect(c: Ctx, die: int) -> None:
    """Queue the declared action's effects on ``die``: effect only, no power (R-LB-12)."""
    chk = c.s.check
    assert chk is not None
    effects = c.cards.actions[chk.card].effects_on(die)
    c.emit(EffectRead(c.pid(chk.player), die, "; ".join(e.notation() for e in effects) or "none"))
    c.enqueue(chk.player, effects, chk.card)
    c.s = replace(c.s, check=replace(chk, step="done"))


def resolve_check(c: Ctx, a: Resolve) -> None:
    """The forced normal recovery's choice of actions to recover (R-LB-05, R-LB-09)."""
    chk = c.s.check
    assert chk is not None
    require(chk.kind == "recovery" and chk.step == "after_roll", "R-LB-05", "lb.error.not_after_roll")
    require(not a.obstacles, "R-LB-09", "lb.error.recovery_only")
    check_recovery_choice(c, chk.player, a.recover, chk.power_die + chk.bonus, False)
    for card in a.recover:
        c.set_char(chk.player, c.char(chk.player).recover_card(card))
        c.emit(ActionRecovered(c.pid(chk.player), c.card_name(card)))
    c.s = replace(c.s, check=replace(chk, step="done"))


def gm_grant(c: Ctx, a: GmGrant) -> None:
    """The GM gives an advantage (the turn's player), a disadvantage (warned first) or a warning (R-LB-12)."""
    s = c.s
    require(0 <= a.seat < len(s.players), "R-LB-12", "lb.error.no_seat", seat=a.seat)
    if a.kind == "warning":
        c.set_seat(a.seat, warned=True)
        c.emit(GmWarned(c.pid(a.seat)))
        return
    require(a.kind in ("advantage", "disadvantage"), "R-LB-12", "lb.error.gm_kind", kind=a.kind)
    idle(s)
    require(s.phase == "turn" and s.turn is not None and not s.checks, "R-LB-12", "lb.error.gm_in_turn")
    assert s.turn is not None
    if a.kind == "advantage":
        require(a.seat == s.turn.player, "R-LB-12", "lb.error.advantage_turn_player")
    else:
        require(s.players[a.seat].warned, "R-LB-12", "lb.error.warn_first", player=s.players[a.seat].id)
    if a.kind == "disadvantage":
        c.set_seat(a.seat, warned=False)  # R-LB-12: each disadvantage needs a warning before it
    c.s = replace(c.s, checks=((a.seat, a.kind),))


GM_EFFECT_KINDS = frozenset({"discard", "recover", "obstacle_down", "exp", "grant"})
"""What a GM's ruling may do with the effect notation: whatever needs no declared action or turn (a card
discarded or recovered, an obstacle lowered, experience, a grant); an action's own effects (捨, 追, 威力)
belong to its roll."""


def gm_effect(c: Ctx, a: GmEffect) -> None:
    """The GM settles something by hand (the table's quick ruling, issue 25): the effects are queued for the
    seat's player like a face's immediate effects and grants (R-LB-11), their choices asked of that player."""
    s = c.s
    require(0 <= a.seat < len(s.players), "R-LB-12", "lb.error.no_seat", seat=a.seat)
    idle(s)
    try:
        effects = parse_effects(a.effect[:80])
    except NotationError as exc:
        raise RuleError("R-LB-11", "lb.error.gm_effect", text=str(exc)[:40]) from None
    require(0 < len(effects) <= 3 and all(e.kind in GM_EFFECT_KINDS for e in effects), "R-LB-11",
            "lb.error.gm_effect", text=a.effect[:40])
    require(s.mission is not None or all(e.kind != "obstacle_down" for e in effects), "R-LB-11",
            "lb.error.no_mission")
    c.emit(GmRuled(c.pid(a.seat), format_effects(effects, "ja")))
    c.enqueue(a.seat, effects)
