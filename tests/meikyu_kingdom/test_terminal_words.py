"""Issue 12 §4: the terminal as a GM uses it — localized words, undo lines, JSON that is only JSON."""

from __future__ import annotations

import io
import json
import sys

import pytest

from meikyu.cli import main
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
from meikyu.systems.meikyu_kingdom.table_runner import TableRunner


def test_round_table_takes_korean_and_japanese_command_words() -> None:
    s = sample()
    runner = TableRunner(s.kingdom, s.characters, "ko")
    runner.feed("부하 doyun 5")
    undo = runner.feed("되돌리기")
    assert undo[0] == "되돌림: 부하 배분." and "AssignMinions" not in "".join(undo)
    runner.feed("다음")
    runner.feed("item seoa 횃불 1")
    assert "허가" in runner.feed("허가")[0] and runner.errors == 0
    ja = TableRunner(s.kingdom, s.characters, "ja")
    ja.feed("次")
    ja.feed("item seoa 横笛 1")
    assert "却下" in ja.feed("却下")[0]
    assert ja.feed("取り消し")[0] == "取り消し: GMの却下。"


def test_check_accepts_a_stat_in_the_games_language(capsys: pytest.CaptureFixture[str]) -> None:
    for word in ("매력", "魅力", "Charm"):
        assert main(["mk", "check", "--stat", word, "--sheet", "sample", "--actor", "haneul",
                     "--difficulty", "9", "--dice", "3,4", "--format", "json"]) == 0  # fmt: skip
        assert json.loads(capsys.readouterr().out)["achievement"] == 10  # 7 + charm 3


def test_table_json_is_only_json(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("next\nnext\n"))
    assert main(["mk", "table", "sample", "--script", "-", "--format", "json", "--lang", "en"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["stage"] == "done" and "round table" in captured.err


def test_battle_has_no_format_option(capsys: pytest.CaptureFixture[str]) -> None:
    """``mk battle`` is interactive: a --format that did nothing is gone (a clear usage error)."""
    with pytest.raises(SystemExit):
        main(["mk", "battle", "sample", "--format", "json"])
    assert "--format" in capsys.readouterr().err
