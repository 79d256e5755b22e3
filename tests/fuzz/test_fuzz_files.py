"""Fuzzed data files and saves (issue 16 §5, §6): a mutated file is loaded or refused, never a traceback.

Each loader starts from a valid document (the shipped sample, or a save of a few real turns); hypothesis
replaces or deletes values at random paths (wrong types, huge or negative numbers, deep nesting, junk
text, lone surrogates) or mangles the bytes, and the loader must either succeed or raise an
:class:`~meikyu.errors.InputError` whose message exists in ko, ja and en. Crashes found once are kept
as explicit examples. The time budget is fixed by ``max_examples`` (see ``BUDGET``).
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import meikyu.systems.gamebook  # noqa: F401  (catalogs)
import meikyu.systems.liberator  # noqa: F401
import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.errors import InputError, MeikyuError
from meikyu.files import decode, parse_json, parse_toml

BUDGET = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
SYSTEMS = Path(__file__).parents[2] / "src" / "meikyu" / "systems"

HOSTILE_VALUES: list[Any] = [
    None, True, False, 0, -1, 1.5, -(10**12), 10**14, 10**15 + 1, "", "x", "\ud800", "🎲" * 3, "a" * 10_000,
    [], [1], [True], ["x"], {}, {"a": 1}, [[[[[[[[[[1]]]]]]]]]], float("nan"), float("inf"),
]


def toml_value(v: Any) -> str:
    """A tiny TOML writer for the fuzz (inline tables and arrays; enough for every loader here)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, str):
        return json.dumps(v.encode("utf-8", "replace").decode("utf-8"), ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v if x is not None) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(x)}" for k, x in v.items() if x is not None) + "}"
    return '""'


def to_toml(data: dict[str, Any]) -> str:
    return "\n".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in data.items() if v is not None) + "\n"


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data[:8]):
            out += paths(v, (*prefix, i))
    return out


def mutate(data: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    if not path:
        return value
    data = copy.deepcopy(data)
    node = data
    for key in path[:-1]:
        node = node[key]
    if delete and isinstance(node, dict):
        del node[path[-1]]
    elif delete and isinstance(node, list):
        node.pop(path[-1])
    else:
        node[path[-1]] = value
    return data


mutations = st.tuples(st.integers(0, 10**6), st.sampled_from(HOSTILE_VALUES) | st.integers() | st.text(max_size=20),
                      st.booleans())


def check(load: Callable[[], Any]) -> None:
    try:
        load()
    except InputError as exc:
        for lang in ("ko", "ja", "en"):
            text = exc.message(lang)
            assert text and not text.startswith(exc.key), (exc.key, text)
    except MeikyuError:
        pass


# -- documents -------------------------------------------------------------------------------------
@cache
def sheet_data() -> dict[str, Any]:
    return parse_toml((SYSTEMS / "meikyu_kingdom" / "data" / "sample_kingdom.toml").read_text("utf-8"), "s")


@cache
def encounter_data() -> dict[str, Any]:
    return parse_toml((SYSTEMS / "meikyu_kingdom" / "combat" / "data" / "sample_encounter.toml").read_text("utf-8"), "e")


@cache
def book_data() -> dict[str, Any]:
    return parse_toml((SYSTEMS / "gamebook" / "books" / "kaze-no-tou.toml").read_text("utf-8"), "b")


@cache
def cards_data() -> dict[str, Any]:
    return parse_toml((SYSTEMS / "liberator" / "data" / "feats.toml").read_text("utf-8"), "c")


@cache
def gamebook_save() -> dict[str, Any]:
    from meikyu.dice import RandomDice
    from meikyu.systems.gamebook.book import load_book
    from meikyu.systems.gamebook.books import sample_path
    from meikyu.systems.gamebook.reader import Session

    session = Session(load_book(sample_path()), dice=RandomDice(3), lang="en")
    for _ in range(12):
        legal = session.game.legal_actions()
        if not legal:
            break
        session.play(session.policy.choose(session.state, legal))
    session.bookmark("mark")
    return json.loads(json.dumps(session.to_data()))


@cache
def liberator_save() -> dict[str, Any]:
    from meikyu.systems.liberator.play import Table

    table = Table.new([("ann", "warrior", ["mount"])], seed=3, write=lambda _: None)
    for line in ("generate normal 1", "auto 6"):
        table.command(line)
    return json.loads(json.dumps(table.game.to_data()))


@cache
def round_table_save() -> dict[str, Any]:
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    from meikyu.systems.meikyu_kingdom.table_runner import TableRunner, run_lines

    s = sample()
    runner = TableRunner(s.kingdom, s.characters, "en")  # type: ignore[arg-type]
    run_lines(runner, ["help"], True, lambda _: None)
    return json.loads(json.dumps(runner.game.to_data()))


# -- loaders ---------------------------------------------------------------------------------------
def load_sheet_text(text: str) -> Any:
    from meikyu.systems.meikyu_kingdom.sheets.sheet import read_sheet

    return read_sheet(parse_toml(text, "sheet.toml"), file="sheet.toml")


def load_encounter_text(text: str) -> Any:
    from meikyu.systems.meikyu_kingdom.combat.bestiary import parse_encounter

    return parse_encounter(text, "/nowhere/encounter.toml")


def load_book_text(text: str) -> Any:
    from meikyu.systems.gamebook.validate import _check

    return _check(text, "book.toml")


def load_cards_text(text: str) -> Any:
    from meikyu.systems.liberator.cards import check_references, load_cards

    check_references(load_cards(text, "cards.toml"), "cards.toml")


def load_gamebook_save(data: Any) -> Any:
    from meikyu.dice import RandomDice
    from meikyu.systems.gamebook.book import load_book
    from meikyu.systems.gamebook.books import sample_path
    from meikyu.systems.gamebook.reader import Session

    session = Session(load_book(sample_path()), dice=RandomDice(1), lang="en")
    before = session.game.state
    try:
        session.load_data(parse_json(json.dumps(data), "save.json"), "save.json")
    except InputError:
        assert session.game.state == before and session.bookmarks == {}
        raise


def load_liberator_save(data: Any) -> Any:
    from meikyu.engine import Game
    from meikyu.systems.liberator.play import Table

    table = Table.new([("ann", "warrior", ["mount"])], seed=1, write=lambda _: None)
    game: Game[Any] = table.game
    try:
        table.load_data(parse_json(json.dumps(data), "save.json"), "save.json")
    except InputError:
        assert table.game is game
        raise


def load_round_table_save(data: Any) -> Any:
    from meikyu.engine import Game
    from meikyu.systems.meikyu_kingdom.kingdom.round_table import RoundTableRules

    return Game.from_data(RoundTableRules(), parse_json(json.dumps(data), "save.json"))


TEXT_LOADERS: dict[str, tuple[Callable[[], dict[str, Any]], Callable[[str], Any]]] = {
    "sheet": (sheet_data, load_sheet_text),
    "encounter": (encounter_data, load_encounter_text),
    "book": (book_data, load_book_text),
    "cards": (cards_data, load_cards_text),
}
SAVE_LOADERS: dict[str, tuple[Callable[[], dict[str, Any]], Callable[[Any], Any]]] = {
    "gamebook save": (gamebook_save, load_gamebook_save),
    "liberator save": (liberator_save, load_liberator_save),
    "round table save": (round_table_save, load_round_table_save),
}


@pytest.mark.parametrize("name", TEXT_LOADERS)
def test_the_unmutated_documents_load(name: str) -> None:
    data, load = TEXT_LOADERS[name]
    load(to_toml(data()))


@pytest.mark.parametrize("name", TEXT_LOADERS)
@BUDGET
@given(mutations, mutations)
@example((0, 1.5, False), (0, 1.5, False))
def test_mutated_files_load_or_refuse(name: str, first: tuple[int, Any, bool], second: tuple[int, Any, bool]) -> None:
    make, load = TEXT_LOADERS[name]
    data = make()
    for pick, value, delete in (first, second):
        where = paths(data)
        data = mutate(data, where[pick % len(where)], value, delete)
    check(lambda: load(to_toml(data) if isinstance(data, dict) else toml_value(data)))


@pytest.mark.parametrize("name", SAVE_LOADERS)
@BUDGET
@given(mutations, mutations)
def test_mutated_saves_load_or_refuse(name: str, first: tuple[int, Any, bool], second: tuple[int, Any, bool]) -> None:
    make, load = SAVE_LOADERS[name]
    data = make()
    for pick, value, delete in (first, second):
        where = paths(data)
        data = mutate(data, where[pick % len(where)], value, delete)
    check(lambda: load(data))


@pytest.mark.parametrize("name", SAVE_LOADERS)
def test_the_unmutated_saves_load(name: str) -> None:
    make, load = SAVE_LOADERS[name]
    load(make())


@BUDGET
@given(st.binary(max_size=300))
def test_random_bytes_decode_or_refuse(raw: bytes) -> None:
    check(lambda: parse_toml(decode(raw, "x.toml"), "x.toml"))
    check(lambda: parse_json(decode(raw, "x.json"), "x.json"))


# Regressions found by the fuzz or the issue (kept as fixed examples).
@pytest.mark.parametrize(("name", "path", "value"), [
    ("encounter", ("pc",), 1.5), ("encounter", ("monster",), 3), ("sheet", ("characters",), 1),
    ("sheet", ("kingdom",), "x"),
])
def test_regressions_files(name: str, path: tuple[Any, ...], value: Any) -> None:
    make, load = TEXT_LOADERS[name]
    data = mutate(make(), path, value, False)
    with pytest.raises(InputError):
        load(to_toml(data))


@pytest.mark.parametrize(("name", "path", "value"), [
    ("gamebook save", ("bookmarks",), [1]), ("gamebook save", ("story",), "yes"),
])
def test_regressions_saves(name: str, path: tuple[Any, ...], value: Any) -> None:
    make, load = SAVE_LOADERS[name]
    with pytest.raises(InputError):
        load(mutate(make(), path, value, False))
