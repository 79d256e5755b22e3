"""A terminal round table (``meikyu mk table``): a thin loop of typed commands over the round-table
machine of :mod:`.round_table` (R-MK-03 … R-MK-06).

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
>>> from meikyu.systems.meikyu_kingdom.sheet import sample
>>> s = sample()
>>> runner = TableRunner(s.kingdom, s.characters, "en")
>>> runner.feed("minions doyun 5")[0]
'Doyun now leads 5 minions; 35 citizens stay home.'
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
from meikyu.systems.meikyu_kingdom import facilities
from meikyu.systems.meikyu_kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.character import Character
from meikyu.systems.meikyu_kingdom.display import render_maps
from meikyu.systems.meikyu_kingdom.events import KingdomChanged, RequestResolved
from meikyu.systems.meikyu_kingdom.kingdom import Kingdom

USAGE = {
    "minions": "minions WHO N",
    "item": "item WHO NAME VALUE",
    "facility": "facility NAME ROOM [MAP]",
    "passage": "passage A B [MAP]",
    "destroy": "destroy facility NAME ROOM [MAP] | destroy passage A B [MAP] | destroy entrance ROOM [MAP]",
}
CHANGES_LAND = (rt.RequestFacility, rt.RequestPassage, rt.RequestDestroy)


def _t(key: str, lang: str, **params: object) -> str:
    return translate(f"mk.table_runner.{key}", lang, **params)


class TableRunner:
    """Feeds command lines to a round-table game and returns the lines to print."""

    def __init__(self, kingdom: Kingdom, court: Sequence[Character], lang: str = "ko") -> None:
        self.lang = lang
        self.game: Game[rt.RoundTableState] = Game(
            rt.RoundTableRules(), rt.RoundTableState(kingdom, tuple(court)), ScriptedDice([])
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
            lines = self._command(words[0].lower(), words[1:])
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
            elif not (isinstance(event, KingdomChanged) and event.field == "budget"):
                out.append(self._named(event).render(self.lang))
        if isinstance(action, rt.Approve) and isinstance(answered, CHANGES_LAND):
            out.append(self.map_text())  # the land changed: show the map and its facility groups
        if self.state.stage == "done":
            out.extend(self.status())
        out.append(self.where())
        return out

    def _undo(self) -> list[str]:
        turn = self.game.undo()
        out = [_t("undone", self.lang, action=type(turn.action).__name__), *self.status()]
        if isinstance(turn.action, rt.Approve):
            out.append(self.map_text())
        return [*out, self.where()]

    def _quit(self) -> list[str]:
        self.quit = True
        return self.status()

    def _action(self, name: str, args: list[str]) -> Action:
        state = self.state
        if name in ("approve", "refuse"):
            return rt.Approve() if name == "approve" else rt.Refuse()
        if name == "next":
            return rt.EndOrganization() if state.stage == "organization" else rt.EndBudget()
        if name == "minions":
            self._arity(name, args, 2, 2)
            count = self._int(name, args[1])
            if count < 0:
                raise InputError("mk.table_runner.negative", value=count, command=name)
            return rt.AssignMinions(self._who(args[0]), count)
        if name == "item":
            self._arity(name, args, 3, 3)
            return rt.RequestItem(self._who(args[0]), args[1], self._int(name, args[2]))
        if name == "facility":
            self._arity(name, args, 2, 3)
            return rt.RequestFacility(self._facility(args[0]), self._map(name, args, 2), args[1].upper())
        if name == "passage":
            self._arity(name, args, 2, 3)
            return rt.RequestPassage(self._map(name, args, 2), args[0].upper(), args[1].upper())
        if name == "destroy":
            self._arity(name, args, 2, 4)
            what, rest = args[0].lower(), args[1:]
            if what == "facility" and len(rest) >= 2:
                where = self._map(name, rest, 2)
                return rt.RequestDestroy("facility", where, rest[1].upper(), name=self._facility(rest[0], known_only=False))
            if what == "passage" and len(rest) >= 2:
                return rt.RequestDestroy("passage", self._map(name, rest, 2), rest[0].upper(), other=rest[1].upper())
            if what == "entrance" and len(rest) <= 2:
                return rt.RequestDestroy("entrance", self._map(name, rest, 1), rest[0].upper())
            raise InputError("mk.table_runner.usage", usage=USAGE[name])
        raise InputError("mk.table_runner.unknown", command=name)

    @staticmethod
    def _arity(name: str, args: Sequence[str], low: int, high: int) -> None:
        if not low <= len(args) <= high:
            raise InputError("mk.table_runner.usage", usage=USAGE[name])

    @staticmethod
    def _int(command: str, text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise InputError("mk.table_runner.bad_number", value=text, command=command) from None

    def _map(self, command: str, args: Sequence[str], position: int) -> int:
        """A 1-based map number at ``args[position]`` (map 1 when left out) as a 0-based index."""
        number = self._int(command, args[position]) if len(args) > position else 1
        count = len(self.state.kingdom.maps)
        if not 1 <= number <= count:
            raise InputError("mk.table_runner.no_map", map=number, count=count)
        return number - 1

    def _who(self, name: str) -> str:
        for char in self.state.court:
            if name in (char.id, char.name, *char.names.values()):
                return char.id
        known = ", ".join(c.label(self.lang) for c in self.state.court)
        raise InputError("mk.error.unknown_character", id=name, known=known)

    def _facility(self, name: str, *, known_only: bool = True) -> str:
        """The catalog name of a facility typed in any language (畑, Field → 밭), so that facilities
        typed in ja/en join the groups of those already on the map (R-MK-06)."""
        try:
            return facilities.facility(name).name
        except InputError:
            if not known_only:
                return name  # a sheet may hold facilities outside the catalog; destroying them is fine
            known = ", ".join(f.label(self.lang) for f in facilities.catalog().values())
            raise InputError("mk.table_runner.unknown_facility", name=name, known=known) from None


def describe_request(req: rt.Request, court: Sequence[Character], lang: str) -> str:
    """A round-table request in words (the character by display name, the facility in ``lang``).

    >>> from meikyu.systems.meikyu_kingdom.sheet import sample
    >>> describe_request(rt.RequestPassage(0, "C1", "C2"), sample().characters, "en")
    'passage map 1 C1–C2'
    """
    if isinstance(req, rt.RequestItem):
        who = next((c.label(lang) for c in court if c.id == req.actor), req.actor)
        return _t("req_item", lang, who=who, item=req.item, value=req.value)
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
