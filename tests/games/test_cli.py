"""``meikyu game new | list | show | export`` on a data folder, as a user types them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def meikyu(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "meikyu", *args], capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(sys.path)})


def test_new_list_show_export(tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    assert "meikyu game new" in meikyu("game", "list", "--data", data).stdout
    made = meikyu("game", "new", "ShinGamebook", "reading", "--data", data, "--lang", "en")
    assert made.returncode == 0, made.stderr
    links = [line.split() for line in made.stdout.splitlines()[1:]]
    assert [seat for seat, _ in links] == ["gm", "reader"]
    assert all(link.startswith("/play/") and "#token=" in link for _, link in links)
    (row,) = meikyu("game", "list", "--data", data).stdout.splitlines()
    game_id = row.split()[0]
    shown = meikyu("game", "show", game_id, "--seat", "reader", "--data", data)
    assert shown.returncode == 0 and "v0" in shown.stdout and "2D6" in shown.stdout
    assert meikyu("game", "show", game_id, "--format", "json", "--data", data).stdout.startswith("{")
    for fmt in ("text", "markdown", "bbcode"):
        out = meikyu("game", "export", game_id, "--format", fmt, "--lang", "ja", "--data", data)
        assert out.returncode == 0 and game_id in out.stdout


def test_errors_are_one_line(tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    for args in (("game", "show", "nope"), ("game", "new", "Nope", "x"), ("game", "list", "--store", "mysql://x")):
        out = meikyu(*args, "--data", data, "--lang", "en")
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr
