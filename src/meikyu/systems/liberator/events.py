"""Liberator's events: what happened, as plain data, each rendered from ``lb.event.*`` in the reader's
language (mission types, effects and grants spelled out there too).

>>> import meikyu.systems.liberator  # registers the lb. words
>>> MissionAbandoned().render("en") != ""
True
"""

from __future__ import annotations

from dataclasses import dataclass

from meikyu.engine import Event, _snake
from meikyu.systems.liberator.state import DYING, NORMAL


class LbEvent(Event):
    """Base of Liberator events; rendered from ``lb.event.*``."""

    __slots__ = ()
    catalog_prefix = "lb."

    def render(self, lang: str = "en") -> str:
        """The line in ``lang``, with mission types and effect notation spelled out there too."""
        from meikyu.i18n import translate
        from meikyu.systems.liberator.effects import describe_grant, describe_notation

        params = self.params()
        if "type" in params:
            params["type"] = translate(f"lb.mission_type.{params['type']}", lang)
        for name, value in params.items():
            if isinstance(value, bool):
                params[name] = translate(f"lb.word.{str(value).lower()}", lang)
        for name in ("reason", "result", "award", "kind"):
            if name in params:
                params[name] = translate(f"lb.word.{params[name]}", lang)
        if "effect" in params:
            effect = params["effect"]
            code = translate(f"lb.word.{effect}", lang)
            params["effect"] = describe_notation(effect, lang) if code.startswith("lb.word.") else code
        if params.get("follow_up"):
            params["follow_up"] = "(" + translate("lb.effect.follow_up", lang, attribute=params["follow_up"]) + ")"
        if params.get("card") in (NORMAL, DYING):
            params["card"] = translate(f"lb.play.{params['card']}", lang)
        if "grant" in params:
            params["grant"] = describe_grant(params["grant"], lang)
        return translate(f"lb.event.{_snake(type(self).__name__)}", lang, **params)


@dataclass(frozen=True)
class MissionStarted(LbEvent):
    type: str
    obstacles: str


@dataclass(frozen=True)
class MissionContinued(LbEvent):
    pass


@dataclass(frozen=True)
class MissionAbandoned(LbEvent):
    pass


@dataclass(frozen=True)
class TurnStarted(LbEvent):
    player: str
    round: int


@dataclass(frozen=True)
class Declared(LbEvent):
    player: str
    card: str


@dataclass(frozen=True)
class Rolled(LbEvent):
    player: str
    dice: str


@dataclass(frozen=True)
class PowerSet(LbEvent):
    player: str
    attribute: str
    power: int
    effect_die: int
    follow_up: str


@dataclass(frozen=True)
class RecoverySet(LbEvent):
    player: str
    value: int


@dataclass(frozen=True)
class ExpGained(LbEvent):
    player: str
    amount: int
    reason: str


@dataclass(frozen=True)
class AbilityUsed(LbEvent):
    player: str
    ability: str
    effect: str


@dataclass(frozen=True)
class CostPaid(LbEvent):
    player: str
    card: str


@dataclass(frozen=True)
class GrantUsed(LbEvent):
    player: str
    grant: str


@dataclass(frozen=True)
class GrantGained(LbEvent):
    player: str
    grant: str


@dataclass(frozen=True)
class GrantExpired(LbEvent):
    player: str
    grant: str


@dataclass(frozen=True)
class AttributeChanged(LbEvent):
    what: str
    attribute: str


@dataclass(frozen=True)
class ObstacleRemoved(LbEvent):
    player: str
    obstacle: str
    target: int


@dataclass(frozen=True)
class ObstacleLowered(LbEvent):
    obstacle: str
    target: int


@dataclass(frozen=True)
class ActionRecovered(LbEvent):
    player: str
    card: str


@dataclass(frozen=True)
class ActionDiscarded(LbEvent):
    player: str
    card: str


@dataclass(frozen=True)
class NothingHappens(LbEvent):
    player: str
    effect: str


@dataclass(frozen=True)
class MissionCleared(LbEvent):
    player: str
    type: str
    forfeited: int


@dataclass(frozen=True)
class RoundEnded(LbEvent):
    round: int
    cleared: bool


@dataclass(frozen=True)
class CheckStarted(LbEvent):
    player: str
    kind: str


@dataclass(frozen=True)
class EffectRead(LbEvent):
    """An advantage / disadvantage reads one die on the declared action's effect row (R-LB-12)."""

    player: str
    die: int
    effect: str


@dataclass(frozen=True)
class GmWarned(LbEvent):
    player: str


@dataclass(frozen=True)
class GmRuled(LbEvent):
    """The GM settles something by hand for ``player`` (``effect``: the notation, spelled out when shown)."""

    player: str
    effect: str


@dataclass(frozen=True)
class ScenarioEnded(LbEvent):
    result: str


@dataclass(frozen=True)
class CharacterMade(LbEvent):
    player: str
    name: str
    job: str


@dataclass(frozen=True)
class ScenarioStarted(LbEvent):
    scenario: int
    gm: str


@dataclass(frozen=True)
class AwardGiven(LbEvent):
    player: str
    award: str
    amount: int


@dataclass(frozen=True)
class LeveledUp(LbEvent):
    player: str
    level: int
    card: str


@dataclass(frozen=True)
class JobSwapped(LbEvent):
    player: str
    job: str
