"""MeikyuKingdomBasic's composite commands: new names, demand, race-name letters, currency, nicknames, names.

Each draws exactly the dice BCDice's Basic draws, in its order, and shows BCDice's roll value (a count,
or the dice joined by commas), so a fixed history gives BCDice's structure; the words are this
project's own (``data/tables`` and ``data/tables/parts``, ko/ja/en), joined by the ``mkb.gen`` phrases.

>>> from meikyu.dice.source import ScriptedDice
>>> made = generate("CMNT", 1, ScriptedDice([3, 5, 6, 2, 3]))
>>> made.value, made.title["ja"]
('3,56,23', '組み合わせ系二つ名表')
>>> generate("DEMT", 3, ScriptedDice([1, 2, 2])).value
'1,2,2'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from meikyu.errors import CommandError
from meikyu.i18n import translate
from meikyu.systems.meikyu_kingdom.tables.generators import LANGS, Text, names
from meikyu.systems.meikyu_kingdom_basic.tables import draw, get_part, get_table

if TYPE_CHECKING:
    from collections.abc import Callable

    from meikyu.dice.source import Dice

MAX_COUNT = 20
"""Names, letters or traits one command may ask for (as Meikyuu Kingdom's ``NAME20``)."""
MAX_DEMAND = 200
"""Demand dice one ``DEMT`` may roll (its count is a kingdom's level; 200 dice is meikyu's limit per term)."""


@dataclass(frozen=True, slots=True)
class Made:
    """A composite's outcome: BCDice's roll value (as BCDice prints it), the title and the text."""

    code: str
    value: str
    title: Text
    text: Text

    head_only: bool = False
    """The text carries its own head (DFT), so no ``title(value)`` goes before it."""

    def bcdice_text(self) -> str:
        if self.head_only:
            return self.text["ja"]
        return f"{self.title['ja']}({self.value}) ＞ {self.text['ja']}"

    def render(self, lang: str) -> str:
        if self.head_only:
            return self.text[lang]
        return f"{self.title[lang]}({self.value}) → {self.text[lang]}"


def _phrase(key: str, **params: object) -> Text:
    if not params:
        return _fixed(f"mkb.gen.{key}")
    return {lang: translate(f"mkb.gen.{key}", lang, **{k: v[lang] if isinstance(v, dict) else v for k, v in params.items()})
            for lang in LANGS}


@cache
def _fixed(key: str) -> Text:
    """A phrase without parameters in every language (looked up once: a composite uses dozens a roll)."""
    return {lang: translate(key, lang) for lang in LANGS}


@cache
def _entry(code: str, value: int, part: bool = False) -> Text:
    """One entry in every language (kept: the lists are fixed, at most a few thousand entries in all)."""
    entry = (get_part(code) if part else get_table(code)).entry_for(value)
    return {lang: entry.text.pick(lang) for lang in LANGS}


def _title(code: str) -> Text:
    return _phrase(f"title.{code}")


def _d66(dice: Dice) -> int:
    """BCDice's ascending D66: the lower die is the tens."""
    a, b = dice.roll(6), dice.roll(6)
    return min(a, b) * 10 + max(a, b)


def _2d6(dice: Dice) -> int:
    return dice.roll(6) + dice.roll(6)


def _join(parts: list[Text], sep: str = " ") -> Text:
    return {lang: sep.join(p[lang] for p in parts) for lang in LANGS}


# ---------------------------------------------------------------- new names (NNAME)

_NICKS = ("NICK_FO", "NICK_FO", "NICK_OU", "NICK_TI", "NICK_PH", "NICK_CO")
_GIVEN = ("NMAR", "NMFO", "NMDN", "NMPL", "NMMA", "NMGO")


def _new_name(dice: Dice) -> Text:
    nick_n, name_n = dice.roll(6), dice.roll(6)
    first, second = _d66(dice), _d66(dice)
    # BCDice picks the nickname list by the *name* die once the nickname die is past 1; kept as it draws
    nick = _entry("NICK_PR" if nick_n <= 1 else _NICKS[name_n - 1], first, part=True)
    name = _phrase("nick_name", nick=nick, name=_entry(_GIVEN[name_n - 1], second))
    return {lang: f"[{nick_n},{name_n},{first},{second}]{name[lang]}" for lang in LANGS}


def _new_names(count: int, dice: Dice) -> tuple[str, Text]:
    return str(count), _join([_new_name(dice) for _ in range(count)])


# ---------------------------------------------------------------- demand (DEMT)


def _demand(level: int, dice: Dice) -> tuple[str, Text]:
    rolled = [dice.roll(6) for _ in range(level)]
    lines: list[Text] = []
    for face in range(1, 7):
        n = rolled.count(face)
        if not n:
            continue
        line = _entry("DEMT_EFFECTS", face, part=True)
        if level >= 3 and n > 1:  # the same demand twice or more in a big roll: upkeep or income of `level` MG
            line = _phrase("demand_more", line=line, more=_phrase("demand_upkeep" if face == 1 else "demand_gain", mg=level))
        lines.append(line)
    return ",".join(str(d) for d in sorted(rolled)), _join(lines, "\n")


# ---------------------------------------------------------------- race-name letters (RNCT)


@cache
def _letters() -> dict[int, Text]:
    text = resources.files("meikyu.systems.meikyu_kingdom_basic").joinpath("data/tables/parts/RNCT_LETTERS.toml")
    rows = tomllib.loads(text.read_text(encoding="utf-8"))["rows"]
    return {int(first) * 100 + second: {lang: row[lang][second - 2] for lang in LANGS}
            for first, row in rows.items() for second in range(2, 13)}


def _race_letters(count: int, dice: Dice) -> tuple[str, Text]:
    values: list[str] = []
    letters: list[Text] = []
    for _ in range(count):
        first, second = _2d6(dice), _2d6(dice)
        values += [str(first), str(second)]
        letters.append(_letters()[first * 100 + second])
    return ",".join(values), _join(letters, "")


# ---------------------------------------------------------------- currency material (CUMT)


def _currency(dice: Dice) -> tuple[str, Text]:
    kind, detail = _2d6(dice), dice.roll(6)
    made = _phrase("currency", kind=_entry("CUMT_KIND", kind, part=True), what=_entry(f"CUMT_{kind}", detail, part=True))
    return f"{kind},{detail}", made


# ---------------------------------------------------------------- combined nicknames (CMNT)


def _combined(dice: Dice) -> tuple[str, Text]:
    kind, first, second = dice.roll(6), _d66(dice), _d66(dice)
    head = ("TRMT", "TRMT", "BEHT", "BEHT", "DEST", "DEST")[kind - 1]
    tail = "NAMT" if kind % 2 else "TTLT"
    return f"{kind},{first},{second}", _phrase("combined", first=_entry(head, first), second=_entry(tail, second))


# ---------------------------------------------------------------- device factory (DFT)

_ITEM_KINDS = ("WIT", "LIT", "RIT", "SIT", "RUIR", "RWIR")


def _item(dice: Dice) -> tuple[Text, Text]:
    """The item category table (1D6 → a common item table or a rare item chain), as BCDice's Basic rolls it:
    the chain as BCDice prints it (``アイテムカテゴリ決定表(2) ＞ 生活アイテム表(24) ＞ …``) and the item alone."""
    kind = dice.roll(6)
    drawn = draw(_ITEM_KINDS[kind - 1], dice)
    walk = [(_phrase("title.IDT"), kind)]
    while True:
        if drawn.then is None:
            walk.append((_table_name(drawn.code), drawn.value))
            break
        walk.append((_fixed(f"mkb.title.{drawn.code}"), drawn.value))
        drawn = drawn.then
    item = _entry(drawn.code, drawn.value)
    arrow = {"ja": " ＞ ", "ko": " → ", "en": " → "}
    chain = {lang: arrow[lang].join(f"{title[lang]}({value})" for title, value in walk) + arrow[lang] + item[lang]
             for lang in LANGS}
    return chain, item


@cache
def _table_name(code: str) -> Text:
    return {lang: get_table(code).name.pick(lang) for lang in LANGS}


def _numbered(part: str, value: int, dice: Dice | None = None) -> Text:
    text = _entry(part, value, part=True)
    if part == "DFT_APTITUDE" and value == 3 and dice is not None:  # a sex: one more d6, odd male, even female
        sex = dice.roll(6)
        text = {lang: f"[{sex}]{t}" for lang, t in _mk_phrase("male" if sex % 2 else "female").items()}
    return {lang: f"[{value}]{text[lang]}" for lang in LANGS}


def _mk_phrase(key: str, **params: object) -> Text:
    if not params:
        return _fixed(f"mk.gen.{key}")
    return {lang: translate(f"mk.gen.{key}", lang, **{k: v[lang] if isinstance(v, dict) else v for k, v in params.items()})
            for lang in LANGS}


def _trait(dice: Dice) -> Text:
    """One item trait: 2D6, then the dice its row needs in the row's order (a trait that adds another rolls
    it last, as BCDice's Basic does)."""
    value = _2d6(dice)
    if value == 2:
        body = _mk_phrase("trait.power", what=_numbered("DFT_POWER", dice.roll(6)))
    elif value == 3:
        body = _mk_phrase("trait.lifespan", more=_trait(dice))
    elif value == 4:
        body = _mk_phrase("trait.barrier")
    elif value == 5:
        body = _mk_phrase("trait.named")
    elif value == 6:
        body = _mk_phrase("trait.combined", what=_item(dice)[0])
    elif value == 7:
        body = _mk_phrase("trait.level", more=_trait(dice))
    elif value == 8:
        body = _mk_phrase("trait.rune", what=_numbered("DFT_RUNE", _2d6(dice)))
    elif value == 9:
        curse = _numbered("DFT_CURSE", dice.roll(6))
        body = _mk_phrase("trait.curse", what=curse, more=_trait(dice))
    elif value == 10:
        body = _mk_phrase("trait.costly")
    elif value == 11:
        need = _numbered("DFT_APTITUDE", dice.roll(6), dice)
        body = _mk_phrase("trait.aptitude", what=need, more=_trait(dice))
    else:
        body = _mk_phrase("trait.attribute", what=_numbered("DFT_ATTRIBUTE", dice.roll(6)))
    return _mk_phrase("trait_line", n=value, what=body)


def device_factory(count: int, dice: Dice) -> Text:
    """``DFTn``: a base item and ``n`` traits, one a line (BCDice's Basic head: the title and the count)."""
    item = _item(dice)[1]
    lines = [_phrase("dft_head", n=count, item=item)] + [_trait(dice) for _ in range(count)]
    return _join(lines, "\n")


_COUNTED: dict[str, Callable[[int, Dice], tuple[str, Text]]] = {
    "NNAME": _new_names, "DEMT": _demand, "RNCT": _race_letters}
_FIXED: dict[str, Callable[[Dice], tuple[str, Text]]] = {"CUMT": _currency, "CMNT": _combined}
CODES = (*_COUNTED, *_FIXED, "NAME", "DFT")


def _exotic(value: int) -> Text:
    return _entry("NAMEEX", value)


def generate(code: str, count: int, dice: Dice) -> Made:
    """Roll Basic's composite ``code`` (``count`` for the counted ones: NNAME, DEMT, RNCT, NAME)."""
    if code == "NAME":  # Meikyuu Kingdom's generator, with Basic's exotic list (BCDice's Basic overrides it)
        made = names(count, dice, _exotic)
        return Made(f"NAME{count}", str(made.value), made.title, made.text)
    if code == "DFT":  # no roll value in its head: BCDice prints the count of traits instead
        if count > MAX_COUNT:
            raise CommandError("mk.error.gen_count", command=f"DFT{count}", limit=MAX_COUNT)
        text = device_factory(count, dice)
        return Made(code, str(count), _title(code), text, head_only=True)
    if code in _COUNTED:
        limit = MAX_DEMAND if code == "DEMT" else MAX_COUNT
        if not 1 <= count <= limit:
            raise CommandError("mk.error.gen_count", command=f"{code}{count}", limit=limit)
        value, text = _COUNTED[code](count, dice)
    else:
        value, text = _FIXED[code](dice)
    return Made(code, value, _title(code), text)


def dice_bound(code: str, count: int) -> int:
    """At most how many dice ``code`` draws (for the command limits)."""
    per = {"NNAME": 6, "DEMT": 1, "RNCT": 4, "NAME": 6, "DFT": 40}.get(code, 5)
    return per * max(count, 1) + 4  # DFT: a base item (at most 4 dice), each trait's nesting is bounded by its dice
