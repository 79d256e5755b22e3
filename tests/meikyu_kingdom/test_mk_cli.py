"""`meikyu mk check | sheet | kingdom` through the mk parser."""

from __future__ import annotations

import argparse
import json

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.errors import InputError
from meikyu.systems.meikyu_kingdom import cli


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    parser = argparse.ArgumentParser()
    cli.register(parser.add_subparsers(dest="cmd"))
    args = parser.parse_args(argv)
    assert args.handler(args) == 0
    return capsys.readouterr().out


def test_check_json_fields_r_mk_11_fumble_and_r_mk_20_disaster(capsys) -> None:
    """R-MK-11/R-MK-20: a fumble at voice 5 with 4 players costs voice and triggers a disaster."""
    out = run(["mk", "check", "--stat", "3", "--difficulty", "9", "--voice", "5", "--dice", "1,1", "--format", "json"], capsys)
    data = json.loads(out)
    for key in ("dice", "used", "converted", "achievement", "success", "critical", "fumble",
                "drive_after", "voice_after", "minions_after", "disaster"):
        assert key in data
    assert data["fumble"] and data["voice_after"] == 4 and data["disaster"] and data["achievement"] == 0


def test_check_hope_from_drive_and_minion_help(capsys) -> None:
    """R-MK-15/R-MK-19 through the CLI: drive pays the hope die, minions close a 1-point gap."""
    out = run(["mk", "check", "--stat", "1", "--difficulty", "9", "--hope", "1", "--drive", "1", "--capacity", "2",
               "--minions", "4", "--dice", "1,3,4,2", "--format", "json", "--odds"], capsys)
    data = json.loads(out)
    assert data["used"] == [3, 4] and data["achievement"] == 9 and data["success"]
    assert data["drive_after"] == 0 and data["minions_after"] == 2 and data["voice_after"] == 10
    assert data["odds"]["success"]


def test_check_text_is_localized(capsys) -> None:
    out = run(["mk", "check", "--stat", "2", "--difficulty", "7", "--dice", "3,3", "--lang", "ja"], capsys)
    assert "成功" in out and "能力値" in out
    # A bare number is not any named stat: the text must not claim it was wit (R-MK-10).
    assert "才覚" not in out


def test_check_rejects_bad_options() -> None:
    parser = argparse.ArgumentParser()
    cli.register(parser.add_subparsers(dest="cmd"))
    args = parser.parse_args(["mk", "check", "--stat", "2", "--difficulty", "7", "--drive", "4", "--capacity", "2"])
    with pytest.raises(InputError) as info:
        args.handler(args)
    assert "4" in info.value.message("ko")


def test_sheet_and_kingdom_display(capsys) -> None:
    out = run(["mk", "kingdom", "sample", "--lang", "en"], capsys)
    assert "Kingdom of Mushroom Hollow" in out and "Field at A1+A2 — facility level 2" in out
    out = run(["mk", "sheet", "sample", "--lang", "ko"], capsys)
    assert "하늘" in out and "회피치" in out
    data = json.loads(run(["mk", "kingdom", "sample", "--format", "json"], capsys))
    assert {"map": 0, "name": "밭", "rooms": ["A1", "A2"], "level": 2} in data["facility_groups"]


def test_sheet_file_errors_name_the_field(tmp_path) -> None:
    p = tmp_path / "bad.toml"
    p.write_text('[kingdom]\nname = "x"\nvoice = -1\n', encoding="utf-8")
    parser = argparse.ArgumentParser()
    cli.register(parser.add_subparsers(dest="cmd"))
    args = parser.parse_args(["mk", "kingdom", str(p)])
    with pytest.raises(InputError) as info:
        args.handler(args)
    assert "voice" in info.value.message("en") and "bad.toml" in info.value.message("en")


def test_check_with_sheet_and_actor_uses_the_sheet_values(capsys) -> None:
    """R-MK-10/R-MK-12: --sheet/--actor take the stat, drive, voice and favor from the sample sheet."""
    out = run(["mk", "check", "--sheet", "sample", "--actor", "하늘", "--stat", "charm", "--difficulty", "9",
               "--helper", "doyun", "--dice", "2,3", "--format", "json"], capsys)
    data = json.loads(out)
    # dice 5 + haneul's charm 3 + doyun's favor 3 toward haneul = 11
    assert data["achievement"] == 11 and data["success"] and data["voice_after"] == 6 and data["drive_after"] == 1


def test_check_with_sheet_national_check_needs_no_actor(capsys) -> None:
    """R-MK-18: a national check from the sheet's kingdom (military 2); a fumble costs the sheet's voice."""
    data = json.loads(run(["mk", "check", "--sheet", "sample", "--stat", "military", "--difficulty", "9",
                           "--dice", "1,1", "--format", "json"], capsys))
    assert data["fumble"] and data["voice_after"] == 5 and data["drive_after"] is None
    data = json.loads(run(["mk", "check", "--sheet", "sample", "--stat", "military", "--difficulty", "9",
                           "--dice", "4,3", "--format", "json"], capsys))
    assert data["achievement"] == 9 and data["success"]


def test_check_sheet_errors_are_clear() -> None:
    """Bad combinations name the option and what would be right."""
    parser = argparse.ArgumentParser()
    cli.register(parser.add_subparsers(dest="cmd"))
    for argv, needle in (
        (["--sheet", "sample", "--stat", "charm"], "--actor"),
        (["--stat", "charm"], "--sheet"),
        (["--stat", "2", "--actor", "x"], "--sheet"),
        (["--sheet", "sample", "--actor", "nobody", "--stat", "wit"], "haneul"),
    ):
        args = parser.parse_args(["mk", "check", "--difficulty", "7", *argv])
        with pytest.raises(InputError) as info:
            args.handler(args)
        assert needle in info.value.message("en")


def test_check_odds_count_minion_help(capsys) -> None:
    """R-MK-19: --odds with minions shows the chance with the policy's minion help (31/36 here)."""
    data = json.loads(run(["mk", "check", "--stat", "3", "--difficulty", "9", "--minions", "3", "--dice", "6,5",
                           "--odds", "--format", "json"], capsys))
    assert data["odds"]["success"] == "31/36"
