"""``meikyu liberator …`` commands, run through the parser the way the top-level CLI runs them."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from meikyu.systems.liberator.cli import register


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="meikyu")
    register(parser.add_subparsers())
    args = parser.parse_args(argv)
    code = args.handler(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_mission_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        [
            "liberator",
            "mission",
            "--players",
            "3",
            "--levels",
            "1,1,1",
            "--type",
            "final",
            "--seed",
            "9",
            "--format",
            "json",
        ],
        capsys,
    )
    data = json.loads(out)
    assert code == 0 and data["ok"] and data["type"] == "final" and data["budget"] == 18
    assert sum(o["evaluation"] for o in data["obstacles"]) <= 18 and 1 <= len(data["enhancements"]) <= 3
    assert {"kind", "attribute", "target", "evaluation"} <= set(data["obstacles"][0])
    assert {"name", "bonus"} <= set(data["enhancements"][0])
    again = run(
        [
            "liberator",
            "mission",
            "--players",
            "3",
            "--levels",
            "1,1,1",
            "--type",
            "final",
            "--seed",
            "9",
            "--format",
            "json",
        ],
        capsys,
    )[1]
    assert again == out


def test_mission_bad_levels(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        ["liberator", "mission", "--players", "3", "--levels", "1,x", "--lang", "en"], capsys
    )
    assert code == 2 and "1,1,2" in err and "Traceback" not in err
    code, out, _ = run(
        ["liberator", "mission", "--players", "2", "--levels", "1", "--format", "json", "--lang", "ja"],
        capsys,
    )
    assert code == 2 and json.loads(out)["ok"] is False and "プレイヤー" in json.loads(out)["reason"]


def test_mission_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["liberator", "mission", "--players", "2", "--levels", "1,2", "--type", "turning", "--seed", "1"],
        capsys,
    )
    assert code == 0 and "予算 10" in out


def test_cards_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = Path(__file__).parents[2] / "src/meikyu/systems/liberator/data/actions.toml"
    code, out, _ = run(["liberator", "cards", "check", str(good), "--lang", "en"], capsys)
    assert code == 0 and "0 error(s)" in out
    bad = tmp_path / "mine.toml"
    bad.write_text(
        '[[actions]]\nid = "x"\nname = "X"\nattribute = "P"\nrecovery = 2\npower = [0,1,2,3,4,5]\neffects = ["即:捨","即:P-1","","","","付:P+1"]\n',
        encoding="utf-8",
    )
    code, out, _ = run(["liberator", "cards", "check", str(bad), "--format", "json"], capsys)
    data = json.loads(out)
    assert code == 1 and not data["ok"] and [v["code"] for v in data["violations"]] == ["over_budget"]
    broken = tmp_path / "broken.toml"
    broken.write_text('[[actions]]\nid = "x"\n', encoding="utf-8")
    code, out, err = run(["liberator", "cards", "check", str(broken), "--lang", "en"], capsys)
    assert code == 2 and "broken.toml" in err and "actions[0].attribute:" in err and "5 problem(s)" in err
    code, out, err = run(["liberator", "cards", "check", str(tmp_path / "none.toml"), "--lang", "ko"], capsys)
    assert code == 2 and "읽을 수 없습니다" in err


def test_odds_and_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["liberator", "odds", "swing", "--obstacles", "P3", "--format", "json"], capsys)
    assert code == 0 and json.loads(out)["probability"] == "3/4"
    code, out, err = run(["liberator", "odds", "swing", "--obstacles", "X9", "--lang", "en"], capsys)
    assert code == 2 and "P3" in err
    code, out, _ = run(["liberator", "cards", "list"], capsys)
    assert code == 0 and "振り回し" in out


def test_play_reports_bad_commands_without_stopping(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "s.txt"
    script.write_text(
        "frobnicate\ngenerate normal 4\ndeclare nothing\n99\nodds 99\nhelp\nundo\nundo\nquit\n",
        encoding="utf-8",
    )
    code, out, _ = run(
        ["liberator", "play", "--players", "ann:warrior:mount", "--script", str(script), "--lang", "en"],
        capsys,
    )
    assert code == 0
    assert "Unknown command 'frobnicate'" in out and "'nothing' is not an action card in hand" in out
    assert (
        "There is no option 99" in out
        and "Undone: GM: generate a normal mission (seed 4)" in out
        and out.count("\n! ") >= 5
    )
    code, out, err = run(["liberator", "play", "--players", "ann", "--script", str(script)], capsys)
    assert code == 2 and "ann:warrior" in err


def test_ko_and_en_tables_show_translated_sample_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-LB-04: a ko or en table reads sample card and obstacle names in its language, not ja."""
    script = tmp_path / "s.txt"
    script.write_text("generate final 2\nquit\n", encoding="utf-8")
    for lang, name in (("en", "Swing"), ("ko", "휘두르기")):
        code, out, _ = run(
            ["liberator", "play", "--players", "ann:warrior:mount", "--script", str(script), "--lang", lang],
            capsys,
        )
        assert code == 0 and name in out and "振り回し" not in out
        assert not any("\u3040" <= ch <= "\u30ff" for ch in out.replace("・", "")), out
    code, out, _ = run(["liberator", "odds", "swing", "--obstacles", "P3", "--lang", "en"], capsys)
    assert "Swing" in out


def test_mission_party_option_keeps_obstacles_removable(capsys: pytest.CaptureFixture[str]) -> None:
    """R-LB-04: ``mission --party`` only sets obstacles the named jobs can remove; bad jobs are explained."""
    from meikyu.systems.liberator.cli import _party_reach

    reach, _ = _party_reach("warrior,mage")
    for seed in range(20):
        code, out, _ = run(
            [
                "liberator",
                "mission",
                "--players",
                "2",
                "--levels",
                "1,1",
                "--type",
                "final",
                "--seed",
                str(seed),
                "--party",
                "warrior,mage",
                "--format",
                "json",
            ],
            capsys,
        )
        assert code == 0
        assert all(o["target"] <= reach[o["attribute"]] for o in json.loads(out)["obstacles"])
    code, _, err = run(
        ["liberator", "mission", "--players", "1", "--levels", "1", "--party", "nobody"], capsys
    )
    assert code == 2 and "warrior" in err
