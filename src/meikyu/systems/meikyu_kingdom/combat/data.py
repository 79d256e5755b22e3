"""What a battle piece keeps of its sheet's data that acts (R-MK-08, R-MK-09): the constant and equipment
data that add to its checks (:class:`DataBonus`) and the data its owner chooses to use (:class:`DataUse`),
as plain values, so a battle's state stays plain data. Built from a sheet (or a bestiary's monster) through
:func:`~meikyu.systems.meikyu_kingdom.effects.order.applicable`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meikyu.systems.meikyu_kingdom.effects.order import applicable, check_data
from meikyu.systems.meikyu_kingdom.effects.vocabulary import CHOSEN

LANG_INDEX = {"ko": 0, "ja": 1, "en": 2}


@dataclass(frozen=True)
class DataBonus:
    """Constant or equipment data of a piece that adds to some of its checks by itself (R-MK-09): a
    skill or an item written with an ``achievement`` effect (``data/DATA_EFFECTS.md``).

    >>> hawk = DataBonus("매의 눈", 1, stats=("search",), names=("매의 눈", "鷹の目", "Hawk Eye"))
    >>> hawk.matches("search", "escape"), hawk.matches("wit", "strategy")
    (True, False)
    """

    source: str
    amount: int
    stats: tuple[str, ...] = ()
    """Checks of these stats (empty: any stat)."""
    checks: tuple[str, ...] = ()
    """Checks of these purposes (empty: any purpose)."""
    names: tuple[str, ...] = ()
    """The data's name in ko, ja, en when known."""
    monster: bool = False
    """A monster skill a PC holds: it adds only in a round its 1 hope was paid in (R-MK-17)."""

    def matches(self, stat: str, purpose: str) -> bool:
        return (not self.stats or stat in self.stats) and (not self.checks or purpose in self.checks)

    def label(self, lang: str = "en") -> str:
        if len(self.names) == 3:
            return self.names[LANG_INDEX.get(lang, 2)]
        return self.source


@dataclass(frozen=True)
class DataUse:
    """Data a piece chooses to use (support, planned, auxiliary, interrupt; R-MK-08), as its sheet wrote
    it (``data/DATA_EFFECTS.md``): what it answers and the types of its effects."""

    source: str
    timing: str
    trigger: str = ""
    effects: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    """The data's name in ko, ja, en when known."""
    target: str = ""
    """Whom it is aimed at (``ally_here``, ``hidden_monster`` …; ``""`` self)."""
    per: str = ""
    """Once per ``cycle`` / ``round`` / ``game``, or ``""``."""
    amount: int = 0
    """A ``check_bonus``'s amount."""
    stat: str = ""
    """A ``check`` effect's stat (the data's own check, e.g. Monsterology)."""
    difficulty: str = ""
    """A ``check`` effect's difficulty (a formula over ``target_level``)."""
    on_success: tuple[str, ...] = ()
    """A ``check`` effect's effects when it succeeds (their types)."""

    def label(self, lang: str = "en") -> str:
        if len(self.names) == 3:
            return self.names[LANG_INDEX.get(lang, 2)]
        return self.source

    @property
    def covers(self) -> bool:
        """An interrupt that takes an attacked ally's damage (Shield Wall, R-MK-08)."""
        return self.trigger == "ally_attacked_here" and "cover" in self.effects


BATTLE_APPLIES = frozenset({"check_bonus", "check", "reveal", "cover"})
"""The effects of chosen data the battle applies itself (:mod:`.data_use`, :func:`.attack.offer_cover`)."""


def data_uses(character: Any) -> tuple[DataUse, ...]:
    """A sheet's data its owner chooses to use in battle (R-MK-08), in the R-MK-09 order."""
    out = []
    for a in applicable([character], timings=CHOSEN, context="battle"):
        acts = a.acts
        if a.monster or not {e.type for e in acts.effects} <= BATTLE_APPLIES:
            # a PC's monster skill works through UseMonsterSkill (constant ones, R-MK-17);
            # recovery and revival items act through UseItem and the revival actions
            continue
        bonus = next((e for e in acts.effects if e.type == "check_bonus"), None)
        check = next((e for e in acts.effects if e.type == "check"), None)
        out.append(DataUse(
            a.source, acts.timing, acts.trigger, tuple(e.type for e in acts.effects),
            _labels(a.names, a.source),
            target=acts.target, per=acts.cost.per,
            amount=_int(bonus.get("amount")) if bonus is not None else 0,
            stat=str(check["stat"]) if check is not None else "",
            difficulty=str(check["difficulty"]) if check is not None else "",
            on_success=tuple(e.type for e in check.effects("on_success")) if check is not None else (),
        ))  # fmt: skip
    return tuple(out)


def data_bonuses(character: Any) -> tuple[DataBonus, ...]:
    """A sheet's constant and equipment data that add to its checks in battle (R-MK-09), in that order;
    ``character`` is a sheet or any holder of skills and items (a bestiary's monster)."""
    return tuple(
        DataBonus(a.source, a.amount, a.acts.stats, a.acts.checks, _labels(a.names, a.source), a.monster)
        for a in check_data([character], character.id, "battle")
    )


def _int(value: object) -> int:
    """An effect's amount when it is a number (formulas are not for the battle's own data)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _labels(names: tuple[tuple[str, str], ...], source: str) -> tuple[str, ...]:
    return tuple(dict(names).get(lang, source) for lang in ("ko", "ja", "en")) if names else ()
