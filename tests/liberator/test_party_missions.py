"""Party-aware missions: every generated obstacle is one the party's cards can remove, so the
strategic player clears final missions in a bounded number of rounds for every party (R-LB-04,
R-LB-09; a choice where the rules are silent — a GM would not set an impossible obstacle)."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meikyu.dice import RandomDice
from meikyu.engine import Game
from meikyu.errors import InputError
from meikyu.systems.liberator.cards import sample_cards
from meikyu.systems.liberator.mission import budget, check_mission, generate_mission, party_reach
from meikyu.systems.liberator.packing import fits
from meikyu.systems.liberator.rules import LiberatorRules, new_table
from meikyu.systems.liberator.state import Options
from meikyu.systems.liberator.strategy import StrategicPolicy

CARDS = sample_cards()
RULES = LiberatorRules(CARDS)
JOBS = sorted(CARDS.jobs)
BOUND = 25


def _reach(jobs: tuple[str, ...]) -> dict[str, int]:
    return party_reach(CARDS.actions[a] for j in jobs for a in CARDS.jobs[j].actions)


def _removable_alone(attr: str, target: int, jobs: tuple[str, ...]) -> bool:
    """Brute force over every card and both dice: the obstacle alone can go (R-LB-09, R-LB-14)."""
    for j in jobs:
        for a in CARDS.jobs[j].actions:
            card = CARDS.actions[a]
            for power_die in range(1, 7):
                for effect_die in range(1, 7):
                    value = card.power_on(power_die)
                    pools = [(card.attribute, value)]
                    if card.follow_up(effect_die):
                        pools.append((card.follow_up(effect_die), value))
                    if fits([(attr, target)], pools):
                        return True
    return False


def test_reach_matches_brute_force_for_every_pair_of_jobs() -> None:
    """R-LB-09: party_reach is exactly the best target any one card removes at some faces."""
    for jobs in combinations(JOBS, 2):
        reach = _reach(jobs)
        for attr in "PMC":
            for target in range(1, 11):
                assert (target <= reach.get(attr, 0)) == _removable_alone(attr, target, jobs), (jobs, attr)


@settings(max_examples=150, deadline=None)
@given(
    jobs=st.lists(st.sampled_from(JOBS), min_size=1, max_size=4),
    kind=st.sampled_from(["normal", "turning", "final"]),
    seed=st.integers(0, 10**6),
    level=st.integers(1, 4),
)
def test_party_missions_stay_removable_and_within_budget(
    jobs: list[str], kind: str, seed: int, level: int
) -> None:
    """R-LB-04: the budget, count, attribute mix and enhancement rules hold, and every obstacle is reachable."""
    n = len(jobs)
    reach = _reach(tuple(jobs))
    m = generate_mission(kind, [level] * n, n, seed, reach=reach)
    assert sum(o.evaluation for o in m.obstacles) <= budget(kind, [level] * n, n)
    assert check_mission(m, [level] * n, n) == ()
    assert all(_removable_alone(o.attribute, o.target, tuple(jobs)) for o in m.obstacles)


def test_without_a_party_the_generator_is_unchanged() -> None:
    """R-LB-04: the same seed without ``reach`` gives the same mission as before (seeded outputs kept)."""
    m = generate_mission("final", [1, 1], 2, seed=11)
    assert [(o.attribute, o.target) for o in m.obstacles] == [
        (o.attribute, o.target) for o in generate_mission("final", [1, 1], 2, seed=11).obstacles
    ]
    assert any(
        o.target > 3 for s in range(30) for o in generate_mission("final", [1, 1], 2, seed=s).obstacles
    )


def test_a_party_reaching_one_attribute_is_refused() -> None:
    """R-LB-04: a mission mixes two or three attributes; a party reaching only one gets a clear error."""
    with pytest.raises(InputError) as err:
        generate_mission("normal", [1], 1, seed=1, reach={"P": 6})
    assert "P" in err.value.message("en")


def _final_rounds(players: list, seed: int) -> tuple[str, int]:
    state = new_table(players, CARDS, plan=("final",), seed=seed, options=Options(party_missions=True))
    game, policy = Game(RULES, state, RandomDice(seed)), StrategicPolicy(RULES)
    while game.state.phase not in ("awards", "over") and game.state.round <= 200:
        game.play(policy.choose(game.state, game.legal_actions()))
    return game.state.result, game.state.round


@pytest.mark.parametrize("pair", list(combinations(JOBS, 2)), ids="+".join)
def test_strategic_player_clears_party_final_missions_for_every_pair(pair: tuple[str, str]) -> None:
    """R-LB-04, R-LB-12: every two-job party clears its final mission within the bound on several seeds."""
    players = [(f"p{i}", job, ["might"]) for i, job in enumerate(pair)]
    for seed in range(3):
        result, rounds = _final_rounds(players, seed)
        assert rounds <= BOUND, (pair, seed, result, rounds)


@pytest.mark.parametrize("job", JOBS)
def test_strategic_player_clears_party_final_missions_solo_and_in_threes(job: str) -> None:
    """R-LB-04: a solo character and a three-seat party with this job clear their final missions in bound."""
    others = [j for j in JOBS if j != job]
    for seed in range(3):
        assert _final_rounds([("solo", job, ["rest"])], seed)[1] <= BOUND
        trio = [("a", job, ["might"]), ("b", others[seed], ["rest"]), ("c", others[-1 - seed], ["focus"])]
        assert _final_rounds(trio, seed)[1] <= BOUND
