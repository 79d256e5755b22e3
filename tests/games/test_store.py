"""The store on its own, on SQLite and PostgreSQL: append-only versions, migrations, tokens, snapshots."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from meikyu.store import Entry, GameNotFound, GameRecord, VersionConflict, open_store
from meikyu.store.loaded import stack_after
from meikyu.store.migrations import LATEST
from meikyu.store.service import Games
from meikyu.store.sqlite import FILE_NAME, SqliteStore
from meikyu.store.tokens import hash_token, seat_for

SCHEMA1 = Path(__file__).with_name("data") / "schema1.sql"


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    if request.param == "sqlite":
        made = open_store(data=str(tmp_path))
    else:
        made = open_store(request.getfixturevalue("pg_url"))
    yield made
    made.close()


def _record(game_id: str = "g1") -> GameRecord:
    return GameRecord(game_id, "ShinGamebook", "reading", "sample", {"x": 1}, {"manual_dice": False}, 1.5)


def _entry(version: int, seat: str = "reader") -> Entry:
    return Entry(version, seat, "action", {"@type": "RollCreation"}, [[6, 2], [6, 5]], 2.0)


def test_append_only_one_writer_per_version(store: Any) -> None:
    store.create_game(_record(), {"gm": hash_token("a")})
    store.append("g1", _entry(1))
    with pytest.raises(VersionConflict) as conflict:
        store.append("g1", _entry(1, "gm"))  # the same version again: the second writer loses
    assert conflict.value.current == 1
    with pytest.raises(VersionConflict):
        store.append("g1", _entry(3))  # no gaps either
    store.append("g1", _entry(2))
    assert [e.version for e in store.entries("g1")] == [1, 2]
    assert store.entries("g1", after=1) == [_entry(2)]
    assert store.version("g1") == 2
    assert [(g.id, g.version) for g in store.games()] == [("g1", 2)]



def test_appends_waiting_together_commit_as_one_group(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite group commit: appends that wait while another commit holds the lock are stored in one
    transaction (one fsync), each still answered only after it; a version conflict in the group refuses
    that entry alone."""
    import threading
    import time

    store = SqliteStore(tmp_path)
    for n in range(6):
        store.create_game(_record(f"g{n}"), {"gm": hash_token(str(n))})
    store.append("g0", _entry(1))
    groups: list[int] = []
    real = store._commit_group

    def counted(group: list[Any]) -> None:
        groups.append(len(group))
        real(group)

    monkeypatch.setattr(store, "_commit_group", counted)
    results: dict[str, str] = {}

    def append(game_id: str, version: int) -> None:
        try:
            store.append(game_id, _entry(version))
            results[f"{game_id}@{version}"] = "stored"
        except VersionConflict as error:
            results[f"{game_id}@{version}"] = f"conflict at {error.current}"

    wanted = [("g0", 1), ("g1", 1), ("g2", 1), ("g3", 2), ("g4", 1), ("g5", 1)]  # g0@1 and g3@2 must lose
    with store._write_lock:  # a commit in progress: every append now waits, then one group takes them all
        threads = [threading.Thread(target=append, args=pair) for pair in wanted]
        for thread in threads:
            thread.start()
        for _ in range(500):
            if len(store._waiting) == len(wanted):
                break
            time.sleep(0.01)
    for thread in threads:
        thread.join()
    assert groups == [len(wanted)]
    assert results == {"g0@1": "conflict at 1", "g1@1": "stored", "g2@1": "stored", "g3@2": "conflict at 0",
                       "g4@1": "stored", "g5@1": "stored"}
    assert [store.version(f"g{n}") for n in range(6)] == [1, 1, 1, 0, 1, 1]
    store.close()

def test_unknown_game(store: Any) -> None:
    with pytest.raises(GameNotFound):
        store.game("nope")
    assert store.version("nope") == 0 and store.entries("nope") == []


def test_only_token_hashes_are_kept(store: Any, tmp_path: Path) -> None:
    token = "s3cret-token-text-0123456789abcdef0123456789"
    store.create_game(_record(), {"gm": hash_token(token)})
    hashes = store.token_hashes("g1")
    assert seat_for(token, hashes) == "gm" and seat_for(token + "x", hashes) is None
    assert token not in store.dump("g1")
    if isinstance(store, SqliteStore):
        store.close()
        for path in tmp_path.iterdir():
            assert token.encode() not in path.read_bytes()


def test_snapshots(store: Any) -> None:
    store.create_game(_record(), {})
    store.append("g1", _entry(1))
    store.put_snapshot("g1", 1, {"state": 1})
    store.put_snapshot("g1", 1, {"state": 1})  # writing the same snapshot twice is harmless
    assert store.latest_snapshot("g1", [1, 2]) == (1, {"state": 1})
    assert store.latest_snapshot("g1", [2]) is None


def test_schema_version_table(store: Any) -> None:
    assert store.schema_version() == LATEST


def test_a_database_made_by_migration_1_loads(tmp_path: Path) -> None:
    """A games file written by the first schema (kept as SQL text) opens, upgrades and replays."""
    conn = sqlite3.connect(tmp_path / FILE_NAME)
    conn.executescript(SCHEMA1.read_text(encoding="utf-8"))
    conn.close()
    games = Games(open_store(data=str(tmp_path)))
    assert games.store.schema_version() == LATEST  # type: ignore[attr-defined]
    (summary,) = games.summaries()
    game = games.load(summary.id)
    assert game.version == summary.version > 0
    assert games.snapshot_view(game, "reader", "en")["view"]["phase"] != "roll"
    games.close()


def test_migrations_stop_where_asked(tmp_path: Path) -> None:
    old = SqliteStore(tmp_path, migrate_upto=1)
    assert old.schema_version() == 1
    old.close()
    assert SqliteStore(tmp_path).schema_version() == LATEST


def test_every_games_message_has_ko_ja_en_texts() -> None:
    import re
    import tomllib

    import meikyu.api
    import meikyu.store

    store_dir, api_dir = Path(meikyu.store.__file__).parent, Path(meikyu.api.__file__).parent
    files = [*store_dir.glob("*.py"), *api_dir.glob("*.py")]
    source = "\n".join(p.read_text(encoding="utf-8") for p in files)
    keys = set(re.findall(r'"(games\.(?:error|event|export|cli)\.[a-z_]+)"', source))
    keys |= {f"games.cli.{k}" for k in re.findall(r'_t\("([a-z_]+)"', (store_dir / "cli.py").read_text())}
    keys |= {f"games.cli.{k}" for k in re.findall(r'_games_text\("([a-z_]+)"', (api_dir / "cli.py").read_text())}
    assert len(keys) > 30
    tables = {lang: tomllib.loads((store_dir / "i18n" / f"{lang}.toml").read_text(encoding="utf-8"))
              for lang in ("ko", "ja", "en")}
    for lang, data in tables.items():
        for key in sorted(keys):
            section, name = key.removeprefix("games.").split(".")
            assert name in data[section], f"{key} missing in {lang}"
        assert {s: set(v) for s, v in data.items()} == {s: set(v) for s, v in tables["en"].items()}


def test_a_snapshot_equals_the_replay(tmp_path: Path) -> None:
    """Loading from snapshots gives exactly what replaying every entry from the start gives — state, every
    seat's answer and every version's events — also after undos that reach behind a snapshot."""
    from meikyu.dice import RandomDice
    from meikyu.engine import RandomPolicy

    games = Games(open_store(data=str(tmp_path)), snapshot_every=5)
    created = games.create("MeikyuKingdom", "session", "sample", "en")
    policy, dice = RandomPolicy(3), RandomDice(3)
    game = games.load(created.id)
    for step in range(150):
        legal = game.kind.rules.legal_actions(game.state)
        assert legal
        if step in (60, 61, 120):
            games.undo(created.id, "gm", game.version, steps=7)
            continue
        action = policy.choose(game.state, legal)
        games.act(created.id, "gm", game.kind.rules.actions.dump(action), game.version, rng=dice)
    games.close()
    assert len(stack_after(game.entries)) > 100

    fast, slow = (Games(open_store(data=str(tmp_path))) for _ in range(2))
    snap = fast.load(created.id, use_snapshots=True)
    full = slow.load(created.id, use_snapshots=False)
    assert len(snap.steps) < len(full.steps)  # the snapshot really was used
    rules = snap.kind.rules
    assert rules.state_to_data(snap.state) == rules.state_to_data(full.state)
    for seat in snap.kind.seats(snap.state):
        assert fast.snapshot_view(snap, seat, "ko") == slow.snapshot_view(full, seat, "ko")
    assert [fast.events(snap, v, "gm", "en") for v in range(1, snap.version + 1)] == \
           [slow.events(full, v, "gm", "en") for v in range(1, full.version + 1)]
    fast.close()
    slow.close()



def test_states_keep_their_dict_order_through_the_store(store: Any) -> None:
    """A state's dicts keep their order in the store (initial state and snapshots): the rules iterate over
    them, so a loaded game must go on exactly as the one played. The store sorted keys: a snapshot of the
    sample session (random play, seed 1) then started a battle listing the land makers' favor in another
    order than the live game, and the 2,000-action benchmark's replay from a snapshot was refused."""
    state = {"favor": {"seoa": 2, "mir": 1, "doyun": 1}, "b": [{"z": 1, "a": 2}]}
    store.create_game(GameRecord("g1", "ShinGamebook", "reading", "sample", state), {"gm": hash_token("a")})
    store.put_snapshot("g1", 1, state)
    for loaded in (store.game("g1").initial, store.latest_snapshot("g1", [1])[1]):
        assert list(loaded["favor"]) == ["seoa", "mir", "doyun"] and list(loaded["b"][0]) == ["z", "a"]



def test_a_snapshot_that_does_not_replay_falls_back_to_the_log(tmp_path: Path) -> None:
    """Snapshots are only a cache: one that cannot be read or replayed (written by a buggy version, or
    by hand) is passed over and the whole log replayed, so the game still loads as it was played."""
    from meikyu.dice import RandomDice
    from meikyu.engine import RandomPolicy

    games = Games(open_store(data=str(tmp_path)), snapshot_every=5)
    created = games.create("MeikyuKingdom", "session", "sample", "en")
    policy, dice = RandomPolicy(3), RandomDice(3)
    game = games.load(created.id)
    for _ in range(60):
        action = policy.choose(game.state, game.kind.rules.legal_actions(game.state))
        games.act(created.id, "gm", game.kind.rules.actions.dump(action), game.version, rng=dice)
    expected = games.snapshot_view(game, "gm", "en")
    games.close()
    with sqlite3.connect(tmp_path / FILE_NAME) as conn:
        assert conn.execute("UPDATE snapshots SET state = '{\"salt\": 7}'").rowcount == 12
    again = Games(open_store(data=str(tmp_path)))
    try:
        loaded = again.load(created.id)
        assert len(loaded.steps) == 60  # every entry replayed: the snapshot was passed over
        assert again.snapshot_view(loaded, "gm", "en") == expected
    finally:
        again.close()


def test_migration_3_drops_the_snapshots_written_with_sorted_keys(tmp_path: Path) -> None:
    old = SqliteStore(tmp_path, migrate_upto=2)
    old.create_game(_record(), {"gm": hash_token("a")})
    old.append("g1", _entry(1))
    old.put_snapshot("g1", 1, {"state": 1})
    old.close()
    store = SqliteStore(tmp_path)
    assert store.latest_snapshot("g1", [1]) is None and [e.version for e in store.entries("g1")] == [1]
    store.close()
