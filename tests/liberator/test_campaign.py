"""Campaigns (issue 14 §5): a finished scenario's players start the next one, through the CLI's saves.

R-LB-13: leftover experience carries over to later sessions; it belongs to the player; 10 buy a
level and one new action or feat, 2 swap the job (the action cards stay). What starts afresh in a new
scenario (a full hand, abilities unused, no grants) is the ruling documented in
:mod:`meikyu.systems.liberator.campaign`.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from meikyu.dice import ScriptedDice
from meikyu.errors import InputError, RuleError
from meikyu.systems.liberator.campaign import next_scenario
from meikyu.systems.liberator.cli import register
from meikyu.systems.liberator.play import load_game
from meikyu.systems.liberator.rules import LiberatorRules, new_table
from meikyu.systems.liberator.state import TableState

RULES = LiberatorRules()
PARTY = "ann:warrior:mount,bob:mage:might,cy:priest:old_document"
SEED = "21"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="meikyu")
    register(parser.add_subparsers())
    args = parser.parse_args(argv)
    code = args.handler(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def play(tmp_path: Path, name: str, lines: list[str], capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    script = tmp_path / f"{name}.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(["liberator", "play", *argv, "--script", str(script), "--lang", "en"], capsys)
    assert code == 0 and not err, err
    assert "Traceback" not in out and "\n! " not in out, out
    return out


def state(path: Path) -> TableState:
    return load_game(RULES, str(path)).state


def initial(path: Path) -> TableState:
    data = json.loads(path.read_text(encoding="utf-8"))
    return RULES.state_from_data(data["initial"])


def test_r_lb_13_a_two_scenario_campaign_carries_experience_levels_and_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Scenario 1 is played out by the automatic player and saved; ``--continue`` starts scenario 2
    with its players; a level-up and a job swap between the scenarios carry into scenario 2's play."""
    first = tmp_path / "first.json"
    play(tmp_path, "s1", ["auto 600", f"save {first}", "quit"], capsys, "--players", PARTY, "--seed", SEED)
    done = state(first)
    assert done.phase == "over" and done.result == "cleared"
    exp = {p.id: p.exp for p in done.players}
    assert exp["ann"] >= 10 and exp["bob"] >= 2, exp  # the seed was chosen so that both purchases are open
    assert all(p.exp == p.earned for p in done.players)  # a first scenario: everything was earned in it

    start = tmp_path / "start.json"
    second = tmp_path / "second.json"
    out = play(
        tmp_path,
        "s2",
        ["level 0 focus", "swap 1 priest", f"save {start}", "auto 600", f"save {second}", "quit"],
        capsys,
        "--continue",
        str(first),
        "--seed",
        "5",
    )
    assert "Scenario 2" in out
    carried = initial(start)  # the new scenario begins with the first one's players
    assert carried.scenario == 2 and carried.phase == "setup" and carried.gm_exp == done.gm_exp
    for before, after in zip(done.players, carried.players, strict=True):
        assert (after.id, after.exp, after.earned) == (before.id, before.exp, 0)
        ch, old = after.character, before.character
        assert (ch.level, ch.job, ch.feats) == (old.level, old.job, old.feats)
        assert sorted(ch.hand) == sorted(old.actions) and ch.discard == ()  # a full hand again
        assert not ch.job_effect_used and ch.used_feats == () and ch.grants == ()

    bought = state(start)
    ann, bob = bought.players[0], bought.players[1]
    assert ann.character.level == 2 and "focus" in ann.character.feats and ann.exp == exp["ann"] - 10
    assert bob.character.job == "priest" and bob.exp == exp["bob"] - 2
    assert bob.character.actions == carried.players[1].character.actions  # R-LB-13: actions are not swapped

    end = state(second)
    assert end.phase == "over" and end.scenario == 2
    assert end.players[0].character.level == 2 and "focus" in end.players[0].character.feats
    for p, b in zip(end.players, bought.players, strict=True):
        assert p.exp == b.exp + p.earned  # carried (after spending) + earned in scenario 2
    nxt, _ = RULES.step(bought, RULES.legal_actions(bought)[0], ScriptedDice([]))  # scenario 2's first mission
    assert nxt.mission is not None and nxt.mission.budget == sum(p.character.level for p in bought.players) + 3


def test_r_lb_13_the_next_scenarios_missions_follow_the_new_levels() -> None:
    """Mission budget = sum of levels + players: a level bought between scenarios raises it."""
    s = new_table([("ann", "warrior", ["mount"]), ("bob", "mage", ["might", "focus"])], levels=[1, 2])
    s, _ = RULES.step(s, RULES.legal_actions(s)[0], ScriptedDice([]))
    assert s.mission is not None and s.mission.budget == (1 + 2) + 2


def test_continue_needs_a_finished_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "mid.json"
    play(tmp_path, "mid", ["generate normal 1", f"save {save}", "quit"], capsys, "--players", PARTY)
    script = tmp_path / "x.txt"
    script.write_text("quit\n", encoding="utf-8")
    for lang, words in (("en", "not over yet"), ("ja", "まだ終わっていません"), ("ko", "아직 끝나지 않았습니다")):
        code, out, err = run(
            ["liberator", "play", "--continue", str(save), "--script", str(script), "--lang", lang], capsys
        )
        assert code == 2 and words in err and "R-LB-13" in err and "Traceback" not in err + out
    code, _, err = run(
        ["liberator", "play", "--continue", str(save), "--players", PARTY, "--lang", "en"], capsys
    )
    assert code == 2 and "cannot be combined" in err


def test_next_scenario_refuses_a_table_still_in_play() -> None:
    s = new_table([("ann", "warrior", ["mount"])])
    with pytest.raises(RuleError) as caught:
        next_scenario(s)
    assert caught.value.rule == "R-LB-13" and "mission" in caught.value.message("en")
    with pytest.raises(InputError):
        next_scenario(s.__class__(s.players, phase="over"), plan=["epic"])


def test_the_next_command_starts_scenario_two_at_the_same_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "two.json"
    out = play(
        tmp_path,
        "next",
        ["giveup", "awards 0 1", "next", f"save {save}", "quit"],
        capsys,
        "--players",
        "ann:warrior:mount,bob:mage:might",
    )
    assert "Scenario 1 over (failed)" in out and "Scenario 2" in out
    s = state(save)
    assert s.scenario == 2 and s.phase == "setup" and [p.exp for p in s.players] == [4 + 2, 4 + 2]


def test_mixed_levels_from_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--levels`` sets each player's level; a level-N character takes N extra cards."""
    save = tmp_path / "mixed.json"
    play(
        tmp_path,
        "mixed",
        ["generate normal 3", f"save {save}", "quit"],
        capsys,
        "--players",
        "ann:warrior:mount,bob:mage:might+focus+old_document",
        "--levels",
        "1,3",
    )
    s = state(save)
    assert [p.character.level for p in s.players] == [1, 3]
    assert s.mission is not None and s.mission.budget == (1 + 3) + 2
    script = tmp_path / "q.txt"
    script.write_text("quit\n", encoding="utf-8")
    code, _, err = run(
        ["liberator", "play", "--players", "ann:warrior:mount", "--levels", "2", "--script", str(script)],
        capsys,
    )
    assert code == 2 and "2" in err and "Traceback" not in err
