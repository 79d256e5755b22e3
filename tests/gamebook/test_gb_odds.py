"""Exact combat odds (R-GB-10 … R-GB-15) against an independent enumeration, Monte Carlo and the CLI."""

from __future__ import annotations

import argparse
import json
import random
import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meikyu.dice import RandomDice
from meikyu.errors import InputError
from meikyu.systems.gamebook.cli import register
from meikyu.systems.gamebook.combat import attack, escape, start_combat
from meikyu.systems.gamebook.fighters import Enemy, Fighter
from meikyu.systems.gamebook.odds import OddsSolver, combat_odds
from tests.gamebook import brute

SLIME = Enemy(attack=10, kill=2, defense=9, hits=4)
SHIN = Fighter(attack=5, kill=3, defense=5, hits=5)


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(argv)
    code = args.handler(args)
    return code, capsys.readouterr().out


def test_done_criterion_cli_json_matches_enumeration_r_gb_13(capsys: pytest.CaptureFixture[str]) -> None:
    """R-GB-10..13: the seed's example through the CLI equals the face-by-face enumeration."""
    code, out = run_cli(["gamebook", "odds", "--attack", "5", "--kill", "3", "--defense", "5", "--hits", "5",
                         "--enemy", "10,2,9,4", "--format", "json"], capsys)
    data = json.loads(out)
    win, esc = brute.solve((5, 3, 5, 5), [(10, 2, 9, 4)], lambda s: (False, 0), escape=False)
    assert code == 0 and data["ok"] is True
    assert Fraction(data["win"]) == win
    assert Fraction(data["lose"]) == 1 - win
    assert data["escape"] == "0/1" and data["escape_pct"] == 0.0
    assert set(data) >= {"ok", "win", "lose", "escape", "win_pct", "lose_pct", "escape_pct"}
    assert abs(data["win_pct"] - float(win) * 100) < 1e-3


def test_kill_four_closed_form_r_gb_13() -> None:
    """R-GB-13: with kill 4 one hit wins; Shin loses only after 4 wounds, each exchange 66:1 for him."""
    odds = combat_odds(Fighter(5, 4, 5, 5), [SLIME])
    assert odds.lose == Fraction(1, 67) ** 4


@pytest.mark.parametrize(
    ("shin", "foes"),
    [
        ((5, 3, 5, 5), [(10, 2, 9, 4)]),
        ((4, 1, 6, 3), [(9, 1, 8, 3)]),
        ((3, 2, 3, 2), [(8, 1, 7, 2), (9, 2, 8, 1)]),
        ((5, 1, 4, 2), [(9, 1, 9, 2), (7, 1, 6, 1)]),
    ],
)
def test_best_target_matches_every_policy_enumerated_r_gb_14(shin: tuple[int, int, int, int],
                                                            foes: list[tuple[int, int, int, int]]) -> None:
    """R-GB-14: the DP's target order gives exactly the best win chance over all stationary policies."""
    win, _ = brute.best(shin, foes)
    odds = combat_odds(Fighter(*shin), [Enemy(*f) for f in foes])
    assert odds.win == win
    assert odds.win + odds.lose + odds.escape == 1


@pytest.mark.parametrize(("shin", "foe"), [((5, 3, 5, 3), (10, 2, 9, 3)), ((3, 1, 3, 2), (9, 1, 8, 3))])
def test_escape_policy_matches_enumeration_r_gb_15(shin: tuple[int, int, int, int],
                                                  foe: tuple[int, int, int, int]) -> None:
    """R-GB-15: escape only between exchanges (never before the first), 4+ against one enemy; the DP's
    escape policy has the fewest losses (then most wins) of all policies."""
    win, esc = brute.best(shin, [foe], escape=True)
    odds = combat_odds(Fighter(*shin), [Enemy(*foe)], escape=True)
    assert (odds.win, odds.escape) == (win, esc)
    assert odds.escape > 0


def test_escape_thresholds_in_odds_r_gb_15() -> None:
    """R-GB-15: 1 enemy 4–6, 2 enemies 5–6, 3 or more 6."""
    f = Fighter(1, 1, 1, 1)
    assert [f.p_escape(n) for n in (1, 2, 3, 4)] == [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6), Fraction(1, 6)]
    assert Fighter(1, 1, 1, 1, escape_bonus=1).p_escape(3) == Fraction(1, 3)


def simulate(shin: Fighter, foes: list[Enemy], fights: int, seed: int) -> tuple[float, float]:
    """Monte Carlo through the real combat functions, aiming as the solver advises, never escaping."""
    dice = RandomDice(seed)
    solver = OddsSolver(shin, foes)
    wins = losses = 0
    for _ in range(fights):
        cs = start_combat(tuple(foes), shin.hits, escape=False, abilities=False)
        while not cs.outcome:
            left = tuple(f.left for f in cs.foes)
            target = solver.best_target(cs.hits, left, cs.attacks_left, fresh=cs.exchanges == 0)
            cs, _ = attack(cs, shin, target, dice)
        wins += cs.outcome == "win"
        losses += cs.outcome == "lose"
    return wins / fights, losses / fights


@pytest.mark.parametrize(
    ("shin", "foes"),
    [
        (Fighter(4, 3, 4, 4), [Enemy(10, 2, 9, 4)]),
        (Fighter(4, 2, 4, 5), [Enemy(9, 1, 9, 3), Enemy(10, 2, 8, 2)]),
        (Fighter(4, 2, 4, 5, extra_attacks=1, rerolls=("defense",)), [Enemy(9, 1, 9, 3), Enemy(10, 2, 8, 2)]),
    ],
)
def test_exact_odds_agree_with_monte_carlo_r_gb_12(shin: Fighter, foes: list[Enemy]) -> None:
    """R-GB-10..14 (and ability extra attack / reroll, R-GB-03): 8,000 seeded fights within 4.5 sigma."""
    n = 8000
    win, lose = simulate(shin, foes, n, seed=20261130)
    odds = combat_odds(shin, foes)
    sigma = max(float(odds.win * (1 - odds.win)), 1e-4) ** 0.5 / n**0.5
    assert abs(win - float(odds.win)) < 4.5 * sigma + 1e-3
    assert abs(lose - float(odds.lose)) < 4.5 * sigma + 1e-3


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 8), st.integers(0, 4), st.integers(0, 8), st.integers(1, 4),
    st.lists(st.tuples(st.integers(4, 14), st.integers(0, 3), st.integers(4, 14), st.integers(1, 3)),
             min_size=1, max_size=2),
    st.booleans(),
)
def test_probabilities_sum_to_one_r_gb_12(a: int, k: int, d: int, h: int,
                                         foes: list[tuple[int, int, int, int]], esc: bool) -> None:
    """R-GB-12..15: win + lose + escape = 1 exactly, each in [0, 1]; no escape means none escapes."""
    try:
        odds = combat_odds(Fighter(a, k, d, h), [Enemy(*f) for f in foes], escape=esc)
    except InputError as exc:  # a fight where nobody can ever land a hit
        assert exc.key == "gb.error.odds.stalemate"
        return
    assert odds.win + odds.lose + odds.escape == 1
    assert all(0 <= p <= 1 for p in (odds.win, odds.lose, odds.escape))
    if not esc:
        assert odds.escape == 0


def test_stalemate_is_a_clear_error() -> None:
    """A fight nobody can win or lose (no escape) is refused with a message, not a hang."""
    with pytest.raises(InputError) as info:
        combat_odds(Fighter(0, 1, 12, 3), [Enemy(0, 1, 13, 2)])
    assert "never end" in info.value.message("en")


def test_three_enemies_ten_hits_each_is_fast() -> None:
    """Three enemies with 10 hits each against 12 hits: solved exactly in well under the Monte Carlo time."""
    shin = Fighter(6, 3, 6, 12)
    foes = [Enemy(9, 2, 9, 10), Enemy(10, 3, 8, 10), Enemy(8, 1, 10, 10)]
    t0 = time.process_time()
    odds = combat_odds(shin, foes)
    exact = time.process_time() - t0
    assert odds.win + odds.lose == 1
    assert exact < 3.0  # CPU time, so a loaded machine does not count; benchmarks/gamebook_odds.py measures it


def test_cli_odds_text_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_cli(["gamebook", "odds", "--attack", "5", "--kill", "3", "--defense", "5", "--hits", "5",
                         "--enemy", "10,2,9,4", "--enemy", "8,1,7,2", "--escape", "--lang", "en"], capsys)
    assert code == 0 and "win:" in out and "escape:" in out and "attack enemy" in out
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(["gamebook", "odds", "--attack", "5", "--kill", "3", "--defense", "5", "--hits", "5",
                              "--enemy", "10,2,9", "--lang", "ja"])
    assert args.handler(args) == 2
    err = capsys.readouterr().err
    assert "10,2,9" in err and "Traceback" not in err


def test_random_monte_carlo_seed_is_reproducible() -> None:
    assert simulate(SHIN, [SLIME], 200, seed=5) == simulate(SHIN, [SLIME], 200, seed=5)
    random.seed(0)


def test_escape_function_timing_r_gb_15() -> None:
    """R-GB-15: no escape before the first exchange is over."""
    cs = start_combat((SLIME,), 5, escape=True, abilities=False)
    from meikyu.dice import ScriptedDice
    from meikyu.errors import RuleError

    with pytest.raises(RuleError) as info:
        escape(cs, SHIN, ScriptedDice([6]))
    assert info.value.rule == "R-GB-15"


@pytest.mark.parametrize(
    ("shin", "foes", "rerolls", "esc"),
    [
        ((5, 3, 5, 3), [(10, 2, 9, 3)], ("attack",), False),
        ((4, 1, 6, 3), [(9, 1, 8, 2)], ("defense",), False),
        ((3, 2, 3, 2), [(8, 1, 7, 2), (9, 2, 8, 1)], ("attack", "defense"), False),
        ((3, 1, 3, 2), [(9, 1, 8, 3)], ("escape",), True),
    ],
)
def test_rerolls_match_face_by_face_enumeration_r_gb_03(shin: tuple[int, int, int, int],
                                                        foes: list[tuple[int, int, int, int]],
                                                        rerolls: tuple[str, ...], esc: bool) -> None:
    """R-GB-03 (a reroll ability): a failed attack, block or escape die rolled once more, each time it fails,
    enumerated face by face by the independent solver, equals the DP's exact odds (best play both ways)."""
    win, escaped = brute.best(shin, foes, escape=esc, rerolls=rerolls)
    odds = combat_odds(Fighter(*shin, rerolls=rerolls), [Enemy(*f) for f in foes], escape=esc)
    assert (odds.win, odds.escape) == (win, escaped)


def test_cli_odds_with_an_ability_r_gb_03(capsys: pytest.CaptureFixture[str]) -> None:
    """R-GB-03: an ability's extra attacks, rerolls and escape bonus can be asked for on the command line, and the
    answer is the solver's for that Shin."""
    code, out = run_cli(["gamebook", "odds", "--attack", "4", "--kill", "3", "--defense", "5", "--hits", "6",
                         "--enemy", "12,2,9,4", "--enemy", "12,2,9,4", "--escape", "--extra-attacks", "1",
                         "--reroll", "attack,escape", "--escape-bonus", "1", "--format", "json"], capsys)
    shin = Fighter(4, 3, 5, 6, extra_attacks=1, rerolls=("attack", "escape"), escape_bonus=1)
    expected = combat_odds(shin, [Enemy(12, 2, 9, 4)] * 2, escape=True)
    data = json.loads(out)
    assert code == 0 and (Fraction(data["win"]), Fraction(data["escape"])) == (expected.win, expected.escape)
    assert combat_odds(Fighter(4, 3, 5, 6), [Enemy(12, 2, 9, 4)] * 2, escape=True).win != expected.win


@pytest.mark.parametrize(("lang", "words"), [("en", ("attack,defense,escape", "0 or more")),
                                              ("ja", ("attack,defense,escape", "0以上")),
                                              ("ko", ("attack,defense,escape", "0 이상"))])
def test_cli_odds_refuses_a_bad_ability_in_the_readers_language(capsys: pytest.CaptureFixture[str], lang: str,
                                                                words: tuple[str, str]) -> None:
    base = ["gamebook", "odds", "--attack", "5", "--kill", "3", "--defense", "5", "--hits", "5", "--enemy",
            "10,2,9,4", "--lang", lang]
    for extra, word in ((["--reroll", "attak"], words[0]), (["--extra-attacks", "-1"], words[1]),
                        (["--escape-bonus", "-2"], words[1])):
        parser = argparse.ArgumentParser()
        register(parser.add_subparsers())
        args = parser.parse_args(base + extra)
        assert args.handler(args) == 2
        err = capsys.readouterr().err
        assert word in err and "Traceback" not in err


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_odds_refuse_before_working_r_gb_13(lang: str) -> None:
    """A fight whose exact answer would take seconds is refused when the solver is made, before any work: the
    work counts states × attacks per exchange × (hits in all / 30)³, since the fractions grow with the hits
    (Shin 30 hits against three 12-hit enemies took 4.6 s with a limit that counted states alone)."""
    from meikyu.systems.gamebook.odds import MAX_ATTACKS, WORK_LIMIT, fight_work

    big = [Enemy(11, 2, 9, 12), Enemy(12, 3, 9, 12), Enemy(10, 1, 10, 12)]
    start = time.process_time()
    with pytest.raises(InputError) as info:
        OddsSolver(Fighter(5, 1, 5, 30), big)
    assert time.process_time() - start < 0.05
    assert info.value.key == "gb.error.odds.too_big"
    assert str(WORK_LIMIT) in info.value.message(lang) and "68107" in info.value.message(lang)
    with pytest.raises(InputError) as many:
        OddsSolver(Fighter(5, 3, 5, 5, extra_attacks=MAX_ATTACKS), [SLIME])
    assert many.value.key == "gb.error.odds.too_many_attacks" and str(MAX_ATTACKS) in many.value.message(lang)
    # The benchmark fight with nine extra attacks (0.2 s) and the books' largest are well inside.
    assert fight_work(13 * 7**3, MAX_ATTACKS, 30) < WORK_LIMIT
    OddsSolver(Fighter(5, 3, 5, 12, extra_attacks=MAX_ATTACKS - 1), [Enemy(11, 2, 9, 6)] * 3)
