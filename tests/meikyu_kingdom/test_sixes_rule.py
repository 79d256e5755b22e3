"""The 6s (R-MK-14, R-MK-15): one automatic rule for every automatic answer, and a prompt only where the
choice can matter — the achievement weighed as far as the kind of check uses it (R-MK-19, R-MK-46).

Exhaustive over small rolls (every multiset of 2–4 dice: a reading depends on the dice, not their order).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from hypothesis import given
from hypothesis import strategies as st

from meikyu.systems.meikyu_kingdom.check import rolls
from meikyu.systems.meikyu_kingdom.check.auto import auto_conversion

ROLLS = [d for n in (2, 3, 4) for d in combinations_with_replacement(range(1, 7), n)]
TARGETS = (None, *range(0, 22))
ROOMS = (-1, 0, 1, 2, 3, 5)


def _before(dice: tuple[int, ...], bonus: int, target: int | None, *, curse: bool, national: bool, room: int) -> int:
    """``auto_conversion`` as main had it before session 6, written apart from ``best_outcome`` with
    its own ``-converted`` tie-break: the reference the one rule must reproduce."""
    if target is None:
        return 0
    options = rolls.outcomes(dice, bonus, target, curse=curse)
    if national:
        return max(options, key=lambda o: (bool(o.success), not o.fumble, o.drive, o.achievement)).converted
    if room <= 0 or 6 not in dice:
        return 0
    return max(
        options, key=lambda o: (bool(o.success), not o.fumble, min(o.drive, room), -o.converted, o.achievement)
    ).converted


def test_the_check_policy_and_the_readings_choose_alike_on_every_small_roll_r_mk_14() -> None:
    """``auto_conversion`` (the check policy and ``forecast``'s odds) and the readings' automatic choice
    (battles, new checks) are one rule; on every roll of 2–4 dice, both modifiers' sides, every target, room, curse and national
    check it turns as many 6s as the old formula did, so simulations and odds do not move."""
    moved = [
        (dice, bonus, target, room, curse, national)
        for dice in ROLLS
        if 6 in dice
        for bonus in (0, 3)
        for target in TARGETS
        for room in ROOMS
        for curse in (False, True)
        for national in (False, True)
        if auto_conversion(dice, bonus, target, curse=curse, national=national, room=room)
        != _before(dice, bonus, target, curse=curse, national=national, room=room)
        or (target is not None and auto_conversion(dice, bonus, target, curse=curse, national=national, room=room)
            != _read(dice, bonus, target, curse=curse, room=len(dice) + 2 if national else room))
    ]
    assert moved == []


def _read(dice: tuple[int, ...], bonus: int, target: int, *, curse: bool, room: int) -> int:
    """The automatic choice a new game's check or battle makes among the readings it offers."""
    front, auto = rolls.readings(dice, bonus, target, room=room, curse=curse)
    return front[auto].converted


def test_best_outcome_is_the_automatic_rule_uncapped_r_mk_14() -> None:
    for dice in ROLLS:
        for target in TARGETS:
            for curse in (False, True):
                old = max(
                    rolls.outcomes(dice, 3, target, curse=curse),
                    key=lambda o: (bool(o.success), not o.fumble, o.drive, o.achievement),
                ) if target is not None else rolls.evaluate(dice, 3, None, curse=curse)
                assert rolls.best_outcome(dice, 3, target, curse=curse) == old, (dice, target, curse)


def test_weighing_the_stakes_only_drops_readings_never_the_automatic_one_r_mk_14() -> None:
    """Whatever a kind of check says its achievement is worth, the readings offered are some of those
    offered when every point counts, and the automatic reading (what a policy answers, and what is
    taken when nothing is asked) is the same one: only the number of prompts changes."""
    for dice in ROLLS:
        if 6 not in dice:
            continue
        for target in range(2, 20):
            for room in (1, 2, 5):
                for curse in (False, True):
                    full, auto = rolls.readings(dice, 2, target, room=room, curse=curse)
                    for margin in (False, True):
                        for reach in (None, 0, 1, 3):
                            front, pick = rolls.readings(
                                dice, 2, target, room=room, curse=curse, margin=margin, reach=reach
                            )
                            assert set(front) <= set(full)
                            assert front[pick] == full[auto], (dice, target, room, curse, margin, reach)


def test_pass_fail_asks_only_when_one_reading_succeeds_and_another_fails_r_mk_14() -> None:
    """With nothing to add afterwards (``reach`` 0) and no margin used, two readings that both succeed
    or both fail are never both offered: the one with more drive (or the critical) is plainly better."""
    for dice in ROLLS:
        for target in range(2, 20):
            front, _ = rolls.readings(dice, 0, target, room=5, margin=False, reach=0)
            if len(front) > 1:
                assert {bool(o.success) for o in front} == {True, False} or len({o.fumble for o in front}) == 2


_dice = st.lists(st.integers(1, 6), min_size=2, max_size=5)


@given(_dice, st.integers(-2, 6), st.integers(2, 16), st.integers(-1, 4), st.booleans(), st.booleans(),
       st.one_of(st.none(), st.integers(0, 6)))
def test_the_readings_offered_are_those_no_other_beats_at_these_stakes(
    dice: list[int], modifier: int, target: int, room: int, curse: bool, margin: bool, reach: int | None
) -> None:
    """Brute force: of every count of 6s turned, the readings left are exactly those no other beats in
    success, no fumble, critical, drive gained and the achievement at stake (``rolls.at_stake``)."""
    every = [rolls.evaluate(dice, modifier, target, n, curse=curse) for n in range(dice.count(6) + 1 if room > 0 else 1)]

    def worth(o: rolls.CheckOutcome) -> tuple[int, ...]:
        return (int(bool(o.success)), int(not o.fumble), int(o.critical), min(o.drive, room),
                rolls.at_stake(o, target, margin, reach))

    worths = {worth(o) for o in every}
    best = {w for w in worths if not any(v != w and all(a >= b for a, b in zip(v, w, strict=True)) for v in worths)}
    front, _ = rolls.readings(dice, modifier, target, room=room, curse=curse, margin=margin, reach=reach)
    assert sorted(worth(o) for o in front) == sorted(best)
    assert len({worth(o) for o in front}) == len(front)


# --- in a game: a called check asks only about a real trade-off ------------------------------------

from dataclasses import replace  # noqa: E402

import pytest  # noqa: E402
from tests.meikyu_kingdom.test_labyrinth import S, at_labyrinth, in_hall  # noqa: E402
from tests.meikyu_kingdom.test_transport import in_camp, send  # noqa: E402

from meikyu.engine import Game  # noqa: E402
from meikyu.systems.meikyu_kingdom.check import called as cc  # noqa: E402
from meikyu.systems.meikyu_kingdom.check import check as ck  # noqa: E402
from meikyu.systems.meikyu_kingdom.expedition import expedition as ex  # noqa: E402
from meikyu.systems.meikyu_kingdom.session import SessionRules, SessionState  # noqa: E402


def _searching(minions: int = 0, *, saved: bool = False) -> Game[SessionState]:
    """Mir (search 3, drive 0 of 2) searches the hall for its trap: search vs 11, a pass/fail check.
    ``saved``: a game created before session 6 (``sixes_stakes`` off). Her Hawk Eye (+1 on search
    checks, R-MK-09) is left off so the sums stay those of the rule under test."""
    g = at_labyrinth(mir={"minions": minions, "skills": ()})
    if saved:
        g = Game(SessionRules(), replace(g.state, sixes_stakes=False))
    in_hall(g)
    g.play(ex.SearchTrap("mir", "search"))
    return g


def _sixes_asked(g: Game[SessionState]) -> bool:
    return g.state.prompt is not None and g.state.prompt.kind == "convert_sixes"


def test_a_trap_search_both_succeeding_takes_the_drive_unasked_r_mk_14() -> None:
    """One voice as hope, 6,5,4: 6+5+3 = 14 or, the 6 as drive, 5+4+3 = 12 — the trap is found either
    way, so the drive is taken. The same roll in a game from before session 6 still asks."""
    g = _searching()
    g.play(cc.DeclareHope(("voice",)))
    g.play(cc.ConsentVoice(True), S(6, 5, 4))
    assert not _sixes_asked(g)
    assert g.state.character("mir").drive == 1 and g.state.expedition.stage == "trap_found"
    old = _searching(saved=True)
    old.play(cc.DeclareHope(("voice",)))
    old.play(cc.ConsentVoice(True), S(6, 5, 4))
    assert _sixes_asked(old) and [a.count for a in old.legal_actions()] == [0, 1]


@pytest.mark.parametrize(("minions", "asked"), [(0, False), (1, True)])
def test_a_trap_search_both_failing_asks_only_if_minions_could_turn_it_r_mk_19(minions: int, asked: bool) -> None:
    """6,1: 6+1+3 = 10 or, the 6 as drive, 1+3 = 4 — both miss 11. With no minion nothing can be
    added, so the drive is taken; with one, minion help could make the 10 an 11 (R-MK-19)."""
    g = _searching(minions)
    g.play(cc.DeclareHope(()), S(6, 1))
    assert _sixes_asked(g) is asked
    if not asked:
        assert g.state.character("mir").drive == 1


def test_a_trap_search_with_success_or_failure_at_stake_still_asks_r_mk_14() -> None:
    g = _searching()
    g.play(cc.DeclareHope(()), S(6, 2))  # 6+2+3 = 11 finds it; 2+3 = 5 and 1 drive does not
    assert _sixes_asked(g) and [a.count for a in g.legal_actions()] == [0, 1]


def test_a_transport_weighs_its_shortfall_r_mk_46() -> None:
    """A transport loses [9 − achievement] citizens on a failure, so how far a failure falls short is at
    stake: military 0 + the Throne Room's 1, 6,1 — 8 (1 citizen lost) or, the 6 as voice, 2 (7 lost) — is asked even
    though both fail. Its successes are alike: 6,5,4 with one voice, 13 or 11 and +1 voice, is not."""
    g = in_camp(minions=4)
    g = Game(SessionRules(), replace(g.state, kingdom=replace(g.state.kingdom, military=0)))
    send(g)
    g.play(cc.DeclareHope(()), S(6, 1))
    assert _sixes_asked(g) and [a.count for a in g.legal_actions()] == [0, 1]
    g.play(ck.ConvertSixes(0))
    if g.state.prompt is not None and g.state.prompt.kind == "minion_help":
        g.play(ck.FinishCheck())
    assert g.state.kingdom.citizens == 44 - 1
    g = in_camp(minions=4)
    send(g)
    voice = g.state.kingdom.voice
    g.play(cc.DeclareHope(("voice",)))
    g.play(cc.ConsentVoice(True), S(6, 5, 4))
    assert not _sixes_asked(g)
    if g.state.prompt is not None and g.state.prompt.kind == "minion_help":
        g.play(ck.FinishCheck())
    assert g.state.kingdom.voice == voice - 1 + 1 and g.state.kingdom.stored_items == ("마석",)


def test_a_gms_call_weighs_every_point_r_mk_10() -> None:
    """``check mir search 12`` (the GM's call), 6,1: 10 or 4, both fail and mir has no minion — yet
    the GM may read the number (a table's text can count the shortfall, CHT 10), so it is asked."""
    from meikyu.systems.meikyu_kingdom import session as se

    g = at_labyrinth()
    g.play(se.CallCheck("mir", "search", 12))
    g.play(cc.DeclareHope(()), S(6, 1))
    assert _sixes_asked(g) and [a.count for a in g.legal_actions()] == [0, 1]
