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
    hope: int = 0
    """Hope paid as it is used (R-MK-13)."""
    minions: str = ""
    """Minions lost as it is used: a number or dice such as ``1D6`` (R-MK-19: usable while any are left)."""
    hp: int = 0
    """HP lost as it is used (a reduction, not damage: R-MK-32)."""
    status: str = ""
    """A ``cure_status`` effect's bad status (R-MK-44)."""
    bonus: int = 0
    """An ``achievement`` effect's amount: what an own-check auxiliary adds to that check."""
    stats: tuple[str, ...] = ()
    checks: tuple[str, ...] = ()
    """The checks an own-check trigger answers (by stat rolled, by purpose; none: any)."""
    used_up: bool = False
    """An item gone once used: the piece must still carry it (by name), and it leaves its slots."""
    loss: str = ""
    """A ``minions`` effect on its target: how many they lose, a number or dice (``1D6``); ``""`` none."""
    desert: bool = False
    """Those minions desert home (R-MK-45: citizens again, :func:`.resolve.send_home`) rather than fall."""

    def label(self, lang: str = "en") -> str:
        if len(self.names) == 3:
            return self.names[LANG_INDEX.get(lang, 2)]
        return self.source

    @property
    def covers(self) -> bool:
        """An interrupt that takes an attacked ally's damage (Shield Wall, R-MK-08)."""
        return self.trigger == "ally_attacked_here" and "cover" in self.effects

    @property
    def answers_attack(self) -> bool:
        """Data asked when an attack is declared (R-MK-08): on an ally here (cover or cancel it) or on
        its owner (cancel it)."""
        if self.trigger == "ally_attacked_here":
            return "cover" in self.effects or "cancel_attack" in self.effects
        return self.trigger == "self_attacked" and "cancel_attack" in self.effects

    @property
    def answers_own_check(self) -> bool:
        """An auxiliary or interrupt that adds to its owner's check once it has failed (R-MK-08)."""
        return self.trigger == "own_check_failed" and self.bonus != 0

    def bears_on(self, stat: str, purpose: str) -> bool:
        return (not self.stats or stat in self.stats) and (not self.checks or purpose in self.checks)


BATTLE_APPLIES = frozenset(
    {"check_bonus", "check", "reveal", "cover", "cancel_attack", "extra_move", "cure_status", "achievement", "minions"}
)
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
        cure = next((e for e in acts.effects if e.type == "cure_status"), None)
        minions = next((e for e in acts.effects if e.type == "minions"), None)
        cost = acts.cost
        out.append(DataUse(
            a.source, acts.timing, acts.trigger, tuple(e.type for e in acts.effects),
            _labels(a.names, a.source),
            target=acts.target, per=acts.cost.per,
            amount=_int(bonus.get("amount")) if bonus is not None else 0,
            stat=str(check["stat"]) if check is not None else "",
            difficulty=str(check["difficulty"]) if check is not None else "",
            on_success=tuple(e.type for e in check.effects("on_success")) if check is not None else (),
            hope=cost.hope, minions=str(cost.minions) if cost.minions else "", hp=cost.hp,
            status=str(cure.get("status") or "") if cure is not None else "",
            bonus=sum(_int(e.get("amount")) for e in acts.of_type("achievement")),
            stats=acts.stats, checks=acts.checks, used_up=cost.used_up,
            loss=str(minions.get("amount", "")).lstrip("-") if minions is not None else "",
            desert=bool(minions.get("desert")) if minions is not None else False,
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


def was_used(used: tuple[tuple[str, int], ...], use: DataUse, rnd: int) -> bool:
    """Whether ``use`` may not be used again now: an auxiliary or an interrupt once per cycle by name
    (R-MK-08; a battle's cycle is its round), and the data's own ``per`` (``game``: kept as round −1)."""
    if use.per == "game":
        return (use.source, GAME) in used
    if use.per in ("cycle", "round") or use.timing in ("auxiliary", "interrupt"):
        return (use.source, rnd) in used
    return False


def with_use(
    used: tuple[tuple[str, int], ...], source: str, rnd: int, per: str = ""
) -> tuple[tuple[str, int], ...]:
    """``used`` with ``source`` marked for this round (or for the game), older rounds' marks dropped."""
    kept = tuple(u for u in used if u[1] == rnd or u[1] == GAME)
    return (*kept, (source, GAME if per == "game" else rnd))


GAME = -1
"""The round a once-per-game use is marked with."""
