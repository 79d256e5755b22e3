"""What the table layer costs per action, beside the bare rules step (issue 10 §1).

Whole sample games are played by their policies; for every action three costs are measured on the
same states, interleaved so machine load hits them alike:

* **step** — ``Game.play`` alone (the baseline: what the rules cost anyway);
* **events** — the step's events as every seat sees them (``events_for`` per seat: what a push costs);
* **views** — ``view`` + ``menu`` + ``prompt`` for every seat (what answering each seat's GET costs),
  odds included.

Figures are milliseconds per action (median and p99 over every action of the runs).

    python benchmarks/table_views.py [--games 4]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from meikyu.dice import RandomDice
from meikyu.engine import Game
from meikyu.table import registry


def battle_setup(seed: int) -> tuple[Any, Any, Any]:
    from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy

    kind = registry.get("MeikyuKingdom", "battle")
    game: Game[Any] = Game(kind.rules, kind.setup({"encounter": "sample", "seed": seed}, "ko"))
    for c in [c for c in game.state.combatants if c.side == "monsters"]:  # an uncertain encounter
        from meikyu.systems.meikyu_kingdom.combat.actions import Hide

        game.play(Hide(c.id))
    return kind, game.state, TacticalPolicy()


def liberator_setup(seed: int) -> tuple[Any, Any, Any]:
    from meikyu.systems.liberator.strategy import StrategicPolicy
    from meikyu.table.liberator import _rules

    kind = registry.get("Liberator", "scenario")
    state = kind.setup("sample", "ko")
    inner = StrategicPolicy(_rules(state.cards))

    class Policy:
        def choose(self, s: Any, legal: Any) -> Any:
            return inner.choose(s.table, legal)

    return kind, state, Policy()


def measure(setup: Callable[[int], tuple[Any, Any, Any]], games: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"step": [], "events": [], "views": []}
    for seed in range(games):
        kind, state, policy = setup(seed)
        game: Game[Any] = Game(kind.rules, state, dice=RandomDice(seed))
        seats = kind.seats(state)
        while True:
            legal = kind.rules.legal_actions(game.state)
            if not legal:
                break
            action = policy.choose(game.state, legal)
            before = game.state
            t0 = time.perf_counter()
            events = game.play(action)
            t1 = time.perf_counter()
            for seat in seats:
                kind.events_for(before, game.state, events, seat, "ko")
            t2 = time.perf_counter()
            for seat in seats:
                kind.view(game.state, seat, "ko")
                kind.menu(game.state, seat, "ko")
                kind.prompt(game.state, seat, "ko")
            t3 = time.perf_counter()
            out["step"].append((t1 - t0) * 1000)
            out["events"].append((t2 - t1) * 1000)
            out["views"].append((t3 - t2) * 1000)
    return out


def p99(values: list[float]) -> float:
    return sorted(values)[min(len(values) - 1, int(len(values) * 0.99))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    for name, setup in (("MK battle (hidden, 5 seats)", battle_setup), ("Liberator (4 seats)", liberator_setup)):
        figures = measure(setup, args.games)
        actions = len(figures["step"])
        print(f"{name}: {actions} actions")
        for column, values in figures.items():
            print(f"  {column:7} median {statistics.median(values):7.3f} ms   p99 {p99(values):7.3f} ms")
        ratio = statistics.median(figures["views"]) / statistics.median(figures["step"])
        print(f"  views / step (medians): {ratio:.1f}x")


if __name__ == "__main__":
    main()
