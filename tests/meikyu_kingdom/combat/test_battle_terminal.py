"""``meikyu mk battle`` driven through its input stream, as a GM types at the table (no tmux, so CI runs it).

Each script is what a GM would type: begin, a strategy check with dice typed in (R-MK-24), an attack
with its hit check typed (R-MK-25) and its damage (R-MK-30), a hope-for-dice choice (R-MK-15), undo, the
players' view of an uncertain encounter (R-MK-23), the GM list, help and a wrong entry.
"""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from meikyu.cli import main


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, typed: list[str]
) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in typed)))
    assert main(["mk", "battle", "sample", "--seed", "7", "--lang", lang]) == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return captured.out


def screens(text: str, marker: str) -> list[str]:
    """The text cut at each field heading, so a check can look at one screen."""
    return [marker + part for part in text.split(marker)[1:]]


def test_rounds_with_typed_dice_en(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-MK-24 strategy with typed dice, R-MK-25 hit, R-MK-30 damage, R-MK-38 acted flags, undo, quit."""
    out = play(monkeypatch, capsys, "en", ["go", "3t", "3 4", "3a5", "5 5", "h0", "u", "q"])
    assert "Mio: strategy check [3,4] → 10 vs 9: success." in out
    assert "Now the court moves and acts." in out
    assert "Mio: hit check [5,5] → 12 vs 8: success." in out
    assert "Waiting for a decision: how much hope to spend on damage." in out
    assert "Brick Goblin takes 3 damage (HP 3)." in out
    fields = screens(out, "Round 1 · moves and actions")
    after_hit = next(s for s in fields if "Brick Goblin HP 3/6" in s)
    assert "#3 Mio HP 9/9 [acted]" in after_hit and "#4 Sora HP 10/10 [ready]" in after_hit
    assert "  5. monster HQ: —" in after_hit  # an empty area says so instead of trailing off
    # undo puts the goblin's HP back
    assert "Took back the last action." in out
    assert "Brick Goblin HP 6/6 [ready]" in out.split("Took back the last action.")[1]
    assert out.rstrip().endswith("Leaving the battle.")
    # the hope variants are folded into one line each, with the hint; exchanges fold into one line
    assert "(hope" not in out and "[hope 0–5: add +N]" in out
    assert "3w4…" in out and "3w4g1 give crossbow" in out


def test_menu_keys_are_grouped_and_stable_en(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 12 §4: actions grouped by character then kind; a key means the same action after others act."""
    out = play(monkeypatch, capsys, "en", ["go", "3t", "3 4", "1w2g2", "q"])
    screens_ = screens(out, "Round 1 · moves and actions")
    first_menu, later = screens_[0], screens_[-1]
    assert "#4 Sora — court rear, HP 10/10" in first_menu and "    attack  4a5" in first_menu
    for screen in (first_menu, later):  # same key, same action, after another character acted
        assert "4a5     Sora: attack Brick Goblin with short bow" in screen
    assert "#1 Hana —" in first_menu and "#1 Hana —" not in later  # Hana has acted: her group is gone
    assert "2w1g3 give leather armor" in later  # the armor Hana handed over is Toru's to give now


def test_hope_by_plus_and_bad_entries_ko(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-MK-15: ``3t+1`` spends one hope and rolls three dice; help, a wrong key and ``3t+9`` are refused."""
    out = play(monkeypatch, capsys, "ko", ["go", "도움말", "99", "3t+9", "3t+1", "1", "3 4 5", "끝내기"])
    assert "전투 진행 방법:" in out
    assert "'99'는 지금 고를 수 있는 키가 아닙니다" in out
    assert "'3t+9'는 지금 고를 수 있는 키가 아닙니다" in out
    assert "Mio: 작전 판정 [3,4,5] → 달성치 12 / 난이도 9: 성공." in out
    assert "#3 Mio HP 9/9 [대기]" in out
    assert "(search)" not in out and "1s 탐색" in out
    assert out.rstrip().endswith("전투를 나갑니다.")


def test_player_view_and_gm_list_ja(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-MK-23: after the GM hides the ogre, the players' field shows only an unknown shape, no HP."""
    out = play(monkeypatch, capsys, "ja", ["8v", "p", "g", "g99", "q"])
    gm_field, player_field = out.split("プレイヤーに見えるもの")[0], out.split("プレイヤーに見えるもの")[1]
    assert "隧道オーガ HP18/18" in gm_field.split("キーを入力")[-2] and "データ非公開" in gm_field
    player_area = next(line for line in player_field.splitlines() if line.startswith("  4. "))
    assert "HP" not in player_area and "隧道オーガ" not in player_area
    assert "GMの行動：" in out and "    g1. " in out
    assert "「g99」はGMの行動ではない：g1からg" in out


def test_the_policy_plays_the_monsters_on_request(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 12 §4: ``m`` hands the monster side to the tactical policy; the court stays the GM's."""
    out = play(monkeypatch, capsys, "en", ["go", "m", "3t", "1 1", "q"])
    assert "The tactical policy now plays the monster side" in out
    assert "The tactical policy plays the monster side:" in out
    assert "Now the court moves and acts." in out.split("The tactical policy plays the monster side:")[-1]


def test_real_process_through_a_pipe() -> None:
    """The installed program, fed by a pipe: no traceback, a clean goodbye at end of input."""
    done = subprocess.run(
        [sys.executable, "-m", "meikyu", "mk", "battle", "sample", "--seed", "1", "--lang", "en"],
        input="go\n3t\n6 5\n1\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "strategy check [6,5]" in done.stdout and done.stdout.rstrip().endswith("Leaving the battle.")


def test_simulate_into_head_has_no_traceback() -> None:
    """``meikyu mk simulate … | head -1``: a reader that is gone (here ``true``) ends the program quietly."""
    done = subprocess.run(
        f"{sys.executable} -m meikyu mk simulate sample --battles 200 --seed 1 --lang en | true",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr, done.stderr
