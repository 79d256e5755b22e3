"""Korean and English names for the sample cards, whose printed names are Japanese.

The rules and events carry the printed (ja) names; output for a ko or en table passes through
:func:`localize`, which swaps every known sample name for its translation (longest first, so a
name that contains another is swapped whole). Cards without a translation keep their name.

>>> localize("振り回し → 切り立った崖", "en")
'Swing → Sheer Cliff'
>>> localize("振り回し", "ko"), localize("振り回し", "ja")
('휘두르기', '振り回し')
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from meikyu.errors import DataError
from meikyu.files import parse_toml
from meikyu.systems.liberator.cards import sample_cards

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
    cards = sample_cards()
    printed = {j.id: j.name for j in cards.jobs.values()}
    printed |= {j.effect.id: j.effect.name for j in cards.jobs.values()}
    for group in (cards.actions, cards.feats, cards.obstacles, cards.enhancements):
        printed |= {c.id: c.name for c in group.values()}
    return printed


@cache
def _swaps(lang: str) -> tuple[re.Pattern[str] | None, dict[str, str]]:
    printed = _printed_names()
    table = {printed[i]: names[lang] for i, names in sample_names().items() if lang in names}
    if not table:
        return None, {}
    pattern = re.compile("|".join(re.escape(n) for n in sorted(table, key=len, reverse=True)))
    return pattern, table


def localize(text: str, lang: str) -> str:
    """``text`` with every sample card name in ``lang`` (unchanged for ja or unknown languages)."""
    if lang not in NAME_LANGS:
        return text
    pattern, table = _swaps(lang)
    if pattern is None:
        return text
    swapped = pattern.sub(lambda m: table[m.group(0)], text)
    if lang == "ko":
        # The particles were settled on the printed name; settle them again on the Korean one.
        from meikyu.i18n.hangul import settle_particles

        swapped = settle_particles(swapped)
    return swapped


def card_name(ident: str, printed: str, lang: str) -> str:
    """One card's name in ``lang``: the translation when the id has one, else the printed name."""
    return sample_names().get(ident, {}).get(lang, printed)
