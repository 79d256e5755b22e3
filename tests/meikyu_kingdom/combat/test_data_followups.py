"""Session 9's follow-ups of data that acts in battle, with fixed dice: support data sending minions home
(R-MK-45, through the battle's ``send_home``: citizens again) and an item's support data following the
item traded (R-MK-36). Battles saved before (``Options.data_followups`` off) play as they did."""

from __future__ import annotations

import pytest
from tests.meikyu_kingdom.combat.battle_helpers import LIT_ROOM, acting, battle, first, mon, pc, play

from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.combat import events as ev
from meikyu.systems.meikyu_kingdom.combat.actions import Swap, UseData
from meikyu.systems.meikyu_kingdom.combat.bestiary import load_bestiary, monster
from meikyu.systems.meikyu_kingdom.combat.data import GAME, DataUse
from meikyu.systems.meikyu_kingdom.combat.legal import legal_actions
from meikyu.systems.meikyu_kingdom.combat.model import MONSTERS, Weapon, evolve
from meikyu.systems.meikyu_kingdom.combat.view import render

NEW = evolve(LIT_ROOM, data_followups=True)
"""A battle created since session 9."""


def _glowing(options: object = NEW) -> object:
    moth = monster(load_bestiary()["lantern_moth"], "moth", 3)
    b = battle(pc("ari", area=3, minions=5), moth, options=options)
    return acting(b, side=MONSTERS)


def test_r_mk_45_the_lantern_moths_homeward_glow_sends_minions_home_through_send_home() -> None:
    """The sample bestiary's Lantern Moth aims Homeward Glow at Ari: 1D6 = 4 of her five minions desert
    home; the battle keeps them for the kingdom (``deserted``: citizens again, not recovered at the end)."""
    b = _glowing()
    glow = UseData("moth", "homeward_glow", "ari")
    assert glow in legal_actions(b)
    done, events = play(b, glow, 4)
    assert done.get("ari").minions == 1 and done.deserted == (("ari", 4),)
    assert first(events, ev.MinionsChanged).amount == -4
    assert "Homeward Glow" in render(first(events, ev.DataUsed), done, "en")
    ready = acting(evolve(done, combatants=tuple(evolve(c, acted=False) for c in done.combatants)), MONSTERS)
    again, _ = play(ready, glow, 6)
    assert again.get("ari").minions == 0 and again.deserted == (("ari", 4), ("ari", 1))  # as many as are left


def test_r_mk_45_battles_saved_before_session_9_never_offer_it() -> None:
    b = _glowing(LIT_ROOM)
    assert UseData("moth", "homeward_glow", "ari") not in legal_actions(b)
    with pytest.raises(RuleError):
        play(b, UseData("moth", "homeward_glow", "ari"))


def test_r_mk_45_plain_minion_loss_is_not_desertion() -> None:
    scare = DataUse("Scare", "support", "", ("minions",), target="enemy", loss="2")
    b = acting(battle(pc("ari", area=3, minions=5), mon("imp", area=3, uses=(scare,)), options=NEW), side=MONSTERS)
    done, _ = play(b, UseData("imp", "Scare", "ari"))
    assert done.get("ari").minions == 3 and done.deserted == ()


BALM = DataUse("Balm", "support", "", ("cure_status",), target="ally_here", status="poison",
               per="game")
"""An item's support data (a balm pot), once per game."""


def _trading(options: object = NEW, used: tuple[tuple[str, int], ...] = ()) -> object:
    pot = Weapon("Balm", power=0)
    ari = pc("ari", area=2, weapons=(pot,), uses=(BALM,), used=used)
    bo = pc("bo", area=2, statuses=frozenset({"poison"}))
    return acting(battle(ari, bo, mon("rat", area=5), options=options))


def test_r_mk_36_an_items_support_data_follows_the_item_traded() -> None:
    """Ari hands the balm pot to Bo: its data goes with it — Bo may use it, Ari no longer; a once-per-game
    mark goes with it too."""
    b, _ = play(_trading(), Swap("ari", "bo", give=0))
    assert b.get("ari").uses == () and b.get("bo").uses == (BALM,)
    b = evolve(b, combatants=tuple(evolve(c, acted=False) for c in b.combatants))
    assert UseData("bo", "Balm", "ari") in legal_actions(b) and not [
        a for a in legal_actions(b) if isinstance(a, UseData) and a.actor == "ari"]
    marked, _ = play(_trading(used=(("Balm", GAME),)), Swap("ari", "bo", give=0))
    assert marked.get("bo").used == (("Balm", GAME),) and marked.get("ari").used == ()


def test_r_mk_36_battles_saved_before_keep_the_data_with_its_first_owner() -> None:
    b, _ = play(_trading(LIT_ROOM), Swap("ari", "bo", give=0))
    assert b.get("ari").uses == (BALM,) and b.get("bo").uses == ()
