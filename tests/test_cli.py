"""The top-level CLI: roll, odds, batch, systems and the shell, as a person or a script uses them."""

from __future__ import annotations

import io
import json
import sys

import pytest

from meikyu.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = "") -> tuple[int, str, str]:
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(argv)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return code, out, err


def test_roll_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["roll", "3MK+2>=9", "--dice", "6,3,1", "--format", "json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["kept"] == [3, 6] and data["achievement"] == 11 and data["success"] is True


def test_roll_bcdice_and_seed_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    _, first, _ = run(["roll", "4MK+1>=8", "--seed", "42", "--format", "bcdice"], capsys)
    _, second, _ = run(["roll", "4MK+1>=8", "--seed", "42", "--format", "bcdice"], capsys)
    assert first == second and first.startswith("(4R6+1>=8) ＞ ")


def test_odds_json_is_exact(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["odds", "2MK>=7", "--format", "json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["success"] == "7/12" and data["critical"] == "1/36"


@pytest.mark.parametrize(
    ("lang", "needle"), [("ko", "알 수 없는 명령"), ("ja", "不明なコマンド"), ("en", "unknown command")]
)
def test_bad_input_exits_2_with_one_line_in_the_language(
    capsys: pytest.CaptureFixture[str], lang: str, needle: str
) -> None:
    code, out, err = run(["roll", "hello", "--lang", lang], capsys)
    assert code == 2 and out == "" and needle in err and err.count("\n") == 1


def test_unknown_system_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["roll", "2D6", "--system", "nope", "--lang", "en"], capsys)
    assert code == 2 and "unknown game system" in err


def test_batch_goes_on_after_bad_lines(capsys: pytest.CaptureFixture[str]) -> None:
    lines = "\n".join([
        '{"command": "2MK+3>=9", "dice": [6, 6]}',
        "not json",
        '{"command": "9999D6"}',
        '{"command": "KDT", "dice": [3, 4], "format": "bcdice"}',
        '{"system": "nope", "command": "2D6", "lang": "ja"}',
    ])
    code, out, _ = run(["batch"], capsys, stdin=lines)
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(answers) == 5
    assert answers[0]["critical"] is True
    assert [a["ok"] for a in answers] == [True, False, False, True, False]
    assert answers[3]["total"] == 7 and answers[3]["text"].startswith("王国災厄表(7)")
    assert "不明なゲームシステム" in answers[4]["reason"]


def test_systems_lists_every_system(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["systems", "--lang", "en"], capsys)
    assert "MeikyuKingdom" in out and "Liberator" in out and "ShinGamebook" in out


def test_shell_reads_commands_until_quit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["shell", "--lang", "en"], capsys, stdin="2D6>=2\nodds 2MK>=7\nfoo\nquit\n2D6\n")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 4
    assert lines[1].startswith("2D6>=2 → ") and "success 58.33%" in lines[2] and lines[3].startswith("error:")


def test_lang_before_the_sub_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--lang", "en", "roll", "2MK>=7", "--dice", "3,4"], capsys)
    assert code == 0 and "achievement 7" in out
    code, out, _ = run(["--lang", "ja", "roll", "2MK>=7", "--dice", "3,4", "--lang", "en"], capsys)
    assert "achievement 7" in out  # the sub-command's own option wins
    code, out, _ = run(["--lang", "ja"], capsys, stdin="quit\n")
    assert code == 0 and "ダイスシェル" in out


def test_a_closed_pipe_is_not_a_traceback() -> None:
    """`meikyu batch … | head -1`: when the reader leaves early the CLI stops quietly."""
    import subprocess

    proc = subprocess.Popen(
        [sys.executable, "-m", "meikyu", "batch"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the first answer
    proc.stdin.write(b'{"command": "2D6"}\n' * 2000)
    proc.stdin.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert "Traceback" not in err


def test_roll_imports_only_what_it_needs() -> None:
    """Cold start: `meikyu roll 2D6` loads the sums family alone (other families load when a command reaches
    them), no TOML catalog (a plain roll renders no message), no JSON and no game system's runner."""
    import subprocess

    probe = ("import sys; from meikyu.cli import main; main(['roll', '2D6', '--dice', '3,4']); "
             "print(' '.join(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60)
    first, loaded = out.stdout.splitlines()
    assert first == "2D6 → 7[3,4] = 7"
    modules = set(loaded.split())
    assert "meikyu.dice.sums" in modules
    unneeded = {f"meikyu.dice.{m}" for m in ("barabara", "tally", "calc", "choice", "repeat", "d66", "reroll",
                                             "upper", "odds")}
    unneeded |= {"tomllib", "json", "meikyu.tables", "meikyu.systems.meikyu_kingdom.tables.generators",
                 "meikyu.systems.meikyu_kingdom.combat", "meikyu.systems.gamebook", "meikyu.systems.liberator"}
    assert not modules & unneeded
