"""The gamebook at a table: kind ``reading`` of ``ShinGamebook``.

Seats: ``gm`` and ``reader``. A gamebook is read alone, so the reader takes every action; the GM
(a friend running it, a streamer's moderator) may take any of them on the reader's behalf — the
GM's menu offers them marked ``seat="reader"`` and labelled as done for the reader. The reader's
view holds the paragraphs visited so far and nothing of the rest of the book; the GM's view adds the
whole book.

The state is a :class:`Reading`: the book's own TOML text (so a stored game replays exactly even
if the shipped book changes later) and the reading's :class:`PlayState`.

>>> from meikyu.engine import Game
>>> from meikyu.dice import ScriptedDice
>>> kind = ReadingKind()
>>> game = Game(kind.rules, kind.setup("sample", "en"), dice=ScriptedDice([6, 2]))
>>> [i.key for i in kind.menu(game.state, "reader", "en")]
['creation/roll']
>>> _ = game.play(kind.rules.actions.load(kind.menu(game.state, "reader", "en")[0].action))
>>> [i.label for i in kind.menu(game.state, "gm", "en")]
['take the die showing 6 (for the reader)', 'take the die showing 2 (for the reader)']
>>> kind.prompt(game.state, "reader", "en")["kind"]
'die'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.errors import DataError, InputError
from meikyu.i18n import translate
from meikyu.serial import from_data, to_data
from meikyu.systems.gamebook.book import Book, parse_book
from meikyu.systems.gamebook.books import SAMPLES, sample_path
from meikyu.systems.gamebook.events import GbEvent
from meikyu.systems.gamebook.fighters import p_2d6_at_least
from meikyu.systems.gamebook.policy import AutoPolicy
from meikyu.systems.gamebook.reader import action_label
from meikyu.systems.gamebook.rules import (
    ACTIONS,
    AMEND_KINDS,
    Amend,
    Attack,
    Choose,
    ChooseDie,
    Distribute,
    Equip,
    Escape,
    GamebookRules,
    PlayState,
    Proceed,
    RollCreation,
    UseAbility,
)
from meikyu.table.base import GM, MenuItem, odds_data, per_state
from meikyu.table.events import event_data
from meikyu.table.setup import known_fields

READER = "reader"


@dataclass(frozen=True)
class Reading:
    """A reading at a table: the book (its TOML text) and where the reader is."""

    book: str
    play: PlayState


@lru_cache(maxsize=16)
def _book(text: str) -> tuple[Book, GamebookRules, AutoPolicy]:
    book, problems = parse_book(text, "setup.book")
    if problems:
        from meikyu.systems.gamebook.book import BookError

        raise BookError("setup.book", problems)
    rules = GamebookRules(book)
    return book, rules, AutoPolicy(rules)


class ReadingRules:
    """:class:`GamebookRules` over a :class:`Reading`, so one rules object serves every book."""

    id = "table.gamebook.reading"
    actions = ACTIONS

    def step(self, state: Reading, action: Action, dice: Dice) -> tuple[Reading, tuple[GbEvent, ...]]:
        play, events = _book(state.book)[1].step(state.play, action, dice)
        return replace(state, play=play), events

    def legal_actions(self, state: Reading) -> list[Action]:
        return _book(state.book)[1].legal_actions(state.play)

    def state_to_data(self, state: Reading) -> Any:
        return {"book": state.book, "play": to_data(state.play)}

    def state_from_data(self, data: Any) -> Reading:
        return Reading(str(data["book"]), from_data(PlayState, data["play"]))


class ReadingKind:
    """The ``ShinGamebook`` / ``reading`` table kind (see the module docstring)."""

    system = "ShinGamebook"
    kind = "reading"

    def __init__(self) -> None:
        self.rules = ReadingRules()

    # -- setting up ------------------------------------------------------------------------------
    def setup(self, setup: str | dict[str, Any], lang: str) -> Reading:
        """``"sample"`` (the default shipped book), ``{"sample": "<a shipped book's id>", "story": false}``,
        or ``{"book": "<book TOML text>", "story": false}``."""
        if setup == "sample":
            setup = {"sample": SAMPLES[0]}
        if not isinstance(setup, dict):
            raise DataError("table.error.setup_shape", system=self.system, kind=self.kind,
                            expected='"sample", {"sample": "…"} or {"book": "…", "story": false}')
        known_fields(setup, "setup", ("book", "sample", "story"))
        if "sample" in setup:
            name = setup["sample"]
            if "book" in setup or name not in SAMPLES:
                raise DataError("table.error.setup_field", part="setup", field="sample",
                                expected=" / ".join(SAMPLES) + " (without \"book\")")
            setup = {**setup, "book": sample_path(name).read_text(encoding="utf-8")}
            del setup["sample"]
        text = setup.get("book")
        if not isinstance(text, str) or not text.strip():
            raise DataError("table.error.setup_field", part="setup", field="book",
                            expected=translate("table.expect.book_text", lang))
        story = setup.get("story", False)
        if not isinstance(story, bool):
            raise DataError("table.error.setup_field", part="setup", field="story", expected="true / false")
        _, rules, _ = _book(text)
        return Reading(text, rules.initial(story))

    # -- seats -----------------------------------------------------------------------------------
    def seats(self, state: Reading) -> list[str]:
        return [GM, READER]

    def seat_name(self, state: Reading, seat: str, lang: str) -> str:
        return translate("table.seat.gm" if seat == GM else "table.seat.reader", lang) if seat in (GM, READER) else seat

    def seats_for(self, state: Reading, action: Action) -> frozenset[str]:
        """Every action is the reader's; the GM may take it on the reader's behalf."""
        return frozenset({GM, READER}) if type(action).__name__ in self.rules.actions else frozenset()

    # -- what a seat sees ------------------------------------------------------------------------
    def view(self, state: Reading, seat: str, lang: str) -> dict[str, Any]:
        """The reading as ``seat`` sees it; see the module docstring of :mod:`meikyu.table` kinds."""
        book, rules, _ = _book(state.book)
        s = state.play
        if seat not in (GM, READER):
            return {"system": self.system, "kind": self.kind, "seat": seat}
        sh = s.sheet
        seen: list[str] = []
        for pid in s.path:
            if pid not in seen:
                seen.append(pid)
        view: dict[str, Any] = {
            "system": self.system, "kind": self.kind, "seat": seat,
            "book": {"id": book.id, "title": book.title.get(lang), "sample": shipped_id(state.book)},
            "phase": s.phase, "story": s.story,
            "creation": ({"rolled": list(s.rolled), "points": s.points}
                         if s.phase in ("roll", "choose_die", "distribute") else None),
            "paragraph": (self._paragraph(book, s.paragraph, lang) if s.paragraph else None),
            "path": list(s.path),
            "visited": [self._paragraph(book, pid, lang) for pid in seen],
            "map": reader_map(book, s.path, s.paragraph),
            "sheet": {
                "attack": sh.attack, "defense": sh.defense, "stamina": sh.stamina, "hits": sh.hits,
                "weapon": {"key": sh.weapon, "name": book.item_name(sh.weapon, lang), "kill": sh.kill},
                "items": [{"key": k, "name": book.item_name(k, lang), "count": n} for k, n in sh.items],
                "abilities": [{"key": a, "name": book.ability_name(a, lang),
                               "text": book.abilities[a].text.get(lang) if a in book.abilities else ""}
                              for a in sh.abilities],
                "progress": [{"key": k, "name": book.counter_name(k, lang), "value": v} for k, v in sh.progress],
                "flags": list(sh.flags),
            },
            "combat": self._combat(state, lang),
            "ending": ({"kind": s.ending, "text": translate(f"gb.ending.{s.ending}", lang)}
                       if s.phase == "ended" else None),
            "stuck": rules.is_stuck(s),
        }
        if seat == GM:
            view["paragraphs"] = [self._paragraph(book, pid, lang) for pid in book.paragraphs]
        return view

    @staticmethod
    def _paragraph(book: Book, pid: str, lang: str) -> dict[str, Any]:
        p = book.paragraphs.get(pid)
        return {"id": pid, "text": p.text.get(lang) if p else ""}

    def _combat(self, state: Reading, lang: str) -> dict[str, Any] | None:
        cs = state.play.combat
        if cs is None:
            return None
        book = _book(state.book)[0]
        return {
            "hits": cs.hits, "max_hits": cs.max_hits, "exchanges": cs.exchanges, "chosen": cs.chosen,
            "ability": ({"key": cs.ability, "name": book.ability_name(cs.ability, lang)} if cs.ability else None),
            "escape_allowed": cs.escape_allowed, "can_escape": cs.can_escape(),
            "foes": [{"n": i + 1, "name": f.name.get(lang), "attack": f.attack, "kill": f.kill,
                      "defense": f.defense, "hits": f.hits, "left": f.left} for i, f in enumerate(cs.foes)],
        }

    def events_for(self, state_before: Reading, state_after: Reading, events: Sequence[Event], seat: str,
                   lang: str) -> list[dict[str, Any]]:
        """A reading has no secrets from its reader: both seats see every event; other seats none."""
        if seat not in (GM, READER):
            return []
        return [event_data(e, lang) for e in events]

    # -- what a seat may do ----------------------------------------------------------------------
    @per_state
    def menu(self, state: Reading, seat: str, lang: str) -> list[MenuItem]:
        if seat not in (GM, READER):
            return []
        _, rules, policy = _book(state.book)
        legal = rules.legal_actions(state.play)
        best = self._best_attack(state.play, legal, policy)
        items = []
        for action in legal:
            key, kind, odds = self._describe(state, action)
            label = action_label(rules, state.play, action, lang, best)
            if seat == GM:
                label = translate("table.on_behalf", lang, label=label,
                                  who=translate("table.seat.reader", lang))
            items.append(MenuItem(key, self.rules.actions.dump(action), label, READER, kind, odds, READER))
        if state.play.phase == "read" and state.play.combat is None:  # a ruling by hand on the sheet (issue 25)
            items.append(MenuItem("sheet/amend", self.rules.actions.dump(Amend("gain", "", 1)),
                                  translate("table.gb.amend", lang), READER, "gm" if seat == GM else "other", None,
                                  READER, _amend_form(book_of(state), lang)))
        return items

    @staticmethod
    def _best_attack(s: PlayState, legal: Sequence[Action], policy: AutoPolicy) -> Action | None:
        """The target the exact odds favour (R-GB-14), when there is a choice of targets."""
        if s.combat is None or sum(isinstance(a, Attack) for a in legal) < 2:
            return None
        try:
            return policy.choose(s, legal)
        except (InputError, ValueError):
            return None

    def _describe(self, state: Reading, action: Action) -> tuple[str, str, dict[str, Any] | None]:
        """The stable key, the kind and the exact odds (where a check follows) of a legal action."""
        book, rules, policy = _book(state.book)
        s = state.play
        if isinstance(action, RollCreation):
            return "creation/roll", "check", None
        if isinstance(action, ChooseDie):
            return f"creation/die/{action.index}", "prompt", None
        if isinstance(action, Distribute):
            return f"creation/spread/{action.attack}-{action.defense}-{action.stamina}", "prompt", None
        if isinstance(action, Choose):
            return f"choice/{action.number}/{rules.open_choices(s)[action.number - 1].to}", "move", None
        if isinstance(action, Proceed):
            p = rules.paragraph(s)
            if p.combat:
                return "fight", "attack", None
            if p.check:
                if s.story:
                    return "check", "check", odds_data(Fraction(1))
                return "check", "check", odds_data(p_2d6_at_least(p.check.target - s.sheet.stat(p.check.stat)))
            return f"go/{rules.jump_target(s)}", "move", None
        if isinstance(action, Equip):  # another carried weapon taken up while reading
            return f"equip/{action.item}", "other", None
        cs = s.combat
        assert cs is not None
        if isinstance(action, UseAbility):
            return f"ability/{action.ability or '-'}", "prompt", self._win_odds(state, action.ability, policy)
        if isinstance(action, Attack):
            shin = rules.fighter(s)
            return f"attack/{action.target + 1}", "attack", odds_data(shin.p_hit(cs.foes[action.target].enemy))
        if isinstance(action, Escape):
            return "escape", "check", odds_data(rules.fighter(s).p_escape(len(cs.standing())))
        return type(action).__name__, "other", None

    @staticmethod
    def _win_odds(state: Reading, ability: str, policy: AutoPolicy) -> dict[str, Any] | None:
        """The exact chance to win the whole fight with ``ability`` (R-GB-03), from the shared solver."""
        cs = state.play.combat
        assert cs is not None
        try:
            w, x, d = policy.solver(state.play, ability).fresh(state.play.sheet.hits,
                                                                tuple(f.hits for f in cs.foes))[1]
        except InputError:  # a fight too big to solve exactly
            return None
        return odds_data(Fraction(w, d), lose=Fraction(d - w - x, d))

    def prompt(self, state: Reading, seat: str, lang: str) -> dict[str, Any] | None:
        """The decision waiting (die, distribute, ability, target), addressed to the reader."""
        if seat not in (GM, READER):
            return None
        p = _book(state.book)[1].prompt(state.play)
        if p is None:
            return None
        options = [{"key": i.key, "label": i.label} for i in self.menu(state, seat, lang) if i.kind != "check"]
        return {"kind": p.kind, "seat": READER, "text": translate(f"table.gb.prompt.{p.kind}", lang),
                "options": options}


__all__ = ["Reading", "ReadingKind", "ReadingRules"]


def reader_map(book: Book, path: Sequence[str], here: str) -> dict[str, Any]:
    """The reader's map: the paragraphs visited, laid out in rows by how soon the reading reached them, and
    the steps taken between them — nothing of a paragraph not visited, not even its number (the choices
    already show where one can go, not where each leads).

    >>> book = parse_book(sample_path().read_text(encoding="utf-8"))[0]
    >>> m = reader_map(book, ("1", "3", "2", "5"), "5")
    >>> [(n["id"], n["row"], n["here"]) for n in m["nodes"]], m["links"]
    ([('1', 0, False), ('3', 1, False), ('2', 2, False), ('5', 3, True)], [['1', '3'], ['3', '2'], ['2', '5']])
    """
    from meikyu.systems.gamebook.graph import layers

    seen = list(dict.fromkeys(path))
    steps = list(dict.fromkeys(zip(path, path[1:], strict=False)))
    places = layers(seen[0], seen, steps) if seen else {}
    nodes = []
    for pid in seen:
        p = book.paragraphs.get(pid)
        kind = ("ending-" + p.ending if p.ending else "fight" if p.combat else "check" if p.check else "plain") if p \
            else "plain"
        row, slot = places[pid]
        nodes.append({"id": pid, "row": row, "slot": slot, "kind": kind, "here": pid == here})
    nodes.sort(key=lambda n: (n["row"], n["slot"]))
    return {"nodes": nodes, "links": [[a, b] for a, b in steps if a != b]}


@lru_cache(maxsize=1)
def shipped_books() -> tuple[dict[str, Any], ...]:
    """The books shipped with meikyu, for the home page: id and title in each language, and the text's
    hash (a reading's book is "shipped" when its text is one of these, byte for byte)."""
    import hashlib

    out = []
    for book_id in SAMPLES:
        text = sample_path(book_id).read_text(encoding="utf-8")
        book = _book(text)[0]
        out.append({"id": book_id, "title": {lang: book.title.get(lang) for lang in ("ja", "en", "ko")},
                    "sha": hashlib.sha256(text.encode()).hexdigest()})
    return tuple(out)


def shipped_id(text: str) -> str | None:
    """The id of the shipped book this text is (so "read again" can start it anew), or None for one's own."""
    import hashlib

    sha = hashlib.sha256(text.encode()).hexdigest()
    return next((b["id"] for b in shipped_books() if b["sha"] == sha), None)


def book_of(state: Reading) -> Book:
    return _book(state.book)[0]


def _amend_form(book: Book, lang: str) -> dict[str, Any]:
    """The sheet ruling's fields: which change (the book's effects), what it changes, by how much."""
    kinds = [{"value": k, "label": translate(f"table.gb.amend_{k}", lang)} for k in AMEND_KINDS]
    items = ", ".join(sorted(book.items)[:6])
    return {"kind": {"type": "choice", "label": translate("table.gb.amend_kind", lang), "options": kinds},
            "key": {"type": "text", "label": translate("table.gb.amend_key", lang, items=items)},
            "amount": {"type": "int", "min": -99, "max": 99, "label": translate("table.gb.amend_amount", lang)}}
