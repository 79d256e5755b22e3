"""Talk at the table: messages, free rolls, reveals and the GM's removals, as each seat may read them.

Talk is part of a game's log, never of its rules' state. Three kinds of log entry carry it:

- ``message``: ``{"text", "channel": "main"|"ooc", "speaker"?, "to"?: [seats], "roll"?: {…}}``, posted by a
  seat. ``to`` makes it a whisper: only the author, the named seats and the GM read it. A message whose text
  starts with a dice command of the game's system is a **free roll**: the server rolled it (or the roller
  typed the dice, where the game allows it) and ``roll`` keeps the command, the dice and BCDice's result
  line. ``roll.secret`` (the ``S`` prefix): other seats read only that the speaker rolled in secret.
- ``reveal`` ``{"of": n}``: the roller or the GM shows secret roll ``n`` to everyone who reads ``n``;
- ``hide`` ``{"of": n}``: the GM removes message ``n``; its readers then see a trace "removed by the GM".

:func:`entry_for` is the one filter: what a seat receives of a talk entry, given the marks (reveals,
removals) the log holds now. A seat that may not read an entry gets ``{"version": n, "type": "unseen"}``
and nothing else (not who spoke, not when): versions stay contiguous for every seat.

>>> data, rolls = message_data("hello", "pc:a", ["gm", "pc:a", "pc:b"], system="MeikyuKingdom")
>>> entry_for(3, "pc:a", "message", data, [], 0.0, Marks(), "pc:b", "en", str.upper)["events"][0]["text"]
'PC:A: hello'
>>> data, rolls = message_data("S2D6", "pc:a", ["gm", "pc:a", "pc:b"], system="MeikyuKingdom", dice=[3, 4])
>>> entry_for(4, "pc:a", "message", data, rolls, 0.0, Marks(), "pc:b", "en", str.upper)["talk"]
{'speaker': 'PC:A', 'channel': 'main', 'secret': True}
>>> entry_for(4, "pc:a", "message", data, rolls, 0.0, Marks(), "gm", "en", str.upper)["talk"]["roll"]["line"]
'(2D6) ＞ 7[3,4] ＞ 7'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from meikyu.errors import InputError
from meikyu.i18n import LANGS, translate

MESSAGE = "message"
REVEAL = "reveal"
HIDE = "hide"
PALETTE = "palette"
"""A seat's edited chat palette (``{"lines": [...]}``): read by that seat alone."""
TALK = frozenset({MESSAGE, REVEAL, HIDE, PALETTE})
"""Log entry types that are talk (never replayed by the rules, never taken back by undo)."""
UNSEEN = "unseen"
CHANNELS = ("main", "ooc")
MAX_TEXT = 1000
"""Most characters in a message (newlines count)."""
MAX_SPEAKER = 40
GM = "gm"
SPECTATOR = "spectator:"
"""Seats added to watch and talk: they see what every player sees in public, never act, never whisper
or receive a whisper."""

TEXT_EXAMPLE = '{"text": "Hello!", "to": ["gm"], "channel": "ooc"}'


class TalkError(InputError):
    """A message the table refuses as written (HTTP 400): empty, too long, an unknown seat or channel."""


class TalkForbidden(InputError):
    """A message this seat may not post (HTTP 403): a player naming another speaker, a reveal not its own."""


@dataclass
class Marks:
    """What later entries did to one message: the versions of its reveal and of its removal (0: none)."""

    revealed: int = 0
    hidden: int = 0

    @property
    def stamp(self) -> int:
        """Changes whenever the message reads otherwise (a cache key part)."""
        return max(self.revealed, self.hidden)


NO_MARKS = Marks()
"""The marks of a message nothing happened to (shared: read, never change)."""


def marks_of(entries: Sequence[tuple[int, str, Any]]) -> dict[int, Marks]:
    """The marks of every message, from (version, type, data) of the log's entries.

    >>> marks_of([(1, "message", {}), (2, "reveal", {"of": 1}), (3, "hide", {"of": 1})])
    {1: Marks(revealed=2, hidden=3)}
    """
    out: dict[int, Marks] = {}
    for version, type_, data in entries:
        mark(out, version, type_, data)
    return out


def mark(marks: dict[int, Marks], version: int, type_: str, data: Any) -> None:
    """Record a reveal or removal entry in ``marks`` (other entries change nothing)."""
    if type_ == REVEAL:
        marks.setdefault(int(data["of"]), Marks()).revealed = version
    elif type_ == HIDE:
        marks.setdefault(int(data["of"]), Marks()).hidden = version


# -- posting -------------------------------------------------------------------------------------------
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")
"""Dropped from texts: control characters but newline and tab, and lone surrogates (no UTF-8 can store them)."""


def clean_text(text: Any) -> str:
    """A message's text as kept: newlines kept (CR LF read as LF), other control characters dropped,
    1 to :data:`MAX_TEXT` characters, not blank.

    >>> clean_text("a\\r\\nb\\x07")
    'a\\nb'
    """
    if not isinstance(text, str):
        raise TalkError("table.talk.error.text", most=MAX_TEXT, example=TEXT_EXAMPLE)
    cleaned: str = _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    if not cleaned.strip():
        raise TalkError("table.talk.error.empty", example=TEXT_EXAMPLE)
    if len(cleaned) > MAX_TEXT:
        raise TalkError("table.talk.error.long", length=len(cleaned), most=MAX_TEXT)
    return cleaned


def message_data(text: Any, seat: str, seats: Sequence[str], *, system: str, to: Any = None,
                 speaker: Any = None, channel: Any = None, dice: Sequence[int] | None = None,
                 own_name: str | None = None, rng: Any = None) -> tuple[dict[str, Any], list[list[int]]]:
    """Check a message from ``seat`` and make its log entry's data and dice (a free roll's).

    ``seats``: the game's seats (whom ``to`` may name); ``dice``: typed at a real table (the caller has
    checked the game allows it); ``own_name``: the seat's own character's name (a player may name it as
    speaker, no other); ``rng``: the server's dice (default: random)."""
    out: dict[str, Any] = {"text": clean_text(text)}
    channel = "main" if channel is None else channel
    if channel not in CHANNELS:
        raise TalkError("table.talk.error.channel", value=str(channel)[:40], channels=", ".join(CHANNELS))
    out["channel"] = channel
    if speaker is not None:
        if not isinstance(speaker, str) or not speaker.strip() or len(speaker.strip()) > MAX_SPEAKER:
            raise TalkError("table.talk.error.speaker", most=MAX_SPEAKER)
        speaker = _CONTROL.sub("", speaker.replace("\n", " ")).strip()
        if seat != GM and speaker != own_name:
            raise TalkForbidden("table.talk.error.speaker_gm_only")
        out["speaker"] = speaker
    if to is not None:
        if not isinstance(to, list) or not all(isinstance(s, str) for s in to) or len(to) > 32:
            raise TalkError("table.talk.error.to", seats=", ".join(seats))
        unknown = [s for s in to if s not in seats]
        if unknown:
            raise TalkError("table.talk.error.to_unknown", seat=unknown[0][:40], seats=", ".join(seats))
        if to and seat.startswith(SPECTATOR):
            raise TalkForbidden("table.talk.error.spectator_whisper")
        if any(s.startswith(SPECTATOR) for s in to):
            raise TalkError("table.talk.error.to_spectator")
        named = list(dict.fromkeys(s for s in to if s != seat))
        if to and not named:
            raise TalkError("table.talk.error.to_self")
        if named:
            out["to"] = named
    rolled = free_roll(out["text"], system, dice, rng)
    if rolled is None:
        if dice is not None:
            raise TalkError("table.talk.error.dice_no_roll")
        return out, []
    out["roll"], rolls = rolled
    return out, rolls


@lru_cache(maxsize=16)
def _pattern(system: str) -> re.Pattern[str]:
    from meikyu.systems import find

    return re.compile(find(system).commands().command_pattern, re.IGNORECASE)


def is_roll(text: str, system: str) -> bool:
    """Whether ``text`` starts with a dice command of ``system`` (the ``command_pattern`` bots use).

    >>> is_roll("２ＭＫ＋３＞＝９ 交渉", "MeikyuKingdom"), is_roll("hello", "MeikyuKingdom")
    (True, False)
    """
    return _pattern(system).search(text) is not None


def free_roll(text: str, system: str, dice: Sequence[int] | None = None, rng: Any = None
              ) -> tuple[dict[str, Any], list[list[int]]] | None:
    """Roll ``text`` when it starts with a dice command: its ``roll`` data and dice, else None. A command
    the grammar refuses raises its :class:`~meikyu.errors.CommandError` (the message ``/v2`` gives).

    >>> roll, rolls = free_roll("2MK+3>=9 交渉", "MeikyuKingdom", [5, 2])
    >>> roll["line"], rolls
    ('(2R6+3>=9) ＞ 7[2,5]+3 ＞ 10 ＞ 成功', [[6, 5], [6, 2]])
    """
    if not is_roll(text, system):
        return None
    import meikyu
    from meikyu.dice.source import RandomDice, RecordingDice

    recorder = RecordingDice(rng if rng is not None else RandomDice())
    result = meikyu.roll(text, system=system, dice=list(dice) if dice is not None else recorder)
    rolls = [list(r) for r in (result.rands if dice is not None else recorder.rolls)]
    roll: dict[str, Any] = {
        "command": result.command, "line": result.render("bcdice"),
        "texts": {lang: result.render("text", lang) for lang in LANGS},
        "secret": bool(result.secret), "typed": dice is not None,
    }
    for flag in ("success", "failure", "critical", "fumble"):
        if getattr(result, flag, False):
            roll[flag] = True
    return roll, rolls


def audience(data: dict[str, Any], author: str) -> frozenset[str] | None:
    """Who may read a message: None for every seat, else the whisper's seats with its author and the GM."""
    to = data.get("to")
    return None if not to else frozenset({GM, author, *to})


def may_read(data: dict[str, Any], author: str, seat: str) -> bool:
    seats = audience(data, author)
    return seats is None or seat in seats


def sees_dice(data: dict[str, Any], author: str, seat: str, marks: Marks) -> bool:
    """Whether ``seat`` sees a message's roll: always, unless it is a secret roll not yet revealed (then
    only its roller and the GM)."""
    roll = data.get("roll")
    return not (roll and roll.get("secret")) or bool(marks.revealed) or seat in (GM, author)


# -- reading -------------------------------------------------------------------------------------------
NameOf = Callable[[str], str]
"""A seat's display name in the reader's language (its character's name, "the GM" …)."""


def seat_name(kind: Any, state: Any, seat: str, lang: str) -> str:
    """``seat``'s display name in ``lang``: its character's (the kind knows), a spectator's, the GM's."""
    if seat.startswith(SPECTATOR):
        return translate("table.seat.spectator", lang, name=seat[len(SPECTATOR):])
    try:
        return str(kind.seat_name(state, seat, lang))
    except Exception:  # a name is never worth a refused answer: the seat id says who it is
        return seat


def unseen(version: int) -> dict[str, Any]:
    return {"version": version, "type": UNSEEN, "events": []}


def talk_for(data: dict[str, Any], author: str, marks: Marks, seat: str, lang: str, name_of: NameOf,
             dice: Sequence[int]) -> dict[str, Any]:
    """The ``talk`` part of a message as ``seat`` reads it (``seat`` may read it)."""
    gm = seat == GM
    if marks.hidden and not gm:
        return {"removed": True}
    speaker = data.get("speaker") or name_of(author)
    out: dict[str, Any] = {"speaker": speaker, "channel": data.get("channel", "main")}
    roll = data.get("roll")
    if roll and not sees_dice(data, author, seat, marks):
        out["secret"] = True
        return out
    out["text"] = data["text"]
    if data.get("to"):
        out["to"] = list(data["to"])
        out["to_names"] = [name_of(s) for s in data["to"]]
    if data.get("ruling"):
        out["ruling"] = int(data["ruling"])
    if roll:
        texts = roll.get("texts", {})
        shown: dict[str, Any] = {"command": roll["command"], "line": roll["line"], "text": texts.get(lang, ""),
                                 "dice": list(dice), "free": True, "typed": bool(roll.get("typed"))}
        for flag in ("success", "failure", "critical", "fumble"):
            if roll.get(flag):
                shown[flag] = True
        if roll.get("secret"):
            shown["secret"] = True
            shown["revealed"] = bool(marks.revealed)
        out["roll"] = shown
    if gm and marks.hidden:
        out["hidden"] = True
    return out


def _event(talk: dict[str, Any], lang: str) -> dict[str, Any]:
    """A message as one event (the shape every log reader and export already knows)."""
    if talk.get("removed"):
        return {"kind": "removed", "text": translate("table.talk.removed", lang)}
    if talk.get("secret"):
        return {"kind": "secret_roll", "text": translate("table.talk.secret_roll", lang, who=talk["speaker"])}
    roll = talk.get("roll")
    text = f"{talk['speaker']}: {talk['text']}"
    if talk.get("ruling"):
        return {"kind": "ruling", "text": translate("table.talk.ruling", lang, version=talk["ruling"], text=text)}
    if talk.get("to_names"):
        text = translate("table.talk.whisper", lang, text=text, to=", ".join(talk["to_names"]))
    if talk.get("channel") == "ooc":
        text = translate("table.talk.ooc", lang, text=text)
    if roll is None:
        return {"kind": "talk", "text": text}
    return {"kind": "free_roll", "text": text + " " + translate("table.talk.free_mark", lang),
            "dice": roll["dice"], "line": roll["line"]}


def entry_for(version: int, author: str, type_: str, data: Any, rolls: Sequence[Sequence[int]], time: float,
              marks: Marks, seat: str, lang: str, name_of: NameOf,
              message: Callable[[int], tuple[str, Any, Sequence[Sequence[int]], Marks]] | None = None
              ) -> dict[str, Any]:
    """A talk entry as ``seat`` receives it (log, ``/events``, pushes, exports).

    ``message(n)`` gives message ``n``'s (author, data, rolls, marks), for a reveal or removal entry."""
    if type_ == MESSAGE:
        if not may_read(data, author, seat):
            return unseen(version)
        talk = talk_for(data, author, marks, seat, lang, name_of, [int(v) for _, v in rolls])
        out: dict[str, Any] = {"version": version, "type": MESSAGE, "time": time, "talk": talk,
                               "events": [_event(talk, lang)]}
        if not talk.get("removed"):
            out["seat"] = author
        return out
    if type_ == PALETTE:
        return {"version": version, "seat": author, "type": PALETTE, "time": time, "events": []} if seat == author \
            else unseen(version)
    if message is None:
        return unseen(version)
    of = int(data["of"])
    m_author, m_data, m_rolls, m_marks = message(of)
    if not may_read(m_data, m_author, seat):
        return unseen(version)
    talk = talk_for(m_data, m_author, m_marks, seat, lang, name_of, [int(v) for _, v in m_rolls])
    if type_ == REVEAL:
        event = _event(talk, lang)
        event["kind"] = "reveal"
        event["text"] = translate("table.talk.revealed", lang, who=name_of(author), text=event["text"])
    else:
        event = {"kind": "removed", "text": translate("table.talk.removed_by", lang, version=of)}
    return {"version": version, "seat": author, "type": type_, "time": time, "of": of, "talk": talk,
            "events": [event]}

