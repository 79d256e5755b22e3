"""The log's plain line when the GM takes a player's action: "The GM answered for Hana." (issue 26, point 5).

A GM may answer a prompt, or act, for a player who is away (the rules let the GM's seat take any action).
Every seat reads who did it: the line goes before the action's own events. Whose action it was comes from
the table kind's ``seats_for`` (the seats besides the GM's that may take it): "answered for" the seats whose
waiting question it answers (one of their prompt's options: the voice consent asks every other player, so it
names them all), else
"acted for" the one seat whose action it was. An action any seat may take without being asked (Liberator's
"continue the mission", a surrender) names nobody.
"""

from __future__ import annotations

from typing import Any

from meikyu.engine import Action
from meikyu.i18n import translate
from meikyu.table import talk

GM = "gm"


def behalf_line(kind: Any, before: Any, taker: str, action: Action, lang: str) -> dict[str, Any] | None:
    """The line for ``taker`` taking ``action`` in state ``before``, or None when it was the taker's own.

    >>> from meikyu.table import registry
    >>> kind = registry.get("MeikyuKingdom", "battle")
    >>> state = kind.setup("sample", "en")
    >>> begin = next(i for i in kind.menu(state, "gm", "en") if i.key == "gm/begin")
    >>> behalf_line(kind, state, "gm", kind.rules.actions.load(begin.action), "en") is None
    True
    """
    if taker != GM:
        return None
    try:
        allowed = kind.seats_for(before, action)
    except Exception:  # the action was taken: the line is only words, never worth a refusal
        return None
    players = sorted(s for s in allowed if s != GM and not s.startswith(talk.SPECTATOR))
    key = _key(kind, before, action, lang)
    asked = [seat for seat in players if key is not None and key in _answers(kind, before, seat, lang)]
    if not asked and len(players) != 1:
        return None
    seats = asked or players
    who = ", ".join(talk.seat_name(kind, before, seat, lang) for seat in seats)
    line = "games.event.answered_for" if asked else "games.event.acted_for"
    return {"kind": "gm_for_player", "seats": seats, "text": translate(line, lang, who=who)}


def _key(kind: Any, state: Any, action: Action, lang: str) -> str | None:
    """The GM's menu key for ``action`` (the menu is built per state already: the GM has just posted from it)."""
    dumped = kind.rules.actions.dump(action)
    try:
        return next((item.key for item in kind.menu(state, GM, lang) if item.action == dumped), None)
    except Exception:
        return None


def _answers(kind: Any, state: Any, seat: str, lang: str) -> set[str]:
    """The keys answering the question waiting on ``seat`` (none when nothing waits)."""
    try:
        prompt = kind.prompt(state, seat, lang)
    except Exception:
        return set()
    options = (prompt or {}).get("options") or ()
    return {o if isinstance(o, str) else str(o.get("key")) for o in options if isinstance(o, (str, dict))}
