"""A game's settings the GM changes during play: typed dice from a real table, the monsters' autopilot.

A game starts with the settings it was created with (``manual_dice``); each change is a ``setting`` log entry
``{"name", "value"}`` the GM posts, read by every seat as a plain line ("The GM turned the monsters'
autopilot on."). A change is no action: the rules never see it and undo never takes it back; it does move
the rules' version (so every page is sent the new settings, and an action posted before it was seen is
stale). The settings now are the created ones with every change after them, in log order.

- ``manual_dice``: seats may send dice rolled at a real table (actions and free rolls);
- ``auto``: the GM's pages play the monsters' moves the tactical policy picks (``gm/auto``) as soon as they
  are offered, on every GM device alike (the page plays; the server only keeps the switch).

>>> settings_after({"manual_dice": False, "lang": "en"}, [])
{'manual_dice': False, 'lang': 'en', 'auto': False}
>>> from meikyu.store.base import Entry
>>> settings_after({"manual_dice": False}, [Entry(3, "gm", SETTING, {"name": "auto", "value": True}, [], 0.0)])
{'manual_dice': False, 'auto': True}
>>> setting_line({"name": "manual_dice", "value": True}, "en")
'The GM allows dice rolled at a real table (typed in) from now on.'
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from meikyu.errors import InputError
from meikyu.i18n import translate
from meikyu.store.base import Entry

SETTING = "setting"
"""The log entry type of a settings change."""
GM = "gm"
NAMES = ("manual_dice", "auto")
"""The settings a GM may change during a game (each true or false)."""
DEFAULTS: dict[str, Any] = {"auto": False}
"""Settings a game created before they existed reads as."""
EXAMPLE = '{"name": "auto", "value": true}'


def settings_after(created: dict[str, Any], entries: Iterable[Entry]) -> dict[str, Any]:
    """The settings once ``entries`` (a game's log, in order) have been applied to the created ones."""
    out = {**created, **{k: v for k, v in DEFAULTS.items() if k not in created}}
    for entry in entries:
        if entry.type == SETTING:
            out[str(entry.data["name"])] = bool(entry.data["value"])
    return out


def setting_line(data: dict[str, Any], lang: str) -> str:
    """The log's line for a settings change, in ``lang``."""
    state = "on" if data["value"] else "off"
    return translate(f"games.event.setting_{data['name']}_{state}", lang)


def setting_data(name: Any, value: Any, current: dict[str, Any]) -> dict[str, Any]:
    """A change's entry data, checked: a known name, true or false, not the value it has already."""
    if name not in NAMES:
        raise InputError("games.error.setting_name", value=str(name)[:40], names=", ".join(NAMES), example=EXAMPLE)
    if not isinstance(value, bool):
        raise InputError("games.error.setting_value", name=name, example=EXAMPLE)
    if bool(current.get(name)) == value:
        raise InputError(f"games.error.setting_same_{'on' if value else 'off'}", name=name)
    return {"name": name, "value": value}


class Settings:
    """The settings method of :class:`~meikyu.store.service.Games` (which supplies ``load`` and ``_post``)."""

    if TYPE_CHECKING:  # a Loaded game (store.loaded imports this module: no import back)

        def load(self, game_id: str, use_snapshots: bool = True) -> Any: ...

        def _post(self, game: Any, entry: Entry) -> int: ...

    def change_setting(self, game_id: str, seat: str, name: Any, value: Any) -> int:
        """The GM turns setting ``name`` on or off (:data:`NAMES`); returns the entry's version. Only the GM;
        an unknown name, a value not true/false or no change is refused (:class:`Refused`, nothing logged)."""
        from meikyu.store.refusals import Forbidden, Refused

        if seat != GM:
            raise Forbidden("games.error.gm_only")
        game = self.load(game_id)
        with game.lock:
            try:
                data = setting_data(name, value, game.settings)
            except InputError as error:
                raise Refused(error) from None
            return self._post(game, Entry(game.version + 1, seat, SETTING, data, [], time.time()))
