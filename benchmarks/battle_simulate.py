"""Battles per second of ``meikyu mk simulate`` (4 PCs vs 4 monsters, one core) beside two baselines.

Three runs over the same battles, interleaved and repeated so machine load hits all of them alike:

* **ours** — the simulation's loop (``run_batch``): the fast path of ``fast.play_fast``, which hands
  criticals, fumbles, fatal wounds and some statuses to ``step``;
* **step loop** — the previous simulation loop: the tactical policy decides, ``step`` applies every
  action (same battles, same dice, same results as ours);
* **listing** — the generic engine path: ``legal_actions`` listed before every choice (what
  :meth:`meikyu.engine.Game.run` does), the same policy choosing among them;
* **dice floor** — only drawing as many dice as those battles drew, from the same ``RandomDice``:
  the cost no battle engine in Python can go below.

Times are CPU seconds of this process (``time.process_time``): a shared, busy machine then slows
every column alike instead of whichever one ran while others were busy.

    python benchmarks/battle_simulate.py [--battles 2000] [--rounds 3] [--encounter sample]
"""

from __future__ import annotations

import argparse
import statistics
import time

from meikyu.dice.source import RandomDice, RecordingDice
from meikyu.systems.meikyu_kingdom.combat.bestiary import load_encounter
from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
from meikyu.systems.meikyu_kingdom.combat.rules import legal_actions, step
from meikyu.systems.meikyu_kingdom.combat.simulate import play_out, run_batch


def ours(battle, n: int, seed: int) -> float:  # type: ignore[no-untyped-def]
    start = time.process_time()
    run_batch(battle, n, seed)
    return n / (time.process_time() - start)


def step_loop(battle, n: int, seed: int) -> float:  # type: ignore[no-untyped-def]
    dice = RandomDice(seed)
    policy = TacticalPolicy()
    start = time.process_time()
    for _ in range(n):
        play_out(battle, dice, policy)
    return n / (time.process_time() - start)


def listing(battle, n: int, seed: int) -> float:  # type: ignore[no-untyped-def]
    dice = RandomDice(seed)
    policy = TacticalPolicy()
    start = time.process_time()
    for _ in range(n):
        state = battle
        while state.phase not in ("over", "treasure"):
            state, _ = step(state, policy.choose(state, legal_actions(state)), dice)
    return n / (time.process_time() - start)


def dice_drawn(battle, n: int, seed: int) -> int:  # type: ignore[no-untyped-def]
    dice = RecordingDice(RandomDice(seed))
    policy = TacticalPolicy()
    for _ in range(n):
        state = battle
        while state.phase not in ("over", "treasure"):
            state, _ = step(state, policy.decide(state), dice)
    return len(dice.rolls)


def dice_floor(n: int, draws: int, seed: int) -> float:
    dice = RandomDice(seed)
    roll = dice.roll
    start = time.process_time()
    for _ in range(draws):
        roll(6)
    return n / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--encounter", default="sample")
    args = parser.parse_args()
    battle = load_encounter(args.encounter)
    n = args.battles
    draws = dice_drawn(battle, n, 7)
    results: dict[str, list[float]] = {"ours": [], "step loop": [], "listing": [], "dice floor": []}
    ours(battle, min(n, 200), 1)  # warm-up
    for r in range(args.rounds):
        results["ours"].append(ours(battle, n, 7 + r))
        results["step loop"].append(step_loop(battle, n, 7 + r))
        results["listing"].append(listing(battle, n, 7 + r))
        results["dice floor"].append(dice_floor(n, draws, 7 + r))
    best = {k: max(v) for k, v in results.items()}
    print(
        f"encounter {args.encounter}: {n} battles x {args.rounds} rounds, one core, {draws / n:.1f} dice per battle"
    )
    for name, values in results.items():
        print(f"  {name:11} {best[name]:9.0f} battles/s (median {statistics.median(values):.0f})")
    print(f"  ours / step loop  = {best['ours'] / best['step loop']:.2f}x")
    print(f"  ours / listing    = {best['ours'] / best['listing']:.2f}x")
    print(f"  ours / dice floor = {best['ours'] / best['dice floor']:.3f}x")


if __name__ == "__main__":
    main()
