"""Settling the sheet by hand (issue 25, point 4, for the gamebook): the reader — or the GM running the book for
them — applies one of the book's own effects (R-GB-04…06: an item, a flag, a counter, a stat, an ability)
between paragraphs, logged as a ruling; anything else is refused in ko/ja/en and changes nothing."""

from __future__ import annotations

import pytest

from meikyu.engine import Game
from meikyu.errors import MeikyuError
from meikyu.systems.gamebook.book import load_book
from meikyu.systems.gamebook.books import sample_path
from meikyu.systems.gamebook.events import Amended
from meikyu.systems.gamebook.rules import Amend, GamebookRules


def reading() -> Game:  # type: ignore[type-arg]
    rules = GamebookRules(load_book(sample_path()))
    return Game(rules, rules.initial(story=True))


def test_r_gb_04_05_06_the_books_own_effects_by_hand() -> None:
    g = reading()
    events = g.play(Amend("gain", "herb", 2))
    assert isinstance(events[0], Amended) and g.state.sheet.count("herb") == 4  # the book starts with 2
    g.play(Amend("lose", "sword", 1))
    assert g.state.sheet.count("sword") == 0 and g.state.sheet.weapon == ""  # R-GB-01: no weapon, no kill value
    g.play(Amend("flag", "12"))
    g.play(Amend("progress", "fame", 2))
    g.play(Amend("stat", "defense", -1))
    sheet = g.state.sheet
    assert sheet.has_flag("12") and sheet.counter("fame") == 2 and sheet.defense == 3
    g.undo()
    assert g.state.sheet.defense == 4


@pytest.mark.parametrize("amend", [Amend("equip", "sword"), Amend("stat", "luck", 1), Amend("gain", "herb", 0),
                                   Amend("gain", " ", 1), Amend("progress", "fame", 100)])
def test_r_gb_04_a_ruling_the_sheet_cannot_take_is_refused(amend: Amend) -> None:
    g = reading()
    before = g.state
    with pytest.raises(MeikyuError) as info:
        g.play(amend)
    assert g.state == before
    texts = [info.value.message(lang) for lang in ("ko", "ja", "en")]
    assert len(set(texts)) == 3 and not any("gb.error" in t for t in texts)
