"""``/api/sheets``: Meikyuu Kingdom sheets for the editor page (no game, no token).

- ``GET /api/sheets/facilities?lang=`` → the facility catalog (name, label, value) the room map places
- ``GET /api/sheets/schema?lang=`` → the sheet's JSON Schema (draft 2020-12)
- ``GET /api/sheets/template?lang=&characters=N`` → a commented TOML template
- ``POST /api/sheets/check`` ``{"sheet": TOML text | tables, "file"?}`` → ``{ok, problems, sheet}`` (200 either
  way: every problem, each with file, path, level, message and example; ``sheet`` as read, stand-ins where a
  value was wrong, so a file with problems still fills the editor's forms)
- ``POST /api/sheets/export`` ``{"sheet", "to": toml|json|ccfolia|udonarium, "actor"?}`` → the file
- ``POST /api/sheets/import`` ``{"from": ccfolia|udonarium, "data", "sheet"?}`` → ``{character, unread}``

The kingdom and court of a game as they stand now are ``GET /api/games/{id}/sheet`` (the GM's token).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from meikyu.api.config import ApiConfig
from meikyu.api.games_http import bad_field, in_worker
from meikyu.api.maker_http import file_name, read_body, refusing

EXAMPLE = '{"sheet": "[kingdom]\\nname = \\"K\\"\\n", "file": "court.toml"}'


def _file(data: dict[str, Any]) -> str:
    return file_name(data, "sheet", "court.toml")


def routes(config: ApiConfig) -> list[BaseRoute]:
    """The routes above, reading bodies as the games API does (same limits)."""

    async def schema(request: Request, lang: str) -> Response:
        from meikyu.table import mk_sheets

        return JSONResponse(await in_worker(mk_sheets.schema, lang))

    async def template(request: Request, lang: str) -> Response:
        from meikyu.table import mk_sheets

        text = request.query_params.get("characters", "1")
        if not text.isascii() or not text.isdigit() or not 0 <= int(text) <= 12:
            raise bad_field("characters", "0 to 12")
        made = await in_worker(mk_sheets.template, lang, int(text))
        return Response(made, media_type="application/toml; charset=utf-8",
                        headers={"Content-Disposition": 'attachment; filename="court.toml"'})

    async def check(request: Request, lang: str) -> Response:
        from meikyu.table import mk_sheets

        data = await read_body(request, config, EXAMPLE, "sheet")
        lang = request.state.lang
        return JSONResponse(await in_worker(mk_sheets.check, data["sheet"], _file(data), lang))

    async def export(request: Request, lang: str) -> Response:
        from meikyu.table import mk_sheets

        data = await read_body(request, config, EXAMPLE)
        lang = request.state.lang
        fmt, actor = data.get("to", "toml"), data.get("actor", "")
        if not isinstance(fmt, str) or not isinstance(actor, str):
            raise bad_field("to", " | ".join(mk_sheets.EXPORTS))
        raw, media, name = await in_worker(mk_sheets.export, data.get("sheet"), _file(data), fmt, actor, lang)
        return Response(raw, media_type=media, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def import_(request: Request, lang: str) -> Response:
        from meikyu.table import mk_sheets

        data = await read_body(request, config, EXAMPLE)
        lang = request.state.lang
        fmt = data.get("from")
        if not isinstance(fmt, str):
            raise bad_field("from", " | ".join(mk_sheets.IMPORTS))

        def work() -> dict[str, Any]:
            base = None
            if data.get("sheet") is not None:
                sheet = mk_sheets.read(data["sheet"], "sheet", lang)
                found = mk_sheets.import_character(fmt, data.get("data"), _file(data))
                ids = (found["character"]["id"], found["character"]["name"])
                base = next((c for c in sheet.characters if c.id in ids or c.name in ids), None)
            return {"ok": True, **mk_sheets.import_character(fmt, data.get("data"), _file(data), base)}

        return JSONResponse(await in_worker(work))

    async def facilities(request: Request, lang: str) -> Response:
        from meikyu.table import mk_sheets

        return JSONResponse({"ok": True, "facilities": mk_sheets.facility_list(lang)})

    return [
        Route("/api/sheets/facilities", refusing(facilities), methods=["GET"]),
        Route("/api/sheets/schema", refusing(schema), methods=["GET"]),
        Route("/api/sheets/template", refusing(template), methods=["GET"]),
        Route("/api/sheets/check", refusing(check), methods=["POST"]),
        Route("/api/sheets/export", refusing(export), methods=["POST"]),
        Route("/api/sheets/import", refusing(import_), methods=["POST"]),
    ]
