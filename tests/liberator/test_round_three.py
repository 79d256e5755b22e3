"""Round three of the review against seed 004: revival, costs, the final mission and same names as the seed
says, each old reading kept as a table option (off by default), and old saves keeping theirs."""

from __future__ import annotations

from dataclasses import replace

import pytest
from lb_helpers import RULES, edit_char, kinds, run, start, step, table

from meikyu.errors import RuleError
from meikyu.systems.liberator.state import (
    DYING,
    AbandonMission,
    ContinueMission,
    Declare,
    GenerateMission,
    GiveUp,
    GmGrant,
    Options,
    PickCard,
    Resolve,
    Split,
    UseAbility,
)

ANN = ("ann", "warrior", ["mount"])
SPENT = ("swing", "battle_wisdom", "sworn_brothers", "mount")  # recovery 6, 3, 3, 3


def dying(**options: object) -> object:
    s = start(table(ANN, options=Options(**options)), "P3", "M1")  # type: ignore[arg-type]
    return edit_char(s, 0, hand=(), discard=SPENT)


def test_r_lb_08_dying_revival_recovers_on_one_die() -> None:
    """R-LB-08: every turn's roll gives one die to the power or recovery and the other to the special effect,
    so a dying revival's 3 and 4 recover 4 (not 7); both dice together stay a table option."""
    s, ev = step(dying(), Declare(DYING), [3, 4])
    assert RULES.turn_value(s) == 4 and "RecoverySet" in kinds(ev)
    with pytest.raises(RuleError) as err:
        step(s, Resolve(recover=("battle_wisdom", "mount")))  # 6 > 4
    assert err.value.rule == "R-LB-09"
    s, _ = step(s, Resolve(recover=("mount",)))
    assert s.players[0].character.hand == ("mount",)
    summed, _ = step(dying(dying_revival="sum"), Declare(DYING), [3, 4])
    assert RULES.turn_value(summed) == 7


def test_r_lb_09_dying_revival_may_recover_nothing() -> None:
    """R-LB-09: the recovered targets must sum to no more than the recovery; with a 2 and every target 3 or
    more nothing fits, and recovering nothing is allowed (the next turn is a dying revival again). Always
    bringing back the cheapest card stays a table option."""
    s, _ = step(dying(), Declare(DYING), [2, 1])
    assert RULES.legal_actions(s)[0] == Resolve()
    with pytest.raises(RuleError) as err:
        step(s, Resolve(recover=("mount",)))
    assert err.value.rule == "R-LB-09"
    s, ev = step(s, Resolve(), [3, 5])  # the round ends uncleared: a disadvantage, rolled with nothing in hand
    assert s.players[0].character.hand == () and "NothingHappens" in kinds(ev)
    kind, _ = step(dying(dying_min_one=True), Declare(DYING), [2, 1])
    with pytest.raises(RuleError):
        step(kind, Resolve())
    kind, _ = step(kind, Resolve(recover=("mount",)))
    assert kind.players[0].character.hand == ("mount",)


def test_r_lb_11_cost_may_be_paid_with_the_declared_action() -> None:
    """R-LB-11: an ability's extra "-1 card" cannot be used only when no such card is in hand; the declared
    action is still in hand, so it pays. Needing another card stays a table option (R-LB-ruling-cost)."""
    s = start(table(("sc", "scout", ["mount"])), "P5", "M1")
    s = edit_char(s, 0, hand=("ambush",), discard=("sharp_eyes", "snake_path", "mount"))
    s, _ = run(s, (Declare("ambush"), [6, 4]), Split(6))
    paid, ev = step(s, UseAbility(0, "scout_first_strike"))
    assert "CostPaid" in kinds(ev) and paid.players[0].character.discard[-1] == "ambush"
    strict = replace(s, options=Options(pay_with_declared=False))
    with pytest.raises(RuleError) as err:
        step(strict, UseAbility(0, "scout_first_strike"))
    assert err.value.rule == "R-LB-ruling-cost"


def _final_in_setup(**options: object) -> object:
    s = start(table(ANN, plan=("final",), options=Options(**options)), "P6", "M6", kind="final")  # type: ignore[arg-type]
    return replace(s, phase="setup", turn=None)  # a round over, both obstacles left


def test_r_lb_04_the_final_mission_may_be_abandoned() -> None:
    """R-LB-04: with obstacles left the players may continue, abandon the mission for another from the GM,
    or give up — the final mission too; the GM then gives another final. Keeping the final stays a table
    option."""
    s = _final_in_setup()
    assert RULES.legal_actions(s)[:3] == [ContinueMission(), AbandonMission(), GiveUp()]
    s, ev = step(s, AbandonMission())
    assert s.mission is None and "MissionAbandoned" in kinds(ev) and s.planned == "final"
    s, _ = step(s, GenerateMission("final", 7))
    assert s.mission is not None and s.mission.type == "final" and s.phase == "turn"
    kept = _final_in_setup(final_stays=True)
    assert AbandonMission() not in RULES.legal_actions(kept)
    with pytest.raises(RuleError) as err:
        step(kept, AbandonMission())
    assert err.value.rule == "R-LB-04"


def _priests(**options: object) -> object:
    """Two priests, cy's turn about to begin."""
    s = start(table(("cy", "priest", ["mount"]), ("dee", "priest", ["old_document"]),
                    options=Options(**options)), "P6", "M6")  # type: ignore[arg-type]
    s = edit_char(s, 0, hand=("mount", "zen_dialogue"), discard=("vitality_magic", "healing_words"))
    return edit_char(s, 1, hand=("old_document",), discard=("vitality_magic", "healing_words", "zen_dialogue"))


PRAYER_ON_ADVANTAGE = ((Declare("mount"), [5, 3]), Split(5), GmGrant(0, "advantage"),
                       (Declare("zen_dialogue"), [2, 4]), UseAbility(1, "priest_prayer"), PickCard("healing_words"))
"""In cy's turn the GM's advantage is rolled and dee's 祈り (Prayer) is used on it."""


def _priests_after_advantage(**options: object) -> object:
    return run(_priests(**options), *PRAYER_ON_ADVANTAGE)[0]


def test_r_lb_09_same_name_spans_an_advantage_in_the_turn() -> None:
    """R-LB-09: never two job effects, feats or grants of exactly the same name in one turn — an advantage
    rolled inside the turn is inside it: after dee's 祈り on the advantage, cy's own 祈り is refused, on the
    advantage and on the turn after it."""
    s = _priests_after_advantage()
    assert s.check is not None and s.check.step == "pick"
    with pytest.raises(RuleError) as err:
        step(s, UseAbility(0, "priest_prayer"))
    assert err.value.rule == "R-LB-09"
    assert UseAbility(0, "priest_prayer") not in RULES.legal_actions(s)
    from meikyu.systems.liberator.state import PickEffect

    s, _ = run(s, PickEffect(4))
    while s.effects:  # the advantage's own effect row, whatever it asks
        s, _ = step(s, RULES.legal_actions(s)[0])
    assert s.check is None and s.turn is not None and s.turn.step == "after_roll"
    with pytest.raises(RuleError) as err:
        step(s, UseAbility(0, "priest_prayer"))
    assert err.value.rule == "R-LB-09"
    assert UseAbility(0, "priest_prayer") not in RULES.legal_actions(s)


def test_saves_made_before_keep_their_readings_r_lb_09() -> None:
    """A save holds every option it was made with, so the changed defaults (dying revival, its minimum,
    paying with the declared action) never reach an old game; the same-name rule across a GM's advantage
    (R-LB-09) is new, and a save without it replays with the old reading — the second 祈り it accepted
    stays accepted — while a new game refuses it."""
    from meikyu.dice import ScriptedDice
    from meikyu.engine import Game
    from meikyu.serial import to_data
    from meikyu.systems.liberator.state import PickEffect

    old_options = Options(dying_revival="sum", dying_min_one=True, pay_with_declared=False, names_span_checks=False)
    game = Game(RULES, _priests(**old_options.__dict__), dice=ScriptedDice([]))
    for item in PRAYER_ON_ADVANTAGE:
        action, dice = item if isinstance(item, tuple) else (item, [])
        game.play(action, ScriptedDice(list(dice)))
    game.play(PickEffect(4))
    while game.state.effects:
        game.play(RULES.legal_actions(game.state)[0])
    game.play(UseAbility(0, "priest_prayer"))  # on the turn, after dee's on the advantage: the old reading
    saved = game.to_data()
    del saved["initial"]["options"]["names_span_checks"]
    del saved["initial"]["options"]["final_stays"]
    loaded = Game.from_data(RULES, saved)
    assert loaded.state.options == old_options and len(loaded.history) == len(game.history)
    saved["initial"]["options"]["names_span_checks"] = True
    with pytest.raises(RuleError):
        Game.from_data(RULES, saved)
    assert to_data(Options())["names_span_checks"] is True
