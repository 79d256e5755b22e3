"""Shared games: actions per second and latency through HTTP and the store, beside in-memory baselines.

    python benchmarks/games_throughput.py [--pg postgresql://…] [--quick] [--compare-src DIR [--interleave N]]
                                         [--workers N]

What it does, all in one run:

1. Records a Meikyuu Kingdom sample battle played by the tactical policy (actions and dice).
2. Baselines on that sequence, in this process: the engine alone (``Game.play`` with the recorded dice),
   and the engine plus what an answer renders (the GM's view, menu and prompt) — no store, no HTTP; and the
   service path alone (store, rules and the GM's answer, one game after another, no HTTP): per action
   thread CPU and wall time, what the server's own work costs without a client or a scheduler in it.
3. For SQLite (a data folder) and PostgreSQL (``--pg`` or ``MEIKYU_TEST_PG``): a real ``meikyu serve``
   process; 1, 16 and 64 games played at once by an asyncio client, each posting the recorded actions with
   their dice (``manual_dice``) as the GM and waiting for each answer: actions/s, p50/p99 per action, and
   the server process's CPU time per action (what load on a shared machine distorts least). Closed loop:
   each game posts its next action the moment its answer arrives, so 16 games keep 16 requests in flight
   and the rows measure saturation: Little's law says the mean latency is the games in flight over the
   throughput, printed beside each closed row. **Paced** rows play 16 games that each wait between an
   answer and the next action: 100 ms (~10 actions/s per table, far faster than people play: a stress
   row) and 1 s (a realistic busy table: a bot or a quick player answering within a second of seeing
   the menu; people at a table or on a forum take several seconds) — the latency a table sees while 15
   others play too. Paced tables all start together and wait the same time, so they stay in step: every
   pause ends with 16 requests arriving at once (the last waits for the other 15). The *independent*
   rows are the same tables started at random offsets, each waiting a random time of that mean
   (exponential, seeded): tables that do not watch each other's clocks, as real ones don't; a last row
   plays 64 such tables at 1 s. Each row's label says which reading of "N games" it is: *closed loop*,
   *paced in step* or *independent*.
   Each server first plays one unmeasured game (imports and caches warm up, as on a server that has been
   running). The last column is the server's own time per action (its ``server-timing`` header: from the
   games handler's start to its answer), so what the client and the scheduler add shows beside it.
   ``--compare-src DIR`` runs the same SQLite rows on a second server from another source tree (e.g. a
   ``git worktree`` of an older commit), in the same run: before and after side by side. ``--workers N``
   adds the closed and paced 16-game rows on ``meikyu serve --workers N`` (SQLite and PostgreSQL), whose
   CPU column sums every process of the server. ``--interleave ROUNDS`` (with ``--compare-src``) then runs the
   1-game, 16-game closed and 16-game independent rows alternately on both trees, fresh servers, and prints
   the medians: on a shared machine, the fairer before-and-after.
4. Push latency: one game with 6 WebSockets subscribed (the GM, the four PC seats and the GM's second
   screen); time from posting an action to the push reaching all 6.
5. Load time of a 2,000-action game (a Meikyuu Kingdom session played by a random policy): a cold load
   from the store with snapshots and without, beside replaying the same actions in memory.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from meikyu.dice import RandomDice, RecordingDice, ScriptedDice  # noqa: E402
from meikyu.engine import Game, RandomPolicy  # noqa: E402
from meikyu.table import registry  # noqa: E402
from meikyu.table.base import GM  # noqa: E402

SETUP = {"encounter": "sample", "seed": 1}
Sequence_ = list[tuple[dict[str, Any], list[tuple[int, int]]]]
"""Actions as dumped, each with the dice it drew as (sides, value)."""


RECORD = """
import json, sys
from meikyu.dice import RandomDice, RecordingDice
from meikyu.engine import Game
from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
from meikyu.table import registry

kind = registry.get("MeikyuKingdom", "battle")
game = Game(kind.rules, kind.setup(json.loads(sys.argv[1]), "en"), dice=RandomDice(11))
policy = TacticalPolicy()
out = []
while legal := kind.rules.legal_actions(game.state):
    action = policy.choose(game.state, legal)
    recorder = RecordingDice(game.dice)
    game.play(action, recorder)
    out.append((kind.rules.actions.dump(action), list(recorder.rolls)))
print(json.dumps(out))
"""
"""The sample battle played by the tactical policy, recorded by a tree's own rules (run with that tree first on the
path: another tree's rules may ask other prompts, so each server replays the sequence its own rules made)."""


def record_battle(src: str | None = None) -> Sequence_:
    """The recorded battle by ``src``'s rules (this tree's by default): actions as dumped, with their dice."""
    env = {**os.environ, "PYTHONPATH": src or str(Path(__file__).resolve().parents[1] / "src")}
    done = subprocess.run([sys.executable, "-c", RECORD, json.dumps(SETUP)], env=env, capture_output=True,
                          text=True, check=True)
    return [(action, [(sides, value) for sides, value in rolls]) for action, rolls in json.loads(done.stdout)]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def baselines(seq: Sequence_) -> dict[str, tuple[float, float, float]]:
    kind = registry.get("MeikyuKingdom", "battle")
    results = {}
    for name, render in (("engine only (Game.play)", False), ("engine + GM view/menu/prompt", True)):
        lat: list[float] = []
        for _ in range(5):
            game = Game(kind.rules, kind.setup(SETUP, "en"))
            for data, dice in seq:
                start = time.perf_counter()
                game.play(kind.rules.actions.load(data), ScriptedDice(dice))
                if render:
                    kind.view(game.state, GM, "en")
                    kind.menu(game.state, GM, "en")
                    kind.prompt(game.state, GM, "en")
                lat.append(time.perf_counter() - start)
        results[name] = (len(lat) / sum(lat), pct(lat, 0.5) * 1e3, pct(lat, 0.99) * 1e3)
    return results


def service_path(seq: Sequence_, games_count: int = 8) -> tuple[float, float, float, float]:
    """The service alone (SQLite store, rules, the GM's answer; no HTTP), one game after another in this
    process with the server's heap settings: thread CPU p50/p99 and wall p99/max per action (the first two
    games warm up). What the server's own work costs, without the client or the scheduler in it."""
    from meikyu.api.heap import freeze_survivors, settle_heap
    from meikyu.store import open_store
    from meikyu.store.service import Games

    games = Games(open_store(None, tempfile.mkdtemp(prefix="meikyu-bench-")))
    settle_heap()
    freeze_survivors(None)  # as meikyu serve does (without its 10-minute reclaim: this run is shorter)
    cpu: list[float] = []
    wall: list[float] = []
    for n in range(games_count):
        created = games.create("MeikyuKingdom", "battle", SETUP, "en", manual_dice=True)
        for version, (data, dice) in enumerate(seq):
            c0, w0 = time.thread_time(), time.perf_counter()
            games.act(created.id, GM, data, version, [v for _, v in dice], lang="en")
            games.answer_json(games.loaded(created.id), GM, "en")
            if n >= 2:
                cpu.append(time.thread_time() - c0)
                wall.append(time.perf_counter() - w0)
    games.close()
    return pct(cpu, 0.5) * 1e3, pct(cpu, 0.99) * 1e3, pct(wall, 0.99) * 1e3, max(wall) * 1e3


def start_server(*args: str, src: str | None = None) -> tuple[subprocess.Popen[bytes], str]:
    import socket
    import urllib.request

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    # every table's seats and sockets come from this one address: the per-address limits out of the way
    env = {**os.environ, "MEIKYU_GAMES_RATE": "1000000", "MEIKYU_GAMES_CREATE_RATE": "1000000",
           "MEIKYU_WS_OPEN_RATE": "1000000", "MEIKYU_WS_PER_CLIENT": "100000", "MEIKYU_V2_RATE": "0",
           "PYTHONPATH": src or str(Path(__file__).resolve().parents[1] / "src")}
    proc = subprocess.Popen([sys.executable, "-m", "meikyu", "serve", "--port", str(port), *args], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(base + "/v2/version", timeout=1).read()
            return proc, base
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("server did not start")


async def create_game(client: Any, base: str) -> tuple[str, dict[str, str]]:
    reply = await client.post(base + "/api/games", json={"system": "MeikyuKingdom", "kind": "battle",
                                                         "setup": SETUP, "lang": "en", "manual_dice": True})
    assert reply.status_code == 201, reply.text
    data = reply.json()
    return data["id"], {s["seat"]: s["token"] for s in data["seats"]}


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and the processes it started, so far (Linux ``/proc``)."""
    total = 0.0
    parents = {pid}
    for stat in sorted(Path("/proc").glob("[0-9]*/stat"), key=lambda p: int(p.parent.name)):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        me, parent = int(stat.parent.name), int(fields[1])
        if me in parents or parent in parents:
            parents.add(me)
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


SERVER_MS: list[float] = []
"""The server's own time per action of the last :func:`play_games` (its ``server-timing`` header)."""


async def play_games(base: str, seq: Sequence_, games: int, per_game: int,
                     pause: float = 0.0, independent: bool = False) -> tuple[float, float, float, int]:
    import random

    import httpx

    waits = random.Random(7)  # the independent rows' offsets and think times: the same every run

    limits = httpx.Limits(max_connections=games + 4, max_keepalive_connections=games + 4)
    async with httpx.AsyncClient(limits=limits, timeout=60) as client:
        made = []
        for _ in range(games):  # one at a time: the create rate limit is per client address
            made.append(await create_game(client, base))
        lat: list[float] = []
        dropped: list[int] = []

        async def one(game_id: str, token: str) -> None:
            headers = {"Authorization": f"Bearer {token}"}
            if independent:
                await asyncio.sleep(waits.uniform(0, pause))
            for version, (data, dice) in enumerate(seq[:per_game]):
                start = time.perf_counter()
                while True:
                    try:
                        reply = await client.post(f"{base}/api/games/{game_id}/actions", headers=headers,
                                                  json={"action": data, "version": version,
                                                        "dice": [v for _, v in dice]})
                        break
                    except httpx.TransportError:  # a dropped connection: counted, then asked again
                        dropped.append(1)
                lat.append(time.perf_counter() - start)
                timing = reply.headers.get("server-timing", "")
                if timing.startswith("app;dur="):
                    SERVER_MS.append(float(timing[8:]))
                assert reply.status_code == 200 or (reply.status_code == 409 and dropped), reply.text
                if pause:
                    await asyncio.sleep(waits.expovariate(1 / pause) if independent else pause)

        SERVER_MS.clear()
        start = time.perf_counter()
        await asyncio.gather(*(one(game_id, tokens[GM]) for game_id, tokens in made))
        wall = time.perf_counter() - start
    if dropped:
        print(f"  ({len(dropped)} connection(s) dropped by the server and retried)")
    return len(lat) / wall, pct(lat, 0.5) * 1e3, pct(lat, 0.99) * 1e3, len(lat)


async def push_latency(base: str, seq: Sequence_, count: int) -> tuple[float, float, float, float]:
    import httpx
    from websockets.asyncio.client import connect

    async with httpx.AsyncClient(timeout=60) as client:
        game_id, tokens = await create_game(client, base)
        ws_base = base.replace("http", "ws", 1)
        seats = [GM, "pc:hana", "pc:toru", "pc:mio", "pc:sora", GM]
        sockets = [await connect(f"{ws_base}/api/games/{game_id}/live?token={tokens[s]}&lang=en") for s in seats]
        first: list[float] = []
        last: list[float] = []
        try:
            for version, (data, dice) in enumerate(seq[:count]):
                start = time.perf_counter()
                post = asyncio.create_task(client.post(f"{base}/api/games/{game_id}/actions",
                                                       headers={"Authorization": f"Bearer {tokens[GM]}"},
                                                       json={"action": data, "version": version, "dice": [v for _, v in dice]}))
                arrivals = []
                for ws in sockets:
                    message = json.loads(await ws.recv())
                    assert message["version"] == version + 1
                    arrivals.append(time.perf_counter() - start)
                assert (await post).status_code == 200
                first.append(min(arrivals))
                last.append(max(arrivals))
        finally:
            for ws in sockets:
                await ws.close()
    return pct(first, 0.5) * 1e3, pct(last, 0.5) * 1e3, pct(last, 0.99) * 1e3, len(last)


def long_game_load(store_arg: dict[str, str | None]) -> dict[str, float]:
    """A 2,000-action MK session stored through the service, then loaded cold three ways."""
    from meikyu.store import open_store
    from meikyu.store.service import Games

    kind = registry.get("MeikyuKingdom", "session")
    games = Games(open_store(store_arg["store"], store_arg["data"]))
    seq: Sequence_ = []
    seed = 0
    while len(seq) < 2000:  # the sample session played by a random policy, from the stored initial state
        seed += 1
        created = games.create("MeikyuKingdom", "session", "sample", "en", manual_dice=True)
        game = Game(kind.rules, kind.rules.state_from_data(games.store.game(created.id).initial),
                    dice=RandomDice(seed))
        policy = RandomPolicy(seed)
        seq = []
        while len(seq) < 2000 and (legal := kind.rules.legal_actions(game.state)):
            action = policy.choose(game.state, legal)
            recorder = RecordingDice(game.dice)
            game.play(action, recorder)
            seq.append((kind.rules.actions.dump(action), list(recorder.rolls)))
    initial = game.initial
    for version, (data, dice) in enumerate(seq):
        games.act(created.id, GM, data, version, [v for _, v in dice])
    games.close()
    out: dict[str, float] = {}
    for label, snapshots in (("cold load, snapshots", True), ("cold load, full replay", False)):
        times = []
        for _ in range(3):
            fresh = Games(open_store(store_arg["store"], store_arg["data"]))
            start = time.perf_counter()
            loaded = fresh.load(created.id, use_snapshots=snapshots)
            fresh.snapshot_view(loaded, GM, "en")
            times.append(time.perf_counter() - start)
            assert loaded.version == 2000
            fresh.close()
        out[label] = min(times) * 1e3
    start = time.perf_counter()
    Game.replay(kind.rules, initial, [(kind.rules.actions.load(d), dice) for d, dice in seq])
    out["baseline: Game.replay in memory"] = (time.perf_counter() - start) * 1e3
    return out


def interleaved(seq: Sequence_, other_src: str, rounds: int) -> None:
    """The rows that matter most, run ``this tree, the other, this tree, the other …`` on fresh servers, ``rounds``
    times: medians of each, so a shared machine's swings fall on both trees alike."""
    import statistics

    rows = [("1 game, closed loop", 1, len(seq), 0.0, False), ("16 games, closed loop", 16, 30, 0.0, False),
            ("16 games, independent 1 s", 16, 20, 1.0, True)]
    trees = [("this tree", None), ("other tree", str(Path(other_src).resolve()))]
    seqs = {src: seq if src is None else record_battle(src) for _, src in trees}
    found: dict[tuple[str, str], list[tuple[float, float, float, float]]] = {}
    procs = []
    for tree, src in trees:
        proc, base = start_server("--data", tempfile.mkdtemp(prefix="meikyu-bench-"), src=src)
        procs.append((tree, proc, base, seqs[src]))
        asyncio.run(play_games(base, seqs[src], 1, len(seqs[src])))  # warm-up
    try:
        for _ in range(rounds):
            for name, games, per_game, pause, independent in rows:
                for tree, proc, base, played in procs:
                    per_game = len(played) if games == 1 else per_game
                    cpu = cpu_seconds(proc.pid)
                    _, p50, p99, n = asyncio.run(play_games(base, played, games, per_game, pause, independent))
                    cpu = (cpu_seconds(proc.pid) - cpu) / n * 1e3
                    app = pct(SERVER_MS, 0.5) if SERVER_MS else float("nan")
                    found.setdefault((name, tree), []).append((cpu, p50, p99, app))
    finally:
        for _, proc, _, _ in procs:
            proc.terminate()
            proc.wait()
    print(f"\n| interleaved, medians of {rounds} | tree | server CPU ms/action | p50 ms | p99 ms | in the app p50 ms |\n"
          "|---|---|---:|---:|---:|---:|")
    for name, *_ in rows:
        for tree, _src in trees:
            columns = [statistics.median(v[i] for v in found[(name, tree)]) for i in range(4)]
            print(f"| {name} | {tree} | " + " | ".join(f"{c:.2f}" for c in columns) + " |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pg", default=os.environ.get("MEIKYU_TEST_PG", ""))
    parser.add_argument("--quick", action="store_true", help="fewer games and actions (a smoke run)")
    parser.add_argument("--compare-src", default="", help="also run the SQLite rows on this source tree")
    parser.add_argument("--workers", type=int, default=0, help="also run 16-game rows on serve --workers N")
    parser.add_argument("--interleave", type=int, default=0, metavar="ROUNDS",
                        help="with --compare-src: also the key rows interleaved with it, medians of ROUNDS")
    args = parser.parse_args()
    seq = record_battle()
    print(f"sequence: MK sample battle, {len(seq)} actions (tactical policy), dice recorded")
    print("\n| what | actions/s | p50 ms | p99 ms | server CPU ms/action | in the app p50 / p99 ms |\n"
          "|---|---:|---:|---:|---:|---:|")
    for name, (rate, p50, p99) in baselines(seq).items():
        print(f"| baseline: {name} | {rate:,.0f} | {p50:.3f} | {p99:.3f} | | |")
    c50, c99, w99, wmax = service_path(seq)
    print(f"| service path alone (SQLite, rules, GM answer; no HTTP): thread CPU p50 {c50:.2f} / p99 {c99:.2f}, "
          f"wall p99 {w99:.2f} / max {wmax:.2f} ms | | | | | |")
    levels = [(1, len(seq), 0.0, False), (16, 30, 0.0, False), (64, 10, 0.0, False), (16, 30, 0.1, False),
              (16, 20, 1.0, False), (16, 30, 0.1, True), (16, 20, 1.0, True), (64, 10, 1.0, True)] \
        if not args.quick else [(1, 20, 0.0, False), (16, 5, 0.0, False), (16, 5, 0.1, False),
                                (16, 5, 1.0, False), (16, 5, 1.0, True)]
    servers: list[tuple[str, list[str], str | None]] = []
    backends: list[tuple[str, dict[str, str | None]]] = []
    tmp = tempfile.mkdtemp(prefix="meikyu-bench-")
    servers.append(("SQLite", ["--data", tmp], None))
    backends.append(("SQLite", {"store": None, "data": tmp}))
    if args.compare_src:
        other = tempfile.mkdtemp(prefix="meikyu-bench-")
        servers.append((f"SQLite, {args.compare_src}", ["--data", other], str(Path(args.compare_src).resolve())))
    if args.pg:
        servers.append(("PostgreSQL", ["--store", args.pg], None))
        backends.append(("PostgreSQL", {"store": args.pg, "data": None}))
    if args.workers > 1:
        many = ["--workers", str(args.workers)]
        servers.append((f"SQLite, {args.workers} workers", ["--data", tempfile.mkdtemp(prefix="meikyu-bench-"),
                                                            *many], None))
        if args.pg:
            servers.append((f"PostgreSQL, {args.workers} workers", ["--store", args.pg, *many], None))
    pushes = {}
    for label, server_args, src in servers:
        own = seq if src is None else record_battle(src)
        proc, base = start_server(*server_args, src=src)
        try:
            for _ in range(max(1, args.workers) if "workers" in label else 1):  # warm-up: imports, caches
                asyncio.run(play_games(base, own, 1, len(own)))
            for games, per_game, pause, independent in levels:
                if "workers" in label and games != 16:
                    continue
                per_game = len(own) if per_game == len(seq) else per_game  # a whole battle, by that tree's rules
                cpu = cpu_seconds(proc.pid)
                rate, p50, p99, n = asyncio.run(play_games(base, own, games, per_game, pause, independent))
                cpu = (cpu_seconds(proc.pid) - cpu) / n * 1e3
                how = (f", {'independent' if independent else 'paced in step'} {pause * 1e3:.0f} ms" if pause
                       else ", closed loop")
                little = "" if pause or games == 1 else f" (Little: {games} in flight / {rate:,.0f}/s = " \
                                                         f"{games / rate * 1e3:.0f} ms mean)"
                app = f"{pct(SERVER_MS, 0.5):.2f} / {pct(SERVER_MS, 0.99):.2f}" if SERVER_MS else "—"
                print(f"| {label}, {games} game(s){how} ({n} actions){little} | {rate:,.0f} | "
                      f"{p50:.2f} | {p99:.2f} | {cpu:.2f} | {app} |", flush=True)
            if "workers" not in label:
                pushes[label] = asyncio.run(push_latency(base, own, 20 if args.quick else 40))
        finally:
            proc.terminate()
            proc.wait()
    if args.compare_src and args.interleave:
        interleaved(seq, args.compare_src, args.interleave)
    print("\n| push to 6 subscribed seats | first seat p50 ms | all 6 p50 ms | all 6 p99 ms | actions |")
    print("|---|---:|---:|---:|---:|")
    for label, (first, p50, p99, n) in pushes.items():
        print(f"| {label} | {first:.2f} | {p50:.2f} | {p99:.2f} | {n} |")
    print("\n| 2,000-action MK session | ms |\n|---|---:|")
    for label, store_arg in backends:
        for what, ms in long_game_load(store_arg).items():
            print(f"| {label}: {what} | {ms:,.1f} |")


if __name__ == "__main__":
    main()
