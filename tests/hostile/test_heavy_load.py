"""Heavy requests cannot starve light ones (issue 16 §3; the full run is benchmarks/heavy_load.py).

Heavy rolls (here 1,000 dice of 10,000 sides) are evaluated in a worker process, so the server's event
loop stays free for light ones. Wall-clock p99s on a shared machine mostly measure its scheduler, so the
tests check what load does not distort: where the CPU time of heavy rolls is spent (``/proc``), and the
light requests' *median* beside its same-run baseline. The benchmark prints the p99s.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.api.conftest import Server, start_server, stop_server

sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))
from heavy_load import HEAVY, Client, measure  # noqa: E402

_TICKS = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process, from /proc (fields 14 and 15 of its stat line)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICKS


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as children:
            found += [int(child) for child in children.read().split()]
    return found


@pytest.fixture(scope="module")
def plain() -> Iterator[Server]:
    srv = start_server(env={"MEIKYU_LANG": "", "MEIKYU_V2_RATE": "0"})  # one address sends it all
    yield srv
    stop_server(srv)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads CPU times from Linux's /proc")
def test_heavy_rolls_spend_their_cpu_in_the_worker_not_the_event_loop(plain: Server) -> None:
    host, port = plain.address
    assert Client(host, port).get(HEAVY) == 200  # starts the worker process
    server = plain.process.pid
    workers = _children(server)
    main_before = _cpu_seconds(server)
    workers_before = {pid: _cpu_seconds(pid) for pid in workers}

    def client() -> None:
        connection = Client(host, port)
        for _ in range(20):
            assert connection.get(HEAVY) == 200

    threads = [threading.Thread(target=client) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    in_main = _cpu_seconds(server) - main_before
    in_workers = sum(_cpu_seconds(pid) - workers_before.get(pid, 0.0) for pid in _children(server))
    # Were the 320 rolls made on the event loop, the workers would show none of their CPU time.
    assert in_workers > in_main, (in_main, in_workers)


def test_light_median_stays_near_its_baseline_while_16_clients_send_the_largest_rolls(plain: Server) -> None:
    r = measure(*plain.address, light=400, heavy=16)
    assert r["heavy_done"] > 0
    assert r["loaded_p50"] <= 3 * r["alone_p50"] + 2, r
