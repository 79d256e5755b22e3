"""Every byte a seat receives — answers, live pushes, ``/events``, exports — is searched for the talk it may
not read (issue 25, "Bad input and security"): a whisper never reaches a seat it does not name; a secret
roll's command, dice and result never reach another player before its reveal; a removed message never
reaches a player after its removal."""

from __future__ import annotations

import json
import re
import time

from tests.api.conftest import Server
from tests.games.conftest import Table, create
from tests.games.driver import Listener

SEATS = ("gm", "pc:hana", "pc:toru", "pc:mio")


def everything(table: Table, seat: str) -> bytes:
    """What ``seat`` reads by asking: its game, every event, every export format (each kept in
    ``received`` too)."""
    out = [table.call(seat, "GET", "").body, table.call(seat, "GET", "/events", after="0").body]
    out += [table.call(seat, "GET", "/export", format=fmt).body for fmt in ("text", "markdown", "bbcode", "html")]
    return b"\n".join(out)


def post(table: Table, seat: str, body: dict[str, object]) -> dict[str, object]:
    reply = table.call(seat, "POST", "/messages", body)
    assert reply.status == 201, reply.body
    return dict(reply.json())


def test_whispers_and_secret_rolls_reach_only_their_readers(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    listeners = {seat: Listener(table, seat, lang) for seat, lang in zip(SEATS, ("en", "ko", "ja", "en"),
                                                                            strict=True)}
    try:
        time.sleep(0.3)
        post(table, "gm", {"text": "PUBLIC-NARRATION", "speaker": "Innkeeper"})
        post(table, "pc:hana", {"text": "WHISPER-TO-GM-x1", "to": ["gm"]})
        post(table, "pc:toru", {"text": "WHISPER-TORU-HANA-x2", "to": ["pc:hana"], "channel": "ooc"})
        secret = post(table, "pc:hana", {"text": "S2MK+3>=9 SECRET-COMMENT-x3"})
        line = secret["entry"]["talk"]["roll"]["line"]  # type: ignore[index]
        gm_secret = post(table, "gm", {"text": "S2D6+1 GM-SECRET-x4", "speaker": "Dealer"})
        gm_line = gm_secret["entry"]["talk"]["roll"]["line"]  # type: ignore[index]
        version = int(gm_secret["version"])  # type: ignore[arg-type]
        for listener in listeners.values():
            listener.wait_for(version)
        received = {seat: everything(table, seat) + b"\n".join(listeners[seat].pushes) for seat in SEATS}
        forbidden = {
            "pc:hana": [b"GM-SECRET-x4", gm_line.encode()],
            "pc:toru": [b"WHISPER-TO-GM-x1", b"SECRET-COMMENT-x3", b"2R6+3>=9", b"2MK+3", line.encode(),
                        b"GM-SECRET-x4", gm_line.encode()],
            "pc:mio": [b"WHISPER-TO-GM-x1", b"WHISPER-TORU-HANA-x2", b"SECRET-COMMENT-x3", b"2R6+3>=9", b"2MK+3",
                       line.encode(), b"GM-SECRET-x4", gm_line.encode()],
        }
        for seat, words in forbidden.items():
            seen = received[seat] + b"\n".join(table.seats[seat].received)
            assert b"PUBLIC-NARRATION" in seen, seat
            for word in words:
                assert word not in seen, (seat, word)
        # The readers do read them.
        assert b"WHISPER-TORU-HANA-x2" in received["pc:hana"] and b"SECRET-COMMENT-x3" in received["gm"]
        assert line.encode() in received["pc:hana"] and gm_line.encode() in received["gm"]
        # After the reveal, every seat reads the same dice; the GM's own secret stays its own.
        reveal = table.call("pc:hana", "POST", f"/messages/{secret['version']}/reveal")
        assert reveal.status == 200, reveal.body
        for seat in ("pc:toru", "pc:mio"):
            after = everything(table, seat)
            assert line.encode() in after and b"SECRET-COMMENT-x3" in after
            assert b"GM-SECRET-x4" not in after and b"WHISPER-TO-GM-x1" not in after
    finally:
        for listener in listeners.values():
            listener.close()


def test_a_removed_message_reaches_no_player_after_its_removal(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    v = post(table, "pc:toru", {"text": "REMOVE-ME-x5"})["version"]
    assert table.call("gm", "POST", f"/messages/{v}/hide").status == 200
    listener = Listener(table, "pc:mio", "en")
    try:
        time.sleep(0.3)
        post(table, "pc:hana", {"text": "later"})
        listener.wait_for(int(v) + 2)  # type: ignore[call-overload]
        for seat in ("pc:hana", "pc:toru", "pc:mio"):
            seen = everything(table, seat)
            assert b"REMOVE-ME-x5" not in seen and b"removed by the GM" in seen, seat
        assert b"REMOVE-ME-x5" not in b"".join(listener.pushes)
        assert b"REMOVE-ME-x5" in everything(table, "gm")
    finally:
        listener.close()


def test_markup_in_a_message_is_kept_as_text(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    evil = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    post(table, "pc:hana", {"text": evil})
    entry = table.get("pc:toru")["log"][-1]
    assert entry["talk"]["text"] == evil  # data, as typed; every face renders it as text
    exported = table.call("pc:toru", "GET", "/export", format="markdown").body.decode()
    assert re.search(r"(?<!\\)<", exported) is None and "\\<img" in exported  # escaped: no live tag
    assert json.loads(table.call("pc:toru", "GET", "/events", after="0").body)["events"][0]["talk"]["text"] == evil
