"""The command language: syntax, normalization, limits and errors (issue: foundation)."""

from __future__ import annotations

import gc
import time

import pytest

import meikyu
from meikyu.dice.lexer import divide
from meikyu.dice.limits import MAX_DICE, MAX_REPEAT
from meikyu.errors import CommandError, DiceError, LimitError, UnknownSystem


def test_sum_with_modifier_and_comparison() -> None:
    r = meikyu.roll("2D6+1>=8", dice=[3, 4])
    assert (r.total, r.success, r.failure) == (8, True, False)
    assert r.render("bcdice") == "(2D6+1>=8) ＞ 7[3,4]+1 ＞ 8 ＞ 成功"


@pytest.mark.parametrize(
    ("command", "dice", "total"),
    [("2D6/2", [3, 4], 3), ("2D6/2U", [3, 4], 4), ("2D6/2R", [3, 4], 4), ("(1D6+1)*2", [2], 6), ("-1D6+10", [4], 6)],
)
def test_arithmetic_and_rounding(command: str, dice: list[int], total: int) -> None:
    assert meikyu.roll(command, dice=dice).total == total


def test_division_rounding_edges() -> None:
    assert divide(-7, 2, "") == -4 and divide(-7, 2, "U") == -3 and divide(6, 4, "R") == 2


@pytest.mark.parametrize(("op", "expected"), [(">=", True), (">", False), ("<=", True), ("<", False), ("=", True), ("<>", False)])
def test_every_comparison(op: str, expected: bool) -> None:
    assert meikyu.roll(f"2D6{op}7", system="MeikyuKingdom", dice=[3, 4]).success is expected


def test_unknown_target_leaves_judgement_to_the_gm() -> None:
    """R-MK-23: ``>=?`` rolls without judging."""
    r = meikyu.roll("3D6>=? 目標値?", dice=[3, 3, 3])
    assert not (r.success or r.failure or r.critical or r.fumble)
    assert r.render("bcdice") == "(3D6>=?) ＞ 9[3,3,3] ＞ 9"
    mk = meikyu.roll("2MK+1>=?", dice=[6, 2])
    assert not (mk.success or mk.failure) and mk.achievement == 9 and mk.drive == 0


def test_full_width_input_is_normalized() -> None:
    r = meikyu.roll("２ＭＫ＋３＞＝９", dice=[4, 5])
    assert r.command == "2MK+3>=9" and r.success


def test_comment_after_space_is_ignored() -> None:
    assert meikyu.roll("2D6 attack the goblin", dice=[1, 2]).command == "2D6"


def test_d66_reads_lower_die_as_tens() -> None:
    r = meikyu.roll("D66", dice=[5, 3])
    assert r.total == 35 and r.render("bcdice") == "(D66) ＞ 35"


def test_secret_prefix() -> None:
    r = meikyu.roll("S3MK+2>=9", dice=[1, 2, 3])
    assert r.secret and r.command == "3MK+2>=9"
    assert not meikyu.roll("2D6", dice=[1, 2]).secret


def test_repeat_and_choice() -> None:
    r = meikyu.roll("x3 2D6", dice=[1, 2, 3, 4, 5, 6])
    assert [p.total for p in r.parts] == [3, 7, 11]
    assert r.render("bcdice").startswith("#1\n(2D6) ＞ 3[1,2] ＞ 3\n\n#2\n")
    c = meikyu.roll("choice[apple, pear,fig]", dice=[2])
    assert c.detail == ("pear",) and c.rands == ((3, 2),)


def test_mk_check_one_die_never_criticals_or_fumbles() -> None:
    """R-MK-11: with one die used neither critical nor fumble happens."""
    r = meikyu.roll("1MK>=2", dice=[1])
    assert not r.fumble and r.failure
    r = meikyu.roll("1MK+6>=2", dice=[6])
    assert not r.critical and r.success


def test_mk_fumble_zeroes_achievement_and_critical_gives_drive() -> None:
    """R-MK-11: 1-1 fumbles (achievement 0); 6-6 is a critical with +2 drive."""
    fumble = meikyu.roll("2MK+10>=5", dice=[1, 1])
    assert fumble.fumble and fumble.failure and fumble.achievement == 0
    crit = meikyu.roll("2MK-5>=30", dice=[6, 6])
    assert crit.critical and crit.success and crit.drive == 2


def test_mk_sixes_become_drive_only_when_that_still_succeeds() -> None:
    """R-MK-14: the automatic policy converts 6s when success is kept, for the most drive."""
    r = meikyu.roll("3MK+2>=5", dice=[6, 3, 2])
    assert r.kept == (2, 3) and r.drive == 1 and r.success
    r = meikyu.roll("3MK+2>=9", dice=[6, 3, 2])
    assert r.kept == (3, 6) and r.drive == 0 and r.success


def test_mk_hope_dice_keep_best_two() -> None:
    """R-MK-15: roll 2+k dice and use two of them."""
    r = meikyu.roll("4MK>=9", dice=[2, 5, 1, 4])
    assert r.kept == (4, 5) and r.achievement == 9


def test_division_by_zero_in_a_sum_is_one_as_in_bcdice() -> None:
    """BCDice's sums make ``x/0`` 1 (its calculation ``C(1/0)`` refuses instead)."""
    assert meikyu.roll("1D6/0", system="DiceBot", dice=[1]).render("bcdice") == "(1D6/0) ＞ 1[1]/0 ＞ 1"
    with pytest.raises(CommandError) as err:
        meikyu.roll("C(1/0)", system="DiceBot")
    assert err.value.bcdice == "c(1/0) ＞ ゼロ除算が発生したため計算できませんでした"


@pytest.mark.parametrize(
    "command",
    ["hello", "", "   ", "2D6+", "2D6>=", "(2D6", "2D6)", "1D0", "x0 2D6", "choice[]", "2D6>=8>=9", "MK"],
)
def test_bad_commands_raise_command_errors(command: str) -> None:
    with pytest.raises(CommandError):
        meikyu.roll(command, seed=1)


def test_ordinary_chat_is_an_unknown_command() -> None:
    with pytest.raises(CommandError) as info:
        meikyu.roll("안녕하세요 여러분")
    assert info.value.key == "error.command.unknown"
    assert "알 수 없는 명령" in info.value.message("ko")


@pytest.mark.parametrize(
    "command",
    [f"{MAX_DICE + 1}D6", "1D100000", f"x{MAX_REPEAT + 1} 1D6", "x100 20D6", "(" * 50 + "1D6" + ")" * 50,
     "1D6+" + "1" * 20, "1D6" + "+1" * 500, "999MK"],
)
def test_hostile_commands_fail_fast(command: str) -> None:
    # CPU time, not wall time, and no collector pass over the whole test session's heap in the middle:
    # the refusal itself must cost little work, whatever else the machine or the process holds.
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        with pytest.raises(LimitError):
            meikyu.roll(command, seed=1)
        elapsed = time.process_time() - start
    finally:
        gc.enable()
    assert elapsed < 0.05


def test_supplied_dice_must_fit() -> None:
    with pytest.raises(DiceError):
        meikyu.roll("2D6", dice=[1])  # too few
    with pytest.raises(DiceError):
        meikyu.roll("2D6", dice=[1, 2, 3])  # left over
    with pytest.raises(DiceError):
        meikyu.roll("1D6", dice=[7])  # impossible face


def test_unknown_system() -> None:
    with pytest.raises(UnknownSystem):
        meikyu.roll("2D6", system="NoSuchGame")
    assert meikyu.roll("2D6", system="미궁킹덤", dice=[1, 1]).system == "MeikyuKingdom"


def test_native_text_in_three_languages() -> None:
    r = meikyu.roll("2MK+3>=9", dice=[6, 6])
    assert "절대성공" in r.render("text", "ko")
    assert "絶対成功" in r.render("text", "ja")
    assert "critical" in r.render("text", "en")


def test_language_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEIKYU_LANG", "ja")
    assert "成功" in meikyu.roll("2D6>=2", dice=[1, 2]).text


def test_json_shape() -> None:
    data = meikyu.roll("3MK+2>=9", dice=[6, 3, 1]).to_json()
    assert set(data) == {"ok", "command", "text", "total", "dice", "kept", "success", "failure", "critical",
                         "fumble", "secret", "drive", "achievement", "rands"}
    assert data["rands"][0] == {"kind": "normal", "sides": 6, "value": 6}


def test_error_with_a_lang_parameter_renders() -> None:
    from meikyu.errors import InputError

    assert "xx" in InputError("error.lang", lang="xx", langs="ko, ja, en").message("ja")


def test_superscript_digits_are_not_dice() -> None:
    from meikyu.dice.source import parse_dice_list

    with pytest.raises(DiceError):
        parse_dice_list("²,1")


def test_secret_rolls_say_so_in_native_text_only() -> None:
    r = meikyu.roll("S2MK", dice=[1, 2], lang="en")
    assert r.text.startswith("(secret) ") and r.render("bcdice") == "(2R6) ＞ 3[1,2] ＞ 3"
    assert not meikyu.roll("2MK", dice=[1, 2], lang="en").text.startswith("(secret)")


def test_korean_messages_settle_particles_after_filled_in_words() -> None:
    """Every Korean message, not just events, reads '하나'는 / 'x'는 / 'ハナ'은(는) (an unreadable word keeps both)."""
    err = DiceError("error.dice.bad_value", value="하나")
    assert err.message("ko").startswith("'하나'는 ")
    assert DiceError("error.dice.bad_value", value="x").message("ko").startswith("'x'는 ")
    assert DiceError("error.dice.bad_value", value="bob").message("ko").startswith("'bob'은 ")
    assert DiceError("error.dice.bad_value", value="ハナ").message("ko").startswith("'ハナ'은(는) ")


def test_d66_order_follows_the_system() -> None:
    """Meikyuu Kingdom reads the lower die as tens; the plain DiceBot reads the first die, as BCDice does."""
    assert meikyu.roll("D66", dice=[5, 3]).total == 35
    assert meikyu.roll("D66", system="DiceBot", dice=[5, 3]).total == 53
