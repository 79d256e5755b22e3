"""The terminal table's words for an option: one line per legal action, in the table's language.

>>> import meikyu.systems.liberator  # registers the lb. words
>>> from meikyu.systems.liberator.cards import sample_cards
>>> card_name(sample_cards(), "en", "normal_recovery")
'normal recovery'
"""

from __future__ import annotations

from meikyu.engine import Action
from meikyu.i18n import translate
from meikyu.systems.liberator.cards import CardSet
from meikyu.systems.liberator.effects import describe, describe_grant, format_effects
from meikyu.systems.liberator.mission import mission_type
from meikyu.systems.liberator.state import (
    DYING,
    NORMAL,
    Declare,
    GenerateMission,
    PickEffect,
    Resolve,
    Split,
    TableState,
    UseAbility,
    UseGrant,
)


def card_name(cards: CardSet, lang: str, ident: str, ids: bool = True) -> str:
    """A card as the terminal names it: ``name[id]`` (the id is what one types), or the recovery's words;
    ``ids=False`` the name alone, as the web table shows it (it is clicked, not typed)."""
    if ident in (NORMAL, DYING):
        return translate(f"lb.play.{ident}", lang)
    found = cards.actions.get(ident)
    if found is None:
        return ident
    return f"{found.name}[{ident}]" if ids else found.name


def option_line(s: TableState, cards: CardSet, lang: str, action: Action, ids: bool = True) -> str:
    """One line for an option (R-LB-12: a check's declaration shows the effect row only); ``ids`` as
    :func:`card_name`'s."""

    def t(key: str, **params: object) -> str:
        return translate(f"lb.play.{key}", lang, **params)

    def name_of(ident: str) -> str:
        return card_name(cards, lang, ident, ids)

    if isinstance(action, Declare):
        if action.card in cards.actions and s.check is not None:  # R-LB-12: the effect row only
            a = cards.actions[action.card]
            faces = " · ".join(
                f"{face}: {format_effects(a.effects_on(face), lang)}"
                for face in range(1, 7)
                if a.effects_on(face)
            )
            return t("opt_declare_check", card=name_of(action.card), effects=faces)
        if action.card in cards.actions:
            a = cards.actions[action.card]
            row = " ".join(str(p) for p in a.power)
            return t(
                "opt_declare",
                card=name_of(action.card),
                attribute=a.attribute,
                recovery=a.recovery,
                power=row,
            )
        return t("opt_declare_plain", card=name_of(action.card))
    if isinstance(action, Resolve):
        if action.recover:
            return t("opt_recover", cards=", ".join(name_of(c) for c in action.recover))
        if action.obstacles:
            return t("opt_resolve", uids=",".join(map(str, action.obstacles)))
        return t("opt_nothing")
    if isinstance(action, UseAbility):
        ability = cards.ability(action.ability)
        name = ability.name if ability else action.ability
        extra = (t("opt_pay", card=name_of(action.pay)) if action.pay else "") + (
            t("opt_aim", uid=action.obstacle) if action.obstacle else ""
        )
        return t(
            "opt_use",
            player=s.players[action.player].id,
            ability=name,
            effect=describe(ability.effect, lang) if ability else "",
            extra=extra,
        )
    if isinstance(action, Split) and s.turn is not None and s.turn.card in cards.actions:
        card, dice = cards.actions[s.turn.card], list(s.turn.dice)
        dice.remove(action.power)
        return t(
            "opt_split_action",
            die=action.power,
            attribute=s.turn.attribute,
            power=card.power_on(action.power),
            other=dice[0],
            effect=format_effects(card.effects_on(dice[0]), lang),
        )
    if isinstance(action, PickEffect):
        chk = s.check
        if chk is not None and chk.card in cards.actions:
            effects = cards.actions[chk.card].effects_on(action.die)
            return t("opt_pick_effect", die=action.die, effect=format_effects(effects, lang))
    if isinstance(action, GenerateMission):
        return t("opt_generate", type=mission_type(action.type, lang), seed=action.seed)
    if isinstance(action, UseGrant):
        return t("opt_UseGrant", name=describe_grant(action.name, lang))
    return t(
        "opt_" + type(action).__name__,
        **{k: getattr(action, k) for k in getattr(action, "__dataclass_fields__", {})},
    )
