"""The terminal round table `meikyu mk table` (R-MK-03 … R-MK-06), driven by scripts."""

from __future__ import annotations

import argparse
import json

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.systems.meikyu_kingdom import cli
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
from meikyu.systems.meikyu_kingdom.table_runner import TableRunner

SCRIPT = """\
# organization meeting (R-MK-04)
minions 도윤 10
minions mir 5
next
# budget meeting (R-MK-05): a field next to the others, then a passage joining it
facility 밭 B3
approve
passage B3 C3
approve
facility 대장간 C1
approve
facility 이민가 A3
approve
refuse
item 하늘 횃불 2
approve
next
"""


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    cli.register(parser.add_subparsers(dest="cmd"))
    return parser.parse_args(argv)


def test_r_mk_05_r_mk_06_scripted_round_table(tmp_path, capsys) -> None:
    """R-MK-03..06: minions handed out, a field bought and joined by a passage (group B3+C3 level 2),
    a smithy bought, an immigrant town refused for lack of budget, a free item; map and groups shown after each land change."""
    script = tmp_path / "table.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    args = parse(["mk", "table", "sample", "--script", str(script), "--lang", "en", "--format", "json"])
    status = args.handler(args)
    captured = capsys.readouterr()
    text, out = captured.err, captured.out  # with --format json, stdout is the JSON alone
    assert status == 1  # the over-budget approval was refused by the rules and reported
    assert "this request costs 3 MG but the budget is 2 MG" in text
    assert "Field at B3+C3 — facility level 2" in text
    assert text.count("Home Land") == 4  # intro + after each of the three approved land changes
    data = json.loads(out)
    assert data["stage"] == "done" and data["kingdom"]["budget"] == 2 and data["kingdom"]["citizens"] == 25
    court = {c["id"]: c for c in data["court"]}
    assert court["doyun"]["minions"] == 10 and court["mir"]["minions"] == 5
    assert any(i and i["name"] == "횃불" for i in court["haneul"]["items"])


def test_r_mk_05_undo_and_a_refusal_change_nothing() -> None:
    """R-MK-05: a refused request leaves the kingdom as it was; undo takes back an approval."""
    s = sample()
    runner = TableRunner(s.kingdom, s.characters, "ko")
    for line in ("next", "passage C1 C2", "refuse"):
        runner.feed(line)
    assert runner.state.kingdom == s.kingdom
    runner.feed("passage C1 C2")
    runner.feed("approve")
    assert runner.state.kingdom.budget == 5 and runner.state.kingdom.maps[0].joined("C1", "C2")
    out = runner.feed("undo")
    assert runner.state.pending is not None and any("본토" in line for line in out)
    runner.feed("refuse")
    assert runner.state.kingdom == s.kingdom


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("bogus", "unknown command 'bogus'"),
        ("minions doyun many", "'many' is not a whole number"),
        ("minions", "usage: minions WHO N"),
        ("minions nobody 1", "nobody"),
        ("facility 밭 B3 2", "there is no map 2"),
        ("approve", "no request"),
    ],
)
def test_bad_commands_get_clear_messages_and_change_nothing(line: str, needle: str) -> None:
    s = sample()
    runner = TableRunner(s.kingdom, s.characters, "en")
    if line.startswith("facility"):
        runner.feed("next")
    before = runner.state
    out = runner.feed(line)
    assert out[0].startswith("! ") and needle in out[0] and runner.state == before and runner.errors == 1


def test_keyboard_loop_and_save(tmp_path, monkeypatch, capsys) -> None:
    """Interactive mode reads typed lines until end of input; --save writes a replayable game."""
    from meikyu.engine import Game
    from meikyu.systems.meikyu_kingdom.kingdom.round_table import RoundTableRules

    typed = iter(["help", "next", "passage C1 C2", "approve", "quit"])

    def fake_input(prompt: str = "") -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    saved = tmp_path / "rt.json"
    args = parse(["mk", "table", "sample", "--save", str(saved), "--lang", "ja"])
    assert args.handler(args) == 0
    out = capsys.readouterr().out
    assert "コマンド" in out and "承認" not in out
    game = Game.from_data(RoundTableRules(), json.loads(saved.read_text(encoding="utf-8")))
    assert game.state.kingdom.budget == 5


@pytest.mark.parametrize(("lang", "name"), [("ko", "도윤"), ("ja", "ドユン"), ("en", "Doyun")])
def test_minion_line_names_the_character_not_its_id(lang: str, name: str) -> None:
    """R-MK-04: the organization meeting's minion line shows the character's localized name."""
    s = sample()
    assert s.kingdom is not None
    line = TableRunner(s.kingdom, s.characters, lang).feed("minions doyun 5")[0]
    assert line.startswith(name) and "doyun" not in line, line


def test_ja_round_table_uses_one_word_for_map() -> None:
    """R-MK-05/06: group lines and requests both say マップ in ja (never 地図), 지도 in ko."""
    s = sample()
    assert s.kingdom is not None
    for lang, word, other in (("ja", "マップ", "地図"), ("ko", "지도", "맵")):
        runner = TableRunner(s.kingdom, s.characters, lang)
        text = "\n".join([runner.map_text(), *runner.feed("next"), *runner.feed("passage C1 C2"), *runner.feed("help")])
        assert word in text and other not in text, text


def test_korean_lines_carry_no_particle_hedges() -> None:
    """R-MK-04/05 in ko: names are followed by the particle that fits them (도윤이, 미르가), not 이(가)."""
    s = sample()
    assert s.kingdom is not None
    runner = TableRunner(s.kingdom, s.characters, "ko")
    lines = [*runner.feed("minions doyun 5"), *runner.feed("minions mir 5")]
    assert lines[0].startswith("도윤의 부하는 이제 5명") and any(line.startswith("미르의 ") for line in lines), lines
    assert not any("(가)" in line or "(으)" in line for line in lines), lines


def test_minion_line_gives_the_new_total() -> None:
    """R-MK-04: a second hand-out says how many minions the character now leads (the total)."""
    s = sample()
    assert s.kingdom is not None
    runner = TableRunner(s.kingdom, s.characters, "en")
    runner.feed("minions doyun 5")
    assert runner.feed("minions doyun 3")[0] == "Doyun's minions: 8 now; 32 citizens stay home."


def test_facility_typed_in_ja_joins_the_korean_named_group() -> None:
    """R-MK-06: 畑 typed at a ja table is the catalog's 밭, so a passage makes one group of level 3;
    an unknown facility is refused with the known ones listed in the table's language."""
    s = sample()
    assert s.kingdom is not None
    runner = TableRunner(s.kingdom, s.characters, "ja")
    for line in ("next", "facility 畑 A3", "approve", "passage A2 A3", "approve"):
        runner.feed(line)
    groups = [(g.name, g.rooms, g.level) for g in runner.state.kingdom.maps[0].facility_groups()]
    assert ("밭", ("A1", "A2", "A3"), 3) in groups
    error = runner.feed("facility 宿屋 B3")[0]
    assert error.startswith("! ") and "宿屋" in error and "畑" in error and "밭" not in error, error
    error = runner.feed("item 誰か 松明 1")[0]
    assert "ハヌル" in error and "haneul" not in error, error


def test_table_errors_name_characters_and_refuse_negative_minions() -> None:
    """R-MK-04/05: a negative hand-out gets its own message; a rule error names the character by its
    display name; Korean error lines carry no 을(를) hedge after a number."""
    s = sample()
    assert s.kingdom is not None
    runner = TableRunner(s.kingdom, s.characters, "ko")
    negative = runner.feed("minions mir -3")[0]
    assert "-3" in negative and "0 이상" in negative, negative
    runner.feed("next")
    assert "(를)" not in runner.feed("item seoa 횃불 5")[0]
    runner.feed("item seoa 횃불 1")
    runner.feed("approve")
    twice = runner.feed("item seoa 밧줄 1")[0]
    assert twice.startswith("! 서아는 ") and "seoa" not in twice, twice
