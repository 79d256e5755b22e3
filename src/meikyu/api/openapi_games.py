"""The OpenAPI paths and schemas of ``/api/games`` and of the sheet and card makers (``/api/sheets``,
``/api/cards``), merged into :func:`meikyu.api.openapi.document`.

>>> paths, schemas = games_paths(["ShinGamebook"], ["reading"])
>>> sorted({p.split("/")[2] for p in paths}), "/api/games/{id}" in paths, "Game" in schemas
(['cards', 'games', 'kinds', 'sheets'], True, True)
"""

from __future__ import annotations

from typing import Any

_STR = {"type": "string"}
_INT = {"type": "integer"}

GAMES_DESCRIPTION = (
    "**Shared games** (`/api/games…`): a GM and players play one game that the server keeps. "
    "`POST /api/games` answers one secret token per seat; send it as `Authorization: Bearer TOKEN` (or "
    "`?token=`). Every answer is what that seat may see: hidden monsters, other players' hands and unread "
    "paragraphs are left out. Post an action from `legal_actions[].action` as given, with the `version` you "
    "saw: a stale version answers 409 with the current one and applies nothing; another seat's action 403; a "
    "rule refusal 422 with the rule id (the game stays exactly as it was). Errors are "
    "`{\"ok\": false, \"error\": code, \"message\": localized, \"rule\"?: id, \"version\"?: n}`. "
    "Live updates: a WebSocket at `/api/games/{id}/live?token=TOKEN&lang=ko|ja|en&after=N` sends one "
    "log entry (the `LogEntry` schema: `{version, seat, type, time, events}`) per new version, as that seat may "
    "see it — the versions after `after`, or after the version when it connected. The newest entry of each "
    "burst also carries `answer`: what `GET /api/games/{id}` answers that seat at that version, but the `log` "
    "(`{id, system, kind, version, seat, lang, settings, seats, view, legal_actions, prompt}`), so a client "
    "redraws from the push alone. A refused WebSocket gets "
    "one error object, then a close with code 4000 + the HTTP status (4401: bad token); when the GM replaces "
    "a seat's token, every socket opened with the old one gets such an object and a 4401 close. Polling fallback: "
    "`GET /api/games/{id}/events?after=N`. Seat links are `/play/{id}#token=…` (the fragment never reaches "
    "a server log). Each token may make 20 requests per second on average (bursts of 60), else 429 with "
    "`Retry-After`."
)

_TOKEN = {"name": "token", "in": "query", "required": False, "schema": {"type": "string", "maxLength": 200},
          "description": "The seat's token, when an `Authorization: Bearer` header cannot be sent."}
_LANG = {"name": "lang", "in": "query", "required": False, "schema": {"type": "string", "enum": ["ko", "ja", "en"]},
         "description": "Language of labels, events and messages (default: the game's own)."}
_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 64},
       "description": "The game id from `POST /api/games`."}

_EXAMPLE_CREATED = {
    "ok": True, "id": "q3Vt0bLZ2m1x", "version": 0,
    "seats": [
        {"seat": "gm", "token": "Jm4…(43 characters)", "url": "/play/q3Vt0bLZ2m1x#token=Jm4…"},
        {"seat": "reader", "token": "p0X…(43 characters)", "url": "/play/q3Vt0bLZ2m1x#token=p0X…"},
    ],
}
_EXAMPLE_GAME = {
    "ok": True, "id": "q3Vt0bLZ2m1x", "system": "ShinGamebook", "kind": "reading", "version": 1,
    "seat": "reader", "lang": "en", "settings": {"manual_dice": False, "auto": False}, "seats": ["gm", "reader"],
    "view": {"phase": "choose_die", "creation": {"rolled": [5, 4], "points": 0}, "…": "…"},
    "legal_actions": [
        {"key": "creation/die/0", "action": {"@type": "ChooseDie", "index": 0}, "label": "take the die showing 5",
         "group": "reader", "kind": "prompt", "odds": None, "seat": "reader"},
    ],
    "prompt": {"kind": "die", "seat": "reader", "text": "Which die becomes your starting points?",
               "options": [{"key": "creation/die/0", "label": "take the die showing 5"}]},
    "log": [{"version": 1, "seat": "reader", "type": "action", "time": 1796114807.85,
             "events": [{"kind": "creation_rolled", "text": "Creation roll: 5 and 4. Pick one die."}]}],
}
_EXAMPLE_KINDS = {
    "ok": True,
    "kinds": [
        {"system": "MeikyuKingdom", "kind": "session",
         "files": [{"field": "sheet", "required": True}, {"field": "labyrinth", "required": False}], "samples": []},
        {"system": "ShinGamebook", "kind": "reading", "files": [{"field": "book", "required": True}],
         "samples": [{"id": "kaze-no-tou", "title": {"ja": "風の塔", "en": "The Tower of Winds", "ko": "바람의 탑"}}]},
    ],
}
_EXAMPLE_ERROR = {"ok": False, "error": "stale", "version": 3,
                  "message": "the game has moved on: it is at version 3 now. Reload it and choose again."}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str, example: Any = None) -> dict[str, Any]:
    content: dict[str, Any] = {"schema": schema}
    if example is not None:
        content["example"] = example
    return {"description": description, "content": {"application/json": content}}


_WORDS = {
    400: "Malformed: not a JSON object, a missing or wrong-typed field, a bad parameter.",
    401: "The token opens no seat of this game.",
    403: "Not this seat's action, a GM-only request, or typed dice the game does not take.",
    404: "No such game (or route).",
    405: "The route exists but not for this method.",
    408: "The body arrived too slowly.",
    409: "Stale version: nothing was applied; `version` is the current one.",
    413: "The body is too large.",
    414: "The query string is too long.",
    422: "Refused by the rules (with `rule`) or a bad setup, naming the part and field; or the game cannot be "
         "shown to this seat (a view, menu or log line failed: the reason, never a traceback; an action after "
         "which it could not be shown is not taken); or (`\"error\": \"unreadable\"`) its stored log cannot be "
         "read, naming the game (other games are not affected).",
    429: "Too many requests from this token, too many wrong tokens from this address, or too many messages from "
         "this seat (5 at once, 60 a minute; see `Retry-After`).",
    503: "The store cannot take the request now (full disk, read-only folder, a lock held elsewhere, a lost "
         "database connection): nothing was changed; send it again after `Retry-After` seconds.",
}


def _op(summary: str, op_id: str, ok: dict[str, Any], statuses: tuple[int, ...], params: list[dict[str, Any]],
        body: dict[str, Any] | None = None, status: str = "200", auth: bool = True) -> dict[str, Any]:
    codes = {404, 405, 414, 503, *statuses, *((401, 429) if auth else ())}
    op: dict[str, Any] = {
        "summary": summary,
        "operationId": op_id,
        "tags": ["games"],
        "parameters": ([_TOKEN] if auth else []) + params,
        "responses": {status: ok, **{str(s): _json(_ref("GameError"), _WORDS[s], _EXAMPLE_ERROR if s == 409 else None)
                                     for s in sorted(codes)}},
    }
    if auth:
        op["security"] = [{"seatToken": []}]
    if body is not None:
        op["requestBody"] = {"required": True, "content": {"application/json": body}}
    return op


def games_paths(systems: list[str], kinds: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The paths and component schemas, with the registered system ids and kind names listed."""
    schemas: dict[str, Any] = {
        "GameError": {
            "type": "object",
            "required": ["ok", "message"],
            "properties": {"ok": {"const": False}, "error": _STR, "message": _STR, "rule": _STR, "version": _INT,
                           "reason": _STR},
        },
        "MenuItem": {
            "type": "object",
            "required": ["key", "action", "label", "group", "kind"],
            "properties": {"key": _STR, "action": {"type": "object"}, "label": _STR, "group": _STR,
                           "kind": _STR, "odds": {"type": ["object", "null"]}, "seat": _STR,
                           "form": {"type": ["object", "null"], "description": (
                               "Fields of `action` to fill in before posting it, by name: `{type: int | text | json "
                               "| choice, min?, max?, options?: [{value, label}], label?}` (`json`: any JSON value, "
                               "such as a number or true; `label`: the field's name in the seat's language); "
                               "`action` holds a default for each. A prompt answered by typing (a name) is offered "
                               "this way, with the prompt's `typed` true.")}},
        },
        "SeatEvent": {
            "type": "object",
            "required": ["kind", "text"],
            "properties": {"kind": _STR, "text": _STR, "dice": {"type": "array", "items": _INT}, "line": _STR},
        },
        "LogEntry": {
            "type": "object",
            "required": ["version", "seat", "type", "time", "events"],
            "properties": {
                "version": _INT, "seat": _STR, "type": {"enum": ["action", "undo", "setting", "message", "reveal",
                                                                  "hide", "unseen"]},
                "time": {"type": "number"},
                "events": {"type": "array", "items": _ref("SeatEvent")},
                "talk": _ref("Talk"),
                "of": {"type": "integer", "description": "reveal / hide: the message's version."},
                "action": {"type": "object", "description": "GM only: the action as stored."},
                "rolls": {"type": "array", "description": "GM only: the dice drawn, as [sides, value] pairs."},
            },
        },
        "Game": {
            "type": "object",
            "required": ["ok", "id", "system", "kind", "version", "seat", "lang", "view", "legal_actions",
                         "prompt", "log"],
            "properties": {
                "ok": {"const": True}, "id": _STR, "system": _STR, "kind": _STR, "version": _INT, "seat": _STR,
                "lang": _STR, "settings": {"type": "object"}, "seats": {"type": "array", "items": _STR},
                "view": {"type": "object", "description": "The state as this seat may see it (per kind)."},
                "legal_actions": {"type": "array", "items": _ref("MenuItem")},
                "prompt": {"type": ["object", "null"]},
                "log": {"type": "array", "items": _ref("LogEntry"), "description": "The latest 50 versions."},
            },
        },
        "Created": {
            "type": "object",
            "required": ["ok", "id", "version", "seats"],
            "properties": {
                "ok": {"const": True}, "id": _STR, "version": _INT,
                "seats": {"type": "array", "items": {"type": "object", "required": ["seat", "token", "url"],
                                                     "properties": {"seat": _STR, "token": _STR, "url": _STR}}},
            },
        },
        "Talk": {"type": "object", "description": (
            "A message as this seat reads it. `unseen` entries (a whisper to others) carry only `version`; a "
            "message the GM removed reads `{removed: true}` (the GM still reads it, with `hidden`); another "
            "seat's secret roll before its reveal reads `{speaker, channel, secret: true}`."),
            "properties": {"speaker": _STR, "text": _STR, "channel": {"enum": ["main", "ooc"]},
                           "to": {"type": "array", "items": _STR}, "to_names": {"type": "array", "items": _STR},
                           "secret": {"type": "boolean"}, "removed": {"type": "boolean"},
                           "hidden": {"type": "boolean"},
                           "roll": {"type": "object", "description": (
                               "A free roll: `command`, `line` (BCDice's result text), `text` (meikyu's, in the "
                               "seat's language), `dice`, `free` (always true: the rules did not apply it), "
                               "`typed`, `secret`, `revealed`, and success / failure / critical / fumble.")}}},
        "Palette": {"type": "object", "required": ["ok", "lines", "edited", "variables"], "properties": {
            "ok": {"const": True}, "edited": {"type": "boolean"},
            "lines": {"type": "array", "items": {"type": "object", "properties": {"text": _STR, "sends": _STR}}},
            "variables": {"type": "object", "description": "Each label (ko, ja, en, field name) and its value."}}},
        "Posted": {"type": "object", "required": ["ok", "version", "entry"],
                   "properties": {"ok": {"const": True}, "version": _INT, "entry": _ref("LogEntry")}},
        "SeatToken": {"type": "object", "required": ["ok", "seat", "token", "url"],
                      "properties": {"ok": {"const": True}, "seat": _STR, "token": _STR, "url": _STR}},
        "Events": {"type": "object", "required": ["ok", "version", "events", "more"],
                   "properties": {"ok": {"const": True}, "version": _INT, "more": {"type": "boolean"},
                                  "events": {"type": "array", "items": _ref("LogEntry")}}},
        "Kinds": {"type": "object", "required": ["ok", "kinds"],
                  "properties": {"ok": {"const": True}, "kinds": {"type": "array", "items": {
                      "type": "object", "required": ["system", "kind", "files"],
                      "properties": {"system": _STR, "kind": _STR, "files": {
                          "type": "array", "description": "The files a setup may be made of: each file's text "
                          "goes in `setup[field]` (TOML, or the same tables as JSON); the required one first.",
                          "items": {"type": "object", "required": ["field", "required"],
                                    "properties": {"field": _STR, "required": {"type": "boolean"}}}},
                          "samples": {
                              "type": "array", "description": "Shipped setups to offer by name (the gamebook's "
                              "books); `setup: {\"sample\": id}` sets one up.",
                              "items": {"type": "object", "required": ["id", "title"],
                                        "properties": {"id": _STR, "title": {"type": "object"}}}}}}}}},
    }
    create_body = {
        "schema": {
            "type": "object",
            "required": ["system", "kind"],
            "properties": {
                "system": {"type": "string", "enum": systems},
                "kind": {"type": "string", "enum": kinds},
                "setup": {"oneOf": [{"const": "sample"}, {"type": "object"}],
                          "description": "`sample`, or the sheets/encounters/books/cards in the project's formats."},
                "lang": {"enum": ["ko", "ja", "en"]},
                "manual_dice": {"type": "boolean", "description": "Let seats send dice rolled at a real table."},
            },
        },
        "example": {"system": "ShinGamebook", "kind": "reading", "setup": "sample", "lang": "en"},
    }
    action_body = {
        "schema": {
            "type": "object",
            "required": ["action", "version"],
            "properties": {
                "action": {"type": "object", "description": (
                    "One of `legal_actions[].action`, as given, with the fields its `form` names filled in (a field "
                    "named `effect.amount` is the `amount` inside `effect`). The GM's quick rulings are such items: "
                    "Meikyuu Kingdom `GmEffect` (`{\"effect\": {\"type\": \"hp\", \"amount\": \"-2\"}, \"who\": "
                    "\"doyun\"}`, the tables' effect vocabulary), `GmRollTable`, `GmSet`, `CallCheck`; Liberator "
                    "`GmEffect` (`{\"seat\": 1, \"effect\": \"付:P+1\"}`); the gamebook's `Amend`.")},
                "version": {"type": "integer", "minimum": 0, "description": "The version the client saw."},
                "dice": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 100}, "maxItems": 200,
                         "description": "Dice rolled at a real table, in draw order (games with manual_dice)."},
                "note": {"type": "string", "maxLength": 1000, "description": (
                    "GM only: the reason for a ruling, kept in the log as the GM's message right after it.")},
            },
        },
        "example": {"action": {"@type": "ChooseDie", "index": 0}, "version": 1},
    }
    undo_body = {
        "schema": {"type": "object", "required": ["version"],
                   "properties": {"version": {"type": "integer", "minimum": 0},
                                  "steps": {"type": "integer", "minimum": 1, "description": "Default 1."}}},
        "example": {"version": 7, "steps": 2},
    }
    setting_body = {
        "schema": {"type": "object", "required": ["name", "value"],
                   "properties": {"name": {"enum": ["manual_dice", "auto"], "description": (
                       "`manual_dice`: seats may send dice rolled at a real table; `auto`: the GM's pages play "
                       "the monsters' moves the tactical policy picks.")},
                                  "value": {"type": "boolean"}}},
        "example": {"name": "auto", "value": True},
    }
    message_body = {
        "schema": {
            "type": "object",
            "required": ["text"],
            "properties": {
                "text": {"type": "string", "minLength": 1, "maxLength": 1000, "description": (
                    "The message, newlines kept, shown as text. Starting with a dice command of the game's "
                    "system (`2MK+3>=9 交渉`, `KDT`, `choice[a,b]`, `x3 2D6`; `S` first for a secret roll) it "
                    "is rolled by the server as `/v2` rolls it.")},
                "to": {"type": "array", "items": _STR, "description": "A whisper: the seats that read it "
                       "(with its author and the GM)."},
                "speaker": {"type": "string", "maxLength": 40, "description": "GM: any name (an NPC); a player "
                            "speaks as its own character."},
                "channel": {"enum": ["main", "ooc"], "description": "`ooc`: out of character. Default main."},
                "dice": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 100},
                         "description": "Dice rolled at a real table for a roll (games with manual_dice)."},
            },
        },
        "example": {"text": "S2MK+3>=9 交渉", "channel": "main"},
    }
    posted = _json(_ref("Posted"), "The entry as your seat reads it.")
    number = {"name": "n", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^[0-9]{1,9}$"}}
    game = _json(_ref("Game"), "The game as this seat sees it.", _EXAMPLE_GAME)
    paths: dict[str, Any] = {
        "/api/kinds": {"get": _op("The (system, kind) pairs a game can be, and the files each is set up from",
                                  "gameKinds", _json(_ref("Kinds"), "Kinds.", _EXAMPLE_KINDS), (), [], auth=False)},
        "/api/games": {"post": _op("Create a game: one token and link per seat", "createGame",
                                   _json(_ref("Created"), "The game and its seats.", _EXAMPLE_CREATED),
                                   (400, 408, 413, 422, 429), [], create_body, status="201", auth=False)},
        "/api/games/{id}": {"get": _op("The game as your seat sees it", "getGame", game, (400, 422), [_ID, _LANG])},
        "/api/games/{id}/actions": {"post": _op(
            "Take an action (one of legal_actions) at the version you saw", "act", game,
            (400, 403, 408, 409, 413, 422), [_ID, _LANG], action_body)},
        "/api/games/{id}/undo": {"post": _op(
            "Take back steps (GM); recorded in the log, nothing deleted", "undo", game,
            (400, 403, 408, 409, 413, 422), [_ID, _LANG], undo_body)},
        "/api/games/{id}/settings": {"post": _op(
            "Turn a game setting on or off (GM); a log line every seat reads", "changeSetting", game,
            (400, 403, 408, 413, 422), [_ID, _LANG], setting_body)},
        "/api/games/{id}/seats/{seat}/token": {"post": _op(
            "Give a seat a new token (GM); the old one stops working", "replaceToken",
            _json(_ref("SeatToken"), "The new token and link."), (400, 403, 422),
            [_ID, {"name": "seat", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 64}}])},
        "/api/games/{id}/events": {"get": _op(
            "Log entries after a version (polling fallback of the WebSocket)", "events",
            _json(_ref("Events"), "At most 500 entries; `more` when others follow."), (400, 422),
            [_ID, _LANG, {"name": "after", "in": "query", "required": False,
                          "schema": {"type": "string", "pattern": "^[0-9]{1,9}$"}}])},
        "/api/games/{id}/messages": {"post": _op(
            "Say something, whisper, or roll freely (a log entry; never changes the rules' state)", "postMessage",
            posted, (400, 403, 408, 413, 422), [_ID, _LANG], message_body, status="201")},
        "/api/games/{id}/messages/{n}/reveal": {"post": _op(
            "Reveal a secret roll (its roller or the GM): everyone who reads it sees the same dice", "revealRoll",
            posted, (400, 403), [_ID, number, _LANG])},
        "/api/games/{id}/messages/{n}/hide": {"post": _op(
            "Remove a message (GM): its readers see \"removed by the GM\"", "hideMessage", posted, (400, 403),
            [_ID, number, _LANG])},
        "/api/games/{id}/palette": {
            "get": _op("Your seat's chat palette: lines from your character (or as you edited them), each with "
                       "what it sends now, and the {variables} you may use", "getPalette",
                       _json(_ref("Palette"), "The palette."), (400, 422), [_ID, _LANG]),
            "put": _op("Keep your own palette lines with the game (an empty list: back to the lines from your "
                       "character)", "setPalette", _json(_ref("Palette"), "The palette now."), (400, 408, 413),
                       [_ID, _LANG], {"schema": {"type": "object", "required": ["lines"], "properties": {
                           "lines": {"type": "array", "maxItems": 100,
                                     "items": {"type": "string", "maxLength": 200}}}},
                           "example": {"lines": ["2MK+{wit}>=9 haggling", "KDT"]}})},
        "/api/games/{id}/seats": {
            "get": _op("Every seat (GM): name, role, its link where kept, whether connected now", "listSeats",
                       _json({"type": "object", "properties": {"ok": {"const": True}, "seats": {
                           "type": "array", "items": {"type": "object", "properties": {
                               "seat": _STR, "name": _STR, "role": {"enum": ["gm", "player", "spectator"]},
                               "token": {"type": ["string", "null"]}, "url": {"type": ["string", "null"]},
                               "connected": {"type": "boolean"}}}}}}, "The seats."), (400, 403, 422),
                       [_ID, _LANG]),
            "post": _op("Add a spectator seat (GM): it sees what players see in public and may talk", "addSeat",
                        _json(_ref("SeatToken"), "The new seat's token and link."), (400, 403, 408, 413, 422),
                        [_ID, _LANG], {"schema": {"type": "object", "required": ["spectator"], "properties": {
                            "spectator": {"type": "string", "maxLength": 20}}}, "example": {"spectator": "Mina"}},
                        status="201")},
        "/api/games/{id}/export": {"get": _op(
            "The log as your seat sees it, for posting", "export",
            {"description": "The log as text.", "content": {
                "text/plain": {"schema": _STR, "example": "#1 reader\n  Creation roll: 5 and 4. Pick one die.\n"},
                "text/markdown": {"schema": _STR}}},
            (400, 422), [_ID, _LANG, {"name": "format", "in": "query", "required": False,
                                  "schema": {"type": "string", "enum": ["text", "markdown", "bbcode"]}}])},
        "/api/games/{id}/sheet": {"get": _op(
            "The kingdom and court as they stand now (GM; Meikyuu Kingdom), as a sheet file", "courtSheet",
            {"description": "The sheet, as `meikyu mk sheet` and a new game's setup read it.", "content": {
                "application/toml": {"schema": _STR}, "application/json": {"schema": {"type": "object"}}}},
            (400, 403, 422), [_ID, _LANG, {"name": "format", "in": "query", "required": False,
                                  "schema": {"type": "string", "enum": ["toml", "json"]}}])},
        "/api/games/{id}/cards": {"get": _op(
            "The card file a Liberator game was set up with (GM), for the card maker", "gameDeck",
            {"description": "The deck's TOML text as the setup gave it (404: the game plays the sample cards only).",
             "content": {"application/toml": {"schema": _STR}}},
            (403,), [_ID, _LANG])},
        **_sheet_paths(),
        **_card_paths(),
    }
    return paths, schemas


def _sheet_paths() -> dict[str, Any]:
    """``/api/sheets``: the sheet editor's routes (no token)."""
    sheet_body = {"schema": {"type": "object", "required": ["sheet"], "properties": {
        "sheet": {"description": "TOML text, or the same tables as JSON"}, "file": _STR, "lang": _STR,
        "to": {"type": "string", "enum": ["toml", "json", "ccfolia", "udonarium"]}, "actor": _STR}},
        "example": {"sheet": "[kingdom]\nname = \"K\"\n", "file": "court.toml"}}
    problems = {"type": "object", "properties": {"ok": {"type": "boolean"}, "problems": {"type": "array"},
                                                 "sheet": {"type": "object"}}}
    any_json = {"type": "object"}

    def op(summary: str, op_id: str, ok: dict[str, Any], body: dict[str, Any] | None = None,
           params: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        made = _op(summary, op_id, ok, (400, 408, 413, 422) if body else (400, 422), params or [_LANG], body,
                   auth=False)
        made["tags"] = ["sheets"]
        return made

    chars = {"name": "characters", "in": "query", "required": False, "schema": {"type": "string", "pattern": "^[0-9]{1,2}$"}}
    return {
        "/api/sheets/facilities": {"get": op("The facility catalog the room map places", "sheetFacilities",
                                             _json(any_json, "name, label, value of each facility."))},
        "/api/sheets/schema": {"get": op("The sheet's JSON Schema (draft 2020-12)", "sheetSchema",
                                         _json(any_json, "The schema, made from the reader."))},
        "/api/sheets/template": {"get": op("A commented TOML template", "sheetTemplate",
                                           {"description": "The template.", "content": {"application/toml": {"schema": _STR}}},
                                           params=[_LANG, chars])},
        "/api/sheets/check": {"post": op("Every problem of a sheet, and the defaults it takes", "sheetCheck",
                                         _json(problems, "ok, problems (file, path, level, message, example), sheet."),
                                         sheet_body)},
        "/api/sheets/export": {"post": op("A sheet as TOML/JSON, or a character for ccfolia or Udonarium",
                                          "sheetExport", {"description": "The file.", "content": {
                                              media: {"schema": {}} for media in (
                                                  "application/toml", "application/json", "application/zip")}},
                                          sheet_body)},
        "/api/sheets/import": {"post": op("A character from ccfolia JSON or Udonarium (zip as base64, or XML)",
                                          "sheetImport", _json(any_json, "character, unread."), {"schema": {
                                              "type": "object", "required": ["from", "data"], "properties": {
                                                  "from": {"type": "string", "enum": ["ccfolia", "udonarium"]},
                                                  "data": {}, "sheet": {}, "file": _STR}}})},
    }


def _card_paths() -> dict[str, Any]:
    """``/api/cards``: the Liberator card maker's routes (no token)."""
    body = {"schema": {"type": "object", "required": ["cards"], "properties": {
        "cards": {"description": "A card file: TOML or JSON text (JSON when `file` ends in .json), or its tables"},
        "file": _STR, "lang": _STR, "to": {"type": "string", "enum": ["toml", "json"]}}},
        "example": {"cards": {"feats": [{"id": "grit", "name": "Grit", "effect": "P威力+1"}]}, "file": "cards.toml"}}
    any_json = {"type": "object"}

    def op(summary: str, op_id: str, ok: dict[str, Any], with_body: bool = False) -> dict[str, Any]:
        made = _op(summary, op_id, ok, (400, 408, 413, 422) if with_body else (400, 422), [_LANG],
                   body if with_body else None, auth=False)
        made["tags"] = ["cards"]
        return made

    return {
        "/api/cards/choices": {"get": op("The effects a face, an ability and a bonus may carry, and the obstacle kinds",
                                         "cardChoices", _json(any_json, "faces, abilities, bonuses (notation, text); kinds."))},
        "/api/cards/schema": {"get": op("The card file's JSON Schema (draft 2020-12)", "cardSchema",
                                        _json(any_json, "The schema, made from the reader."))},
        "/api/cards/template": {"get": op("A commented TOML card file", "cardTemplate", {
            "description": "The template.", "content": {"application/toml": {"schema": _STR}}})},
        "/api/cards/check": {"post": op("Every problem of a deck: the reader's and the card-making rules', and each "
                                        "action card's budget", "cardCheck", _json(any_json, (
                                            "ok, problems (file, path, level: error | warning | default, message, "
                                            "example), actions (budget, spent, faces), said, cards, table.")), True)},
        "/api/cards/export": {"post": op("A deck that keeps every rule, as TOML or JSON", "cardExport", {
            "description": "The file.", "content": {m: {"schema": {}} for m in ("application/toml", "application/json")}},
            True)},
    }


SECURITY_SCHEMES = {"seatToken": {"type": "http", "scheme": "bearer",
                                  "description": "A seat's token from POST /api/games (or ?token=)."}}
