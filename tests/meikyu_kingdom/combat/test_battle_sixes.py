"""Which 6s become drive and which dice count is the roller's choice in battle (R-MK-14, R-MK-15).

The ``sixes`` prompt appears exactly when more than one reading is worth having; each answer gives its
reading's achievement, drive and events; a wrong answer changes nothing; monsters are never asked;
the table offers the prompt to the rolling player's seat; the policy answers as the automatic reading.
"""

from __future__ import annotations

import pytest
from tests.meikyu_kingdom.combat.battle_helpers import acting, battle, ev, first, kinds, mon, pc, play

from meikyu.errors import RuleError
from meikyu.i18n import lookup, translate
from meikyu.systems.meikyu_kingdom.combat.actions import Attack, Choose, StrategyCheck
from meikyu.systems.meikyu_kingdom.combat.model import CURSE, DISTRACTION, Battle, evolve
from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
from meikyu.systems.meikyu_kingdom.combat.view import view
from meikyu.systems.meikyu_kingdom.combat.words import describe, pending_text
from meikyu.table import registry
from meikyu.table.base import GM

KIND = registry.get("MeikyuKingdom", "battle")


def strategy(**hana: object) -> Battle:
    """Hana (wit 2, drive 0 of 3) rolls the strategy check against the goblin's evasion 8 (R-MK-24)."""
    b = battle(pc("hana", **{"capacity": 3, **hana}), pc("toru"), mon("gob"))
    return evolve(b, phase="strategy", round=1)


def test_one_six_with_room_for_drive_asks_the_roller_r_mk_14() -> None:
    """6,4 + wit 2 vs 8: 12 and a success, or 1 drive and 4 + 2 = 6, a failure — a real choice. The
    battle waits on Hana with both readings in words; nothing is applied yet."""
    b = strategy()
    asked, events = play(b, StrategyCheck("hana"), 6, 4)
    ch = asked.pending.choice
    assert (asked.pending.actor, ch.kind, ch.options, ch.detail) == ("hana", "sixes", ("0", "1"), (2, 8, 3, 0, 6, 4))
    assert kinds(events) == ["ChoiceAsked"] and asked.combatants == b.combatants and asked.phase == "strategy"
    labels = [describe(Choose(o), asked, "en") for o in ch.options]
    assert labels == ["use 6+4 → 12: success", "1×6 into drive, use 4 → 6: failure, +1 drive"]
    assert pending_text(asked, "en").startswith("Hana: [6,4] +2, difficulty 8, room for 3 more drive.")


def test_each_answer_gives_its_reading_r_mk_14() -> None:
    asked, _ = play(strategy(), StrategyCheck("hana"), 6, 4)
    kept, events = play(asked, Choose("0"))
    check = first(events, ev.Check)
    assert (check.achievement, check.success, check.converted, kept.first) == (12, True, 0, "court")
    assert "DriveChanged" not in kinds(events) and kept.get("hana").drive == 0
    turned, events = play(asked, Choose("1"))
    check = first(events, ev.Check)
    assert (check.achievement, check.success, check.converted, turned.first) == (6, False, 1, "monsters")
    assert first(events, ev.DriveChanged).amount == 1 and turned.get("hana").drive == 1


def test_a_wrong_answer_leaves_the_battle_as_it_was() -> None:
    asked, _ = play(strategy(), StrategyCheck("hana"), 6, 4)
    for bad in ("2", "keep", ""):
        with pytest.raises(RuleError) as raised:
            play(asked, Choose(bad))
        assert raised.value.rule == "R-MK-28"
    with pytest.raises(RuleError):
        play(asked, StrategyCheck("toru"), 3, 3)  # the prompt comes first
    assert play(asked, Choose("0"))[0].pending is None  # still answerable, unchanged


@pytest.mark.parametrize(
    ("why", "hana", "dice"),
    [
        ("no 6", {}, (5, 4)),
        ("6-6 is a critical with its own +2 drive: best in every way", {}, (6, 6)),
        ("drive already at capacity", {"drive": 3}, (6, 4)),
        ("no capacity", {"capacity": 0}, (6, 4)),
        ("distraction bars drive (R-MK-44)", {"statuses": frozenset({DISTRACTION})}, (6, 4)),
    ],
)
def test_no_real_choice_no_prompt_r_mk_14(why: str, hana: dict[str, object], dice: tuple[int, int]) -> None:
    after, events = play(strategy(**hana), StrategyCheck("hana"), *dice)
    assert after.pending is None, why
    assert first(events, ev.Check).converted == 0 and first(events, ev.Check).achievement == sum(dice) + 2


def test_monsters_are_never_asked() -> None:
    """Monsters hold no hope (R-MK-13): even one given a drive capacity reads its dice automatically."""
    b = acting(battle(pc("hana"), mon("gob", area=2, capacity=3, valor=3)), "monsters")
    after, events = play(b, Attack("gob", "hana"), 6, 1)  # 7 + 3 = 10 ≥ 8, a hit; the 6 is kept
    assert after.pending is None and first(events, ev.Check).achievement == 10


def test_hope_dice_the_kept_pair_is_part_of_the_same_choice_r_mk_15() -> None:
    """Hope 1 → 6,5,4 + valor 3 vs 14: 6+5 = 14 hits, or the 6 into drive and 5+4 = 12 misses. Lower
    pairs are never offered (4+5 with the 6 unturned cannot beat 5+6)."""
    b = acting(battle(pc("hana", drive=1, capacity=3), mon("gob", area=2, evasion=14)))
    asked, _ = play(b, Attack("hana", "gob", hope=1), 6, 5, 4)
    ch = asked.pending.choice
    assert ch.options == ("0", "1")
    labels = [describe(Choose(o), asked, "en") for o in ch.options]
    assert labels == ["use 6+5 → 14: success", "1×6 into drive, use 5+4 → 12: failure, +1 drive"]
    assert TacticalPolicy().decide(asked) == Choose("0")  # the hit
    after, events = play(asked, Choose("1"))
    assert first(events, ev.Check).achievement == 12 and after.get("hana").drive == 1


def test_both_readings_hit_no_prompt_the_drive_is_taken_r_mk_14() -> None:
    """Hope 1 → 6,5,4 + valor 3 vs 8: 14 or 12, a hit either way, and a hit check reads nothing more
    of its achievement (R-MK-29) — so the 6 becomes drive unasked, and that drive may go to damage.
    A battle saved before session 6 (``sixes_stakes`` off) still asks, as it was played."""
    b = acting(battle(pc("hana", drive=1, capacity=3), mon("gob", area=2)))
    after, events = play(b, Attack("hana", "gob", hope=1), 6, 5, 4)
    assert "ChoiceAsked" not in kinds(events)
    assert first(events, ev.Check).achievement == 12 and after.get("hana").drive == 1
    assert after.pending is not None and after.pending.kind == "damage_hope"  # the new drive may go to damage
    saved = evolve(b, options=evolve(b.options, sixes_stakes=False))
    asked, _ = play(saved, Attack("hana", "gob", hope=1), 6, 5, 4)
    assert asked.pending.choice.options == ("0", "1")
    assert TacticalPolicy().decide(asked) == Choose("1")  # the answer the rule now takes by itself


@pytest.mark.parametrize(
    ("minions", "asked"),
    [(0, False), (2, False), (3, True), (6, True)],
)
def test_both_readings_fail_asked_only_if_minions_could_still_turn_it_r_mk_19(minions: int, asked: bool) -> None:
    """6,1 + wit 2 vs 12: 9 or, the 6 into drive, 3 — a failure either way. Only minion help could
    still turn the 9 (R-MK-19: +1 per 1D6 minions lost, while one is left): with 3 minions it might,
    so the roller weighs 9 against 1 drive; with 2 or none it cannot, and the drive is taken."""
    b = strategy(minions=minions)
    b = evolve(b, combatants=tuple(evolve(c, evasion=12) if c.id == "gob" else c for c in b.combatants))
    after, events = play(b, StrategyCheck("hana"), 6, 1)
    if asked:
        assert after.pending.choice.kind == "sixes" and after.pending.choice.options == ("0", "1")
        return
    assert after.pending is None or after.pending.choice is None or after.pending.choice.kind != "sixes"
    check = first(events, ev.Check)
    assert (check.achievement, check.converted, check.success) == (3, 1, False)


def test_curse_a_turned_six_can_leave_a_fumble_and_says_so_r_mk_44() -> None:
    """Cursed, hope 1 → 6,2,1: 6+2, or the 6 into drive and 2+1 = 3, a fumble under the curse."""
    b = acting(battle(pc("hana", drive=1, capacity=3, statuses=frozenset({CURSE})), mon("gob", area=2)))
    asked, _ = play(b, Attack("hana", "gob", hope=1), 6, 2, 1)
    labels = [describe(Choose(o), asked, "en") for o in asked.pending.choice.options]
    assert labels == ["use 6+2 → 11: success", "1×6 into drive, use 2+1 → 0: failure (fumble), +1 drive"]
    assert TacticalPolicy().decide(asked) == Choose("0")


def test_a_hidden_difficulty_is_not_shown_nor_used_to_narrow_the_choice() -> None:
    """Against an uncertain encounter (R-MK-23) the options carry no result, the difficulty reads
    "hidden", and the automatic answer (which knows it) is not in the players' view."""
    b = strategy()
    b = evolve(b, combatants=tuple(evolve(c, hidden=True) if c.id == "gob" else c for c in b.combatants))
    asked, _ = play(b, StrategyCheck("hana"), 6, 4)
    ch = asked.pending.choice
    assert ch.detail[1] == -1 and ch.auto == "0"
    assert [describe(Choose(o), asked, "en") for o in ch.options] == [
        "use 6+4 → 12: result unknown", "1×6 into drive, use 4 → 6: result unknown, +1 drive"]
    assert "difficulty hidden" in pending_text(asked, "en")
    assert "auto" not in view(asked, "player")["pending"]["choice"] and "auto" in view(asked, "gm")["pending"]["choice"]


def test_the_table_offers_it_to_the_rolling_players_seat_only() -> None:
    asked, _ = play(strategy(), StrategyCheck("hana"), 6, 4)
    prompt = KIND.prompt(asked, "pc:hana", "ko")
    assert prompt is not None and prompt["seat"] == "pc:hana"
    assert [o["label"] for o in prompt["options"]] == ["6+4 사용 → 12: 성공", "6 1개를 기력으로, 4 사용 → 6: 실패, 기력 +1"]
    assert KIND.prompt(asked, "pc:toru", "ko") is None
    assert not [i for i in KIND.menu(asked, "pc:toru", "ko") if i.kind == "prompt"]
    gm = [i for i in KIND.menu(asked, GM, "en") if i.kind == "prompt"]
    assert gm and all(i.seat == "pc:hana" for i in gm)  # the GM may answer for an absent player, marked so


def test_an_npc_is_asked_through_the_gm() -> None:
    """An NPC has a PC's data and its hope (R-MK-13); the GM plays it, so the GM's seat is asked."""
    b = acting(battle(pc("hana"), mon("rival", area=2, kind="npc", capacity=2, valor=3)), "monsters")
    asked, _ = play(b, Attack("rival", "hana"), 6, 1)
    assert asked.pending.choice.kind == "sixes" and KIND.prompt(asked, GM, "en") is not None
    assert KIND.prompt(asked, "pc:hana", "en") is None


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_texts_exist_in_every_language(lang: str) -> None:
    for key in ("choice.sixes", "choice.ask.sixes", "sixes.use", "sixes.use_none", "sixes.turn", "sixes.drive",
                "sixes.unknown", "sixes.hidden", "sixes.option", "sixes.to_drive"):
        assert lookup(f"mk.battle.{key}", lang), key
    asked, _ = play(strategy(), StrategyCheck("hana"), 6, 4)
    text = pending_text(asked, lang)
    assert "mk.battle" not in text and "R-MK-14" in text
    _, events = play(asked, Choose("1"))
    from meikyu.systems.meikyu_kingdom.combat.view import render

    line = render(first(events, ev.Check), asked, lang)
    assert translate("mk.battle.sixes.to_drive", lang) in line


# --- the readings weighed, against brute force ---------------------------------------------------

from itertools import combinations  # noqa: E402

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from meikyu.systems.meikyu_kingdom.check.rolls import best_outcome, evaluate, readings  # noqa: E402

_dice = st.lists(st.integers(1, 6), min_size=2, max_size=4)


def _worth(o: object, room: int, blind: bool) -> tuple[int, ...]:
    return (0 if blind else int(bool(o.success)), int(not o.fumble), int(o.critical),  # type: ignore[attr-defined]
            min(o.drive, room), o.achievement)  # type: ignore[attr-defined]


@given(_dice, st.integers(-2, 6), st.integers(2, 16), st.integers(-1, 4), st.booleans(), st.booleans())
def test_readings_are_every_reading_worth_having_r_mk_14_r_mk_15(
    dice: list[int], modifier: int, target: int, room: int, curse: bool, blind: bool
) -> None:
    """Over every choice the rules allow — any number of 6s turned, any two of the dice left kept —
    the readings not beaten in every way are exactly those offered (so keeping lower dice is never
    worth asking about, curse included), and the automatic one is among them."""
    every = []
    for n in range(dice.count(6) + 1 if room > 0 else 1):
        left = sorted(dice)[: len(dice) - n]
        for kept in {tuple(p) for p in combinations(left, min(2, len(left)))}:
            every.append(evaluate(dice, modifier, target, n, kept, curse=curse))
    worths = {_worth(o, room, blind) for o in every}
    best = {w for w in worths if not any(v != w and all(a >= b for a, b in zip(v, w, strict=True)) for v in worths)}
    front, auto = readings(dice, modifier, target, room=room, curse=curse, blind=blind)
    assert sorted(_worth(o, room, blind) for o in front) == sorted(best)
    assert 0 <= auto < len(front)


@given(_dice, st.integers(-2, 6), st.integers(2, 16), st.booleans())
def test_the_automatic_reading_is_best_outcomes_when_drive_fits(
    dice: list[int], modifier: int, target: int, curse: bool
) -> None:
    """With room for all the drive, the policy's answer is the old automatic reading's (R-MK-14):
    simulations play as before; only where the capacity would waste the drive does it keep the 6."""
    front, auto = readings(dice, modifier, target, room=99, curse=curse)
    old = best_outcome(dice, modifier, target, curse=curse)
    assert _worth(front[auto], 99, False) == _worth(old, 99, False)
