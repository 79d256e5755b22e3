"""The GM's quick rulings as forms (R-MK-01b): one menu item per effect the GM may apply, its fields built
from the effect vocabulary the rules read (:mod:`~meikyu.systems.meikyu_kingdom.gm_rulings`), and one
to roll a kingdom-side table. The page draws them as it draws any form; the rules check what comes back.

A form field named ``effect.amount`` fills the ``amount`` of the action's ``effect`` (menu.js).

>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> from meikyu.systems.meikyu_kingdom.session_state import SessionState
>>> s = sample()
>>> offers = ruling_offers(SessionState(s.kingdom, s.characters), "en")
>>> [o.label for o in offers][:2]
['GM ruling: HP (+ heals, − loses; not damage)', 'GM ruling: drive']
>>> sorted(offers[0].form)
['effect.amount', 'who']
"""

from __future__ import annotations

from typing import Any

from meikyu.i18n import lookup, translate
from meikyu.systems.meikyu_kingdom.gm_rulings import (
    EVERYONE,
    GM_EFFECTS,
    GM_VOCABULARY,
    GmEffect,
    GmRollTable,
)
from meikyu.systems.meikyu_kingdom.kingdom.effect_state import KINGDOM_TABLES
from meikyu.systems.meikyu_kingdom.labyrinth.finds import item_label, item_names
from meikyu.systems.meikyu_kingdom.session_state import SessionState
from meikyu.systems.meikyu_kingdom.tables.catalog import get_table
from meikyu.table.mk_court import Offer, settle

FIELDS: dict[str, tuple[str, ...]] = {
    "hp": ("amount",), "drive": ("amount",), "minions": ("amount", "desert"), "bad_status": ("status",),
    "cure_status": ("status",), "gain_item": ("item",), "voice": ("amount",), "budget": ("amount",),
    "citizens": ("amount",), "upkeep": ("amount",), "national_power": ("power", "amount"),
    "materials": ("material", "amount"),
}
"""The parameters each effect's form asks for (the rest keep the vocabulary's defaults)."""

PLAYERS_PICK = ("chosen", "chosen_by_others", "from_monster")
"""Enum words that hand the choice to the players: the GM's ruling names the thing itself."""


def ruling_offers(state: SessionState, lang: str) -> list[Offer]:
    """Every effect ruling and the table roll, while nothing else waits (the rules refuse them then)."""
    if state.battle is not None or state.effects is not None or state.called is not None:
        return []
    court = [{"value": c.id, "label": c.label(lang)} for c in state.court]
    everyone = [{"value": w, "label": _say(f"who_{w}", lang)} for w in EVERYONE]
    out = []
    for kind in GM_EFFECTS:
        if kind == "lose_item":
            out += _lose_item(state, lang)
            continue
        spec = GM_VOCABULARY.types[kind]
        form: dict[str, Any] = {}
        effect: dict[str, Any] = {"type": kind}
        if spec.param("who") is not None:
            form["who"] = {"type": "choice", "label": _say("who", lang), "options": court + everyone}
        for name in FIELDS[kind]:
            field, default = _field(kind, name, lang)
            form[f"effect.{name}"] = field
            effect[name] = default
        who = state.court[0].id if "who" in form and state.court else ""
        out.append(Offer(GmEffect(effect, who), "", "gm", _say(f"effect.{kind}", lang), form))
    tables = [{"value": code, "label": f"{code} {get_table(code).name.pick(lang)}"} for code in KINGDOM_TABLES]
    roller = [{"value": "", "label": _say("nobody", lang)}, *court]
    out.append(Offer(GmRollTable("KDT"), "", "gm", _say("roll_table", lang),
                     {"code": {"type": "choice", "label": _say("table", lang), "options": tables},
                      "roller": {"type": "choice", "label": _say("roller", lang), "options": roller}}))
    return out


def _field(kind: str, name: str, lang: str) -> tuple[dict[str, Any], Any]:
    """A form field for the effect's parameter ``name`` and its starting value."""
    spec = GM_VOCABULARY.types[kind].param(name)
    assert spec is not None
    label = _say(f"param.{name}", lang)
    if name == "item":  # every item the item tables name, by its name in the page's language
        options = sorted(({"value": i, "label": item_label(i, lang)} for i in item_names()), key=lambda o: o["label"])
        return {"type": "choice", "label": label, "options": options}, options[0]["value"]
    if spec.kind == "enum":
        values = [v for v in spec.choices if v not in PLAYERS_PICK]
        return {"type": "choice", "label": label, "options": [{"value": v, "label": _word(v, lang)} for v in values]}, \
            values[0]
    if spec.kind == "bool":
        return {"type": "choice", "label": label, "options": [{"value": False, "label": _say("no", lang)},
                                                              {"value": True, "label": _say("yes", lang)}]}, False
    # a formula: a number or dice (-2, 1D6, voice/2), typed
    return {"type": "text", "label": label}, "-1"


def _lose_item(state: SessionState, lang: str) -> list[Offer]:
    """One "take an item away" per holder with items: each character, and the kingdom's store."""
    out = []
    for char in state.court:
        held = sorted({it.label(lang): it.name for it in char.items if it is not None}.items())
        if held:
            options = [{"value": name, "label": label} for label, name in held]
            out.append(Offer(GmEffect({"type": "lose_item", "item": options[0]["value"]}, char.id), "", "gm",
                             _say("effect.lose_item", lang, who=char.label(lang)),
                             {"effect.item": {"type": "choice", "label": _say("param.item", lang), "options": options}}))
    stored = sorted(set(state.kingdom.stored_items))
    if stored:
        options = [{"value": s, "label": item_label(s, lang)} for s in stored]
        out.append(Offer(GmEffect({"type": "lose_item", "item": stored[0]}), "", "gm",
                         _say("effect.lose_stored", lang),
                         {"effect.item": {"type": "choice", "label": _say("param.item", lang), "options": options}}))
    return out


def _word(value: str, lang: str) -> str:
    for key in (f"mk.word.{value}", f"mk.word.material_{value}", f"table.mk.ruling.word.{value}"):
        if lookup(key, lang) is not None:
            return translate(key, lang)
    return value


def _say(key: str, lang: str, **params: Any) -> str:
    return settle(translate(f"table.mk.ruling.{key}", lang, **params), lang)
