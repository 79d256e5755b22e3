"""The automatic reader: answers prompts for scripted runs and simulations.

Die: the larger. Points: the even spread, attack first (R-GB-02). Ability: the one with the best
exact chance to win (R-GB-03). Target: the one the exact odds favour (R-GB-14). Escape: never
tried — the automatic reader fights on (R-GB-15); the odds still show what escaping would give.
Choices: the first open one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meikyu.engine import Action
from meikyu.errors import InputError
from meikyu.systems.gamebook.combat import fighter_for
from meikyu.systems.gamebook.odds_dp import DpSolver as OddsSolver
from meikyu.systems.gamebook.rules import Attack, Escape, GamebookRules, PlayState, UseAbility


class AutoPolicy:
    """A :class:`meikyu.engine.Policy` for the gamebook, guided by exact odds."""

    def __init__(self, rules: GamebookRules) -> None:
        self.rules = rules
        self._solvers: dict[Any, OddsSolver] = {}

    def solver(self, state: PlayState, ability: str | None = None) -> OddsSolver:
        cs = state.combat
        assert cs is not None
        key_ability = cs.ability if ability is None else ability
        shin = fighter_for(state.sheet, self.rules.book.abilities.get(key_ability) if key_ability else None)
        key = (shin, tuple(f.enemy for f in cs.foes), cs.escape_allowed)
        solver = self._solvers.get(key)
        if solver is None:
            solver = self._solvers[key] = OddsSolver(shin, [f.enemy for f in cs.foes], cs.escape_allowed)
        return solver

    def choose(self, state: PlayState, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action")
        cs = state.combat
        if cs is not None and isinstance(legal[0], UseAbility) and len(legal) > 1:
            hits = tuple(f.hits for f in cs.foes)

            def win(action: Action) -> tuple[int, int]:
                assert isinstance(action, UseAbility)
                try:
                    w, _, d = self.solver(state, action.ability).fresh(state.sheet.hits, hits)[1]
                except InputError:  # a fight too big to solve, or one that cannot end this way
                    return 0, 1
                return w, d  # P(win) = w / d, compared by cross-multiplying below

            best: Action = legal[0]
            bw, bd = win(best)
            for action in legal[1:]:
                w, d = win(action)
                if w * bd > bw * d:
                    best, bw, bd = action, w, d
            return best
        attacks = [a for a in legal if isinstance(a, Attack)]
        if cs is not None and len(attacks) > 1:
            e = tuple(f.left for f in cs.foes)
            try:
                target = self.solver(state).best_target(cs.hits, e, cs.attacks_left, fresh=cs.exchanges == 0)
            except InputError:
                return attacks[0]
            return Attack(target)
        for action in legal:
            if not isinstance(action, Escape):
                return action
        return legal[0]
