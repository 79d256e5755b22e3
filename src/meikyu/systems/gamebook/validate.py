"""The book validator behind ``meikyu gamebook check``.

Finds: links to paragraphs that do not exist, paragraphs no path reaches, dead ends that are not
endings, conditions on flags / counters / items / abilities that nothing in the book sets or
gives, effects on undefined items or abilities, and every structural problem of the loader
(malformed combat blocks among them). Each problem carries the paragraph id and the TOML line.

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

from collections import deque
from dataclasses import dataclass
from pathlib import Path

from meikyu.errors import InputError
from meikyu.systems.gamebook.book import Book, LineIndex, Problem, parse_book, ref_pattern


@dataclass(frozen=True)
class Report:
    """What ``check`` found: the book as far as it could be read, and its problems by line."""

    book: Book
    problems: tuple[Problem, ...]

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
        }


def _problem(index: LineIndex, message_key: str, pid: str | None, patterns: tuple[str, ...] = (),
             **params: object) -> Problem:
    line = index.find(pid, *patterns) if pid is not None else (index.header("book") or 1)
    return Problem(message_key, tuple(params.items()), pid, line)


def check_text(text: str, source: str = "<book>") -> list[Problem]:
    """Every problem of a book given as TOML text, sorted by line."""
    return list(_check(text, source).problems)


def check_book(path: str | Path) -> Report:
    """Check a book file.

    >>> from meikyu.systems.gamebook.books import sample_path
    >>> check_book(sample_path()).ok
    True
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError("gb.error.cannot_read", path=str(p), detail=exc.strerror or str(exc)) from exc
    return _check(text, str(p))


def _check(text: str, source: str) -> Report:
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
            if cond.kind in given and cond.key not in given[cond.kind]:
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
    found.sort(key=lambda p: (p.line, p.key))
    return Report(book, tuple(found))
