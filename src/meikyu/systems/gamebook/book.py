"""The book format: a hand-writable TOML file, loaded into frozen values.

A book in a few lines (paragraph ids are the keys under ``p``; texts are a plain string or one
per language)::

    [book]
    id = "tiny"
    title = { ja = "小さな本", en = "A Tiny Book" }
    start = 1

    [p.1]
    text = { ja = "扉がある。", en = "A door." }
    effects = [{ flag = 12 }]
    choices = [{ text = { ja = "開ける", en = "Open it" }, to = 2 }]

    [p.2]
    text = "..."
    ending = "good"

Reading collects every problem it finds (with the paragraph and the TOML line) instead of stopping
at the first, so :mod:`meikyu.systems.gamebook.validate` can report them all; :func:`load_book`
raises :class:`~meikyu.errors.DataError` on the first one.

>>> book = parse_book('''
... [book]
... id = "tiny"
... start = 1
... [p.1]
... text = { ja = "扉がある。", en = "A door." }
... choices = [{ text = "Open", to = 2 }]
... [p.2]
... text = "Light."
... ending = "good"
... ''')[0]
>>> book.paragraphs["1"].choices[0].to, book.paragraphs["2"].ending
('2', 'good')
>>> book.paragraphs["1"].text.get("en")
'A door.'
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meikyu.errors import DataError
from meikyu.files import check_plain, read_text
from meikyu.systems.gamebook.fighters import ROLL_KINDS, Enemy
from meikyu.systems.gamebook.lines import LineIndex
from meikyu.systems.gamebook.text import Text, localize

STATS: tuple[str, ...] = ("attack", "defense", "stamina")
ENDINGS: tuple[str, ...] = ("good", "normal", "bad")
MODIFIERS: tuple[str, ...] = ("attack", "defense", "kill", "extra_attacks", "escape_bonus")

# Every field a book may hold, by the part that holds it: the reader refuses any other (naming the nearest)
# and the schema (book_schema.py) is written from these very tuples.
TOP_FIELDS: tuple[str, ...] = ("book", "items", "abilities", "progress", "p")
BOOK_FIELDS: tuple[str, ...] = ("id", "title", "start", "lang", "items", "weapon")
ITEM_FIELDS: tuple[str, ...] = ("name", "consumable", "kill")
ABILITY_FIELDS: tuple[str, ...] = ("name", "text", *MODIFIERS, "reroll")
PARAGRAPH_FIELDS: tuple[str, ...] = ("text", "effects", "jumps", "choices", "check", "combat", "ending")
CHECK_FIELDS: tuple[str, ...] = ("stat", "target", "success", "failure")
COMBAT_FIELDS: tuple[str, ...] = ("enemies", "win", "lose", "escape")
ENEMY_FIELDS: tuple[str, ...] = ("name", "attack", "kill", "defense", "hits")
CONDITION_KINDS: tuple[str, ...] = ("flag", "progress", "item", "stat", "ability")
CONDITION_FIELDS: tuple[str, ...] = (*CONDITION_KINDS, "at_least", "at_most", "not")
EFFECT_KINDS: tuple[str, ...] = ("gain", "lose", "use", "flag", "progress", "stat", "learn", "equip")
EFFECT_FIELDS: tuple[str, ...] = (*EFFECT_KINDS, "count", "add")
WAY_FIELDS: tuple[str, ...] = ("text", "to", "if")


@dataclass(frozen=True)
class Condition:
    """One test on the sheet: ``kind`` is flag, progress, item, stat or ability (R-GB-05…07)."""

    kind: str
    key: str
    at_least: int = 1
    at_most: int | None = None
    negate: bool = False


@dataclass(frozen=True)
class Effect:
    """One change to the sheet: gain, lose, flag, progress, stat, learn or equip."""

    kind: str
    key: str
    amount: int = 1


@dataclass(frozen=True)
class Choice:
    text: Text
    to: str
    when: tuple[Condition, ...] = ()


@dataclass(frozen=True)
class Jump:
    """A conditional jump; the first one whose conditions all hold is taken (R-GB-07)."""

    to: str
    when: tuple[Condition, ...] = ()


@dataclass(frozen=True)
class Check:
    """A stat check outside combat: 2D6 + stat ≥ target."""

    stat: str
    target: int
    success: str
    failure: str


@dataclass(frozen=True)
class CombatBlock:
    enemies: tuple[Enemy, ...]
    win: str
    lose: str
    escape: str | None = None  # None: escape is not allowed here (R-GB-15)


@dataclass(frozen=True)
class Paragraph:
    id: str
    text: Text
    effects: tuple[Effect, ...] = ()
    jumps: tuple[Jump, ...] = ()
    choices: tuple[Choice, ...] = ()
    check: Check | None = None
    combat: CombatBlock | None = None
    ending: str | None = None
    line: int = 0

    def ways(self) -> tuple[tuple[str, tuple[Jump | Choice, ...]], ...]:
        """The conditional ways on, by field: ``("jumps", …)`` then ``("choices", …)``."""
        return (("jumps", self.jumps), ("choices", self.choices))

    def targets(self) -> list[tuple[str, str]]:
        """Every paragraph this one can lead to, as (field, id)."""
        out = [("jumps", j.to) for j in self.jumps] + [("choices", c.to) for c in self.choices]
        if self.check:
            out += [("check", self.check.success), ("check", self.check.failure)]
        if self.combat:
            out += [("combat", self.combat.win), ("combat", self.combat.lose)]
            if self.combat.escape is not None:
                out.append(("combat", self.combat.escape))
        return out


@dataclass(frozen=True)
class Item:
    name: Text
    consumable: bool = False
    kill: int | None = None  # a weapon's kill value (R-GB-01)


@dataclass(frozen=True)
class Ability:
    """An ability as data (R-GB-03): modifiers for one combat, rerolls, escape bonus."""

    name: Text
    text: Text = Text()
    attack: int = 0
    defense: int = 0
    kill: int = 0
    extra_attacks: int = 0
    escape_bonus: int = 0
    rerolls: tuple[str, ...] = ()


@dataclass(frozen=True)
class Problem:
    """Something wrong in a book file, located by paragraph (if any) and line."""

    key: str
    params: tuple[tuple[str, Any], ...]
    paragraph: str | None
    line: int

    def message(self, lang: str) -> str:
        from meikyu.i18n import translate

        return translate(self.key, lang, **{k: v.message(lang) if isinstance(v, DataError) else localize(v, lang)
                                            for k, v in self.params})


@dataclass(frozen=True)
class Book:
    id: str
    title: Text
    start: str
    lang: str
    paragraphs: dict[str, Paragraph]
    items: dict[str, Item] = field(default_factory=dict)
    abilities: dict[str, Ability] = field(default_factory=dict)
    counters: dict[str, Text] = field(default_factory=dict)
    start_items: tuple[str, ...] = ("sword",)
    weapon: str = "sword"
    source: str = "<book>"

    def item_name(self, key: str, lang: str) -> str:
        item = self.items.get(key)
        return item.name.get(lang) if item else key

    def ability_name(self, key: str, lang: str) -> str:
        ability = self.abilities.get(key)
        return ability.name.get(lang) if ability else key

    def counter_name(self, key: str, lang: str) -> str:
        name = self.counters.get(key)
        return name.get(lang) if name else key


# -- reading ----------------------------------------------------------------------------------------
class _Reader:
    def __init__(self, source: str, index: LineIndex) -> None:
        self.source = source
        self.index = index
        self.problems: list[Problem] = []

    def problem(self, message_key: str, pid: str | None, *patterns: str, at: int = 0, **params: Any) -> None:
        if at:
            line = at
        elif patterns:
            line = self.index.find(pid, *patterns)
        else:
            line = self.index.paragraph(pid) if pid is not None else self.index.header("book") or 1
        self.problems.append(Problem(message_key, tuple(params.items()), pid, line))

    def unknown(self, raw: dict[str, Any], known: tuple[str, ...], pid: str | None, where: str) -> None:
        """Every field of ``raw`` that ``known`` lacks, each with the nearest known name."""
        for name in sorted(set(raw) - set(known)):
            near = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
            self.problem("gb.book.unknown_field", pid, rf"\b{re.escape(name)}\b", field=name, where=where,
                         near=DataError("error.sheet.near", name=near[0]) if near else "")

    def text(self, value: Any, pid: str | None, field_name: str) -> Text:
        if value is None:
            return Text()
        if isinstance(value, str):
            return Text.plain(value)
        if isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
            return Text.of({str(k): v for k, v in value.items()})
        self.problem("gb.book.bad_text", pid, rf"^\s*{field_name}\b", field=field_name)
        return Text()

    def integer(self, table: dict[str, Any], name: str, pid: str | None, where: str,
                default: int | None = None, minimum: int | None = None) -> int:
        value = table.get(name, default)
        if value is None:
            self.problem("gb.book.missing_field", pid, rf"\b{where}\b", field=name, where=where)
            return 0
        if not isinstance(value, int) or isinstance(value, bool):
            self.problem("gb.book.not_integer", pid, rf"\b{name}\s*=", field=name, value=value)
            return 0
        if minimum is not None and value < minimum:
            self.problem("gb.book.too_small", pid, rf"\b{name}\s*=", field=name, value=value, minimum=minimum)
        return value

    def target(self, value: Any, pid: str, where: str) -> str:
        if isinstance(value, bool) or not isinstance(value, (int, str)) or str(value) == "":
            self.problem("gb.book.bad_target", pid, rf"\b{where}\b", field=where, value=value)
            return ""
        return str(value)

    def conditions(self, value: Any, pid: str) -> tuple[Condition, ...]:
        if value is None:
            return ()
        items = value if isinstance(value, list) else [value]
        out = []
        for item in items:
            cond = self.condition(item, pid)
            if cond is not None:
                out.append(cond)
        return tuple(out)

    def condition(self, raw: Any, pid: str) -> Condition | None:
        if not isinstance(raw, dict):
            self.problem("gb.book.bad_condition", pid, r"\bif\s*=", value=raw)
            return None
        self.unknown(raw, CONDITION_FIELDS, pid, f"p.{pid} if")
        kinds = [k for k in CONDITION_KINDS if k in raw]
        if len(kinds) != 1:
            self.problem("gb.book.bad_condition", pid, r"\bif\s*=", value=raw)
            return None
        kind = kinds[0]
        key = raw[kind]
        negate = bool(raw.get("not", False))
        if kind == "flag":
            if not _is_flag(key):
                self.problem("gb.book.bad_flag", pid, rf"flag\s*=\s*{re.escape(str(key))}", value=key)
                return None
            return Condition("flag", f"{key:02d}", negate=negate)
        if kind == "stat" and key not in STATS:
            self.problem("gb.book.bad_stat", pid, r"\bstat\s*=", value=key, stats=", ".join(STATS))
            return None
        if not isinstance(key, str) or not key:
            self.problem("gb.book.bad_condition", pid, r"\bif\s*=", value=raw)
            return None
        at_most = raw.get("at_most")
        # "Has it" is at least 1 for items, abilities and counters; a bound from above alone ("Noise 1 or
        # less") reads as from 0, since a blank counter is 0 (R-GB-05) and is then "1 or less" too.
        has = 1 if kind in ("item", "ability", "progress") and at_most is None else 0
        at_least = raw.get("at_least", has)
        for name, v in (("at_least", at_least), ("at_most", at_most)):
            if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
                self.problem("gb.book.not_integer", pid, rf"\b{name}\s*=", field=name, value=v)
                return None
        return Condition(kind, key, at_least, at_most, negate)

    def effect(self, raw: Any, pid: str) -> Effect | None:
        if not isinstance(raw, dict):
            self.problem("gb.book.bad_effect", pid, r"\beffects\b", value=raw)
            return None
        self.unknown(raw, EFFECT_FIELDS, pid, f"p.{pid}.effects")
        kinds = [k for k in EFFECT_KINDS if k in raw]
        if len(kinds) != 1:
            self.problem("gb.book.bad_effect", pid, r"\beffects\b", value=raw)
            return None
        kind = kinds[0]
        key = raw[kind]
        if kind == "flag":
            if not _is_flag(key):
                self.problem("gb.book.bad_flag", pid, rf"flag\s*=\s*{re.escape(str(key))}", value=key)
                return None
            return Effect("flag", f"{key:02d}")
        if kind == "stat" and key not in STATS:
            self.problem("gb.book.bad_stat", pid, r"\bstat\s*=", value=key, stats=", ".join(STATS))
            return None
        if not isinstance(key, str) or not key:
            self.problem("gb.book.bad_effect", pid, r"\beffects\b", value=raw)
            return None
        amount = raw.get("count", raw.get("add", 1))
        if not isinstance(amount, int) or isinstance(amount, bool):
            self.problem("gb.book.not_integer", pid, r"\b(count|add)\s*=", field="count/add", value=amount)
            return None
        return Effect("lose" if kind == "use" else kind, key, amount)

    def combat(self, raw: Any, pid: str) -> CombatBlock | None:
        if not isinstance(raw, dict):
            self.problem("gb.book.bad_combat", pid, r"combat", value=raw)
            return None
        enemies = []
        raw_enemies = raw.get("enemies")
        if not isinstance(raw_enemies, list) or not raw_enemies:
            self.problem("gb.book.combat_no_enemies", pid, r"combat")
            raw_enemies = []
        for number, foe in enumerate(raw_enemies, start=1):
            at = self.index.enemy(pid, number)
            if not isinstance(foe, dict):
                self.problem("gb.book.bad_enemy", pid, at=at, enemy=number)
                continue
            self.unknown(foe, ENEMY_FIELDS, pid, f"p.{pid}.combat.enemies[{number - 1}]")
            name = self.text(foe.get("name"), pid, "name")
            if not name:
                self.problem("gb.book.enemy_missing", pid, at=self.index.find(pid, r"combat"), enemy=number,
                             field="name")
            values = {}
            for stat in ("attack", "kill", "defense", "hits"):
                value = foe.get(stat)
                if value is None:
                    self.problem("gb.book.enemy_missing", pid, at=at, enemy=number, field=stat)
                    values[stat] = 1
                elif not isinstance(value, int) or isinstance(value, bool):
                    self.problem("gb.book.not_integer", pid, at=at, field=stat, value=value)
                    values[stat] = 1
                else:
                    minimum = 1 if stat == "hits" else 0
                    if value < minimum:
                        self.problem("gb.book.too_small", pid, at=at, field=stat, value=value, minimum=minimum)
                    values[stat] = value
            enemies.append(Enemy(name=name, **values))
        for exit_name in ("win", "lose"):
            if exit_name not in raw:
                self.problem("gb.book.combat_missing", pid, r"combat", field=exit_name)
        self.unknown(raw, COMBAT_FIELDS, pid, f"p.{pid}.combat")
        win = self.target(raw.get("win", ""), pid, "win") if "win" in raw else ""
        lose = self.target(raw.get("lose", ""), pid, "lose") if "lose" in raw else ""
        escape = self.target(raw["escape"], pid, "escape") if "escape" in raw else None
        return CombatBlock(tuple(enemies), win, lose, escape)

    def paragraph(self, pid: str, raw: Any) -> Paragraph:
        if not isinstance(raw, dict):
            self.problem("gb.book.bad_paragraph", pid)
            return Paragraph(pid, Text(), line=self.index.paragraph(pid))
        self.unknown(raw, PARAGRAPH_FIELDS, pid, f"p.{pid}")
        text = self.text(raw.get("text"), pid, "text")
        if not text:
            self.problem("gb.book.no_text", pid)
        effects = tuple(e for e in (self.effect(x, pid) for x in _as_list(raw.get("effects"))) if e)
        jumps = []
        for item in _as_list(raw.get("jumps")):
            if not isinstance(item, dict) or "to" not in item:
                self.problem("gb.book.bad_jump", pid, r"\bjumps\b", value=item)
                continue
            self.unknown(item, WAY_FIELDS[1:], pid, f"p.{pid}.jumps")
            jumps.append(Jump(self.target(item["to"], pid, "to"), self.conditions(item.get("if"), pid)))
        choices = []
        for item in _as_list(raw.get("choices")):
            if not isinstance(item, dict) or "to" not in item:
                self.problem("gb.book.bad_choice", pid, r"\bchoices\b", value=item)
                continue
            self.unknown(item, WAY_FIELDS, pid, f"p.{pid}.choices")
            choices.append(Choice(self.text(item.get("text"), pid, "text"), self.target(item["to"], pid, "to"),
                                  self.conditions(item.get("if"), pid)))
        check = None
        if "check" in raw:
            c = raw["check"]
            if not isinstance(c, dict) or c.get("stat") not in STATS:
                self.problem("gb.book.bad_check", pid, r"\bcheck\b", stats=", ".join(STATS))
            else:
                self.unknown(c, CHECK_FIELDS, pid, f"p.{pid}.check")
                missing = [k for k in ("target", "success", "failure") if k not in c]
                for k in missing:
                    self.problem("gb.book.missing_field", pid, r"\bcheck\b", field=k, where="check")
                if not missing:
                    check = Check(c["stat"], self.integer(c, "target", pid, "check"),
                                  self.target(c["success"], pid, "success"), self.target(c["failure"], pid, "failure"))
        combat = self.combat(raw["combat"], pid) if "combat" in raw else None
        ending = raw.get("ending")
        if ending is not None and ending not in ENDINGS:
            self.problem("gb.book.bad_ending", pid, r"\bending\b", value=ending, endings=", ".join(ENDINGS))
            ending = "normal"
        exits = sum(1 for x in (check, combat) if x is not None)
        if exits > 1 or (exits and (jumps or choices)):
            self.problem("gb.book.mixed_exits", pid)
        if ending is not None and (exits or jumps or choices):
            self.problem("gb.book.ending_with_exits", pid, r"\bending\b")
        return Paragraph(pid, text, effects, tuple(jumps), tuple(choices), check, combat, ending,
                         line=self.index.paragraph(pid))


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _is_flag(value: Any) -> bool:
    # Flag codes are two-digit numbers (R-GB-06).
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99


def parse_book(text: str, source: str = "<book>") -> tuple[Book, list[Problem]]:
    """Read a book from TOML text. Returns the book (as far as it could be read) and its problems."""
    index = LineIndex(text)
    reader = _Reader(source, index)
    try:
        data = check_plain(tomllib.loads(text), source)
    except (ValueError, RecursionError) as exc:  # bad TOML, a huge number, nesting too deep
        line = int(m.group(1)) if (m := re.search(r"line (\d+)", str(exc))) else 1
        problem = Problem("gb.book.toml", (("detail", str(exc)),), None, line)
        return Book("", Text(), "", "ja", {}, source=source), [problem]
    meta = data.get("book")
    if not isinstance(meta, dict):
        reader.problem("gb.book.no_meta", None)
        meta = {}
    reader.unknown(meta, BOOK_FIELDS, None, "[book]")
    book_id = str(meta.get("id", "")) or Path(source).stem
    title = reader.text(meta.get("title"), None, "title")
    start = str(meta.get("start", ""))
    if not start:
        reader.problem("gb.book.no_start", None)
    lang = str(meta.get("lang", "ja"))
    items: dict[str, Item] = {}
    raw_items = data.get("items", {})
    for key, raw in (raw_items.items() if isinstance(raw_items, dict) else []):
        if not isinstance(raw, dict):
            reader.problem("gb.book.bad_item", None, item=key)
            continue
        reader.unknown(raw, ITEM_FIELDS, None, f"[items.{key}]")
        kill = raw.get("kill")
        if kill is not None and (not isinstance(kill, int) or kill < 0):
            reader.problem("gb.book.bad_item", None, item=key)
            kill = None
        items[key] = Item(reader.text(raw.get("name", key), None, "name"), bool(raw.get("consumable", False)), kill)
    # Shin starts with one sword of kill value 3 (R-GB-02) unless the book says otherwise.
    items.setdefault("sword", Item(Text.of({"ja": "剣", "en": "Sword", "ko": "검"}), kill=3))
    abilities: dict[str, Ability] = {}
    raw_abilities = data.get("abilities", {})
    for key, raw in (raw_abilities.items() if isinstance(raw_abilities, dict) else []):
        if not isinstance(raw, dict):
            reader.problem("gb.book.bad_ability", None, ability=key, field="*")
            continue
        reader.unknown(raw, ABILITY_FIELDS, None, f"[abilities.{key}]")
        mods = {}
        for name in MODIFIERS:
            v = raw.get(name, 0)
            if not isinstance(v, int) or isinstance(v, bool):
                reader.problem("gb.book.bad_ability", None, ability=key, field=name)
                v = 0
            mods[name] = v
        rerolls = raw.get("reroll", [])
        rerolls = [rerolls] if isinstance(rerolls, str) else rerolls
        if not isinstance(rerolls, list) or any(r not in ROLL_KINDS for r in rerolls):
            reader.problem("gb.book.bad_ability", None, ability=key, field="reroll")
            rerolls = []
        abilities[key] = Ability(reader.text(raw.get("name", key), None, "name"),
                                 reader.text(raw.get("text"), None, "text"), rerolls=tuple(rerolls), **mods)
    counters = {}
    raw_counters = data.get("progress", {})
    for key, raw in (raw_counters.items() if isinstance(raw_counters, dict) else []):
        counters[key] = reader.text(raw.get("name", key) if isinstance(raw, dict) else raw, None, "progress")
    start_items = tuple(str(x) for x in _as_list(meta.get("items", ["sword"])))
    weapon = str(meta.get("weapon", "sword"))
    if weapon not in items or items[weapon].kill is None:
        reader.problem("gb.book.bad_weapon", None, weapon=weapon)
    paragraphs: dict[str, Paragraph] = {}
    raw_paragraphs = data.get("p", {})
    if not isinstance(raw_paragraphs, dict) or not raw_paragraphs:
        reader.problem("gb.book.no_paragraphs", None)
        raw_paragraphs = {}
    for pid, raw in raw_paragraphs.items():
        paragraphs[str(pid)] = reader.paragraph(str(pid), raw)
    for name in sorted(set(data) - set(TOP_FIELDS)):
        near = difflib.get_close_matches(name, TOP_FIELDS, n=1, cutoff=0.6)
        reader.problems.append(Problem("gb.book.unknown_field", (("field", name), ("where", "top level"), (
            "near", DataError("error.sheet.near", name=near[0]) if near else "")), None, index.header(name) or 1))
    book = Book(book_id, title, start, lang, paragraphs, items, abilities, counters, start_items, weapon, source)
    return book, reader.problems


def load_book(path: str | Path) -> Book:
    """Load and check the structure of a book file; raises :class:`DataError` naming file, paragraph and field.

    >>> from meikyu.systems.gamebook.books import sample_path
    >>> book = load_book(sample_path())
    >>> book.paragraphs[book.start].id == book.start
    True
    """
    p = Path(path)
    book, problems = parse_book(read_text(p), str(p))
    if problems:
        raise BookError(str(p), problems)
    return book


class BookError(DataError):
    """A book file with problems; the message names the file, line and paragraph of every one."""

    def __init__(self, path: str, problems: list[Problem]) -> None:
        first = problems[0]
        super().__init__("gb.error.book_problem", file=path, line=first.line,
                         paragraph=first.paragraph or "-", count=len(problems))
        self.problems = problems

    def message(self, lang: str | None = None) -> str:
        from meikyu.i18n import translate

        lang = lang or "en"
        lines = [translate("gb.error.book_problems", lang, file=self.params["file"], count=len(self.problems))]
        for p in self.problems:
            where = f"{self.params['file']}:{p.line}" + (f" (p.{p.paragraph})" if p.paragraph else "")
            lines.append(f"- {where}: {p.message(lang)}")
        return "\n".join(lines)
