"""The shipped books: the second one (闇の坑道) uses what the first leaves out, both are clean when
played every way, and their fights are fought for (R-GB-01 … R-GB-16)."""

from __future__ import annotations

from typing import Any

import pytest

from meikyu.cli import main
from meikyu.systems.gamebook.book import load_book
from meikyu.systems.gamebook.books import SAMPLES, sample_path, samples
from meikyu.systems.gamebook.combat import fighter_for
from meikyu.systems.gamebook.explore import start_sheets
from meikyu.systems.gamebook.odds import combat_odds
from meikyu.systems.gamebook.validate import check_book

MINE = sample_path("yami-no-kodo")


@pytest.mark.parametrize(("book_id", "path"), samples())
def test_every_shipped_book_is_clean_when_played(book_id: str, path: Any) -> None:
    report = check_book(path)
    assert report.ok and report.warnings == (), [p.message("en") for p in (*report.problems, *report.warnings)]
    book = report.book
    assert book.id == book_id
    for p in book.paragraphs.values():  # three editions everywhere
        assert set(p.text.langs()) == {"ja", "en", "ko"}, p.id
        for c in p.choices:
            assert set(c.text.langs()) == {"ja", "en", "ko"}, p.id
        for e in p.combat.enemies if p.combat else ():
            assert set(e.name.langs()) == {"ja", "en", "ko"}, p.id
    for names in (book.title, *(i.name for i in book.items.values()), *(a.name for a in book.abilities.values()),
                  *(a.text for a in book.abilities.values()), *book.counters.values()):
        assert set(names.langs()) == {"ja", "en", "ko"}, names


def test_the_second_book_uses_what_the_first_leaves_out_r_gb_01_03_05_15() -> None:
    """R-GB-01: an attack check (an active deed) and defense checks against traps; the kill value of a
    carried weapon the reader takes up; R-GB-03: abilities that change the kill value and reroll a block;
    R-GB-05: a counter read from above (at_most), conditions on a stat, an ability and an item count;
    R-GB-15: a fight against two that may be fled (5 or 6)."""
    first, mine = load_book(sample_path()), load_book(MINE)

    def checks(book: Any) -> set[str]:
        return {p.check.stat for p in book.paragraphs.values() if p.check}

    def conditions(book: Any) -> list[Any]:
        return [c for p in book.paragraphs.values() for w in (*p.jumps, *p.choices) for c in w.when]

    assert checks(first) == {"stamina"} and {"attack", "defense"} <= checks(mine)
    traps = [p for p in mine.paragraphs.values() if p.check and p.check.stat == "defense"]
    assert len(traps) >= 2 and all("2D6" in p.text.get("ja") for p in traps)
    kinds = {c.kind for c in conditions(mine)}
    assert {"stat", "ability", "item", "progress", "flag"} <= kinds
    assert not {"stat", "ability"} & {c.kind for c in conditions(first)}
    assert any(c.kind == "progress" and c.at_most is not None and c.at_least == 0 for c in conditions(mine))
    assert any(c.kind == "item" and c.at_least >= 2 for c in conditions(mine))
    assert any(c.kind == "item" and c.negate for c in conditions(mine))
    gained = {e.key for p in mine.paragraphs.values() for e in p.effects if e.kind == "gain"}
    equipped = {e.key for p in mine.paragraphs.values() for e in p.effects if e.kind == "equip"}
    assert any(mine.items[k].kill for k in gained) and not equipped  # the reader takes the pick up himself
    assert any(a.kill for a in mine.abilities.values()) and not any(a.kill for a in first.abilities.values())
    assert any("defense" in a.rerolls for a in mine.abilities.values())
    assert any(p.combat and p.combat.escape and len(p.combat.enemies) == 2 for p in mine.paragraphs.values())
    lowered = {e.key for p in mine.paragraphs.values() for e in p.effects if e.kind == "stat" and e.amount < 0}
    assert {"attack", "defense", "stamina"} <= lowered


@pytest.mark.parametrize(("book_id", "path"), samples())
def test_no_fight_is_near_certain_for_most_starting_sheets_r_gb_02_10_12(book_id: str, path: Any) -> None:
    """With the starting sword and no ability, every fight of the book leaves most sheets creation can
    give (R-GB-02) a real chance of losing (win < 95%)."""
    book = load_book(path)
    sheets = start_sheets(book)
    for pid, para in book.paragraphs.items():
        if para.combat is None:
            continue
        wins = [combat_odds(fighter_for(s), list(para.combat.enemies), escape=False).win for s in sheets]
        assert sum(w >= 0.95 for w in wins) * 2 < len(sheets), (book_id, pid)


def test_the_cli_lists_the_books_and_takes_their_ids(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gamebook", "books", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "kaze-no-tou — The Tower of Winds" in out and "yami-no-kodo — The Dark Mine" in out
    assert main(["gamebook", "books", "--lang", "ko"]) == 0
    assert "어둠의 갱도" in capsys.readouterr().out
    assert main(["gamebook", "check", "yami-no-kodo", "--lang", "ja"]) == 0
    assert "問題なし" in capsys.readouterr().out
    assert main(["gamebook", "play", "yami-no-kodo", "--story", "--choices", "1,3", "--lang", "en"]) == 0
    assert "THE END" in capsys.readouterr().out
    assert SAMPLES[0] == "kaze-no-tou"  # 'sample' stays the first book


def test_the_reading_kind_sets_up_either_book() -> None:
    from meikyu.errors import DataError
    from meikyu.table.gamebook import ReadingKind

    kind = ReadingKind()
    assert kind.view(kind.setup({"sample": "yami-no-kodo"}, "ko"), "reader", "ko")["book"]["title"] == "어둠의 갱도"
    assert kind.view(kind.setup("sample", "en"), "reader", "en")["book"]["id"] == "kaze-no-tou"
    with pytest.raises(DataError) as bad:
        kind.setup({"sample": "nope"}, "en")
    assert "yami-no-kodo" in bad.value.message("en")
