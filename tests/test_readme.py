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
