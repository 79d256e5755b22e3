"""What the reader meets at the edges: an ending, a dead end, twin choices, the odds before a fight
(R-GB-01, R-GB-03, R-GB-07)."""

from __future__ import annotations

import pytest

from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import RuleError
from meikyu.i18n import translate
from meikyu.systems.gamebook.book import load_book, parse_book
from meikyu.systems.gamebook.books import sample_path
from meikyu.systems.gamebook.reader import Session, run_interactive
from meikyu.systems.gamebook.rules import (
    Choose,
    ChooseDie,
    Distribute,
    Equip,
    GamebookRules,
    PlayState,
    Proceed,
    RollCreation,
)
from meikyu.systems.gamebook.validate import _check

TWINS = """
[book]
id = "twins"
start = 1
[items.key]
name = "key"
[p.1]
text = "A door, and a key on a nail."
effects = [{ gain = "key" }, { flag = 10 }]
choices = [
  { to = 2, text = { en = "Open the door", ko = "문을 연다" }, if = { item = "key" } },
  { to = 2, text = { en = "Open the door", ko = "문을 연다" }, if = { flag = 10 } },
  { to = 3, text = { en = "Open the door", ko = "문을 연다" } },
  { to = 4, text = "Wait" },
]
[p.2]
text = "In."
ending = "good"
[p.3]
text = "Out."
ending = "normal"
[p.4]
text = "Nowhere to go."
choices = [{ to = 2, text = "Fly", if = { flag = 99 } }]
"""


def reading(text: str) -> tuple[GamebookRules, Game[PlayState]]:
    book = parse_book(text)[0]
    rules = GamebookRules(book)
    game = Game(rules, rules.initial(), dice=ScriptedDice([1, 1]))
    for action in (RollCreation(), ChooseDie(0), Distribute(1, 0, 0)):
        game.play(action)
    return rules, game


def test_twin_choices_are_shown_once_and_look_alikes_say_where_they_go_r_gb_07() -> None:
    rules, game = reading(TWINS)
    assert [c.to for c in rules.open_choices(game.state)] == ["2", "3", "4"]
    session = Session(rules.book, lang="en")
    session.game = game
    labels = [session.label(a) for a in game.legal_actions()]
    assert labels == ["Open the door (to 2)", "Open the door (to 3)", "Wait"]
    session.lang = "ko"
    assert session.label(Choose(2)) == "문을 연다 (→3)"
    warnings = {(w.key, w.line) for w in _check(TWINS, "twins.toml").warnings}
    assert {("gb.check.same_choice", 12), ("gb.check.same_text", 13)} <= warnings


def test_nothing_is_left_to_do_at_an_ending_or_a_dead_end_r_gb_07() -> None:
    """At an ending any action is refused as "the story has ended"; at a dead end a choice is refused as
    "no choice is open" — neither says "pick 1 to 0", and the state stays as it was."""
    rules, game = reading(TWINS)
    game.play(Choose(1))
    ended = game.state
    assert ended.phase == "ended"
    for action in (Choose(1), Proceed(), Equip("key")):
        with pytest.raises(RuleError) as refused:
            game.play(action)
        assert refused.value.key == "gb.error.ended" and game.state == ended
    assert "1부터 0" not in refused.value.message("ko") and "끝났" in refused.value.message("ko")
    rules, game = reading(TWINS)
    game.play(Choose(3))  # Wait → a paragraph whose only way on never opens
    stuck = game.state
    with pytest.raises(RuleError) as refused:
        game.play(Choose(1))
    assert refused.value.key == "gb.error.no_open_choice" and game.state == stuck
    assert "4" in refused.value.message("en") and "1부터 0" not in refused.value.message("ko")


def test_the_odds_of_the_fight_ahead_before_it_starts_and_with_a_carried_weapon_r_gb_01_03() -> None:
    """At a fight's paragraph, ``o`` gives the whole fight's exact odds with the weapon in hand and each
    ability (R-GB-03), and with each other weapon Shin carries (R-GB-01: the kill value is the weapon's)."""
    book = load_book(sample_path("yami-no-kodo"))
    session = Session(book, dice=ScriptedDice([4, 1, 4, 1, 1, 2, 1, 3, 6, 5]), lang="en")
    out: list[str] = []
    answers = iter(["1", "1", "1", "2", "1", "1", "1", "1", "o", "q", "n"])  # creation, Tetsu's pick, the grate
    run_interactive(session, lambda _: next(answers), out.append)
    assert session.state.paragraph == "8" and session.state.phase == "read"
    at = out.index(translate("gb.reader.odds_ahead", "en", weapon="Sword", kill=3))
    assert out[at + 1] == "  enemy 1: Rock-eater A — attack 12, kill 2, defense 10, hits 5/5"
    assert out[at + 3].startswith("  odds with no ability: win ")
    assert out[at + 4].startswith("    escaping whenever")
    assert out[at + 5].startswith("  taking up Miner's Pick (kill 4) first, no ability: win ")
    assert session.odds_lines() == out[at:at + 6]
