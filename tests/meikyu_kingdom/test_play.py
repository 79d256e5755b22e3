"""``meikyu mk play``: a game in the terminal, saved after every step and resumed from the save."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

from meikyu.cli import main
from meikyu.engine import Game
from meikyu.i18n import translate
from meikyu.systems.meikyu_kingdom.play import Player
from meikyu.systems.meikyu_kingdom.play_words import describe
from meikyu.systems.meikyu_kingdom.session import SessionRules

# Preparation → prologue → round table (typed commands) → actions (a typed action and a called check)
# → departure → labyrinth → formation → in through the entrance.
SCRIPT = [
    "1", "1", "minions doyun 6", "minions mir 4", "1", "item seoa 도시락 1", "1", "1", "1",
    "act haneul planned 연설", "1", "check haneul 매력 9", "1",
]


def run(argv: list[str], lines: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    old = sys.stdin
    sys.stdin = io.StringIO("".join(f"{line}\n" for line in lines))
    try:
        code = main(argv)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return code, out + err


def test_play_saves_every_step_and_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    code, out = run(["mk", "play", "sample", "--save", str(save), "--seed", "4", "--lang", "en"], [*SCRIPT, "q"], capsys)
    assert code == 0 and "Traceback" not in out
    assert "Doyun's minions: 6 now" in out and "Haneul checks charm" in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["format"] == "meikyu.mk.play"
    game = Game.from_data(SessionRules(), data["game"])
    assert (game.state.phase, game.state.step) == ("kingdom", "actions")
    assert game.state.actions is not None and "haneul" in game.state.actions.acted
    steps = len(game.history)
    # Resuming replays to the same state and goes on from there.
    code, out = run(["mk", "play", "--resume", str(save), "--lang", "ko"], ["1", "q"], capsys)
    assert code == 0 and f"({steps}단계)" in out
    again = Game.from_data(SessionRules(), json.loads(save.read_text(encoding="utf-8"))["game"])
    assert len(again.history) == steps + 1 and again.state.step == "departure"


def test_play_resumes_the_save_beside_the_sheet_by_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        run(["mk", "play", "--lang", "ja"], ["1", "q"], capsys)
        assert Path("sample.play.json").exists()
        code, out = run(["mk", "play", "--lang", "ja"], ["q"], capsys)
        assert code == 0 and "再開する(1段階)" in out
        code, out = run(["mk", "play", "--new", "--lang", "ja"], ["q"], capsys)
        assert "再開する(" not in out
    finally:
        os.chdir(here)


def test_play_refuses_a_broken_save_in_the_users_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    code, out = run(["mk", "play", "--resume", str(bad), "--lang", "ko"], [], capsys)
    assert code != 0 and "저장 파일이 아닙니다" in out and "Traceback" not in out


def test_quitting_with_unsaved_steps_asks_first(tmp_path: Path) -> None:
    """Every step is saved; when a save could not be written, q asks before leaving (n stays)."""
    out = io.StringIO()
    player = Player.start("sample", tmp_path / "g.json", "en", lambda _: "q", out, seed=1)
    player.dirty = True  # as after a step whose save failed
    answers = iter(["q", "n", "q", "y"])
    asked: list[str] = []

    def ask(text: str) -> str:
        asked.append(text)
        return next(answers)

    player.ask = ask
    assert player.run() == 0
    assert sum("not saved" in line for line in asked) == 2


def test_menu_lines_read_in_each_language() -> None:
    from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
    from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
    from meikyu.systems.meikyu_kingdom.session import new_session
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

    s = new_session(sample(), sample_labyrinth())
    assert describe(ex.SetFormation("seoa", 1), s, "ko").startswith("서아")
    assert describe(ex.Eat("seoa", "boxed_lunch"), s, "ja") == "ソアがお弁当を食べる"
    assert describe(ex.GoHungry("mir"), s, "en") == "Mir goes hungry"


def test_r_mk_10_typed_dice_at_a_real_table(tmp_path: Path) -> None:
    """``--dice manual``: a check the GM calls asks for the 2D6 rolled at the table and uses them."""
    answers = iter(["check mir search 9", "1", "5 4", "q"])
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    out = io.StringIO()
    player = Player.start("sample", tmp_path / "game.json", "en", ask, out, seed=1, typed=True)
    assert player.run() == 0
    assert any("Dice: 2D6" in p for p in prompts)
    turn = player.game.history[-1]
    assert [v for _, v in turn.rolls] == [5, 4] and player.game.state.called is None
    again = Player.resume(tmp_path / "game.json", "en", lambda _: "q", io.StringIO())
    assert again.game.state == player.game.state  # the typed dice are in the save


def test_r_mk_46_transport_typed_in_camp(tmp_path: Path) -> None:
    """``transport WHO N THING…`` in camp names the cargo by the haul's words (R-MK-46)."""
    from dataclasses import replace

    from meikyu.dice import RandomDice
    from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
    from meikyu.systems.meikyu_kingdom.expedition.transport import Transport

    first = Player.start("sample", tmp_path / "game.json", "en", lambda _: "q", io.StringIO(), seed=1)
    exp = ex.Expedition("gate", stage="camp", haul_items=("마석",), haul_materials={"iron": 3})
    state = replace(first.game.state, expedition=exp)
    player = Player(Game(SessionRules(), state), tmp_path / "game.json", "en", lambda _: "q", io.StringIO(), RandomDice(1))
    assert player.choice("transport mir 2 마석 철=2", []) == Transport("mir", 2, ("마석",), (("iron", 2),))
    assert describe(Transport("mir", 2, ("마석",), (("iron", 2),)), state, "en").startswith("Mir sends 2 minions home")


def _in_battle(tmp_path: Path, answers: list[str], side: str) -> tuple[Player, list[str]]:
    """A ``mk play`` game standing in a battle (Haneul against a rat, ``side`` acting first)."""
    from dataclasses import replace

    from tests.meikyu_kingdom.combat.battle_helpers import acting, battle, mon, pc
    from tests.meikyu_kingdom.test_labyrinth import at_labyrinth, everyone_avoids, in_hall

    from meikyu.dice import RandomDice
    from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
    g = at_labyrinth()
    in_hall(g)
    g.play(ex.SkipSearch())
    everyone_avoids(g)
    fight = acting(battle(pc("haneul", area=3, hp=30), mon("rat", area=3, hp=30)), side)
    assert g.state.expedition is not None
    state = replace(g.state, battle=fight, expedition=replace(g.state.expedition, room="pantry", stage="battle"))
    said: list[str] = []
    feed = iter(answers)

    class Out(io.StringIO):
        def write(self, text: str) -> int:
            said.append(text)
            return len(text)

    player = Player(Game(SessionRules(), state), tmp_path / "game.json", "en", lambda _: next(feed), Out(), RandomDice(3))
    return player, said


def test_g_in_a_battle_lists_and_takes_the_gms_actions(tmp_path: Path) -> None:
    """``mk play`` in a battle takes the GM's actions as ``mk battle`` does: ``g`` lists them and asks, ``gN V``."""
    from meikyu.systems.meikyu_kingdom.combat.actions import ReduceHp
    from meikyu.systems.meikyu_kingdom.combat.rules import gm_actions

    probe, _ = _in_battle(tmp_path, [], "court")
    assert probe.game.state.battle is not None
    listing = gm_actions(probe.game.state.battle)
    n = 1 + next(i for i, a in enumerate(listing) if isinstance(a, ReduceHp) and a.target == "rat")
    player, said = _in_battle(tmp_path, ["g", "", f"g{n} 5", "q", "y"], "court")
    assert player.run() == 0
    text = "".join(said)
    assert text.count("GM actions:") == 1 and f"g{n}." in text  # listed once (after "g"; "gN 5" takes it at once)
    assert player.game.state.battle is not None and player.game.state.battle.get("rat").hp == 25
    assert isinstance(player.game.history[-1].action, ReduceHp)


def test_m_in_a_battle_hands_the_monsters_to_the_tactical_policy(tmp_path: Path) -> None:
    """``m``: the policy plays the monster side's turns until ``m`` again (said in the reader's language)."""
    player, said = _in_battle(tmp_path, ["m", "q", "y"], "monsters")
    before = len(player.game.history)
    assert player.run() == 0
    text = "".join(said)
    assert "tactical policy now plays the monster side" in text
    assert "The tactical policy plays the monster side:" in text
    assert len(player.game.history) > before


def test_r_mk_20_a_name_the_table_asks_for_is_typed_and_options_read_in_words(tmp_path: Path) -> None:
    """KMT 2 (R-MK-20 tables): ``mk play`` says what is asked and takes the typed name as the answer (it
    stood with nothing to choose); a prompt's options read in words (a facility, not ``0:A1:밭``)."""
    from dataclasses import replace

    from tests.meikyu_kingdom.test_kingdom_effects import play as roll_table

    from meikyu.dice import RandomDice
    from meikyu.systems.meikyu_kingdom.kingdom import effects as fx
    from meikyu.systems.meikyu_kingdom.kingdom.effect_state import Frame, Pending
    from meikyu.systems.meikyu_kingdom.session_state import STEPS
    from meikyu.tables import Effect

    start = Player.start("sample", tmp_path / "game.json", "en", lambda _: "q", io.StringIO(), seed=1).game.state
    effects = roll_table("KMT", [1, 1, 6], voice=5)
    waiting = replace(start, index=STEPS.index(("end", "kingdom_change")), change_rolled=True, effects=effects.state)
    out = io.StringIO()
    answers = iter(["Black Empire", "q", "y"])
    player = Player(Game(SessionRules(), waiting), tmp_path / "game.json", "en", lambda _: next(answers), out,
                    RandomDice(0))
    assert player.run() == 0
    assert "names the great power" in out.getvalue()
    assert player.game.state.kingdom.vassal_of == "Black Empire"
    frame = Frame(Effect("facility_lost", (("pick", "chosen"),)))
    for kind, option, lang, words in (("choose_facility", "0:A1:밭", "en", "Map 1, room A1: Field"),
                                      ("envoy", "accept:2", "ja", "受け入れる (2MG支払う)"),
                                      ("choose_territory", "1", "ko", "지도 2")):
        asked = replace(effects.state, pending=Pending(kind, "players", (option,), frame))
        assert words in describe(fx.Choose(option), replace(start, effects=asked), lang)


@pytest.mark.parametrize(("lang", "usage", "request_words", "name"), [
    ("ko", "사용법: item 누구 이름 가치", "서아의 아이템 도시락 (가치 1)", "밭"),
    ("ja", "使い方: item 誰 名前 価値", "ソアのアイテム도시락（価値1）", "畑"),
    ("en", "usage: item WHO NAME VALUE", "item 도시락 (value 1) for Seoa", "field"),
])
def test_round_table_commands_in_each_language_r_mk_05(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str,
                                                       usage: str, request_words: str, name: str) -> None:
    """A round-table command typed short gets its usage in the player's words with an example; the GM's
    approval prompt names the request, its cost and the budget; a facility is named in the player's
    language (English in any case)."""
    save = tmp_path / "game.json"
    lines = ["1", "1", "1", "item", "item seoa 도시락 1", "1", f"facility {name} C1", "1", "q", "y"]
    code, out = run(["mk", "play", "sample", "--save", str(save), "--seed", "4", "--lang", lang], lines, capsys)
    assert code == 0 and "Traceback" not in out
    pending = translate("mk.table_runner.pending_choice", lang, request=request_words, cost=0, budget=6)
    assert usage in out and pending in out, out[-3000:]
    game = Game.from_data(SessionRules(), json.loads(save.read_text(encoding="utf-8"))["game"])
    assert "밭" in game.state.kingdom.maps[0].facilities("C1")


def test_an_approved_facility_tells_the_budget_change_once_r_mk_05(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """The budget meeting's approval says the cost and the budget left in one line; ``mk play`` printed a second
    "왕국 예산: 6 → 4" beside it (the round table emitted a budget change as well as the resolved request)."""
    save = tmp_path / "game.json"
    lines = ["1", "1", "1", "facility 광장 A3", "1", "q", "y"]
    code, out = run(["mk", "play", "sample", "--save", str(save), "--seed", "4", "--lang", "ko"], lines, capsys)
    assert code == 0 and "Traceback" not in out
    told = [line.partition("→")[2] for line in out.splitlines() if "→" in line and "예산" in line]
    assert told == [" 신청 지도 1 A3에 시설 광장: 허가, 비용 2 MG, 남은 예산 4 MG."], told


def test_a_national_check_names_the_kingdom_as_its_roller_r_mk_18(tmp_path: Path) -> None:
    """KMT 5's life check (a national check: the kingdom rolls it) reads "버섯골 왕국의 생활 판정" in ``mk play``,
    its hope question "버섯골 왕국: 이 판정…" — they read "의 생활 판정" and ": 이 판정…" with the name left out."""
    from dataclasses import replace

    from meikyu.dice import ScriptedDice
    from meikyu.systems.meikyu_kingdom.session_state import STEPS

    start = Player.start("sample", tmp_path / "game.json", "ko", lambda _: "q", io.StringIO(), seed=1).game.state
    waiting = replace(start, index=STEPS.index(("end", "kingdom_change")))
    game = Game(SessionRules(), waiting, ScriptedDice([1, 4, 1, 2]))  # KMT 5; the check fails on 1+2
    answers = iter(["1", "1", "q", "y"])
    out = io.StringIO()
    assert Player(game, tmp_path / "game.json", "ko", lambda _: next(answers), out, game.dice).run() == 0
    text = out.getvalue()
    assert "버섯골 왕국: 이 판정(생활, 난이도 10)에 희망을 얼마나 쓸까요?" in text
    assert "→ 버섯골 왕국의 생활 판정 (+3), 난이도 10, 희망 주사위 0개." in text


def test_a_refused_round_table_command_is_told_just_above_the_prompt_r_mk_05(tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``facility 창고 B2`` on a room that already holds a facility seemed to do nothing: the refusal was said,
    then the status and the budget meeting's long menu were redrawn and scrolled it off the screen. It now
    comes just above the prompt, and names the empty rooms to choose from."""
    save = tmp_path / "game.json"
    lines = ["1", "1", "1", "facility 창고 B2", "q"]
    code, out = run(["mk", "play", "sample", "--save", str(save), "--seed", "4", "--lang", "ko"], lines, capsys)
    assert code == 0 and "Traceback" not in out
    prompt = translate("mk.play.choose", "ko")
    told = "! 방 B2에는 이미 광장이 있습니다; 빈 방을 고르세요 (빈 방: A3, B3, C1)."
    before_prompt = [line for line in out.split(prompt)[-2].splitlines() if line.strip()]
    assert before_prompt[-1] == told, before_prompt[-3:]
    game = Game.from_data(SessionRules(), json.loads(save.read_text(encoding="utf-8"))["game"])
    assert game.state.round_table is not None and game.state.round_table.pending is None
    assert list(game.state.kingdom.maps[0].facilities("B2")) == ["광장"]  # refused: the game as it was
