"""Events as a seat sees them: plain data with the text in the seat's language, and the dice.

>>> from meikyu.systems.gamebook.events import CheckRolled
>>> event_data(CheckRolled("attack", "3+4", 12, 10, True), "en")["line"]
'(2D6+5>=10) ＞ 7[3,4]+5 ＞ 12 ＞ success'
"""

from __future__ import annotations

import re
from typing import Any

from meikyu.engine import Event, _snake
from meikyu.i18n import translate

_NUMBER = re.compile(r"\d+")


def event_data(event: Event, lang: str, text: str | None = None) -> dict[str, Any]:
    """``{"kind", "text"}`` plus ``"dice"`` and a BCDice-style ``"line"`` when the event shows a roll.

    A roll is recognised by a ``roll`` text field (``"3+4"``, ``"1+2 → 5+6"`` for a reroll) next to a
    ``total``, a target (``target`` / ``defense`` / ``attack`` / ``needed``) and a ``success`` flag.
    """
    out: dict[str, Any] = {"kind": _snake(type(event).__name__),
                           "text": event.render(lang) if text is None else text}
    roll = getattr(event, "roll", None)
    if isinstance(roll, str) and roll:
        faces = [int(n) for n in _NUMBER.findall(roll.split("→")[-1])]
        out["dice"] = [int(n) for n in _NUMBER.findall(roll)]
        line = roll_line(event, faces)
        if line is not None:
            out["line"] = line(lang)
    return out


def roll_line(event: Event, faces: list[int]) -> Any:
    total = getattr(event, "total", None)
    needed = next((getattr(event, f) for f in ("target", "defense", "attack", "needed")
                   if isinstance(getattr(event, f, None), int)), None)
    if not faces or needed is None:
        return None
    if total is None:
        total = sum(faces)
    success = getattr(event, "success", None)
    ok = total >= needed if success is None else bool(success)
    bonus = total - sum(faces)

    def render(lang: str) -> str:
        mod = f"{bonus:+d}" if bonus else ""
        word = translate("word.success" if ok else "word.failure", lang)
        return (f"({len(faces)}D6{mod}>={needed}) ＞ {sum(faces)}[{','.join(map(str, faces))}]{mod} ＞ {total}"
                f" ＞ {word}")

    return render
