"""Hope outside checks (R-MK-13, R-MK-17): reducing hope, and PCs using monster skills.

Hope is voice (the court's, spent with the other players' consent) or drive (the character's).
"Reduce hope" lets the owner pick which; voice goes through the voice gate, so a disaster may fall
due (R-MK-20). A PC using a monster skill (through possession or the immigrant town) must spend
1 hope as it declares the skill, or the skill has no effect; a constant-type monster skill then
lasts until the cycle ends.

>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> s = sample()
>>> haneul = s.characters[0]
>>> k, c, events, disaster = reduce_hope(s.kingdom, haneul, "drive", 1)
>>> c.drive, k.voice, disaster
(0, 6, False)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from meikyu.engine import Event
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.check.check import HOPE_SOURCES
from meikyu.systems.meikyu_kingdom.check.voice import change_voice
from meikyu.systems.meikyu_kingdom.events import MKEvent
from meikyu.systems.meikyu_kingdom.sheets.character import Character, Skill
from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom


@dataclass(frozen=True)
class HopeReduced(MKEvent):
    actor: str
    source: str
    amount: int


@dataclass(frozen=True)
class MonsterSkillUsed(MKEvent):
    actor: str
    skill: str
    source: str
    until: str
    """``cycle_end`` for a constant-type skill, else ``now``."""
    labels: tuple[tuple[str, str], ...] = ()
    """The skill's name by language (``skill`` as its sheet writes it when a language is missing)."""

    def _params(self, lang: str) -> dict[str, object]:
        params = super()._params(lang)
        params["skill"] = dict(self.labels).get(lang, self.skill)
        return params


def reduce_hope(
    kingdom: Kingdom, char: Character, source: str, amount: int = 1, *, rule: str = "R-MK-13"
) -> tuple[Kingdom, Character, tuple[Event, ...], bool]:
    """Spend ``amount`` hope from ``source`` (``voice`` or ``drive``), the owner's pick (R-MK-13)."""
    if source not in HOPE_SOURCES:
        raise RuleError(rule, "mk.error.check.bad_hope_source", source=source)
    if source == "drive":
        if char.drive < amount:
            raise RuleError(rule, "mk.error.check.not_enough_drive", need=amount, have=char.drive)
        return kingdom, replace(char, drive=char.drive - amount), (HopeReduced(char.id, source, amount),), False
    if kingdom.voice < amount:
        raise RuleError(rule, "mk.error.check.not_enough_voice", need=amount, have=kingdom.voice)
    new_kingdom, events, disaster = change_voice(kingdom, -amount, "hope")
    return new_kingdom, char, (HopeReduced(char.id, source, amount), *events), disaster


def use_monster_skill(
    kingdom: Kingdom, char: Character, skill: Skill, source: str
) -> tuple[Kingdom, Character, tuple[Event, ...], bool]:
    """R-MK-17: a PC declares a monster skill and pays 1 hope at once; without it, no effect."""
    kingdom, char, events, disaster = reduce_hope(kingdom, char, source, 1, rule="R-MK-17")
    until = "cycle_end" if skill.type == "constant" else "now"
    return kingdom, char, (*events, MonsterSkillUsed(char.id, skill.name, source, until, tuple(sorted(skill.names.items())))), disaster
