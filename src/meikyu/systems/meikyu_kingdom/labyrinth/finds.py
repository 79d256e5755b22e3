"""What a game does with an item, treasure or random-encounter table: items into the haul, monsters into a battle.

The item tables (WIT LIT RIT SIT RWIT RUIT) name on each entry the item it gives (``gain_item`` with the
item's id and category, :mod:`~meikyu.systems.meikyu_kingdom.tables.effects`); the random encounter tables (1RET–6RET) list the monsters
met with their counts and areas (``monsters`` effects). This module turns a rolled entry into game values:

- :func:`draw` rolls the table of an item category and gives a :class:`Found` (the item id, its level),
  which a session stores as ``id`` or ``id:level`` (the haul, then the kingdom's stored items);
- :func:`choices` says what the players pick from when a treasure or table leaves the item to them
  (T3T–T5T "a chosen common category", T5T 6 "any rare item"), and :func:`take` carries the pick out;
- :func:`random_encounter` rolls a random encounter table and builds the labyrinth
  :class:`~meikyu.systems.meikyu_kingdom.labyrinth.map.Encounter` a battle starts from, with the bestiary it needs.

Rulings where the sources are silent (also in ``RULINGS.md``):

- "A random common item" (TT 11) rolls 1D4 for its category — weapon, life, recovery, search, the
  order of BCDice's item category table — then that category's table.
- "Half the court's size" rounds up, so a court of one still meets one monster.
- A monster the bestiary does not hold fights as a **stand-in** of the table's level: this project's own
  plain numbers for that level (not the book's), under the monster's name; its treasure materials are
  the players' pick of any kind. ``stand_ins=False`` refuses such a roll instead (a clear error naming
  the monster), for a GM who wants only monsters with real data.

>>> from meikyu.dice.source import ScriptedDice
>>> found = draw("recovery", ScriptedDice([1, 3]))        # RIT 13
>>> found.item, found.stored, found.label("en")
('panacea', 'panacea', 'Panacea')
>>> draw("weapon", ScriptedDice([6, 5]), level=1).stored  # WIT 56, a level-1 weapon
'cannon:1'
>>> item_label("cannon:1", "ja")
'大砲 (Lv1)'
>>> enc, beasts, rolled = random_encounter("1RET", 3, ScriptedDice([1]))
>>> [(p.species, p.area) for p in enc.monsters]
[('gon_fox', 3), ('gon_fox', 3), ('gon_fox', 3), ('saw_boar', 4)]
>>> beasts["gon_fox"].level, beasts["gon_fox"].names[1], rolled.bcdice_text()[:20]
(1, 'ごんぎつね', '1Lvランダムエンカウント表(1) ＞ ')
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from meikyu.dice.source import Dice
from meikyu.engine import Action
from meikyu.errors import RuleError
from meikyu.formula import evaluate
from meikyu.i18n import translate
from meikyu.systems.meikyu_kingdom.combat.bestiary import Species, load_bestiary
from meikyu.systems.meikyu_kingdom.combat.model import Weapon
from meikyu.systems.meikyu_kingdom.labyrinth.map import Encounter, Placement
from meikyu.systems.meikyu_kingdom.tables.catalog import get_table
from meikyu.tables import TableRoll

CATEGORY_TABLES: dict[str, str] = {
    "weapon": "WIT", "life": "LIT", "recovery": "RIT", "search": "SIT", "rare_weapon": "RWIT", "rare_general": "RUIT",
}
"""The item table of each item category."""
COMMON = ("weapon", "life", "recovery", "search")
"""The common categories, in the order of BCDice's item category table (IDT)."""
TREASURE_CATEGORIES: dict[str, str] = {
    "recovery_item": "recovery", "weapon_item": "weapon", "rare_general": "rare_general",
    "rare_weapon": "rare_weapon", "common_item": "chosen_common", "any_rare": "rare",
}
"""A battle's treasure kind (:mod:`.combat.treasure`) as the category of the item it gives (R-MK-43)."""
ENCOUNTER_TABLES = ("1RET", "2RET", "3RET", "4RET", "5RET", "6RET")
AREAS = {"front": 3, "rear": 4, "base": 5}
"""The monster side's areas (R-MK-21): front, rear, headquarters."""
ANY_MATERIAL = ("meat", "fang", "iron", "mana", "machine", "cloth", "wood", "gunpowder", "information", "leather")


@dataclass(frozen=True)
class TakeItem(Action):
    """The players' pick for a treasure that leaves the item to them: a common category to roll, or a rare item."""

    option: str


@dataclass(frozen=True)
class Found:
    """An item a table gave: its id, category, the table and roll it came from, and its level (0: none)."""

    item: str
    category: str
    table: str = ""
    roll: int = 0
    level: int = 0

    @property
    def stored(self) -> str:
        """How a haul or the kingdom's stored items hold it: ``id``, or ``id:level`` for an item with a level."""
        return f"{self.item}:{self.level}" if self.level else self.item

    def label(self, lang: str) -> str:
        """The item's name in ``lang`` (with its level)."""
        return item_label(self.stored, lang)


@cache
def item_names() -> dict[str, dict[str, str]]:
    """Every item the item tables name: id → ``{ko, ja, en}`` (the name without the bracketed alternative)."""
    out: dict[str, dict[str, str]] = {}
    for code in CATEGORY_TABLES.values():
        for entry in get_table(code).entries:
            for effect in entry.effects:
                item = str(effect.get("item", ""))
                if item and item not in out:
                    out[item] = {lang: _main_name(entry.text.pick(lang)) for lang in ("ko", "ja", "en")}
    return out


def _main_name(text: str) -> str:
    for opening in ("（", " ("):
        if opening in text:
            return text.split(opening, 1)[0]
    return text


def item_label(stored: str, lang: str) -> str:
    """The name of a stored item (``id`` or ``id:level``) in ``lang``; an unknown id is shown as it is.

    >>> item_label("boxed_lunch", "ko"), item_label("mystery", "en")
    ('도시락', 'mystery')
    """
    item, _, level = stored.partition(":")
    names = item_names().get(item)
    text = names.get(lang, names["en"]) if names else item
    return f"{text} (Lv{level})" if level and level != "0" else text


def option_label(option: str, lang: str) -> str:
    """A pick shown to the players: a category in words, or an item's name.

    >>> option_label("search", "en"), option_label("grail", "ja")
    ('search items', '聖杯')
    """
    if option in CATEGORY_TABLES:
        return str(translate(f"mk.finds.category.{option}", lang))
    return item_label(option, lang)


def draw(category: str, dice: Dice, level: int = 0) -> Found:
    """Roll the item table of ``category`` (``common``: 1D4 picks the common category first).

    >>> from meikyu.dice.source import ScriptedDice
    >>> draw("common", ScriptedDice([2, 1, 1])).item      # 1D4 = 2: life; LIT 11
    'backpack'
    """
    if category == "common":
        category = COMMON[dice.roll(4) - 1]
    if category not in CATEGORY_TABLES:
        raise RuleError("R-MK-43", "mk.error.finds.category", category=category, known=", ".join(CATEGORY_TABLES))
    rolled = get_table(CATEGORY_TABLES[category]).roll(dice)
    return found_in(rolled, level)


def found_in(rolled: TableRoll, level: int = 0) -> Found:
    """The item a rolled item-table entry gives."""
    for effect in rolled.effects:
        if effect.type == "gain_item" and effect.get("item"):
            return Found(str(effect["item"]), str(effect.get("category", "")), rolled.table.id, rolled.value, level)
    raise RuleError("R-MK-43", "mk.error.finds.no_item", table=rolled.table.id, roll=rolled.value)


def choices(category: str) -> tuple[str, ...]:
    """What the players pick from for ``category``: the common categories, every rare item, or nothing
    (the table is rolled).

    >>> choices("chosen_common"), len(choices("rare")) > 50, choices("weapon")
    (('weapon', 'life', 'recovery', 'search'), True, ())
    """
    if category == "chosen_common":
        return COMMON
    if category == "rare":
        return tuple(sorted(_rare_items()))
    return ()


@cache
def _rare_items() -> frozenset[str]:
    items: set[str] = set()
    for code in ("RWIT", "RUIT"):
        for entry in get_table(code).entries:
            items.update(str(e["item"]) for e in entry.effects if e.type == "gain_item")
    return frozenset(items)


def take(category: str, option: str, dice: Dice, level: int = 0) -> Found:
    """Carry out the players' pick (one of :func:`choices`): roll the chosen common category's table, or
    take the chosen rare item. A pick that is not offered is refused.

    >>> from meikyu.dice.source import ScriptedDice
    >>> take("chosen_common", "search", ScriptedDice([1, 3]), level=2).stored   # SIT 13
    'banner:2'
    >>> take("rare", "grail", ScriptedDice([])).label("en")
    'Holy Grail'
    """
    offered = choices(category)
    if option not in offered:
        raise RuleError("R-MK-43", "mk.error.finds.bad_pick", option=option, options=", ".join(offered) or "-")
    if category == "rare":
        table = "RWIT" if option in _items_of("RWIT") else "RUIT"
        return Found(option, "rare_weapon" if table == "RWIT" else "rare_general", table, 0, level)
    return draw(option, dice, level)


@cache
def _items_of(code: str) -> frozenset[str]:
    return frozenset(str(e["item"]) for entry in get_table(code).entries for e in entry.effects if e.type == "gain_item")


def treasure_category(kind: str) -> str:
    """The item category of a battle treasure kind (``recovery_item`` → ``recovery``); ``""`` for materials,
    a boxed lunch or nothing."""
    return TREASURE_CATEGORIES.get(kind, "")


# -- random encounters ---------------------------------------------------------------------------
@cache
def encounter_monsters() -> dict[str, tuple[int, tuple[str, str, str]]]:
    """The monsters of the random encounter tables: id → (level of the table that names it, names ko/ja/en)."""
    text = resources.files("meikyu.systems.meikyu_kingdom").joinpath("data/encounter_monsters.toml")
    data = tomllib.loads(text.read_text(encoding="utf-8"))
    return {k: (int(v["level"]), (v["names"]["ko"], v["names"]["ja"], v["names"]["en"])) for k, v in data.items()}


def stand_in(species: str, level: int) -> Species:
    """A monster the bestiary lacks, with this project's plain numbers for ``level`` (see the module notes).

    >>> s = stand_in("gon_fox", 1)
    >>> s.names[2], s.hp, s.evasion, s.attacks[0].power
    ('Gon-fox', 6, 8, 3)
    """
    names = encounter_monsters().get(species, (level, (species, species, species)))[1]
    attack = Weapon("attack", power=2 + level, names=("공격", "攻撃", "attack"))
    return Species(
        id=species, level=level, names=names, look=(), wit=level, charm=0, search=level, valor=level,
        evasion=7 + level, hp=2 + 4 * level, armor=0, attacks=(attack,), skills=(), materials=ANY_MATERIAL,
    )


def random_encounter(
    code: str, court_size: int, dice: Dice, *, stand_ins: bool = True, bestiary: Mapping[str, Species] | None = None,
) -> tuple[Encounter, dict[str, Species], TableRoll]:
    """Roll the random encounter table ``code`` (``1RET`` … ``6RET``) for a court of ``court_size``: the
    encounter (each monster placed in its area), the bestiary the battle needs, and the roll itself."""
    key = code.upper()
    if key not in ENCOUNTER_TABLES:
        raise RuleError("R-MK-21", "mk.error.finds.encounter_table", table=code, known=", ".join(ENCOUNTER_TABLES))
    level = int(key[0])
    rolled = get_table(key).roll(dice)
    beasts = dict(bestiary if bestiary is not None else load_bestiary())
    placements: list[Placement] = []
    for effect in rolled.effects:
        if effect.type != "monsters":
            continue
        species = str(effect["species"])
        if species not in beasts:
            if not stand_ins:
                name = encounter_monsters().get(species, (0, (species,) * 3))[1][2]
                raise RuleError("R-MK-21", "mk.error.finds.no_monster", species=species, name=name)
            beasts[species] = stand_in(species, level)
        count = max(0, evaluate(effect["count"], dice, {"court_size": court_size}))  # type: ignore[arg-type]
        placements.extend(Placement(species, AREAS[str(effect["area"])]) for _ in range(count))
    names = {lang: f"{rolled.table.name.pick(lang)}({rolled.value}) {rolled.text(lang)}" for lang in ("ko", "ja", "en")}
    return Encounter(names, tuple(placements)), beasts, rolled


__all__ = [
    "CATEGORY_TABLES", "COMMON", "Found", "TakeItem", "choices", "draw", "encounter_monsters", "found_in",
    "item_label", "item_names", "option_label", "random_encounter", "stand_in", "take", "treasure_category",
]
