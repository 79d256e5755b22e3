"""Ordinary requests' latency while 16 clients send the largest legal rolls (issue 16 §3).

One ``meikyu serve`` process. A light client sends ``2MK+3>=9`` rolls one after another over a
keep-alive connection and records each latency: first alone (the same-run baseline), then while
``--heavy`` clients loop on the heaviest legal command (``x5 200D10000``: 1,000 dice of 10,000 sides,
the most one command may draw). Prints p50 / p99 of the light requests in both phases and their ratio.

    python benchmarks/heavy_load.py [--light 2000] [--heavy 16]
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))

LIGHT = "/v2/game_system/MeikyuKingdom/roll?" + urllib.parse.urlencode({"command": "2MK+3>=9"})
HEAVY = "/v2/game_system/DiceBot/roll?" + urllib.parse.urlencode({"command": "x5 200D10000"})


class Client:
    """One keep-alive HTTP/1.1 connection that reads each answer whole."""

    def __init__(self, host: str, port: int) -> None:
        self.sock = socket.create_connection((host, port), timeout=30)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    def get(self, path: str) -> int:
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.sock.recv(65536)
        head, _, rest = self.buffer.partition(b"\r\n\r\n")
        length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
        while len(rest) < length:
            rest += self.sock.recv(65536)
        self.buffer = rest[length:]
        return int(head.split(b" ", 2)[1])


def light_latencies(host: str, port: int, count: int) -> list[float]:
    client = Client(host, port)
    out = []
    for _ in range(count):
        start = time.perf_counter()
        assert client.get(LIGHT) == 200
        out.append(time.perf_counter() - start)
    return out


def p(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))] * 1000


def measure(host: str, port: int, light: int, heavy: int) -> dict[str, float]:
    """p50/p99 (ms) of ``light`` light requests alone, then with ``heavy`` heavy clients running."""
    light_latencies(host, port, 200)  # warm-up
    alone = light_latencies(host, port, light)
    # The heavy clients run in their own process, so their reading does not slow the light client's.
    hammer = subprocess.Popen([sys.executable, __file__, "--hammer", host, str(port), str(heavy)],
                              stdout=subprocess.PIPE, stdin=subprocess.PIPE, text=True)
    assert hammer.stdout is not None and hammer.stdin is not None
    assert hammer.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    try:
        loaded = light_latencies(host, port, light)
    finally:
        hammer.stdin.close()
        done = [int(hammer.stdout.readline() or 0)]
        hammer.wait(timeout=30)
    return {"alone_p50": p(alone, 0.5), "alone_p99": p(alone, 0.99), "loaded_p50": p(loaded, 0.5),
            "loaded_p99": p(loaded, 0.99), "heavy_done": float(done[0]), "mean_alone": statistics.mean(alone) * 1000}


def hammer(host: str, port: int, heavy: int) -> None:
    """``heavy`` threads looping on the heavy roll until stdin closes; prints how many were answered."""
    stop = threading.Event()
    done = [0]

    def loop() -> None:
        client = Client(host, port)
        while not stop.is_set():
            assert client.get(HEAVY) == 200
            done[0] += 1

    threads = [threading.Thread(target=loop, daemon=True) for _ in range(heavy)]
    for t in threads:
        t.start()
    print("ready", flush=True)
    sys.stdin.read()
    stop.set()
    for t in threads:
        t.join(timeout=30)
    print(done[0], flush=True)


def main() -> None:
    if sys.argv[1:2] == ["--hammer"]:
        hammer(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
        return
    from tests.api.conftest import start_server, stop_server

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--light", type=int, default=2000)
    parser.add_argument("--heavy", type=int, default=16)
    args = parser.parse_args()
    server = start_server(env={"MEIKYU_V2_RATE": "0"})  # one address sends it all: no per-address limit
    try:
        r = measure(*server.address, args.light, args.heavy)
    finally:
        stop_server(server)
    print(f"light 2MK+3>=9, {args.light} requests; {args.heavy} clients looping on x5 200D10000 "
          f"({r['heavy_done']:.0f} heavy answered meanwhile)")
    print(f"alone:       p50 {r['alone_p50']:.2f} ms  p99 {r['alone_p99']:.2f} ms")
    print(f"with heavy:  p50 {r['loaded_p50']:.2f} ms  p99 {r['loaded_p99']:.2f} ms  "
          f"(p99 ratio {r['loaded_p99'] / r['alone_p99']:.2f}×)")


if __name__ == "__main__":
    main()
