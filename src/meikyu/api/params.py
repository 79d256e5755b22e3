"""Reading request parameters the way bcdice-api does, but bounded and strict.

bcdice-api (Sinatra) merges query parameters with a form body; we do the same and also accept a JSON
object body and ``multipart/form-data`` (what ``curl -F`` and browser ``FormData`` send). Every read is
bounded in size, field count and time, so no request can make the server hang or run out of memory.

>>> parse_body(b"command=2MK%2B3&lang=ja", "application/x-www-form-urlencoded", max_fields=8)
{'command': '2MK+3', 'lang': 'ja'}
>>> parse_body(b'{"command": "2MK", "dice": [6, 3]}', "application/json", max_fields=8)
{'command': '2MK', 'dice': '6,3'}
>>> check_dice_text("6,3,[1]")
[6, 3, 1]
"""

from __future__ import annotations

import asyncio
import email.message
import email.parser
import email.policy
import json
import re
from collections.abc import AsyncIterator, Mapping
from typing import TYPE_CHECKING

from meikyu.api.errors import INVALID_PARAMETER, ApiError
from meikyu.errors import DiceError, InputError

if TYPE_CHECKING:
    from starlette.requests import Request

_DICE_TEXT = re.compile(r"[0-9\s,\[\]]*", re.ASCII)
_DICE_MAX_CHARS = 2048
_DICE_MAX_VALUE = 1_000_000
FORMATS = ("bcdice", "text")
# The rest of an unread body would be taken for the next request: close the connection instead.
_CLOSE = {"connection": "close"}


async def read_body(request: Request, limit: int, timeout: float) -> bytes:
    """The request body, refusing more than ``limit`` bytes or a sender slower than ``timeout`` s."""
    return await read_stream(request.headers.get("content-length"), request.stream(), limit, timeout)


async def read_stream(declared: str | None, chunks: AsyncIterator[bytes], limit: int, timeout: float) -> bytes:
    """A body from its ``content-length`` header (``declared``, or None) and its chunks (which raise
    Starlette's ``ClientDisconnect`` when the client goes away), bounded as :func:`read_body` says.
    Shared by the general routes and the thin ASGI path (:mod:`meikyu.api.games_fast`)."""
    from starlette.requests import ClientDisconnect

    if declared is not None:
        if not declared.strip().isascii() or not declared.strip().isdigit():
            raise ApiError(400, INVALID_PARAMETER, "api.error.bad_length")
        if int(declared) > limit:
            raise ApiError(413, "request too large", "api.error.too_large", headers=_CLOSE, limit=limit)
    parts: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(timeout):
            async for chunk in chunks:
                size += len(chunk)
                if size > limit:
                    raise ApiError(413, "request too large", "api.error.too_large", headers=_CLOSE, limit=limit)
                parts.append(chunk)
    except TimeoutError:
        raise ApiError(408, "request timeout", "api.error.timeout", headers=_CLOSE, seconds=timeout) from None
    except ClientDisconnect:
        # Nobody is left to read the answer; a 400 keeps the log honest.
        raise ApiError(400, INVALID_PARAMETER, "api.error.disconnected") from None
    return b"".join(parts)


def _text(value: bytes, field: str) -> str:
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(400, INVALID_PARAMETER, "api.error.not_utf8", name=field) from None


def _check_fields(count: int, max_fields: int) -> None:
    if count > max_fields:
        raise ApiError(400, INVALID_PARAMETER, "api.error.too_many_fields", limit=max_fields)


def _json_value(name: str, value: object) -> str:
    if isinstance(value, str):
        return value
    # Numbers and booleans are accepted as their text; a list of numbers is a dice list.
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return ",".join(str(v) for v in value)
    raise ApiError(400, INVALID_PARAMETER, "api.error.json_value", name=name)


def _parse_json(body: bytes, max_fields: int) -> dict[str, str]:
    try:
        data = json.loads(_text(body, "body"))
    except (ValueError, RecursionError):
        # RecursionError: a body of thousands of nested brackets.
        raise ApiError(400, INVALID_PARAMETER, "api.error.bad_json") from None
    if not isinstance(data, dict):
        raise ApiError(400, INVALID_PARAMETER, "api.error.bad_json")
    _check_fields(len(data), max_fields)
    return {str(k): _json_value(str(k), v) for k, v in data.items()}


def _parse_form(body: bytes, max_fields: int) -> dict[str, str]:
    from urllib.parse import parse_qsl

    text = _text(body, "body")
    try:
        pairs = parse_qsl(text, keep_blank_values=True, max_num_fields=max_fields, errors="strict")
    except UnicodeDecodeError:
        raise ApiError(400, INVALID_PARAMETER, "api.error.not_utf8", name="body") from None
    except ValueError:
        raise ApiError(400, INVALID_PARAMETER, "api.error.too_many_fields", limit=max_fields) from None
    return dict(pairs)


def _parse_multipart(body: bytes, content_type: str, max_fields: int) -> dict[str, str]:
    # The standard library's MIME parser is lenient (it never raises on junk); we only keep named
    # text parts, and the body is already bounded in size.
    head = f"Content-Type: {content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode("latin-1", "replace")
    message = email.parser.BytesParser(policy=email.policy.compat32).parsebytes(head + body)
    if not message.is_multipart():
        raise ApiError(400, INVALID_PARAMETER, "api.error.bad_multipart")
    parts = message.get_payload()
    if not isinstance(parts, list):
        raise ApiError(400, INVALID_PARAMETER, "api.error.bad_multipart")
    _check_fields(len(parts), max_fields)
    fields: dict[str, str] = {}
    for part in parts:
        if not isinstance(part, email.message.Message):
            continue
        name = part.get_param("name", header="content-disposition")
        if not isinstance(name, str) or part.get_filename() is not None:
            continue
        payload = part.get_payload(decode=True)
        if isinstance(payload, bytes):
            fields[name] = _text(payload, name)
    return fields


def parse_body(body: bytes, content_type: str | None, max_fields: int) -> dict[str, str]:
    """Parameters carried by a request body of the given content type."""
    if not body.strip():
        return {}
    kind = (content_type or "application/x-www-form-urlencoded").split(";", 1)[0].strip().lower()
    if kind == "application/x-www-form-urlencoded":
        return _parse_form(body, max_fields)
    if kind == "application/json" or kind.endswith("+json"):
        return _parse_json(body, max_fields)
    if kind == "multipart/form-data":
        return _parse_multipart(body, content_type or "", max_fields)
    raise ApiError(415, "unsupported media type", "api.error.media_type", type=kind[:100])


def check_text(params: Mapping[str, str]) -> None:
    """Refuse text that cannot be sent back as UTF-8 (lone surrogates from a JSON ``\\ud800``)."""
    for name, value in params.items():
        try:
            name.encode("utf-8")
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ApiError(400, INVALID_PARAMETER, "api.error.not_utf8", name=name.encode("utf-8", "replace").decode()) from None


async def gather(request: Request, max_body: int, max_fields: int, timeout: float, with_body: bool) -> dict[str, str]:
    """Query parameters, overridden by body parameters when ``with_body`` (as Sinatra merges them)."""
    query = request.query_params
    _check_fields(len(query), max_fields)
    params = dict(query.items())
    if with_body:
        body = await read_body(request, max_body, timeout)
        params.update(parse_body(body, request.headers.get("content-type"), max_fields))
        _check_fields(len(params), max_fields)
    check_text(params)
    return params


def check_dice_text(text: str) -> list[int]:
    """The ``dice=`` extension: values rolled elsewhere, as ``6,3,1``; bad lists raise ``DiceError``.

    >>> check_dice_text("6 x")
    Traceback (most recent call last):
    ...
    meikyu.errors.DiceError: '6 x' is not a die value; give whole numbers of 1 or more, such as 6,3,1.
    """
    if len(text) > _DICE_MAX_CHARS or not _DICE_TEXT.fullmatch(text):
        raise DiceError("error.dice.bad_value", value=text[:40])
    values: list[int] = []
    for word in text.replace("[", " ").replace("]", " ").replace(",", " ").split():
        value = int(word)
        if value < 1 or value > _DICE_MAX_VALUE:
            raise DiceError("error.dice.bad_value", value=word[:40])
        values.append(value)
    return values


def dice_param(params: Mapping[str, str]) -> list[int] | None:
    """The fixed dice asked for, or ``None`` to roll at random.

    ``dice=`` is our own optional parameter: a value that is no dice list is ignored (random dice),
    since a request bcdice-api accepts is never refused.
    """
    text = params.get("dice", "")
    if not text.strip():
        return None
    try:
        return check_dice_text(text)
    except InputError:
        return None


def extras_param(params: Mapping[str, str]) -> bool:
    """``extras=1`` (or ``true``/``yes``/``on``) asks for meikyu's fields beside bcdice-api's; anything else: none.

    >>> extras_param({"extras": "1"}), extras_param({"extras": "nope"}), extras_param({})
    (True, False, False)
    """
    return params.get("extras", "").strip().lower() in ("1", "true", "yes", "on")


def lang_param(params: Mapping[str, str], default: str) -> str:
    """``lang=ko|ja|en``, else ``MEIKYU_LANG``, else ``default`` (an unknown value falls back too)."""
    from meikyu.i18n import LANGS
    from meikyu.lang import resolve_lang

    asked = params.get("lang", "").strip().lower()
    if asked not in LANGS:
        asked = ""
    try:
        return resolve_lang(asked or None, default=default)
    except InputError:
        # MEIKYU_LANG holds something unusable: the server's setting, not the caller's fault.
        return default


def format_param(params: Mapping[str, str]) -> str:
    """``format=bcdice`` (the default: what bots expect) or ``format=text`` (native text); anything else: the default."""
    value = (params.get("format") or "bcdice").strip().lower()
    return value if value in FORMATS else "bcdice"
