"""The strategic automatic player: it clears generated final missions in a bounded number of rounds."""

from __future__ import annotations

from statistics import mean

from lb_helpers import RULES, edit_char, start, step, table

from meikyu.dice import RandomDice
from meikyu.engine import FirstLegalPolicy, Game, Policy
from meikyu.systems.liberator.play import Table
from meikyu.systems.liberator.rules import new_table
from meikyu.systems.liberator.state import NORMAL, Declare, LevelUp, TableState
from meikyu.systems.liberator.strategy import StrategicPolicy

PARTIES = {
    "trio": [("ann", "warrior", ["mount"]), ("bob", "mage", ["might"]), ("cy", "priest", ["rest"])],
    "mixed": [
        ("ann", "hunter", ["insignia"]),
        ("bob", "troupe", ["old_document"]),
        ("cy", "outsider", ["cheer"]),
    ],
    "four": [
        ("a", "warrior", ["mount"]),
        ("b", "mage", ["might"]),
        ("c", "priest", ["rest"]),
        ("d", "boss", ["insignia"]),
    ],
}
SEEDS = range(40)
BOUND = 20


def _rounds(players: list, seed: int, policy: Policy[TableState], cap: int = 200) -> tuple[str, int]:
    game = Game(RULES, new_table(players, RULES.cards, plan=("final",), seed=seed), RandomDice(seed))
    while game.state.phase not in ("awards", "over") and game.state.round <= cap:
        game.play(policy.choose(game.state, game.legal_actions()))
    return game.state.result, game.state.round


def test_strategy_clears_generated_final_missions_within_a_bound() -> None:
    """R-LB-01 / R-LB-05: over many seeds and three parties, every generated final mission is
    cleared within BOUND rounds, and faster on average than always taking the first option."""
    policy = StrategicPolicy(RULES)
    for name, players in PARTIES.items():
        ours = [_rounds(players, seed, policy) for seed in SEEDS]
        assert all(result == "cleared" for result, _ in ours), name
        worst = max(r for _, r in ours)
        assert worst <= BOUND, (name, worst)
        if name == "trio":
            first = [_rounds(players, seed, FirstLegalPolicy(), cap=BOUND * 3)[1] for seed in SEEDS[:20]]
            assert mean(r for _, r in ours[:20]) < mean(first)


def test_strategy_declares_by_removal_odds() -> None:
    """R-LB-07: against a lone P4 the warrior declares 振り回し (power 4 on faces 4–6), not 騎獣
    (power 3 at most)."""
    s = start(table(("ann", "warrior", ["mount"])), "P4", "M1")
    assert StrategicPolicy(RULES).choose(s, RULES.legal_actions(s)) == Declare("swing")


def test_strategy_recovers_when_the_hand_runs_low() -> None:
    """R-LB-07: with one card left and cards in the discard, the player takes a normal recovery."""
    s = start(table(("ann", "warrior", ["mount"])), "P4", "M1")
    s = edit_char(s, 0, hand=("swing",), discard=("mount", "battle_wisdom", "sworn_brothers"))
    assert StrategicPolicy(RULES).choose(s, RULES.legal_actions(s)) == Declare(NORMAL)


def test_strategy_spends_a_grant_only_when_it_helps() -> None:
    """R-LB-09: a held P+1 is spent when it turns a 3 into the 4 a P4 needs, and kept otherwise."""
    from lb_helpers import give_grants

    from meikyu.systems.liberator.state import Resolve, Split, UseGrant

    base = give_grants(start(table(("ann", "warrior", ["mount"])), "P4", "M1"), 0, "P+1")
    s, _ = step(base, Declare("mount"), [6, 3])
    s, _ = step(s, Split(6))  # mount face 6: power 3
    assert StrategicPolicy(RULES).choose(s, RULES.legal_actions(s)) == UseGrant("P+1")
    s, _ = step(base, Declare("swing"), [6, 3])
    s, _ = step(s, Split(6))  # swing face 6: power 6, the grant adds nothing removable
    assert StrategicPolicy(RULES).choose(s, RULES.legal_actions(s)) == Resolve((1,))


def test_strategy_levels_up_for_an_obstacle_nobody_can_reach() -> None:
    """R-LB-13: with 10 experience and a C4 nobody's cards reach, a C card that reaches it is bought."""
    s = start(table(("ann", "warrior", ["mount"])), "C4", "M1")
    players = list(s.players)
    players[0] = players[0].__class__(**{**players[0].__dict__, "exp": 10})
    s = s.__class__(**{**s.__dict__, "players": tuple(players)})
    choice = StrategicPolicy(RULES).choose(s, RULES.legal_actions(s))
    assert isinstance(choice, LevelUp) and RULES.cards.actions[choice.card].attribute == "C"
    assert max(RULES.cards.actions[choice.card].power) >= 4


def test_play_auto_uses_the_strategy() -> None:
    out: list[str] = []
    t = Table.new([("ann", "warrior", ["mount"])], plan=("final",), seed=5, write=out.append, lang="en")
    t.command("auto 400")
    assert t.game.state.phase in ("awards", "over") and t.game.state.result == "cleared"
