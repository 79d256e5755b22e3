"""The OpenAPI 3.1 document of the server, and a small self-contained page that shows it.

The document is written out by hand (it is the contract bots rely on, so it should read as one) and is
what the fuzzing tests generate requests from.

>>> doc = document()
>>> sorted(p for p in doc["paths"] if p.startswith("/v2"))[:2]
['/v2/admin', '/v2/game_system']
>>> "RollResult" in doc["components"]["schemas"]
True
"""

from __future__ import annotations

import html
from functools import cache
from typing import Any

_BOOL = {"type": "boolean"}
_STR = {"type": "string"}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_LANG = {
    "name": "lang",
    "in": "query",
    "required": False,
    "description": "Language of help and native text: ko, ja or en (extension; help defaults to ja as "
    "bcdice-api's does, native text to the system's own; any other value falls back to the default).",
    "schema": {"type": "string", "enum": ["ko", "ja", "en"]},
}
_FORMAT = {
    "name": "format",
    "in": "query",
    "required": False,
    "description": "`bcdice` (default) gives BCDice's text, as bots expect; `text` gives meikyu's own "
    "text in the chosen language (extension; any other value falls back to `bcdice`).",
    "schema": {"type": "string", "enum": ["bcdice", "text"]},
}
_DICE = {
    "name": "dice",
    "in": "query",
    "required": False,
    "description": "Dice rolled elsewhere, in draw order, such as `6,3,1`, used instead of random dice "
    "(extension; a value that is no dice list is ignored and the dice are random).",
    "schema": {"type": "string", "maxLength": 2048},
}
_EXTRAS = {
    "name": "extras",
    "in": "query",
    "required": False,
    "description": "`1` adds meikyu's fields (marked extension below) to the answer; without it every "
    "answer has exactly bcdice-api's keys, as strict clients require (extension).",
    "schema": {"type": "string", "enum": ["1", "0"]},
}
_ID = {
    "name": "id",
    "in": "path",
    "required": True,
    "description": "Game system id such as `MeikyuKingdom` (aliases such as `mk` also work).",
    "schema": {"type": "string"},  # filled with the registered ids by document()
}
_COMMAND = {
    "name": "command",
    "in": "query",
    "required": False,
    "description": "The command, e.g. `2MK+3>=9`. Missing or empty gives `unsupported command`.",
    "schema": {"type": "string"},
}


def _form_body(properties: dict[str, Any]) -> dict[str, Any]:
    schema = {"type": "object", "properties": properties}
    return {
        "required": False,
        "content": {
            "application/x-www-form-urlencoded": {"schema": schema},
            "multipart/form-data": {"schema": schema},
            "application/json": {"schema": schema},
        },
    }


def _errors(*statuses: int) -> dict[str, Any]:
    words = {
        400: "Bad input: unknown system, unsupported command or table, bad dice or parameter.",
        404: "No such route (`not found`).",
        405: "The route exists but not for this method.",
        408: "The request body arrived too slowly.",
        413: "The request body is too large.",
        414: "The query string is too long.",
        415: "The body is not form, multipart or JSON.",
    }
    # Every route can meet an unknown-path or over-long-query answer from the guard in front of it.
    return {str(s): _json(_ref("Error"), words[s]) for s in sorted({404, 405, 414, *statuses})}


def _op(summary: str, ok: dict[str, Any], params: list[dict[str, Any]], errors: tuple[int, ...] = (),
        body: dict[str, Any] | None = None, op_id: str = "") -> dict[str, Any]:
    op: dict[str, Any] = {
        "summary": summary,
        "operationId": op_id,
        "parameters": params,
        "responses": {"200": ok, **_errors(*errors)},
    }
    if body is not None:
        op["requestBody"] = body
    return op


_SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["ok", "reason"],
        "properties": {
            "ok": {"const": False},
            "reason": {"type": "string", "description": "bcdice-api's fixed English reason, for programs."},
            "message": {"type": "string", "description": "What was wrong, in the asked language (extension, with extras=1)."},
        },
    },
    "Version": {
        "type": "object",
        "required": ["api", "bcdice"],
        "properties": {"api": _STR, "bcdice": _STR, "meikyu": {"type": "string", "description": "extension, with extras=1"}},
    },
    "Admin": {
        "type": "object",
        "required": ["name", "url", "email"],
        "properties": {"name": _STR, "url": _STR, "email": _STR},
    },
    "GameSystemList": {
        "type": "object",
        "required": ["game_system"],
        "properties": {
            "game_system": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "name", "sort_key"],
                    "properties": {"id": _STR, "name": _STR, "sort_key": _STR},
                },
            }
        },
    },
    "GameSystem": {
        "type": "object",
        "required": ["ok", "id", "name", "sort_key", "command_pattern", "help_message"],
        "properties": {
            "ok": {"const": True},
            "id": _STR,
            "name": _STR,
            "sort_key": _STR,
            "command_pattern": {"type": "string", "description": "Regex source; match case-insensitively."},
            "help_message": _STR,
        },
    },
    "Rand": {
        "type": "object",
        "required": ["kind", "sides", "value"],
        "properties": {"kind": {"const": "normal"}, "sides": {"type": "integer"}, "value": {"type": "integer"}},
    },
    "RollResult": {
        "type": "object",
        "required": ["ok", "text", "secret", "success", "failure", "critical", "fumble", "rands"],
        "properties": {
            "ok": {"const": True},
            "text": _STR,
            "secret": _BOOL,
            "success": _BOOL,
            "failure": _BOOL,
            "critical": _BOOL,
            "fumble": _BOOL,
            "rands": {"type": "array", "items": _ref("Rand")},
            "command": {"type": "string", "description": "extension, with extras=1 (so are the fields below)"},
            "total": {"type": ["integer", "null"]},
            "dice": {"type": "array", "items": {"type": "integer"}},
            "kept": {"type": "array", "items": {"type": "integer"}},
            "drive": {"type": ["integer", "null"]},
            "achievement": {"type": ["integer", "null"]},
        },
    },
    "TableResult": {
        "type": "object",
        "required": ["ok", "text", "rands"],
        "properties": {
            "ok": {"const": True},
            "text": _STR,
            "rands": {"type": "array", "items": _ref("Rand")},
            "value": {"type": "integer", "description": "The table roll the dice selected (extension, with extras=1)."},
        },
    },
}


@cache
def document() -> dict[str, Any]:
    """The OpenAPI document (built once; treat it as read-only)."""
    from meikyu import __version__
    from meikyu.systems import all_systems

    # Listing the registered ids lets generated requests reach the roll logic, not only the lookup.
    _ID["schema"] = {"type": "string", "enum": [s.id for s in all_systems()]}
    from meikyu.api.openapi_games import GAMES_DESCRIPTION, SECURITY_SCHEMES, games_paths
    from meikyu.table.registry import kinds

    table_kinds = kinds()
    games, game_schemas = games_paths(sorted({s for s, _ in table_kinds}), sorted({k for _, k in table_kinds}))
    roll_get = _op("Roll a command", _json(_ref("RollResult"), "The roll."),
                   [_ID, _COMMAND, _LANG, _FORMAT, _DICE, _EXTRAS], (400,), op_id="rollGet")
    roll_post = _op(
        "Roll a command (parameters in the body)",
        _json(_ref("RollResult"), "The roll."),
        [_ID, _COMMAND, _LANG, _FORMAT, _DICE, _EXTRAS],
        (400, 408, 413, 415),
        _form_body({"command": _STR, "lang": _LANG["schema"], "format": _FORMAT["schema"], "dice": _DICE["schema"],
                    "extras": _EXTRAS["schema"]}),
        op_id="rollPost",
    )
    table = _op(
        "Roll on a user table (BCDice table text: title, dice such as 1D6/2D6/D66, then value:text lines)",
        _json(_ref("TableResult"), "The table roll."),
        [_LANG, _FORMAT, _DICE, _EXTRAS],
        (400, 408, 413, 415),
        _form_body({"table": _STR, "lang": _LANG["schema"], "format": _FORMAT["schema"], "dice": _DICE["schema"],
                    "extras": _EXTRAS["schema"]}),
        op_id="originalTable",
    )
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "meikyu bcdice-api compatible server",
            "version": __version__,
            "description": "The /v2 interface of bcdice-api, answered by meikyu. Every response carries "
            "`Access-Control-Allow-Origin: *`; errors are `{\"ok\": false, \"reason\": …}`. Answers carry exactly "
            "bcdice-api's keys unless `extras=1` asks for meikyu's own fields; unknown parameters are ignored.\n\n"
            + GAMES_DESCRIPTION,
        },
        "paths": {
            "/v2/version": {"get": _op("Versions", _json(_ref("Version"), "Versions."), [_EXTRAS], op_id="version")},
            "/v2/admin": {"get": _op("Server operator contact", _json(_ref("Admin"), "Contact."), [], op_id="admin")},
            "/v2/game_system": {
                "get": _op("List game systems (sorted by sort_key)", _json(_ref("GameSystemList"), "Systems."),
                           [_LANG], (400,), op_id="gameSystems")
            },
            "/v2/game_system/{id}": {
                "get": _op("One game system", _json(_ref("GameSystem"), "The system."), [_ID, _LANG], (400,),
                           op_id="gameSystem")
            },
            "/v2/game_system/{id}/roll": {"get": roll_get, "post": roll_post},
            "/v2/original_table": {"post": table},
            **games,
        },
        "components": {"schemas": {**_SCHEMAS, **game_schemas}, "securitySchemes": SECURITY_SCHEMES},
    }


def docs_html() -> str:
    """A page listing the endpoints, built from :func:`document` (no scripts, no outside assets)."""
    doc = document()
    rows: list[str] = []
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            params = ", ".join(p["name"] for p in op["parameters"] if p["in"] == "query") or "—"
            rows.append(
                f"<tr><td><code>{method.upper()}</code></td><td><code>{html.escape(path)}</code></td>"
                f"<td>{html.escape(op['summary'])}</td><td>{html.escape(params)}</td></tr>"
            )
    title = html.escape(doc["info"]["title"])
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{title}</title><style>body{{font-family:sans-serif;margin:2em}}"
        "td,th{padding:.3em .8em;text-align:left;border-bottom:1px solid #ddd}</style></head><body>"
        f"<h1>{title}</h1><p>{html.escape(doc['info']['description'])}</p>"
        "<table><tr><th>method</th><th>path</th><th>what</th><th>query parameters</th></tr>"
        + "".join(rows)
        + "</table><p>Machine-readable: <a href='/openapi.json'>/openapi.json</a></p></body></html>"
    )
