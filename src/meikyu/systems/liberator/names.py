"""Card names in the reader's language: Korean and English for the sample cards (whose printed names
are Japanese), and a deck's own cards' ``names = {ko = …, ja = …, en = …}``.

The rules and events carry the printed names (a card's ``name``); output passes through :func:`localize`,
which swaps every known name for the one in the table's language (longest first, so a name that contains
another is swapped whole). A card with no name in that language keeps its printed name.

>>> localize("振り回し → 切り立った崖", "en")
'Swing → Sheer Cliff'
>>> localize("振り回し", "ko"), localize("振り回し", "ja")
('휘두르기', '振り回し')
>>> from meikyu.systems.liberator.cards import load_cards
>>> deck = sample_cards().merged(load_cards('''[[feats]]
... id = "flame"
... name = "Flame"
... names = { ko = "화염", ja = "炎" }
... effect = "P威力+1"'''))
>>> localize("Flame and 振り回し", "ja", deck), localize("Flame and 振り回し", "en", deck)
('炎 and 振り回し', 'Flame and Swing')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from importlib import resources

from meikyu.errors import DataError
from meikyu.files import parse_toml
from meikyu.systems.liberator.cards import CardSet, sample_cards

NAME_LANGS = ("ko", "en")
NAMES_FILE = "liberator/data/names.toml"


@cache
def sample_names() -> dict[str, dict[str, str]]:
    """Card id → {"ko": …, "en": …}, read and checked once; every id must be a sample card."""
    text = resources.files("meikyu.systems.liberator.data").joinpath("names.toml").read_text("utf-8")
    raw = parse_toml(text, NAMES_FILE).get("names", {})
    known = _printed_names()
    out: dict[str, dict[str, str]] = {}
    for ident, entry in raw.items():
        if ident not in known:
            raise DataError(
                "lb.error.data.unknown_ref", file=NAMES_FILE, entry="names", field=ident, value=ident
            )
        for lang in NAME_LANGS:
            if not isinstance(entry, dict) or not isinstance(entry.get(lang), str) or not entry[lang].strip():
                raise DataError("lb.error.data.missing", file=NAMES_FILE, entry=f"names.{ident}", field=lang)
        out[ident] = {lang: entry[lang] for lang in NAME_LANGS}
    return out


def _printed_names() -> dict[str, str]:
    return {ident: name for ident, name, _ in sample_cards().named()}


Swaps = tuple[re.Pattern[str] | None, dict[str, str]]


def _alone(name: str) -> str:
    """``name`` as a pattern that a Latin letter or digit beside it does not match (a deck's "Cut" is not
    swapped inside "Cutting"); kana, kanji and hangul names match wherever they stand, as they are written."""
    head = r"(?<![A-Za-z0-9])" if name[:1].isascii() and name[:1].isalnum() else ""
    tail = r"(?![A-Za-z0-9])" if name[-1:].isascii() and name[-1:].isalnum() else ""
    return head + re.escape(name) + tail


def _compiled(table: dict[str, str]) -> Swaps:
    """One pattern for every name of ``table``, the longest first (a name that holds another is swapped whole).

    >>> pattern, table = _compiled({"Cut": "斬り"})
    >>> pattern.sub(lambda m: table[m.group(0)], "Cut, Cutting, Uncut")
    '斬り, Cutting, Uncut'
    """
    if not table:
        return None, {}
    return re.compile("|".join(_alone(n) for n in sorted(table, key=len, reverse=True))), table


@cache
def _sample_table(lang: str) -> dict[str, str]:
    printed = _printed_names()
    return {printed[i]: names[lang] for i, names in sample_names().items() if lang in names}


@cache
def _sample_swaps(lang: str) -> Swaps:
    return _compiled(_sample_table(lang))


def _swaps(lang: str, cards: CardSet | None) -> Swaps:
    """The sample translations, with the set's own cards' names over them (made once per set and language)."""
    if cards is None:
        return _sample_swaps(lang)
    key = ("names", lang)
    if key not in cards.memo:
        own = {name: names[lang] for _, name, names in cards.named() if names.get(lang, name) != name}
        cards.memo[key] = _compiled({**_sample_table(lang), **own}) if own else _sample_swaps(lang)
    swaps: Swaps = cards.memo[key]
    return swaps


def localize(text: str, lang: str, cards: CardSet | None = None) -> str:
    """``text`` with every card name in ``lang``: the sample cards' translations and, given the table's
    ``cards``, its deck's own ``names`` (a name with none in ``lang`` stays as printed)."""
    pattern, table = _swaps(lang, cards)
    if pattern is None:
        return text
    swapped = pattern.sub(lambda m: table[m.group(0)], text)
    if lang == "ko":
        # The particles were settled on the printed name; settle them again on the Korean one.
        from meikyu.i18n.hangul import settle_particles

        swapped = settle_particles(swapped)
    return swapped


def card_name(ident: str, printed: str, lang: str, own: Mapping[str, str] | None = None) -> str:
    """One card's name in ``lang``: its own ``names`` entry (a deck's card), else the sample translation when
    the id has one, else the printed name.

    >>> card_name("swing", "振り回し", "en"), card_name("x", "X", "ko", {"ko": "엑스"}), card_name("x", "X", "ja", {"ko": "엑스"})
    ('Swing', '엑스', 'X')
    """
    if own and own.get(lang):
        return own[lang]
    return sample_names().get(ident, {}).get(lang, printed)
