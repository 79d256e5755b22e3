"""Meikyuu Kingdom's composite tables: names, place names, landscapes, words, kingdom names, items and their traits.

Each generator draws exactly the dice BCDice draws for the same command, in the same order, so the
roll value and the dice match BCDice's; it answers in ko, ja and en at once. The parts are ordinary
tables under ``data/tables/parts`` (texts in this project's own words); the phrases that join them
are in the Meikyuu Kingdom catalog (``mk.gen.*``).

>>> from meikyu.dice.source import ScriptedDice
>>> g = generate("KNT1", ScriptedDice([6, 6]))
>>> g.value, g.title["ja"]
(66, '王国名表')
>>> generate("MLT2", ScriptedDice([1, 2, 3, 4, 5, 6])).value
2
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from meikyu.dice.source import Dice
from meikyu.errors import CommandError
from meikyu.systems.meikyu_kingdom.tables.catalog import get_part, get_table

LANGS = ("ko", "ja", "en")
Text = dict[str, str]
"""One phrase in every language."""


@dataclass(frozen=True, slots=True)
class Generated:
    """What a composite table produced: BCDice's roll value, the table's title and the text."""

    code: str
    value: int
    title: Text
    text: Text

    def bcdice_text(self) -> str:
        """BCDice's line: ``{title}({value}) ＞ {text}``."""
        return f"{self.title['ja']}({self.value}) ＞ {self.text['ja']}"

    def render(self, lang: str) -> str:
        return f"{self.title[lang]}({self.value}) → {self.text[lang]}"


def _phrase(key: str, **params: object) -> Text:
    from meikyu.i18n import translate

    return {lang: translate(f"mk.gen.{key}", lang, **{k: v[lang] if isinstance(v, dict) else v for k, v in params.items()})
            for lang in LANGS}


def _part(part: str, value: int) -> Text:
    entry = get_part(part).entry_for(value)
    return {lang: entry.text.pick(lang) for lang in LANGS}


def _table_text(code: str, dice: Dice) -> tuple[int, Text]:
    rolled = get_table(code).roll(dice)
    return rolled.value, {lang: rolled.text(lang) for lang in LANGS}


def _d66(dice: Dice) -> int:
    """BCDice's ascending D66: the lower die is the tens."""
    a, b = dice.roll(6), dice.roll(6)
    return min(a, b) * 10 + max(a, b)


def _title(code: str) -> Text:
    return _phrase(f"title.{code}")


# ---------------------------------------------------------------- names


Exotic = Callable[[int], Text]
"""The exotic given-name list a full name draws from on a 3 (an edition may have its own)."""


def _full_name(dice: Dice, exotic: Exotic | None = None) -> Text:
    kind = dice.roll(6)
    first, second = _d66(dice), _d66(dice)
    if kind == 3 and exotic is not None:
        given = exotic(first)
    else:
        given = _part({1: "NAME_A", 2: "NAME_B", 3: "NAME_EX", 4: "NAME_A", 5: "NAME_B", 6: "NAME_FA"}[kind], first)
    if kind <= 3 and second == 66:  # epithet table A has no 66: a numbered heir instead
        n = dice.roll(6)
        name = _phrase("heir", name=given, n=n, roman=("I", "II", "III", "IV", "V", "VI")[n - 1])
    else:
        name = _phrase("epithet", epithet=_part("NICK_A" if kind <= 3 else "NICK_B", second), name=given)
    return {lang: f"[{kind},{first},{second}]{name[lang]}" for lang in LANGS}


def _names(count: int, dice: Dice, exotic: Exotic | None = None) -> tuple[int, Text]:
    parts = [_full_name(dice, exotic) for _ in range(count)]
    return count, {lang: " ".join(p[lang] for p in parts) for lang in LANGS}


def names(count: int, dice: Dice, exotic: Exotic) -> Generated:
    """``NAME{count}`` with another edition's exotic names (BCDice's Basic overrides that one list only)."""
    if not 1 <= count <= MAX_COUNT:
        raise CommandError("mk.error.gen_count", command=f"NAME{count}", limit=MAX_COUNT)
    value, text = _names(count, dice, exotic)
    return Generated(f"NAME{count}", value, _title("NAME"), text)


def _place_names(count: int, dice: Dice) -> tuple[int, Text]:
    deco = ("DECO_BASIC", "DECO_SPOOKY", "DECO_KATAKANA")[-(-dice.roll(6) // 2) - 1]
    place = ("PLACE_PASSAGE", "PLACE_NATURAL", "PLACE_ARTIFACT")[-(-dice.roll(6) // 2) - 1]
    out = {lang: "" for lang in LANGS}
    for _ in range(count):
        first = _part(deco, _d66(dice))
        name = _phrase("place", deco=first, place=_part(place, _d66(dice)))
        out = {lang: out[lang] + name[lang] for lang in LANGS}
    return count, out


_LANDSCAPES = ("LAND_ARTIFACT", "LAND_CAVE", "LAND_NATURAL", "LAND_WATERSIDE", "LAND_SKY", "LAND_STRANGE")


def _landscapes(count: int, dice: Dice) -> tuple[int, Text]:
    out = {lang: "" for lang in LANGS}
    for _ in range(count):
        kind = dice.roll(6)
        scene = _phrase("place_single", place=_part(_LANDSCAPES[kind - 1], _d66(dice)))
        out = {lang: out[lang] + scene[lang] for lang in LANGS}
    return count, out


# ---------------------------------------------------------------- items

_ITEM_TABLES = ("WIT", "LIT", "RIT", "SIT", "RWIT", "RUIT")


def _item(kind: int, dice: Dice) -> Text:
    """The item category table (IDT): 1D6 picks the item table, which is then rolled."""
    return _table_text(_ITEM_TABLES[kind - 1], dice)[1]


def _numbered(part: str, value: int) -> Text:
    text = _part(part, value)
    return {lang: f"[{value}]{text[lang]}" for lang in LANGS}


def _aptitude(value: int, dice: Dice) -> Text:
    if value == 2:  # a birth, from its own D66 table
        birth = _d66(dice)
        return {lang: f"[2]{t}" for lang, t in _numbered("BIRTH", birth).items()}
    if value == 3:  # a sex: odd male, even female
        return {lang: f"[3]{t}" for lang, t in _phrase("male" if dice.roll(6) % 2 else "female").items()}
    return _numbered("ITEM_APTITUDE", value)


def _features(value: int, dice: Dice) -> Text:
    """The item trait table (IFT, 2D6). BCDice rolls the next 2D6 first, whether a trait needs it or not."""
    again = dice.roll(6) + dice.roll(6)
    if value <= 2:
        body = _phrase("trait.power", what=_numbered("ITEM_POWER", dice.roll(6)))
    elif value == 3:
        body = _phrase("trait.lifespan", more=_features(again, dice))
    elif value == 4:
        body = _phrase("trait.barrier")
    elif value == 5:
        body = _phrase("trait.named")
    elif value == 6:
        body = _phrase("trait.combined", what=_item(dice.roll(6), dice))
    elif value == 7:
        body = _phrase("trait.level", more=_features(again, dice))
    elif value == 8:
        body = _phrase("trait.rune", what=_numbered("ITEM_MARK", again))
    elif value == 9:
        curse = _numbered("ITEM_CURSE", dice.roll(6))
        body = _phrase("trait.curse", what=curse, more=_features(again, dice))
    elif value == 10:
        body = _phrase("trait.costly")
    elif value == 11:
        need = _aptitude(dice.roll(6), dice)
        body = _phrase("trait.aptitude", what=need, more=_features(again, dice))
    else:
        body = _phrase("trait.attribute", what=_numbered("ITEM_ATTRIBUTE", dice.roll(6)))
    return _phrase("trait_line", n=value, what=body)


def _item_category(dice: Dice) -> tuple[int, Text]:
    kind = dice.roll(6)
    return kind, _item(kind, dice)


def _item_traits(dice: Dice) -> tuple[int, Text]:
    value = dice.roll(6) + dice.roll(6)
    return value, _features(value, dice)


def _device_factory(dice: Dice) -> tuple[int, Text]:
    item = _item(dice.roll(6), dice)
    traits = _features(dice.roll(6) + dice.roll(6), dice)
    return 1, {lang: f"{item[lang]} / {traits[lang]}" for lang in LANGS}


def _single(part: str) -> Callable[[Dice], tuple[int, Text]]:
    def roll(dice: Dice) -> tuple[int, Text]:
        value = _d66(dice)
        return value, _part(part, value)

    return roll


_FIXED: dict[str, Callable[[Dice], tuple[int, Text]]] = {
    "NAMEA": _single("NAME_A"), "NAMEB": _single("NAME_B"), "NAMEEX": _single("NAME_EX"), "NAMEFA": _single("NAME_FA"),
    "KNT1": _single("KNT1"), "KNT2": _single("KNT2"), "KNT3": _single("KNT3"),
    "WORD1": _single("WORD1"), "WORD2": _single("WORD2"), "WORD3": _single("WORD3"), "WORD4": _single("WORD4"),
    "DFT": _device_factory, "IDT": _item_category, "IFT": _item_traits,
}
_COUNTED: dict[str, Callable[[int, Dice], tuple[int, Text]]] = {"NAME": _names, "PNT": _place_names, "MLT": _landscapes}
_COUNTED_RE = re.compile(r"^(NAME|PNT|MLT)(\d*)$")
MAX_COUNT = 20
"""Names, place names or landscapes one command may ask for (``NAME20``)."""
TITLE_KEY = {"NAMEA": "NAMEA", "NAMEB": "NAMEB", "NAMEEX": "NAMEEX", "NAMEFA": "NAMEFA", "NAME": "NAME",
             "PNT": "PNT", "MLT": "PNT", "KNT1": "KNT", "KNT2": "KNT", "KNT3": "KNT", "WORD1": "WORD",
             "WORD2": "WORD", "WORD3": "WORD", "WORD4": "WORD", "DFT": "DFT", "IDT": "IDT", "IFT": "IFT"}
"""Which title a command shows (BCDice titles MLT as the place-name table, as it does PNT)."""


def recognizes(code: str) -> bool:
    """Is ``code`` (upper case, no comment) one of the composite commands?

    >>> recognizes("NAME3"), recognizes("WORD4"), recognizes("KDT")
    (True, True, False)
    """
    return code in _FIXED or _COUNTED_RE.match(code) is not None


def dice_bound(code: str) -> int:
    """At most how many dice ``code`` draws (for the command limits)."""
    m = _COUNTED_RE.match(code)
    if m is None:
        return 40  # an item with nested traits: each level draws at most a handful
    count = int(m.group(2) or 1)
    return 2 + 6 * count


def generate(code: str, dice: Dice) -> Generated:
    """Roll the composite table ``code`` (upper case)."""
    m = _COUNTED_RE.match(code)
    if m is not None:
        head, count = m.group(1), int(m.group(2) or 1)
        if not 1 <= count <= MAX_COUNT:
            raise CommandError("mk.error.gen_count", command=code, limit=MAX_COUNT)
        value, text = _COUNTED[head](count, dice)
        return Generated(code, value, _title(TITLE_KEY[head]), text)
    if code not in _FIXED:
        raise CommandError("error.command.unknown", command=code)
    value, text = _FIXED[code](dice)
    return Generated(code, value, _title(TITLE_KEY[code]), text)
