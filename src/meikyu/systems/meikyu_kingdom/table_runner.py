"""A terminal round table (``meikyu mk table``): a thin loop of typed commands over the round-table
machine of :mod:`~meikyu.systems.meikyu_kingdom.kingdom.round_table` (R-MK-03 … R-MK-06).

Each line is one command; the runner turns it into a round-table action, plays it through a
:class:`meikyu.engine.Game` (so ``undo`` takes back the last action) and prints what changed: the
map and facility groups after every change to the land, the budget after every request, the
pending request while it waits for the GM. Rule errors are printed and change nothing. Commands::

    minions WHO N              organization: WHO takes N citizens as minions
    next                       end this meeting (organization → budget → done)
    item WHO NAME VALUE        request a common item (value ≤ life level, free)
    facility NAME ROOM [MAP]   request a facility (catalog value) in ROOM of map MAP (from 1)
    passage A B [MAP]          request a passage (1 MG)
    destroy facility NAME ROOM [MAP] | destroy passage A B [MAP] | destroy entrance ROOM [MAP]
    approve | refuse           the GM answers the pending request
    undo | map | status | help | quit

>>> import meikyu.systems.meikyu_kingdom
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> s = sample()
>>> runner = TableRunner(s.kingdom, s.characters, "en")
>>> runner.feed("minions doyun 5")[0]
"Doyun's minions: 5 now; 35 citizens stay home."
>>> _ = runner.feed("next"); out = runner.feed("passage C1 C2")
>>> out[-1]
'GM: approve or refuse — passage map 1 C1–C2 (cost 1 MG, budget 6 MG).'
>>> runner.feed("approve")[0]
'passage map 1 C1–C2: approved, cost 1 MG, budget now 5 MG.'
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable, Sequence
from dataclasses import is_dataclass, replace

from meikyu.dice.source import ScriptedDice
from meikyu.engine import Action, Event, Game
from meikyu.errors import InputError, MeikyuError
from meikyu.i18n import translate
from meikyu.i18n.hangul import settle_particles
from meikyu.systems.meikyu_kingdom.events import RequestResolved
from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.sheets import facilities
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.common_items import common_items
from meikyu.systems.meikyu_kingdom.sheets.display import render_maps
from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom

CHANGES_LAND = (rt.RequestFacility, rt.RequestPassage, rt.RequestDestroy)


def _t(key: str, lang: str, **params: object) -> str:
    return translate(f"mk.table_runner.{key}", lang, **params)


class TableRunner:
    """Feeds command lines to a round-table game and returns the lines to print."""

    def __init__(self, kingdom: Kingdom, court: Sequence[Character], lang: str = "ko") -> None:
        self.lang = lang
        self.game: Game[rt.RoundTableState] = Game(
            rt.RoundTableRules(), rt.RoundTableState(kingdom, tuple(court), seed_review=True), ScriptedDice([])
        )
        self.errors = 0
        self.quit = False

    @property
    def state(self) -> rt.RoundTableState:
        return self.game.state

    @property
    def finished(self) -> bool:
        return self.quit or self.state.stage == "done"

    # -- output --------------------------------------------------------------------------------
    def intro(self) -> list[str]:
        return [_t("title", self.lang, kingdom=self.state.kingdom.label(self.lang)), *self.status(),
                self.map_text(), "", self.where()]

    def where(self) -> str:
        """What the round table waits for now."""
        state = self.state
        if state.pending is not None:
            return _t(
                "pending", self.lang, request=self.describe(state.pending), cost=state.cost(state.pending),
                budget=state.kingdom.budget,
            )
        return _t(f"stage_{state.stage}", self.lang)

    def status(self) -> list[str]:
        k = self.state.kingdom
        minions = ", ".join(f"{c.label(self.lang)} {c.minions}" for c in self.state.court)
        return [_t("status", self.lang, budget=k.budget, citizens=k.citizens, life=k.life, minions=minions)]

    def map_text(self) -> str:
        return render_maps(self.state.kingdom, self.lang)

    def describe(self, req: rt.Request) -> str:
        return describe_request(req, self.state.court, self.lang)

    def _name(self, ident: str) -> str:
        return next((c.label(self.lang) for c in self.state.court if c.id == ident), ident)

    def _named(self, event: Event) -> Event:
        """``event`` with its ``actor`` (a character id) replaced by the character's display name."""
        actor = getattr(event, "actor", None)
        if is_dataclass(event) and isinstance(actor, str) and actor:
            return replace(event, actor=self._name(actor))
        return event

    # -- input ---------------------------------------------------------------------------------
    def feed(self, line: str) -> list[str]:
        """Run one command line; returns the lines to show (errors included, prefixed with ``!``)."""
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            words = line.split()
        if not words:
            return []
        try:
            lines = self._command(command_name(words[0]), words[1:])
        except MeikyuError as err:
            self.errors += 1
            # Rule errors name characters by id; show the display name instead.
            params = {k: self._name(v) if k == "actor" and isinstance(v, str) else v for k, v in err.params.items()}
            lines = ["! " + translate(err.key, self.lang, **params)]
        # Korean texts write 이(가), (으)로 … around filled-in words; settle them now the words are known.
        return [settle_particles(line) for line in lines] if self.lang == "ko" else lines

    def _command(self, name: str, args: list[str]) -> list[str]:
        simple: dict[str, Callable[[], list[str]]] = {
            "help": lambda: _t("help", self.lang).splitlines(),
            "map": lambda: [self.map_text()],
            "status": lambda: [*self.status(), self.where()],
            "undo": self._undo,
            "quit": self._quit,
        }
        if name in simple:
            return simple[name]()
        action = self._action(name, args)
        answered = self.state.pending
        events = self.game.play(action)
        out: list[str] = []
        for event in events:
            if isinstance(event, RequestResolved) and answered is not None:
                # Same request text as the event, but with the character's display name.
                out.append(_t("resolved", self.lang, request=event.describe(self.lang, self._name(event.actor)),
                              result=translate(f"mk.word.{event.result}", self.lang), cost=event.cost,
                              budget=event.budget))
            else:
                out.append(self._named(event).render(self.lang))
        if isinstance(action, rt.Approve) and isinstance(answered, CHANGES_LAND):
            out.append(self.map_text())  # the land changed: show the map and its facility groups
        if self.state.stage == "done":
            out.extend(self.status())
        out.append(self.where())
        return out

    def _undo(self) -> list[str]:
        turn = self.game.undo()
        out = [_t("undone", self.lang, action=action_words(turn.action, self.lang)), *self.status()]
        if isinstance(turn.action, rt.Approve):
            out.append(self.map_text())
        return [*out, self.where()]

    def _quit(self) -> list[str]:
        self.quit = True
        return self.status()

    def _action(self, name: str, args: list[str]) -> Action:
        return command_action(self.state, name, args, self.lang)


COMMAND_WORDS: dict[str, tuple[str, ...]] = {
    "approve": ("허가", "승인", "許可", "承認"),
    "refuse": ("거절", "거부", "却下", "拒否"),
    "next": ("다음", "次"),
    "minions": ("부하", "配下"),
    "item": ("아이템", "アイテム"),
    "facility": ("시설", "施設"),
    "passage": ("통로", "通路"),
    "destroy": ("파괴", "破壊"),
    "undo": ("되돌리기", "취소", "取り消し"),
    "map": ("지도", "地図"),
    "status": ("상태", "状態"),
    "help": ("도움말", "ヘルプ", "?"),
    "quit": ("끝", "끝내기", "종료", "終了"),
}
"""The commands in Korean and Japanese as well as English (issue 12 §4)."""


def command_name(word: str) -> str:
    """The English command a typed word names (``허가`` → ``approve``); other words as typed, lowercased.

    >>> command_name("허가"), command_name("却下"), command_name("Item")
    ('approve', 'refuse', 'item')
    """
    low = word.strip().lower()
    for name, words in COMMAND_WORDS.items():
        if low in words:
            return name
    return low


def action_words(action: Action, lang: str) -> str:
    """A round-table action in words, for the undo line (never a class name)."""
    snake = "".join("_" + ch.lower() if ch.isupper() else ch for ch in type(action).__name__).lstrip("_")
    return _t(f"action.{snake}", lang)


def command_action(state: rt.RoundTableState, name: str, args: list[str], lang: str = "ko") -> Action:
    """The round-table action a typed command names (``minions doyun 6``, ``item seoa 도시락 1`` …).

    >>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    >>> s = sample()
    >>> command_action(rt.RoundTableState(s.kingdom, s.characters), "minions", ["ドユン", "6"])
    AssignMinions(actor='doyun', count=6)
    """
    if name in ("approve", "refuse"):
        return rt.Approve() if name == "approve" else rt.Refuse()
    if name == "next":
        return rt.EndOrganization() if state.stage == "organization" else rt.EndBudget()
    if name == "minions":
        _arity(name, args, 2, 2)
        count = _int(name, args[1])
        if count < 0:
            raise InputError("mk.table_runner.negative", value=count, command=name)
        return rt.AssignMinions(_who(state, args[0], lang), count)
    if name == "item":
        _arity(name, args, 3, 3)
        return rt.RequestItem(_who(state, args[0], lang), args[1], _int(name, args[2]))
    if name == "facility":
        _arity(name, args, 2, 3)
        return rt.RequestFacility(_facility(lang, args[0]), _map(state, name, args, 2), args[1].upper())
    if name == "passage":
        _arity(name, args, 2, 3)
        return rt.RequestPassage(_map(state, name, args, 2), args[0].upper(), args[1].upper())
    if name == "destroy":
        _arity(name, args, 2, 4)
        what, rest = args[0].lower(), args[1:]
        if what == "facility" and len(rest) >= 2:
            where = _map(state, name, rest, 2)
            return rt.RequestDestroy("facility", where, rest[1].upper(), name=_facility(lang, rest[0], known_only=False))
        if what == "passage" and len(rest) >= 2:
            return rt.RequestDestroy("passage", _map(state, name, rest, 2), rest[0].upper(), other=rest[1].upper())
        if what == "entrance" and len(rest) <= 2:
            return rt.RequestDestroy("entrance", _map(state, name, rest, 1), rest[0].upper())
        raise InputError(f"mk.table_runner.usage_{name}")
    raise InputError("mk.table_runner.unknown", command=name)


def _arity(name: str, args: Sequence[str], low: int, high: int) -> None:
    if not low <= len(args) <= high:
        raise InputError(f"mk.table_runner.usage_{name}")


def _int(command: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError("mk.table_runner.bad_number", value=text, command=command) from None


def _map(state: rt.RoundTableState, command: str, args: Sequence[str], position: int) -> int:
    """A 1-based map number at ``args[position]`` (map 1 when left out) as a 0-based index."""
    number = _int(command, args[position]) if len(args) > position else 1
    count = len(state.kingdom.maps)
    if not 1 <= number <= count:
        raise InputError("mk.table_runner.no_map", map=number, count=count)
    return number - 1


def _who(state: rt.RoundTableState, name: str, lang: str) -> str:
    for char in state.court:
        if name in (char.id, char.name, *char.names.values()):
            return char.id
    known = ", ".join(c.label(lang) for c in state.court)
    raise InputError("mk.error.unknown_character", id=name, known=known)


def _facility(lang: str, name: str, *, known_only: bool = True) -> str:
    """The catalog name of a facility typed in any language (畑, Field → 밭), so that facilities
    typed in ja/en join the groups of those already on the map (R-MK-06)."""
    try:
        return facilities.facility(name).name
    except InputError:
        if not known_only:
            return name  # a sheet may hold facilities outside the catalog; destroying them is fine
        known = ", ".join(f.label(lang) for f in facilities.catalog().values())
        raise InputError("mk.table_runner.unknown_facility", name=name, known=known) from None


def describe_request(req: rt.Request, court: Sequence[Character], lang: str) -> str:
    """A round-table request in words (the character by display name, the facility in ``lang``).

    >>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    >>> describe_request(rt.RequestPassage(0, "C1", "C2"), sample().characters, "en")
    'passage map 1 C1–C2'
    """
    if isinstance(req, rt.RequestItem):
        who = next((c.label(lang) for c in court if c.id == req.actor), req.actor)
        known = common_items().get(req.item) if req.common else None  # a catalog item, by its name
        return _t("req_item", lang, who=who, item=known.item.label(lang) if known else req.item, value=req.value)
    if isinstance(req, rt.RequestFacility):
        return _t("req_facility", lang, name=facilities.label(req.name, lang), map=req.land + 1, room=req.room)
    if isinstance(req, rt.RequestPassage):
        return _t("req_passage", lang, map=req.land + 1, a=req.a, b=req.b)
    what = req.name if req.what == "facility" else (f"{req.room}–{req.other}" if req.what == "passage" else req.room)
    return _t(f"req_destroy_{req.what}", lang, map=req.land + 1, what=facilities.label(what, lang), room=req.room)


def run_lines(runner: TableRunner, lines: Iterable[str], echo: bool, out: Callable[[str], None]) -> None:
    """Feed ``lines`` until the round table ends or ``quit``; ``echo`` repeats each command (scripts)."""
    for line in lines:
        if echo and line.strip() and not line.lstrip().startswith("#"):
            out(f"> {line.rstrip()}")
        for text in runner.feed(line):
            out(text)
        if runner.finished:
            break
