"""Games played from a store: create, load (snapshot + replay), act, undo, and each seat's events.

:class:`Games` is what the HTTP API and ``meikyu game`` use. It never looks inside a system's state: the
table kind (:mod:`meikyu.table`) says who may act, what a seat sees and how events read for it. Loaded
games stay in memory; each call first reads the entries other processes may have appended, so several
servers on one PostgreSQL database agree. Methods block (store I/O): the API runs them in threads; one
lock per game keeps a game's steps in order inside a process, the log's primary key across processes.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from meikyu.dice.source import Dice, RandomDice, RecordingDice, ScriptedDice
from meikyu.engine import Action
from meikyu.errors import DiceError, InputError, MeikyuError
from meikyu.store.base import (
    ACTION,
    TOKENS_CHANGED,
    UNDO,
    Entry,
    GameNotFound,
    GameRecord,
    GameSummary,
    Store,
    VersionConflict,
    json_bytes,
)
from meikyu.store.behalf import behalf_line
from meikyu.store.faults import GameUnreadable, StoreDamaged, StoreUnavailable
from meikyu.store.loaded import Answer, Created, Loaded, Step, rules_version_of, stack_after
from meikyu.store.refusals import Forbidden, Refused, Unauthorized
from meikyu.store.seats import Seats
from meikyu.store.settings import SETTING, Settings, setting_line
from meikyu.store.talk import Talk
from meikyu.store.tokens import hash_token, new_game_id, new_token, seat_for
from meikyu.table import talk

log = logging.getLogger("meikyu.store")

GM = "gm"
SNAPSHOT_EVERY = 100
"""A snapshot of the state is stored after every 100th action still in effect."""
LOG_TAIL = 50
"""How many of the latest versions ``GET /api/games/{id}`` carries in ``log`` (older ones: ``/events``)."""
CACHE_GAMES = 256


class Games(Talk, Seats, Settings):
    """The games of one store.

    >>> import tempfile
    >>> from meikyu.store import open_store
    >>> games = Games(open_store(data=tempfile.mkdtemp()))
    >>> games.summaries()
    []
    >>> games.close()
    """

    def __init__(self, store: Store, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.store = store
        self.snapshot_every = snapshot_every
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._listeners: list[Callable[[str, int], None]] = []

    def close(self) -> None:
        self.store.close()

    def on_append(self, callback: Callable[[str, int], None]) -> None:
        """Call ``callback(game_id, version)`` after this process appends, ``callback(game_id,
        TOKENS_CHANGED)`` after it replaces a token (other processes: the store's ``listen``)."""
        self._listeners.append(callback)

    # -- create and list -------------------------------------------------------------------------------
    def create(self, system: str, kind_name: str, setup: Any, lang: str, manual_dice: bool = False) -> Created:
        from meikyu.table import registry

        kind = registry.get(system, kind_name)
        try:
            initial = kind.setup(setup, lang)
        except InputError as error:
            raise Refused(error) from None
        record = GameRecord(new_game_id(), kind.system, kind.kind, setup, kind.rules.state_to_data(initial),
                            {"manual_dice": bool(manual_dice), "lang": lang}, time.time())
        probe = Loaded(record, kind)
        seat = GM
        try:  # a setup whose game cannot be shown to every seat is refused before anything is stored
            seats = list(kind.seats(initial))
            for seat in seats:
                self._head(probe, initial, 0, seat, lang)
        except Exception as error:
            raise _unshown(error, "games.error.show_failed_setup", lang, seat=seat) from None
        tokens = [(seat, new_token()) for seat in seats]
        self.store.create_game(record, {seat: hash_token(token) for seat, token in tokens})
        self.seal_links(record.id, dict(tokens)[GM], dict(tokens))
        return Created(record.id, 0, tokens)

    def summaries(self) -> list[GameSummary]:
        return self.store.games()

    # -- loading ---------------------------------------------------------------------------------------
    def load(self, game_id: str, use_snapshots: bool = True) -> Loaded:
        """The game as stored now (from memory when loaded before, reading only new entries).

        A game whose stored head or log cannot be read, or does not replay, is :class:`GameUnreadable`
        (said once in the server's log); a store that cannot answer now stays :class:`StoreUnavailable`."""
        try:
            return self._load(game_id, use_snapshots)
        except (GameNotFound, StoreUnavailable, GameUnreadable):
            raise
        except StoreDamaged as error:
            raise GameUnreadable(game_id, error.detail) from None
        except Exception as error:  # a log that does not replay: another version's, or edited by hand
            detail = error.message("en") if isinstance(error, MeikyuError) else f"{type(error).__name__}: {error}"
            raise GameUnreadable(game_id, detail) from None

    def _load(self, game_id: str, use_snapshots: bool) -> Loaded:
        with self._cache_lock:
            game = self._cache.get(game_id)
            if game is not None:
                self._cache.move_to_end(game_id)
        if game is None:
            game = self._load_cold(game_id, use_snapshots)
            with self._cache_lock:
                game = self._cache.setdefault(game_id, game)
                while len(self._cache) > CACHE_GAMES:
                    self._cache.popitem(last=False)
        with game.lock:
            self._catch_up(game)
        return game

    def loaded(self, game_id: str) -> Loaded:
        """The game as this process holds it, without asking the store for newer entries (right after this
        process's own action or undo, which it holds already); :meth:`load` when it holds none."""
        with self._cache_lock:
            game = self._cache.get(game_id)
        return game if game is not None else self.load(game_id)

    def _load_cold(self, game_id: str, use_snapshots: bool) -> Loaded:
        from meikyu.table import registry

        record = self.store.game(game_id)
        kind = registry.get(record.system, record.kind)
        game = Loaded(record, kind)
        game.entries = self.store.entries(game_id)
        game.stack = stack_after(game.entries)
        game.rules_version = rules_version_of(game.entries)
        game.marks = talk.marks_of([(e.version, e.type, e.data) for e in game.entries if e.type in talk.TALK])
        # The log's tail is rendered on every GET, so start before the first action in it when a snapshot allows
        # (talk in the tail needs no state: with much talk, fewer actions are replayed).
        first = max(1, len(game.entries) - LOG_TAIL + 1)
        # (no action in the tail: the state after the last one is all it needs, from any snapshot)
        tail_start = next((i for i, v in enumerate(game.stack) if v >= first), len(game.stack))
        try:
            snap = self.store.latest_snapshot(game_id, game.stack[:tail_start]) if use_snapshots else None
        except StoreDamaged as error:  # a snapshot is only a cache: the log is the game
            log.warning("game %s: %s; replaying the whole log (meikyu game repair rewrites it)", game_id, error.detail)
            snap = None
        if snap is None:
            self._replay_all(game)
            return game
        at, data = snap
        try:
            game.states[at] = kind.rules.state_from_data(data)
            position = game.stack.index(at)
            for before_v, version in zip(game.stack[position:], game.stack[position + 1:], strict=False):
                self._replay_step(game, game.entries[version - 1], game.states[before_v])
        except Exception:  # a snapshot is only a cache: the log from the initial state is the game
            log.warning("game %s: replay from the snapshot at %d failed; replaying the whole log", game_id, at,
                        exc_info=True)
            self._replay_all(game)
        return game

    def _replay_all(self, game: Loaded) -> None:
        """Replay every entry from the initial state: all states and steps, undone ones included."""
        game.states = {0: game.kind.rules.state_from_data(game.record.initial)}
        game.steps = {}
        stack: list[int] = []
        for entry in game.entries:
            if entry.type == ACTION:
                self._replay_step(game, entry, game.states[stack[-1] if stack else 0])
                stack.append(entry.version)
            elif entry.type == UNDO:
                del stack[len(stack) - int(entry.data["steps"]):]

    def replay_log(self, record: GameRecord, entries: Sequence[Entry]) -> tuple[Loaded, int | None, str]:
        """Replay ``entries`` from ``record``'s initial state as far as they go (``meikyu game check``):
        the game up to the last entry that replays, the version of the first that does not (or None),
        and why."""
        from meikyu.table import registry

        game = Loaded(record, registry.get(record.system, record.kind))
        game.states = {0: game.kind.rules.state_from_data(record.initial)}
        for entry in entries:
            try:
                if entry.version != game.version + 1:
                    raise InputError("games.error.log_gap", version=entry.version, expected=game.version + 1)
                self._apply(game, entry, None)
            except Exception as error:
                game.entries = game.entries[: entry.version - 1]
                detail = error.message("en") if isinstance(error, MeikyuError) else f"{type(error).__name__}: {error}"
                return game, entry.version, detail
        return game, None, ""

    def _replay_step(self, game: Loaded, entry: Entry, before: Any) -> None:
        rules = game.kind.rules
        dice = ScriptedDice([(int(sides), int(value)) for sides, value in entry.rolls])
        after, events = rules.step(before, rules.actions.load(entry.data), dice)
        if dice.remaining:
            raise DiceError("error.game.replay_unused", turn=entry.version, unused=dice.remaining)
        game.states[entry.version] = after
        game.steps[entry.version] = Step(before, after, tuple(events))

    def _catch_up(self, game: Loaded) -> None:
        for entry in self.store.entries(game.record.id, after=game.version):
            self._apply(game, entry, None)

    def _apply(self, game: Loaded, entry: Entry, step: Step | None) -> None:
        """Add an entry (stored already) to the game in memory."""
        game.entries.append(entry)
        if entry.type in talk.TALK:
            talk.mark(game.marks, entry.version, entry.type, entry.data)
            return
        game.rules_version = entry.version
        if entry.type == SETTING:  # read by Loaded.settings; no state changes
            return
        if entry.type == ACTION:
            if step is None:
                self._replay_step(game, entry, game.state)
            else:
                game.states[entry.version] = step.after
                game.steps[entry.version] = step
            game.stack.append(entry.version)
        else:
            del game.stack[len(game.stack) - int(entry.data["steps"]):]
            if (game.stack[-1] if game.stack else 0) not in game.states:
                self._replay_all(game)

    def full(self, game: Loaded) -> Loaded:
        """Make sure every step is in memory (export, old events): replays from the start once."""
        with game.lock:
            if any(e.type == ACTION and e.version not in game.steps for e in game.entries):
                self._replay_all(game)
        return game

    # -- seats -----------------------------------------------------------------------------------------
    def seat(self, game_id: str, token: str | None) -> str:
        """The seat a token opens in this game; :class:`Unauthorized` for any other token."""
        try:
            hashes = self.store.token_hashes(game_id)
            if not hashes:
                self.store.game(game_id)  # raises GameNotFound for an unknown id
        except StoreDamaged as error:
            raise GameUnreadable(game_id, error.detail) from None
        found = seat_for(token, hashes) if token else None
        if found is None:
            raise Unauthorized("games.error.bad_token")
        return found

    def replace_token(self, game_id: str, by_seat: str, seat: str) -> str:
        """A new token for ``seat`` (GM only); the old one stops working at once."""
        if by_seat != GM:
            raise Forbidden("games.error.gm_only")
        game = self.load(game_id)
        known = set(game.kind.seats(game.state)) | set(self.store.token_hashes(game_id))
        if seat not in known:
            raise Refused(InputError("games.error.no_seat", seat=seat[:40], seats=", ".join(sorted(known))))
        token = new_token()
        self.store.set_token_hash(game_id, seat, hash_token(token))
        for listener in self._listeners:
            listener(game_id, TOKENS_CHANGED)
        return token

    # -- acting ----------------------------------------------------------------------------------------
    def act(self, game_id: str, seat: str, action_data: Any, version: int,
            dice: list[int] | None = None, rng: Dice | None = None, lang: str | None = None) -> int:
        """Take an action for ``seat`` at the ``version`` the client saw; returns the new version.

        The new state's answer and log entry for ``seat`` (in ``lang``, default the game's language) are
        built before the entry is stored: an action after which the game cannot be shown to the seat
        taking it is refused (:class:`Refused`) and the game stays as it was."""
        from meikyu.table import registry

        game = self.load(game_id)
        with game.lock:
            self._check_version(game, version)
            action: Action = registry.action_from_data(game.kind, action_data)
            try:
                allowed = game.kind.seats_for(game.state, action)
            except InputError as error:
                raise Refused(error, getattr(error, "rule", None)) from None
            except Exception as error:  # an action the rules' seat look-up cannot place (a bug)
                log.exception("the rules could not say whose action this is in game %s", game_id)
                raise Refused(InputError("games.error.rules_failed", error=type(error).__name__)) from None
            if seat not in allowed:
                raise Forbidden("games.error.not_your_action", seat=seat)
            if dice is not None and not game.settings.get("manual_dice"):
                raise Forbidden("games.error.no_manual_dice")
            scripted = ScriptedDice(dice) if dice is not None else None
            recorder = RecordingDice(scripted if scripted is not None else (rng or RandomDice()))
            before = game.state
            try:
                after, events = game.kind.rules.step(before, action, recorder)
            except InputError as error:
                raise Refused(error, getattr(error, "rule", None)) from None
            except Exception as error:  # a rules bug must not lose the game or show a traceback
                log.exception("the rules failed on an action in game %s", game_id)
                raise Refused(InputError("games.error.rules_failed", error=type(error).__name__)) from None
            if scripted is not None and scripted.remaining:
                raise Refused(DiceError("games.error.dice_unused", used=len(recorder.rolls),
                                        unused=scripted.remaining))
            lang = lang or game.settings.get("lang", "en")
            new_version = game.version + 1
            try:
                made = self._made(game, after, new_version, seat, lang)
                shown = self._shown(game, seat, action, Step(before, after, tuple(events)), seat, lang)
            except Exception as error:
                raise _unshown(error, "games.error.show_failed_action", lang, seat=seat) from None
            entry = Entry(new_version, seat, ACTION, game.kind.rules.actions.dump(action),
                          [list(r) for r in recorder.rolls], time.time())
            self._append(game, entry, Step(before, after, tuple(events)))
            game.answers[(seat, lang)] = made
            self._keep(game.rendered, (new_version, seat, lang), shown)
            if len(game.stack) % self.snapshot_every == 0:
                # the entry is stored and the action taken: a snapshot the store cannot take now is
                # only a cache missed (the fault is in the log once), not an action to refuse
                with contextlib.suppress(StoreUnavailable):
                    self.store.put_snapshot(game_id, entry.version, game.kind.rules.state_to_data(after))
            return entry.version

    def undo(self, game_id: str, seat: str, version: int, steps: int = 1, lang: str | None = None) -> int:
        """Take back ``steps`` actions (GM only); recorded as an entry, nothing is deleted. Refused, like an
        action, when the game it goes back to cannot be shown to the GM."""
        if seat != GM:
            raise Forbidden("games.error.gm_only")
        game = self.load(game_id)
        with game.lock:
            self._check_version(game, version)
            if not game.stack:
                raise Refused(InputError("games.error.nothing_to_undo"))
            if not 1 <= steps <= len(game.stack):
                raise Refused(InputError("games.error.undo_steps", steps=steps, most=len(game.stack)))
            back_to = game.stack[-steps - 1] if len(game.stack) > steps else 0
            if back_to not in game.states:
                self._replay_all(game)
            lang = lang or game.settings.get("lang", "en")
            try:
                made = self._made(game, game.states[back_to], game.version + 1, seat, lang)
            except Exception as error:
                raise _unshown(error, "games.error.show_failed_action", lang, seat=seat) from None
            entry = Entry(game.version + 1, seat, UNDO, {"steps": steps}, [], time.time())
            self._append(game, entry, None)
            game.answers[(seat, lang)] = made
            return entry.version

    def _check_version(self, game: Loaded, version: int) -> None:
        """The client saw ``version``: stale when an action or undo came after it (talk changes no state)."""
        if not game.rules_version <= version <= game.version:
            raise VersionConflict(game.version)

    def _append(self, game: Loaded, entry: Entry, step: Step | None) -> None:
        try:
            self.store.append(game.record.id, entry)
        except VersionConflict:
            self._catch_up(game)
            raise VersionConflict(game.version) from None
        self._apply(game, entry, step)
        for listener in self._listeners:
            listener(game.record.id, entry.version)

    # -- what a seat sees ------------------------------------------------------------------------------
    def events(self, game: Loaded, version: int, seat: str, lang: str) -> list[dict[str, Any]]:
        """The events of one version as ``seat`` may see them, in ``lang``."""
        key = (version, seat, lang)
        cached = game.rendered.get(key)
        if cached is not None:
            return cached
        entry = game.entries[version - 1]
        if entry.type in talk.TALK:
            return list(self.talk_entry(game, version, seat, lang)["events"])
        if entry.type == UNDO:
            from meikyu.i18n import translate

            steps = int(entry.data["steps"])
            out = [{"kind": "undo", "steps": steps, "text": translate("games.event.undo", lang, steps=steps)}]
        elif entry.type == SETTING:
            out = [{"kind": "setting", "name": entry.data["name"], "value": entry.data["value"],
                    "text": setting_line(entry.data, lang)}]
        else:
            if version not in game.steps:
                self.full(game)
            step = game.steps[version]
            try:
                out = self._shown(game, entry.seat, game.kind.rules.actions.load(entry.data), step, seat, lang)
            except Exception as error:
                raise _unshown(error, "games.error.show_failed", lang, seat=seat, version=version) from None
        with game.lock:
            self._keep(game.rendered, key, out)
        return out

    @staticmethod
    def _shown(game: Loaded, taker: str, action: Action, step: Step, seat: str, lang: str) -> list[dict[str, Any]]:
        """An action's events as ``seat`` reads them: "the GM answered for Hana" first when the GM took a
        player's action (:mod:`meikyu.store.behalf`)."""
        out = list(game.kind.events_for(step.before, step.after, step.events, seat, lang))
        line = behalf_line(game.kind, step.before, taker, action, lang)
        return out if line is None else [line, *out]

    @staticmethod
    def _keep(cache: OrderedDict[Any, Any], key: Any, value: Any, most: int = 4096) -> None:
        cache[key] = value
        while len(cache) > most:
            cache.popitem(last=False)

    def log_entry(self, game: Loaded, version: int, seat: str, lang: str) -> dict[str, Any]:
        """One version for ``seat``: who acted, when, and the events; the GM also gets the action and dice."""
        entry = game.entries[version - 1]
        if entry.type in talk.TALK:
            out = self.talk_entry(game, version, seat, lang)
            if seat == GM and entry.type != talk.PALETTE:  # a palette is its seat's alone
                out = {**out, "action": entry.data, "rolls": entry.rolls}
            return out
        out = {"version": version, "seat": entry.seat, "type": entry.type, "time": entry.time,
               "events": self.events(game, version, seat, lang)}
        if seat == GM:
            out["action"] = entry.data
            out["rolls"] = entry.rolls
        return out

    def entry_json(self, game: Loaded, version: int, seat: str, lang: str) -> bytes:
        """:meth:`log_entry` as JSON, encoded once per version, seat and language (every answer carries the
        log's tail; only its newest entry is new)."""
        entry = game.entries[version - 1]
        key: tuple[Any, ...] = (version, seat, lang)
        if entry.type in (talk.MESSAGE, talk.REVEAL, talk.HIDE):  # reads otherwise once revealed or removed
            of = version if entry.type == talk.MESSAGE else int(entry.data["of"])
            key = (*key, game.marks.get(of, talk.NO_MARKS).stamp)
        found = game.encoded.get(key)
        if found is None:
            found = json_bytes(self.log_entry(game, version, seat, lang))
            with game.lock:
                self._keep(game.encoded, key, found)
        return found

    def answer(self, game: Loaded, seat: str, lang: str) -> Answer:
        """What ``seat`` sees of the game now, but the log: built once per version, seat and language (the
        answer to a GET or an action, and the push to every socket of that seat). Built under the game's
        lock: the rules' caches behind a menu (the gamebook's fight solver) are not made for two threads."""
        with game.lock:
            state, version = game.state, game.version
            cached = game.answers.get((seat, lang))
            if cached is not None and cached.version == version:
                return cached
            if cached is not None and game.rules_version <= cached.version <= version:
                # Only talk since: the same view and menu at the log's version (no rules work again).
                head = {**cached.head, "version": version}
                made = Answer(version, head, json_bytes(head))
                game.answers[(seat, lang)] = made
                return made
            try:
                made = self._made(game, state, version, seat, lang)
            except Exception as error:
                raise _unshown(error, "games.error.show_failed", lang, seat=seat, version=version) from None
            game.answers[(seat, lang)] = made
            return made

    def _made(self, game: Loaded, state: Any, version: int, seat: str, lang: str) -> Answer:
        head = self._head(game, state, version, seat, lang)
        return Answer(version, head, json_bytes(head))

    @staticmethod
    def _head(game: Loaded, state: Any, version: int, seat: str, lang: str) -> dict[str, Any]:
        """What ``seat`` sees of ``state`` (at ``version``), but the log; raises whatever the table kind
        raises (the callers turn it into :class:`Refused`)."""
        kind = game.kind
        return {
            "id": game.record.id,
            "system": game.record.system,
            "kind": game.record.kind,
            "version": version,
            "seat": seat,
            "lang": lang,
            "settings": {"manual_dice": bool(game.settings.get("manual_dice")), "auto": bool(game.settings.get("auto"))},
            "seats": list(kind.seats(state)),
            "view": kind.view(state, seat, lang),
            "legal_actions": [item.to_data() for item in kind.menu(state, seat, lang)],
            "prompt": kind.prompt(state, seat, lang),
        }

    def snapshot_view(self, game: Loaded, seat: str, lang: str) -> dict[str, Any]:
        """``GET /api/games/{id}`` for ``seat`` as data: :meth:`answer` and the log's last :data:`LOG_TAIL`
        versions."""
        made = self.answer(game, seat, lang)
        return {**made.head, "log": [self.log_entry(game, v, seat, lang) for v in _tail(made.version)]}

    def answer_json(self, game: Loaded, seat: str, lang: str) -> bytes:
        """:meth:`snapshot_view` as the API sends it (``{"ok": true, …}``), joined from JSON encoded once:
        the answer per version, each log entry per version."""
        made = self.answer(game, seat, lang)
        log = b",".join(self.entry_json(game, v, seat, lang) for v in _tail(made.version))
        return b'{"ok":true,' + made.json[1:-1] + b',"log":[' + log + b"]}"

    def push_json(self, game: Loaded, after: int, seat: str, lang: str) -> tuple[int, list[bytes]]:
        """The live messages for ``seat`` after version ``after``: one log entry per version, the newest also
        carrying ``answer`` (what a GET would answer, but the log), so a page redraws without asking.
        Returns the last version covered and the messages."""
        if game.version <= after:
            return after, []
        made = self.answer(game, seat, lang)
        out = [self.entry_json(game, v, seat, lang) for v in range(after + 1, made.version + 1)]
        if out and game.rules_version > after:  # talk alone changes no state: no answer to redraw from
            out[-1] = out[-1][:-1] + b',"answer":' + made.json + b"}"
        return max(after, made.version), out


def _unshown(error: Exception, key: str, lang: str, **params: Any) -> Refused:
    """What a client is told when a game cannot be shown (building a view, menu, prompt or log line
    raised): a 422 naming the seat and the cause, never a traceback. A bug's traceback goes to the log."""
    if isinstance(error, MeikyuError):
        cause = error.message(lang)
    else:
        log.error("a game could not be shown (%s)", key, exc_info=error)
        cause = type(error).__name__
    return Refused(InputError(key, error=cause[:300], **params))


def _tail(version: int) -> range:
    return range(max(1, version - LOG_TAIL + 1), version + 1)
