"""What the terminal table says (issue 14 §7): whose roll typed dice are for, odds that stop once the
dice are rolled, and who the table waits for — in ko, ja and en."""

from __future__ import annotations

import pytest

from meikyu.systems.liberator.play import Table

PARTY = [("ann", "warrior", ["mount"]), ("bob", "mage", ["might"])]


def table(lang: str = "en", dice: tuple[int, ...] = ()) -> tuple[Table, list[str]]:
    out: list[str] = []
    return Table.new(PARTY, seed=4, write=out.append, lang=lang, dice=dice), out


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Dice for ann's next roll: 6, 3."), ("ja", "annの次のロールに使うダイス: 6, 3"), ("ko", "ann의 다음 굴림에 쓸 주사위: 6, 3")],
)
def test_typed_dice_are_said_back_with_whose_roll_they_are_for(lang: str, words: str) -> None:
    t, out = table(lang)
    t.command("generate normal 1")
    out.clear()
    t.command("dice 6 3")
    assert out == [words]
    t.command("declare swing")
    assert t.game.state.turn is not None and t.game.state.turn.dice == (6, 3)


def test_dice_typed_when_nobody_rolls_wait_for_the_next_roll() -> None:
    t, out = table()
    t.command("dice 5 5")
    assert "nobody rolls right now" in out[-1] and "5, 5" in out[-1]
    t.command("dice")
    assert out[-1].startswith("! ") and "dice 6 3" in out[-1]
    t.command("dice 7")
    assert out[-1].startswith("! ")  # a die of 7 is refused with its own message
    assert t.dice.queue == [5, 5]


def test_the_prompt_names_who_decides_and_whose_roll_queued_dice_are_for() -> None:
    t, out = table()
    t.command("show")
    assert "-- waiting for the GM: the GM's next mission" in out
    t.command("generate normal 1")
    t.command("dice 4 2")
    out.clear()
    t.command("show")
    assert "-- waiting for ann: the turn's declaration (an action or a normal recovery)" in out
    assert "Dice for ann's next roll: 4, 2." in out


def test_odds_before_the_roll_are_exact_and_after_it_are_decided() -> None:
    t, out = table(dice=(5, 1))
    t.command("generate normal 1")
    uid = t.game.state.mission.obstacles[0].uid  # type: ignore[union-attr]
    out.clear()
    t.command(f"odds {uid}")
    assert len(out) == 4 and all("%" in line for line in out)  # one line per action in hand
    t.command(f"odds {uid} swing")
    assert out[-1].startswith("Swing[swing] removes") and "%" in out[-1]
    t.command("declare swing")  # rolls 5 and 1: the split is still to choose
    out.clear()
    t.command(f"odds {uid}")
    assert "nothing is left to chance" in out[-1] and "%" not in out[-1] and "5, 1" in out[-1]
    t.command("split 5")
    out.clear()
    t.command(f"odds {uid}")
    assert "nothing is left to chance" in out[-1] and "power (P5)" in out[-1] and "%" not in out[-1]


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_decided_odds_speak_every_language(lang: str) -> None:
    t, out = table(lang, dice=(6, 2))
    t.command("generate normal 1")
    uid = t.game.state.mission.obstacles[0].uid  # type: ignore[union-attr]
    t.command("declare swing")
    t.command(f"odds {uid}")
    assert "6, 2" in out[-1] and "%" not in out[-1] and not out[-1].startswith("! ")


def test_split_options_say_what_each_choice_gives() -> None:
    """R-LB-08: one die is the power, the other the effect — each option shows both."""
    t, out = table(dice=(5, 6))
    t.command("generate normal 1")
    t.command("declare swing")
    out.clear()
    t.command("show")
    assert "  1. die 6 for power: P power 6; die 5 for the effect: -" in out
    assert "  2. die 5 for power: P power 5; die 6 for the effect: grant: P+1" in out
    t.command("split 6")
    out.clear()
    t.command("show")
    assert "   power: P6" in out


def test_an_advantage_says_which_effect_it_read() -> None:
    """R-LB-12: the advantage's chosen die is read on the declared action's effect row, and said."""
    from meikyu.systems.liberator.events import EffectRead

    assert EffectRead("ann", 6, "付:P+1").render("en") == "ann: effect die 6 — grant: P+1."
    assert EffectRead("ann", 4, "none").render("ko") == "ann: 특수 효과 눈 4 — 효과 없음"


def test_the_seat_line_shows_job_effect_and_feats_and_whether_they_were_used() -> None:
    t, out = table()
    t.command("show")
    assert any("abilities: Valor[warrior_valor]" in line for line in out)
    assert any("Transmutation[mage_transmute], Might[might]" in line for line in out)
