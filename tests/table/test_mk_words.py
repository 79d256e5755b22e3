"""Every word in the reader's language (issue 26 §8): every event line of a whole session (round table,
labyrinth, battles, end phase) and of the sample battle, for the GM and a player, in ko, ja and en — no
raw id (``snake_case``, ``key/value``, seat ids), no English in ko/ja outside names and dice notation,
no empty name."""

from __future__ import annotations

import re

import pytest

from meikyu.dice import RandomDice
from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
from meikyu.table import registry
from tests.table.driver import play
from tests.table.test_mk_court import _SessionPolicy

SESSION = registry.get("MeikyuKingdom", "session")
BATTLE = registry.get("MeikyuKingdom", "battle")

ALLOWED = {"MG", "HP", "GM", "MK", "rope"}  # units, the game's own abbreviations; "rope": the test court asks for it by that name
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+/[A-Za-z가-힣ぁ-んァ-ン一-龥]+|\b(?:pc|gm):[a-z]+")
EMPTY = re.compile(r"^\s*[:：의の]|\(\s*\)|（\s*）|:\s*$")


def lines(kind, state, policy, lang: str, **kw) -> list[str]:
    done = play(kind, state, RandomDice(0), policy=policy, lang=lang, **kw)
    seats = kind.seats(state)
    return [e["text"] for seat in (seats[0], seats[1]) for e in done.events(seat)]


def check(texts: list[str], lang: str, names: frozenset[str] = frozenset()) -> None:
    assert texts
    for text in texts:
        assert not RAW.search(text), (lang, text)
        assert not EMPTY.search(text), (lang, text)
        if lang in ("ko", "ja"):
            words = set(re.findall(r"[A-Za-z]{2,}", re.sub(r"\d*[DdＤ]\d+|\d+MK", "", text))) - ALLOWED - names
            assert not words, (lang, words, text)


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_a_whole_sessions_lines_are_in_the_readers_language(lang: str) -> None:
    check(lines(SESSION, SESSION.setup("sample", lang), _SessionPolicy(), lang,
                until=lambda t: t.session.phase == "over"), lang)


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_the_sample_battles_lines_are_in_the_readers_language(lang: str) -> None:
    state = BATTLE.setup({"encounter": "sample", "seed": 0}, lang)
    names = frozenset(c.label(lang) for c in state.combatants)  # the sample's land makers have English names
    check(lines(BATTLE, state, TacticalPolicy(), lang), lang, names)
