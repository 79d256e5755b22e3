"""Processes the tests start (``meikyu serve`` above all) that cannot outlive the test run, however it ends.

- :func:`spawn` starts a child that the kernel sends SIGTERM when the test run's process ends (Linux's
  ``PR_SET_PDEATHSIG``): even a ``kill -9`` of pytest takes its servers with it;
- every child still running when the interpreter exits is stopped (``atexit``);
- ``tests/conftest.py`` turns a SIGTERM of pytest into an interrupt, so fixtures' finalizers run (pytest's
  default for SIGTERM is to die on the spot, finalizers and all).

``tests/hostile/test_cleanup.py`` stops a test run both ways and looks for its server afterwards.
"""

from __future__ import annotations

import atexit
import ctypes
import os
import signal
import subprocess
import sys
from typing import Any

_RUNNING: set[subprocess.Popen[bytes]] = set()
_PR_SET_PDEATHSIG = 1


def _dies_with(parent: int) -> None:
    """In the child, before it runs its program: SIGTERM when ``parent`` ends; and if it ended already
    (between the fork and here), end now."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:
        os._exit(1)


def spawn(argv: list[str], **options: Any) -> subprocess.Popen[bytes]:
    """``subprocess.Popen(argv, **options)``, the child bound to this process's life (see the module)."""
    if sys.platform.startswith("linux"):
        parent = os.getpid()
        options.setdefault("preexec_fn", lambda: _dies_with(parent))
    process: subprocess.Popen[bytes] = subprocess.Popen(argv, **options)
    _RUNNING.add(process)
    return process


def stop(process: subprocess.Popen[bytes], timeout: float = 10) -> None:
    """SIGTERM, then SIGKILL after ``timeout`` seconds; waits for the end either way."""
    _RUNNING.discard(process)
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@atexit.register
def _stop_all() -> None:
    for process in list(_RUNNING):
        stop(process, timeout=5)
