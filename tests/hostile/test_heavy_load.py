"""Heavy requests cannot starve light ones (issue 16 §3; the full run is benchmarks/heavy_load.py).

16 clients loop on the largest legal roll (1,000 dice of 10,000 sides) while a light client times
``2MK+3>=9``: its p99 stays within 2× of its p99 alone (plus 5 ms for a shared CI machine's jitter).
Before heavy rolls moved to a worker process, the same run measured 28×.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.api.conftest import Server, start_server, stop_server

sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))
from heavy_load import measure  # noqa: E402


@pytest.fixture(scope="module")
def plain() -> Iterator[Server]:
    srv = start_server(env={"MEIKYU_LANG": ""})
    yield srv
    stop_server(srv)


def test_light_p99_within_twice_while_16_clients_send_the_largest_rolls(plain: Server) -> None:
    host, port = plain.base.removeprefix("http://").split(":")
    r = measure(host, int(port), light=400, heavy=16)
    assert r["heavy_done"] > 0
    assert r["loaded_p99"] <= 2 * r["alone_p99"] + 5, r
