"""A simple tactical policy for either side: advance, hit what you can reach, weakest first.

``decide(battle)`` computes the action directly (the simulation's fast path); ``choose(battle,
legal)`` satisfies :class:`meikyu.engine.Policy` and falls back to the first legal action should its
own pick not be listed. Choices: attack the standing enemy in reach with the lowest HP with the
strongest weapon that reaches it; otherwise step forward (breaking through with the ally who has the
most minions) and attack if that brought an enemy into reach; otherwise pass. Hope goes to damage
from drive only (the court's voice needs the other players' consent), and only when the blow would
not already drop the target. Strategy: the court member with the best wit rolls, no hope.

>>> from meikyu.dice import RandomDice
>>> from .bestiary import load_encounter
>>> from .rules import step
>>> b = load_encounter("sample")
>>> policy = TacticalPolicy()
>>> while b.phase not in ("over", "treasure"):
...     b, _ = step(b, policy.decide(b), RandomDice(seed=3))
>>> b.winner in ("court", "monsters", "")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from meikyu.engine import Action

from .actions import (
    Attack,
    Begin,
    Breakthrough,
    Choose,
    Decline,
    EndTreasure,
    Move,
    Pass,
    PlaceTarget,
    RollTreasure,
    SpendHope,
    StrategyCheck,
    Surrender,
)
from .common import blocked, can_break_through, foolish_steps
from .loot import unlooted
from .model import COURT, DEAD, FOOLISH, OK, Battle, Choice, Combatant, Weapon, forward, lit_areas


def _best_attack(battle: Battle, c: Combatant) -> Attack | None:
    best: tuple[int, int, int] | None = None
    choice: Attack | None = None
    lit = lit_areas(battle.combatants, battle.options.lit)
    for slot, wp in enumerate(c.weapons):
        if wp.broken:
            continue
        for t in battle.combatants:
            if t.side == c.side or t.condition == DEAD or abs(t.area - c.area) > wp.range:
                continue
            if wp.ranged and t.area not in lit:
                continue
            # standing targets before fallen ones, then the weakest, then the strongest weapon
            key = (0 if t.condition == OK else 1, t.hp, -wp.power)
            if best is None or key < best:
                best = key
                choice = Attack(c.id, "" if FOOLISH in c.statuses else t.id, slot)
    return choice


def _worth(item: Weapon) -> tuple[bool, int, int, int]:
    """How much an item is worth keeping: light first (ranged attacks need it), then armor, power, healing."""
    return (item.light >= 0, item.reduction, item.power, item.heal)


class TacticalPolicy:
    """See the module docstring; stateless, so one instance serves any number of battles."""

    def choose(self, battle: Battle, legal: Sequence[Action]) -> Action:
        action = self.decide(battle)
        return action if action in legal else legal[0]

    def decide(self, battle: Battle) -> Action:
        p = battle.pending
        if p is not None:
            return self._answer(battle)
        phase = battle.phase
        if phase in ("act", "ambush"):
            return self._unit(battle)
        if phase == "strategy":
            court = [c for c in battle.combatants if c.side == COURT and c.condition == OK and not c.acted]
            rep = max(court, key=lambda c: c.wit) if court else None
            if rep is None:  # everyone cooperating already: any standing member may roll
                rep = next((c for c in battle.combatants if c.side == COURT and c.condition == OK), None)
            if rep is None:  # nobody of the court stands, yet the battle goes on (a GM's ruling left it so)
                return Surrender(COURT)
            return StrategyCheck(rep.id)
        if phase == "setup":
            return Begin()
        if phase == "treasure":
            return self._treasure(battle)
        return EndTreasure()

    def _answer(self, battle: Battle) -> Action:
        p = battle.pending
        assert p is not None
        if p.choice is not None:
            return Choose(self._choice(battle, p.choice))
        if p.kind == "breakthrough":
            side = battle.get(p.mover).side
            payers = [c for c in battle.combatants if can_break_through(c, side, battle.used)]
            if payers:
                return Breakthrough(max(payers, key=lambda c: c.minions).id)
            return Decline()
        assert p.attack is not None
        if p.kind == "cat_move":
            return PlaceTarget(battle.get(p.attack.attacker).area)
        a = battle.get(p.attack.attacker)
        t = battle.get(p.attack.target)
        expected = p.attack.power + a.enmity_to(t.id) - t.reduction
        if t.hp <= expected or t.condition != OK:
            return SpendHope(0)
        return SpendHope(min(a.valor, a.drive))

    def _unit(self, battle: Battle) -> Action:
        if battle.current:
            c = battle.get(battle.current)
            return _best_attack(battle, c) or Pass(c.id)
        ready = [
            c for c in battle.combatants if c.side == battle.active and c.condition == OK and not c.acted
        ]
        for c in ready:
            attack = _best_attack(battle, c)
            if attack is not None:
                return attack
        c = ready[0]
        action = self._approach(battle, c)
        if c.statuses and FOOLISH in c.statuses:
            # R-MK-44: with no enemy in reach the foolish must move toward one, whichever way is open
            forced = foolish_steps(
                battle.combatants, c, lit_areas(battle.combatants, battle.options.lit), battle.used
            )
            if forced and not (isinstance(action, Move) and action.step in forced):
                return Move(c.id, forced[0])
        return action

    def _approach(self, battle: Battle, c: Combatant) -> Action:
        # Head for the nearest standing enemy: forward normally, back if the fight got behind us.
        ahead = forward(c.side)
        nearest = min(
            (x for x in battle.combatants if x.side != c.side and x.condition == OK),
            key=lambda x: abs(x.area - c.area),
            default=None,
        )
        if nearest is None or nearest.area == c.area:
            return Pass(c.id)
        step_ = 1 if (nearest.area - c.area) * ahead > 0 else -1
        if (
            step_ == -1
            or blocked(battle.combatants, c) is None
            or any(can_break_through(x, c.side, battle.used) for x in battle.combatants)
        ):
            return Move(c.id, step_)
        return Pass(c.id)

    def _choice(self, battle: Battle, ch: Choice) -> str:
        """6s and dice as the automatic reading takes them (R-MK-14/15: succeed, no fumble, most drive,
        highest achievement); minion help only when one more point turns a known failure (R-MK-19); CAT 9
        the rolled HP when it leaves the target lower than the blow would; the item worth least breaks; the first option
        otherwise (the first skill to seal; hope from as little voice as the drive allows; the court's
        consent; CFT 2: the PC with the fewest minions)."""
        if ch.kind == "sixes":
            return ch.auto
        if ch.kind == "minion_help":
            achievement, difficulty, _minions = ch.detail
            return "help" if difficulty >= 0 and difficulty - achievement == 1 else "decline"
        if ch.kind == "cft_minions":
            return min(ch.options, key=lambda cid: battle.get(cid).minions)
        if ch.kind == "cat_set_hp":
            return "set" if ch.detail[0] < self._after_blow(battle) else "damage"
        if ch.kind == "interrupt":  # cover an ally who has less HP left (R-MK-08)
            target = battle.get(str(ch.action.get("target", "")))
            return ch.options[0] if battle.get(battle.pending.actor).hp > target.hp else "pass"  # type: ignore[union-attr]
        if ch.kind == "break_item":
            return min(ch.options, key=lambda slot: _worth(battle.get(battle.pending.actor).weapons[int(slot)]))  # type: ignore[union-attr]
        return ch.options[0]

    def _after_blow(self, battle: Battle) -> int:
        """The HP the target of the attack being resolved would keep after its plain blow."""
        from .actions import ACTIONS

        act = ACTIONS.load(battle.pending.choice.action)  # type: ignore[union-attr]
        prior = battle.pending.choice.prior  # type: ignore[union-attr]
        if isinstance(act, Attack):
            a, t = battle.get(act.actor), battle.get(act.target) if act.target else None
            if t is not None:
                wp = a.weapons[act.weapon]
                power = 1 if act.improvised else wp.power
                return t.hp - max(0, power + a.enmity_to(t.id) - t.reduction)
        if prior is not None and prior.attack is not None:
            t = battle.get(prior.attack.target)
            return t.hp - max(0, prior.attack.power - t.reduction)
        return 0

    def _treasure(self, battle: Battle) -> Action:
        left = unlooted(battle)
        if not left:
            return EndTreasure()
        kind = left[0].species or left[0].id
        return RollTreasure(tuple(c.id for c in left if (c.species or c.id) == kind))
