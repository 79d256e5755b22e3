"""Every file the CLI reads, in the encodings people save them in, and the save paths (issue 16 §5, §6, §7)."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from meikyu.cli import main

SRC = Path(__file__).parents[2] / "src" / "meikyu" / "systems"
KINGDOM = SRC / "meikyu_kingdom" / "data" / "sample_kingdom.toml"
ENCOUNTER = SRC / "meikyu_kingdom" / "combat" / "data" / "sample_encounter.toml"
BOOK = SRC / "gamebook" / "books" / "kaze-no-tou.toml"
CARDS = SRC / "liberator" / "data" / "feats.toml"


def run(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = "") -> tuple[int, str, str]:
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(argv)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return code, out, err


def encoded(text: str, codec: str) -> bytes:
    """``text`` as an editor set to ``codec`` saves it (characters it cannot hold become spaces)."""
    if codec == "utf-8-sig":
        return text.encode("utf-8-sig")
    return text.encode(codec, errors="replace").replace(b"?", b" ") if codec != "utf-16" else text.encode(codec)


# (name, files to write {name: source text}, argv built from the folder, stdin)
Case = tuple[str, dict[str, str], Callable[[Path], list[str]], str]
CASES: list[Case] = [
    ("mk sheet", {"k.toml": KINGDOM.read_text("utf-8")}, lambda d: ["mk", "sheet", str(d / "k.toml")], ""),
    ("mk kingdom", {"k.toml": KINGDOM.read_text("utf-8")}, lambda d: ["mk", "kingdom", str(d / "k.toml")], ""),
    ("mk check --sheet", {"k.toml": KINGDOM.read_text("utf-8")},
     lambda d: ["mk", "check", "--sheet", str(d / "k.toml"), "--actor", "haneul", "--stat", "wit",
                "--difficulty", "9", "--seed", "1"], ""),
    ("mk table --script", {"k.toml": KINGDOM.read_text("utf-8"), "s.txt": "help\n# 도움말 · ヘルプ\n"},
     lambda d: ["mk", "table", str(d / "k.toml"), "--script", str(d / "s.txt")], ""),
    ("mk simulate", {"e.toml": ENCOUNTER.read_text("utf-8")},
     lambda d: ["mk", "simulate", str(d / "e.toml"), "--battles", "3", "--seed", "1", "--format", "json"], ""),
    ("mk battle", {"e.toml": ENCOUNTER.read_text("utf-8")},
     lambda d: ["mk", "battle", str(d / "e.toml"), "--auto-dice", "--seed", "1"], "q\n"),
    ("gamebook check", {"b.toml": BOOK.read_text("utf-8")}, lambda d: ["gamebook", "check", str(d / "b.toml")], ""),
    ("gamebook play --choices", {"b.toml": BOOK.read_text("utf-8")},
     lambda d: ["gamebook", "play", str(d / "b.toml"), "--choices", "1", "--seed", "1"], ""),
    ("liberator cards check", {"c.toml": CARDS.read_text("utf-8")},
     lambda d: ["liberator", "cards", "check", str(d / "c.toml")], ""),
    ("liberator play --cards --script", {"c.toml": CARDS.read_text("utf-8"), "s.txt": "help\n# 도움말\nquit\n"},
     lambda d: ["liberator", "play", "--cards", str(d / "c.toml"), "--script", str(d / "s.txt"), "--seed", "1"], ""),
]


@pytest.mark.parametrize("codec", ["utf-8-sig", "utf-16", "cp949", "shift_jis"])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_every_file_command_reads_other_encodings(case: Case, codec: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    name, files, argv, stdin = case
    plain, odd = tmp_path / "plain", tmp_path / "odd"
    for folder, enc in ((plain, "utf-8"), (odd, codec)):
        folder.mkdir()
        for fname, text in files.items():
            (folder / fname).write_bytes(encoded(text, enc) if enc != "utf-8" else text.encode())
            # what the codec could hold is the reference: compare like with like
            if enc != "utf-8":
                (plain / fname).write_bytes(encoded(text, enc).decode(
                    "utf-16" if enc == "utf-16" else enc).encode("utf-8"))
    want = run(argv(plain), capsys, stdin)
    got = run(argv(odd), capsys, stdin)
    assert got[0] == want[0], (name, got[2])
    def same(text: str) -> str:  # paths differ; so does a simulation's battles-per-second figure
        return re.sub(r'"(cpu_)?battles_per_second": [0-9.e+-]+', "", text.replace(str(odd), str(plain)))

    assert same(got[1]) == same(want[1])
    assert "Traceback" not in got[2] and "UnicodeDecodeError" not in got[2]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_undecodable_files_say_to_save_as_utf8(case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name, files, argv, stdin = case
    for fname in files:
        (tmp_path / fname).write_bytes(b"# \x80\x81\xff\xfe\n")
    code, out, err = run([*argv(tmp_path), "--lang", "en"], capsys, stdin)
    assert code == 2, (name, out, err)
    assert "UTF-8" in err and "save the file as UTF-8" in err and str(tmp_path) in err


def test_table_save_to_a_missing_folder_refuses_before_the_round_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["mk", "table", "sample", "--save", "/nonexistent/dir/x.json", "--lang", "en"], capsys, "")
    assert code == 2 and out == ""  # not one line of the round table was shown
    assert "/nonexistent/dir/x.json" in err and "cannot save there" in err


def test_table_save_is_written_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "t.json"
    save.write_text('{"previous": true}', encoding="utf-8")
    code, _, _ = run(["mk", "table", "sample", "--save", str(save), "--script", "-"], capsys, "help\n")
    assert code == 0 and "initial" in json.loads(save.read_text(encoding="utf-8"))
    assert [p.name for p in tmp_path.iterdir()] == ["t.json"]


def test_paths_inside_an_encounter_stay_in_its_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``bestiary = "/dev/zero"`` or ``court = "../…"`` in a shared encounter is refused, not read."""
    text = ENCOUNTER.read_text("utf-8")
    for line in ('bestiary = "/dev/zero"', 'bestiary = "../../etc/passwd"', 'court = "/etc/passwd"'):
        (tmp_path / "e.toml").write_text(text.replace("[encounter]\n", f"[encounter]\n{line}\n", 1), encoding="utf-8")
        code, _, err = run(["mk", "simulate", str(tmp_path / "e.toml"), "--battles", "1", "--lang", "en"], capsys)
        assert code == 2 and "outside the folder" in err, (line, err)


@pytest.mark.parametrize(("field", "value"), [("pc", "1.5"), ("monster", "3"), ("npc", '"x"')])
def test_wrong_shapes_in_an_encounter_name_the_field(field: str, value: str, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "e.toml").write_text(f"{field} = {value}\n[encounter]\n", encoding="utf-8")
    code, _, err = run(["mk", "simulate", str(tmp_path / "e.toml"), "--battles", "1", "--lang", "en"], capsys)
    assert code == 2 and f"{field}: should be a list" in err, err  # every problem at once, the shape named


def test_gamebook_load_with_choices_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "s.json").write_text("{}", encoding="utf-8")
    code, out, err = run(["gamebook", "play", "sample", "--choices", "1", "--load", str(tmp_path / "s.json"),
                          "--lang", "en"], capsys)
    assert code == 2 and out == "" and "--load" in err and "--choices" in err


def test_liberator_load_of_an_unreadable_file_refuses_to_start(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for content in (None, b"\x80\xff", b"{", b'{"initial": 3}'):
        path = tmp_path / "save.json"
        if content is not None:
            path.write_bytes(content)
        code, out, err = run(["liberator", "play", "--load", str(path), "--lang", "en"], capsys, "quit\n")
        assert code == 2 and "save.json" in err, (content, out, err)
        assert "Traceback" not in err


def test_a_failed_gamebook_load_leaves_the_game_as_it_was(tmp_path: Path) -> None:
    from meikyu.dice.source import ScriptedDice
    from meikyu.errors import InputError
    from meikyu.systems.gamebook.book import load_book
    from meikyu.systems.gamebook.books import sample_path
    from meikyu.systems.gamebook.reader import Session

    session = Session(load_book(sample_path()), dice=ScriptedDice([3, 4, 5, 6, 2, 1] * 5), lang="en")
    session.play(session.game.legal_actions()[0])
    session.bookmark("here")
    good = session.to_data()
    for broken in ({**good, "bookmarks": [1]}, {**good, "bookmarks": {"a": 99}}, {**good, "story": "yes"},
                   {**good, "game": {**good["game"], "history": 3}}, {**good, "game": 7}):
        before = (session.game.state, len(session.game.history), dict(session.bookmarks), session.story)
        with pytest.raises(InputError):
            session.load_data(broken)
        assert (session.game.state, len(session.game.history), dict(session.bookmarks), session.story) == before
    session.load_data(good)
