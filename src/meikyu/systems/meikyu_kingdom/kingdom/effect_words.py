"""Ids in words: :func:`word` for the labyrinth's and tables' codes, and the answers to a kingdom table's prompt (:mod:`.effect_steps`) in words: the options are ids (a
facility as ``map:room:name``, an envoy's ``accept:3``, a nation, a talent, a character), and every face
that lists them — ``mk play``, the web table — says them the same way, in the reader's language.

>>> from meikyu.systems.meikyu_kingdom.kingdom.effect_state import EffectState
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> s = sample()
>>> state = EffectState(s.kingdom, s.characters)
>>> option_label(state, "choose_facility", "0:A1:밭", "en")
'Map 1, room A1: Field'
>>> option_label(state, "envoy", "accept:3", "ko")
'받아들인다 (3MG 지급)'
>>> option_label(state, "choose_power", "life", "ja")
'生活'
"""

from __future__ import annotations

from meikyu.i18n import lookup, translate
from meikyu.systems.meikyu_kingdom.kingdom.effect_state import EffectState
from meikyu.systems.meikyu_kingdom.labyrinth import finds
from meikyu.systems.meikyu_kingdom.sheets import facilities


def option_label(state: EffectState, kind: str, option: str, lang: str) -> str:
    """``option`` of the prompt ``kind`` in ``lang`` (as written when it names nothing known)."""
    def say(key: str, **params: object) -> str:
        return str(translate(f"mk.effect_option.{key}", lang, **params))

    kingdom = state.kingdom
    if kind in ("choose_facility", "choose_facility_copy"):
        land, _, rest = option.partition(":")
        room, _, name = rest.partition(":")
        if land.isdigit() and name:
            key = "facility" if kind == "choose_facility" else "facility_copy"
            return say(key, map=int(land) + 1, room=room, facility=facilities.label(name, lang))
    if kind == "choose_territory" and option.isdigit():
        return say("territory", map=int(option) + 1)
    if kind == "envoy":
        verdict, _, cost = option.partition(":")
        return say("envoy_accept", cost=cost) if verdict == "accept" else say("envoy_refuse")
    if kind in ("annex_land", "gm_ruling") and lookup(f"mk.effect_option.{option}", lang) is not None:
        return say(option)
    if kind == "choose_nation":
        return kingdom.nation_label(option, lang)
    if kind == "choose_talent":
        return kingdom.talent_label(option, lang)
    if kind == "choose_favor_target":
        for character in state.court:
            if character.id == option:
                return character.label(lang)
    return word(option, lang)


def word(value: str, lang: str) -> str:
    """A code of the labyrinth or the tables in words: a result, a stat, a material, else an item id.

    >>> word("iron", "ja"), word("found", "en")
    ('鉄', 'found')
    """
    for key in (f"mk.lab.word.{value}", f"mk.word.{value}", f"mk.word.material_{value}"):
        if lookup(key, lang) is not None:
            return str(translate(key, lang))
    return finds.option_label(value, lang)  # an item id (or a category) of the item tables
