"""Sample cards worth playing (issue 14 §6): within the card-making budget, varied rows, distinct obstacles.

The card-making facts (reference, "From other chapters"): budget = recovery target × 3; +1 power on
a face costs 1; face 1 has no power; power never decreases, neighbours differ by 0 or 1 with at
most one step of 2; the effect adjustments move the budget by 3.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import replace

import pytest

from meikyu.dice import ScriptedDice
from meikyu.systems.liberator.cardmaking import budget_spent, check_action
from meikyu.systems.liberator.cards import KIND_ATTRIBUTE, sample_cards
from meikyu.systems.liberator.mission import generate_mission, party_reach
from meikyu.systems.liberator.names import sample_names
from meikyu.systems.liberator.rules import LiberatorRules, new_table
from meikyu.systems.liberator.state import AbandonMission, GenerateMission, GiveUp

CARDS = sample_cards()


@pytest.mark.parametrize("ident", sorted(CARDS.actions))
def test_card_making_every_sample_action_spends_exactly_its_budget(ident: str) -> None:
    """Each sample card obeys every card-making rule and spends its whole budget (no more, no less)."""
    card = CARDS.actions[ident]
    assert check_action(card) == (), [v.message("en") for v in check_action(card)]
    assert budget_spent(card) == card.recovery * 3


def test_cards_of_one_recovery_target_play_differently() -> None:
    """No power row is the row of every card of its recovery target, and no two cards are the same card."""
    rows: dict[int, list[tuple[int, ...]]] = defaultdict(list)
    for card in CARDS.actions.values():
        rows[card.recovery].append(card.power)
    for recovery, group in rows.items():
        if len(group) >= 3:
            assert len(set(group)) >= 3, (recovery, group)
        assert Counter(group).most_common(1)[0][1] <= 3, (recovery, group)
    whole = Counter((c.attribute, c.recovery, c.power, c.effects) for c in CARDS.actions.values())
    assert whole.most_common(1)[0][1] == 1
    assert len({c.power for c in CARDS.actions.values()}) >= 25


def test_every_sample_obstacle_has_a_korean_and_an_english_name() -> None:
    names = sample_names()
    for card in CARDS.obstacles.values():
        assert {"ko", "en"} <= set(names[card.id]), card.id
    printed = [c.name for c in CARDS.obstacles.values()]
    assert len(printed) == len(set(printed))
    for lang in ("ko", "en"):
        shown = [names[c.id][lang] for c in CARDS.obstacles.values()]
        assert len(shown) == len(set(shown)), lang


def test_every_kind_has_ten_named_obstacles() -> None:
    per_kind = Counter(c.kind for c in CARDS.obstacles.values())
    assert per_kind == {kind: 10 for kind in KIND_ATTRIBUTE}


@pytest.mark.parametrize("seed", range(40))
def test_a_missions_obstacles_never_share_a_name(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.randint(1, 5)
    levels = [rng.randint(1, 4) for _ in range(players)]
    kind = rng.choice(("normal", "turning", "final"))
    reach = party_reach(CARDS.actions[a] for j in ("warrior", "mage") for a in CARDS.jobs[j].actions)
    for r in (None, reach):
        names = [o.name for o in generate_mission(kind, levels, players, seed, reach=r).obstacles]
        assert all(names) and len(names) == len(set(names)), names


def test_a_scenarios_missions_do_not_repeat_names_while_others_are_left() -> None:
    """Through the table: names met earlier in the scenario are avoided for the next missions."""
    rules = LiberatorRules()
    s = new_table([("ann", "warrior", ["mount"]), ("bob", "mage", ["might"]), ("cy", "scout", ["insignia"])])
    seen: list[str] = []
    for i in range(6):  # six missions, each abandoned for the next one at the round's setup
        s, _ = rules.step(s, GenerateMission("normal", i), ScriptedDice([]))
        assert s.mission is not None
        seen += [o.name for o in s.mission.obstacles]
        s = rules.state_from_data(rules.state_to_data(s))  # `met` survives a save
        s = replace(s, phase="setup", turn=None)  # the round ended with the obstacles still there
        s, _ = rules.step(s, AbandonMission(), ScriptedDice([]))
    assert len(seen) == len(set(seen)), seen
    s, _ = rules.step(s, GiveUp(), ScriptedDice([]))
    assert s.phase == "awards"
