"""Round-2 fidelity review against the seed, rule by rule: cases the first round's tests did not pin down."""

from __future__ import annotations

import pytest

from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import RuleError
from meikyu.systems.gamebook.book import parse_book
from meikyu.systems.gamebook.events import CombatLost, CombatStarted
from meikyu.systems.gamebook.rules import (
    ChooseDie,
    Distribute,
    GamebookRules,
    PlayState,
    Proceed,
    RollCreation,
)
from meikyu.systems.gamebook.sheet import distributions

CURSED = """
[book]
id = "cursed"
start = 1
[p.1]
text = "A curse drains all of Shin's stamina."
effects = [{ stat = "stamina", add = -9 }]
jumps = [{ to = 2 }]
[p.2]
text = "A sleepy rat."
combat = { win = 3, lose = 4, enemies = [{ name = "rat", attack = 2, kill = 1, defense = 2, hits = 1 }] }
[p.3]
text = "Won."
ending = "good"
[p.4]
text = "Lost."
ending = "bad"
"""


def start(book_text: str, die: int = 3, spread: tuple[int, int, int] = (1, 1, 1)) -> Game[PlayState]:
    book, problems = parse_book(book_text)
    assert problems == []
    rules = GamebookRules(book)
    game = Game(rules, rules.initial(), dice=ScriptedDice([]))
    game.play(RollCreation(), ScriptedDice([die, 1]))
    game.play(ChooseDie(0))
    game.play(Distribute(*spread))
    return game


def test_shin_with_no_hits_left_is_already_defeated_r_gb_12_r_gb_16() -> None:
    """R-GB-16: a fight starts with hits = stamina; R-GB-12: at 0 hits Shin is defeated. So a Shin whose
    stamina is 0 loses the fight at once — he does not get a free attack first, and no die is rolled."""
    game = start(CURSED)
    game.play(Proceed())  # the jump to the fight
    assert game.state.sheet.stamina == 0
    events = game.play(Proceed(), ScriptedDice([]))  # any die roll would raise DiceExhausted
    assert any(isinstance(e, CombatStarted) for e in events) and any(isinstance(e, CombatLost) for e in events)
    assert game.state.paragraph == "4" and game.state.ending == "bad"


def test_either_die_may_be_taken_and_all_of_it_spread_r_gb_02() -> None:
    """R-GB-02: roll 2D6, take either die (the smaller too), spread all of its value, none above 6."""
    game = start(CURSED.replace('add = -9', 'add = 0'), die=6, spread=(2, 2, 2))
    assert (game.state.sheet.attack, game.state.sheet.defense, game.state.sheet.stamina) == (6, 6, 6)
    assert distributions(6) == [(2, 2, 2)]
    assert sorted(distributions(2)) == sorted([(2, 0, 0), (0, 2, 0), (0, 0, 2), (1, 1, 0), (1, 0, 1), (0, 1, 1)])
    book = parse_book(CURSED)[0]
    rules = GamebookRules(book)
    g = Game(rules, rules.initial(), dice=ScriptedDice([]))
    g.play(RollCreation(), ScriptedDice([6, 2]))
    g.play(ChooseDie(1))  # the smaller die is allowed ("好きな方で良い")
    assert g.state.points == 2
    with pytest.raises(RuleError) as info:  # one creation roll only
        g.play(RollCreation(), ScriptedDice([5, 5]))
    assert info.value.rule == "R-GB-02" and g.state.points == 2
