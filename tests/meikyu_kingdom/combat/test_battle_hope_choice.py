"""Hope in battle is the player's to place (issue 12 §2): drive or the court's voice, voice only with the
other players' consent (R-MK-13), and the owner picks which item breaks (FWT 8, CFT 9) unless the
``break_choice`` option is switched off."""

from __future__ import annotations

import pytest
from battle_helpers import SWORD, acting, battle, ev, first, kinds, mon, pc, play

from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.combat.actions import Attack, Choose, SpendHope, StrategyCheck
from meikyu.systems.meikyu_kingdom.combat.model import Options, Weapon, evolve
from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
from meikyu.systems.meikyu_kingdom.combat.rules import legal_actions


def _hit(voice: int, drive: int, *, alone: bool = False):  # type: ignore[no-untyped-def]
    """Ari has hit the ogre (4+4 vs 8) and is asked how much hope to spend on damage (R-MK-16)."""
    court = (pc("ari", area=3, valor=3, drive=drive, capacity=0),) + (() if alone else (pc("bo", area=0),))
    b = acting(battle(*court, mon("ogre", area=3, hp=40), voice=voice, land_makers=1))
    b, _ = play(b, Attack("ari", "ogre"), 4, 4)
    assert b.pending is not None and b.pending.kind == "damage_hope"
    return b


def test_r_mk_13_hope_for_damage_from_voice_or_drive_is_the_players_choice() -> None:
    """R-MK-13: with both drive and voice at hand the player says how much comes from voice."""
    b = _hit(voice=5, drive=2)
    asked, events = play(b, SpendHope(2))
    ch = asked.pending.choice
    assert ch is not None and ch.kind == "hope_source" and ch.options == ("0", "1", "2")
    assert asked.get("ari").drive == 2 and asked.voice == 5 and "ChoiceAsked" in kinds(events)
    asked, _ = play(asked, Choose("2"))  # both from voice: the other players must agree
    assert asked.pending.choice.kind == "voice_consent" and asked.pending.actor == "court"
    done, events = play(asked, Choose("agree"), 6, 5)
    assert (done.get("ari").drive, done.voice) == (2, 3)
    spent = first(events, ev.HopeSpent)
    assert (spent.drive, spent.voice) == (0, 2)
    assert done.get("ogre").hp == 40 - 3 - 11


def test_r_mk_13_drive_alone_needs_nobodys_consent() -> None:
    b = _hit(voice=5, drive=2)
    asked, _ = play(b, SpendHope(2))
    done, events = play(asked, Choose("0"), 1, 1)
    assert (done.get("ari").drive, done.voice) == (0, 5) and "voice_consent" not in str(events)


def test_r_mk_13_refused_voice_takes_the_spending_back() -> None:
    """The court refuses: nothing is spent and the hope-for-damage question is open again."""
    b = _hit(voice=5, drive=0)
    asked, _ = play(b, SpendHope(1))  # drive 0: only voice can pay, so no split to ask
    assert asked.pending.choice.kind == "voice_consent"
    back, events = play(asked, Choose("refuse"))
    assert back == b and first(events, ev.VoiceRefused).actor == "ari"
    done, _ = play(back, SpendHope(0))
    assert done.get("ogre").hp == 40 - 3 and done.voice == 5


def test_r_mk_13_a_lone_land_maker_spends_voice_without_asking() -> None:
    b = _hit(voice=5, drive=1, alone=True)
    asked, _ = play(b, SpendHope(1))
    assert asked.pending.choice.kind == "hope_source"
    done, _ = play(asked, Choose("1"), 4)
    assert (done.get("ari").drive, done.voice) == (1, 4)


def test_r_mk_13_hope_dice_on_a_check_ask_the_same() -> None:
    """R-MK-15 with R-MK-13: hope for the strategy check asks where it comes from, before the dice."""
    b = evolve(battle(pc("ari", drive=1, capacity=3), pc("bo"), mon("rat"), voice=4), phase="strategy", round=1)
    asked, _ = play(b, StrategyCheck("ari", hope=1))
    assert asked.pending.choice.kind == "hope_source" and asked.pending.choice.options == ("0", "1")
    done, events = play(asked, Choose("0"), 3, 4, 5)
    assert done.get("ari").drive == 0 and done.voice == 4 and first(events, ev.Check).dice == (3, 4, 5)


def test_r_mk_13_the_tactical_policy_pays_from_drive() -> None:
    """Simulations: the policy answers with the least voice, so it never needs the court's consent."""
    b = _hit(voice=5, drive=2)
    asked, _ = play(b, SpendHope(2))
    assert TacticalPolicy().choose(asked, legal_actions(asked)) == Choose("0")


def test_r_mk_13_a_bad_split_changes_nothing() -> None:
    asked, _ = play(_hit(voice=5, drive=2), SpendHope(2))
    with pytest.raises(RuleError) as err:
        play(asked, Choose("3"))
    assert err.value.rule == "R-MK-28"


# --- which item breaks: the owner's pick by default ----------------------------------------------


def test_fwt_8_the_owner_picks_which_item_breaks_by_default() -> None:
    """FWT 8 (R-MK-31): the owner picks the item that breaks; no option needed."""
    ari = pc("ari", area=3, hp=2, weapons=(SWORD, Weapon("lamp")))
    b = acting(battle(ari, mon("rat", area=3, valor=3), options=Options(lit=(3,))), "monsters")
    b, _ = play(b, Attack("rat", "ari"), 5, 5, 2, 6)
    assert b.pending.choice.kind == "break_item" and b.pending.actor == "ari"
    b, _ = play(b, Choose("1"))
    assert b.get("ari").weapons[1].broken and not b.get("ari").weapons[0].broken


def test_fwt_8_random_break_as_an_option() -> None:
    """``break_choice = false``: the table's random reading, one die over the breakable items."""
    ari = pc("ari", area=3, hp=2, weapons=(SWORD, Weapon("lamp")))
    b = acting(battle(ari, mon("rat", area=3, valor=3), options=Options(lit=(3,), break_choice=False)), "monsters")
    b, _ = play(b, Attack("rat", "ari"), 5, 5, 2, 6, 1)
    assert b.pending is None and b.get("ari").weapons[0].broken


def test_the_tactical_policy_breaks_the_least_useful_item() -> None:
    """Simulations: the policy keeps the strongest weapon, armor and light, and gives up the rest first."""
    ari = pc("ari", area=3, hp=1, weapons=(SWORD, Weapon("mail", reduction=1), Weapon("lamp")))
    b = acting(battle(ari, mon("rat", area=3, valor=3), options=Options(lit=(3,))), "monsters")
    b, _ = play(b, Attack("rat", "ari"), 5, 5, 2, 6)
    assert TacticalPolicy().choose(b, legal_actions(b)) == Choose("2")


def test_cft_9_the_fumbler_picks_which_equipped_item_breaks() -> None:
    """CFT 9 (R-MK-29): the owner picks among the equipped items by default."""
    b = acting(battle(pc("ari", area=3, weapons=(SWORD, Weapon("bow", power=2, range=2, ranged=True))), mon("rat", area=3)))
    b, _ = play(b, Attack("ari", "rat"), 1, 1, 3, 6)
    assert b.pending.choice.kind == "break_item" and b.pending.choice.options == ("0", "1")
    b, _ = play(b, Choose("1"))
    assert b.get("ari").weapons[1].broken and not b.get("ari").weapons[0].broken and b.get("ari").acted
