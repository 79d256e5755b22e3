"""Data that acts in battle beyond the first four skills (R-MK-08, R-MK-09, R-MK-19, R-MK-22, R-MK-32,
R-MK-44): an interrupt that cancels an attack on its owner, an auxiliary that answers its owner's failed
check, support data that cures a status or gives an extra move, and what each costs (hope, minions, HP,
once per cycle or per game). Every die is scripted; every choice is its owner's prompt."""

from __future__ import annotations

from tests.meikyu_kingdom.combat.battle_helpers import acting, battle, first, kinds, mon, pc, play

from meikyu.systems.meikyu_kingdom.combat import events as ev
from meikyu.systems.meikyu_kingdom.combat.actions import Attack, Choose, SearchSpot, UseData
from meikyu.systems.meikyu_kingdom.combat.data import GAME, DataUse
from meikyu.systems.meikyu_kingdom.combat.legal import legal_actions
from meikyu.systems.meikyu_kingdom.combat.model import MONSTERS, POISON, SLEEP, evolve
from meikyu.systems.meikyu_kingdom.combat.view import render
from meikyu.systems.meikyu_kingdom.combat.words import pending_text

VEIL = DataUse("Smoke Veil", "interrupt", "self_attacked", ("cancel_attack",), hope=1)
"""An interrupt: when its owner is attacked, pay 1 hope and the attack is cancelled."""
GRIT = DataUse(
    "Grit", "auxiliary", "own_check_failed", ("achievement",), minions="1D6", bonus=2, stats=("search",)
)
"""An auxiliary: after its owner's search check fails, lose 1D6 minions for +2 achievement."""
BALM = DataUse("Balm", "support", "", ("cure_status",), target="ally_here", status=POISON, hp=1)
"""Support: cure an ally's poison here, at the cost of 1 HP (a reduction, not damage)."""
DASH = DataUse("Dash", "support", "", ("extra_move",), target="ally_here", per="game")
"""Support, once per game: an ally here moves once more now."""


def _attacked(*uses: DataUse, drive: int = 1) -> object:
    b = acting(battle(pc("ari", area=2, drive=drive, uses=uses), mon("rat", area=2, valor=2)), side=MONSTERS)
    return evolve(b, combatants=tuple(evolve(c, acted=c.side != MONSTERS) for c in b.combatants))


def test_r_mk_08_an_interrupt_cancels_the_attack_on_its_owner_for_its_cost() -> None:
    b = _attacked(VEIL)
    asked, _ = play(b, Attack("rat", "ari"))  # asked before the hit check: no die yet
    assert asked.pending is not None and asked.pending.actor == "ari"
    assert asked.pending.choice is not None and asked.pending.choice.kind == "interrupt_self"
    assert set(legal_actions(asked)) == {Choose("Smoke Veil"), Choose("pass")}
    assert "Rat attacks you" in pending_text(asked, "en")
    done, events = play(asked, Choose("Smoke Veil"))  # no hit check is rolled
    cancelled = first(events, ev.AttackCancelled)
    assert (cancelled.actor, cancelled.attacker, cancelled.target) == ("ari", "rat", "ari")
    assert "cancelled" in render(cancelled, done, "en") and "Check" not in kinds(events)
    assert done.get("ari").hp == 10 and done.get("ari").drive == 0  # the hope is paid (R-MK-13)
    assert "RoundEnded" in kinds(events)  # the rat's unit ended: every piece has acted
    assert done.get("ari").used == (("Smoke Veil", b.round),)
    passed, _ = play(asked, Choose("pass"), 5, 5)  # let it be: 10 + 2 hits, claw 2 lands
    assert passed.get("ari").hp == 8 and passed.get("ari").drive == 1


def test_r_mk_08_the_cancel_is_once_per_cycle_and_needs_its_hope() -> None:
    used = evolve(_attacked(VEIL), combatants=tuple(
        evolve(c, used=(("Smoke Veil", 1),)) if c.id == "ari" else c for c in _attacked(VEIL).combatants))  # fmt: skip
    done, _ = play(used, Attack("rat", "ari"), 5, 5)  # used this round: not asked again
    assert done.pending is None and done.get("ari").hp == 8
    broke, _ = play(_attacked(VEIL, drive=0), Attack("rat", "ari"), 5, 5)  # no hope to pay: not asked
    assert broke.pending is None and broke.get("ari").hp == 8


def _searching(*uses: DataUse, minions: int = 3) -> object:
    return acting(battle(pc("ari", area=2, search=2, minions=minions, uses=uses), mon("rat", area=4)))


def test_r_mk_08_r_mk_19_after_a_failed_check_an_auxiliary_adds_for_its_minions() -> None:
    """Search vs [1 + 7]: 2+3 + 2 = 7 fails; Grit is offered, its owner takes it, 1D6 (4) minions are lost
    (only 3 are left: all 3 go, R-MK-19) and the achievement becomes 9: found."""
    b = _searching(GRIT)
    asked, _ = play(b, SearchSpot("ari"), 2, 3)
    assert asked.pending is not None and asked.pending.choice is not None
    assert asked.pending.choice.kind == "own_check" and "achievement 7" in pending_text(asked, "en")
    done, events = play(asked, Choose("Grit"), 4)  # the check's dice are kept; 1D6 for the minions
    boosted = first(events, ev.CheckBoosted)
    assert (boosted.amount, boosted.achievement, boosted.success) == (2, 9, True)
    assert "Grit" in render(boosted, done, "en") and "TrapsFound" in kinds(events)
    assert done.get("ari").minions == 0 and first(events, ev.MinionsChanged).amount == -3
    declined, events = play(asked, Choose("pass"))  # then minion help is asked as before (R-MK-19)
    assert declined.pending is not None and declined.pending.choice.kind == "minion_help"


def test_r_mk_08_the_auxiliary_answers_only_its_own_checks_and_needs_a_minion() -> None:
    done, _ = play(_searching(GRIT, minions=0), SearchSpot("ari", "search"), 2, 3)  # no minion: not offered
    assert done.pending is None
    done, _ = play(_searching(GRIT), SearchSpot("ari", "search"), 4, 4)  # 10 ≥ 8: nothing failed
    assert done.pending is None
    asked, _ = play(_searching(GRIT), SearchSpot("ari", "wit"), 2, 3)  # a wit check: Grit bears on search
    assert asked.pending is not None and asked.pending.choice.kind == "minion_help"


def test_r_mk_44_r_mk_32_support_data_cures_a_status_for_an_hp_cost() -> None:
    b = acting(battle(pc("ari", area=2, uses=(BALM,)), pc("bo", area=2, statuses=frozenset({POISON, SLEEP})),
                      mon("rat", area=4)))  # fmt: skip
    assert UseData("ari", "Balm", "bo") in legal_actions(b)
    done, events = play(b, UseData("ari", "Balm", "bo"))
    assert done.get("bo").statuses == frozenset({SLEEP})  # only the poison it names
    assert first(events, ev.StatusCured).status == POISON
    reduced = first(events, ev.HpReduced)  # its cost: 1 HP, a reduction (no armor, R-MK-32)
    assert (reduced.target, reduced.amount, done.get("ari").hp) == ("ari", 1, 9)


def test_r_mk_22_support_data_gives_an_ally_one_more_move_once_per_game() -> None:
    b = acting(battle(pc("ari", area=2, uses=(DASH,)), pc("bo", area=2), mon("rat", area=4)))
    asked, _ = play(b, UseData("ari", "Dash", "bo"))
    assert asked.pending is not None and asked.pending.actor == "ari"  # its owner chooses where
    assert asked.pending.choice is not None and asked.pending.choice.options == ("3", "1", "stay")
    assert "area 3" in _options(asked)
    done, events = play(asked, Choose("3"))
    assert done.get("bo").area == 3 and first(events, ev.Moved).area == 3
    assert ("Dash", GAME) in done.get("ari").used
    later = acting(evolve(done, combatants=tuple(evolve(c, acted=False) for c in done.combatants)), rnd=2)
    assert not any(isinstance(a, UseData) for a in legal_actions(later))  # once per game, not per round


def _options(b: object) -> list[str]:
    from meikyu.systems.meikyu_kingdom.combat.words import describe

    return [describe(a, b, "en") for a in legal_actions(b)]


def test_the_fast_path_equals_step_with_these_data_in_play() -> None:
    """The simulation's fast path hands the new interrupts and auxiliaries to ``step``: the same states,
    decision by decision, and the same dice (the property test's own comparison)."""
    from tests.meikyu_kingdom.combat.test_battle_fastpath import _assert_same

    from meikyu.systems.meikyu_kingdom.combat.bestiary import load_encounter

    feint = DataUse("Feint", "interrupt", "ally_attacked_here", ("cancel_attack",))
    extra = {"hana": (VEIL, GRIT), "toru": (BALM, DASH)}
    b = load_encounter("sample")
    b = evolve(b, combatants=tuple(
        evolve(c, uses=extra.get(c.id, (feint,) if c.side == MONSTERS else ()), drive=max(c.drive, 2))
        for c in b.combatants))  # fmt: skip
    for seed in range(8):
        _assert_same(b, seed)


def test_r_mk_44_the_catalogs_antidote_cures_poison_and_is_used_up() -> None:
    """The common-item catalog's Antidote, carried by Seoa: a support action on an ally here; the
    poison ends and the item leaves her slots (used up, R-MK-36)."""
    from dataclasses import replace

    from meikyu.systems.meikyu_kingdom.combat.model import Combatant
    from meikyu.systems.meikyu_kingdom.sheets.common_items import common_items
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

    court = {c.id: c for c in sample().characters}
    antidote = common_items()["antidote"].item
    seoa = replace(court["seoa"], items=(*court["seoa"].items[:1], antidote))
    b = acting(battle(Combatant.from_character(seoa, area=2),
                      evolve(Combatant.from_character(court["mir"], area=2), statuses=frozenset({POISON})),
                      mon("rat", area=4)))  # fmt: skip
    assert UseData("seoa", "해독제", "mir") in legal_actions(b)
    done, events = play(b, UseData("seoa", "해독제", "mir"))
    assert done.get("mir").statuses == frozenset() and first(events, ev.StatusCured).target == "mir"
    assert "Antidote" in render(first(events, ev.DataUsed), done, "en")
    assert all(w.name != "해독제" for w in done.get("seoa").weapons)
    again = acting(evolve(done, combatants=tuple(evolve(c, acted=False) for c in done.combatants)), rnd=2)
    assert not any(isinstance(a, UseData) and a.data == "해독제" for a in legal_actions(again))


def test_r_mk_08_the_bestiarys_echo_wisp_cancels_one_attack_a_game_asked_of_the_gm() -> None:
    """The sample bestiary's Echo Wisp answers an attack on itself with False Echo, once per game; the
    question goes to its seat (the GM's), and a policy answers it only in simulations."""
    from meikyu.systems.meikyu_kingdom.combat.bestiary import load_bestiary, monster

    wisp = monster(load_bestiary()["echo_wisp"], "wisp", 3)
    b = acting(battle(pc("ari", area=3), wisp))
    asked, _ = play(b, Attack("ari", "wisp"))
    assert asked.pending is not None and asked.pending.actor == "wisp"
    assert "False Echo" in pending_text(asked, "en") and "거짓 메아리" in pending_text(asked, "ko")
    done, events = play(asked, Choose("false_echo"))
    assert first(events, ev.AttackCancelled).data == "false_echo" and done.get("wisp").hp == wisp.hp
    later = evolve(done, combatants=tuple(evolve(c, acted=False) for c in done.combatants), phase="act",
                   round=3, first="court", active="court")  # fmt: skip
    hit, _ = play(later, Attack("ari", "wisp"), 6, 5)  # once per game: not asked again
    assert hit.pending is None and hit.get("wisp").hp < wisp.hp


def test_r_mk_35_a_ghosts_constant_skill_acts_in_the_cycle_it_acts() -> None:
    """R-MK-35: in the cycle a ghost acts, its constant skills work: a ghost holding Hawk Eye (+1 on search)
    searches in its bought turn — 4+3 + search 2 + 1 = 10 meets [3 court + 7]; its check's line names it."""
    from meikyu.systems.meikyu_kingdom.combat.data import DataBonus
    from meikyu.systems.meikyu_kingdom.combat.model import Trap

    hawk = DataBonus("매의 눈", 1, stats=("search",), names=("매의 눈", "鷹の目", "Hawk Eye"))
    ghost = pc("ari", hp=0, condition="dead", acted=True, ghost=True, ghost_turn=True, search=2, data=(hawk,))
    b = acting(battle(ghost, pc("bo"), pc("cy", area=1), mon("rat", area=4), traps=(Trap("t1", "net"),)))
    found, events = play(b, SearchSpot("ari", "search"), 4, 3)
    check = first(events, ev.Check)
    assert (check.achievement, check.success) == (10, True) and not found.traps[0].hidden
    assert "Hawk Eye" in render(check, found, "en")


def test_r_mk_23_a_players_own_data_on_a_hidden_monster_reads_plainly_but_a_hidden_monsters_does_not() -> None:
    """Seoa's Monsterology on a hidden monster: her line says what she did, the monster by its looks; a
    hidden monster's own interrupt names no skill to the players."""
    from meikyu.systems.meikyu_kingdom.combat.model import Combatant

    b = battle(pc("seoa"), mon("rat", hidden=True, appearance="a shadow", uses=(VEIL,)))
    used = ev.DataUsed("seoa", "Smoke Veil", "rat")
    assert render(used, b, "en", "player") == "Seoa uses Smoke Veil on a shadow."
    cancel = ev.AttackCancelled("rat", "seoa", "rat", "Smoke Veil")
    assert "Smoke Veil" not in render(cancel, b, "en", "player") and "Smoke Veil" in render(cancel, b, "en", "gm")
    assert isinstance(b.get("rat"), Combatant)
