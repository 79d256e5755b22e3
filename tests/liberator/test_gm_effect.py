"""The Liberator GM's ruling by hand (issue 25, point 4): an effect in the cards' own notation, queued for a
player as a face's immediate effects and grants are (R-LB-11), its choices asked of that player; what the
notation cannot settle outside a roll is refused, leaving the table as it was."""

from __future__ import annotations

import pytest
from tests.liberator.lb_helpers import edit_char, kinds, start, step, table

from meikyu.errors import MeikyuError
from meikyu.systems.liberator.events import ExpGained, GmRuled
from meikyu.systems.liberator.state import GmEffect, PickObstacle


def two() -> object:
    return start(table(("ann", "warrior", ["mount"]), ("bob", "mage", ["might"])), "P3", "M4")


def test_r_lb_11_a_grant_and_experience_by_ruling() -> None:
    s = two()
    s, events = step(s, GmEffect(1, "付:P+1"))  # type: ignore[arg-type]
    assert isinstance(events[0], GmRuled) and [g.name for g in s.players[1].character.grants] == ["P+1"]
    exp = s.players[0].exp
    s, events = step(s, GmEffect(0, "即:経験+1"))
    assert s.players[0].exp == exp + 1
    # logged as the GM's ruling, not as an enhancement's bonus (no obstacle was removed)
    gained = next(e for e in events if isinstance(e, ExpGained))
    assert gained.reason == "gm_ruling"
    assert [gained.render(lang) for lang in ("en", "ko", "ja")] == [
        "ann gains 1 experience (GM ruling).", "ann이 경험점 1점 획득(GM 룰링).", "annは経験点1点を得た（GM裁定）。"]


def test_r_lb_11_an_obstacle_lowered_by_ruling_asks_which() -> None:
    s, _ = step(two(), GmEffect(0, "即:障害-1"))  # type: ignore[arg-type]
    assert s.effects  # two obstacles: the player picks
    s, events = step(s, PickObstacle(2))
    assert next(o for o in s.mission.obstacles if o.uid == 2).target == 3 and "ObstacleLowered" in kinds(events)


def test_r_lb_11_a_card_discarded_and_recovered_by_ruling() -> None:
    s = edit_char(two(), 1, hand=("projection_magic",), discard=("revelation_magic",))  # type: ignore[arg-type]
    s, _ = step(s, GmEffect(1, "即:P-1"))
    assert "projection_magic" in s.players[1].character.discard
    s, _ = step(s, GmEffect(1, "即:回復"))
    assert s.effects or "revelation_magic" in s.players[1].character.hand


@pytest.mark.parametrize("effect", ["即:捨", "追:C", "威力+2", "nonsense", "", "付:P+1; 付:P+1; 付:P+1; 付:P+1"])
def test_r_lb_11_what_a_ruling_cannot_settle_is_refused(effect: str) -> None:
    s = two()
    with pytest.raises(MeikyuError) as info:
        step(s, GmEffect(0, effect))  # type: ignore[arg-type]
    texts = [info.value.message(lang) for lang in ("ko", "ja", "en")]
    assert len(set(texts)) == 3 and all("即:回復" in t for t in texts), texts


def test_a_ruling_waits_for_an_open_effect() -> None:
    s, _ = step(two(), GmEffect(0, "即:障害-1"))  # type: ignore[arg-type]
    with pytest.raises(MeikyuError):
        step(s, GmEffect(1, "付:P+1"))
