"""A real bot's list of lines it expects a server to roll (issue 13 §4): every one passes our ``command_pattern``,
in Python, JavaScript (node) and RE2, alone and with a comment after it, and BCDice's own prefix pattern agrees.

The list is ``discord_bot_lines.tsv`` (the commands of a public Discord bot's test list, see its header).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from meikyu.systems import find
from tests.api.test_command_pattern import bcdice_pattern

LINES = Path(__file__).with_name("discord_bot_lines.tsv")


def bot_lines() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for raw in LINES.read_text(encoding="utf-8").splitlines():
        if raw and not raw.startswith("#"):
            system, command = raw.split("\t")
            out.setdefault(system, []).append(command)
    return out


def test_the_list_is_the_bots_whole_list() -> None:
    lines = bot_lines()
    assert {s: len(c) for s, c in lines.items()} == {"DiceBot": 241, "MeikyuKingdom": 83, "MeikyuKingdomBasic": 124}


@pytest.mark.parametrize("system", ["DiceBot", "MeikyuKingdom", "MeikyuKingdomBasic"])
def test_every_line_the_bot_expects_to_roll_passes_our_pattern(system: str) -> None:
    ours = re.compile(find(system).commands().command_pattern, re.IGNORECASE)
    theirs = bcdice_pattern(system)
    lines = bot_lines()[system]
    missed = [line for line in lines for text in (line, f"{line} 攻撃 코멘트") if not ours.search(text)]
    assert not missed, missed
    assert all(theirs.search(line) for line in lines)  # the list really is what BCDice's pattern lets through


def test_node_and_re2_agree_on_the_bots_lines() -> None:
    lines = bot_lines()
    node = shutil.which("node")
    if node is not None:
        cases = {s: {"pattern": find(s).commands().command_pattern, "lines": c} for s, c in lines.items()}
        script = ("const c = JSON.parse(require('fs').readFileSync(0, 'utf8')); const out = {};"
                  "for (const [k, v] of Object.entries(c)) { const p = new RegExp(v.pattern, 'i');"
                  " out[k] = v.lines.every(s => p.test(s)); } process.stdout.write(JSON.stringify(out));")
        done = subprocess.run([node, "-e", script], input=json.dumps(cases), capture_output=True, text=True,
                              timeout=30, check=True)
        assert json.loads(done.stdout) == {s: True for s in lines}
    re2 = pytest.importorskip("re2")
    options = re2.Options()
    options.case_sensitive = False
    for system, commands in lines.items():
        pattern = re2.compile(find(system).commands().command_pattern, options)
        assert all(pattern.search(line) for line in commands), system
