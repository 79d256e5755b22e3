"""The Meikyuu Kingdom round table at a table: kind ``round_table`` of ``MeikyuKingdom`` (R-MK-03 … R-MK-06).

Seats and who may do what: see :mod:`meikyu.table.mk_court`. Nothing at a round table is hidden
from the court, so every seat sees the same view and every event; only menus differ.

>>> kind = RoundTableKind()
>>> state = kind.setup("sample", "en")
>>> [i.key for i in kind.menu(state, "pc:doyun", "en")]
['doyun/assign_minions']
>>> kind.menu(state, "pc:doyun", "en")[0].form
{'count': {'type': 'int', 'min': 0, 'max': 40}}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meikyu.engine import Action, Event
from meikyu.i18n import translate
from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.sheets import facilities
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.display import render_maps
from meikyu.systems.meikyu_kingdom.sheets.kingdom import COLUMNS, ROWS, Kingdom
from meikyu.systems.meikyu_kingdom.table_runner import describe_request
from meikyu.table.base import GM, MenuItem, per_state
from meikyu.table.mk_court import (
    ALL,
    court_seat_name,
    court_seats,
    event_line,
    menu_items,
    owner,
    round_table_offers,
    seats_of,
    sheet_setup,
)


def request_owner(action: Action) -> str | None:
    """Whose round-table action this is: a character's (its id), the court's (:data:`ALL`) or the GM's."""
    if isinstance(action, (rt.AssignMinions, rt.RequestItem)):
        return action.actor
    if isinstance(action, (rt.RequestFacility, rt.RequestPassage, rt.RequestDestroy)):
        return ALL
    return ""


def round_table_view(state: rt.RoundTableState, court: Sequence[Character], lang: str) -> dict[str, Any]:
    """The round table as plain data (the same for every seat)."""
    k = state.kingdom
    pending = state.pending
    return {
        "stage": state.stage,
        "stage_text": translate(f"mk.table_runner.stage_{state.stage}", lang),
        "budget": k.budget, "citizens_home": k.citizens, "life": k.life,
        "pending": None if pending is None else {
            "request": rt.ACTIONS.dump(pending), "text": describe_request(pending, court, lang),
            "cost": state.cost(pending), "affordable": state.affordable(),
        },
        "items_requested": list(state.items_requested),
        "maps_text": render_maps(k, lang),
        "maps": land_maps(k, lang),
    }


def land_maps(kingdom: Kingdom, lang: str) -> list[dict[str, Any]]:
    """Each land map as a 3×3 grid a page draws (``maps_text`` is the same for a terminal): per room its
    facilities by name in ``lang``, whether it is an entrance, and whether a passage leads east / south;
    then the facility groups with their levels (R-MK-06).

    >>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    >>> land = land_maps(sample().kingdom, "en")[0]
    >>> land["label"], land["rows"][0][1]
    ('Home Land', {'room': 'B1', 'facilities': ['Throne Room'], 'entrance': False, 'east': False, 'south': True})
    """
    out = []
    for index, land in enumerate(kingdom.maps):
        rows = [[{"room": f"{c}{r}", "facilities": [facilities.label(n, lang) for n in land.facilities(f"{c}{r}")],
                  "entrance": f"{c}{r}" in land.entrances,
                  "east": c != COLUMNS[-1] and land.joined(f"{c}{r}", f"{COLUMNS[COLUMNS.index(c) + 1]}{r}"),
                  "south": r != ROWS[-1] and land.joined(f"{c}{r}", f"{c}{ROWS[ROWS.index(r) + 1]}")}
                 for c in COLUMNS] for r in ROWS]
        groups = [translate("mk.sheet.group", lang, map=index + 1, name=facilities.label(g.name, lang),
                            rooms="+".join(g.rooms), level=g.level) for g in land.facility_groups()]
        out.append({"label": land.label(lang), "rows": rows, "groups": groups})
    return out


def kingdom_view(kingdom: Any, court: Sequence[Character], lang: str) -> dict[str, Any]:
    return {
        "kingdom": {**kingdom.to_data(), "label": kingdom.label(lang)},
        "court": [_sheet(c, court, lang) for c in court],
    }


def _sheet(c: Character, court: Sequence[Character], lang: str) -> dict[str, Any]:
    """``c`` as its sheet writes it, with its label and seat, and each item's notes in ``lang`` (a text)."""
    data = c.to_data()
    data["items"] = [slot if item is None or "notes" not in slot else {**slot, "notes": item.notes_text(lang)}
                     for item, slot in zip(c.items, data["items"], strict=True)]
    return {**data, "label": c.label(lang), "seat": owner(court, c.id)}


class RoundTableKind:
    """The ``MeikyuKingdom`` / ``round_table`` table kind."""

    system = "MeikyuKingdom"
    kind = "round_table"

    def __init__(self) -> None:
        self.rules = rt.RoundTableRules()

    def setup(self, setup: str | dict[str, Any], lang: str) -> rt.RoundTableState:
        """``"sample"`` or ``{"sheet": …}`` (see :func:`meikyu.table.mk_court.sheet_setup`)."""
        kingdom, court = sheet_setup(setup, lang, self.system, self.kind)
        return rt.RoundTableState(kingdom, court, seed_review=True)

    def seats(self, state: rt.RoundTableState) -> list[str]:
        return court_seats(state.court)

    def seat_name(self, state: rt.RoundTableState, seat: str, lang: str) -> str:
        return court_seat_name(state.court, seat, lang)

    def seats_for(self, state: rt.RoundTableState, action: Action) -> frozenset[str]:
        return seats_of(state.court, request_owner(action))

    def view(self, state: rt.RoundTableState, seat: str, lang: str) -> dict[str, Any]:
        you = seat[3:] if seat.startswith("pc:") else None
        return {"system": self.system, "kind": self.kind, "seat": seat, "you": you,
                **kingdom_view(state.kingdom, state.court, lang),
                "round_table": round_table_view(state, state.court, lang)}

    def events_for(self, state_before: rt.RoundTableState, state_after: rt.RoundTableState,
                   events: Sequence[Event], seat: str, lang: str) -> list[dict[str, Any]]:
        from meikyu.engine import _snake

        return [{"kind": _snake(type(e).__name__), "text": event_line(e, state_after.court, lang)} for e in events]

    @per_state
    def menu(self, state: rt.RoundTableState, seat: str, lang: str) -> list[MenuItem]:
        return menu_items(round_table_offers(state, lang), state.court, rt.ACTIONS, seat, lang)

    def prompt(self, state: rt.RoundTableState, seat: str, lang: str) -> dict[str, Any] | None:
        """A pending request waits for the GM's approval (R-MK-05)."""
        if state.pending is None or seat != GM:
            return None
        options = [{"key": i.key, "label": i.label} for i in self.menu(state, seat, lang) if i.kind == "gm"
                   and i.action["@type"] in ("Approve", "Refuse")]
        return {"kind": "gm_approval", "seat": GM,
                "text": translate("mk.table_runner.pending_choice", lang,
                                  request=describe_request(state.pending, state.court, lang),
                                  cost=state.cost(state.pending), budget=state.kingdom.budget),
                "options": options}
