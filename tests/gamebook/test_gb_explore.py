"""The validator plays the book: what links allow but play never reaches (R-GB-02, R-GB-05, R-GB-07)."""

from __future__ import annotations

from pathlib import Path

import pytest

from meikyu.cli import main
from meikyu.systems.gamebook.books import sample_path
from meikyu.systems.gamebook.validate import check_book

OLD = Path(__file__).parent / "books" / "kaze-no-tou-v1.toml"


def test_first_edition_good_ending_is_reported_unreachable_r_gb_05_r_gb_07() -> None:
    """R-GB-05/07: p.32 needs Wind's Favor ≥ 4 and at most 3 can be gathered; p.12's last jump (to 16)
    never comes first: with neither the key nor any Favor no sheet arrives there."""
    report = check_book(OLD)
    found = {(p.key, p.paragraph) for p in report.problems}
    assert found == {
        ("gb.check.shadowed", "12"),
        ("gb.check.never_reached", "16"),
        ("gb.check.never_holds", "32"),
        ("gb.check.never_reached", "33"),
        ("gb.check.never_reached", "34"),
        ("gb.check.ending_never_reached", "40"),
    }
    p32 = next(p for p in report.problems if p.paragraph == "32")
    assert p32.message("en") == ("jump 1 (to 33) can never be taken: Wind's Favor ≥ 4 never holds here — "
                                 "whenever Shin arrives it is 1–3.")
    assert "風の導きが4以上" in p32.message("ja") and "1–3" in p32.message("ja")
    lines = OLD.read_text(encoding="utf-8").splitlines()
    assert "to = 33" in lines[p32.line - 1]


def test_second_edition_is_clean_when_played() -> None:
    report = check_book(sample_path())
    assert report.ok and report.warnings == ()


def test_the_search_bound_is_a_clear_warning_and_concludes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    report = check_book(OLD, max_states=50)
    assert report.ok and [w.key for w in report.warnings] == ["gb.check.search_bound"]
    assert main(["gamebook", "check", str(OLD), "--max-states", "50", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "stopped after 50 states" in out and "--max-states" in out
    assert main(["gamebook", "check", str(OLD), "--max-states", "0", "--lang", "ko"]) == 2
    assert "--max-states" in capsys.readouterr().err


def test_an_unwinnable_fight_and_an_unlosable_one() -> None:
    """R-GB-10/12: a fight no sheet can win is a problem; one no sheet can lose is a warning."""
    from meikyu.systems.gamebook.validate import _check

    text = """[book]
id = "f"
start = 1
[p.1]
text = "Two fights."
choices = [{ to = 2, text = "Wall" }, { to = 3, text = "Mouse" }]
[p.2]
text = "A wall that fights back."
combat = { win = 9, lose = 8, enemies = [{ name = "wall", attack = 9, kill = 1, defense = 30, hits = 1 }] }
[p.3]
text = "A mouse."
combat = { win = 9, lose = 8, enemies = [{ name = "mouse", attack = 1, kill = 1, defense = 2, hits = 1 }] }
[p.8]
text = "Lost."
ending = "bad"
[p.9]
text = "Won."
ending = "good"
"""
    report = _check(text, "f.toml")
    assert [(p.key, p.paragraph) for p in report.problems] == [("gb.check.never_win", "2")]
    assert [(w.key, w.paragraph) for w in report.warnings] == [("gb.check.never_lose", "3")]
