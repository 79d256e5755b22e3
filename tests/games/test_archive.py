"""Games that move (issue 24 §7): a game written whole to one file and loaded into another data folder or
PostgreSQL, replaying to the same state; a consistent backup of a SQLite store while it serves."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from meikyu.cli import main
from meikyu.dice import RandomDice
from meikyu.store import open_store
from meikyu.store.maintenance import check_game
from meikyu.store.refusals import Unauthorized
from meikyu.store.service import Games
from meikyu.store.sqlite import FILE_NAME
from tests.api.conftest import start_server, stop_server
from tests.games.conftest import Table, create


def _campaign(folder: Path) -> tuple[str, str]:
    """A reading played 25 steps (actions and undos) in ``folder``: its id and the GM's token."""
    games = Games(open_store(data=str(folder)))
    created = games.create("ShinGamebook", "reading", "sample", "en")
    dice = RandomDice(7)
    for step in range(25):
        game = games.load(created.id)
        # items with a form (the GM's ruling on the sheet) wait for what the user types: not taken blind
        legal = [i for i in games.answer(game, "gm", "en").head["legal_actions"] if not i.get("form")]
        if step % 5 == 4 or not legal:
            games.undo(created.id, "gm", game.version)
        else:
            games.act(created.id, "gm", legal[step % len(legal)]["action"], game.version, rng=dice)
    games.close()
    return created.id, dict(created.seats)["gm"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_campaign_moves_from_a_laptop_to_postgresql_losing_nothing(tmp_path: Path, pg_url: str,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    laptop = tmp_path / "laptop"
    game_id, gm_token = _campaign(laptop)
    file = tmp_path / "campaign.json"
    code, out, _ = run(["game", "export", game_id, "--archive", str(file), "--data", str(laptop)], capsys)
    assert code == 0 and f"game {game_id} (version 25) written whole" in out
    assert gm_token not in file.read_text(encoding="utf-8")  # hashes travel, never a token
    code, out, _ = run(["game", "import", str(file), "--store", pg_url], capsys)
    assert code == 0 and "the same link as before" in out, out
    here, there = Games(open_store(data=str(laptop))), Games(open_store(pg_url))
    try:
        assert there.store.dump(game_id) == here.store.dump(game_id)  # head, seats and log, byte for byte
        mine, theirs = here.load(game_id), there.load(game_id)
        assert there.answer_json(theirs, "gm", "en") == here.answer_json(mine, "gm", "en")  # the same state
        assert there.seat(game_id, gm_token) == "gm"  # the GM's old link opens the moved game
        legal = there.answer(theirs, "gm", "en").head["legal_actions"]
        assert there.act(game_id, "gm", legal[0]["action"], 25, rng=RandomDice(1)) == 26  # and play goes on
    finally:
        here.close()
        there.close()
    code, _, err = run(["game", "import", str(file), "--store", pg_url], capsys)
    assert code == 2 and f"there is already a game {game_id} here" in err and err.count("\n") == 1


def test_new_tokens_and_an_archive_that_does_not_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_id, gm_token = _campaign(tmp_path / "a")
    file = tmp_path / "game.json"
    assert run(["game", "export", game_id, "--archive", str(file), "--data", str(tmp_path / "a")], capsys)[0] == 0
    code, out, _ = run(["game", "import", str(file), "--new-tokens", "--data", str(tmp_path / "b")], capsys)
    assert code == 0
    new_gm = next(line for line in out.splitlines() if line.strip().startswith("gm ")).split("#token=")[1]
    moved = Games(open_store(data=str(tmp_path / "b")))
    try:
        assert moved.seat(game_id, new_gm) == "gm"
        with pytest.raises(Unauthorized):
            moved.seat(game_id, gm_token)  # the old links stop working
    finally:
        moved.close()
    archive = json.loads(file.read_text(encoding="utf-8"))
    archive["log"][3][4] = [[6, 6]]  # a die changed by hand: the log no longer replays to the state recorded
    file.write_text(json.dumps(archive), encoding="utf-8")
    code, _, err = run(["game", "import", str(file), "--data", str(tmp_path / "c")], capsys)
    assert code == 2 and "nothing was imported" in err and err.count("\n") == 1
    assert Games(open_store(data=str(tmp_path / "c"))).summaries() == []  # all of it or none


def test_a_backup_while_the_server_writes_is_consistent(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    server = start_server("--data", str(data), env={"MEIKYU_LANG": "", "MEIKYU_GAMES_RATE": "1000"})
    stop = threading.Event()
    try:
        tables = [create(server, "ShinGamebook", "reading", lang="en") for _ in range(2)]
        first = tables[0].get("gm")["legal_actions"][0]["action"]

        def play(table: Table) -> None:  # act, undo, act … as fast as the server takes them
            version = 0
            while not stop.is_set():
                reply = table.act("gm", first, version) if version % 2 == 0 else table.call(
                    "gm", "POST", "/undo", {"version": version})
                assert reply.status == 200, reply.body
                version = reply.json()["version"]

        players = [threading.Thread(target=play, args=(t,)) for t in tables]
        for player in players:
            player.start()
        while min(t.get("gm")["version"] for t in tables) < 4:  # both under way before the first copy
            time.sleep(0.05)
        copies = []
        for n in range(3):
            code, out, _ = run(["game", "backup", str(tmp_path / f"copy{n}"), "--data", str(data)], capsys)
            assert code == 0 and "backed up to" in out
            copies.append(tmp_path / f"copy{n}")
        stop.set()
        for player in players:
            player.join(30)
        served = {t.id: t.get("gm")["version"] for t in tables}
    finally:
        stop.set()
        stop_server(server)
    for copy in copies:
        with sqlite3.connect(copy / FILE_NAME) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        games = Games(open_store(data=str(copy)))
        try:
            for game_id, version in served.items():
                found = check_game(games, game_id)
                assert found.ok and 4 <= found.version <= version, found
        finally:
            games.close()
    code, _, err = run(["game", "backup", str(copies[0]), "--data", str(data)], capsys)
    assert code == 2 and "exists already" in err  # a backup never overwrites one
