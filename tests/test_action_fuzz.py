"""Bad actions get clear errors and change nothing, in every game system (fuzzed random walks).

From each system's initial state a hypothesis-driven walk plays random legal actions and, between
them, arbitrary actions built from the system's action registry: field values drawn from the ids in
the state, junk strings, ints in and out of range, ``None`` where a field may be empty, and values
lifted from the currently legal actions. Every step must either succeed or raise an
:class:`~meikyu.errors.InputError` whose message exists in ko, ja and en, and a raise must leave the
state as it was. Scripted dice that run out mid-step must raise :class:`DiceExhausted`, state unchanged.
"""

from __future__ import annotations

import copy
import dataclasses
import types
import typing
from collections.abc import Callable, Generator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meikyu.systems.gamebook  # noqa: F401  (registers the gb. catalog)
import meikyu.systems.liberator  # noqa: F401  (registers the lb. catalog)
import meikyu.systems.meikyu_kingdom  # noqa: F401  (registers the mk. catalog)
from meikyu.dice import RandomDice, ScriptedDice
from meikyu.dice.source import RecordingDice
from meikyu.engine import Action
from meikyu.errors import DiceExhausted, InputError
from meikyu.i18n import lookup

Draw = Callable[..., Any]
JUNK_STR = ["", "zz", "nobody", "-1", "999", "A9", "Z0", "💥", " "]
JUNK_INT = [-(10**9), -7, -1, 0, 1, 2, 3, 5, 6, 7, 11, 12, 13, 99, 10**9]


# -- the systems -----------------------------------------------------------------------------------


def _check() -> tuple[Any, Any]:
    from meikyu.systems.meikyu_kingdom.check.check import CheckRules, CheckState
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

    s = sample()
    assert s.kingdom is not None
    return CheckRules(), CheckState(s.kingdom, s.characters)


def _session() -> tuple[Any, Any]:
    from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
    from meikyu.systems.meikyu_kingdom.session import SessionRules, new_session
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

    return SessionRules(), new_session(sample(), sample_labyrinth())


def _round_table() -> tuple[Any, Any]:
    from meikyu.systems.meikyu_kingdom.kingdom.round_table import RoundTableRules, RoundTableState
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

    s = sample()
    assert s.kingdom is not None
    return RoundTableRules(), RoundTableState(s.kingdom, s.characters)


def _battle() -> tuple[Any, Any]:
    from meikyu.systems.meikyu_kingdom.combat.bestiary import load_encounter
    from meikyu.systems.meikyu_kingdom.combat.rules import BattleRules

    return BattleRules(), load_encounter("sample")


def _gamebook() -> tuple[Any, Any]:
    from meikyu.systems.gamebook.book import load_book
    from meikyu.systems.gamebook.books import sample_path
    from meikyu.systems.gamebook.rules import GamebookRules

    rules = GamebookRules(load_book(sample_path()))
    return rules, rules.initial()


def _liberator() -> tuple[Any, Any]:
    from meikyu.systems.liberator.rules import LiberatorRules, new_table

    rules = LiberatorRules()
    players = [("ann", "warrior", ["mount"]), ("bob", "mage", ["might"])]
    return rules, new_table(players, rules.cards)


SYSTEMS: dict[str, Callable[[], tuple[Any, Any]]] = {
    "check": _check,
    "session": _session,
    "round_table": _round_table,
    "battle": _battle,
    "gamebook": _gamebook,
    "liberator": _liberator,
}
_CACHE: dict[str, tuple[Any, Any]] = {}


def system(name: str) -> tuple[Any, Any]:
    if name not in _CACHE:
        _CACHE[name] = SYSTEMS[name]()
    return _CACHE[name]


def starters(name: str, state: Any) -> list[Action]:
    """Open-ended first moves ``legal_actions`` cannot list (a check's declaration), so walks go on."""
    if name != "check" or state.stage != "idle":
        return []
    from meikyu.systems.meikyu_kingdom.check.check import DeclareCheck

    ids = [c.id for c in state.court]
    return [
        DeclareCheck(i, stat, 8, hope=hope)
        for i in ids
        for stat in ("search", "life")
        for hope in ((), ("voice",))
    ]


# -- building arbitrary actions --------------------------------------------------------------------


def _strings(data: Any, out: set[str], ids: set[str], depth: int = 0) -> None:
    """Every short string in the state's data into ``out``, and the ids (so built actions often hit)."""
    if depth > 12 or len(out) > 400:
        return
    if isinstance(data, str):
        if len(data) <= 24:
            out.add(data)
    elif isinstance(data, dict):
        for k, v in data.items():
            if isinstance(k, str) and (k == "id" or k.endswith("_id")) and isinstance(v, str | int):
                ids.add(str(v))
            _strings(k, out, ids, depth + 1)
            _strings(v, out, ids, depth + 1)
    elif isinstance(data, list | tuple):
        for v in data:
            _strings(v, out, ids, depth + 1)


def _field_values(legal: list[Action]) -> dict[str, list[Any]]:
    seen: dict[str, list[Any]] = {}
    for act in legal:
        for f in dataclasses.fields(act):  # type: ignore[arg-type]
            seen.setdefault(f.name, []).append(getattr(act, f.name))
    return seen


def value_for(tp: Any, draw: Draw, words: tuple[list[str], list[str]], depth: int = 0) -> Any:
    """A value of (roughly) type ``tp``: in range, out of range, junk or empty."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return value_for(draw(st.sampled_from(args)), draw, words, depth)
    if tp is type(None):
        return None
    if tp is Any:  # the dataclass takes anything here, so try every shape
        return draw(st.sampled_from([None, 0, -1, 3, 2.5, True, "x", "", [], [1], {}, {"a": 1}]))
    if tp is bool:
        return draw(st.booleans())
    if tp is int:
        return draw(st.sampled_from(JUNK_INT) | st.integers(-3, 40))
    if tp is str:
        ids, others = words
        return draw(st.sampled_from(ids or JUNK_STR) | st.sampled_from(others + JUNK_STR))
    if origin is typing.Literal:
        return draw(st.sampled_from(list(args) + JUNK_STR[:3]))
    if origin in (tuple, list):
        size = draw(st.integers(0, 4))
        if args and len(args) == 2 and args[1] is Ellipsis:
            items = [value_for(args[0], draw, words, depth + 1) for _ in range(size)]
        elif args:
            items = [value_for(a, draw, words, depth + 1) for a in args]
        else:
            items = [value_for(str, draw, words, depth + 1) for _ in range(size)]
        return tuple(items) if origin is tuple else items
    if origin is dict:
        return {}
    if dataclasses.is_dataclass(tp) and isinstance(tp, type) and depth < 3:
        hints = typing.get_type_hints(tp)
        return tp(
            **{f.name: value_for(hints[f.name], draw, words, depth + 1) for f in dataclasses.fields(tp)}
        )
    return None


def arbitrary_action(
    registry: Any, state_words: tuple[list[str], list[str]], legal: list[Action], draw: Draw
) -> Action:
    kinds = sorted(registry._types.values(), key=lambda c: c.__name__)
    cls = draw(st.sampled_from(kinds))
    hints = typing.get_type_hints(cls)
    near = _field_values(legal)
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        if f.name in near and draw(st.booleans()):
            kwargs[f.name] = draw(st.sampled_from(near[f.name]))
        else:
            kwargs[f.name] = value_for(hints[f.name], draw, state_words)
    return cls(**kwargs)  # type: ignore[no-any-return]


# -- the checks -----------------------------------------------------------------------------------


def assert_clear(err: InputError) -> None:
    """The error has a message in every language (no missing catalog key)."""
    for lang in ("ko", "ja", "en"):
        assert lookup(err.key, lang) is not None, f"{err.key} has no {lang} text"
        assert err.message(lang).strip()


def try_step(rules: Any, state: Any, action: Action, dice: Any, before: Any = None) -> Any:
    """One step that must succeed or fail cleanly; returns the new state or ``None`` after a raise.

    ``before`` is a deep copy of ``state`` taken earlier (frozen data compares with ``==``).
    """
    before = copy.deepcopy(state) if before is None else before
    try:
        new, events = rules.step(state, action, dice)
    except InputError as err:
        assert_clear(err)
        assert state == before, f"{action!r} raised {err.key} but changed the state"
        return None
    for event in events:
        for lang in ("ko", "ja", "en"):
            event.render(lang)
    return new


def walk(name: str, draw: Draw, length: int) -> Generator[tuple[Any, Any, list[Action]], Any, None]:
    """Yield (rules, state, legal) along a random walk of up to ``length`` steps.

    Send a state back to move there instead of taking a random legal action.
    """
    rules, state = system(name)
    seed = draw(st.integers(0, 2**16))
    dice = RandomDice(seed)
    for _ in range(length):
        legal = list(rules.legal_actions(state)) or starters(name, state)
        moved = yield rules, state, legal
        if moved is not None:
            state = moved  # an arbitrary action that worked leads the walk on (the check starts this way)
        elif legal:
            new = try_step(rules, state, draw(st.sampled_from(legal)), dice)
            state = new if new is not None else state


FUZZ = settings(
    max_examples=10, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck), database=None
)


@pytest.mark.parametrize("name", sorted(SYSTEMS))
@FUZZ
@given(data=st.data())
def test_arbitrary_actions_fail_cleanly_and_change_nothing(name: str, data: st.DataObject) -> None:
    """Arbitrary actions from the registry either work or raise an InputError, state unchanged."""
    steps = walk(name, data.draw, 25)
    moved = None
    while True:
        try:
            rules, state, legal = steps.send(moved)
        except StopIteration:
            return
        words: set[str] = set()
        ids: set[str] = set()
        _strings(rules.state_to_data(state), words, ids)
        before = copy.deepcopy(state)
        word_list = (sorted(ids), sorted(words))
        moved = None
        for _ in range(3):
            action = arbitrary_action(rules.actions, word_list, legal, data.draw)
            new = try_step(rules, state, action, RandomDice(data.draw(st.integers(0, 99))), before)
            if new is not None and moved is None and (not legal or data.draw(st.booleans())):
                moved = new


@pytest.mark.parametrize("name", sorted(SYSTEMS))
@FUZZ
@given(data=st.data())
def test_dice_running_out_mid_step_raise_dice_exhausted(name: str, data: st.DataObject) -> None:
    """Scripted dice that end before a step is done raise DiceExhausted and leave the state as it was."""
    for rules, state, legal in walk(name, data.draw, 20):
        if not legal:
            return
        action = data.draw(st.sampled_from(legal))
        rec = RecordingDice(RandomDice(data.draw(st.integers(0, 99))))
        try:
            rules.step(state, action, rec)
        except InputError:
            continue
        if not rec.rolls:
            continue
        cut = data.draw(st.integers(0, len(rec.rolls) - 1))
        before = rules.state_to_data(state)
        with pytest.raises(DiceExhausted) as info:
            rules.step(state, action, ScriptedDice([v for _, v in rec.rolls[:cut]]))
        assert_clear(info.value)
        assert rules.state_to_data(state) == before
