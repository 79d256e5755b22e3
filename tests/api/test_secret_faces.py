"""Every answer to an ``S`` command is secret, whether BCDice answers it with a roll or a message (issue 30).

A bot posts an answer whose ``secret`` is false in the open channel, so a secret roll answered with a
message (``S2R6``) used to leak its text. Cases are facts found by the differential fuzzer
(``scripts/fuzz_bcdice.py``): the input, BCDice's dice, BCDice's text and flags. Faces: the library,
``meikyu batch`` and ``/v2`` over real HTTP. The shared games take no free-form dice commands (their secret
checks — a hidden monster's difficulty — are covered in tests/games and tests/table).
"""

from __future__ import annotations

import json

import pytest

import meikyu
from meikyu.cli import _batch_line
from meikyu.errors import CommandError
from tests.api.conftest import Server

REROLL = "条件が間違っています。2R6>=5 あるいは 2R6[5] のように振り足し目標値を指定してください。"
# (system, command, BCDice's dice, BCDice's text); BCDice's flags: secret true, the others false unless said.
SECRET_ANSWERS: list[tuple[str, str, list[int], str]] = [
    ("DiceBot", "S2R6", [], f"S2R6 ＞ {REROLL}"),
    ("DiceBot", "s2r6", [], f"s2r6 ＞ {REROLL}"),
    ("DiceBot", "x2 S2R6", [], f"#1\nS2R6 ＞ {REROLL}\n\n#2\nS2R6 ＞ {REROLL}"),
    ("DiceBot", "Sx2 2R6", [], f"#1\n2R6 ＞ {REROLL}\n\n#2\n2R6 ＞ {REROLL}"),
    ("DiceBot", "Srep0 1D6", [], "繰り返し回数は1以上、100以下としてください"),
    ("MeikyuKingdom", "Sx0 2D6", [], "繰り返し回数は1以上、100以下としてください"),
    ("DiceBot", "Sc(1/0)", [], "c(1/0) ＞ ゼロ除算が発生したため計算できませんでした"),
    ("DiceBot", "S500D6", [], "(500D6) ＞ 0"),
    ("DiceBot", "S0U20[4]", [], "(0U20[4]) ＞  ＞ /0(最大/合計)"),
    ("DiceBot", "S2D6", [4, 1], "(2D6) ＞ 5[4,1] ＞ 5"),
    ("DiceBot", "Sx2 2D6", [6, 2, 1, 2], "#1\n(2D6) ＞ 8[6,2] ＞ 8\n\n#2\n(2D6) ＞ 3[1,2] ＞ 3"),
    ("DiceBot", "Schoice[a,b]", [2], "(choice[a,b]) ＞ b"),
    ("MeikyuKingdom", "S3MK", [1, 3, 4], "(3R6) ＞ 7[1,3,4] ＞ 7"),
    ("MeikyuKingdom", "S2R6", [6, 3], "(2R6) ＞ 9[3,6] ＞ 9"),
]
# BCDice forgets the S of a tally message (its secret flag is false): we keep the roll secret on purpose.
SECRET_WHERE_BCDICE_FORGETS = [("DiceBot", "S2TY21", "(2TY21) ＞ 面数は1以上、20以下としてください")]


@pytest.mark.parametrize(("system", "command", "dice", "text"), SECRET_ANSWERS)
def test_library_answers_a_secret_command_secretly(system: str, command: str, dice: list[int], text: str) -> None:
    result = meikyu.roll(command, system=system, dice=dice, bcdice_messages=True)
    assert (result.render("bcdice"), result.secret) == (text, True)
    assert not (result.success or result.failure or result.critical or result.fumble)


@pytest.mark.parametrize(("system", "command", "text"), SECRET_WHERE_BCDICE_FORGETS)
def test_secret_where_bcdice_forgets(system: str, command: str, text: str) -> None:
    result = meikyu.roll(command, system=system, bcdice_messages=True)
    assert (result.render("bcdice"), result.secret) == (text, True)


def test_a_refused_secret_command_says_it_was_secret() -> None:
    with pytest.raises(CommandError) as caught:
        meikyu.roll("S2R6", system="DiceBot")
    assert caught.value.secret
    with pytest.raises(CommandError) as plain:
        meikyu.roll("2R6", system="DiceBot")
    assert not plain.value.secret


@pytest.mark.parametrize(("system", "command", "dice", "text"), SECRET_ANSWERS)
def test_batch_answers_a_secret_command_secretly(system: str, command: str, dice: list[int], text: str) -> None:
    line = json.dumps({"command": command, "system": system, "dice": dice, "format": "bcdice"})
    answer = _batch_line(line)
    assert (answer["ok"], answer["text"], answer["secret"]) == (True, text, True)
    native = _batch_line(json.dumps({"command": command, "system": system, "dice": dice, "lang": "en"}))
    assert native["secret"] is True  # a refusal in our own words is marked secret too


def test_v2_answers_a_secret_command_secretly(server: Server) -> None:
    for system, command, dice, text in [*SECRET_ANSWERS, *((s, c, [], t) for s, c, t in SECRET_WHERE_BCDICE_FORGETS)]:
        query = {"command": command, **({"dice": ",".join(map(str, dice))} if dice else {})}
        reply = server.get(f"/v2/game_system/{system}/roll", **query)
        assert reply.status == 200, (command, reply.body)
        data = reply.json()
        assert (data["text"], data["secret"]) == (text, True), command
