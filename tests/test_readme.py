"""The README's console examples are real: each ``$ command`` prints exactly what the README shows."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def _examples() -> list[tuple[str, str]]:
    examples: list[tuple[str, str]] = []
    for block in re.findall(r"```console\n(.*?)```", README.read_text(encoding="utf-8"), re.S):
        command: str | None = None
        output: list[str] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    examples.append((command, "\n".join(output)))
                command, output = line[2:], []
            else:
                output.append(line)
        if command is not None:
            examples.append((command, "\n".join(output)))
    return examples


@pytest.mark.parametrize(("command", "expected"), _examples(), ids=[c for c, _ in _examples()])
def test_readme_console_example(command: str, expected: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "MEIKYU_LANG"}
    bindir = str(Path(sys.executable).parent)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "")
    done = subprocess.run(command, shell=True, capture_output=True, text=True, env=env, timeout=60)
    assert (done.stdout + done.stderr).strip() == expected.strip()


def _sh_blocks() -> list[str]:
    return re.findall(r"^```sh\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)


def test_readme_first_commands_install_into_a_virtual_environment() -> None:
    """Debian's and Ubuntu's own Python refuse ``pip install`` outside a virtual environment (PEP 668):
    the README's two commands (which ``.ci/run`` runs as written) make ``.venv`` and install only there."""
    serve, check = (block.strip() for block in _sh_blocks()[:2])
    for command in (serve, check):
        assert command.startswith("python3 -m venv .venv && ")
        assert "python3 -m pip" not in command and not re.search(r"(^|&& )pip ", command)
    assert ".venv/bin/pip install -e ." in serve and serve.endswith(".venv/bin/meikyu serve")
    assert ". .venv/bin/activate && bash scripts/check.sh" in check
