"""Combat as pure functions on a frozen :class:`CombatState` (R-GB-10 … R-GB-16).

An exchange: Shin attacks (one target, or several attacks with an ability), then every standing
enemy attacks in listed order. Escape is possible only between exchanges where the book allows it.

The seed's worked example (R-GB-13): Shin (attack 5, kill 3, defense 5, hits 5) hits the slime
twice; the second hit finds 3 hits left, 3 ≤ kill 3, so the slime falls at once.

>>> from meikyu.dice import ScriptedDice
>>> slime = Enemy(attack=10, kill=2, defense=9, hits=4, name=Text.plain("slime"))
>>> shin = Fighter(attack=5, kill=3, defense=5, hits=5)
>>> cs = start_combat((slime,), hits=5, escape=False, abilities=False)
>>> cs, ev = attack(cs, shin, 0, ScriptedDice([2, 2, 3, 2]))  # hit (4), then the slime: 5 blocks
>>> cs.foes[0].left, cs.hits
(3, 5)
>>> cs, ev = attack(cs, shin, 0, ScriptedDice([1, 3]))
>>> cs.foes[0].left, cs.outcome
(0, 'win')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.errors import RuleError
from meikyu.systems.gamebook.book import Ability
from meikyu.systems.gamebook.events import (
    CombatLost,
    CombatWon,
    EnemyDefeated,
    EscapeRolled,
    GbEvent,
    ShinBlocks,
    ShinHits,
    ShinMisses,
    ShinWounded,
)
from meikyu.systems.gamebook.fighters import Enemy, Fighter, after_hit, escape_needed, rolling
from meikyu.systems.gamebook.sheet import Sheet
from meikyu.systems.gamebook.text import Text

__all__ = ["CombatState", "Foe", "attack", "escape", "fighter_for", "start_combat"]


@dataclass(frozen=True)
class Foe:
    name: Text
    attack: int
    kill: int
    defense: int
    hits: int
    left: int

    @property
    def enemy(self) -> Enemy:
        return Enemy(self.attack, self.kill, self.defense, self.hits, self.name)


@dataclass(frozen=True)
class CombatState:
    foes: tuple[Foe, ...]
    hits: int
    max_hits: int
    ability: str = ""
    chosen: bool = False  # the ability decision is made (R-GB-03)
    attacks_left: int = 1
    exchanges: int = 0
    escape_allowed: bool = False
    escape_tried: bool = False
    outcome: str = ""  # "", "win", "lose" or "escape"

    def standing(self) -> list[int]:
        return [i for i, f in enumerate(self.foes) if f.left > 0]

    @property
    def between_exchanges(self) -> bool:
        return self.chosen and not self.outcome and self.attacks_left == self.full_attacks

    full_attacks: int = 1

    def can_escape(self) -> bool:
        """Escape is legal only where allowed, after a full exchange, before Shin's next attack (R-GB-15)."""
        return self.escape_allowed and self.exchanges > 0 and self.between_exchanges and not self.escape_tried


def fighter_for(sheet: Sheet, ability: Ability | None = None) -> Fighter:
    """Shin's combat numbers from the sheet and the one ability used in this combat (R-GB-01, R-GB-03)."""
    a = ability or Ability(Text())
    return Fighter(attack=sheet.attack + a.attack, kill=max(0, sheet.kill + a.kill),
                   defense=sheet.defense + a.defense, hits=sheet.hits,
                   extra_attacks=max(0, a.extra_attacks), rerolls=a.rerolls, escape_bonus=a.escape_bonus)


def start_combat(enemies: tuple[Enemy, ...], hits: int, escape: bool, abilities: bool) -> CombatState:
    """A fresh combat: Shin's hits are his stamina (R-GB-16); the ability prompt is open if he has any."""
    foes = tuple(Foe(e.name, e.attack, e.kill, e.defense, e.hits, e.hits) for e in enemies)
    return CombatState(foes, hits, hits, chosen=not abilities, escape_allowed=escape)


def choose_ability(cs: CombatState, key: str, fighter: Fighter) -> CombatState:
    if cs.chosen:
        raise RuleError("R-GB-03", "gb.error.ability_locked")
    attacks = 1 + fighter.extra_attacks
    return replace(cs, ability=key, chosen=True, attacks_left=attacks, full_attacks=attacks)


def _roll(dice: Dice, count: int) -> list[int]:
    return [dice.roll(6) for _ in range(count)]


def _check(dice: Dice, count: int, bonus: int, needed: int, reroll: bool,
           kind: str = "roll", **whose: Any) -> tuple[str, int, bool]:
    """Roll ``count``D6 + bonus against ``needed``; a failed roll is rolled once more when ``reroll``.
    ``kind`` and ``whose`` say whose roll it is, for a reader typing in physical dice."""
    with rolling(kind, count, **whose):
        faces = _roll(dice, count)
    total = sum(faces) + bonus
    text = "+".join(map(str, faces))
    if total < needed and reroll:
        with rolling(kind + "_again", count, **whose):
            faces = _roll(dice, count)
        total = sum(faces) + bonus
        text += " → " + "+".join(map(str, faces))
    return text, total, total >= needed


def attack(cs: CombatState, shin: Fighter, target: int, dice: Dice) -> tuple[CombatState, list[GbEvent]]:
    """One of Shin's attacks (R-GB-10, R-GB-11, R-GB-13); the enemies answer when his attacks are spent."""
    if not cs.chosen or cs.outcome:
        raise RuleError("R-GB-03", "gb.error.choose_ability_first")
    if target not in cs.standing():
        raise RuleError("R-GB-14", "gb.error.bad_target", target=target + 1,
                        targets=", ".join(str(i + 1) for i in cs.standing()))
    foe = cs.foes[target]
    events: list[GbEvent] = []
    roll, total, hit = _check(dice, 2, shin.attack, foe.defense, "attack" in shin.rerolls, "shin_attack",
                              enemy=foe.name)
    foes = list(cs.foes)
    if hit:
        after = after_hit(foe.left, shin.kill)
        events.append(ShinHits(foe.name, roll, total, foe.defense, foe.left, after,
                               after == 0 and foe.left > 1))
        foes[target] = replace(foe, left=after)
        if after == 0:
            events.append(EnemyDefeated(foe.name))
    else:
        events.append(ShinMisses(foe.name, roll, total, foe.defense))
    cs = replace(cs, foes=tuple(foes), attacks_left=cs.attacks_left - 1)
    if not cs.standing():
        events.append(CombatWon())
        return replace(cs, outcome="win"), events
    if cs.attacks_left > 0:
        return cs, events
    return _enemies_attack(cs, shin, dice, events)


def _enemies_attack(cs: CombatState, shin: Fighter, dice: Dice,
                    events: list[GbEvent]) -> tuple[CombatState, list[GbEvent]]:
    """Every standing enemy attacks once, in listed order (R-GB-12, R-GB-13, R-GB-14)."""
    hits = cs.hits
    for index in cs.standing():
        foe = cs.foes[index]
        roll, total, blocked = _check(dice, 2, shin.defense, foe.attack, "defense" in shin.rerolls, "enemy_attack",
                                      enemy=foe.name)
        if blocked:
            events.append(ShinBlocks(foe.name, roll, total, foe.attack))
            continue
        after = after_hit(hits, foe.kill)
        events.append(ShinWounded(foe.name, roll, total, foe.attack, hits, after, after == 0 and hits > 1))
        hits = after
        if hits == 0:
            events.append(CombatLost())
            return replace(cs, hits=0, outcome="lose"), events
    return replace(cs, hits=hits, attacks_left=cs.full_attacks, exchanges=cs.exchanges + 1,
                   escape_tried=False), events


def escape(cs: CombatState, shin: Fighter, dice: Dice) -> tuple[CombatState, list[GbEvent]]:
    """Try to escape (R-GB-15): 1D6 against 4+ / 5+ / 6 for 1 / 2 / 3+ standing enemies."""
    if not cs.escape_allowed:
        raise RuleError("R-GB-15", "gb.error.no_escape_here")
    if not cs.can_escape():
        raise RuleError("R-GB-15", "gb.error.escape_not_now")
    needed = escape_needed(len(cs.standing()))
    roll, total, ok = _check(dice, 1, shin.escape_bonus, needed, "escape" in shin.rerolls, "escape")
    events: list[GbEvent] = [EscapeRolled(roll if not shin.escape_bonus else f"{roll}+{shin.escape_bonus}",
                                          needed, ok)]
    if ok:
        return replace(cs, outcome="escape"), events
    return replace(cs, escape_tried=True), events
