"""A player's turn: declare, roll, split the dice, resolve (R-LB-06 … R-LB-11).

``Declare`` an action in hand, a normal recovery, or — with an empty hand — a dying revival
(R-LB-07); 2D6 are rolled (doubles: +1 experience, R-LB-08); ``Split`` picks which die is the power
(or recovery) and the other gives the special effect; ``Resolve`` removes obstacles whose targets
fit the power, or recovers actions whose recovery targets fit the recovery (R-LB-09, R-LB-10); then
the effect die's special effects are queued (R-LB-11).

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.liberator.cards import sample_cards
>>> from meikyu.systems.liberator.context import Ctx
>>> from meikyu.systems.liberator.flow import begin_rounds, settle
>>> from meikyu.systems.liberator.mission import Mission, Obstacle
>>> from meikyu.systems.liberator.rules import new_table
>>> cards = sample_cards()
>>> s = new_table([("ann", "warrior", ["mount"])], cards)
>>> s = replace(s, mission=Mission("normal", (Obstacle(1, "combat", "P", 3),)))
>>> c = Ctx(cards, s, ScriptedDice([5, 3])); begin_rounds(c); settle(c)
>>> declare(c, Declare("swing")); split(c, Split(5)); pools(cards, c.s)
[('P', 5)]
"""

from __future__ import annotations

from dataclasses import replace

from meikyu.errors import RuleError
from meikyu.systems.liberator.cards import MAX_RECOVERY, CardSet
from meikyu.systems.liberator.context import Ctx
from meikyu.systems.liberator.events import ActionRecovered, Declared, ObstacleRemoved, PowerSet, RecoverySet
from meikyu.systems.liberator.guards import idle, require
from meikyu.systems.liberator.packing import fits
from meikyu.systems.liberator.state import DYING, NORMAL, Declare, Resolve, Split, TableState, TurnState


def declare(c: Ctx, a: Declare) -> None:
    """Before roll: an action in hand, a normal recovery, or a dying revival; then 2D6 (R-LB-07, R-LB-08)."""
    s = c.s
    idle(s)
    require(
        s.phase == "turn" and s.turn is not None and s.turn.step == "declare",
        "R-LB-06",
        "lb.error.not_declare",
    )
    assert s.turn is not None
    seat = s.turn.player
    hand = c.char(seat).hand
    if not hand:
        require(a.card == DYING, "R-LB-07", "lb.error.must_revive")
    elif a.card == DYING:
        raise RuleError("R-LB-07", "lb.error.revive_with_cards")
    elif a.card != NORMAL:
        require(a.card in hand, "R-LB-07", "lb.error.not_in_hand", card=a.card)
        require(
            c.cards.actions[a.card].recovery <= MAX_RECOVERY,
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
        turn = replace(turn, step="split", attribute=attribute_of(c.cards, a.card))
        c.s = replace(c.s, turn=turn)
        set_split(c, d1)
        return
    else:
        turn = replace(turn, step="split", attribute=attribute_of(c.cards, a.card))
    c.s = replace(c.s, turn=turn)


def attribute_of(cards: CardSet, card: str) -> str:
    """The attribute of an action card (empty for a recovery)."""
    return cards.actions[card].attribute if card in cards.actions else ""


def set_split(c: Ctx, power: int) -> None:
    """The die ``power`` gives the power (or recovery), the other the special effect (R-LB-08)."""
    turn = c.s.turn
    assert turn is not None
    d1, d2 = turn.dice
    effect = d2 if power == d1 else d1
    turn = replace(turn, step="after_roll", power_die=power, effect_die=effect)
    c.s = replace(c.s, turn=turn)
    if turn.card == NORMAL:
        c.emit(RecoverySet(c.pid(turn.player), power))
    else:
        card = c.cards.actions[turn.card]
        c.emit(
            PowerSet(c.pid(turn.player), turn.attribute, card.power_on(power), effect, card.follow_up(effect))
        )


def split(c: Ctx, a: Split) -> None:
    """The player picks which die is the power (R-LB-08)."""
    s = c.s
    idle(s)
    require(s.turn is not None and s.turn.step == "split", "R-LB-08", "lb.error.not_split")
    assert s.turn is not None
    require(
        a.power in s.turn.dice,
        "R-LB-08",
        "lb.error.not_a_die",
        value=a.power,
        dice=",".join(map(str, s.turn.dice)),
    )
    set_split(c, a.power)


def turn_value(cards: CardSet, s: TableState) -> int:
    """The turn's power (action) or recovery (normal recovery, dying revival), bonuses included."""
    t = s.turn
    assert t is not None
    if t.card in (NORMAL, DYING):
        return t.power_die + t.bonus
    keyed = sum(amount for attribute, amount in t.by_attribute if attribute == t.attribute)  # R-LB-14
    return cards.actions[t.card].power_on(t.power_die) + t.bonus + keyed


def pools(cards: CardSet, s: TableState) -> list[tuple[str, int]]:
    """The turn's powers: (attribute, value), plus the follow-up's (R-LB-14)."""
    t = s.turn
    assert t is not None and t.card not in (NORMAL, DYING)
    value = turn_value(cards, s)
    pools = [(t.attribute, value)]
    follow = cards.actions[t.card].follow_up(t.effect_die)
    if follow:
        pools.append((follow, value))
    return pools


def after_roll_guard(c: Ctx) -> TurnState:
    """The turn, refused unless it is after its roll with nothing waiting (R-LB-09)."""
    idle(c.s)
    t = c.s.turn
    require(
        c.s.phase == "turn" and t is not None and t.step == "after_roll",
        "R-LB-09",
        "lb.error.not_after_roll",
    )
    assert t is not None
    return t


def check_recovery_choice(c: Ctx, seat: int, recover: tuple[str, ...], value: int, dying: bool) -> None:
    """Refuse a recovery choice that is not the player's to make (R-LB-09; dying revival R-LB-07)."""
    ch = c.char(seat)
    require(len(set(recover)) == len(recover), "R-LB-09", "lb.error.twice")
    for card in recover:
        require(card in ch.discard, "R-LB-09", "lb.error.not_in_discard", card=card)
    total = sum(c.cards.actions[x].recovery for x in recover)
    fitting = [x for x in ch.discard if c.cards.actions[x].recovery <= value]
    if dying and c.s.options.dying_min_one and not fitting and ch.discard and len(recover) == 1:
        cheapest = min(c.cards.actions[x].recovery for x in ch.discard)
        require(c.cards.actions[recover[0]].recovery == cheapest, "R-LB-07", "lb.error.revive_cheapest")
        return
    require(total <= value, "R-LB-09", "lb.error.over_power", total=total, value=value)
    must = bool(fitting) or (dying and c.s.options.dying_min_one and bool(ch.discard))
    require(bool(recover) or not must, "R-LB-09", "lb.error.choose_one")


def resolve(c: Ctx, a: Resolve) -> None:
    """After roll: remove obstacles or recover actions (R-LB-09, R-LB-10), then the special effects (R-LB-11)."""
    t = after_roll_guard(c)
    s = c.s
    assert s.mission is not None
    seat = t.player
    if t.card in (NORMAL, DYING):
        require(not a.obstacles, "R-LB-09", "lb.error.recovery_only")
        check_recovery_choice(c, seat, a.recover, turn_value(c.cards, s), t.card == DYING)
    else:
        require(not a.recover, "R-LB-09", "lb.error.action_only")
        require(len(set(a.obstacles)) == len(a.obstacles), "R-LB-09", "lb.error.twice")
        by_uid = {o.uid: o for o in s.mission.obstacles}
        for uid in a.obstacles:
            require(uid in by_uid, "R-LB-09", "lb.error.no_obstacle", uid=uid)
        powers = pools(c.cards, s)
        chosen = [(by_uid[u].attribute, by_uid[u].target) for u in a.obstacles]
        require(
            fits(chosen, powers),
            "R-LB-09",
            "lb.error.over_power",
            total=sum(x for _, x in chosen),
            value=" + ".join(f"{p}{v}" for p, v in powers),
        )
        any_fits = any(fits([(o.attribute, o.target)], powers) for o in s.mission.obstacles)
        require(bool(a.obstacles) or not any_fits, "R-LB-09", "lb.error.choose_one")
    # R-LB-10: apply the result.
    for uid in a.obstacles:
        o = next(x for x in c.s.mission.obstacles if x.uid == uid)  # type: ignore[union-attr]
        c.emit(ObstacleRemoved(c.pid(seat), c.obstacle_name(o), o.target))
        if o.enhancement:
            c.enqueue(seat, c.cards.enhancements[o.enhancement].bonus, o.enhancement)
    if a.obstacles:
        c.s = replace(c.s, mission=c.s.mission.without(a.obstacles))  # type: ignore[union-attr]
        c.set_seat(seat, removed=c.s.players[seat].removed + len(a.obstacles))
    for card in a.recover:
        c.set_char(seat, c.char(seat).recover_card(card))
        c.emit(ActionRecovered(c.pid(seat), c.card_name(card)))
    # R-LB-11: then the special effects of the effect die's face.
    if t.card not in (NORMAL, DYING):
        c.enqueue(seat, c.cards.actions[t.card].effects_on(t.effect_die), t.card)
    c.s = replace(c.s, turn=replace(t, step="done"))
