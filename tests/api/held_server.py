"""Not part of the suite (no ``test_`` file name): ``tests/hostile/test_cleanup.py`` runs it in a pytest of its
own, holding the session's server the way the API tests do, and stops that run from outside."""

from __future__ import annotations

import os
import time
from pathlib import Path

from tests.api.conftest import Server


def test_hold_the_server(server: Server) -> None:
    Path(os.environ["MEIKYU_HELD_PID"]).write_text(str(server.process.pid))
    time.sleep(120)  # until the run is stopped
