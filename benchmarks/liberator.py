"""Liberator speed, each figure beside a baseline measured in the same run (medians of interleaved rounds).

- **removal odds**: ``removal_odds`` (exact, each power value / follow-up pair decided once) against
  ``removal_odds_naive`` (exact, all 36 rolls × both splits) and a naive Monte Carlo of the same
  chance (``--samples`` random rolls, either split may remove), all for 魔剣 vs P4 + M4;
- **mission generation**: ``generate_mission`` (final, 3 players at level 1: budget, count, attribute
  mix, names, enhancements) against a plain-``random`` draw of the same obstacle count (target and
  attribute per obstacle, nothing checked), and the party-aware generator (warrior + mage + priest);
- **automatic scenario**: actions per second of whole final-mission scenarios played by
  ``StrategicPolicy`` against ``FirstLegalPolicy`` on the same seeds, with the rounds each needed.

    python benchmarks/liberator.py [--rounds 5] [--samples 2000] [--games 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from meikyu.dice import RandomDice
from meikyu.engine import FirstLegalPolicy, Game, Policy
from meikyu.systems.liberator.cards import sample_cards
from meikyu.systems.liberator.mission import generate_mission, party_reach
from meikyu.systems.liberator.odds import removal_odds, removal_odds_naive, split_removes
from meikyu.systems.liberator.rules import LiberatorRules, new_table
from meikyu.systems.liberator.state import TableState
from meikyu.systems.liberator.strategy import StrategicPolicy

TARGETS = [("P", 4), ("M", 4)]
PLAYERS = [("ann", "warrior", ["mount"]), ("bob", "mage", ["might"]), ("cy", "priest", ["rest"])]


def rate(fn: Callable[[], object], repeat: int) -> float:
    """Calls per second of ``fn`` over ``repeat`` calls."""
    t0 = time.perf_counter()
    for _ in range(repeat):
        fn()
    return repeat / (time.perf_counter() - t0)


def monte_carlo(samples: int, rng: random.Random) -> float:
    card = sample_cards().actions["magic_sword"]
    hits = 0
    for _ in range(samples):
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        hits += split_removes(card, TARGETS, d1, d2) or split_removes(card, TARGETS, d2, d1)
    return hits / samples


def plain_draw(rng: random.Random) -> list[tuple[str, int]]:
    count = rng.randint(2, 6)
    return [(rng.choice("PMC"), rng.randint(1, 4)) for _ in range(count)]


def play(rules: LiberatorRules, policy: Policy[TableState], seed: int) -> tuple[int, int]:
    game = Game(rules, new_table(PLAYERS, rules.cards, plan=("final",), seed=seed), RandomDice(seed))
    steps = 0
    while game.state.phase not in ("awards", "over") and game.state.round <= 60:
        game.play(policy.choose(game.state, game.legal_actions()))
        steps += 1
    return steps, game.state.round


def scenarios(rules: LiberatorRules, policy: Policy[TableState], games: int) -> tuple[float, float]:
    """Actions per second and mean rounds over ``games`` seeded final missions."""
    t0 = time.perf_counter()
    steps = rounds = 0
    for seed in range(games):
        n, r = play(rules, policy, seed)
        steps, rounds = steps + n, rounds + r
    return steps / (time.perf_counter() - t0), rounds / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    card = sample_cards().actions["magic_sword"]
    rules = LiberatorRules()
    rng = random.Random(1)
    deck = sample_cards()
    reach = party_reach(deck.actions[a] for _, job, _ in PLAYERS for a in deck.jobs[job].actions)
    figures: dict[str, list[float]] = {
        k: [] for k in ("exact", "naive", "mc", "gen", "party", "plain", "strat", "first")
    }
    rounds_strat = rounds_first = 0.0
    estimate = 0.0
    for r in range(args.rounds):
        figures["exact"].append(rate(lambda: removal_odds(card, TARGETS), 200))
        figures["naive"].append(rate(lambda: removal_odds_naive(card, TARGETS), 200))
        figures["mc"].append(rate(lambda: monte_carlo(args.samples, rng), 5))
        figures["gen"].append(rate(lambda: generate_mission("final", [1, 1, 1], 3, rng.random()), 500))
        figures["party"].append(
            rate(lambda: generate_mission("final", [1, 1, 1], 3, rng.random(), reach=reach), 500)
        )
        figures["plain"].append(rate(lambda: plain_draw(rng), 500))
        speed, rounds_strat = scenarios(rules, StrategicPolicy(rules), args.games)
        figures["strat"].append(speed)
        speed, rounds_first = scenarios(rules, FirstLegalPolicy(), args.games)
        figures["first"].append(speed)
        estimate = monte_carlo(args.samples, random.Random(r))
    m = {k: statistics.median(v) for k, v in figures.items()}
    exact = removal_odds(card, TARGETS)
    print(
        f"removal odds   exact {m['exact']:10.0f}/s  monte carlo ({args.samples} rolls) {m['mc']:8.1f}/s"
        f"  ratio {m['exact'] / m['mc']:6.1f}x   p={exact} ({float(exact):.4f}) vs estimate {estimate:.4f}"
    )
    print(
        f"removal odds   exact {m['exact']:10.0f}/s  naive 36×2 splits {m['naive']:14.0f}/s"
        f"  ratio {m['exact'] / m['naive']:6.2f}x   same result: {removal_odds_naive(card, TARGETS) == exact}"
    )
    print(
        f"mission gen    party {m['party']:10.0f}/s  ours (no party check) {m['gen']:10.0f}/s"
        f"  ratio {m['party'] / m['gen']:6.3f}x"
    )
    print(
        f"mission gen    ours  {m['gen']:10.0f}/s  plain random draw {m['plain']:18.0f}/s"
        f"  ratio {m['gen'] / m['plain']:6.3f}x"
    )
    print(
        f"auto scenario  strategic {m['strat']:6.0f} actions/s ({rounds_strat:.2f} rounds)"
        f"  first-legal {m['first']:6.0f} actions/s ({rounds_first:.2f} rounds)"
        f"  ratio {m['strat'] / m['first']:5.2f}x speed, {rounds_first / rounds_strat:4.2f}x fewer rounds"
    )


if __name__ == "__main__":
    main()
