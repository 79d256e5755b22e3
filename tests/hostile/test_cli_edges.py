"""The command line's edges (issue 24 §4): every input error is one line in the user's language and exit
status 2; files that are not regular files are refused at once; ``gamebook play``'s ``q`` does not lose a
reading; ``meikyu serve`` checks its port before saying it serves."""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from meikyu.cli import main
from meikyu.dice import ScriptedDice
from meikyu.systems.gamebook.book import load_book
from meikyu.systems.gamebook.books import sample_path
from meikyu.systems.gamebook.reader import DEFAULT_SAVE, Session, run_interactive

SRC = Path(__file__).parents[2] / "src"


def meikyu(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``meikyu argv`` as its own process (a hang is a failure after ``timeout`` seconds, not a stuck run)."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    env.pop("MEIKYU_LANG", None)
    return subprocess.run([sys.executable, "-m", "meikyu", *argv], capture_output=True, text=True, env=env,
                          timeout=timeout, stdin=subprocess.DEVNULL)


def one_line_error(done: subprocess.CompletedProcess[str] | tuple[int, str, str]) -> str:
    code, out, err = (done.returncode, done.stdout, done.stderr) if not isinstance(done, tuple) else done
    assert code == 2, (code, out, err)
    assert "Traceback" not in err and err.strip() and "\n" not in err.strip(), err
    return err.strip()


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    yield path


@pytest.mark.parametrize("argv", [
    ["mk", "sheet", "{f}"], ["mk", "battle", "{f}"], ["mk", "play", "--labyrinth", "{f}"],
    ["gamebook", "check", "{f}"], ["liberator", "cards", "check", "{f}"], ["mk", "table", "sample", "--script", "{f}"],
], ids=lambda a: " ".join(a[:2]) + (" " + a[2] if a[2].startswith("--") else ""))
def test_a_named_pipe_is_refused_at_once(argv: list[str], fifo: Path) -> None:
    """A FIFO given as a file used to wait forever for a writer; now it is refused in one line."""
    done = meikyu(*(a.replace("{f}", str(fifo)) for a in argv), "--lang", "en", timeout=30)
    assert "not a regular file" in one_line_error(done)


def test_five_thousand_digit_dice_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    err = one_line_error(run(["roll", "1D6", "--dice", "9" * 5000, "--lang", "en"], capsys))
    assert "is not a die value" in err and len(err) < 300


@pytest.mark.parametrize(("argv", "expected"), [
    (["roll"], "필요한 인수가 빠졌습니다: command"),
    (["roll", "2D6", "--lang", "en", "--bogus"], "not understood: --bogus"),
    (["roll", "2D6", "--format", "xml", "--lang", "ja"], "--format：'xml' は"),
    (["serve", "--port", "abc"], "--port: 'abc' is not a whole number"),
    (["gamebook", "check"], "book を指定してください"),
    (["--lang", "en", "roll", "2D6", "--dice"], "--dice needs a value after it."),
])
def test_usage_errors_are_one_localized_line(argv: list[str], expected: str, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEIKYU_LANG", raising=False)
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and not out
    assert expected in one_line_error((2, out, err))


def test_a_file_that_is_not_a_round_table_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``mk table --script`` of a file whose lines are not commands: one line naming the line, exit 2;
    a real script whose commands fail in play stays exit 1."""
    prose = tmp_path / "notes.txt"
    prose.write_text("# a comment is fine\nDear diary, today the court met.\n", encoding="utf-8")
    code, out, err = run(["mk", "table", "sample", "--script", str(prose), "--lang", "en"], capsys)
    assert "line 2: 'Dear' is not a round-table command" in one_line_error((code, out, err)) and not out
    failing = tmp_path / "s.txt"
    failing.write_text("minions nobody 3\nquit\n", encoding="utf-8")
    assert run(["mk", "table", "sample", "--script", str(failing), "--lang", "en"], capsys)[0] == 1


def test_gamebook_check_of_a_file_that_is_not_toml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "story.txt"
    text.write_text("Once upon a time\n", encoding="utf-8")
    assert "not valid TOML" in one_line_error(run(["gamebook", "check", str(text), "--lang", "en"], capsys))
    not_a_book = tmp_path / "x.toml"
    not_a_book.write_text("x = 1\n", encoding="utf-8")
    assert run(["gamebook", "check", str(not_a_book), "--lang", "en"], capsys)[0] == 1  # TOML with problems


def test_liberator_cards_check_of_an_empty_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "cards.toml"
    empty.write_text("", encoding="utf-8")
    assert "no cards in the file" in one_line_error(run(["liberator", "cards", "check", str(empty), "--lang", "en"], capsys))


@pytest.mark.skipif(importlib.util.find_spec("psycopg") is None, reason="psycopg is not installed")
def test_a_postgresql_that_does_not_answer_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    err = one_line_error(run(["game", "list", "--store", f"postgresql://u:secret@127.0.0.1:{port}/db"], capsys))
    assert "cannot reach PostgreSQL" in err and "secret" not in err


def test_serve_checks_its_port_before_saying_it_serves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        code, out, err = run(["serve", "--port", port, "--data", str(tmp_path / "data")], capsys)
    assert not out  # no "serving on …" line before the refusal
    assert f"cannot listen on 127.0.0.1:{port}" in one_line_error((code, out, err))


def _reading(answers: list[str]) -> tuple[Session, list[str]]:
    """A terminal reading of the sample book with these answers; what it said and asked, in order."""
    inputs = iter(answers)
    said: list[str] = []

    def ask(prompt: str) -> str:
        said.append(prompt)
        return next(inputs)

    session = Session(load_book(sample_path()), dice=ScriptedDice([3, 1]), lang="en")
    assert run_interactive(session, ask, said.append) == 0
    return session, said


def test_gamebook_quit_offers_to_save_a_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``q`` with the reading moved on asks; Enter (or y) saves it and quits, ``c`` goes back to reading,
    ``n`` quits without saving; with nothing new since the last save, ``q`` just quits."""
    monkeypatch.chdir(tmp_path)
    session, said = _reading(["1", "q", "c", "q", "n"])
    assert sum("not saved" in line for line in said) == 2 and not (tmp_path / DEFAULT_SAVE).exists()
    session, said = _reading(["1", "q", ""])
    assert (tmp_path / DEFAULT_SAVE).is_file() and said[-1] == f"Saved to {DEFAULT_SAVE}."
    mine = tmp_path / "mine.json"
    session, said = _reading(["1", f"save {mine}", "1", "q", "y"])
    assert said[-1] == f"Saved to {mine}."  # where the reader saved before, not the default
    resumed = Session(load_book(sample_path()), lang="en")
    resumed.load(mine)
    assert resumed.state == session.state
    _, said = _reading(["q"])  # nothing read yet: nothing to lose
    assert not any("not saved" in line for line in said)
