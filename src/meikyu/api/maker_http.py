"""What the sheet editor's and the card maker's routes share (``/api/sheets``, ``/api/cards``): no game and
no token, a file's text in a JSON body read under the games API's limits, and a refusal by the rules answered
as a 422 in the asker's language.

>>> file_name({"file": "court.toml"}, "sheet", "court.toml"), file_name({}, "cards", "cards.toml")
('court.toml', 'cards')
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from meikyu.api.config import ApiConfig
from meikyu.api.games_http import GameApiError, bad_field, json_body, lang_from
from meikyu.errors import MeikyuError

Work = Callable[[Request, str], Awaitable[Response]]


def file_name(data: dict[str, Any], default: str, example: str) -> str:
    """The body's ``file`` (the name problems are said with), ``default`` when it is left out."""
    name = data.get("file", default)
    if not isinstance(name, str) or not name.strip():
        raise bad_field("file", f"the file's name, such as \"{example}\"")
    return name[:200]


def refusing(work: Work) -> Callable[[Request], Awaitable[Response]]:
    """A route running ``work(request, lang)`` with ``?lang=`` read, a rules' refusal answered as a 422."""

    async def run(request: Request) -> Response:
        lang = lang_from(request.query_params.get("lang", ""), "en")
        request.state.lang = lang
        try:
            return await work(request, lang)
        except MeikyuError as error:
            raise GameApiError(422, "refused", error.key, error=error) from None

    return run


async def read_body(request: Request, config: ApiConfig, example: str, field: str | None = None) -> dict[str, Any]:
    """The JSON body (the games API's size and time limits), which must hold ``field`` when one is named; a
    ``lang`` in it is the answer's language."""
    data = await json_body(request, config.games_max_setup_bytes, config.body_timeout, example)
    if "lang" in data:
        request.state.lang = lang_from(str(data["lang"]), "en")
    if field is not None and field not in data:
        raise GameApiError(400, "bad_request", "games.error.field_missing", name=field, example=example)
    return data
