"""The log's plain line when the GM takes a player's action: "The GM answered for Hana." (issue 26, point 5).

A GM may answer a prompt, or act, for a player who is away (the rules let the GM's seat take any action).
Every seat reads who did it: the line goes before the action's own events. Whose action it was comes from
the table kind's ``seats_for`` (the seats besides the GM's that may take it): "answered for" the seats that had
the question waiting (their prompt: the voice consent asks every other player, so it names them all), else
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
    asked = [seat for seat in players if _asked(kind, before, seat, lang)]
    if not asked and len(players) != 1:
        return None
    seats = asked or players
    who = ", ".join(talk.seat_name(kind, before, seat, lang) for seat in seats)
    key = "games.event.answered_for" if asked else "games.event.acted_for"
    return {"kind": "gm_for_player", "seats": seats, "text": translate(key, lang, who=who)}


def _asked(kind: Any, state: Any, seat: str, lang: str) -> bool:
    try:
        return kind.prompt(state, seat, lang) is not None
    except Exception:
        return False
