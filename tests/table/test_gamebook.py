"""The gamebook at a table (issue 10 §1): seats, views without unvisited paragraphs, menus with odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from meikyu.dice import RandomDice, ScriptedDice
from meikyu.errors import DataError
from meikyu.systems.gamebook.books import sample_path
from meikyu.systems.gamebook.policy import AutoPolicy
from meikyu.systems.gamebook.rules import Choose, RollCreation
from meikyu.table import registry
from meikyu.table.base import GM
from meikyu.table.gamebook import Reading, ReadingKind, _book
from tests.table.driver import play

KIND = registry.get("ShinGamebook", "reading")


class _Reader:
    """The terminal runner's automatic reader (exact odds) over a table reading."""

    def __init__(self, state: Reading) -> None:
        self.auto = AutoPolicy(_book(state.book)[1])

    def choose(self, state: Reading, legal):
        return self.auto.choose(state.play, legal)


def _policy(state: Reading) -> _Reader:
    return _Reader(state)


@pytest.mark.parametrize("seed", range(6))
def test_reads_the_sample_to_an_ending_through_the_table(seed: int) -> None:
    state = KIND.setup("sample", "en")
    done = play(KIND, state, RandomDice(seed), policy=_policy(state))
    final = done.game.state
    assert final.play.phase == "ended" or KIND.view(final, "reader", "en")["stuck"]
    view = KIND.view(final, "reader", "en")
    assert view["ending"]["kind"] == final.play.ending
    assert [p["id"] for p in view["visited"]] == list(dict.fromkeys(final.play.path))


def test_reader_view_leaves_unvisited_paragraphs_out_gm_sees_the_book() -> None:
    state = KIND.setup("sample", "ja")
    done = play(KIND, state, RandomDice(3), policy=_policy(state), lang="ja")
    final = done.game.state
    book_paragraphs = KIND.view(final, GM, "ja")["paragraphs"]
    visited = set(final.play.path)
    unvisited = [p for p in book_paragraphs if p["id"] not in visited and len(p["text"]) > 20]
    assert unvisited
    stream = done.stream("reader").decode("utf-8")
    for p in unvisited:
        assert p["text"] not in stream, p["id"]
    assert "paragraphs" not in KIND.view(final, "reader", "ja")


def test_menu_keys_labels_and_check_odds() -> None:
    kind = ReadingKind()
    state = kind.setup("sample", "ko")
    (item,) = kind.menu(state, "reader", "ko")
    assert item.key == "creation/roll" and item.seat == "reader" and item.kind == "check"
    gm_item = kind.menu(state, GM, "ko")[0]
    assert gm_item.action == item.action and "독자 대신" in gm_item.label
    assert kind.menu(state, "pc:x", "ko") == []
    # a stat check paragraph: exact 2D6 odds (R-GB-07 checks), keyed "check"
    from meikyu.engine import Game

    game = Game(kind.rules, state, dice=ScriptedDice([6, 1]))
    game.play(RollCreation())
    for step in ("creation/die/0", "creation/spread/2-2-2"):
        chosen = next(i for i in kind.menu(game.state, "reader", "en") if i.key == step)
        game.play(registry.action_from_data(kind, chosen.action))
    keys = [i.key for i in kind.menu(game.state, "reader", "en")]
    assert keys[-1] == "sheet/amend"  # between paragraphs the sheet may be settled by hand (issue 25)
    assert all(k.startswith("choice/") for k in keys[:-1]) and len(keys) == len(set(keys))


def test_check_odds_are_exact() -> None:
    from meikyu.systems.gamebook.fighters import p_2d6_at_least

    kind = ReadingKind()
    state = kind.setup("sample", "en")
    rules = kind.rules
    book_rules = _book(state.book)[1]
    check_pid = next(pid for pid, p in book_rules.book.paragraphs.items() if p.check)
    from dataclasses import replace

    p = book_rules.book.paragraphs[check_pid]
    at = replace(state, play=replace(state.play, phase="read", paragraph=check_pid))
    item, amend = kind.menu(at, "reader", "en")
    assert amend.key == "sheet/amend"
    expected = p_2d6_at_least(p.check.target - at.play.sheet.stat(p.check.stat))
    assert item.key == "check" and Fraction(item.odds["success"]) == expected
    assert rules.legal_actions(at)


def test_setup_errors_name_part_and_field() -> None:
    with pytest.raises(DataError) as err:
        KIND.setup({"bok": "x"}, "en")
    assert "bok" in err.value.message("en") and "setup" in err.value.message("en")
    with pytest.raises(DataError) as err:
        KIND.setup({"book": 3}, "ja")
    assert "book" in err.value.message("ja")
    with pytest.raises(DataError) as err:
        KIND.setup({"book": "[book]\nid = 'x'\n"}, "en")
    assert "setup.book" in err.value.message("en")


def test_seats_and_refusals() -> None:
    state = KIND.setup({"book": sample_path().read_text(encoding="utf-8"), "story": True}, "en")
    assert KIND.seats(state) == ["gm", "reader"]
    assert KIND.seats_for(state, Choose(1)) == {"gm", "reader"}
    assert "pc:haneul" not in KIND.seats_for(state, Choose(1))


def test_saved_reading_round_trips() -> None:
    state = KIND.setup("sample", "en")
    done = play(KIND, state, RandomDice(1), policy=_policy(state))
    from meikyu.engine import Game

    again = Game.from_data(KIND.rules, done.game.to_data())
    assert again.state == done.game.state


def walk_to_a_second_weapon(seed: int = 2) -> tuple[Reading, list[tuple[dict[str, object], list[tuple[int, int]]]]]:
    """A random reading of the sample up to the paragraph where Shin carries the smith's spear beside his
    sword (paragraph 6): the state there and the actions taken, each with the dice it drew."""
    import random

    from meikyu.dice.source import RecordingDice

    state = KIND.setup("sample", "en")
    pick, dice = random.Random(seed), RandomDice(seed)
    taken = []
    while len(state.play.sheet.items) < 3 or state.play.phase != "read":
        legal = KIND.rules.legal_actions(state)
        assert legal and len(taken) < 40
        action = pick.choice(legal)
        recorder = RecordingDice(dice)
        state, _ = KIND.rules.step(state, action, recorder)
        taken.append((KIND.rules.actions.dump(action), list(recorder.rolls)))
    return state, taken


def test_taking_up_a_carried_weapon_is_in_every_menu() -> None:
    """R-GB-01: the kill value is the wielded weapon's, and the reader may take up another carried one
    between paragraphs (RULINGS.md): the menu offers it (it raised instead, so the game could not be shown)."""
    state, _ = walk_to_a_second_weapon()
    assert state.play.sheet.weapon == "spear"
    for lang, word in (("en", "Sword"), ("ja", "剣"), ("ko", "검")):
        for seat in (GM, "reader"):
            items = {i.key: i for i in KIND.menu(state, seat, lang)}
            assert "equip/sword" in items, items
            assert word in items["equip/sword"].label and items["equip/sword"].kind == "other"
        KIND.view(state, "reader", lang)
        KIND.prompt(state, "reader", lang)
