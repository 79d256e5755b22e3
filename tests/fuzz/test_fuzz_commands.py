"""Fuzzed commands, batch lines and raw requests (issue 16 §6): refused cleanly, never a crash.

Fixed hypothesis budgets keep CI's time small; crashes found once are kept as explicit examples.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import meikyu
from meikyu.cli import _batch_line, _json_line
from meikyu.errors import InputError
from tests.api.conftest import Server, start_server, stop_server

BUDGET = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
SYSTEMS = ["MeikyuKingdom", "DiceBot", "ShinGamebook", "Liberator"]
ALPHABET = st.sampled_from(list("0123456789DdMKBRUCSx+-*/()<>=!?[],.# HLAFTYNE６ＤＭＫ＋＞＝\ud800"))
COMMANDS = st.text(ALPHABET, max_size=40) | st.text(max_size=30)


@BUDGET
@given(COMMANDS, st.sampled_from(SYSTEMS), st.sampled_from(["ko", "ja", "en"]))
@example("D66>=3", "DiceBot", "en")
@example("x100 " + "(" * 30 + "1D6" + ")" * 30, "DiceBot", "en")
def test_any_command_rolls_or_is_refused(command: str, system: str, lang: str) -> None:
    try:
        result = meikyu.roll(command, system=system, lang=lang, seed=1)
    except InputError as exc:
        assert exc.message(lang)
        return
    for fmt in ("bcdice", "text"):
        assert isinstance(result.render(fmt), str)
    json.dumps(result.to_json())


line_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@BUDGET
@given(st.dictionaries(st.sampled_from(["command", "dice", "seed", "system", "lang", "format", "x"]), line_values)
       | st.text(max_size=60))
def test_any_batch_line_gets_one_answer(request: object) -> None:
    line = request if isinstance(request, str) else json.dumps(request)
    answer = _batch_line(line)
    assert isinstance(answer, dict) and "ok" in answer
    json.loads(_json_line(answer))


@pytest.fixture(scope="module")
def served() -> Iterator[Server]:
    srv = start_server("--head-timeout", "1", env={"MEIKYU_LANG": ""})
    yield srv
    stop_server(srv)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
          derandomize=True)
@given(st.binary(max_size=400) | st.builds(lambda a, b: b"GET /v2/" + a + b" HTTP/1.1\r\n" + b + b"\r\n\r\n",
                                            st.binary(max_size=60), st.binary(max_size=120)))
def test_raw_bytes_over_a_socket_never_5xx_and_the_server_stays_up(served: Server, payload: bytes) -> None:
    with socket.create_connection(served.address, timeout=5) as sock:
        sock.sendall(payload)
        reply = b""
        try:
            while chunk := sock.recv(65536):
                reply += chunk
        except (TimeoutError, ConnectionResetError):
            pass
    if reply.startswith(b"HTTP/1.1 "):
        assert reply[9:10] != b"5", reply[:200]
    assert served.get("/v2/version").status == 200
