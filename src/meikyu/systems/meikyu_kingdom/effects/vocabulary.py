"""What data that acts may say: its timing, trigger, scope, cost and effects.

The effect types are the tables' (:mod:`~meikyu.systems.meikyu_kingdom.tables.effects`) plus those only
data needs (a check's achievement, reduced damage, cover, reveal …). ``data/DATA_EFFECTS.md`` documents
them with worked examples; a test keeps its list of types in step with :data:`DATA_VOCABULARY`.

>>> "achievement" in DATA_VOCABULARY.types and "hp" in DATA_VOCABULARY.types
True
>>> TIMINGS[:2]
('constant', 'equipment')
"""

from __future__ import annotations

from meikyu.systems.meikyu_kingdom.tables.effects import BAD_STATUSES, STATS, TYPES, VARIABLES, WHO
from meikyu.tables import EffectType, Param, Vocabulary

TIMINGS: tuple[str, ...] = ("constant", "equipment", "support", "planned", "auxiliary", "interrupt")
"""상시 / 장비 / 지원 / 계획 / 보조 / 끼어들기 (R-MK-08): when the data works."""

CHOSEN: tuple[str, ...] = ("support", "planned", "auxiliary", "interrupt")
"""Timings the owner chooses to use (an action or a prompt); the other two apply by themselves."""

TRIGGERS: tuple[str, ...] = (
    "ally_attacked_here",
    "self_attacked",
    "own_check_declared",
    "own_check_failed",
    "own_check_succeeded",
    "ally_check_declared",
)
"""What an interrupt (or an auxiliary that goes with something) answers: an ally in the owner's area
is attacked; the owner is attacked; a check of the owner's is declared, fails or succeeds; an ally's
check is declared."""

CONTEXTS: tuple[str, ...] = ("battle", "labyrinth", "kingdom")
"""Where data works: a battle, the labyrinth phase, the kingdom phase (none listed: everywhere)."""

CHECKS: tuple[str, ...] = (
    "strategy", "hit", "search", "escape", "reputation", "disarm", "fall", "fatal", "national", "called",
)
"""The checks data can name by purpose (a battle's checks, the national-power check, a GM's called
check); ``stats`` names checks by the stat rolled instead."""

TARGETS: tuple[str, ...] = ("self", "ally_here", "ally", "enemy", "hidden_monster", "any")
"""Whom the owner aims the data at, when it is chosen: self; an ally in the owner's area; any ally;
an enemy; a monster whose data is hidden; anyone."""

PERIODS: tuple[str, ...] = ("", "cycle", "round", "game")
"""How often the data may be used: unlimited (``""``), once per cycle, round or game."""

_WHO = Param("enum", "the characters affected (default self)", choices=WHO)
_AMOUNT = Param("formula", "the change; negative loses", required=True)


def _t(doc: str, **params: Param) -> EffectType:
    return EffectType(doc, tuple(params.items()))


DATA_TYPES: dict[str, EffectType] = {
    "achievement": _t(
        "The achievement of the check the data applies to changes by `amount` (R-MK-10).",
        amount=_AMOUNT,
    ),
    "reduce_damage": _t(
        "Damage the character in `who` takes is reduced by `amount`, never below 0 (armor, R-MK-30).",
        who=_WHO,
        amount=_AMOUNT,
    ),
    "revive": _t(
        "A character in `who` who died during this game comes back with `amount` HP (R-MK-34).",
        who=_WHO,
        amount=_AMOUNT,
    ),
    "extra_move": _t("The character in `who` may make one more move this round (R-MK-22).", who=_WHO),
    "cover": _t("The owner takes, instead of the attacked ally, the damage the attack would deal (R-MK-29)."),
    "cancel_attack": _t("The attack the data answers is cancelled: it deals nothing."),
    "reveal": _t("The data of a monster whose data is hidden is shown to the court (R-MK-23)."),
    "cure_status": _t(
        "A bad status of the character in `who` is cured (R-MK-44).",
        who=_WHO,
        status=Param("enum", "which status", choices=BAD_STATUSES),
    ),
    "light": _t(
        "The carrier's area and the areas within `range` steps are lit; ranged attacks reach only lit areas (R-MK-29).",
        range=Param("int", "how many steps of light", required=True),
    ),
    "check_bonus": _t(
        "The next check of the character in `who` gets `amount` (one use; Rallying Cry).",
        who=_WHO,
        amount=_AMOUNT,
        stat=Param("enum", "only a check of this stat", choices=STATS),
    ),
}

DATA_VARIABLES: dict[str, str] = {
    **VARIABLES,
    "level": "a facility's facility level: how many rooms its group fills (R-MK-06)",
}
"""The variables data's formulas may read: the tables' and the acting facility's level."""

DATA_VOCABULARY = Vocabulary("meikyu_kingdom.data", {**TYPES, **DATA_TYPES}, DATA_VARIABLES)
"""The effect types data may use: the tables' (``EFFECTS.md``) and :data:`DATA_TYPES`."""
