"""The JSON answers every route sends, errors included (shared by the app and the thin games path).

>>> error_response(ApiError(400, "invalid parameter", "api.error.bad_length"), "en").body
b'{"ok":false,"reason":"invalid parameter"}'
"""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from meikyu.api.errors import ApiError
from meikyu.api.games_http import GameApiError
from meikyu.store.base import json_bytes


class JSONBody(Response):
    """Compact UTF-8 JSON, as bcdice-api sends it (Japanese text unescaped)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return json_bytes(content)


def error_response(error: ApiError, lang: str, extras: bool = False) -> JSONBody:
    """bcdice-api's ``{"ok": false, "reason": …}``; with ``extras=1`` also ``message``, a sentence in ``lang``.
    The games API (its own shape, :class:`~meikyu.api.games_http.GameApiError`) always says why."""
    body = error.body(lang)
    if not extras and not isinstance(error, GameApiError):
        body.pop("message", None)
    return JSONBody(body, status_code=error.status, headers=error.headers or None)
