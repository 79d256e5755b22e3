"""Special effects as data, and the short notation cards are written in.

The rulebook prints effects as ``即:…`` (immediate, resolved in the special-effect step, R-LB-11) and
``付:…`` (a grant the player keeps and spends later). The exact list of printed effects is not in our
sources, so this module defines a small, closed set that covers what the basic rules talk about; every
kind is data, so a player can write their printed cards with it.

Notation (Japanese or the English alias in brackets; several effects on one face join with ``;``):

=================  =====================  =============================================================
``即:捨``           ``now:discard-self``   discard the action just used (the default of face 1)
``即:P-1``          ``now:P-1``            discard one P action from your hand (``*`` or ``行動`` = any
                                          attribute; ``即:P-1枚`` as printed); with none in hand nothing
                                          happens (R-LB-11); ``即:*-2`` discards two, one at a time
``即:回復``         ``now:recover``        take one of your discarded actions back into your hand
``即:他者回復``     ``now:other-recover``  another player does so (single player: yourself, R-LB-09)
``即:障害-1``       ``now:obstacle-1``     one obstacle's target number −1 (never below 1)
``即:経験+1``       ``now:exp+1``          the player gains experience (used by enhancement bonuses)
``付:P+1``          ``grant:P+1``          a grant: +1 power to your next P power (``*`` = any attribute)
``付:回復+1``       ``grant:recovery+1``   a grant: +1 to your next recovery
``付:他者P+1``      ``grant:other-P+1``    a grant for another player (single player: yourself)
``追:C``            ``follow:C``           follow-up (追撃): a second power of attribute C, same value
``威力+2``          ``power+2``            ability: +2 power this turn (``P威力+2`` only for a P action)
``回復力+2``        ``recovery+2``         ability: +2 recovery this turn
``属性:M``          ``attr:M``             ability: the declared action becomes attribute M (R-LB-14)
``障害属性:M``      ``obstacle-attr:M``    ability: one obstacle becomes attribute M (R-LB-14)
=================  =====================  =============================================================

A grant lasts until it is used (``once``, the default), or until the end of the round (suffix
``/R``) or of the mission (``/M``); ``他者``/``other-`` marks effects valid only on other players.

>>> parse_effects("即:捨; 付:P+1/M")
(Effect(kind='discard_self', attribute='', amount=0, others=False, duration='once', stat=''), Effect(kind='grant', attribute='P', amount=1, others=False, duration='mission', stat='power'))
>>> [e.notation() for e in parse_effects("now:discard-self; grant:other-*+1; follow:C")]
['即:捨', '付:他者*+1', '追:C']
>>> parse_effects("付:P+1")[0].name
'P+1'
>>> parse_effects("即:P-1")[0].negative
True
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

ATTRIBUTES: tuple[str, ...] = ("P", "M", "C")
ANY = "*"
DURATIONS: dict[str, str] = {"": "once", "R": "round", "M": "mission"}

FACE_KINDS = frozenset({"discard_self", "discard", "recover", "obstacle_down", "exp", "grant", "follow_up"})
ABILITY_KINDS = frozenset(
    {"power", "recovery", "change_attribute", "change_obstacle", "recover", "obstacle_down", "grant"}
)
BONUS_KINDS = frozenset({"exp", "grant", "recover"})
NEGATIVE_KINDS = frozenset({"discard_self", "discard"})


class NotationError(ValueError):
    """A piece of effect notation could not be read; ``text`` is the offending piece."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


@dataclass(frozen=True)
class Effect:
    """One special effect. ``kind`` says what it does; the other fields are its parameters.

    ``attribute`` is P/M/C, ``*`` for any, or empty; ``stat`` is ``power`` or ``recovery`` for grants.
    """

    kind: str
    attribute: str = ""
    amount: int = 0
    others: bool = False
    duration: str = "once"
    stat: str = ""

    @property
    def negative(self) -> bool:
        """Whether the effect hurts its user (a discard); everything else counts as positive."""
        return self.kind in NEGATIVE_KINDS

    @property
    def name(self) -> str:
        """The name the same-name rule compares (R-LB-09): the notation without its prefix."""
        text = self.notation()
        return text.split(":", 1)[1] if ":" in text else text

    def notation(self) -> str:
        """The Japanese notation; :func:`parse_effects` reads it back."""
        other = "他者" if self.others else ""
        if self.kind == "discard_self":
            return "即:捨"
        if self.kind == "discard":
            return f"即:{self.attribute}-{self.amount}"
        if self.kind == "recover":
            return f"即:{other}回復"
        if self.kind == "obstacle_down":
            return f"即:障害-{self.amount}"
        if self.kind == "exp":
            return f"即:経験+{self.amount}"
        if self.kind == "grant":
            suffix = {"once": "", "round": "/R", "mission": "/M"}[self.duration]
            body = f"回復+{self.amount}" if self.stat == "recovery" else f"{self.attribute}+{self.amount}"
            return f"付:{other}{body}{suffix}"
        if self.kind == "follow_up":
            return f"追:{self.attribute}"
        if self.kind == "power":
            return f"{other}{self.attribute if self.attribute != ANY else ''}威力+{self.amount}"
        if self.kind == "recovery":
            return f"{other}回復力+{self.amount}"
        if self.kind == "change_attribute":
            return f"属性:{self.attribute}"
        if self.kind == "change_obstacle":
            return f"障害属性:{self.attribute}"
        raise NotationError(self.kind)


_ATTR = r"([PMC*]|行動)"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p + r"$"), kind)
    for p, kind in (
        (r"(?:即|now):(?:捨|discard-self)", "discard_self"),
        (r"(?:即|now):" + _ATTR + r"-(\d+)枚?", "discard"),
        (r"(?:即|now):(他者|other-)?(?:回復|recover)", "recover"),
        (r"(?:即|now):(?:障害|obstacle)-(\d+)", "obstacle_down"),
        (r"(?:即|now):(?:経験|exp)\+(\d+)", "exp"),
        (r"(?:付|grant):(他者|other-)?(?:回復|recovery)\+(\d+)(?:/([RM]))?", "grant_recovery"),
        (r"(?:付|grant):(他者|other-)?" + _ATTR + r"\+(\d+)(?:/([RM]))?", "grant"),
        (r"(?:追|follow):([PMC])", "follow_up"),
        (r"(他者|other-)?([PMC])?(?:威力|power)\+(\d+)", "power"),
        (r"(他者|other-)?(?:回復力|recovery)\+(\d+)", "recovery"),
        (r"(?:属性|attr):([PMC])", "change_attribute"),
        (r"(?:障害属性|obstacle-attr):([PMC])", "change_obstacle"),
    )
)


def parse_effect(text: str) -> Effect:
    """Read one effect; raises :class:`NotationError` naming the text when it is not notation."""
    # As printed: full-width letters, digits and signs read as their plain forms (NFKC); "行動" is any
    # attribute; "即:P-1枚" counts cards.
    piece = unicodedata.normalize("NFKC", text).strip().replace("−", "-").replace("ー", "-")
    for pattern, kind in _PATTERNS:
        m = pattern.match(piece)
        if m is None:
            continue
        g = tuple(ANY if x == "行動" else x for x in m.groups())
        if kind == "discard_self":
            return Effect("discard_self")
        if kind == "discard":
            return Effect("discard", attribute=g[0], amount=int(g[1]))
        if kind == "recover":
            return Effect("recover", others=bool(g[0]))
        if kind == "obstacle_down":
            return Effect("obstacle_down", amount=int(g[0]))
        if kind == "exp":
            return Effect("exp", amount=int(g[0]))
        if kind == "grant_recovery":
            return Effect(
                "grant", amount=int(g[1]), others=bool(g[0]), duration=DURATIONS[g[2] or ""], stat="recovery"
            )
        if kind == "grant":
            return Effect(
                "grant",
                attribute=g[1],
                amount=int(g[2]),
                others=bool(g[0]),
                duration=DURATIONS[g[3] or ""],
                stat="power",
            )
        if kind == "follow_up":
            return Effect("follow_up", attribute=g[0])
        if kind == "power":
            return Effect("power", attribute=g[1] or ANY, amount=int(g[2]), others=bool(g[0]))
        if kind == "recovery":
            return Effect("recovery", amount=int(g[1]), others=bool(g[0]))
        return Effect(kind, attribute=g[0])
    raise NotationError(text)


def parse_effects(text: str) -> tuple[Effect, ...]:
    """Read a face's effects: empty text (or ``-``) is no effect; ``;`` separates several."""
    pieces = [p for p in re.split(r"[;；]", text) if p.strip() and p.strip() not in ("-", "なし", "none")]
    return tuple(parse_effect(p) for p in pieces)


def describe(effect: Effect, lang: str) -> str:
    """One effect in the reader's language, from the ``lb.effect.*`` catalogs.

    The notation stays the data language; ja shows it as printed, ko and en spell it out.

    >>> describe(parse_effect("付:P+1"), "en"), describe(parse_effect("即:捨"), "ko")
    ('grant: P+1', '즉시: 이 행동 버림')
    >>> describe(parse_effect("付:他者回復+1/M"), "ja")
    '付:他者回復+1/M'
    """
    from meikyu.i18n import translate

    def t(key: str, **params: object) -> str:
        return translate(f"lb.effect.{key}", lang, **params)

    attribute = t("any") if effect.attribute == ANY else effect.attribute
    other = t("other") if effect.others else ""
    if effect.kind == "grant":
        return t("grant", body=grant_body(effect, lang))
    key = effect.kind
    if key == "power" and effect.attribute == ANY:
        key = "power_any"
    if key == "recover" and effect.others:
        key = "recover_other"
    return t(key, attribute=attribute, amount=effect.amount, other=other)


def grant_body(effect: Effect, lang: str) -> str:
    """A grant without its prefix (what a held grant is called), in ``lang``.

    >>> grant_body(parse_effect("付:他者*+2/R"), "en")
    "others' any+2 (this round)"
    """
    from meikyu.i18n import translate

    def t(key: str, **params: object) -> str:
        return translate(f"lb.effect.{key}", lang, **params)

    duration = t(effect.duration) if effect.duration != "once" else ""
    other = t("other") if effect.others else ""
    if effect.stat == "recovery":
        return t("grant_recovery", other=other, amount=effect.amount, duration=duration)
    attribute = t("any") if effect.attribute == ANY else effect.attribute
    return t("grant_power", other=other, attribute=attribute, amount=effect.amount, duration=duration)


def describe_notation(text: str, lang: str) -> str:
    """Notation text (one or several effects) in ``lang``; text that is not notation stays as it is.

    >>> describe_notation("即:捨; 追:C", "en")
    'instant: discard this action; follow-up: C'
    >>> describe_notation("not notation", "ko")
    'not notation'
    """
    try:
        effects = parse_effects(text)
    except NotationError:
        return text
    return format_effects(effects, lang) if effects else text


def describe_grant(name: str, lang: str) -> str:
    """A held grant's name (``P+1``, ``他者回復+1/M`` …) in ``lang``; unknown text stays as it is.

    >>> describe_grant("他者回復+1/M", "ko")
    '타인 회복+1(이번 미션)'
    """
    try:
        effects = parse_effects("付:" + name)
    except NotationError:
        return name
    return grant_body(effects[0], lang) if len(effects) == 1 else name


def format_effects(effects: tuple[Effect, ...], lang: str = "ja") -> str:
    """The notation of several effects; ``-`` for none.

    >>> format_effects(())
    '-'
    """
    return "; ".join(describe(e, lang) for e in effects) or "-"
