"""``meikyu mk simulate`` and ``meikyu mk battle`` (R-MK-24 strategy by typed dice; undo)."""

from __future__ import annotations

import io
import json

import pytest

from meikyu.cli import main
from meikyu.dice import RandomDice
from meikyu.engine import Game
from meikyu.systems.meikyu_kingdom.combat.bestiary import load_encounter
from meikyu.systems.meikyu_kingdom.combat.cli import run_battle
from meikyu.systems.meikyu_kingdom.combat.rules import BattleRules


def test_simulate_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mk", "simulate", "sample", "--battles", "40", "--seed", "2", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in (
        "battles",
        "wins",
        "win_rate",
        "win_rate_low",
        "win_rate_high",
        "mean_rounds",
        "battles_per_second",
        "cpu_battles_per_second",
    ):
        assert key in data
    assert data["battles"] == 40 and data["win_rate_low"] <= data["win_rate"] <= data["win_rate_high"]
    assert set(data["pcs"]) == {"hana", "toru", "mio", "sora"}


def test_simulate_is_reproducible_with_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    main(["mk", "simulate", "sample", "--battles", "30", "--seed", "5", "--format", "json"])
    first = json.loads(capsys.readouterr().out)
    main(["mk", "simulate", "sample", "--battles", "30", "--seed", "5", "--format", "json"])
    second = json.loads(capsys.readouterr().out)
    assert first["wins"] == second["wins"] and first["mean_rounds"] == second["mean_rounds"]


def test_simulate_jobs_split_the_work(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            ["mk", "simulate", "sample", "--battles", "30", "--seed", "1", "--jobs", "2", "--format", "json"]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["battles"] == 30


def test_simulate_text_in_korean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mk", "simulate", "sample", "--battles", "20", "--seed", "1", "--lang", "ko"]) == 0
    out = capsys.readouterr().out
    assert "궁정 승리" in out and "Hana" in out


@pytest.mark.parametrize("argv", [["--battles", "0"], ["--battles", "many"], ["--jobs", "-1"]])
def test_simulate_bad_numbers_are_clear_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mk", "simulate", "sample", *argv, "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "whole number of at least 1" in err and "Traceback" not in err


def test_simulate_missing_file_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mk", "simulate", "/nonexistent/x.toml", "--lang", "en"]) == 2
    assert "cannot read the file" in capsys.readouterr().err


def test_battle_runner_typed_dice_undo_and_views() -> None:
    """The terminal loop: begin, a strategy check with typed dice (R-MK-24) — its 6 kept for the
    achievement when asked (R-MK-14) —, undo of the answer and of the check, views, quit."""
    answers = iter(["go", "3t", "6 5", "1", "u", "u", "3t", "1 1", "p", "g", "zz", "q"])
    out = io.StringIO()
    game: Game = Game(BattleRules(), load_encounter("sample"), dice=RandomDice(1))
    assert run_battle(game, "en", lambda _prompt: next(answers), out, fallback=RandomDice(1)) == 0
    text = out.getvalue()
    assert "which reading?" in text and "use 6+5 → 14: success" in text
    assert "strategy check [6,5]" in text and text.count("Took back the last action.") == 2
    assert "strategy check [1,1]" in text and "(fumble)" in text
    assert "What the players see" in text and "GM actions:" in text and "is not a GM action" in text
    assert game.state.phase == "act" and game.state.first == "monsters"
    assert len(game.history) == 2


def test_battle_runner_auto_dice_to_the_end() -> None:
    out = io.StringIO()
    game: Game = Game(BattleRules(), load_encounter("sample"), dice=RandomDice(3))
    from meikyu.systems.meikyu_kingdom.combat.menu import action_key
    from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy

    def answer(_prompt: str) -> str:  # the GM types the key of what the tactical policy would do
        state = game.state
        action = TacticalPolicy().choose(state, game.legal_actions())
        hope = getattr(action, "hope", 0)
        return action_key(state, action) + (f"+{hope}" if hope else "")

    assert run_battle(game, "ja", answer, out, auto_dice=True, fallback=RandomDice(3)) == 0
    assert game.state.phase == "over" and "戦闘終了" in out.getvalue()
