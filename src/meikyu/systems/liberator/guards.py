"""The table's guards: rule errors, "something else first" errors and what the table waits for.

Every refusal of an action is a :class:`~meikyu.errors.RuleError` naming the rule it enforces;
:func:`require` raises one when a condition fails, and :func:`idle` refuses any action while an
effect or a check waits for its answer.

>>> from meikyu.systems.liberator.cards import sample_cards
>>> from meikyu.systems.liberator.rules import new_table
>>> waiting_for(new_table([("ann", "warrior", ["mount"])], sample_cards()))
'mission'
>>> require(1 + 1 == 3, "R-LB-09", "lb.error.choose_one")
Traceback (most recent call last):
...
meikyu.errors.RuleError: Choose at least one target: something fits within the power (R-LB-09).
"""

from __future__ import annotations

from typing import Any

from meikyu.errors import RuleError
from meikyu.i18n import lookup, translate
from meikyu.systems.liberator.state import TableState

ONCE_RULE = "R-LB-X"
"""The once-per-scenario limit of job effects and feats: a fact from another chapter."""
COST_RULING = "R-LB-ruling-cost"
"""Our ruling, not the seed's: an extra card cost is not paid with the action card in use."""


def require(ok: bool, rule: str, key: str, **params: Any) -> None:
    """Refuse the action (``RuleError(rule, key, **params)``) unless ``ok``."""
    if not ok:
        raise RuleError(rule, key, **params)


def wait_phrase(code: str, lang: str) -> str:
    """The translated phrase for a :func:`waiting_for` code (``lb.wait.*``)."""
    key = f"lb.wait.{code}"
    return translate(key, lang) if lookup(key, lang) is not None else translate("lb.wait.other", lang)


class WaitingError(RuleError):
    """The "something else first" error: its ``what`` parameter is a waiting code, shown translated."""

    def message(self, lang: str | None = None, /) -> str:
        lang = lang or "en"
        params = dict(self.params, what=wait_phrase(str(self.params.get("what", "")), lang))
        return translate(self.key, lang, **params)


def waiting_for(s: TableState) -> str:
    """A short code of what the table waits for (used in messages and the terminal table)."""
    if s.effects:
        pe = s.effects[0]
        return (
            "pick_player"
            if pe.target < 0
            else ("pick_obstacle" if pe.effect.kind == "obstacle_down" else "pick_card")
        )
    if s.check is not None:
        return f"{s.check.kind}_{s.check.step}"
    if s.phase == "turn" and s.turn is not None:
        return s.turn.step
    if s.phase == "setup":
        return "mission" if s.mission is None else "continue"
    return s.phase


def idle(s: TableState) -> None:
    """Refuse unless no effect or check waits for an answer (R-LB-06)."""
    if s.effects or s.check is not None:
        raise WaitingError("R-LB-06", "lb.error.waiting", what=waiting_for(s))


class NoDice:
    """Dice for trying an action while listing options: listing never rolls."""

    def roll(self, sides: int) -> int:  # pragma: no cover - listing options never rolls
        raise RuntimeError("legal_actions must not roll")
