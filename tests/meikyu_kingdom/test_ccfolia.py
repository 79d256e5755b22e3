"""Issue 12 §5: characters to and from ccfolia's clipboard JSON; the kingdom and court as Markdown."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from meikyu.cli import main
from meikyu.errors import DataError
from meikyu.systems.meikyu_kingdom.ccfolia import from_ccfolia, kingdom_markdown, palette, to_ccfolia
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_every_sample_character_goes_to_ccfolia_and_back(lang: str) -> None:
    for char in sample().characters:
        clip = json.loads(json.dumps(to_ccfolia(char, lang), ensure_ascii=False))  # as pasted
        assert clip["kind"] == "character" and clip["data"]["name"] == char.label(lang)
        assert all(isinstance(p["value"], str) for p in clip["data"]["params"])  # ccfolia keeps text
        assert from_ccfolia(clip, base=char) == char
        alone = from_ccfolia(clip)  # without the sheet: the numbers and the id
        assert (alone.id, alone.hp, alone.max_hp, alone.drive, alone.capacity, alone.valor, alone.evasion) == (
            char.id, char.hp, char.max_hp, char.drive, char.capacity, char.valor, char.evasion,
        )  # fmt: skip


def test_the_palette_holds_ready_bcdice_commands() -> None:
    doyun = sample().characters[1]
    lines = palette(doyun, "ja")
    assert lines[:4] == ["2MK+{才覚}>=9 〔才覚〕判定", "2MK+{魅力}>=9 〔魅力〕判定", "2MK+{探索}>=9 〔探索〕判定",
                         "2MK+{武勇}>=9 〔武勇〕判定"]  # fmt: skip
    assert "2MK+{武勇} 命中判定（長槍）" in lines and "C(4) ダメージ（長槍、+敵意）" in lines
    assert "CAT 痛打表" in lines and "FWT 致命傷表" in lines
    assert palette(doyun, "ko")[0] == "2MK+{재치}>=9 〔재치〕 판정"


def test_what_changed_in_ccfolia_comes_back() -> None:
    """HP lost and drive gained at the ccfolia table, then imported onto the sheet."""
    mir = sample().characters[3]
    clip = to_ccfolia(mir, "ja")
    clip["data"]["status"][0]["value"] = 3
    clip["data"]["status"][1]["value"] = 2
    clip["data"]["status"][2]["value"] = 6
    back = from_ccfolia(clip, base=mir)
    assert back == replace(mir, hp=3, drive=2, minions=6)


def test_a_bad_paste_is_a_clear_error() -> None:
    with pytest.raises(DataError) as err:
        from_ccfolia({"kind": "item"})
    assert "ccfolia" in err.value.message("en")
    clip = to_ccfolia(sample().characters[0], "en")
    clip["data"]["params"][0]["value"] = "two"
    with pytest.raises(DataError) as err:
        from_ccfolia(clip)
    assert "whole number" in err.value.message("en")
    clip = to_ccfolia(sample().characters[0], "en")
    clip["data"]["status"][1]["value"] = 9  # drive above capacity: the sheet's own rule refuses it
    with pytest.raises(DataError):
        from_ccfolia(clip)


def test_kingdom_markdown_in_three_languages() -> None:
    s = sample()
    ko = kingdom_markdown(s.kingdom, s.characters, "ko")
    assert ko.startswith("# 버섯골 왕국\n") and "| 하늘 | 왕족 | 1 |" in ko and "## 궁정" in ko
    ja = kingdom_markdown(s.kingdom, s.characters, "ja")
    assert "| ハヌル |" in ja and "民の声6" in ja
    en = kingdom_markdown(s.kingdom, s.characters, "en")
    assert "Voice of the People 6" in en and "meat 2" in en


def test_cli_export_and_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mk", "export", "sample", "--actor", "seoa", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    path = tmp_path / "seoa.json"
    path.write_text(out, encoding="utf-8")
    assert main(["mk", "import", str(path), "--sheet", "sample"]) == 0
    back = json.loads(capsys.readouterr().out)
    assert back == sample().characters[2].to_data()
    assert main(["mk", "export", "sample", "--to", "markdown", "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith("# Kingdom of Mushroom Hollow")
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    assert main(["mk", "import", str(bad), "--lang", "en"]) == 2
    assert "not readable as JSON" in capsys.readouterr().err
