"""``meikyu batch`` answers every line and goes on (issue 16 §4, §7)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SRC = str(Path(__file__).parents[2] / "src")

HOSTILE = [
    "[" * 100_000,                                   # RecursionError in json.loads
    "{" * 100_000,
    '{"command": "2D6", "seed": ' + "9" * 5000 + "}",  # int-conversion ValueError
    '{"command": "2D6", "seed": ' + "9" * 4000 + "}",  # parses, but too big a seed
    '{"command": "\\ud800"}',                          # a lone surrogate, printed back in the reason
    '{"command": "2D6\\udfff", "lang": "ko"}',
    '{"command": "2D6", "dice": [true, false]}',       # booleans are not dice
    '{"command": "2D6", "seed": true}',
    '{"command": "2D6", "lang": "\\ud800"}',
    '{"command": "2D6", "system": ["x"]}',
    '{"command": "' + "1" * 5000 + 'D6"}',
    '{"command": "2D6", "dice": [' + "9" * 5000 + "]}",
    "\x00\x01",
]


def batch(data: bytes) -> tuple[int, list[dict[str, object]], str]:
    proc = subprocess.run([sys.executable, "-m", "meikyu", "batch"], input=data, capture_output=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": SRC})
    return proc.returncode, [json.loads(x) for x in proc.stdout.decode("utf-8").splitlines()], proc.stderr.decode()


def test_every_hostile_line_is_answered_and_the_stream_goes_on() -> None:
    good = '{"command": "2D6", "dice": [3, 4]}'
    lines = [x for h in HOSTILE for x in (h, good)]
    data = "\n".join(lines).encode("utf-8", "surrogatepass") + b"\n\xff\xfe\n" + b"x" * 70_000 + b"\n" + good.encode()
    code, answers, err = batch(data)
    assert code == 0 and "Traceback" not in err, err
    assert len(answers) == 2 * len(HOSTILE) + 3
    for n, h in enumerate(HOSTILE):
        assert answers[2 * n]["ok"] is False and answers[2 * n]["reason"], h[:40]
        assert answers[2 * n + 1]["total"] == 7
    assert "UTF-8" in str(answers[-3]["reason"]) and "longer" in str(answers[-2]["reason"])
    assert answers[-1]["total"] == 7


def test_dice_true_is_not_a_die() -> None:
    from meikyu.cli import _batch_line

    assert _batch_line('{"command": "1D6", "dice": [true]}')["ok"] is False


def test_scripted_dice_refuse_booleans() -> None:
    import pytest

    from meikyu.dice.source import ScriptedDice
    from meikyu.errors import DiceError

    with pytest.raises(DiceError):
        ScriptedDice([True])


def test_d66_with_a_comparison_is_not_a_66_sided_die_in_dicebot() -> None:
    """BCDice's sum parser refuses ``D`` followed by the literal 66 (add_dice/parser.y: ``D term`` raises
    ParseError when sides == 66), and its D66 command takes no comparison: ``D66>=3`` is no command there.
    An explicit ``1D66`` is one D66 roll (tens and units, add_dice/randomizer.rb) in both."""
    import pytest

    import meikyu
    from meikyu.errors import CommandError

    with pytest.raises(CommandError):
        meikyu.roll("D66>=3", system="DiceBot")
    result = meikyu.roll("1D66>=3", system="DiceBot", dice=[3, 4])
    assert result.total == 34 and result.success is True
