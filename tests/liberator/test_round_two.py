"""Rule fixes of the second review, each with fixed dice (R-LB-08, R-LB-11, R-LB-12, R-LB-14)."""

from __future__ import annotations

import pytest
from lb_helpers import RULES, edit_char, give_grants, kinds, run, start, step, table

from meikyu.errors import RuleError
from meikyu.systems.liberator.effects import NotationError, parse_effect, parse_effects
from meikyu.systems.liberator.state import Declare, GmGrant, Resolve, Split, UseAbility, UseGrant

BOB = ("bob", "mage", ["might"])


def test_r_lb_14_a_grant_used_before_the_attribute_change_stops_counting() -> None:
    """R-LB-14 (the seed's Q&A): P → M makes "M+1" valid and "P+1" invalid — also a "P+1" spent
    before the change: after it the P grant adds nothing, the M grant does."""
    s = give_grants(start(table(BOB), "M5", "C1"), 0, "P+1", "M+1")
    s, _ = run(s, (Declare("projection_magic"), [6, 3]), Split(6), UseGrant("P+1"))
    assert RULES.pools(s) == [("P", 5)]
    s, _ = step(s, UseAbility(0, "mage_transmute"))
    assert s.turn.attribute == "M" and RULES.pools(s) == [("M", 4)]  # the spent P+1 no longer counts
    with pytest.raises(RuleError):
        step(s, Resolve((1,)))  # M5 needs 5
    s, _ = step(s, UseGrant("M+1"))
    assert RULES.pools(s) == [("M", 5)]
    s, _ = step(s, Resolve((1,)))
    assert [o.uid for o in s.mission.obstacles] == [2]


def test_r_lb_12_r_lb_08_advantage_with_an_empty_hand_still_rolls_and_doubles_give_exp() -> None:
    """R-LB-12: advantage / disadvantage is a 2D6 roll even with no action in hand (no card, so no
    effect); R-LB-08: its doubles still give +1 experience."""
    s = start(table(BOB), "P3", "M1")
    s = edit_char(s, 0, hand=(), discard=("projection_magic", "revelation_magic", "illusion_magic", "might"))
    exp = s.players[0].exp
    s, events = run(s, (GmGrant(0, "advantage"), [4, 4]))
    assert "Rolled" in kinds(events) and s.players[0].exp == exp + 1 and s.check is None
    s, events = run(s, (GmGrant(0, "advantage"), [2, 5]))
    assert "Rolled" in kinds(events) and s.players[0].exp == exp + 1


def test_r_lb_11_discard_two_takes_two_cards() -> None:
    """R-LB-11: ``即:*-2`` discards two cards (one chosen at a time); with one card only it takes that one."""
    assert parse_effect("即:*-2").amount == 2
    s = start(table(BOB), "P9", "M9")
    s = edit_char(s, 0, hand=("projection_magic", "revelation_magic", "illusion_magic", "might"))
    from meikyu.systems.liberator.context import Ctx

    ctx = Ctx(RULES.cards, s, None)  # type: ignore[arg-type]
    ctx.enqueue(0, parse_effects("即:*-2"))
    assert len(ctx.s.effects) == 2 and all(pe.effect.amount == 1 for pe in ctx.s.effects)


@pytest.mark.parametrize(
    ("printed", "plain"),
    [("即:P-1枚", "即:P-1"), ("即:行動-1枚", "即:*-1"), ("付:行動+1", "付:*+1"), ("即：Ｍ－１", "即:M-1"),
     ("付：Ｐ＋１／Ｍ", "付:P+1/M"), ("Ｃ威力＋２", "C威力+2"), ("即:障害-1", "即:障害-1")],
)
def test_r_lb_11_the_seeds_own_notation_reads_as_printed(printed: str, plain: str) -> None:
    """R-LB-11: ``即:○○-1枚`` as the seed prints it, full-width letters and digits, 行動 = any attribute."""
    assert parse_effect(printed) == parse_effect(plain)


def test_notation_still_refuses_what_it_cannot_read() -> None:
    with pytest.raises(NotationError):
        parse_effect("即:Q-1枚")
