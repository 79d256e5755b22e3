"""The reader (scripted and interactive), saves, the CLI's play command, and the catalogs."""

from __future__ import annotations

import argparse
import json
import tomllib
from pathlib import Path

import pytest

from meikyu.dice import RandomDice, ScriptedDice
from meikyu.engine import Game, RandomPolicy
from meikyu.errors import InputError
from meikyu.systems.gamebook import events as ev
from meikyu.systems.gamebook.book import load_book
from meikyu.systems.gamebook.books import sample_path
from meikyu.systems.gamebook.cli import register
from meikyu.systems.gamebook.reader import ManualDice, Session, run_interactive, run_scripted
from meikyu.systems.gamebook.rules import GamebookRules

ARENA = Path(__file__).parent / "books" / "arena.toml"
I18N = Path(__file__).parents[2] / "src" / "meikyu" / "systems" / "gamebook" / "i18n"


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(argv)
    code = args.handler(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_scripted_play_json_reaches_an_ending(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["gamebook", "play", "sample", "--choices", "1,1,1,1,1,3,1,1", "--seed", "4",
                            "--format", "json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["ended"] and data["path"][0] == "1"
    assert data["ending"] in ("good", "normal", "bad")
    assert {"attack", "defense", "stamina", "hits", "items", "flags", "progress", "abilities"} <= set(data["sheet"])


def test_scripted_play_with_fixed_dice_is_exact(capsys: pytest.CaptureFixture[str]) -> None:
    """Fixed dice: creation 6,5 → 6 points spread 2/2/2 (R-GB-02); the rats never land a blow."""
    dice = "6,5," + ",".join(["6"] * 40)
    code, out, _ = run_cli(["gamebook", "play", "sample", "--choices", "1,1", "--dice", dice, "--format", "json"],
                           capsys)
    data = json.loads(out)
    assert data["path"] == ["1", "2", "5", "10"] and data["waiting"] == "choice"
    assert (data["sheet"]["attack"], data["sheet"]["defense"], data["sheet"]["stamina"]) == (6, 6, 6)


def test_scripted_stops_when_dice_run_out() -> None:
    result = run_scripted(load_book(sample_path()), [1, 1], ScriptedDice([6, 5, 6]), lang="en")
    assert result["waiting"] == "dice" and not result["ended"]


def test_story_mode_cli_needs_no_dice(capsys: pytest.CaptureFixture[str]) -> None:
    """R-GB-08 through the CLI: the drake fight is won without a single die."""
    code, out, _ = run_cli(["gamebook", "play", "sample", "--story", "--choices", "1,1,1,1,1,3,1,1,1,1",
                            "--dice", "", "--format", "json"], capsys)
    data = json.loads(out)
    assert data["story"] is True and data["ending"] == "good" and "32" in data["path"]


def test_bad_choices_and_manual_in_script_are_clear_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(["gamebook", "play", "sample", "--choices", "1,x"], capsys)
    assert code == 2 and "「x」" in err  # Japanese by default
    code, _, err = run_cli(["gamebook", "play", "sample", "--choices", "1", "--dice", "manual", "--lang", "en"],
                           capsys)
    assert code == 2 and "--dice manual" in err
    code, _, err = run_cli(["gamebook", "play", "no/such/book.toml", "--choices", "1"], capsys)
    assert code == 2 and "book.toml" in err and "Traceback" not in err


def test_interactive_session_commands(tmp_path: Path) -> None:
    """Numbers, Enter, sheet, odds, undo, bookmarks, save and load — through ask/say functions."""
    save = tmp_path / "save.json"
    inputs = iter(["", "1", "1", "s", "b start", "1", "1", "", "o", "u", "g start", "9", "zzz",
                   f"save {save}", f"load {save}", "h", "q"])
    said: list[str] = []
    session = Session(load_book(ARENA), dice=ScriptedDice([3, 1]), lang="en")
    assert run_interactive(session, lambda _: next(inputs), said.append) == 0
    text = "\n".join(said)
    assert "Attack 5  Defense 5  Stamina 5" in text  # the sheet
    assert "odds with no ability" in text  # odds shown as the fight starts
    assert "Bookmark 'start' set." in text and "Taken back." in text
    assert "Pick a number from 1 to" in text and "Unknown command" in text and "Saved to" in text
    assert session.state.paragraph == "1" and save.is_file()


def test_play_warns_about_a_broken_book(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    book = tmp_path / "broken.toml"
    book.write_text("[book]\nid='b'\nstart=1\n[p.1]\ntext='x'\nchoices=[{to=2, text='go'}]\n", encoding="utf-8")
    code, out, err = run_cli(["gamebook", "play", str(book), "--choices", "1", "--format", "json", "--lang", "en"],
                             capsys)
    assert code == 2 and "warning" in err and "paragraph 2 does not exist" in err


def test_play_starts_without_playing_the_book_every_way(capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading starts at once: `play` checks what the text shows (links, names), not every way through the
    book (that is `gamebook check`'s: seconds for the Tower of Winds, before its first line)."""
    from meikyu.systems.gamebook import validate

    def explored(*_: object) -> None:
        raise AssertionError("play explored the whole book before reading")

    monkeypatch.setattr(validate, "play_problems", explored)
    code, out, _ = run_cli(["gamebook", "play", "sample", "--choices", "1", "--format", "json", "--lang", "en"],
                           capsys)
    assert code == 0 and out


def test_scripted_run_stops_in_a_fight_that_cannot_end() -> None:
    """An enemy nobody can hurt and who cannot hurt Shin: the scripted reader stops instead of hanging."""
    from meikyu.systems.gamebook.book import parse_book

    book, problems = parse_book(
        "[book]\nid='x'\nstart=1\n[p.1]\ntext='t'\n[p.1.combat]\nwin=2\nlose=2\n"
        "enemies=[{name='Wall',attack=0,kill=0,defense=40,hits=2}]\n[p.2]\ntext='e'\nending='good'\n"
    )
    assert not problems
    result = run_scripted(book, [], RandomDice(1), max_actions=300)
    assert result["waiting"] == "limit" and not result["ended"]


def test_manual_dice_are_asked_and_checked() -> None:
    asked: list[str] = []
    said: list[str] = []
    answers = iter(["7", "3 x", "3 4", "6"])

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    dice = ManualDice(ask, said.append, "en")
    assert [dice.roll(6), dice.roll(6), dice.roll(6)] == [3, 4, 6]
    assert len(said) == 2  # 7 is too big; x is not a number


def test_save_load_roundtrip_and_wrong_book(tmp_path: Path) -> None:
    session = Session(load_book(sample_path()), dice=RandomDice(3), lang="ja")
    for _ in range(6):
        session.play(session.policy.choose(session.state, session.game.legal_actions()))
    path = tmp_path / "s.json"
    session.save(path)
    other = Session(load_book(sample_path()), lang="ja")
    other.load(path)
    assert other.state == session.state
    arena = Session(load_book(ARENA))
    with pytest.raises(InputError) as info:
        arena.load(path)
    assert info.value.key == "gb.error.save_other_book"
    bad = tmp_path / "bad.json"
    bad.write_text("{]", encoding="utf-8")
    with pytest.raises(InputError):
        arena.load(bad)


@pytest.mark.parametrize("seed", range(12))
def test_random_readers_always_finish_the_sample(seed: int) -> None:
    """Soak: random choices, random dice, random prompt answers — every reading reaches an ending."""
    rules = GamebookRules(load_book(sample_path()))
    game = Game(rules, rules.initial(story=seed % 4 == 0), dice=RandomDice(seed))
    game.run(RandomPolicy(seed), max_steps=5000)
    assert game.state.phase == "ended", game.state.path
    again = Game.from_data(rules, json.loads(json.dumps(game.to_data())))  # a save replays exactly
    assert again.state == game.state


def test_catalogs_have_the_same_keys_in_every_language() -> None:
    def keys(lang: str) -> set[str]:
        out: set[str] = set()

        def walk(prefix: str, table: dict[str, object]) -> None:
            for k, v in table.items():
                if isinstance(v, dict):
                    walk(f"{prefix}{k}.", v)
                else:
                    out.add(prefix + k)

        walk("", tomllib.loads((I18N / f"{lang}.toml").read_text(encoding="utf-8")))
        return out

    en = keys("en")
    assert keys("ja") == en and keys("ko") == en
    from meikyu.engine import _snake

    for cls in vars(ev).values():
        if isinstance(cls, type) and issubclass(cls, ev.GbEvent) and cls is not ev.GbEvent:
            assert f"event.{_snake(cls.__name__)}" in en, cls.__name__


def test_events_render_in_three_languages() -> None:
    e = ev.ShinWounded("Slime", "1+1", 7, 10, 2, 0, True)
    texts = {lang: e.render(lang) for lang in ("ja", "en", "ko")}
    assert "0" in texts["en"] and "撃破値" in texts["ja"] and "격파치" in texts["ko"]


def test_reader_odds_follow_the_fight_and_text_comes_before_effects(tmp_path: Path) -> None:
    """The reader (round 2 play-through): 'o' mid-fight gives the odds from the current state (R-GB-10..13),
    the enemies are listed once per prompt, a paragraph's text precedes what happens there, a failed save
    is a message and not a traceback, and a lone option answers a wrong number with a hint."""
    from fractions import Fraction

    from meikyu.systems.gamebook.fighters import Enemy, Fighter
    from meikyu.systems.gamebook.odds_dp import DpSolver
    from meikyu.systems.gamebook.reader import percent

    # Creation 3 → 1/1/1 (5/5/5), the slime fight; Shin hits (4 → 3), the slime misses (3+3+5 = 11 ≥ 10).
    inputs = iter(["", "1", "1", "1", "", "", "o", f"save {tmp_path / 'no' / 'x.json'}", "7", "q", "n"])
    said: list[str] = []
    session = Session(load_book(ARENA), dice=ScriptedDice([3, 1, 4, 4, 3, 3]), lang="en")
    assert run_interactive(session, lambda _: next(inputs), said.append) == 0
    text = "\n".join(said)
    expected = DpSolver(Fighter(5, 3, 5, 5), [Enemy(10, 2, 9, 4)]).now(5, (3,))
    w, x, d = expected
    assert f"odds from here with no ability: win {percent(Fraction(w, d))}%" in text
    assert text.count("enemy 1: Slime") == text.count("In this combat")  # once per prompt, not twice
    assert "cannot save there" in text and "Traceback" not in text
    assert "Pick a number from 1 to 1" not in text or "only one option" in text
    assert percent(Fraction(1, 10**7)) == "<0.1" and percent(1 - Fraction(1, 10**7)) == ">99.9"


def test_scripted_transcript_reads_text_before_effects() -> None:
    """A paragraph's text is printed right after arriving, before the items and flags it gives."""
    log: list[str] = []
    run_scripted(load_book(sample_path()), [2, 1], ScriptedDice([6, 2]), lang="en", log=log)
    arrive = next(i for i, line in enumerate(log) if line.startswith("→") and "6" in line)
    equip = next(i for i, line in enumerate(log) if line.startswith("Equipped"))
    assert arrive < equip and any("spear" in line.lower() for line in log[arrive + 1 : equip])


def test_enter_alone_and_recommended_target_r_gb_14() -> None:
    """Enter with several options asks for a number (not "unknown command"); with two enemies standing the
    target the exact odds favour is marked (R-GB-14)."""
    inputs = iter(["1", "1", "1", "1", "1", "1", "", "q", "n"])
    said: list[str] = []
    session = Session(load_book(sample_path()), dice=ScriptedDice([3, 1]), lang="en")
    assert run_interactive(session, lambda _: next(inputs), said.append) == 0
    text = "\n".join(said)
    assert "Unknown command ''" not in text and "Pick a number from 1 to 2." in text
    assert text.count("← best odds") >= 1


def test_load_tells_a_missing_file_from_a_broken_save(tmp_path: Path) -> None:
    session = Session(load_book(sample_path()), dice=ScriptedDice([]), lang="en")
    with pytest.raises(InputError) as info:
        session.load(tmp_path / "none.json")
    assert info.value.key == "error.file.unreadable"
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe{")
    with pytest.raises(InputError) as info:
        session.load(tmp_path / "bad.json")
    assert info.value.key == "error.file.encoding"
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(InputError) as info:
        session.load(tmp_path / "bad.json")
    assert info.value.key == "error.file.syntax"
