"""The validator: every planted defect is reported at its paragraph and line; the sample book is clean."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest

from meikyu.errors import DataError
from meikyu.systems.gamebook.book import load_book, parse_book
from meikyu.systems.gamebook.books import sample_path
from meikyu.systems.gamebook.cli import register
from meikyu.systems.gamebook.validate import check_book, check_text

BOOKS = Path(__file__).parent / "books"
DEFECTS = BOOKS / "defects.toml"


def planted() -> list[tuple[int, str]]:
    """(line, kind) of every DEFECT marker in the defects book."""
    out = []
    for number, line in enumerate(DEFECTS.read_text(encoding="utf-8").splitlines(), start=1):
        m = re.search(r"DEFECT: (\w+)", line)
        if m:
            out.append((number, m.group(1)))
    return out


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(argv)
    return args.handler(args), capsys.readouterr().out


def test_every_planted_defect_is_located() -> None:
    """Missing links, unreachable, dead end, never-set conditions (R-GB-05/06), malformed combat blocks."""
    report = check_book(DEFECTS)
    found = sorted((p.line, p.key.split(".")[-1]) for p in report.problems)
    assert found == sorted(planted())
    assert all(p.paragraph for p in report.problems)


def test_sample_book_passes_and_exercises_every_rule() -> None:
    """The sample has ~40 paragraphs, several endings, a multi-enemy and an escapable fight, a stat check,
    a consumable, counters, flags, abilities, and a jump list where two conditions can hold (R-GB-07)."""
    report = check_book(sample_path())
    assert report.ok, [p.message("en") for p in report.problems]
    book = report.book
    ps = book.paragraphs.values()
    assert 38 <= len(book.paragraphs) <= 45
    assert sum(p.ending is not None for p in ps) >= 3
    assert any(p.combat and len(p.combat.enemies) > 1 for p in ps)
    assert any(p.combat and p.combat.escape for p in ps)
    assert any(p.check for p in ps)
    assert any(i.consumable for i in book.items.values())
    assert book.abilities and book.counters
    assert any(e.kind == "flag" for p in ps for e in p.effects)
    assert any(e.kind == "progress" for p in ps for e in p.effects)
    assert any(len([j for j in p.jumps if j.when]) >= 2 for p in ps)
    for p in ps:  # three editions everywhere
        assert set(p.text.langs()) == {"ja", "en", "ko"}, p.id
        for c in p.choices:
            assert set(c.text.langs()) == {"ja", "en", "ko"}, p.id
    for names in (book.title, *(i.name for i in book.items.values()), *(a.name for a in book.abilities.values()),
                  *book.counters.values()):
        assert set(names.langs()) == {"ja", "en", "ko"}, names


def test_cli_check_exit_status_and_locations(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_cli(["gamebook", "check", str(DEFECTS), "--lang", "en"], capsys)
    assert code == 1
    for line, _ in planted():
        assert f"defects.toml:{line}: [p." in out
    code, out = run_cli(["gamebook", "check", "sample", "--lang", "ja"], capsys)
    assert code == 0 and "問題なし" in out
    code, out = run_cli(["gamebook", "check", str(DEFECTS), "--format", "json"], capsys)
    data = json.loads(out)
    assert code == 1 and data["ok"] is False and len(data["problems"]) == len(planted())


def test_toml_syntax_error_is_located() -> None:
    problems = check_text("[book]\nid = \"x\"\nstart = 1\n[p.1]\ntext = \n")
    assert problems[0].key == "gb.book.toml" and problems[0].line == 5


def test_load_book_refuses_broken_books_naming_file_line_and_field() -> None:
    with pytest.raises(DataError) as info:
        load_book(DEFECTS)
    msg = info.value.message("en")
    assert "defects.toml:" in msg and "paragraph" in msg


def test_loader_rejects_bad_flag_codes_r_gb_06() -> None:
    """R-GB-06: flag codes are two-digit numbers; 123 is refused where it is written."""
    text = "[book]\nid='f'\nstart=1\n[p.1]\ntext='x'\neffects=[{flag=123}]\nending='good'\n"
    _, problems = parse_book(text)
    assert [(p.key, p.line) for p in problems] == [("gb.book.bad_flag", 6)]


def test_unknown_fields_and_missing_book_meta() -> None:
    _, problems = parse_book("[p.1]\ntext='x'\nending='good'\ncolour='red'\n")
    keys = {p.key for p in problems}
    assert {"gb.book.no_meta", "gb.book.no_start", "gb.book.unknown_field"} <= keys


def test_endless_fight_is_a_located_warning_r_gb_10_12_15(capsys: pytest.CaptureFixture[str]) -> None:
    """R-GB-10, R-GB-12, R-GB-15: a fight with an enemy Shin cannot hit even on a 12 (attack at least 5 there, 5 + 12 < 18)
    and who never wounds him (2 + defense 6 >= 7; the book raises only attack), and no escape, can never
    end: a warning at that enemy's line, not an error (exit 0). With escape, or an enemy he can hit on a
    12 or one that can wound him, nothing is said."""
    book = BOOKS / "endless.toml"
    warn_line = next(n for n, line in enumerate(book.read_text(encoding="utf-8").splitlines(), start=1)
                     if "WARN: endless" in line)
    report = check_book(book)
    # Played, p.4's angry golem (defense 30) can never be beaten: that fight can never be won.
    assert [(p.key, p.paragraph) for p in report.problems] == [("gb.check.never_win", "4")]
    assert [(w.key, w.paragraph, w.line) for w in report.warnings] == [("gb.check.endless", "2", warn_line)]
    params = dict(report.warnings[0].params)
    assert (params["attack"], params["defense"], params["enemy"]) == (5, 6, 2)
    code, out = run_cli(["gamebook", "check", str(book), "--lang", "en"], capsys)
    assert code == 1 and f"endless.toml:{warn_line}: [p.2] warning: this fight can never end" in out
    assert "1 warning(s)" in out
    code, out = run_cli(["gamebook", "check", str(book), "--format", "json", "--lang", "ja"], capsys)
    data = json.loads(out)
    assert code == 1 and data["warnings"][0]["line"] == warn_line
    assert "終わらない" in data["warnings"][0]["message"]
    assert check_book(sample_path()).warnings == ()


def test_all_conditional_ways_on_are_a_located_warning_r_gb_07() -> None:
    """R-GB-07: conditions are tried in order; when every jump (or every choice) has one and none holds,
    the reader is stuck. Warned at the jumps' line; "if X / if not X" covers every sheet and is not."""
    from meikyu.systems.gamebook.validate import _check

    text = """[book]
id = "fb"
start = 1
[p.1]
text = "Two doors."
choices = [{ to = 2, text = "Left" }, { to = 3, text = "Right" }]
[p.2]
text = "A flag check with no way on for some sheets."
jumps = [{ to = 4, if = { flag = 12 } }, { to = 4, if = { progress = "wind", at_least = 2 } }]
[p.3]
text = "Covered both ways."
jumps = [{ to = 4, if = { flag = 12 } }, { to = 1, if = { flag = 12, not = true } }]
[p.4]
text = "End."
ending = "good"
effects = [{ flag = 12 }, { progress = "wind" }]
"""
    report = _check(text, "fb.toml")
    # Played, the book is broken too: flag 12 is set only at the end, so p.2 is stuck and p.4 unreachable.
    assert {(p.key, p.paragraph) for p in report.problems} >= {("gb.check.stuck", "2"),
                                                               ("gb.check.ending_never_reached", "4")}
    jumps_line = text.splitlines().index(next(x for x in text.splitlines() if "progress = \"wind\", at_least" in x)) + 1
    assert [(w.key, w.paragraph, w.line) for w in report.warnings] == [("gb.check.no_fallback", "2", jumps_line)]
    assert "none holds" in report.warnings[0].message("en")


def test_allowed_patterns_are_not_problems_r_gb_05_06_07() -> None:
    """A book of what the format allows and the engine plays: a conditional jump followed by choices for
    whoever it does not take (R-GB-07: the first instruction that holds wins, and the choices are the last
    one), "flag 50 not recorded" where nothing records it (R-GB-06: a blank flag is absent) and "calm at most
    1" where nothing raises it (R-GB-05: a blank counter is 0). No problem, no warning, every paragraph and
    ending reached."""
    report = check_book(BOOKS / "allowed.toml")
    assert report.problems == () and report.warnings == (), [p.message("en") for p in
                                                               (*report.problems, *report.warnings)]
    from meikyu.systems.gamebook.explore import explore

    found = explore(report.book)
    assert found.reached == set(report.book.paragraphs) and not found.stuck


def test_jumps_then_choices_are_played_as_the_engine_plays_them_r_gb_07() -> None:
    """Scripted play of the allowed book with fixed dice: without the key the door's choices show; with it
    the jump is taken and they do not (R-GB-07)."""
    from meikyu.dice import ScriptedDice
    from meikyu.systems.gamebook.rules import Choose, GamebookRules, Proceed

    rules = GamebookRules(load_book(BOOKS / "allowed.toml"))
    dice = ScriptedDice([3, 4])
    state = rules.initial()
    for _ in range(3):  # roll, the higher die, the even spread
        state, _ = rules.step(state, rules.legal_actions(state)[0], dice)
    assert state.paragraph == "1"
    without, _ = rules.step(state, Choose(2), dice)
    assert without.paragraph == "3" and rules.legal_actions(without)[:2] == [Choose(1), Choose(2)]
    with_key, _ = rules.step(state, Choose(1), dice)
    with_key, _ = rules.step(with_key, Proceed(), dice)
    assert with_key.paragraph == "3" and rules.legal_actions(with_key)[0] == Proceed()
    with_key, _ = rules.step(with_key, Proceed(), dice)
    assert with_key.paragraph == "4"


REAL = """[book]
id = "real"
start = 1
[p.1]
text = "A door."
jumps = [{ to = 2, if = { flag = 11, not = true } }]
choices = [{ to = 3, text = "Knock", if = { progress = "noise", at_least = 1 } },
  { to = 3, text = "Wait", if = { flag = 12 } }]
[p.2]
text = "A hall."
effects = [{ flag = 11 }]
jumps = [{ to = 4, if = { flag = 11 } }]
choices = [{ to = 3, text = "Back" }]
[p.3]
text = "Never."
ending = "bad"
[p.4]
text = "End."
ending = "good"
"""


def test_real_problems_around_the_allowed_patterns_are_still_found_r_gb_05_06_07() -> None:
    """What is wrong is still reported: a condition that needs a counter or flag nothing sets (R-GB-05/06),
    a paragraph whose jumps and choices all have conditions (warned), a choice after a jump that always holds
    (never shown, R-GB-07)."""
    from meikyu.systems.gamebook.validate import _check

    report = _check(REAL, "real.toml")
    assert sorted((p.key, p.paragraph) for p in report.problems) == [
        ("gb.check.never_set", "1"), ("gb.check.never_set", "1")]
    assert [(w.key, w.paragraph) for w in report.warnings] == [("gb.check.no_fallback", "1")]
    played = _check(REAL.replace('{ to = 3, text = "Knock", if = { progress = "noise", at_least = 1 } },\n  '
                                 '{ to = 3, text = "Wait", if = { flag = 12 } }', '{ to = 3, text = "Knock" }'),
                    "real.toml")
    assert sorted((p.key, p.paragraph) for p in played.problems) == [
        ("gb.check.choice_shadowed", "1"), ("gb.check.choice_shadowed", "2"), ("gb.check.ending_never_reached", "3")]
