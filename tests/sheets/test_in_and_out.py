"""Issue 27 §4: ccfolia and Udonarium in and out (round trips keep name, stats, HP, drive, minions and the
palette; Udonarium's XML read by a strict parser), from Python and from the CLI."""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import replace
from pathlib import Path
from xml.dom import minidom
from xml.etree import ElementTree as ET

import pytest

from meikyu.cli import main
from meikyu.errors import DataError
from meikyu.systems.meikyu_kingdom import udonarium
from meikyu.systems.meikyu_kingdom.ccfolia import read_ccfolia, to_ccfolia
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

KEPT = ("name", "wit", "charm", "search", "valor", "hp", "max_hp", "drive", "capacity", "minions", "evasion", "level")


def _same(a, b) -> None:  # type: ignore[no-untyped-def]
    assert {k: getattr(a, k) for k in KEPT} == {k: getattr(b, k) for k in KEPT}


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_ccfolia_round_trip_keeps_numbers_and_palette(lang: str) -> None:
    mir = replace(sample().characters[3], hp=3, drive=1, minions=4, names={})
    mine = replace(mir, palette="2MK+{才覚}>=9\nCC<=50 私の行")
    for char in (mir, mine):
        clip = json.loads(json.dumps(to_ccfolia(char, lang), ensure_ascii=False))
        back, unread = read_ccfolia(clip)
        _same(back, char)
        assert unread == []
        # without the sheet the palette pasted is kept as it is, so it goes back to ccfolia unchanged
        assert to_ccfolia(back, lang)["data"]["commands"] == clip["data"]["commands"]
        assert read_ccfolia(clip, base=char)[0] == char  # with it, the sheet comes back whole


def test_ccfolia_import_says_what_it_could_not_read() -> None:
    clip = to_ccfolia(sample().characters[0], "ja")
    clip["data"]["params"].append({"label": "SAN", "value": "40"})
    clip["data"]["status"].append({"label": "MP", "value": 3, "max": 5})
    _, unread = read_ccfolia(clip)
    assert unread == ["MP", "SAN"]


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_udonarium_zip_is_strict_xml_with_udonariums_elements_and_reads_back(lang: str) -> None:
    for char in sample().characters:
        raw = udonarium.to_zip(replace(char, minions=2), lang)
        with zipfile.ZipFile(io.BytesIO(raw)) as z:
            assert z.namelist() == ["data.xml"]
            xml = z.read("data.xml")
        minidom.parseString(xml)  # expat: refuses anything not well-formed
        root = ET.fromstring(xml)
        assert root.tag == "character"
        body = root.find("data[@name='character']")
        assert body is not None
        assert [d.get("name") for d in body] == ["image", "common", "detail"]
        assert body.findtext("data[@name='common']/data[@name='name']") == char.label(lang)
        bars = [d for d in body.iter("data") if d.get("type") == "numberResource"]
        assert [(b.get("name"), b.get("currentValue"), b.text) for b in bars][0] == ("HP", str(char.hp), str(char.max_hp))
        assert any(d.get("type") == "note" for d in body.iter("data"))
        chat = root.find("chat-palette")
        assert chat is not None and chat.get("dicebot") == "MeikyuKingdom"
        wit_label = body.find("data[@name='detail']")[1][0].get("name")  # type: ignore[index]
        assert (chat.text or "").splitlines()[0] == f"//{wit_label}={char.wit}"
        back, unread = udonarium.read(raw)
        _same(back, replace(char, minions=2, name=char.label(lang)))
        assert unread == [] and back.id == char.id
        assert udonarium.read(raw, base=char)[0] == replace(char, minions=2)


def test_udonarium_bad_files_are_clear_errors() -> None:
    for raw, key in ((b"PK\x03\x04junk", "mk.udonarium.error.not_udonarium"),
                     (b"<character><data name='x'/>", "mk.udonarium.error.xml"),
                     (b"<item/>", "mk.udonarium.error.not_udonarium")):
        with pytest.raises(DataError) as err:
            udonarium.read(raw, file="x.zip")
        assert err.value.key == key and "x.zip" in err.value.message("ko")


def test_cli_udonarium_export_and_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "seoa.zip"
    assert main(["mk", "export", "sample", "--to", "udonarium", "--actor", "seoa", "--out", str(out), "--lang", "ja"]) == 0
    capsys.readouterr()
    assert main(["mk", "import", str(out), "--sheet", "sample"]) == 0
    seoa = next(c for c in sample().characters if c.id == "seoa")
    assert json.loads(capsys.readouterr().out) == seoa.to_data()
