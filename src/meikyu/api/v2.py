"""The ``/v2`` endpoints of bcdice-api, answered by meikyu's engine.

Each handler turns parameters into a plain dict; :mod:`meikyu.api.app` wires them to routes. The
response shapes are bcdice-api's. By default every response carries exactly bcdice-api's keys
(strict clients reject any other); meikyu's extra fields (``meikyu`` in the version, ``command``/
``total``/``dice``/``kept``/``drive``/``achievement`` on rolls, ``value`` on original tables,
``message`` on errors) come only with ``extras=1``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from meikyu.api.errors import UNSUPPORTED_COMMAND, UNSUPPORTED_TABLE, ApiError, from_input_error
from meikyu.api.params import dice_param, extras_param, format_param, lang_param
from meikyu.dice.version import BCDICE_VERSION
from meikyu.errors import DiceError, InputError

if TYPE_CHECKING:
    from meikyu.api.config import ApiConfig
    from meikyu.dice.result import RollResult
    from meikyu.dice.source import Roll
    from meikyu.systems import SystemInfo

API_VERSION = "3.0.0"
"""The bcdice-api interface version we speak (its /v2 as of bcdice-api 3.0.0)."""

# The flags every bcdice-api roll answer has, in its order; our extra fields follow "rands".
_ROLL_FLAGS = ("secret", "success", "failure", "critical", "fumble")


def rands_json(rolls: Any) -> list[dict[str, Any]]:
    """``(sides, value)`` pairs as bcdice-api's ``rands`` list.

    >>> rands_json([(6, 3)])
    [{'kind': 'normal', 'sides': 6, 'value': 3}]
    """
    return [{"kind": "normal", "sides": sides, "value": value} for sides, value in rolls]


def version(params: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``GET /v2/version`` (with ``extras=1``: meikyu's own version too)."""
    from meikyu import __version__

    out: dict[str, Any] = {"api": API_VERSION, "bcdice": BCDICE_VERSION}
    if params is not None and extras_param(params):
        out["meikyu"] = __version__
    return out


def admin(config: ApiConfig) -> dict[str, Any]:
    """``GET /v2/admin``: empty strings where the operator set nothing (as bcdice-api does)."""
    return {"name": config.admin_name, "url": config.admin_url, "email": config.admin_email}


def game_systems(params: Mapping[str, str]) -> dict[str, Any]:
    """``GET /v2/game_system``: every registered system, sorted by sort key.

    ``name`` is the BCDice display name; with ``lang=`` it is the name in that language.
    """
    from meikyu.systems import all_systems

    lang = lang_param(params, "en") if params.get("lang") else None
    return {
        "game_system": [
            {"id": s.id, "name": s.localized_name(lang) if lang else s.name, "sort_key": s.sort_key}
            for s in all_systems()
        ]
    }


def find_system(system_id: str) -> SystemInfo:
    from meikyu.systems import find

    try:
        return find(system_id)
    except InputError as err:
        raise from_input_error(err) from None


def game_system(system_id: str, params: Mapping[str, str]) -> dict[str, Any]:
    """``GET /v2/game_system/{id}``: metadata, the command pattern and the help text.

    The help is Japanese by default, as bcdice-api's is (clients post it to chat as it is); ``lang=ko``
    or ``lang=en`` picks another language.
    """
    info = find_system(system_id)
    lang = lang_param(params, "ja")
    commands = info.commands()
    return {
        "ok": True,
        "id": info.id,
        "name": info.name,
        "sort_key": info.sort_key,
        "command_pattern": commands.command_pattern,
        "help_message": commands.help(lang),
    }


class RollPlan(NamedTuple):
    """A roll request checked and resolved: everything but the dice. Reusable for identical requests."""

    system: str
    lang: str
    fmt: str
    dice: tuple[int, ...] | None
    command: str
    extras: bool = False


def prepare_roll(system_id: str, params: Mapping[str, str]) -> RollPlan:
    """Check a roll request's parameters (raising :class:`ApiError`) without rolling."""
    info = find_system(system_id)
    lang = lang_param(params, info.default_lang)
    fmt = format_param(params)
    dice = dice_param(params)
    command = params.get("command", "")
    if not command.strip():
        raise ApiError(400, UNSUPPORTED_COMMAND, "api.error.missing", name="command")
    return RollPlan(info.id, lang, fmt, None if dice is None else tuple(dice), command, extras_param(params))


def roll_once(plan: RollPlan) -> RollResult:
    """Roll a prepared request."""
    import meikyu

    try:
        return meikyu.roll(plan.command, system=plan.system, dice=plan.dice, lang=plan.lang,
                           bcdice_messages=plan.fmt == "bcdice")
    except InputError as err:
        raise from_input_error(err) from None


def roll_result(plan: RollPlan) -> tuple[RollResult, str]:
    """Roll a prepared request: the result and its text in the asked format."""
    result = roll_once(plan)
    return result, result.render(plan.fmt, lang=plan.lang)


def roll_json(result: RollResult, text: str, extras: bool = False) -> dict[str, Any]:
    """bcdice-api's roll fields, then (with ``extras``) ours."""
    # Fields are read one by one rather than through to_json(), which renders a second text.
    out: dict[str, Any] = {"ok": True, "text": text}
    for key in _ROLL_FLAGS:
        out[key] = bool(getattr(result, key))
    out["rands"] = rands_json(result.rands)
    if not extras:
        return out
    out["command"] = result.command
    out["total"] = result.total
    out["dice"] = list(result.dice)
    out["kept"] = list(result.kept)
    out["drive"] = result.drive
    out["achievement"] = result.achievement
    return out


def roll(system_id: str, params: Mapping[str, str]) -> dict[str, Any]:
    """``GET``/``POST /v2/game_system/{id}/roll``: one command, bcdice-api's fields plus ours."""
    plan = prepare_roll(system_id, params)
    return roll_json(*roll_result(plan), extras=plan.extras)


@lru_cache(maxsize=256)
def _parse_table(text: str) -> Any:
    from meikyu.tables import parse_user_table

    return parse_user_table(text)


def original_table(params: Mapping[str, str]) -> dict[str, Any]:
    """``POST /v2/original_table``: roll on a user table given as BCDice table text."""
    from meikyu.dice.source import RandomDice, RecordingDice, ScriptedDice

    lang = lang_param(params, "ja")
    fmt = format_param(params)
    fixed = dice_param(params)
    text = params.get("table", "")
    if not text.strip():
        raise ApiError(400, UNSUPPORTED_TABLE, "api.error.missing_table")
    try:
        table = _parse_table(text)
        scripted = ScriptedDice(fixed) if fixed is not None else None
        recorder = RecordingDice(scripted if scripted is not None else RandomDice())
        result = table.roll(recorder)
        if scripted is not None and scripted.remaining:
            used = len(fixed or ()) - scripted.remaining
            raise DiceError("error.dice.unused", unused=scripted.remaining, used=used)
    except InputError as err:
        raise from_input_error(err, UNSUPPORTED_TABLE) from None
    rolls: list[Roll] = recorder.rolls
    shown = result.bcdice_text() if fmt == "bcdice" else result.render(lang)
    out = {"ok": True, "text": shown, "rands": rands_json(rolls)}
    if extras_param(params):
        out["value"] = result.value
    return out
