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
    assert "成功" in out and "才覚" in out


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
