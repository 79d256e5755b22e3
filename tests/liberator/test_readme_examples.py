"""Every ``meikyu liberator …`` the README's Liberator section shows runs as written (issue 14 §7).

The console blocks are also compared output for output by ``tests/test_readme.py``; here every
command of the section — in a console block or inline — is run in a folder holding the files the
prose names (a card file, a finished scenario's save), and must succeed without an error.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
ACTIONS = ROOT / "src" / "meikyu" / "systems" / "liberator" / "data" / "actions.toml"


def _section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Liberator\n")
    return text[start : text.index("\n## ", start + 1)]


def _commands() -> list[str]:
    section = _section()
    found = [line[2:] for line in section.splitlines() if line.startswith("$ meikyu liberator")]
    found += re.findall(r"`(meikyu liberator [^`]+)`", section)
    return list(dict.fromkeys(found))


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "MEIKYU_LANG"}
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _meikyu(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "meikyu", *args],
        cwd=cwd, input=stdin, capture_output=True, text=True, env=_env(), timeout=120,
    )


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files the README's prose names: ``my_cards.toml`` and a finished scenario ``s1.json``."""
    here = tmp_path_factory.mktemp("readme")
    shutil.copy(ACTIONS, here / "my_cards.toml")
    script = here / "s1.txt"
    script.write_text("giveup\nawards 0 1\nsave s1.json\nquit\n", encoding="utf-8")
    done = _meikyu(["liberator", "play", "--players", "ann:warrior:mount,bob:mage:might", "--script", "s1.txt"], here)
    assert done.returncode == 0 and (here / "s1.json").exists(), done.stderr
    return here


def test_the_section_shows_the_commands_it_talks_about() -> None:
    heads = {shlex.split(c)[2] for c in _commands()}
    assert {"mission", "cards", "odds", "play"} <= heads
    assert any("--party" in c for c in _commands()) and any("--continue" in c for c in _commands())


@pytest.mark.parametrize("command", _commands())
def test_every_readme_liberator_command_runs(command: str, folder: Path) -> None:
    args = shlex.split(command)[1:]
    done = _meikyu(args, folder, stdin="quit\n")
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "Traceback" not in said and "error" not in said.lower(), said
