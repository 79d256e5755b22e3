"""``/api/cards``: Liberator decks for the card maker page (no game, no token).

- ``GET /api/cards/choices?lang=`` → the effects a face, an ability and a bonus may carry (notation and words)
  and the obstacle kinds
- ``GET /api/cards/schema?lang=`` → the card file's JSON Schema (draft 2020-12)
- ``GET /api/cards/template?lang=`` → a commented TOML card file
- ``POST /api/cards/check`` ``{"cards": TOML/JSON text | tables, "file"?}`` → ``{ok, problems, actions, cards,
  table}`` (200 either way: the reader's problems and the card-making rules' errors and warnings, each with its
  path; per action card its budget and spent points; see :func:`meikyu.table.lb_cards.check`)
- ``POST /api/cards/export`` ``{"cards", "to": toml|json, "file"?}`` → the file (422 with every problem when
  the deck breaks a rule)

A game is started with a deck through the games API: ``setup.cards`` holds the card file's text.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from meikyu.api.config import ApiConfig
from meikyu.api.games_http import bad_field, in_worker
from meikyu.api.maker_http import file_name, read_body, refusing

EXAMPLE = '{"cards": "[[feats]]\\nid = \\"x\\"\\nname = \\"X\\"\\neffect = \\"P威力+1\\"\\n", "file": "cards.toml"}'


def _file(data: dict[str, Any]) -> str:
    return file_name(data, "cards", "cards.toml")


def routes(config: ApiConfig) -> list[BaseRoute]:
    """The routes above, reading bodies as the games API does (same limits)."""

    async def choices(request: Request, lang: str) -> Response:
        from meikyu.table import lb_cards

        return JSONResponse({"ok": True, **await in_worker(lb_cards.choices, lang)})

    async def schema(request: Request, lang: str) -> Response:
        from meikyu.table import lb_cards

        return JSONResponse(await in_worker(lb_cards.schema, lang))

    async def template(request: Request, lang: str) -> Response:
        from meikyu.systems.liberator.card_template import cards_template

        made = await in_worker(cards_template, lang)
        return Response(made, media_type="application/toml; charset=utf-8",
                        headers={"Content-Disposition": 'attachment; filename="cards.toml"'})

    async def check(request: Request, lang: str) -> Response:
        from meikyu.table import lb_cards

        data = await read_body(request, config, EXAMPLE, "cards")
        lang = request.state.lang
        return JSONResponse(await in_worker(lb_cards.check, data["cards"], _file(data), lang))

    async def export(request: Request, lang: str) -> Response:
        from meikyu.table import lb_cards

        data = await read_body(request, config, EXAMPLE, "cards")
        lang = request.state.lang
        fmt = data.get("to", "toml")
        if not isinstance(fmt, str):
            raise bad_field("to", " | ".join(lb_cards.EXPORTS))
        raw, media, name = await in_worker(lb_cards.export, data["cards"], _file(data), fmt, lang)
        return Response(raw, media_type=media, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    return [
        Route("/api/cards/choices", refusing(choices), methods=["GET"]),
        Route("/api/cards/schema", refusing(schema), methods=["GET"]),
        Route("/api/cards/template", refusing(template), methods=["GET"]),
        Route("/api/cards/check", refusing(check), methods=["POST"]),
        Route("/api/cards/export", refusing(export), methods=["POST"]),
    ]
