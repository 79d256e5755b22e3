"""What the Meikyuu Kingdom round table and session kinds share: the court's seats, the round table's
menu (with forms for counts, names and rooms), event lines, and setting up from a sheet.

Seats: ``gm`` and ``pc:<id>`` for each land maker (a court character marked as a PC); the court's
NPCs are played by the GM. At the round table (R-MK-03 … R-MK-06):

- a PC's player hands their character minions and asks for their free item;
- facility, passage and destruction requests are the court's: any PC seat may make them;
- the GM closes each meeting and approves or refuses every request;
- the GM may make any of the players' requests for a player who is away (marked in the menu).

>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> court_seats(sample().characters)
['gm', 'pc:haneul', 'pc:doyun', 'pc:seoa', 'pc:mir']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

from meikyu.engine import Action, Event, _snake
from meikyu.errors import DataError
from meikyu.i18n import translate
from meikyu.i18n.hangul import settle_particles
from meikyu.serial import TypeRegistry
from meikyu.systems.meikyu_kingdom.events import (
    CHARACTER_FIELDS,
    CheckDeclared,
    KingdomChanged,
    RequestResolved,
)
from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.labyrinth.finds import item_label
from meikyu.systems.meikyu_kingdom.sheets import facilities
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.common_items import common_items
from meikyu.systems.meikyu_kingdom.sheets.kingdom import ROOMS, Kingdom, adjacent
from meikyu.systems.meikyu_kingdom.sheets.sheet import read_sheet, sample
from meikyu.systems.meikyu_kingdom.table_runner import describe_request
from meikyu.table.base import GM, MenuItem, sort_menu
from meikyu.table.setup import data_of, known_fields

ALL = None
OTHERS = "others:"
"""``others:<id>``: the other players than ``<id>`` (and the GM for the absent), see :func:`seats_of`."""
"""``Offer.who`` for an action any PC seat may take (the court's decision)."""


@dataclass(frozen=True)
class Offer:
    """An action a kind offers: whose it is (a character id, ``""`` for the GM's, :data:`ALL` for the
    court's), its menu kind, label and form."""

    action: Action
    who: str | None
    kind: str
    label: str
    form: dict[str, Any] | None = None
    confirm: str | None = None
    """What a page asks before taking it (:mod:`meikyu.table.confirm`)."""


def court_seats(court: Sequence[Character]) -> list[str]:
    return [GM, *(f"pc:{c.id}" for c in court if c.pc)]


def owner(court: Sequence[Character], cid: str) -> str:
    """The seat that plays ``cid``: its player's for a land maker, else the GM's."""
    return f"pc:{cid}" if any(c.id == cid and c.pc for c in court) else GM


def seats_of(court: Sequence[Character], who: str | None) -> frozenset[str]:
    """The seats that may take an action of ``who``: a land maker's and the GM's; the GM's alone (``""``);
    every seat (:data:`ALL`); or ``others:<id>``, the other players' and the GM's — the consent to spend
    the court's voice is theirs, not the spender's (R-MK-13)."""
    if who is ALL:
        return frozenset(court_seats(court))
    if who.startswith(OTHERS):
        spender = who[len(OTHERS):]
        return frozenset(s for s in court_seats(court) if s != f"pc:{spender}")
    return frozenset({GM, owner(court, who)}) if who else frozenset({GM})


def name_of(court: Sequence[Character], cid: str, lang: str) -> str:
    return next((c.label(lang) for c in court if c.id == cid), cid)


def court_seat_name(court: Sequence[Character], seat: str, lang: str) -> str:
    """A seat's display name: its character's, or the GM's."""
    if seat == GM:
        return translate("table.seat.gm", lang)
    return name_of(court, seat[3:], lang) if seat.startswith("pc:") else seat


def menu_items(offers: Sequence[Offer], court: Sequence[Character], registry: TypeRegistry, seat: str,
               lang: str) -> list[MenuItem]:
    """The offers ``seat`` may take, as menu items (the GM's, for an absent player, marked so)."""
    items = []
    for o in offers:
        seats = seats_of(court, o.who)
        if seat not in seats:
            continue
        players = sorted(s for s in seats if s != GM)
        mine = players[0] if len(players) == 1 else (GM if not players else "")
        text = o.label
        if seat == GM and mine.startswith("pc:"):
            text = translate("table.on_behalf", lang, label=text, who=name_of(court, mine[3:], lang))
        group = GM if o.who == "" else "" if o.who is None or o.who.startswith(OTHERS) else o.who
        items.append(MenuItem(key_of(o.action, group, o.form), registry.dump(o.action), text, group, o.kind,
                              None, mine or seat, o.form, o.confirm))
    return sort_menu(items)


def key_of(action: Action, group: str, form: dict[str, Any] | None = None) -> str:
    """``group/snake_type/field=value…`` for the fields a form does not fill in.

    >>> key_of(rt.AssignMinions("doyun", 3), "doyun", {"count": {}}), key_of(rt.Approve(), "gm")
    ('doyun/assign_minions', 'gm/approve')
    """
    parts = [group or "all", _snake(type(action).__name__)]
    for f in fields(action):  # type: ignore[arg-type]
        value = getattr(action, f.name)
        if (f.name == "actor" and value == group) or f.name in (form or {}) or value in ("", None):
            continue
        if value is False and f.default is False:  # a switch left off (RequestItem.common)
            continue
        if isinstance(value, dict):  # a ruling's effect: named by its type
            value = value.get("type", "")
        parts.append(f"{f.name}={value}")
    return "/".join(parts)


def round_table_offers(state: rt.RoundTableState, lang: str) -> list[Offer]:
    """Every round-table action open now, with forms where a count, name or room is typed."""
    if state.stage == "done":
        return []
    court = state.court
    k = state.kingdom

    def say(key: str, **params: Any) -> str:
        return settle(translate(f"table.mk.{key}", lang, **params), lang)

    if state.pending is not None:
        request = describe_request(state.pending, court, lang)
        out = [Offer(rt.Refuse(), "", "gm", say("refuse", request=request))]
        if state.affordable():
            out.insert(0, Offer(rt.Approve(), "", "gm",
                                say("approve", request=request, cost=state.cost(state.pending), budget=k.budget)))
        return out
    if state.stage == "organization":
        out = [Offer(rt.AssignMinions(c.id, min(1, k.citizens)), c.id, "other",
                     say("assign_minions", who=c.label(lang), citizens=k.citizens),
                     {"count": {"type": "int", "min": 0, "max": k.citizens}}) for c in court]
        return [*out, Offer(rt.EndOrganization(), "", "gm", say("end_organization"))]
    out = []
    for c in court:
        if c.id not in state.items_requested:
            out.append(Offer(rt.RequestItem(c.id, "", 0), c.id, "other",
                             say("request_item", who=c.label(lang), life=k.life),
                             {"item": {"type": "text"}, "value": {"type": "int", "min": 0, "max": k.life}}))
            # the common-item catalog, each item with its data (a requested Salve heals, R-MK-05)
            out.extend(Offer(a, c.id, "other", say("request_common_item", who=c.label(lang),
                                                     item=common_items()[a.item].item.label(lang), value=a.value))
                       for a in rt.catalog_requests(state) if isinstance(a, rt.RequestItem) and a.actor == c.id)
    names = [{"value": f.name, "label": f.label(lang)} for f in facilities.catalog().values()]
    for index, land in enumerate(k.maps):
        free = [r for r in ROOMS if not land.facilities(r)]
        if free and names:
            out.append(Offer(rt.RequestFacility(names[0]["value"], index, free[0]), ALL, "other",
                             say("request_facility", map=index + 1),
                             {"name": {"type": "choice", "options": names},
                              "room": {"type": "choice", "options": [{"value": r, "label": r} for r in free]}}))
        for a in ROOMS:
            for b in ROOMS:
                if a < b and adjacent(a, b) and not land.joined(a, b):
                    req: rt.Request = rt.RequestPassage(index, a, b)
                    out.append(Offer(req, ALL, "other", describe_request(req, court, lang)))
        for room in ROOMS:
            for name in land.facilities(room):
                req = rt.RequestDestroy("facility", index, room, name=name)
                out.append(Offer(req, ALL, "other", describe_request(req, court, lang)))
        for a, b in sorted(land.passages):
            req = rt.RequestDestroy("passage", index, a, other=b)
            out.append(Offer(req, ALL, "other", describe_request(req, court, lang)))
        for room in land.entrances:
            req = rt.RequestDestroy("entrance", index, room)
            out.append(Offer(req, ALL, "other", describe_request(req, court, lang)))
    return [*out, Offer(rt.EndBudget(), "", "gm", say("end_budget"))]


def event_line(event: Event, court: Sequence[Character], lang: str) -> str:
    """An MK event as text, characters by display name (as the terminal round table prints them)."""
    if isinstance(event, RequestResolved):
        return settle(translate("mk.table_runner.resolved", lang,
                                request=event.describe(lang, name_of(court, event.actor, lang)),
                                result=translate(f"mk.word.{event.result}", lang), cost=event.cost,
                                budget=event.budget), lang)
    if isinstance(event, KingdomChanged) and event.field.partition("/")[0] in ("level", *CHARACTER_FIELDS):
        kind, _, who = event.field.partition("/")  # a character's level, HP, drive …: by name
        event = replace(event, field=f"{kind}/{name_of(court, who, lang)}")
        if kind == "status":
            event = replace(event, old=_status_word(event.old, lang), new=_status_word(event.new, lang))
    if isinstance(event, KingdomChanged) and event.field == "stored_items" and "-" in (event.old, event.new):
        event = replace(event, old=item_label(event.old, lang), new=item_label(event.new, lang))
    actor = getattr(event, "actor", None)
    if is_dataclass(event) and isinstance(actor, str) and actor:
        event = replace(event, actor=name_of(court, actor, lang))
    elif isinstance(event, CheckDeclared) and not actor:  # a national check: the kingdom rolls it (R-MK-18)
        event = replace(event, actor=translate("table.mk.the_kingdom", lang))
    return settle(event.render(lang), lang)


def _status_word(word: str, lang: str) -> str:
    return translate(f"mk.word.{word}", lang) if word != "-" else word


def settle(text: str, lang: str) -> str:
    return settle_particles(text) if lang == "ko" else text


def file_name(setup: dict[str, Any], part: str) -> str:
    """The name of the file a part came from (``setup.files``, as the web page sends it), so an error
    names the user's file; ``setup.<part>`` when none is given.

    >>> file_name({"files": {"sheet": "court.toml"}}, "sheet"), file_name({}, "sheet")
    ('court.toml', 'setup.sheet')
    """
    names = setup.get("files", {})
    if not isinstance(names, dict):
        raise DataError("table.error.setup_field", part="setup", field="files", expected='{"sheet": "court.toml"}')
    name = names.get(part)
    return name[:200] if isinstance(name, str) and name.strip() else f"setup.{part}"


def sheet_setup(setup: str | dict[str, Any], lang: str, system: str, kind: str) -> tuple[Kingdom, tuple[Character, ...]]:
    """``"sample"`` (the shipped kingdom and court) or ``{"sheet": …}``: a sheet file's TOML text or the
    same tables as a JSON object (``[kingdom]`` and ``[[characters]]``, as ``meikyu mk sheet`` reads)."""
    if setup == "sample":
        s = sample()
        assert s.kingdom is not None
        return s.kingdom, s.characters
    if not isinstance(setup, dict):
        raise DataError("table.error.setup_shape", system=system, kind=kind, expected='"sample" or {"sheet": …}')
    known_fields(setup, "setup", ("sheet",))
    file = file_name(setup, "sheet")
    sheet = read_sheet(data_of(setup.get("sheet"), file, lang), file=file)
    if sheet.kingdom is None:
        raise DataError("table.error.setup_field", part="setup.sheet", field="kingdom",
                        expected=translate("table.expect.kingdom", lang))
    return sheet.kingdom, sheet.characters
