"""The "waiting for" line of the terminal table is a phrase in the reader's language, never a code."""

from __future__ import annotations

import pytest
from lb_helpers import RULES, start, step, table

from meikyu.dice import RandomDice
from meikyu.engine import RandomPolicy
from meikyu.errors import RuleError
from meikyu.i18n import lookup
from meikyu.systems.liberator.play import Table
from meikyu.systems.liberator.rules import new_table
from meikyu.systems.liberator.state import GmGrant, UseGrant

PLAYERS = [("ann", "warrior", ["mount"]), ("bob", "priest", ["rest"]), ("cy", "troupe", ["cheer"])]


def _codes() -> set[str]:
    """Every waiting code met in random play (GM advantages included), over a few seeds."""
    seen: set[str] = set()
    for seed in range(12):
        s = new_table(PLAYERS, RULES.cards, seed=seed)
        dice, policy = RandomDice(seed), RandomPolicy(seed)
        for _ in range(400):
            seen.add(RULES.waiting_for(s))
            legal = [a for a in RULES.legal_actions(s) if type(a).__name__ not in ("LevelUp", "SwapJob")]
            if not legal:
                break
            if s.turn is not None and s.turn.step == "declare" and s.check is None and not s.effects:
                legal.append(GmGrant(s.turn.player, "advantage"))
            s, _ = RULES.step(s, policy.choose(s, legal), dice)
    return seen


def test_every_waiting_code_has_a_phrase_in_ko_ja_en() -> None:
    """R-LB-06 and the checks of R-LB-05 / R-LB-12: each step the table can wait on is translated."""
    codes = _codes()
    assert {"mission", "declare", "split", "after_roll", "advantage_pick", "disadvantage_pick"} <= codes
    for code in codes:
        for lang in ("ko", "ja", "en"):
            assert lookup(f"lb.wait.{code}", lang), (code, lang)


@pytest.mark.parametrize(
    ("lang", "phrase"),
    [
        ("en", "which die is the power"),
        ("ja", "威力(や回復)に当てる出目"),
        ("ko", "위력(또는 회복)에 쓸 주사위"),
    ],
)
def test_play_shows_the_waiting_phrase(lang: str, phrase: str) -> None:
    out: list[str] = []
    t = Table.new([("ann", "warrior", ["mount"])], seed=1, write=out.append, dice=[5, 3], lang=lang)
    t.command("generate normal 1")
    t.command("declare swing")
    t.show_options()
    line = next(x for x in out if phrase in x)
    assert "split" not in line


def test_waiting_error_names_the_step_in_words() -> None:
    """R-LB-06: an action while an advantage waits says, in words, what the table waits for."""
    s = start(table(("ann", "warrior", ["mount"])), "P3", "M1")
    s, _ = step(s, GmGrant(0, "advantage"))
    with pytest.raises(RuleError) as err:
        step(s, UseGrant("P+1"))
    assert err.value.rule == "R-LB-06"
    for lang, words in (("en", "advantage reads"), ("ja", "形勢有利"), ("ko", "형세 유리")):
        text = err.value.message(lang)
        assert "advantage_declare" not in text and words in text
