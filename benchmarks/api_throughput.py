"""Throughput and latency of ``meikyu serve`` against a constant-answer baseline, side by side.

Both servers run the same stack (Starlette on uvicorn, one process, the same settings); the baseline
answers the roll route with a fixed JSON body, so the difference is what meikyu itself costs per
request: parameter reading, the roll and the rendering. A third server, ``raw``, is the floor: a bare
ASGI callable sending the same constant under the same uvicorn (meikyu's hot route skips the
framework's routing, so the Starlette baseline alone would flatter it). The load generator is a small asyncio HTTP/1.1
client with one keep-alive connection per simulated client, in its own process.

On a busy machine req/s swings with whatever else runs; the last column, the server process's own CPU
time per request (user + system, from /proc), is much steadier and is the fairer overhead figure.

    python benchmarks/api_throughput.py [--seconds 2] [--rounds 3] [--levels 1,16,64] [--bcdice-api-port PORT]

``--bcdice-api-port`` adds a server you started yourself on loopback (the real bcdice-api, say) to the same
alternating rounds; its CPU time is not read.

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


_BASELINE_BODY = ('{"ok":true,"text":"(2R6+3>=9) ＞ 9[3,6]+3 ＞ 12 ＞ 成功","secret":false,"success":true,'
                  '"failure":false,"critical":false,"fumble":false,"rands":[{"kind":"normal","sides":6,"value":3},'
                  '{"kind":"normal","sides":6,"value":6}]}').encode()


def baseline_app():  # type: ignore[no-untyped-def]
    """The same framework answering with a constant body of the usual size."""
    from starlette.applications import Starlette
    from starlette.responses import Response
    from starlette.routing import Route

    body = _BASELINE_BODY

    async def roll(request):  # type: ignore[no-untyped-def]
        return Response(body, media_type="application/json", headers={"access-control-allow-origin": "*"})

    return Starlette(routes=[Route("/v2/game_system/{id}/roll", roll), Route("/v2/version", roll)])


def raw_app():  # type: ignore[no-untyped-def]
    """The floor: a bare ASGI callable with the same constant body (no framework at all)."""
    body = _BASELINE_BODY
    headers = [(b"content-length", b"%d" % len(body)), (b"content-type", b"application/json"),
               (b"access-control-allow-origin", b"*")]

    async def answer(scope, receive, send):  # type: ignore[no-untyped-def]
        if scope["type"] != "http":
            return
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    return answer


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def _start(kind: str) -> tuple[subprocess.Popen[bytes], int]:
    port = _free_port()
    if kind == "meikyu":
        cmd = [sys.executable, "-m", "meikyu", "serve", "--host", HOST, "--port", str(port)]
    else:
        cmd = [sys.executable, os.path.abspath(__file__), f"--serve-{kind}", str(port)]
    # one address sends it all: the per-address /v2 limit (MEIKYU_V2_RATE) off, as behind a proxy
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, "MEIKYU_V2_RATE": "0"})
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


def _cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU time of a process (Linux /proc), or None elsewhere (or for a server we did not start)."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


async def _load(port: int, pid: int | None, clients: int, seconds: float,
                max_requests: int) -> tuple[float, float, float, int, float | None]:
    """req/s, p50 ms, p99 ms, errors, and the server's CPU microseconds per request (None if unknown)."""
    latencies: list[float] = []
    errors: list[int] = []
    # Warm-up (not measured): connections open, caches filled.
    warm = time.perf_counter() + min(0.5, seconds / 4)
    await asyncio.gather(*(_client(port, warm, [10**9], [], []) for _ in range(clients)))
    cpu_before = _cpu_seconds(pid)
    started = time.perf_counter()
    await asyncio.gather(*(_client(port, started + seconds, [max_requests // clients], latencies, errors)
                           for _ in range(clients)))
    elapsed = time.perf_counter() - started
    cpu_after = _cpu_seconds(pid)
    cuts = statistics.quantiles(latencies, n=100)
    cpu = None if cpu_before is None or cpu_after is None else (cpu_after - cpu_before) / len(latencies) * 1e6
    return len(latencies) / elapsed, cuts[49] * 1000, cuts[98] * 1000, len(errors), cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--levels", default="1,16,64")
    parser.add_argument("--max-requests", type=int, default=200_000)
    parser.add_argument("--bcdice-api-port", type=int, help="also load a server already listening on this loopback port")
    parser.add_argument("--serve-baseline", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--serve-raw", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_baseline or args.serve_raw:
        import uvicorn

        app, port = (baseline_app(), args.serve_baseline) if args.serve_baseline else (raw_app(), args.serve_raw)
        uvicorn.run(app, host=HOST, port=port, access_log=False, log_level="warning", server_header=False)
        return 0
    levels = [int(x) for x in args.levels.split(",")]
    servers: dict[str, tuple[subprocess.Popen[bytes] | None, int]] = {
        kind: _start(kind) for kind in ("baseline", "raw", "meikyu")}
    if args.bcdice_api_port:
        servers["bcdice-api"] = (None, args.bcdice_api_port)
    try:
        import uvloop

        run = uvloop.run
    except ImportError:
        run = asyncio.run
    try:
        print(f"GET {PATH}")
        print(f"{args.rounds} alternating rounds of {args.seconds:g} s per level and server (median shown); "
              "loopback; one server process each")
        print(f"{'clients':>7} {'server':>9} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>6} {'cpu us/req':>10}")
        for clients in levels:
            rounds: dict[str, list[tuple[float, float, float, int, float | None]]] = {k: [] for k in servers}
            for r in range(args.rounds):
                # Alternate the order so background load on the machine hits both servers alike.
                order = list(servers) if r % 2 == 0 else list(reversed(servers))
                for kind in order:
                    proc, port = servers[kind]
                    pid = None if proc is None else proc.pid
                    rounds[kind].append(run(_load(port, pid, clients, args.seconds, args.max_requests)))
            medians = {}
            for kind, rows in rounds.items():
                rps = statistics.median(x[0] for x in rows)
                p50 = statistics.median(x[1] for x in rows)
                p99 = statistics.median(x[2] for x in rows)
                errs = sum(x[3] for x in rows)
                cpus = [x[4] for x in rows if x[4] is not None]
                cpu = f"{statistics.median(cpus):>10.0f}" if cpus else f"{'-':>10}"
                medians[kind] = rps
                print(f"{clients:>7} {kind:>9} {rps:>9.0f} {p50:>8.2f} {p99:>8.2f} {errs:>6} {cpu}")
            print(f"{'':>7} {'ratio':>9} {medians['meikyu'] / medians['baseline']:>9.2f}  (meikyu / baseline req/s; "
                  f"{medians['meikyu'] / medians['raw']:.2f} of the bare-ASGI floor)")
            if "bcdice-api" in medians:
                print(f"{'':>7} {'vs':>9} {medians['meikyu'] / medians['bcdice-api']:>9.2f}  (meikyu / bcdice-api req/s)")
    finally:
        for proc, _ in servers.values():
            if proc is not None:
                proc.terminate()
                proc.wait(10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
