"""meikyu.files (issue 16 §5, §6): encodings, bounded reads, paths inside files, atomic saves."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from meikyu.errors import DataError
from meikyu.files import (
    MAX_DEPTH,
    check_writable,
    decode,
    named_path,
    parse_json,
    parse_toml,
    read_text,
    write_atomic,
    write_json,
)

KOREAN = 'name = "버섯골 왕국"\nnote = "사라와 도윤이 함께 간다 · 미궁"\n'
JAPANESE = 'name = "風の塔"\nnote = "シンは剣を持って階段を上る。"\n'


@pytest.mark.parametrize("codec", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le-bom", "utf-16-be-bom", "utf-32"])
@pytest.mark.parametrize("text", [KOREAN, JAPANESE])
def test_unicode_encodings_with_a_bom_decode(codec: str, text: str) -> None:
    if codec == "utf-16-le-bom":
        raw = b"\xff\xfe" + text.encode("utf-16-le")
    elif codec == "utf-16-be-bom":
        raw = b"\xfe\xff" + text.encode("utf-16-be")
    else:
        raw = text.encode(codec)
    assert decode(raw, "x.toml") == text


def test_korean_cp949_and_japanese_shift_jis_decode_each_as_itself() -> None:
    assert decode(KOREAN.encode("cp949"), "k.toml") == KOREAN
    assert decode(JAPANESE.encode("shift_jis"), "j.toml") == JAPANESE


@pytest.mark.parametrize("raw", [b"name = \"\x80\x81\xff\"", "名前 = 'café'".encode("latin-1", "replace") + b"\xe9\xff",
                                 b"\xff\xfe\x00"])
def test_other_bytes_say_which_encoding_to_save_in(raw: bytes) -> None:
    with pytest.raises(DataError) as info:
        decode(raw, "odd.toml")
    assert info.value.key == "error.file.encoding"
    for lang, word in (("en", "UTF-8"), ("ko", "UTF-8"), ("ja", "UTF-8")):
        text = info.value.message(lang)
        assert "odd.toml" in text and word in text and "{" not in text


def test_reads_are_bounded(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * 2000)
    with pytest.raises(DataError) as info:
        read_text(big, limit=1000)
    assert info.value.key == "error.file.too_large"
    if Path("/dev/zero").exists():  # endless, and not a file on disk: refused before a byte is read
        with pytest.raises(DataError) as info:
            read_text("/dev/zero", limit=1000)
        assert info.value.key == "error.file.not_regular"
    with pytest.raises(DataError) as info:
        read_text(tmp_path)
    assert info.value.key == "error.file.unreadable"


def test_deep_nesting_and_huge_integers_are_clear_errors() -> None:
    for text, key in (("[" * 100_000, "error.file.too_deep"), ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "error.file.too_deep"),
                      ('{"seed": ' + "9" * 5000 + "}", "error.file.big_number"), ('{"hp": 1' + "0" * 40 + "}", "error.file.big_number"),
                      ("{", "error.file.syntax")):
        with pytest.raises(DataError) as info:
            parse_json(text, "save.json")
        assert info.value.key == key, text[:20]
        assert "save.json" in info.value.message("ko")
    for text, key in (("a = " + "[" * 5000 + "]" * 5000, "error.file.too_deep"), ("a = " + "9" * 5000, "error.file.big_number"),
                      ("a = = 1", "error.file.syntax")):
        with pytest.raises(DataError) as info:
            parse_toml(text, "sheet.toml")
        assert info.value.key == key


def test_paths_inside_a_file_stay_in_its_folder(tmp_path: Path) -> None:
    owner = tmp_path / "cave" / "encounter.toml"
    (tmp_path / "cave" / "sub").mkdir(parents=True)
    assert named_path(owner, "sub/bestiary.toml") == tmp_path / "cave" / "sub" / "bestiary.toml"
    (tmp_path / "cave" / "link.toml").symlink_to("/dev/zero")
    for name in ("/dev/zero", "../secret.toml", "sub/../../secret.toml", "link.toml", str(tmp_path / "cave" / "x.toml")):
        with pytest.raises(DataError) as info:
            named_path(owner, name)
        assert info.value.key == "error.file.outside", name
        assert name in info.value.message("ja")


def test_check_writable_refuses_missing_folders_and_folders(tmp_path: Path) -> None:
    check_writable(tmp_path / "new.json")
    assert list(tmp_path.iterdir()) == []  # the probe leaves nothing behind
    for path in ("/nonexistent/dir/x.json", str(tmp_path)):
        with pytest.raises(DataError) as info:
            check_writable(path)
        assert info.value.key == "error.file.unwritable"


def test_write_atomic_replaces_whole_and_keeps_the_mode(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    write_json(save, {"turn": 1, "name": "버섯"})
    os.chmod(save, 0o640)
    write_json(save, {"turn": 2, "bad": "\ud800"})  # a lone surrogate: still valid JSON
    assert json.loads(save.read_text(encoding="utf-8")) == {"turn": 2, "bad": "\ud800"}
    assert save.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


def test_a_write_that_fails_midway_leaves_the_previous_save(tmp_path: Path) -> None:
    """The interrupted-save test (issue 16 §6): ``ulimit -f`` stops the write; the old save survives."""
    save = tmp_path / "save.json"
    write_atomic(save, '{"good": true}')
    script = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))\n"
        "from meikyu.files import write_atomic\n"
        "from meikyu.errors import DataError\n"
        "try:\n"
        f"    write_atomic({str(save)!r}, 'x' * 100_000)\n"
        "except DataError as e:\n"
        "    print(e.key, e.message('en'))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")})
    assert out.stdout.startswith("error.file.write_failed"), out
    assert "unchanged" in out.stdout
    assert save.read_text(encoding="utf-8") == '{"good": true}'
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]
