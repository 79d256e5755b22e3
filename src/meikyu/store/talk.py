"""Talk in a stored game: posting messages and free rolls, revealing secret rolls, the GM's removals.

Each is a log entry appended like an action (same store, same durability: answered means on disk), but
never given to the rules: the state, the rules' version and undo ignore it (:mod:`meikyu.table.talk` says
who reads what). :class:`Talk` is a part of :class:`meikyu.store.service.Games`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from meikyu.store.base import Entry, VersionConflict
from meikyu.table import palette, talk

if TYPE_CHECKING:
    from meikyu.dice.source import Dice
    from meikyu.store.base import Store
    from meikyu.store.loaded import Loaded, Step

GM = "gm"


class Talk:
    """The talk methods of :class:`~meikyu.store.service.Games` (which supplies ``load`` and ``_append``)."""

    if TYPE_CHECKING:
        store: Store

        def load(self, game_id: str, use_snapshots: bool = True) -> Loaded: ...

        def _append(self, game: Loaded, entry: Entry, step: Step | None) -> None: ...

    def post_message(self, game_id: str, seat: str, text: Any, *, to: Any = None, speaker: Any = None,
                     channel: Any = None, dice: Sequence[int] | None = None, rng: Dice | None = None,
                     admit: Callable[[], None] | None = None, ruling: int | None = None) -> int:
        """Post ``seat``'s message (a free roll when it starts with a dice command); returns its version.

        Raises :class:`~meikyu.table.talk.TalkError` (400) for a message as written, ``TalkForbidden``
        (403), :class:`~meikyu.store.service.Forbidden` for typed dice a game does not allow, and the
        dice grammar's :class:`~meikyu.errors.CommandError` for a command it refuses, as ``/v2`` tells it
        (typed dice that do not fit: a :class:`~meikyu.errors.DiceError`); nothing is posted then.
        ``admit()`` runs once the message is known good, right before it is stored (a rate limit);
        ``ruling``: the version of the GM's action this message gives the reason for (never rolled)."""
        from meikyu.store.refusals import Forbidden

        game = self.load(game_id)
        with game.lock:
            if dice is not None and not game.settings.get("manual_dice"):
                raise Forbidden("games.error.no_manual_dice")
            lang = game.settings.get("lang", "en")
            seats = self.all_seats(game)
            own = talk.seat_name(game.kind, game.state, seat, lang)
            if isinstance(text, str) and "{" in text:  # palette variables, read from the live state now
                text = palette.resolve(text, palette.values(game.kind, game.state, seat))
            if ruling is not None:
                data: dict[str, Any] = {"text": talk.clean_text(text), "channel": "main", "ruling": ruling}
                rolls: list[list[int]] = []
            else:
                data, rolls = talk.message_data(text, seat, seats, system=game.record.system, to=to,
                                                speaker=speaker, channel=channel, dice=dice, own_name=own,
                                                rng=rng)
            if admit is not None:
                admit()
            return self._post(game, Entry(game.version + 1, seat, talk.MESSAGE, data, rolls, time.time()))

    def reveal(self, game_id: str, seat: str, of: int) -> int:
        """Show secret roll ``of`` to everyone who reads it (its roller or the GM); returns the version."""
        game = self.load(game_id)
        with game.lock:
            entry = self._message(game, of)
            roll = entry.data.get("roll")
            if not roll or not roll.get("secret") or game.marks.get(of, talk.NO_MARKS).revealed:
                raise talk.TalkError("table.talk.error.not_secret", version=of)
            if seat not in (GM, entry.seat):
                raise talk.TalkForbidden("table.talk.error.reveal_not_yours")
            return self._post(game, Entry(game.version + 1, seat, talk.REVEAL, {"of": of}, [], time.time()))

    def hide(self, game_id: str, seat: str, of: int) -> int:
        """The GM removes message ``of``: its readers see a trace; the GM still reads it."""
        from meikyu.store.refusals import Forbidden

        if seat != GM:
            raise Forbidden("games.error.gm_only")
        game = self.load(game_id)
        with game.lock:
            self._message(game, of)
            if game.marks.get(of, talk.NO_MARKS).hidden:
                raise talk.TalkError("table.talk.error.hidden_already", version=of)
            return self._post(game, Entry(game.version + 1, seat, talk.HIDE, {"of": of}, [], time.time()))

    def palette(self, game_id: str, seat: str, lang: str) -> dict[str, Any]:
        """The seat's palette: its lines (edited, else made from its character), each with the text it sends
        now, and the variables it may use."""
        game = self.load(game_id)
        with game.lock:
            edited = next((e for e in reversed(game.entries) if e.type == talk.PALETTE and e.seat == seat), None)
            lines = list(edited.data["lines"]) if edited is not None and edited.data["lines"] else \
                palette.default_lines(game.kind, game.state, seat, lang)
            values = palette.values(game.kind, game.state, seat)
        return {"lines": [{"text": line, "sends": palette.resolve(line, values)} for line in lines],
                "edited": edited is not None and bool(edited.data["lines"]), "variables": values}

    def set_palette(self, game_id: str, seat: str, lines: Any) -> int:
        """Keep the seat's edited palette with the game (a log entry only that seat reads); ``[]`` goes back
        to the palette made from its character."""
        kept = palette.clean_lines(lines)
        game = self.load(game_id)
        with game.lock:
            return self._post(game, Entry(game.version + 1, seat, talk.PALETTE, {"lines": kept}, [], time.time()))

    def all_seats(self, game: Loaded) -> list[str]:
        """The rules' seats and any added since (spectators), in that order."""
        seats = list(game.kind.seats(game.state))
        return seats + sorted(s for s in self.store.token_hashes(game.record.id) if s not in seats)

    def talk_entry(self, game: Loaded, version: int, seat: str, lang: str) -> dict[str, Any]:
        """A talk entry as ``seat`` receives it (see :func:`meikyu.table.talk.entry_for`)."""
        entry = game.entries[version - 1]
        state = game.state

        def name_of(who: str) -> str:
            return talk.seat_name(game.kind, state, who, lang)

        def message(n: int) -> tuple[str, Any, list[list[int]], talk.Marks]:
            m = game.entries[n - 1]
            return m.seat, m.data, m.rolls, game.marks.get(n, talk.NO_MARKS)

        return talk.entry_for(version, entry.seat, entry.type, entry.data, entry.rolls, entry.time,
                              game.marks.get(version, talk.NO_MARKS), seat, lang, name_of, message)

    @staticmethod
    def _message(game: Loaded, of: int) -> Entry:
        if not 1 <= of <= game.version or game.entries[of - 1].type != talk.MESSAGE:
            raise talk.TalkError("table.talk.error.not_message", version=of)
        return game.entries[of - 1]

    def _post(self, game: Loaded, entry: Entry) -> int:
        """Append talk at the log's end: when another process appended first, at the new end (talk waits on
        no version, so it is never refused as stale)."""
        for _ in range(20):
            try:
                self._append(game, entry, None)
                return entry.version
            except VersionConflict:  # _append has caught up with the store
                entry = replace(entry, version=game.version + 1)
        self._append(game, entry, None)
        return entry.version
