"""The labyrinth as a seat may see it: the map the web table draws (issue 26 §3).

The board draws what this gives and decides nothing: rooms at their places on the scenario's map
(:func:`~meikyu.systems.meikyu_kingdom.labyrinth.map.layout`), the passages between them, where the court
stands, the quarter under way (the number the log's lines give: ``Quarter 2: the court enters …``), the
formation (who stands in which battle area, R-MK-21) and the scenario goal (R-MK-01).

What a player's seat receives is what the court has learnt, never more (R-MK-23: the GM keeps the
labyrinth's secrets): the scenario goal but not the scenario's text, the rooms it has entered and the one it stands in (``here``, ``explored``), and the
rooms their passages lead to (``seen``: the court has been offered the way there by name), with only the
passages that leave a room it knows. A room no known passage leads to is not sent at all — not its name,
place or existence. The GM's seat receives every room, those the court has not found marked
``unknown``, with what waits inside (trap, encounter, event, the goal's encounter) and what is done.

>>> from meikyu.systems.meikyu_kingdom import session as ss
>>> from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
>>> state = ex.begin(ss.new_session(sample(), sample_labyrinth()))
>>> seen = labyrinth_map(state, "pc:haneul", "en")
>>> [(r["id"], r["state"]) for r in seen["rooms"]], seen["passages"], seen["quarter"]
([('gate', 'here'), ('hall', 'seen')], [['gate', 'hall']], 1)
>>> len(labyrinth_map(state, "gm", "en")["rooms"])
5
"""

from __future__ import annotations

from typing import Any

from meikyu.i18n import translate
from meikyu.systems.meikyu_kingdom.expedition.quarters import QUARTERS_PER_TURN
from meikyu.systems.meikyu_kingdom.labyrinth.map import Labyrinth, Room, layout
from meikyu.systems.meikyu_kingdom.session_state import Expedition, SessionState
from meikyu.table.base import GM


def _text(names: dict[str, str], lang: str) -> str:
    return names.get(lang) or names.get("en") or ""


def labyrinth_map(state: SessionState, seat: str, lang: str) -> dict[str, Any] | None:
    """The map for ``seat`` in ``lang``, or None outside a labyrinth played on a map."""
    lab, ex = state.labyrinth, state.expedition
    if lab is None or ex is None:
        return None
    places = layout(lab)
    known = {*ex.explored, ex.room}
    seen = {exit_ for room in lab.rooms if room.id in known for exit_ in room.exits} - known
    gm = seat == GM
    shown = [room for room in lab.rooms if gm or room.id in known or room.id in seen]
    # the map is cut to the rooms sent, so its size tells a player nothing of the rooms not found
    left = min(places[room.id][0] for room in shown)
    top = min(places[room.id][1] for room in shown)
    rooms = [_room(room, (places[room.id][0] - left, places[room.id][1] - top), _state(room.id, ex, seen), lab, ex,
                   gm, lang) for room in shown]
    passages = sorted({tuple(sorted((room.id, exit_))) for room in lab.rooms for exit_ in room.exits
                       if gm or room.id in known})
    out: dict[str, Any] = {
        "name": lab.label(lang),
        "text": _text(lab.text, lang) if gm else "",  # the scenario's text is the GM's to tell; the goal is theirs
        "goal": _text(lab.goal, lang),
        "goal_met": state.goal_met,
        "here": ex.room,
        "under_way": state.phase == "labyrinth",  # after it the map stays, as the court left it
        "here_text": lab.room(ex.room).describe(lang),
        "quarter": ex.quarters + 1,  # the quarter under way, as the log counts it
        "turn": ex.quarters // QUARTERS_PER_TURN + 1,
        "columns": max(r["x"] for r in rooms) + 1,
        "rows": max(r["y"] for r in rooms) + 1,
        "rooms": rooms,
        "passages": [list(p) for p in passages],
        "formation": _formation(state, ex, lang),
    }
    return out


def scenario_goal(state: SessionState, lang: str) -> dict[str, Any] | None:
    """The scenario goal as the players are told it and whether it is met (R-MK-01), in every phase: the
    labyrinth's ``goal`` words, else only whether it is met once the GM has said so."""
    lab = state.labyrinth
    text = _text(lab.goal, lang) if lab is not None else ""
    if not text and not state.goal_met:
        return None
    return {"text": text, "met": state.goal_met}


def _state(ident: str, ex: Expedition, seen: set[str]) -> str:
    if ident == ex.room:
        return "here"
    if ident in ex.explored:
        return "explored"
    return "seen" if ident in seen else "unknown"


def _room(room: Room, at: tuple[int, int], state: str, lab: Labyrinth, ex: Expedition, gm: bool,
          lang: str) -> dict[str, Any]:
    out: dict[str, Any] = {"id": room.id, "label": room.label(lang), "x": at[0], "y": at[1], "state": state,
                           "entrance": room.id == lab.entrance}
    if gm:  # what waits in the room, and what the court has done with it: the GM's eyes only
        enc = room.encounter
        out["marks"] = [mark for mark, there in (
            ("trap", room.trap is not None and room.id not in ex.traps_done),
            ("encounter", enc is not None and room.id not in ex.cleared),
            ("event", room.event is not None and room.id not in ex.events_done),
            ("goal", enc is not None and enc.goal),
        ) if there]
    return out


def _formation(state: SessionState, ex: Expedition, lang: str) -> list[dict[str, Any]]:
    """Who stands in which battle area (R-MK-21), the front first; the court's own order within an area."""
    out = []
    for char in state.court:
        if char.id in ex.formation:
            area = ex.formation[char.id]
            out.append({"id": char.id, "name": char.label(lang), "area": area,
                        "area_name": translate(f"mk.battle.area.a{area}", lang),
                        "condition": state.conditions.get(char.id, "ok")})
    return sorted(out, key=lambda c: -int(c["area"]))
