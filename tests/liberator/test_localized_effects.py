"""Effect notation and mission types in the reader's language (R-LB-09, R-LB-11, R-LB-14).

The notation (``即:捨``, ``付:P+1`` …) stays the data language; ja output shows it as printed, ko and
en output spell it out through the ``lb.effect`` catalogs, and mission types read ``lb.mission_type``.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from meikyu.systems.liberator.cards import sample_cards
from meikyu.systems.liberator.cli import register
from meikyu.systems.liberator.effects import (
    Effect,
    describe,
    describe_grant,
    describe_notation,
    format_effects,
    parse_effect,
)
from meikyu.systems.liberator.events import AbilityUsed, GrantGained, MissionCleared, PowerSet, RoundEnded

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def sample_effects() -> list[Effect]:
    cards = sample_cards()
    out: list[Effect] = [e for a in cards.actions.values() for face in a.effects for e in face]
    out += [j.effect.effect for j in cards.jobs.values()] + [f.effect for f in cards.feats.values()]
    out += [e for enh in cards.enhancements.values() for e in enh.bonus]
    return out


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="meikyu")
    register(parser.add_subparsers())
    args = parser.parse_args(argv)
    code = args.handler(args)
    return code, capsys.readouterr().out


def test_r_lb_11_ja_shows_the_printed_notation_and_it_parses_back() -> None:
    effects = sample_effects()
    assert effects
    for e in effects:
        assert describe(e, "ja") == e.notation()
        assert parse_effect(e.notation()) == e


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_r_lb_11_ko_en_spell_out_every_sample_effect(lang: str) -> None:
    for e in sample_effects():
        text = describe(e, lang)
        assert text and not JAPANESE.search(text), (e, text)
        assert "lb.effect" not in text


def test_r_lb_11_examples_from_the_brief() -> None:
    assert describe(parse_effect("即:捨"), "en") == "instant: discard this action"
    assert describe(parse_effect("付:P+1"), "en") == "grant: P+1"
    assert describe(parse_effect("追:C"), "en") == "follow-up: C"
    assert describe(parse_effect("即:捨"), "ko") == "즉시: 이 행동 버림"
    assert describe(parse_effect("付:P+1"), "ko") == "부여: P+1"
    assert describe(parse_effect("追:C"), "ko") == "추격: C"
    assert describe(parse_effect("即:経験+2"), "en") == "instant: experience +2"
    assert format_effects((parse_effect("即:捨"), parse_effect("追:C")), "ja") == "即:捨; 追:C"


def test_r_lb_09_held_grant_names_in_each_language() -> None:
    assert describe_grant("他者回復+1/M", "ja") == "他者回復+1/M"
    assert describe_grant("他者回復+1/M", "en") == "others' recovery+1 (this mission)"
    assert describe_grant("*+1/R", "ko") == "아무+1(이번 라운드)"
    assert describe_grant("not a grant", "en") == "not a grant"
    assert describe_notation("advantage", "en") == "advantage"


def test_r_lb_14_events_render_effects_types_and_codes() -> None:
    assert GrantGained("ann", "他者P+1").render("en") == "ann gains the grant others' P+1."
    assert "付" not in GrantGained("ann", "P+1").render("ko")
    used = AbilityUsed("ann", "号令", "他者威力+2").render("en")
    assert "others' power+2" in used and not JAPANESE.search(used.replace("号令", ""))
    assert "최종" in MissionCleared("ann", "final", 1).render("ko")
    assert "turning-point" in MissionCleared("ann", "turning", 0).render("en")
    assert "最終" in MissionCleared("ann", "final", 0).render("ja")
    assert "follow-up: C" in PowerSet("ann", "P", 3, 6, "C").render("en")
    assert "False" not in RoundEnded(1, False).render("ko")


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_r_lb_11_cards_list_has_no_japanese_in_ko_en(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["liberator", "cards", "list", "--lang", lang], capsys)
    assert code == 0 and out
    assert not JAPANESE.search(out), JAPANESE.findall(out)[:5]


def test_cards_list_ja_keeps_the_notation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["liberator", "cards", "list", "--lang", "ja"], capsys)
    assert code == 0 and "即:捨" in out


@pytest.mark.parametrize(("lang", "word", "raw"), [("ko", "최종", "final"), ("en", "final", "final")])
def test_mission_type_is_localized(lang: str, word: str, raw: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(
        ["liberator", "mission", "--players", "3", "--levels", "2,2,2", "--type", "final", "--seed", "3"]
        + ["--lang", lang],
        capsys,
    )
    assert code == 0 and out.splitlines()[0].startswith(word)
    assert not JAPANESE.search(out)
    if lang == "ko":
        assert raw not in out


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_r_lb_11_play_output_has_no_japanese_in_ko_en(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "s.txt"
    script.write_text("show\nauto 600\nshow\nquit\n", encoding="utf-8")
    code, out = run(
        ["liberator", "play", "--seed", "11", "--players", "a:priest:mount,b:troupe:mount,c:boss:mount"]
        + ["--script", str(script), "--lang", lang],
        capsys,
    )
    assert code == 0
    assert not JAPANESE.search(out), JAPANESE.findall(out)[:5]
    for code_word in ("final_cleared", "turning_point", "False", "True", "lb."):
        assert code_word not in out
    if lang == "ko":
        assert "최종" in out and "final" not in out


def test_r_lb_07_normal_recovery_declaration_reads_in_the_language() -> None:
    from meikyu.systems.liberator.events import Declared
    from meikyu.systems.liberator.state import NORMAL

    assert Declared("ann", NORMAL).render("ko") == "ann이 통상 회복을 선언."
    assert "normal_recovery" not in Declared("ann", NORMAL).render("en")


def test_korean_particles_settle_after_card_names_are_swapped() -> None:
    from meikyu.systems.liberator.events import Declared
    from meikyu.systems.liberator.names import localize

    name = sample_cards().actions["swing"].name
    line = localize(Declared("ann", name).render("ko"), "ko")
    assert "을(를)" not in line and "휘두르기를" in line
