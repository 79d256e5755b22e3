"""The round table of the kingdom phase (R-MK-03 … R-MK-06): organization, then budget meeting.

Organization (R-MK-04): citizens go to characters as minions; those not handed out stay home.
Budget (R-MK-05): requests — a common item (value ≤ life level, free, one per character), a facility
for its value placed in a chosen room, a passage for 1 MG, destroying a facility / passage /
entrance for 1 MG each. Every request waits for the GM (prompt ``gm_approval``): approve or refuse;
approving what the budget cannot pay is refused by the rules. Only approved requests change the
kingdom, and facility groups follow from the map (R-MK-06).

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.engine import Game
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> s = sample()
>>> game = Game(RoundTableRules(), RoundTableState(s.kingdom, s.characters), ScriptedDice([]))
>>> _ = game.play(AssignMinions("doyun", 10)); _ = game.play(EndOrganization())
>>> _ = game.play(RequestFacility("밭", 0, "B3")); _ = game.play(Approve())
>>> k = game.state.kingdom
>>> k.budget, k.citizens, [g.level for g in k.maps[0].facility_groups() if g.name == "밭"]
(5, 30, [2, 1, 1])
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event, Prompt
from meikyu.errors import InputError, RuleError
from meikyu.serial import TypeRegistry, from_data, to_data
from meikyu.systems.meikyu_kingdom.events import MinionsAssigned, RequestResolved
from meikyu.systems.meikyu_kingdom.sheets import facilities
from meikyu.systems.meikyu_kingdom.sheets.character import Character, Item
from meikyu.systems.meikyu_kingdom.sheets.common_items import common_items
from meikyu.systems.meikyu_kingdom.sheets.kingdom import ROOMS, Kingdom, LandMap, adjacent, passage

ACTIONS = TypeRegistry()

PASSAGE_COST = 1
DESTROY_COST = 1


@ACTIONS.register
@dataclass(frozen=True)
class AssignMinions(Action):
    """Organization meeting: ``count`` citizens become ``actor``'s minions (R-MK-04)."""

    actor: str
    count: int


@ACTIONS.register
@dataclass(frozen=True)
class EndOrganization(Action):
    """Close the organization meeting; the rest of the citizens stay home."""


@ACTIONS.register
@dataclass(frozen=True)
class RequestItem(Action):
    """A common item of ``value`` ≤ life level for ``actor``, free of budget; one per character.

    ``common``: ``item`` is the id of an item in the common-item catalog
    (:func:`~meikyu.systems.meikyu_kingdom.sheets.common_items.common_items`), which it gives with its data
    (a requested Salve heals) and whose value it has; otherwise ``item`` names a custom item the GM
    approves, given as a name alone."""

    actor: str
    item: str
    value: int
    common: bool = False


@ACTIONS.register
@dataclass(frozen=True)
class RequestFacility(Action):
    """Buy facility ``name`` for ``value`` MG (catalog value when ``None``) in ``room`` of map ``land``."""

    name: str
    land: int
    room: str
    value: int | None = None


@ACTIONS.register
@dataclass(frozen=True)
class RequestPassage(Action):
    """A passage between adjacent rooms ``a`` and ``b`` of map ``land`` for 1 MG."""

    land: int
    a: str
    b: str


@ACTIONS.register
@dataclass(frozen=True)
class RequestDestroy(Action):
    """Destroy for 1 MG: ``what`` = ``facility`` (``name`` in ``room``), ``passage`` (``room``–``other``)
    or ``entrance`` (of ``room``)."""

    what: str
    land: int
    room: str
    other: str = ""
    name: str = ""


@ACTIONS.register
@dataclass(frozen=True)
class Approve(Action):
    """The GM approves the pending request (by anchor, dice or discretion)."""


@ACTIONS.register
@dataclass(frozen=True)
class Refuse(Action):
    """The GM refuses the pending request: nothing changes."""


@ACTIONS.register
@dataclass(frozen=True)
class EndBudget(Action):
    """Close the budget meeting (and the round table)."""


Request = RequestItem | RequestFacility | RequestPassage | RequestDestroy


@dataclass(frozen=True)
class RoundTableState:
    kingdom: Kingdom
    court: tuple[Character, ...] = ()
    stage: str = "organization"
    """organization → budget → done."""
    pending: RequestItem | RequestFacility | RequestPassage | RequestDestroy | None = None
    items_requested: tuple[str, ...] = ()
    """Characters who already asked for their free item this meeting, approved or refused (R-MK-05)."""
    seed_review: bool = False
    """A facility costs its value (R-MK-05): a catalog facility its catalog value, whatever the request
    says; a facility the catalog lacks the value the request gives, at least 1. New round tables set it
    (issue 28, session 7); off, round tables saved before take a request's value as it was played."""

    @property
    def prompt(self) -> Prompt | None:
        if self.pending is not None:
            return Prompt("gm_approval", "gm", ("approve", "refuse") if self.affordable() else ("refuse",))
        return None

    @property
    def citizens_home(self) -> int:
        return self.kingdom.citizens

    def cost(self, request: Request) -> int:
        if isinstance(request, RequestItem):
            return 0
        if isinstance(request, RequestFacility):
            if self.seed_review and facilities.known(request.name):
                return facilities.facility(request.name).value
            return request.value if request.value is not None else facilities.facility(request.name).value
        if isinstance(request, RequestPassage):
            return PASSAGE_COST
        return DESTROY_COST

    def affordable(self) -> bool:
        return self.pending is not None and self.cost(self.pending) <= self.kingdom.budget

    def character(self, ident: str) -> Character:
        for char in self.court:
            if char.id == ident:
                return char
        raise InputError("mk.error.unknown_character", id=ident, known=", ".join(c.id for c in self.court))

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = to_data(self)
        data["kingdom"] = self.kingdom.to_data()
        data["court"] = [c.to_data() for c in self.court]
        data["pending"] = None if self.pending is None else ACTIONS.dump(self.pending)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> RoundTableState:
        pending = data.get("pending")
        return cls(
            Kingdom.from_data(data["kingdom"]),
            tuple(Character.from_data(c) for c in data.get("court", [])),
            data.get("stage", "organization"),
            None if pending is None else ACTIONS.load(pending),
            from_data(tuple[str, ...], data.get("items_requested", [])),
            bool(data.get("seed_review", False)),
        )


class RoundTableRules:
    """:class:`meikyu.engine.Rules` for the round table."""

    id = "mk.round_table"
    actions = ACTIONS

    def legal_actions(self, state: RoundTableState) -> list[Action]:
        if state.pending is not None:
            return [Approve(), Refuse()] if state.affordable() else [Refuse()]
        if state.stage == "organization":
            return [EndOrganization()]
        if state.stage == "budget":
            return [EndBudget(), *catalog_requests(state)]
        return []

    def step(self, state: RoundTableState, action: Action, dice: Dice) -> tuple[RoundTableState, tuple[Event, ...]]:
        if state.stage == "done":
            raise RuleError("R-MK-03", "mk.error.round_table.over")
        if isinstance(action, (Approve, Refuse)):
            return _answer(state, action)
        if state.pending is not None:
            raise RuleError("R-MK-05", "mk.error.round_table.pending")
        if isinstance(action, AssignMinions):
            return _assign(state, action)
        if isinstance(action, EndOrganization):
            if state.stage != "organization":
                raise RuleError("R-MK-03", "mk.error.round_table.wrong_stage", stage=state.stage)
            return replace(state, stage="budget"), ()
        if state.stage != "budget":
            raise RuleError("R-MK-03", "mk.error.round_table.wrong_stage", stage=state.stage)
        if isinstance(action, EndBudget):
            return replace(state, stage="done"), ()
        if isinstance(action, (RequestItem, RequestFacility, RequestPassage, RequestDestroy)):
            _validate(state, action)
            return replace(state, pending=action), ()
        raise RuleError("R-MK-03", "mk.error.check.unknown_action", action=type(action).__name__)

    def state_to_data(self, state: RoundTableState) -> Any:
        return state.to_data()

    def state_from_data(self, data: Any) -> RoundTableState:
        return RoundTableState.from_data(data)


def catalog_requests(state: RoundTableState) -> list[Action]:
    """The free item each character who has not asked yet may pick from the common-item catalog (value ≤
    life level, R-MK-05); a custom item by name is a :class:`RequestItem` too, not listed."""
    life = state.kingdom.life
    return [
        RequestItem(c.id, entry.id, entry.value, common=True)
        for c in state.court
        if c.id not in state.items_requested
        for entry in common_items().values()
        if entry.value <= life
    ]


def _assign(state: RoundTableState, act: AssignMinions) -> tuple[RoundTableState, tuple[Event, ...]]:
    if state.stage != "organization":
        raise RuleError("R-MK-04", "mk.error.round_table.wrong_stage", stage=state.stage)
    char = state.character(act.actor)
    if act.count < 0 or act.count > state.kingdom.citizens:
        raise RuleError("R-MK-04", "mk.error.round_table.too_many_minions", count=act.count, citizens=state.kingdom.citizens)
    kingdom = replace(state.kingdom, citizens=state.kingdom.citizens - act.count)
    court = tuple(replace(c, minions=c.minions + act.count) if c.id == char.id else c for c in state.court)
    event = MinionsAssigned(char.id, char.minions + act.count, kingdom.citizens)
    return replace(state, kingdom=kingdom, court=court), (event,)


@dataclass(frozen=True)
class _Held:
    """The facilities a room holds, as a refusal names them: in the reader's language where the catalog
    knows them (a sheet may write 광장 or plaza), else as the sheet wrote them."""

    names: tuple[str, ...]

    def label(self, lang: str) -> str:
        return ", ".join(facilities.facility(n).label(lang) if facilities.known(n) else n for n in self.names)


def _land(state: RoundTableState, index: int) -> LandMap:
    if not 0 <= index < len(state.kingdom.maps):
        raise RuleError("R-MK-05", "mk.error.round_table.no_map", land=index, count=len(state.kingdom.maps))
    return state.kingdom.maps[index]


def _room(room: str) -> None:
    if room not in ROOMS:
        raise RuleError("R-MK-05", "mk.error.round_table.bad_room", room=room, rooms=", ".join(ROOMS))


def _validate(state: RoundTableState, req: Request) -> None:
    """Refuse requests that could never be carried out (before the GM is even asked)."""
    if isinstance(req, RequestItem):
        state.character(req.actor)
        if req.actor in state.items_requested:
            raise RuleError("R-MK-05", "mk.error.round_table.item_twice", actor=req.actor)
        if req.common:
            known = common_items()
            if req.item not in known:
                raise RuleError("R-MK-05", "mk.error.round_table.unknown_item", item=req.item, known=", ".join(known))
            if req.value != known[req.item].value:
                raise RuleError("R-MK-05", "mk.error.round_table.item_value_catalog", item=req.item,
                                value=req.value, catalog=known[req.item].value)  # fmt: skip
        if not req.item.strip():
            raise RuleError("R-MK-05", "mk.error.round_table.item_name")
        if req.value > state.kingdom.life or req.value < 0:
            raise RuleError("R-MK-05", "mk.error.round_table.item_value", value=req.value, life=state.kingdom.life)
        return
    land = _land(state, req.land)
    _room(req.a if isinstance(req, RequestPassage) else req.room)
    if isinstance(req, RequestFacility):
        state.cost(req)  # unknown facility without a value → clear error
        if state.seed_review and req.value is not None:
            price = facilities.facility(req.name).value if facilities.known(req.name) else None
            if price is not None and req.value != price:
                raise RuleError("R-MK-05", "mk.error.round_table.facility_price", name=req.name, value=req.value,
                                price=price)
            if price is None and req.value < 1:
                raise RuleError("R-MK-05", "mk.error.round_table.facility_value", name=req.name, value=req.value)
        if land.facilities(req.room):
            empty = ", ".join(r for r in ROOMS if not land.facilities(r)) or "-"
            raise RuleError("R-MK-05", "mk.error.round_table.room_taken", room=req.room,
                            facility=_Held(tuple(land.facilities(req.room))), empty=empty)
    elif isinstance(req, RequestPassage):
        _room(req.b)
        if req.a == req.b or not adjacent(req.a, req.b):
            raise RuleError("R-MK-05", "mk.error.round_table.not_adjacent", a=req.a, b=req.b)
        if land.joined(req.a, req.b):
            raise RuleError("R-MK-05", "mk.error.round_table.passage_exists", a=req.a, b=req.b)
    else:
        if req.what == "facility":
            if req.name not in land.facilities(req.room):
                raise RuleError("R-MK-05", "mk.error.round_table.nothing_there", what=req.name or "?", room=req.room)
        elif req.what == "passage":
            if not land.joined(req.room, req.other):
                raise RuleError("R-MK-05", "mk.error.round_table.nothing_there", what=f"{req.room}-{req.other}", room=req.room)
        elif req.what == "entrance":
            if req.room not in land.entrances:
                raise RuleError("R-MK-05", "mk.error.round_table.nothing_there", what="entrance", room=req.room)
        else:
            raise RuleError("R-MK-05", "mk.error.round_table.bad_destroy", what=req.what)


def _resolved(req: Request, result: str, cost: int, budget: int) -> RequestResolved:
    """The structured event for an answered request (rendered in the reader's language)."""
    if isinstance(req, RequestItem):
        return RequestResolved("item", result, cost, budget, actor=req.actor, item=req.item, value=req.value)
    if isinstance(req, RequestFacility):
        return RequestResolved("facility", result, cost, budget, map=req.land + 1, room=req.room, name=req.name)
    if isinstance(req, RequestPassage):
        return RequestResolved("passage", result, cost, budget, map=req.land + 1, room=req.a, other=req.b)
    return RequestResolved(
        f"destroy_{req.what}", result, cost, budget, map=req.land + 1, room=req.room, other=req.other, name=req.name
    )


def _answer(state: RoundTableState, act: Action) -> tuple[RoundTableState, tuple[Event, ...]]:
    req = state.pending
    if req is None:
        raise RuleError("R-MK-05", "mk.error.round_table.nothing_pending")
    cost = state.cost(req)
    if isinstance(act, Refuse):
        # a refused free item is refused for the rest of this round table: one request per character
        asked = (*state.items_requested, req.actor) if isinstance(req, RequestItem) else state.items_requested
        return replace(state, pending=None, items_requested=asked), (_resolved(req, "refused", 0, state.kingdom.budget),)
    if cost > state.kingdom.budget:
        raise RuleError("R-MK-05", "mk.error.round_table.over_budget", cost=cost, budget=state.kingdom.budget)
    kingdom = replace(state.kingdom, budget=state.kingdom.budget - cost)
    events: list[Event] = []
    new = replace(state, pending=None)
    if isinstance(req, RequestItem):
        char = state.character(req.actor)
        items = list(char.items)
        item = common_items()[req.item].item if req.common else Item(req.item, level=0)
        if None in items:
            items[items.index(None)] = item
        else:
            items.append(item)
        new = replace(
            new,
            court=tuple(replace(c, items=tuple(items)) if c.id == char.id else c for c in state.court),
            items_requested=(*state.items_requested, req.actor),
        )
    else:
        land = kingdom.maps[req.land]
        rooms = dict(land.rooms)
        if isinstance(req, RequestFacility):
            rooms[req.room] = (*rooms.get(req.room, ()), req.name)
            land = replace(land, rooms=rooms)
        elif isinstance(req, RequestPassage):
            land = replace(land, passages=land.passages | {passage(req.a, req.b)})
        elif req.what == "facility":
            left = list(rooms[req.room])
            left.remove(req.name)
            rooms[req.room] = tuple(left)
            land = replace(land, rooms=rooms)
        elif req.what == "passage":
            land = replace(land, passages=land.passages - {passage(req.room, req.other)})
        else:
            land = replace(land, entrances=tuple(e for e in land.entrances if e != req.room))
        kingdom = kingdom.with_map(req.land, land)
    # The resolved request says the cost and the budget left: a separate budget line would say it twice.
    events.append(_resolved(req, "approved", cost, kingdom.budget))
    return replace(new, kingdom=kingdom), tuple(events)


ACTIONS_TUPLE: tuple[type[Action], ...] = (
    AssignMinions, EndOrganization, RequestItem, RequestFacility, RequestPassage, RequestDestroy, Approve, Refuse,
    EndBudget,
)
"""Every round-table action class (a session forwards these to the round table)."""
