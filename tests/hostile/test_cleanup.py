"""Tests clean up after themselves when interrupted (issue 24 §6): a test run stopped with SIGTERM (what
stopping ``scripts/check.sh`` or cancelling a CI job sends) or even SIGKILL leaves no ``meikyu serve``
running."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie is gone in all but name (its parent may be us)
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process states from Linux's /proc")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_no_server_outlives_a_stopped_test_run(how: signal.Signals, tmp_path: Path) -> None:
    pid_file = tmp_path / "server.pid"
    env = {**os.environ, "MEIKYU_HELD_PID": str(pid_file), "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}"}
    run = subprocess.Popen([sys.executable, "-m", "pytest", "tests/api/held_server.py", "-p", "no:cacheprovider",
                            "-q"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while not pid_file.exists() or not pid_file.read_text():
            assert run.poll() is None and time.monotonic() < deadline, run.stdout and run.stdout.read()
            time.sleep(0.1)
        server = int(pid_file.read_text())
        assert _alive(server)
        run.send_signal(how)
        run.wait(timeout=60)
        deadline = time.monotonic() + 20
        while _alive(server) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(server), f"meikyu serve {server} outlived the test run stopped with {how.name}"
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
