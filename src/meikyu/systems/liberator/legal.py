"""What may happen next: the legal actions of a table state, the recommended answer first.

The order matters: :class:`~meikyu.engine.FirstLegalPolicy` plays the first, and the terminal
table numbers them. A prompt's answers come first (and only they, with experience spending); in
setup the planned mission; in a turn the cards fitting the mission's attributes, the largest
removal or recovery, then abilities and grants; experience spending (R-LB-13) is always open.
Abilities are listed only when :func:`~meikyu.systems.liberator.machine.step` accepts them.

>>> from meikyu.systems.liberator.cards import sample_cards
>>> from meikyu.systems.liberator.rules import new_table
>>> cards = sample_cards()
>>> legal_actions(cards, new_table([("ann", "warrior", ["mount"])], cards))[:2]
[GenerateMission(type='normal', seed=0), GenerateMission(type='turning', seed=0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from meikyu.engine import Action
from meikyu.errors import InputError, RuleError
from meikyu.systems.liberator.cards import MAX_RECOVERY, CardSet
from meikyu.systems.liberator.character import LEVEL_COST, SWAP_COST
from meikyu.systems.liberator.context import Ctx
from meikyu.systems.liberator.effects import ANY
from meikyu.systems.liberator.guards import NoDice
from meikyu.systems.liberator.machine import step
from meikyu.systems.liberator.mission import MISSION_TYPES
from meikyu.systems.liberator.packing import fits
from meikyu.systems.liberator.state import (
    DYING,
    NORMAL,
    AbandonMission,
    Awards,
    ContinueMission,
    Declare,
    GenerateMission,
    GiveUp,
    LevelUp,
    PickCard,
    PickEffect,
    PickObstacle,
    PickPlayer,
    Resolve,
    Split,
    SwapJob,
    TableState,
    TurnState,
    UseAbility,
    UseGrant,
    check_names,
)
from meikyu.systems.liberator.turn import pools, turn_value


def legal_actions(cards: CardSet, state: TableState) -> Sequence[Action]:
    """What may happen next, the recommended answer first (so FirstLegalPolicy plays sensibly)."""
    s = state
    out: list[Action] = prompt_actions(cards, s)
    if out or s.effects or s.check is not None:
        return out + exp_actions(cards, s)
    if s.phase == "setup":
        if s.mission is None:
            kinds = [s.planned] + [k for k in MISSION_TYPES if k != s.planned]
            out = [GenerateMission(k, s.seed + len(s.log)) for k in kinds] + [GiveUp()]
        elif s.mission.type == "final" and s.options.final_stays:
            out = [ContinueMission(), GiveUp()]  # a house rule: the final cannot be swapped
        else:
            out = [ContinueMission(), AbandonMission(), GiveUp()]
    elif s.phase == "turn" and s.turn is not None:
        out = turn_actions(cards, s)
    elif s.phase == "awards":
        out = [Awards()]
    elif s.phase == "over":
        return []
    return out + exp_actions(cards, s)


def prompt_actions(cards: CardSet, s: TableState) -> list[Action]:
    if s.effects:
        pe = s.effects[0]
        if pe.target < 0:
            return [PickPlayer(i) for i in range(len(s.players)) if i != pe.player]
        ctx = Ctx(cards, s, NoDice())
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
        return picks + ability_options(cards, s)
    if chk.step == "after_roll":
        view = TurnState(chk.player, "after_roll", NORMAL, power_die=chk.power_die, used=check_names(s))
        out = recovery_options(cards, s, chk.player, chk.power_die + chk.bonus, False)
        return out + ability_options(cards, s) + grant_options(cards, s, view, out)
    return []


def turn_actions(cards: CardSet, s: TableState) -> list[Action]:
    t = s.turn
    assert t is not None
    ch = s.players[t.player].character
    if t.step == "declare":
        if not ch.hand:
            return [Declare(DYING)]
        wanted = {o.attribute for o in s.mission.obstacles} if s.mission else set()
        hand = sorted(ch.hand, key=lambda x: cards.actions[x].attribute not in wanted)
        declares: list[Action] = [Declare(x) for x in hand if cards.actions[x].recovery <= MAX_RECOVERY]
        return declares + [Declare(NORMAL)]
    if t.step == "split":
        return [Split(v) for v in sorted(set(t.dice), reverse=True)]
    if t.step != "after_roll":
        return []
    if t.card in (NORMAL, DYING):
        out = recovery_options(cards, s, t.player, turn_value(cards, s), t.card == DYING)
    else:
        out = obstacle_options(cards, s)
    out += ability_options(cards, s)
    return out + grant_options(cards, s, t, out)


def resolve_options(cards: CardSet, s: TableState) -> list[Action]:
    """The ``Resolve`` answers open to the roll in play, largest removal or recovery first."""
    chk = s.check
    if chk is not None:
        if chk.kind == "recovery" and chk.step == "after_roll" and not s.effects:
            return recovery_options(cards, s, chk.player, chk.power_die + chk.bonus, False)
        return []
    t = s.turn
    if s.effects or t is None or t.step != "after_roll":
        return []
    if t.card in (NORMAL, DYING):
        return recovery_options(cards, s, t.player, turn_value(cards, s), t.card == DYING)
    return obstacle_options(cards, s)


def grant_options(cards: CardSet, s: TableState, t: TurnState, taken: Sequence[Action]) -> list[Action]:
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


def ability_options(cards: CardSet, s: TableState) -> list[Action]:
    """Every job effect or feat use that would be accepted now (one per payment / obstacle)."""
    out: list[Action] = []
    for seat, p in enumerate(s.players):
        ch = p.character
        for ident in (cards.jobs[ch.job].effect.id, *ch.feats):
            ability = cards.ability(ident)
            if ability is None:
                continue
            targets = [o.uid for o in s.mission.obstacles] if s.mission else []
            aims = targets if ability.effect.kind in ("change_obstacle", "obstacle_down") else [0]
            pays = [""]
            if ability.cost:
                pays = [
                    x for x in ch.hand if ability.cost == ANY or cards.actions[x].attribute == ability.cost
                ]
            for pay in pays:
                for aim in aims:
                    action = UseAbility(seat, ident, pay, aim)
                    try:
                        step(cards, s, action, NoDice())
                    except (RuleError, InputError, RuntimeError):
                        continue
                    out.append(action)
    return out


def obstacle_options(cards: CardSet, s: TableState) -> list[Action]:
    assert s.mission is not None
    powers = pools(cards, s)
    attrs = {p for p, _ in powers}
    top = max(v for _, v in powers)
    candidates = [o for o in s.mission.obstacles if o.attribute in attrs and o.target <= top]
    found: list[tuple[int, tuple[int, ...]]] = []
    for k in range(len(candidates), 0, -1):
        for combo in combinations(candidates, k):
            if fits([(o.attribute, o.target) for o in combo], powers):
                found.append((sum(o.target for o in combo), tuple(o.uid for o in combo)))
    found.sort(key=lambda f: (-f[0], -len(f[1])))
    return [Resolve(uids) for _, uids in found] or [Resolve()]


def recovery_options(cards: CardSet, s: TableState, seat: int, value: int, dying: bool) -> list[Action]:
    discard = s.players[seat].character.discard
    cost = {x: cards.actions[x].recovery for x in discard}
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


def exp_actions(cards: CardSet, s: TableState) -> list[Action]:
    """Spending experience (R-LB-13): each player's on the character playing and on their roster, the GM's
    (seat −1) on the GM's own characters."""
    out: list[Action] = []
    spenders = [(i, p.exp, p.character, p.roster) for i, p in enumerate(s.players)]
    for seat, exp, playing, roster in [*spenders, (-1, s.gm_exp, None, s.gm_roster)]:
        for ch in ([playing] if playing is not None else []) + list(roster):
            name = "" if ch is playing else ch.name
            if exp >= SWAP_COST:
                out += [SwapJob(seat, j, name) for j in cards.jobs if j != ch.job]
            if exp >= LEVEL_COST:
                owned = set(ch.actions) | set(ch.feats)
                out += [LevelUp(seat, x, name) for x in list(cards.actions) + list(cards.feats) if x not in owned]
    return out
