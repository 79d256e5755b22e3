"""The validator plays the book: what links allow but play never reaches (R-GB-02, R-GB-05, R-GB-07)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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


def test_a_million_extra_attacks_are_checked_at_once_r_gb_03(tmp_path: Path) -> None:
    """R-GB-03: an ability's extra attacks past the enemies' hits reach nothing fewer could, so the check
    counts no more of them (a book with `extra_attacks = 1000000` hung `gamebook check`); the outcomes are
    those of as many attacks as the enemies have hits, and the odds refuse the ability plainly."""
    import time

    from meikyu.errors import InputError
    from meikyu.systems.gamebook.book import CombatBlock
    from meikyu.systems.gamebook.explore import fight_outcomes
    from meikyu.systems.gamebook.fighters import Enemy, Fighter
    from meikyu.systems.gamebook.odds import combat_odds
    from meikyu.systems.gamebook.text import Text

    book = tmp_path / "storm.toml"
    book.write_text(
        "[book]\nid='storm'\nstart=1\n[abilities.storm]\nname='Storm'\ntext='t'\nextra_attacks=1000000\n"
        "[p.1]\ntext='x'\neffects=[{learn='storm'}]\n[p.1.combat]\nwin=2\nlose=3\n"
        "enemies=[{name='Rat',attack=10,kill=1,defense=8,hits=3}]\n"
        "[p.2]\ntext='w'\nending='good'\n[p.3]\ntext='l'\nending='bad'\n", encoding="utf-8")
    start = time.process_time()
    assert check_book(book).ok
    assert time.process_time() - start < 5
    foes = (Enemy(10, 1, 8, 3, Text.plain("a")), Enemy(12, 2, 11, 2, Text.plain("b")))
    rats = CombatBlock(foes, "w", "l", escape="e")
    for a, k, d, h in ((3, 1, 4, 4), (6, 2, 2, 3), (0, 0, 9, 2), (9, 1, 3, 2), (2, 3, 8, 3)):
        for extra in (0, 1, 4, 5, 9, 14):
            shin = Fighter(a, k, d, h, extra_attacks=extra)
            assert fight_outcomes(shin, rats) == _outcomes_by_exchanges(shin, foes), (a, k, d, h, extra)
        assert fight_outcomes(Fighter(a, k, d, h, extra_attacks=10**6), rats) == _outcomes_by_exchanges(
            Fighter(a, k, d, h, extra_attacks=14), foes)
    with pytest.raises(InputError):
        combat_odds(Fighter(5, 3, 5, 5, extra_attacks=10**6), [Enemy(10, 1, 8, 3)])



def test_a_fight_too_big_to_search_stops_the_check_with_its_warning(tmp_path: Path) -> None:
    """An enemy of 100,000 hits made the check search its fight for 24 s; the fight's search counts against
    the same bound as the book's, and past it the check warns and concludes nothing (gb.check.search_bound)."""
    import time

    book = tmp_path / "giant.toml"
    book.write_text(
        "[book]\nid='giant'\nstart=1\n[p.1]\ntext='x'\n[p.1.combat]\nwin=2\nlose=3\n"
        "enemies=[{name='Giant',attack=10,kill=1,defense=8,hits=100000}]\n"
        "[p.2]\ntext='w'\nending='good'\n[p.3]\ntext='l'\nending='bad'\n", encoding="utf-8")
    start = time.process_time()
    report = check_book(book)
    assert time.process_time() - start < 5
    assert report.ok and [w.key for w in report.warnings] == ["gb.check.search_bound"]

def _outcomes_by_exchanges(shin: Any, foes: tuple[Any, ...]) -> frozenset[str]:
    """An oracle for fight_outcomes (escape allowed), exchange by exchange with every attack counted: the
    sets of enemies' hits after each of Shin's attacks, then every way the enemies' blocks can go."""
    from meikyu.systems.gamebook.fighters import after_hit

    def strike(left: tuple[int, ...]) -> set[tuple[int, ...]]:
        out = set()
        for t, e in enumerate(foes):
            if left[t]:
                if shin.attack + 12 >= e.defense:
                    out.add((*left[:t], after_hit(left[t], shin.kill), *left[t + 1:]))
                if shin.attack + 2 < e.defense:
                    out.add(left)
        return out

    found: set[str] = set()
    seen: set[tuple[int, tuple[int, ...]]] = set()
    todo = [(shin.hits, tuple(e.hits for e in foes), False)]
    while todo:
        hits, left, fought = todo.pop()
        if fought:
            found.add("escape")
        ends = {left}
        for _ in range(1 + shin.extra_attacks):
            ends = {after for now in ends if any(now) for after in strike(now)} | {now for now in ends if not any(now)}
        for now in ends:
            if not any(now):
                found.add("win")
                continue
            shins = {hits}
            for t, e in enumerate(foes):
                if now[t]:
                    shins = {h2 for h1 in shins for h2 in ((h1,) if h1 == 0 else
                             ((h1,) if shin.defense + 12 >= e.attack else ()) +
                             ((after_hit(h1, e.kill),) if shin.defense + 2 < e.attack else ()))}
            for h in shins:
                if h == 0:
                    found.add("lose")
                elif (h, now) not in seen:
                    seen.add((h, now))
                    todo.append((h, now, True))
    return frozenset(found)
