"""A strategic automatic player for every seat (and the GM's routine choices) at a Liberator table.

:class:`StrategicPolicy` is a :class:`meikyu.engine.Policy`: it reads the table and picks one of
the legal actions (or, for the awards, builds the votes itself). What it weighs:

- **declare** (R-LB-07): every action in hand is scored by exact removal odds
  (:func:`~meikyu.systems.liberator.odds.removal_odds`) of the obstacle sets it can reach, times
  the targets they hold, with the player's matching grants added to the power. A normal recovery
  is declared instead when the hand is down to ``low_hand`` cards and the discard holds something,
  or when no card in hand can remove anything at all;
- **split** (R-LB-08): the die that removes the most now, then the effect face that hurts least
  (face 1 discards the card) or helps most;
- **after the roll** (R-LB-09): a grant is spent when it lets the roll remove more; a job effect or
  feat (once per scenario) only when it makes the difference on the final mission or clears the
  mission at hand; then the largest removal (or recovery) on offer;
- **prompts**: discard the card least useful against what is left, recover the most useful one,
  lower the hardest obstacle, give effects to the player with the fewest cards;
- **advantage / disadvantage** (R-LB-12): the card whose effect row is best on the rolled faces
  (worst case for a disadvantage, whose die the GM picks); the GM's pick keeps the rules' order;
- **setup**: keep going with the mission in play, take the planned mission otherwise; never give up.

>>> from meikyu.dice import RandomDice
>>> from meikyu.engine import Game
>>> from meikyu.systems.liberator.rules import LiberatorRules, new_table
>>> rules = LiberatorRules()
>>> table = new_table([("ann", "warrior", ["mount"]), ("bob", "mage", ["might"])], rules.cards, plan=("final",))
>>> game = Game(rules, table, RandomDice(4))
>>> steps = game.run(StrategicPolicy(rules))
>>> game.state.phase, game.state.result
('over', 'cleared')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from meikyu.dice.source import ScriptedDice
from meikyu.engine import Action
from meikyu.errors import MeikyuError
from meikyu.systems.liberator.cards import ActionCard
from meikyu.systems.liberator.effects import ANY, Effect
from meikyu.systems.liberator.mission import Obstacle
from meikyu.systems.liberator.odds import removal_odds
from meikyu.systems.liberator.rules import LiberatorRules
from meikyu.systems.liberator.state import (
    DYING,
    NORMAL,
    AbandonMission,
    Awards,
    ContinueMission,
    Declare,
    GiveUp,
    LevelUp,
    PickCard,
    PickEffect,
    PickObstacle,
    PickPlayer,
    Resolve,
    Split,
    SwapJob,
    TableState,
    UseAbility,
    UseGrant,
)

MAX_SET = 3
"""Obstacle sets larger than this are not scored at declaration (they are rarely removable)."""


@lru_cache(maxsize=65536)
def _odds(card: ActionCard, targets: tuple[tuple[str, int], ...], bonus: int) -> float:
    return float(removal_odds(card, targets, bonus))


def face_score(effects: Sequence[Effect]) -> int:
    """How good a face's special effects are for their user: discards cost, the rest helps.

    >>> from meikyu.systems.liberator.effects import parse_effects
    >>> face_score(parse_effects("即:捨")), face_score(parse_effects("付:P+1")), face_score(())
    (-3, 2, 0)
    """
    return sum(-3 if e.negative else 2 for e in effects)


class StrategicPolicy:
    """Plays every seat to clear missions: see the module text for what it weighs.

    ``low_hand``: with this many cards or fewer in hand (and something in the discard), a normal
    recovery is declared instead of an action.
    """

    def __init__(self, rules: LiberatorRules, low_hand: int = 1) -> None:
        self.rules = rules
        self.cards = rules.cards
        self.low_hand = low_hand

    # -- entry point ---------------------------------------------------------------------------
    def choose(self, state: TableState, legal: Sequence[Action]) -> Action:
        options = [a for a in legal if not isinstance(a, (LevelUp, SwapJob))] or list(legal)
        s = state
        level_up = self._level_up(s, legal)
        if level_up is not None:
            return level_up
        if s.effects:
            return self._answer_prompt(s, options)
        chk = s.check
        if chk is not None:
            if chk.step == "declare" and chk.kind != "recovery":
                return self._declare_check(s, options)
            if chk.step == "pick" and chk.kind == "advantage":
                return self._best_face(s, options)
            if chk.step == "after_roll":
                return self._after_roll(s, options)
            return options[0]
        if s.phase == "setup":
            for a in options:
                if isinstance(a, ContinueMission):
                    return a
            return next(a for a in options if not isinstance(a, (GiveUp, AbandonMission)))
        if s.phase == "awards":
            return self._awards(s)
        if s.turn is not None:
            if s.turn.step == "declare":
                return self._declare(s, options)
            if s.turn.step == "split":
                return self._split(s, options)
            if s.turn.step == "after_roll":
                return self._after_roll(s, options)
        return options[0]

    # -- helpers -------------------------------------------------------------------------------
    def _obstacles(self, s: TableState) -> tuple[Obstacle, ...]:
        return s.mission.obstacles if s.mission else ()

    def _grant_bonus(self, s: TableState, seat: int, attribute: str) -> int:
        names: dict[str, int] = {}
        for g in s.players[seat].character.grants:
            e = g.effect
            if e.stat == "power" and e.attribute in (ANY, attribute):
                names[g.name] = max(names.get(g.name, 0), e.amount)
        return sum(names.values())

    def card_score(self, card: ActionCard, obstacles: Sequence[Obstacle], bonus: int = 0) -> float:
        """Best (exact removal odds × targets removed) over the obstacle sets the card can reach."""
        reach = {card.attribute} | {card.follow_up(f) for f in range(1, 7)}
        candidates = [o for o in obstacles if o.attribute in reach]
        best = 0.0
        for k in range(1, min(len(candidates), MAX_SET) + 1):
            for combo in combinations(candidates, k):
                targets = tuple(sorted((o.attribute, o.target) for o in combo))
                total = sum(t for _, t in targets)
                if total * 1.0 <= best:
                    continue
                best = max(best, _odds(card, targets, bonus) * total)
        return best

    def _useful(self, s: TableState, card: str) -> float:
        """How much a card is worth keeping against what is left (0 when nothing is left)."""
        return (
            self.card_score(self.cards.actions[card], self._obstacles(s))
            - self.cards.actions[card].recovery / 100
        )

    def _reachable(self, s: TableState, o: Obstacle) -> bool:
        """Whether some player owns an action whose power (or follow-up) can ever reach ``o``."""
        for p in s.players:
            for ident in p.character.actions:
                card = self.cards.actions[ident]
                reach = {card.attribute} | {card.follow_up(f) for f in range(1, 7)}
                if o.attribute in reach and max(card.power) >= o.target:
                    return True
        return False

    def _level_up(self, s: TableState, legal: Sequence[Action]) -> LevelUp | None:
        """R-LB-13: spend 10 experience on a card that reaches an obstacle nobody can remove."""
        ups = [a for a in legal if isinstance(a, LevelUp) and a.card in self.cards.actions]
        if not ups or s.effects:
            return None
        for o in sorted(self._obstacles(s), key=lambda o: -o.target):
            if self._reachable(s, o):
                continue
            fitting = []
            for a in ups:
                card = self.cards.actions[a.card]
                reach = {card.attribute} | {card.follow_up(f) for f in range(1, 7)}
                if o.attribute in reach and max(card.power) >= o.target:
                    fitting.append((card.recovery, a.seat, a))
            if fitting:
                return min(fitting, key=lambda f: (f[0], f[1]))[2]
        return None

    # -- the turn ------------------------------------------------------------------------------
    def _declare(self, s: TableState, options: Sequence[Action]) -> Action:
        assert s.turn is not None
        seat = s.turn.player
        ch = s.players[seat].character
        declares = [a for a in options if isinstance(a, Declare) and a.card not in (NORMAL, DYING)]
        if not declares:
            return options[0]  # an empty hand: the dying revival is the only choice
        scored = []
        for a in declares:
            card = self.cards.actions[a.card]
            bonus = self._grant_bonus(s, seat, card.attribute)
            # cheaper cards first on a tie: they come back more easily
            scored.append((self.card_score(card, self._obstacles(s), bonus), -card.recovery, a))
        best, _, choice = max(scored, key=lambda x: (x[0], x[1]))
        recoverable = any(self.cards.actions[x].recovery <= 6 for x in ch.discard)
        if recoverable and (best == 0 or len(ch.hand) <= self.low_hand):
            return Declare(NORMAL)
        return choice

    def _split(self, s: TableState, options: Sequence[Action]) -> Action:
        t = s.turn
        assert t is not None
        splits = [a for a in options if isinstance(a, Split)]
        if t.card in (NORMAL, DYING):
            return max(splits, key=lambda a: a.power)
        card = self.cards.actions[t.card]
        bonus = t.bonus + self._grant_bonus(s, t.player, t.attribute)
        obstacles = [(o.attribute, o.target) for o in self._obstacles(s)]

        def value(a: Split) -> tuple[int, int]:
            effect = t.dice[1] if a.power == t.dice[0] else t.dice[0]
            power = card.power_on(a.power) + bonus
            pools = [(t.attribute, power)]
            if card.follow_up(effect):
                pools.append((card.follow_up(effect), power))
            return _best_sum(obstacles, pools), face_score(card.effects_on(effect))

        return max(splits, key=value)

    def _after_roll(self, s: TableState, options: Sequence[Action]) -> Action:
        resolves = [a for a in options if isinstance(a, Resolve)]
        now = self._resolve_total(s, resolves[0]) if resolves else 0
        final = s.mission is not None and s.mission.type == "final"
        for a in options:
            if not isinstance(a, (UseGrant, UseAbility)):
                continue
            # a job effect or feat is once per scenario: keep it unless it clears the mission
            once = isinstance(a, UseAbility) and not final and not s.check
            if once and not self._clears_after(s, a):
                continue
            gain = self._gain(s, a, now)
            if gain > 0:
                return a
        return resolves[0] if resolves else options[0]

    def _resolve_total(self, s: TableState, a: Resolve) -> int:
        if a.recover:
            return sum(self.cards.actions[x].recovery for x in a.recover)
        by_uid = {o.uid: o.target for o in self._obstacles(s)}
        return sum(by_uid.get(u, 0) for u in a.obstacles)

    def _try(self, s: TableState, a: Action) -> TableState | None:
        try:
            return self.rules.step(s, a, ScriptedDice([]))[0]
        except (MeikyuError, LookupError):
            return None

    def _best_after(self, s: TableState) -> int:
        resolves = [a for a in self.rules.resolve_options(s) if isinstance(a, Resolve)]
        return max((self._resolve_total(s, a) for a in resolves), default=0)

    def _gain(self, s: TableState, a: Action, now: int) -> int:
        after = self._try(s, a)
        if after is None or after.effects or (after.turn is None and after.check is None):
            return 0
        return self._best_after(after) - now

    def _clears_after(self, s: TableState, a: Action) -> bool:
        after = self._try(s, a)
        if after is None or after.effects:
            return False
        return self._best_after(after) >= sum(o.target for o in self._obstacles(after))

    # -- prompts and checks --------------------------------------------------------------------
    def _answer_prompt(self, s: TableState, options: Sequence[Action]) -> Action:
        pe = s.effects[0]
        if isinstance(options[0], PickPlayer):
            seats = [a for a in options if isinstance(a, PickPlayer)]
            return min(seats, key=lambda a: (len(s.players[a.seat].character.hand), a.seat))
        if isinstance(options[0], PickObstacle):
            picks = [a for a in options if isinstance(a, PickObstacle)]
            by_uid = {o.uid: o.target for o in self._obstacles(s)}
            return max(picks, key=lambda a: by_uid.get(a.uid, 0))
        cards = [a for a in options if isinstance(a, PickCard)]
        if not cards:
            return options[0]
        if pe.effect.kind == "discard":
            return min(cards, key=lambda a: self._useful(s, a.card))
        return max(cards, key=lambda a: self._useful(s, a.card))

    def _declare_check(self, s: TableState, options: Sequence[Action]) -> Action:
        """Advantage: the best face the dice may show; disadvantage: the least bad worst case."""
        chk = s.check
        assert chk is not None
        declares = [a for a in options if isinstance(a, Declare)]
        if not declares:
            return options[0]

        def value(a: Declare) -> tuple[float, float]:
            card = self.cards.actions[a.card]
            faces = [face_score(card.effects_on(f)) for f in range(1, 7)]
            worst = sum(min(faces[i], faces[j]) for i in range(6) for j in range(6)) / 36
            best = sum(max(faces[i], faces[j]) for i in range(6) for j in range(6)) / 36
            return (best if chk.kind == "advantage" else worst), -self._useful(s, a.card)

        return max(declares, key=value)

    def _best_face(self, s: TableState, options: Sequence[Action]) -> Action:
        chk = s.check
        assert chk is not None
        card = self.cards.actions[chk.card]
        picks = [a for a in options if isinstance(a, PickEffect)]
        return max(picks, key=lambda a: face_score(card.effects_on(a.die))) if picks else options[0]

    def _awards(self, s: TableState) -> Awards:
        """Everyone votes the top remover for the lead award and the next one for the support."""
        order = sorted(range(len(s.players)), key=lambda i: (-s.players[i].removed, i))
        voters = len(s.players) + (1 if s.dedicated_gm else 0)
        lead = (order[0],) * voters
        support = (order[1],) * voters if len(order) > 1 else ()
        return Awards(lead, support)


def _best_sum(targets: Sequence[tuple[str, int]], pools: Sequence[tuple[str, int]]) -> int:
    """The largest target total among the obstacle sets these powers remove together."""
    from meikyu.systems.liberator.packing import fits

    usable = [t for t in targets if any(p == t[0] and v >= t[1] for p, v in pools)]
    best = 0
    for k in range(len(usable), 0, -1):
        for combo in combinations(usable, k):
            total = sum(t for _, t in combo)
            if total > best and fits(combo, pools):
                best = total
    return best
