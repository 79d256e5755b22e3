"""A game that cannot be shown is a clear 422, never a 500, and an action it would follow is not taken.

Building a seat's answer (view, menu, prompt), a log line, an export or a push runs the table kind's code
outside a rules step. When that raises — a bug such as the gamebook menu that could not describe taking up
a second weapon, or a game stored by another version — the seat gets a localized 422 naming the seat and
the cause; an action or undo after which the acting seat's game could not be shown is refused before it is
stored, so the store stays byte-identical. The faults are injected into the real table kind of a real app
(in-process, a real SQLite store); the gamebook bug is played through a real server process.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    # Starlette 1.x suggests another HTTP client package for its TestClient; httpx works the same here.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from meikyu.api.app import create_app
from meikyu.api.config import ApiConfig
from meikyu.store.sqlite import SqliteStore
from meikyu.table.gamebook import ReadingKind
from tests.api.conftest import Server
from tests.games.conftest import create
from tests.table.test_gamebook import walk_to_a_second_weapon

WORDS = {"en": "be shown", "ja": "表示でき", "ko": "보여 줄 수 없"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ApiConfig(data_dir=str(tmp_path / "data"))), raise_server_exceptions=False) as c:
        yield c


def _new(client: TestClient, lang: str = "en") -> tuple[str, dict[str, str]]:
    reply = client.post("/api/games", json={"system": "ShinGamebook", "kind": "reading", "setup": "sample",
                                            "lang": lang, "manual_dice": True})
    assert reply.status_code == 201, reply.text
    data = reply.json()
    return data["id"], {s["seat"]: s["token"] for s in data["seats"]}


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _dump(tmp_path: Path, game_id: str) -> str:
    store = SqliteStore(tmp_path / "data")
    try:
        return store.dump(game_id)
    finally:
        store.close()


def _break_view(monkeypatch: pytest.MonkeyPatch, phase: str, seat: str | None = None) -> None:
    """Make the reading's view raise (a bug, not bad input) for states in ``phase`` (for ``seat`` only)."""
    real = ReadingKind.view

    def view(self: ReadingKind, state: Any, who: str, lang: str) -> dict[str, Any]:
        if state.play.phase == phase and (seat is None or who == seat):
            raise ZeroDivisionError("injected")
        return real(self, state, who, lang)

    monkeypatch.setattr(ReadingKind, "view", view)


def _refusal(reply: Any, lang: str) -> dict[str, Any]:
    assert reply.status_code == 422, (reply.status_code, reply.text)
    body = reply.json()
    assert body["ok"] is False and body["error"] == "refused"
    assert WORDS[lang] in body["message"] and "ZeroDivisionError" in body["message"], body
    assert "Traceback" not in reply.text and "injected" not in reply.text
    return dict(body)


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_an_action_whose_game_cannot_be_shown_is_refused_and_not_stored(
        client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    game_id, tokens = _new(client, lang)
    before = _dump(tmp_path, game_id)
    _break_view(monkeypatch, "choose_die")
    reply = client.post(f"/api/games/{game_id}/actions", headers=_auth(tokens["reader"]),
                        json={"action": {"@type": "RollCreation"}, "version": 0, "dice": [3, 5]})
    _refusal(reply, lang)
    assert _dump(tmp_path, game_id) == before
    game = client.get(f"/api/games/{game_id}", headers=_auth(tokens["reader"])).json()
    assert game["version"] == 0 and game["log"] == []


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_a_stored_game_that_cannot_be_shown_answers_422_and_the_gm_can_undo(
        client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    game_id, tokens = _new(client, lang)
    assert client.post(f"/api/games/{game_id}/actions", headers=_auth(tokens["reader"]),
                       json={"action": {"@type": "RollCreation"}, "version": 0, "dice": [3, 5]}).status_code == 200
    # A server started afresh on the folder, whose code cannot show what another version stored.
    _break_view(monkeypatch, "choose_die")
    client = TestClient(create_app(ApiConfig(data_dir=str(tmp_path / "data"))), raise_server_exceptions=False)
    for seat in ("reader", "gm"):
        body = _refusal(client.get(f"/api/games/{game_id}", headers=_auth(tokens[seat]), params={"lang": lang}),
                        lang)
        assert seat in body["message"]
    undone = client.post(f"/api/games/{game_id}/undo", headers=_auth(tokens["gm"]), json={"version": 1})
    assert undone.status_code == 200, undone.text
    assert undone.json()["version"] == 2 and undone.json()["view"]["phase"] == "roll"


def test_a_setup_whose_game_cannot_be_shown_is_refused_and_nothing_is_created(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    _break_view(monkeypatch, "roll", seat="reader")
    for lang in ("ko", "ja", "en"):
        reply = client.post("/api/games", json={"system": "ShinGamebook", "kind": "reading", "setup": "sample",
                                                "lang": lang})
        body = _refusal(reply, lang)
        assert "reader" in body["message"]
    monkeypatch.undo()
    store = SqliteStore(Path(client.app.state.games.config.data_dir))  # type: ignore[attr-defined]
    try:
        assert store.games() == []
    finally:
        store.close()


def test_log_lines_export_and_pushes_that_cannot_be_shown(client: TestClient,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, tokens = _new(client)
    real = ReadingKind.events_for

    def events_for(self: ReadingKind, before: Any, after: Any, events: Any, seat: str, lang: str) -> Any:
        if seat == "reader":
            raise KeyError("injected")
        return real(self, before, after, events, seat, lang)

    with client.websocket_connect(f"/api/games/{game_id}/live?token={tokens['reader']}") as socket:
        # The GM acts: the GM's own answer and log line are fine, the reader's log line is not.
        monkeypatch.setattr(ReadingKind, "events_for", events_for)
        acted = client.post(f"/api/games/{game_id}/actions", headers=_auth(tokens["gm"]),
                            json={"action": {"@type": "RollCreation"}, "version": 0, "dice": [3, 5]})
        assert acted.status_code == 200, acted.text
        pushed = json.loads(socket.receive_text())
        assert pushed["ok"] is False and pushed["error"] == "refused" and pushed["version"] == 1
        assert "KeyError" in pushed["message"] and "injected" not in json.dumps(pushed)
    for path, query in (("/events", {"after": "0"}), ("/export", {"format": "markdown"}), ("", {})):
        reply = client.get(f"/api/games/{game_id}{path}", headers=_auth(tokens["reader"]), params=query)
        assert reply.status_code == 422, (path, reply.text)
        assert "KeyError" in reply.json()["message"] and "injected" not in reply.text
    assert client.get(f"/api/games/{game_id}/export", headers=_auth(tokens["gm"])).status_code == 200


def test_taking_up_a_second_weapon_is_shown_through_a_real_server(sqlite_server: Server) -> None:
    """The gamebook menu bug this module's guard was built for: at the sample's paragraph 6 (the smith's
    spear beside the sword) every answer was a 500. Played through ``meikyu serve`` with the dice."""
    _, taken = walk_to_a_second_weapon()
    table = create(sqlite_server, "ShinGamebook", "reading", manual_dice=True, lang="ja")
    for version, (action, rolls) in enumerate(taken):
        reply = table.act("reader", action, version, dice=[v for _, v in rolls])
        assert reply.status == 200, reply.body
        assert reply.headers["server-timing"].startswith("app;dur=")  # the app's own time, for the benchmark
    game = table.get("reader")
    keys = {item["key"] for item in game["legal_actions"]}
    assert "equip/sword" in keys, keys
