"""The book validator behind ``meikyu gamebook check``.

Finds: links to paragraphs that do not exist, paragraphs no path reaches, dead ends that are not
endings, conditions on flags / counters / items / abilities that nothing in the book sets or
gives, effects on undefined items or abilities, and every structural problem of the loader
(malformed combat blocks among them). Each problem carries the paragraph id and the TOML line.

Then it plays the book (:func:`meikyu.systems.gamebook.explore.explore`): paragraphs and endings the
links reach but no play does, jumps never taken and choices never shown (with the condition that
never holds and what the sheet holds there instead), paragraphs where some sheet is stuck, and
fights that can never be won. Warnings: a fight that can never be lost, an escape that never
happens, a check that cannot fail or cannot succeed, and a search that hit its bound.

Warnings (they do not fail the check): a combat block that can never end for some attack and
defense Shin could bring to it: an enemy he cannot hit even on a 12 and who can never wound
him, with no escape allowed (see :func:`endless_fights`); a paragraph whose every way on has a
condition, so that some sheets find no way on (see :func:`no_fallback`).

>>> problems = check_text('''
... [book]
... id = "bad"
... start = 1
... [p.1]
... text = "Start."
... jumps = [{ if = { flag = 12 }, to = 2 }, { to = 9 }]
... [p.2]
... text = "Nowhere to go."
... [p.3]
... text = "Nobody comes here."
... ending = "bad"
... ''')
>>> [(p.key.split(".")[-1], p.paragraph, p.line) for p in problems]
[('missing_target', '1', 7), ('never_set', '1', 7), ('dead_end', '2', 8), ('unreachable', '3', 10)]
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, replace
from pathlib import Path

from meikyu.files import read_text
from meikyu.systems.gamebook.book import Book, Condition, Problem, parse_book
from meikyu.systems.gamebook.explore import MAX_STATES, describe, explore
from meikyu.systems.gamebook.lines import LineIndex, ref_pattern
from meikyu.systems.gamebook.sheet import START_CAP, START_STAT
from meikyu.systems.gamebook.text import Text


@dataclass(frozen=True)
class Report:
    """What ``check`` found: the book as far as it could be read, and its problems by line."""

    book: Book
    problems: tuple[Problem, ...]
    warnings: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> dict[str, int]:
        ps = self.book.paragraphs.values()
        return {
            "paragraphs": len(self.book.paragraphs),
            "endings": sum(1 for p in ps if p.ending is not None),
            "combats": sum(1 for p in ps if p.combat is not None),
            "checks": sum(1 for p in ps if p.check is not None),
            "problems": len(self.problems),
            "warnings": len(self.warnings),
        }


def _problem(index: LineIndex, message_key: str, pid: str | None, patterns: tuple[str, ...] = (),
             **params: object) -> Problem:
    line = index.find(pid, *patterns) if pid is not None else (index.header("book") or 1)
    return Problem(message_key, tuple(params.items()), pid, line)


def check_text(text: str, source: str = "<book>", max_states: int = MAX_STATES) -> list[Problem]:
    """Every problem of a book given as TOML text, sorted by line."""
    return list(_check(text, source, max_states).problems)


def check_book(path: str | Path, max_states: int = MAX_STATES, play: bool = True) -> Report:
    """Check a book file; ``max_states`` bounds the play search. ``play=False`` checks only what can be
    read off the text (links, reachability, dead ends, names): what a reader needs before reading, in
    milliseconds, where playing every way through a book can take seconds.

    >>> from meikyu.systems.gamebook.books import sample_path
    >>> check_book(sample_path()).ok, check_book(sample_path(), play=False).ok
    (True, True)
    """
    p = Path(path)
    return _check(read_text(p), str(p), max_states, play)


def _check(text: str, source: str, max_states: int = MAX_STATES, play: bool = True) -> Report:
    book, problems = parse_book(text, source)
    index = LineIndex(text)
    found = list(problems)
    paragraphs = book.paragraphs
    if book.start and paragraphs and book.start not in paragraphs:
        found.append(_problem(index, "gb.check.no_start", None, start=book.start))
    # Links to paragraphs that do not exist.
    for pid, para in paragraphs.items():
        for field, target in para.targets():
            if target and target not in paragraphs:
                found.append(_problem(index, "gb.check.missing_target", pid, (ref_pattern(target),),
                                      field=field, target=target))
    # Reachability from the start, over every kind of link.
    seen: set[str] = set()
    queue = deque([book.start] if book.start in paragraphs else [])
    while queue:
        pid = queue.popleft()
        if pid in seen:
            continue
        seen.add(pid)
        queue.extend(t for _, t in paragraphs[pid].targets() if t in paragraphs and t not in seen)
    if book.start in paragraphs:
        for pid in paragraphs:
            if pid not in seen:
                found.append(_problem(index, "gb.check.unreachable", pid))
    # Dead ends: no way on, and not an ending.
    for pid, para in paragraphs.items():
        if para.ending is None and not para.targets():
            found.append(_problem(index, "gb.check.dead_end", pid))
    # What the book sets or gives, against what it asks about.
    given: dict[str, set[str]] = {"flag": set(), "progress": set(), "item": set(book.start_items),
                                  "ability": set()}
    for para in paragraphs.values():
        for effect in para.effects:
            if effect.kind == "flag":
                given["flag"].add(effect.key)
            elif effect.kind == "progress" and effect.amount > 0:
                given["progress"].add(effect.key)
            elif effect.kind in ("gain", "equip"):
                given["item"].add(effect.key)
            elif effect.kind == "learn":
                given["ability"].add(effect.key)
    for pid, para in paragraphs.items():
        conditions = [c for j in para.jumps for c in j.when] + [c for ch in para.choices for c in ch.when]
        for cond in conditions:
            # A blank flag is absent and a blank counter 0 (R-GB-05/06): "not recorded", "at most 1" hold then.
            if cond.kind in given and cond.key not in given[cond.kind] and not holds_blank(cond):
                key_text = str(int(cond.key)) if cond.kind == "flag" else cond.key
                found.append(_problem(index, "gb.check.never_set", pid,
                                      (rf"\b{cond.kind}\s*=\s*[\"']?{key_text}\b",), kind=cond.kind, name=cond.key))
        for effect in para.effects:
            if effect.kind in ("gain", "lose", "equip") and effect.key not in book.items:
                found.append(_problem(index, "gb.check.unknown_item", pid, (rf"[\"']{effect.key}[\"']",),
                                      item=effect.key))
            if effect.kind == "learn" and effect.key not in book.abilities:
                found.append(_problem(index, "gb.check.unknown_ability", pid, (rf"[\"']{effect.key}[\"']",),
                                      ability=effect.key))
            if effect.kind == "equip" and effect.key in book.items and book.items[effect.key].kill is None:
                found.append(_problem(index, "gb.check.not_weapon", pid, (rf"[\"']{effect.key}[\"']",),
                                      item=effect.key))
    warned = [*endless_fights(book, index), *no_fallback(book, index), *same_choices(book, index)]
    if play and not found:  # play only a book whose links hold
        played, played_warnings = play_problems(book, index, seen, max_states)
        found += played
        warned += played_warnings
    found.sort(key=lambda p: (p.line, p.key))
    warnings = sorted(warned, key=lambda p: (p.line, p.key))
    return Report(book, tuple(found), tuple(warnings))


def holds_blank(cond: Condition) -> bool:
    """Whether a condition holds on a sheet that never got what it asks about (nothing there counts 0).

    >>> holds_blank(Condition("flag", "50", negate=True)), holds_blank(Condition("progress", "noise", 0, 1))
    (True, True)
    >>> holds_blank(Condition("flag", "50")), holds_blank(Condition("item", "key"))
    (False, False)
    """
    return (cond.at_least <= 0 and (cond.at_most is None or cond.at_most >= 0)) != cond.negate


def _way(kind: str, number: int, target: str) -> Text:
    from meikyu.i18n import translate

    return Text.of({lang: translate(f"gb.check.way_{kind}", lang, n=number, target=target)
                    for lang in ("ko", "ja", "en")})


def play_problems(book: Book, index: LineIndex, linked: set[str],
                  max_states: int = MAX_STATES) -> tuple[list[Problem], list[Problem]]:
    """Problems and warnings found by playing the book every way (see the module doc)."""
    found = explore(book, max_states)
    if not found.complete:
        return [], [_problem(index, "gb.check.search_bound", None, states=max_states)]
    problems: list[Problem] = []
    warnings: list[Problem] = []
    for pid, para in book.paragraphs.items():
        if pid in linked and pid not in found.reached:
            key = "gb.check.ending_never_reached" if para.ending is not None else "gb.check.never_reached"
            problems.append(_problem(index, key, pid, kind=para.ending or ""))
    for pid in sorted(found.reached, key=lambda p: book.paragraphs[p].line):
        para = book.paragraphs[pid]
        for kind, ways in para.ways():
            for number, way in enumerate(ways):
                if found.taken(pid, kind, number):
                    continue
                where = _way(kind, number + 1, way.to)
                line = (ref_pattern(way.to),)
                never = [c for i, c in enumerate(way.when) if (pid, kind, number, i) not in found.held]
                if kind == "choices" and (pid, number) in found.preempted:
                    problems.append(_problem(index, "gb.check.choice_shadowed", pid, line, way=where))
                elif never:
                    cond = never[0]
                    lo, hi = found.value_range(pid, cond.kind, cond.key) or (0, 0)
                    if cond.kind in ("flag", "ability"):
                        key = "gb.check.always_there" if cond.negate else "gb.check.never_there"
                        problems.append(_problem(index, key, pid, line, way=where,
                                                 cond=describe(replace(cond, negate=False), book)))
                    else:
                        span = str(lo) if lo == hi else f"{lo}–{hi}"
                        problems.append(_problem(index, "gb.check.never_holds", pid, line, way=where,
                                                 cond=describe(cond, book), span=span))
                elif kind == "jumps" and way.when and len(way.when) > 1:
                    problems.append(_problem(index, "gb.check.never_together", pid, line, way=where))
                elif kind == "jumps":
                    problems.append(_problem(index, "gb.check.shadowed", pid, line, way=where))
                else:
                    problems.append(_problem(index, "gb.check.never_together", pid, line, way=where))
        if pid in found.stuck:
            problems.append(_problem(index, "gb.check.stuck", pid))
        if para.combat is not None:
            for number, outcome in enumerate(("win", "lose", "escape")):
                target = getattr(para.combat, outcome)
                if target is None or found.taken(pid, "combat", number):
                    continue
                key = f"gb.check.never_{outcome}"
                entry = _problem(index, key, pid, (rf"\b{outcome}\b",), target=target)
                (problems if outcome == "win" else warnings).append(entry)
        if para.check is not None:
            for number, outcome in enumerate(("success", "failure")):
                if not found.taken(pid, "check", number):
                    warnings.append(_problem(index, f"gb.check.never_{outcome}", pid, (r"\bcheck\b",),
                                             target=getattr(para.check, outcome)))
    return problems, warnings


_WIDE = 10**6  # "as high as you like": a loop in the book that keeps raising a stat


def stat_ranges(book: Book) -> dict[str, dict[str, tuple[int, int]]]:
    """For each reachable paragraph, the lowest and highest attack and defense Shin can have there
    (after its effects): 4 plus 0-2 from creation (R-GB-02), then every path's stat effects. A loop
    that keeps changing a stat widens its range to 0 or to "unbounded" instead of running for ever.

    >>> from meikyu.systems.gamebook.books import sample_path
    >>> from meikyu.systems.gamebook.book import load_book
    >>> stat_ranges(load_book(sample_path()))["1"]
    {'attack': (4, 6), 'defense': (4, 6)}
    """
    stats = ("attack", "defense")
    ranges: dict[str, dict[str, tuple[int, int]]] = {}
    updates: dict[str, int] = {}

    def arrive(pid: str, entry: dict[str, tuple[int, int]]) -> bool:
        para = book.paragraphs[pid]
        out = {}
        for st in stats:
            delta = sum(e.amount for e in para.effects if e.kind == "stat" and e.key == st)
            lo, hi = entry[st]
            out[st] = (max(0, lo + delta), min(_WIDE, hi + delta) if hi < _WIDE else _WIDE)
        old = ranges.get(pid)
        if old is not None:
            out = {st: (min(old[st][0], out[st][0]), max(old[st][1], out[st][1])) for st in stats}
            if out == old:
                return False
            updates[pid] = updates.get(pid, 0) + 1
            if updates[pid] > 8:  # still moving: a loop; give up on precision, stay sound
                out = {st: (0 if out[st][0] < old[st][0] else out[st][0],
                            _WIDE if out[st][1] > old[st][1] else out[st][1]) for st in stats}
        ranges[pid] = out
        return True

    if book.start not in book.paragraphs:
        return ranges
    first = {st: (START_STAT, START_CAP) for st in stats}
    arrive(book.start, first)
    todo = deque([book.start])
    while todo:
        pid = todo.popleft()
        for _, target in book.paragraphs[pid].targets():
            if target in book.paragraphs and arrive(target, ranges[pid]):
                todo.append(target)
    return ranges


def endless_fights(book: Book, index: LineIndex | None = None) -> list[Problem]:
    """Combat blocks that can never end for some attack and defense Shin could bring (R-GB-10, R-GB-12),
    by the ranges of :func:`stat_ranges` (unreachable paragraphs are reported as such already).

    Enemies Shin cannot hit even on a 12 outlive every other enemy; if none of them can ever wound him
    (a 2 still blocks) and the book allows no escape (R-GB-15), the fight goes on for ever. Every
    ability in the book is tried too (R-GB-03: the reader may use any he has).

    >>> book = parse_book(GOLEM)[0]
    >>> [(w.key, w.paragraph, w.line, dict(w.params)["attack"]) for w in endless_fights(book, LineIndex(GOLEM))]
    [('gb.check.endless', '1', 6, 4)]
    """
    ranges = stat_ranges(book)
    mods = [(0, 0)] + [(a.attack, a.defense) for a in book.abilities.values()]
    found = []
    for pid, para in book.paragraphs.items():
        block = para.combat
        if block is None or block.escape is not None or not block.enemies or pid not in ranges:
            continue
        attacks, defenses = ranges[pid]["attack"], ranges[pid]["defense"]
        hit = None
        # Only attacks below the toughest defense can fail on a 12.
        for attack in range(attacks[0], min(attacks[1], max(e.defense for e in block.enemies)) + 1):
            for da, dd in mods:
                a, d = attack + da, defenses[1] + dd  # the best defense makes wounds least likely
                never_hit = [i for i, e in enumerate(block.enemies) if a + 12 < e.defense]
                if never_hit and all(d + 2 >= block.enemies[i].attack for i in never_hit):
                    hit = (a, d, never_hit[0])
                    break
            if hit:
                break
        if hit is None:
            continue
        a, d, first = hit
        enemy = block.enemies[first]
        line = index.enemy(pid, first + 1) if index is not None else para.line
        params = (("attack", a), ("defense", d), ("enemy", first + 1), ("name", enemy.name.get(book.lang)),
                  ("enemy_defense", enemy.defense), ("enemy_attack", enemy.attack))
        found.append(Problem("gb.check.endless", params, pid, line))
    return found


GOLEM = """
[book]
id = "w"
start = 1
[p.1]
combat = { win = 2, lose = 2, enemies = [{ name = "golem", attack = 5, kill = 1, defense = 20, hits = 3 }] }
text = "A stone golem."
[p.2]
text = "End."
ending = "good"
"""  # a doctest book: a golem nobody can hit, who never wounds anybody


def no_fallback(book: Book, index: LineIndex | None = None) -> list[Problem]:
    """Paragraphs whose every way on has a condition (R-GB-07): if none holds the reader is stuck.

    Jumps are tried first and the choices show when no jump holds, so a paragraph whose jumps and
    choices all have conditions (and no check, fight or ending) is a dead end for some sheets; a pair of jumps on the same
    condition, one negated, covers every case and is not reported.

    >>> book = parse_book(KEYS)[0]
    >>> [(w.key, w.paragraph, w.line) for w in no_fallback(book, LineIndex(KEYS))]
    [('gb.check.no_fallback', '1', 7)]
    """
    found = []
    for pid, para in book.paragraphs.items():
        if para.ending is not None or para.check is not None or para.combat is not None:
            continue
        ways = [j.when for j in para.jumps] + [c.when for c in para.choices]  # choices show when no jump holds
        if not ways or any(not when for when in ways):
            continue
        singles = {(w[0].kind, w[0].key, w[0].at_least, w[0].at_most, w[0].negate) for w in ways if len(w) == 1}
        if any((k, key, lo, hi, not neg) in singles for k, key, lo, hi, neg in singles):
            continue  # "if X … / if not X …": one of them always holds
        field = "choices" if para.choices else "jumps"
        line = index.find(pid, rf"\b{field}\b") if index is not None else para.line
        found.append(Problem("gb.check.no_fallback", (("field", field),), pid, line))
    return found


KEYS = """
[book]
id = "k"
start = 1
[p.1]
text = "A locked door."
jumps = [{ to = 2, if = { item = "sword" } }]
[p.2]
text = "Inside."
ending = "good"
"""  # a doctest book: without the sword there is no way on


def same_choices(book: Book, index: LineIndex | None = None) -> list[Problem]:
    """Choices of one paragraph that read the same: shown once when they also lead to the same paragraph
    (:meth:`GamebookRules.open_choices`), with where each goes when they do not; either way the author
    hears of it.

    >>> book = parse_book(TWINS)[0]
    >>> [(w.key, w.paragraph, w.line) for w in same_choices(book, LineIndex(TWINS))]
    [('gb.check.same_choice', '1', 8), ('gb.check.same_text', '1', 9)]
    """
    found = []
    for pid, para in book.paragraphs.items():
        for number, choice in enumerate(para.choices):
            other = next((i for i, c in enumerate(para.choices[:number]) if c.text == choice.text), None)
            if other is None:
                continue
            key = "gb.check.same_choice" if para.choices[other].to == choice.to else "gb.check.same_text"
            line = para.line
            if index is not None:
                lines = [n for b, e in index.spans.get(pid, []) for n in range(b, e + 1)
                         if re.search(ref_pattern(choice.to), index.lines[n - 1])]
                earlier = sum(1 for c in para.choices[:number] if c.to == choice.to)
                line = lines[min(earlier, len(lines) - 1)] if lines else para.line
            found.append(Problem(key, (("way", _way("choices", number + 1, choice.to)), ("other", other + 1)),
                                 pid, line))
    return found


TWINS = """
[book]
id = "t"
start = 1
[p.1]
text = "Two doors."
choices = [{ to = 2, text = "Open" },
  { to = 2, text = "Open" },
  { to = 3, text = "Open" }]
[p.2]
text = "In."
ending = "good"
[p.3]
text = "Out."
ending = "normal"
"""  # a doctest book: the same words three times, twice to the same paragraph
