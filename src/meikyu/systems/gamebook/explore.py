"""Playing a book through every sheet it can produce: the validator's search of the state space.

A link that exists is not a path that can be walked: a jump on "Wind's Favor ≥ 4" is dead when only
three can be gathered. :func:`explore` plays the book as the rules do (R-GB-02 creation, effects once
per visit, the first holding jump R-GB-07, open choices, stat checks, fights R-GB-10…16, equipping a
carried weapon), over every starting sheet, and records each (paragraph, sheet) it reaches. What the
dice decide is taken as every outcome that has a chance: a check both ways when each can happen, a
fight's win, loss and escape when each can happen with some ability Shin has (R-GB-03).

Only what can still matter is kept: at each paragraph the sheet is cut down to the flags, counters,
items and abilities some paragraph still reachable from there asks about (and the stats, weapon and
abilities while a fight or a check lies ahead), so sheets that differ only in what nothing will ask
again are one state. The search is bounded (``max_states``); past the bound it stops and says so, and
nothing is concluded from an incomplete search.

>>> from meikyu.systems.gamebook.book import parse_book
>>> book = parse_book('''
... [book]
... id = "tiny"
... start = 1
... [p.1]
... text = "A door."
... effects = [{ progress = "luck" }]
... jumps = [{ if = { progress = "luck", at_least = 2 }, to = 3 }, { to = 2 }]
... [p.2]
... text = "Home."
... ending = "normal"
... [p.3]
... text = "Treasure."
... ending = "good"
... ''')[0]
>>> found = explore(book)
>>> sorted(found.reached), found.complete
(['1', '2'], True)
>>> found.taken("1", "jumps", 0), found.taken("1", "jumps", 1)
(False, True)
>>> found.value_range("1", "progress", "luck")
(1, 1)
>>> found.route("2")
[('', ('start', (0, 0, 1))), ('1', ('jumps', 1))]
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from meikyu.systems.gamebook.book import Book, CombatBlock, Condition, Paragraph
from meikyu.systems.gamebook.combat import fighter_for
from meikyu.systems.gamebook.fighters import Enemy, Fighter, after_hit
from meikyu.systems.gamebook.sheet import Sheet, all_hold, apply_effect, distribute, distributions, new_sheet
from meikyu.systems.gamebook.text import Text

__all__ = ["Exploration", "explore", "fight_outcomes", "quantity"]

Node = tuple[str, Sheet]
"""A (paragraph, sheet cut down to what still matters) state of the search."""
Way = tuple[Any, ...]
"""How the search left a state (see :meth:`Exploration.route`)."""

MAX_STATES = 200_000


@dataclass
class Exploration:
    """What playing every way found: paragraphs reached, ways taken, and what the sheet held where."""

    reached: set[str] = field(default_factory=set)
    ways: set[tuple[str, str, int]] = field(default_factory=set)
    """(paragraph, "jumps" / "choices" / "check" / "combat", index) for every way out taken or shown."""
    held: set[tuple[str, str, int, int]] = field(default_factory=set)
    """(paragraph, "jumps" / "choices", index, condition index) for every single condition that held."""
    preempted: set[tuple[str, int]] = field(default_factory=set)
    """(paragraph, choice index) for every choice whose conditions held where a jump was taken first."""
    stuck: dict[str, Sheet] = field(default_factory=dict)
    """Paragraphs where some sheet finds no way on (not an ending): one such sheet each."""
    ranges: dict[tuple[str, str, str], tuple[int, int]] = field(default_factory=dict)
    states: int = 0
    complete: bool = True
    came: dict[Node, tuple[Node | None, Way]] = field(default_factory=dict, repr=False)
    """How the search first reached each (paragraph, sheet): the state before and the way taken."""
    first: dict[str, Node] = field(default_factory=dict, repr=False)
    """The first state the search reached at each paragraph (the end of a shortest route there)."""

    def taken(self, pid: str, kind: str, index: int) -> bool:
        return (pid, kind, index) in self.ways

    def value_range(self, pid: str, kind: str, key: str) -> tuple[int, int] | None:
        """The lowest and highest value of a flag / counter / item / stat / ability seen at ``pid``."""
        return self.ranges.get((pid, kind, key))

    def route(self, pid: str) -> list[tuple[str, Way]] | None:
        """A way of playing to ``pid`` with the fewest steps, as (paragraph, way out of it) pairs; the
        first pair is ``("", ("start", (attack, defense, stamina)))``, the points creation puts on each
        stat (R-GB-02). Ways are ``("choices" | "jumps", index)``, ``("check", 0 success | 1 failure)``,
        ``("combat", 0 win | 1 lose | 2 escape, ability or "")`` and ``("equip", item)`` (taking up a
        carried weapon, staying on the paragraph). None when the search never reached ``pid``."""
        node = self.first.get(pid)
        if node is None:
            return None
        steps: list[tuple[str, Way]] = []
        while node is not None:
            before, way = self.came[node]
            steps.append((before[0] if before is not None else "", way))
            node = before
        return steps[::-1]


def quantity(sheet: Sheet, kind: str, key: str) -> int:
    """The number a condition of ``kind`` on ``key`` compares (1/0 for flags and abilities)."""
    if kind == "flag":
        return int(sheet.has_flag(key))
    if kind == "progress":
        return sheet.counter(key)
    if kind == "item":
        return sheet.count(key)
    if kind == "stat":
        return sheet.stat(key)
    return int(key in sheet.abilities)


OUTCOMES = ("win", "lose", "escape")


def fight_outcomes(shin: Fighter, block: CombatBlock, max_states: int = MAX_STATES) -> frozenset[str] | None:
    """Which of win / lose / escape have a chance in this fight with these numbers (R-GB-10 … R-GB-16);
    None when finding out would visit more than ``max_states`` points of the fight (an enemy of 100,000 hits).

    A roll counts both ways when both can come up on the dice: a hit needs 2D6 + attack ≥ defense
    (possible up to a 12, a miss below a 2), a block 2D6 + defense ≥ the enemy's attack.

    >>> from meikyu.systems.gamebook.fighters import Enemy
    >>> slime = Enemy(attack=10, kill=2, defense=9, hits=4, name=Text.plain("slime"))
    >>> sorted(fight_outcomes(Fighter(5, 3, 5, 5), CombatBlock((slime,), "w", "l")))
    ['lose', 'win']
    >>> sorted(fight_outcomes(Fighter(7, 3, 8, 5), CombatBlock((slime,), "w", "l", escape="e")))
    ['escape', 'win']
    """
    return _fight_search(shin, block, max_states)[0]


def _fight_search(shin: Fighter, block: CombatBlock, budget: int) -> tuple[frozenset[str] | None, int]:
    """:func:`fight_outcomes` with at most ``budget`` points visited, and how many were."""
    foes = block.enemies
    if shin.hits <= 0:
        return frozenset({"lose"}), 0
    found: set[str] = set()
    every = {"win", "lose"} | ({"escape"} if block.escape is not None else set())
    # More attacks an exchange than the enemies have hits to lose reach nothing fewer could: the ones past it
    # can only miss (or strike the dead). Counting them made an ability of a million extra attacks hang the check.
    attacks = min(1 + shin.extra_attacks, 1 + sum(e.hits for e in foes))
    start = (shin.hits, tuple(e.hits for e in foes), attacks, False)
    seen = {start}
    todo = [start]
    while todo and found != every:
        if len(seen) > budget:
            return None, len(seen)
        hits, left, to_go, fought = todo.pop()
        nexts: list[tuple[int, tuple[int, ...], int, bool]] = []
        if fought and to_go == attacks and block.escape is not None:
            found.add("escape")  # a 6 always escapes (R-GB-15); a failure just goes on
        for t, e in enumerate(foes):
            if left[t] == 0:
                continue
            results = []
            if shin.attack + 12 >= e.defense:
                results.append(after_hit(left[t], shin.kill))
            if shin.attack + 2 < e.defense:
                results.append(left[t])
            for after in results:
                now = (*left[:t], after, *left[t + 1:])
                if not any(now):
                    found.add("win")
                elif to_go > 1:
                    nexts.append((hits, now, to_go - 1, fought))
                else:
                    for h in _answers(shin, foes, now, hits):
                        if h == 0:
                            found.add("lose")
                        else:
                            nexts.append((h, now, attacks, True))
        for state in nexts:
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return frozenset(found), len(seen)


def _answers(shin: Fighter, foes: tuple[Enemy, ...], left: tuple[int, ...], hits: int) -> set[int]:
    """Shin's hits after every standing enemy attacks once, each way the blocks can go (R-GB-12)."""
    out = {hits}
    for t, e in enumerate(foes):
        if left[t] == 0:
            continue
        nxt = set()
        for h in out:
            if h == 0:
                nxt.add(0)
                continue
            if shin.defense + 12 >= e.attack:
                nxt.add(h)
            if shin.defense + 2 < e.attack:
                nxt.add(after_hit(h, e.kill))
        out = nxt
    return out


def start_sheets(book: Book) -> list[Sheet]:
    """Every sheet creation can give (R-GB-02): each die 1-6, each spread of it."""
    base = new_sheet(book)
    sheets = {distribute(base, *spread) for points in range(1, 7) for spread in distributions(points)}
    return sorted(sheets, key=lambda s: (s.attack, s.defense, s.stamina))


def explore(book: Book, max_states: int = MAX_STATES) -> Exploration:
    """Play ``book`` every way its rules allow, from every starting sheet (see the module doc)."""
    out = Exploration()
    if book.start not in book.paragraphs:
        return out
    live = _live(book)
    cuts = {pid: _Cut(ahead, book) for pid, ahead in live.items()}
    fights: dict[tuple[Fighter, CombatBlock], frozenset[str]] = {}  # the outcomes each fight can have
    fight_states = 0  # points the fights' searches visited, all fights together
    seen = out.came
    todo: deque[Node] = deque()

    def visit(node: Node, before: Node | None, way: Way) -> None:
        if node not in seen:
            seen[node] = (before, way)
            todo.append(node)

    def enter(pid: str, sheet: Sheet, before: Node | None, way: Way) -> None:
        para = book.paragraphs.get(pid)
        if para is None:
            return
        for effect in para.effects:
            sheet = apply_effect(sheet, effect, book)
        visit((pid, cuts[pid](sheet)), before, way)

    base = new_sheet(book)
    for sheet in start_sheets(book):
        spread = (sheet.attack - base.attack, sheet.defense - base.defense, sheet.stamina - base.stamina)
        enter(book.start, sheet, None, ("start", spread))
    while todo:
        if len(seen) > max_states:
            out.complete = False
            break
        node = todo.popleft()
        pid, sheet = node
        para = book.paragraphs[pid]
        out.reached.add(pid)
        out.first.setdefault(pid, node)
        for kind, key in _asked_at(para):
            value = quantity(sheet, kind, key)
            lo, hi = out.ranges.get((pid, kind, key), (value, value))
            out.ranges[(pid, kind, key)] = (min(lo, value), max(hi, value))
        # Take up another weapon Shin carries (the reader's equip command), while a fight lies ahead.
        for item, count in sheet.items if _FIGHTS in live[pid] else ():
            weapon = book.items.get(item)
            if count and weapon is not None and weapon.kill is not None and item != sheet.weapon:
                visit((pid, sheet.changed(weapon=item, kill=weapon.kill)), node, ("equip", item))
        if para.ending is not None:
            continue
        if para.combat is not None:
            block = para.combat
            possible: dict[str, str] = {}  # outcome → the first ability (or "" for none) it can come with
            for name in ("", *sheet.abilities):
                ability = book.abilities.get(name) if name else None
                shin = fighter_for(sheet, ability)
                if (shin, block) not in fights:
                    # The fights' searches share a bound as large as the book's own.
                    outcomes, spent = _fight_search(shin, block, max_states - fight_states)
                    fight_states += spent
                    if outcomes is None:  # a fight too big to search says nothing, as a book too big does
                        out.complete = False
                        out.states = len(seen)
                        return out
                    fights[shin, block] = outcomes
                for outcome in fights[shin, block]:
                    possible.setdefault(outcome, name)
            for index, outcome in enumerate(OUTCOMES):
                target = {"win": block.win, "lose": block.lose, "escape": block.escape}[outcome]
                if outcome in possible and target is not None:
                    out.ways.add((pid, "combat", index))
                    enter(target, sheet, node, ("combat", index, possible[outcome]))
            continue
        if para.check is not None:
            c = para.check
            value = sheet.stat(c.stat)
            if value + 12 >= c.target:
                out.ways.add((pid, "check", 0))
                enter(c.success, sheet, node, ("check", 0))
            if value + 2 < c.target:
                out.ways.add((pid, "check", 1))
                enter(c.failure, sheet, node, ("check", 1))
            continue
        moved = False
        for kind, ways in para.ways():
            for index, way in enumerate(ways):
                for number, cond in enumerate(way.when):
                    if all_hold(sheet, (cond,)):
                        out.held.add((pid, kind, index, number))
        for index, jump in enumerate(para.jumps):
            if all_hold(sheet, jump.when):
                out.ways.add((pid, "jumps", index))
                enter(jump.to, sheet, node, ("jumps", index))
                moved = True
                out.preempted.update((pid, i) for i, c in enumerate(para.choices) if all_hold(sheet, c.when))
                break
        if not moved:  # the choices are for whoever no jump takes (R-GB-07), as the engine plays them
            for index, choice in enumerate(para.choices):
                if all_hold(sheet, choice.when):
                    out.ways.add((pid, "choices", index))
                    enter(choice.to, sheet, node, ("choices", index))
                    moved = True
        if not moved and pid not in out.stuck:
            out.stuck[pid] = sheet
    out.states = len(seen)
    return out


def _asked_at(para: Paragraph) -> list[tuple[str, str]]:
    """Every (kind, key) a condition of this paragraph asks about."""
    return list(dict.fromkeys((c.kind, c.key) for _, ways in para.ways() for way in ways for c in way.when))


_FIGHTS = ("*", "fight")  # a fight lies ahead: stats, weapon and abilities matter
_STATS = ("*", "stats")  # a check or a stat condition lies ahead: the stats matter


def _live(book: Book) -> dict[str, frozenset[tuple[str, str]]]:
    """For each paragraph, what it or any paragraph reachable from it asks about (a backward fixpoint)."""
    own: dict[str, set[tuple[str, str]]] = {}
    for pid, para in book.paragraphs.items():
        asked = set(_asked_at(para))
        if para.combat is not None:
            asked |= {_FIGHTS, _STATS}
        if para.check is not None or any(kind == "stat" for kind, _ in asked):
            asked.add(_STATS)
        own[pid] = asked
    live = {pid: set(a) for pid, a in own.items()}
    changed = True
    while changed:
        changed = False
        for pid, para in book.paragraphs.items():
            for _, target in para.targets():
                more = live.get(target, set()) - live[pid]
                if more:
                    live[pid] |= more
                    changed = True
    return {pid: frozenset(a) for pid, a in live.items()}


class _Cut:
    """What a sheet keeps where ``live`` is what lies ahead (see the module doc), worked out once per
    paragraph: the search cuts some 190,000 sheets of the Tower of Winds, and asking each item, counter and
    flag against ``live`` anew was a third of its time."""

    def __init__(self, live: frozenset[tuple[str, str]], book: Book) -> None:
        self.fights = _FIGHTS in live
        self.stats = _STATS in live
        weapons = {k for k, item in book.items.items() if item.kill is not None} if self.fights else set()
        self.items = {key for kind, key in live if kind == "item"} | weapons
        self.progress = {key for kind, key in live if kind == "progress"}
        self.flags = {key for kind, key in live if kind == "flag"}
        self.abilities = None if self.fights else {key for kind, key in live if kind == "ability"}

    def __call__(self, sheet: Sheet) -> Sheet:
        """``sheet`` without what nothing ahead asks about."""
        keep = self.items
        changes: dict[str, object] = {}
        if any(k not in keep for k, _ in sheet.items):
            changes["items"] = tuple(kn for kn in sheet.items if kn[0] in keep)
        keep = self.progress
        if any(k not in keep for k, _ in sheet.progress):
            changes["progress"] = tuple(kn for kn in sheet.progress if kn[0] in keep)
        keep = self.flags
        if any(f not in keep for f in sheet.flags):
            changes["flags"] = tuple(f for f in sheet.flags if f in keep)
        keep_abilities = self.abilities
        if keep_abilities is not None and any(a not in keep_abilities for a in sheet.abilities):
            changes["abilities"] = tuple(a for a in sheet.abilities if a in keep_abilities)
        if not self.fights and (sheet.weapon or sheet.kill):
            changes.update(weapon="", kill=0)
        if not self.stats and (sheet.attack or sheet.defense or sheet.stamina):
            changes.update(attack=0, defense=0, stamina=0)
        return sheet.changed(**changes) if changes else sheet


def describe(cond: Condition, book: Book) -> Text:
    """A condition as readers read it, in every language the messages have (for problem reports)."""
    from meikyu.i18n import translate

    out = {}
    for lang in ("ko", "ja", "en"):
        if cond.kind == "flag":
            name = translate("gb.cond.flag", lang, code=cond.key)
        elif cond.kind == "progress":
            name = book.counter_name(cond.key, lang)
        elif cond.kind == "item":
            name = book.item_name(cond.key, lang)
        elif cond.kind == "stat":
            name = translate(f"gb.stat.{cond.key}", lang)
        else:
            name = book.ability_name(cond.key, lang)
        if cond.kind in ("flag", "ability"):
            text = name
        elif cond.at_most is None:
            text = translate("gb.cond.at_least", lang, name=name, n=cond.at_least)
        else:
            text = translate("gb.cond.between", lang, name=name, lo=cond.at_least, hi=cond.at_most)
        out[lang] = translate("gb.cond.not", lang, cond=text) if cond.negate else text
    return Text.of(out)
