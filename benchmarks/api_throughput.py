"""Throughput and latency of ``meikyu serve`` against a constant-answer baseline, side by side.

Both servers run the same stack (Starlette on uvicorn, one process, the same settings); the baseline
answers the roll route with a fixed JSON body, so the difference is what meikyu itself costs per
request: parameter reading, the roll and the rendering. The load generator is a small asyncio HTTP/1.1
client with one keep-alive connection per simulated client, in its own process.

    python benchmarks/api_throughput.py [--seconds 2] [--rounds 3] [--levels 1,16,64]

Bounded: each level runs ``--rounds`` times ``--seconds`` per server (plus a short warm-up each) and at
most ``--max-requests`` per run; a full run takes about 45 s.
Only loopback addresses are used.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request

PATH = "/v2/game_system/MeikyuKingdom/roll?command=2MK%2B3%3E%3D9"
HOST = "127.0.0.1"


def baseline_app():  # type: ignore[no-untyped-def]
    """The same framework answering with a constant body of the usual size."""
    from starlette.applications import Starlette
    from starlette.responses import Response
    from starlette.routing import Route

    body = ('{"ok":true,"text":"(2R6+3>=9) ＞ 9[3,6]+3 ＞ 12 ＞ 成功","secret":false,"success":true,'
            '"failure":false,"critical":false,"fumble":false,"rands":[{"kind":"normal","sides":6,"value":3},'
            '{"kind":"normal","sides":6,"value":6}]}').encode()

    async def roll(request):  # type: ignore[no-untyped-def]
        return Response(body, media_type="application/json", headers={"access-control-allow-origin": "*"})

    return Starlette(routes=[Route("/v2/game_system/{id}/roll", roll), Route("/v2/version", roll)])


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def _start(kind: str) -> tuple[subprocess.Popen[bytes], int]:
    port = _free_port()
    if kind == "meikyu":
        cmd = [sys.executable, "-m", "meikyu", "serve", "--host", HOST, "--port", str(port)]
    else:
        cmd = [sys.executable, os.path.abspath(__file__), "--serve-baseline", str(port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/v2/version", timeout=1) as r:
                if r.status == 200:
                    return proc, port
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit(f"{kind} server did not start")


async def _client(port: int, stop_at: float, budget: list[int], latencies: list[float], errors: list[int]) -> None:
    reader, writer = await asyncio.open_connection(HOST, port)
    request = f"GET {PATH} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode()
    try:
        while time.perf_counter() < stop_at and budget[0] > 0:
            budget[0] -= 1
            started = time.perf_counter()
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line[:15].lower() == b"content-length:":
                    length = int(line[15:])
            await reader.readexactly(length)
            latencies.append(time.perf_counter() - started)
            if not head.startswith(b"HTTP/1.1 200"):
                errors.append(1)
    finally:
        writer.close()


async def _load(port: int, clients: int, seconds: float, max_requests: int) -> tuple[float, float, float, int]:
    latencies: list[float] = []
    errors: list[int] = []
    # Warm-up (not measured): connections open, caches filled.
    warm = time.perf_counter() + min(0.5, seconds / 4)
    await asyncio.gather(*(_client(port, warm, [10**9], [], []) for _ in range(clients)))
    started = time.perf_counter()
    await asyncio.gather(*(_client(port, started + seconds, [max_requests // clients], latencies, errors)
                           for _ in range(clients)))
    elapsed = time.perf_counter() - started
    cuts = statistics.quantiles(latencies, n=100)
    return len(latencies) / elapsed, cuts[49] * 1000, cuts[98] * 1000, len(errors)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--levels", default="1,16,64")
    parser.add_argument("--max-requests", type=int, default=200_000)
    parser.add_argument("--serve-baseline", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_baseline:
        import uvicorn

        uvicorn.run(baseline_app(), host=HOST, port=args.serve_baseline, access_log=False, log_level="warning",
                    server_header=False)
        return 0
    levels = [int(x) for x in args.levels.split(",")]
    servers = {kind: _start(kind) for kind in ("baseline", "meikyu")}
    try:
        import uvloop

        run = uvloop.run
    except ImportError:
        run = asyncio.run
    try:
        print(f"GET {PATH}")
        print(f"{args.rounds} alternating rounds of {args.seconds:g} s per level and server (median shown); "
              "loopback; one server process each")
        print(f"{'clients':>7} {'server':>9} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>6}")
        for clients in levels:
            rounds: dict[str, list[tuple[float, float, float, int]]] = {k: [] for k in servers}
            for r in range(args.rounds):
                # Alternate the order so background load on the machine hits both servers alike.
                order = list(servers) if r % 2 == 0 else list(reversed(servers))
                for kind in order:
                    port = servers[kind][1]
                    rounds[kind].append(run(_load(port, clients, args.seconds, args.max_requests)))
            medians = {}
            for kind, rows in rounds.items():
                rps = statistics.median(x[0] for x in rows)
                p50 = statistics.median(x[1] for x in rows)
                p99 = statistics.median(x[2] for x in rows)
                errs = sum(x[3] for x in rows)
                medians[kind] = rps
                print(f"{clients:>7} {kind:>9} {rps:>9.0f} {p50:>8.2f} {p99:>8.2f} {errs:>6}")
            print(f"{'':>7} {'ratio':>9} {medians['meikyu'] / medians['baseline']:>9.2f}  (meikyu / baseline req/s)")
    finally:
        for proc, _ in servers.values():
            proc.terminate()
            proc.wait(10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
