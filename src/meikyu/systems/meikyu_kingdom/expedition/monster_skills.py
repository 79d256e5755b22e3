"""Monsters' skills outside battle (R-MK-08, R-MK-45): a bestiary skill written to work in the
``labyrinth`` (``where = ["labyrinth"]``, a constant one) acts as the court meets its monster — when the
encounter begins, before the battle — through the same path as a trap's or an event's effects
(:func:`.effects.apply`): damage (armor lessens it), HP, a bad status, drive, minions lost or sent home
(desertion, R-MK-45: the seed names monster skills among its causes), voice. Each monster of the
encounter acts, in the encounter's order. A hidden monster's skill acts too; its line names neither the
monster nor the skill (R-MK-23). A constant skill naming no place works everywhere, so it acts here too
(games since session 9, ``data_followups``). Games created before session 8 (``data_acts`` off) meet the
monsters as before.

>>> from meikyu.systems.meikyu_kingdom.combat.bestiary import load_bestiary
>>> [o.kind for o in outcomes(load_bestiary()["lantern_moth"].acting[1].acts)]
['desertion']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from meikyu.dice.source import Dice
from meikyu.engine import Event
from meikyu.systems.meikyu_kingdom.combat.bestiary import Species
from meikyu.systems.meikyu_kingdom.effects.acts import Acts
from meikyu.systems.meikyu_kingdom.expedition.effects import apply
from meikyu.systems.meikyu_kingdom.expedition.events import LabyrinthEvent
from meikyu.systems.meikyu_kingdom.labyrinth.map import Encounter, Outcome
from meikyu.systems.meikyu_kingdom.session_state import SessionState

_WHO = {"each_court": "each", "random_court": "random", "self": "each", "target": "each"}
"""Whom a skill's effect reaches in the labyrinth: the court (the monster's ``self`` or ``target`` is
the court facing it, our ruling), each of them or one at random."""


@dataclass(frozen=True)
class MonsterSkillActed(LabyrinthEvent):
    """``monster``'s skill ``skill`` acts on the court as it meets it (names by language; both empty for
    a hidden monster, R-MK-23)."""

    monster: dict[str, str] = field(default_factory=dict)
    skill: dict[str, str] = field(default_factory=dict)

    def _key(self) -> str:
        return "monster_skill_acted" if self.monster else "hidden_monster_skill_acted"


def outcomes(acts: Acts) -> tuple[Outcome, ...]:
    """A labyrinth skill's effects as a trap's outcomes (the effect types the labyrinth applies; others
    are the GM's, as a table's effect the labyrinth does not model)."""
    out: list[Outcome] = []
    for e in acts.effects:
        who = _WHO.get(str(e.get("who") or "each_court"), "each")
        amount = str(e.get("amount", "0"))
        if e.type == "damage":
            out.append(Outcome("damage", amount, who=who))
        elif e.type == "hp":
            negative = amount.lstrip().startswith("-")
            out.append(Outcome("hp_loss" if negative else "heal", amount.lstrip("-") if negative else amount, who=who))
        elif e.type == "bad_status":
            out.append(Outcome("status", name=str(e.get("status", "")), who=who))
        elif e.type == "drive":
            out.append(Outcome("drive", amount, who=who))
        elif e.type == "minions":
            out.append(Outcome("desertion" if e.get("desert") else "minions", amount.lstrip("-"), who=who))
        elif e.type == "voice":
            out.append(Outcome("voice", amount))
    return tuple(out)


def meet(
    state: SessionState, encounter: Encounter, beasts: Mapping[str, Species] | None, dice: Dice, events: list[Event]
) -> SessionState:
    """The court meets ``encounter``'s monsters: each of their skills working in the labyrinth acts now."""
    if not state.data_acts:
        return state
    if beasts is None:
        from meikyu.systems.meikyu_kingdom.combat.bestiary import load_bestiary

        beasts = load_bestiary()
    for place in encounter.monsters:
        species = beasts.get(place.species)
        if species is None:
            continue
        for skill in species.acting:
            acts = skill.acts
            # a constant skill naming no place works everywhere, the labyrinth too (session 9's switch)
            # (when it has an effect the labyrinth applies: Glare's +1 on hit checks is battle's alone)
            anywhere = state.data_followups and not acts.where and bool(outcomes(acts))
            if acts.timing != "constant" or not ("labyrinth" in acts.where or anywhere):
                continue
            shown = not place.hidden
            events.append(MonsterSkillActed(dict(zip(("ko", "ja", "en"), species.names, strict=False)) if shown else {},
                                            skill.names if shown else {}))  # fmt: skip
            state = apply(state, outcomes(acts), "", dice, events)
    return state
