"""The card-making rules for action cards: a validator that lists every violation, and a designer.

Rules checked (facts from the card-making chapter, our reading where it is terse):

- budget: recovery target × 3 points; every +1 power on a face costs 1 point;
- face 1 has no power; power never decreases from face to face; neighbouring faces differ by 0 or
  1, with at most one step of 2;
- default effects: face 1 ``即:捨`` (discard this action); face 2 a negative effect (for recovery ≥ 5
  usually the same discard — only a warning otherwise); faces 3–5 none; face 6 a positive effect
  (usually a ``+1`` grant);
- adjustments, each moving the budget: removing face 2's negative costs 3, making face 3 negative
  gives 3, making face 5 positive costs 3, removing face 6's positive gives 3. Face 4 has no
  adjustment and stays empty.

Negative effects are discards (``即:捨``, ``即:P-1`` …); every other effect counts as positive.
Spending more points than the budget is an error; spending fewer is a warning (printed cards use
the whole budget; a home-made card may choose to be weaker). A follow-up of the card's own
attribute is an error (it would add nothing the card does not already do).

>>> from meikyu.systems.liberator.cards import sample_cards
>>> check_action(sample_cards().actions["swing"])
()
>>> design_powers(2)
(0, 0, 1, 1, 2, 2)
>>> sum(design_powers(8, spend=18))
18
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any

from meikyu.systems.liberator.cards import ActionCard, CardSet
from meikyu.systems.liberator.effects import Effect

ADJUSTMENT = 3


@dataclass(frozen=True)
class Violation:
    """One broken card-making rule: ``code`` keys the message ``lb.check.<code>``; ``face`` is 1–6 or 0."""

    card: str
    code: str
    severity: str = "error"
    face: int = 0
    params: tuple[tuple[str, Any], ...] = ()

    def message(self, lang: str = "en") -> str:
        from meikyu.i18n import translate

        return translate(f"lb.check.{self.code}", lang, card=self.card, face=self.face, **dict(self.params))


def _polarity(effects: tuple[Effect, ...]) -> str:
    if not effects:
        return "none"
    negatives = sum(e.negative for e in effects)
    if negatives == len(effects):
        return "negative"
    return "positive" if negatives == 0 else "mixed"


def budget_spent(card: ActionCard) -> int:
    """Points the card spends: its powers plus the adjustments it made."""
    spent = sum(card.power)
    pol = [_polarity(card.effects_on(f)) for f in range(1, 7)]
    spent += ADJUSTMENT * (pol[1] == "none") + ADJUSTMENT * (pol[4] == "positive")
    spent -= ADJUSTMENT * (pol[2] == "negative") + ADJUSTMENT * (pol[5] == "none")
    return spent


def check_action(card: ActionCard) -> tuple[Violation, ...]:
    """Every card-making rule the action card breaks (errors and warnings), in face order."""
    out: list[Violation] = []

    def v(code: str, face: int = 0, severity: str = "error", **params: Any) -> None:
        out.append(Violation(card.id, code, severity, face, tuple(params.items())))

    p = card.power
    if p[0] != 0:
        v("face1_power", 1, power=p[0])
    big_steps = 0
    for face in range(2, 7):
        step = p[face - 1] - p[face - 2]
        if step < 0:
            v("decreasing", face, before=p[face - 2], after=p[face - 1])
        elif step > 2:
            v("step_too_big", face, step=step)
        elif step == 2:
            big_steps += 1
            if big_steps == 2:
                v("two_big_steps", face)
    pol = [_polarity(card.effects_on(f)) for f in range(1, 7)]
    if not any(e.kind == "discard_self" for e in card.effects_on(1)) or pol[0] != "negative":
        v("face1_effect", 1)
    for face in range(2, 7):
        if pol[face - 1] == "mixed":
            v("mixed", face)
    if pol[1] == "positive":
        v("face2_positive", 2)
    elif (
        pol[1] == "negative"
        and card.recovery >= 5
        and not any(e.kind == "discard_self" for e in card.effects_on(2))
    ):
        v("face2_not_discard", 2, "warning")
    if pol[2] == "positive":
        v("face3_positive", 3)
    if pol[3] != "none":
        v("face4_effect", 4)
    if pol[4] == "negative":
        v("face5_negative", 5)
    if pol[5] == "negative":
        v("face6_negative", 6)
    for face in range(1, 7):
        if card.follow_up(face) == card.attribute:
            v("follow_same", face, attribute=card.attribute)
    budget, spent = card.recovery * 3, budget_spent(card)
    if spent > budget:
        v("over_budget", budget=budget, spent=spent)
    elif spent < budget:
        v("under_budget", severity="warning", budget=budget, spent=spent)
    return tuple(out)


def check_cards(cards: CardSet) -> tuple[Violation, ...]:
    """Check every action card of a set."""
    return tuple(v for card in cards.actions.values() for v in check_action(card))


@cache
def _curves() -> tuple[tuple[int, ...], ...]:
    curves = []
    for steps in product((0, 1, 2), repeat=5):
        if steps.count(2) > 1:
            continue
        powers = [0]
        for s in steps:
            powers.append(powers[-1] + s)
        curves.append(tuple(powers))
    return tuple(curves)


def design_powers(recovery: int, spend: int | None = None, variant: int = 0) -> tuple[int, ...]:
    """A power row that obeys the curve rules and sums to ``spend`` (default: the whole budget).

    Among the rows that fit, the one closest to a straight ramp comes first (so every face is a
    little better than the one before); ``variant`` picks another one of them. Raises
    ``ValueError`` when no row can sum to ``spend``.
    """
    target = recovery * 3 if spend is None else spend

    def distance(curve: tuple[int, ...]) -> tuple[float, tuple[int, ...]]:
        return sum((p - target * i / 15) ** 2 for i, p in enumerate(curve)), curve

    fits = sorted((c for c in _curves() if sum(c) == target), key=distance)
    if not fits:
        raise ValueError(f"no power row sums to {target}")
    return fits[variant % len(fits)]
