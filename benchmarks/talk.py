"""Talk at shared tables (issue 25): how fast a message reaches the other seats while 16 tables play, beside an
action's push in the same run; and how fast a long game full of talk loads.

    python benchmarks/talk.py [--pg URL] [--quick]

1. **Push**: a real ``meikyu serve`` (SQLite; PostgreSQL too with ``--pg``). 16 background tables play the
   Meikyuu Kingdom sample battle (the tactical policy's 44 recorded actions, posted by the GM with their dice),
   each taking an action and posting a message every ``--pause`` seconds, restarting when the battle ends.
   One more table has seven sockets open (the GM twice, four PCs, a spectator): Hana posts a message and the
   time until the other six sockets all have it is measured; between messages, the GM takes the next action
   and the time until the same six sockets have its push (the baseline: what a push cost before talk).
2. **Load**: a Meikyuu Kingdom session of 2,000 actions (a random policy) with 5,000 messages between them
   (whispers, out-of-character talk and free rolls among them) stored through the service, then loaded cold
   (store read, replay from the latest snapshot, the GM's answer with the log's tail), beside the same
   2,000 actions without talk.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from games_throughput import GM, Sequence_, create_game, pct, record_battle, start_server  # noqa: E402

from meikyu.dice import RandomDice, RecordingDice  # noqa: E402
from meikyu.engine import Game, RandomPolicy  # noqa: E402
from meikyu.table import registry  # noqa: E402

RECEIVERS = [GM, "pc:toru", "pc:mio", "pc:sora", "spectator:A", GM]


async def background(client: Any, base: str, seq: Sequence_, pause: float, stop: asyncio.Event,
                     index: int) -> int:
    """One table playing the battle over and over, with a line of talk after each action; its action count."""
    done = 0
    while not stop.is_set():
        game_id, tokens = await create_game(client, base)
        version = 0
        for data, dice in seq:
            if stop.is_set():
                break
            reply = await client.post(f"{base}/api/games/{game_id}/actions",
                                      headers={"Authorization": f"Bearer {tokens[GM]}"},
                                      json={"action": data, "version": version, "dice": [v for _, v in dice]})
            assert reply.status_code == 200, reply.text
            said = await client.post(f"{base}/api/games/{game_id}/messages",
                                     headers={"Authorization": f"Bearer {tokens['pc:hana']}"},
                                     json={"text": f"table {index}: onwards!"})
            assert said.status_code == 201, said.text
            version = said.json()["version"]
            done += 1
            await asyncio.sleep(pause)
    return done


async def measured(client: Any, base: str, seq: Sequence_, count: int) -> tuple[list[float], list[float]]:
    from websockets.asyncio.client import connect

    game_id, tokens = await create_game(client, base)
    added = await client.post(f"{base}/api/games/{game_id}/seats", headers={"Authorization": f"Bearer {tokens[GM]}"},
                              json={"spectator": "A"})
    tokens["spectator:A"] = added.json()["token"]
    ws_base = base.replace("http", "ws", 1)
    sockets = [await connect(f"{ws_base}/api/games/{game_id}/live?token={tokens[s]}&lang=en") for s in RECEIVERS]
    talk: list[float] = []
    acts: list[float] = []
    version = 0
    try:
        for i in range(count):
            start = time.perf_counter()
            post = asyncio.create_task(client.post(f"{base}/api/games/{game_id}/messages",
                                                   headers={"Authorization": f"Bearer {tokens['pc:hana']}"},
                                                   json={"text": f"message {i}" if i % 3 else f"2MK+2>=8 try {i}"}))
            for ws in sockets:
                message = json.loads(await ws.recv())
                assert message["version"] == version + 1, message
            talk.append(time.perf_counter() - start)
            reply = await post
            assert reply.status_code == 201, reply.text
            version += 1
            if i < len(seq):
                data, dice = seq[i]
                start = time.perf_counter()
                post = asyncio.create_task(client.post(f"{base}/api/games/{game_id}/actions",
                                                       headers={"Authorization": f"Bearer {tokens[GM]}"},
                                                       json={"action": data, "version": version,
                                                             "dice": [v for _, v in dice]}))
                for ws in sockets:
                    message = json.loads(await ws.recv())
                    assert message["version"] == version + 1
                acts.append(time.perf_counter() - start)
                assert (await post).status_code == 200
                version += 1
            await asyncio.sleep(0.05)
    finally:
        for ws in sockets:
            await ws.close()
    return talk, acts


async def push_run(base: str, seq: Sequence_, tables: int, pause: float, count: int) -> dict[str, Any]:
    import httpx

    limits = httpx.Limits(max_connections=tables + 8, max_keepalive_connections=tables + 8)
    async with httpx.AsyncClient(limits=limits, timeout=60) as client:
        stop = asyncio.Event()
        runners = [asyncio.create_task(background(client, base, seq, pause, stop, i)) for i in range(tables)]
        await asyncio.sleep(2.0)  # the background tables get going
        start = time.perf_counter()
        talk, acts = await measured(client, base, seq, count)
        wall = time.perf_counter() - start
        stop.set()
        played = sum(await asyncio.gather(*runners))
    return {"talk": talk, "acts": acts, "background actions/s": played / (wall + 2.0)}


def load_run(store: str | None, data: str | None, messages: int, actions: int) -> dict[str, float]:
    from meikyu.store import open_store
    from meikyu.store.service import Games

    kind = registry.get("MeikyuKingdom", "session")
    out: dict[str, float] = {}
    for label, talk in ((f"{actions:,} actions", 0), (f"{actions:,} actions + {messages:,} messages", messages)):
        games = Games(open_store(store, data))
        seq: Sequence_ = []
        seed = 0
        while len(seq) < actions:
            seed += 1
            created = games.create("MeikyuKingdom", "session", "sample", "en", manual_dice=True)
            game = Game(kind.rules, kind.rules.state_from_data(games.store.game(created.id).initial),
                        dice=RandomDice(seed))
            policy = RandomPolicy(seed)
            seq = []
            while len(seq) < actions and (legal := kind.rules.legal_actions(game.state)):
                action = policy.choose(game.state, legal)
                recorder = RecordingDice(game.dice)
                game.play(action, recorder)
                seq.append((kind.rules.actions.dump(action), list(recorder.rolls)))
        seats = list(kind.seats(game.state))
        per_action = talk / actions
        said = 0
        version = 0
        for i, (data_, dice) in enumerate(seq):
            version = games.act(created.id, GM, data_, version, [v for _, v in dice])
            while said < per_action * (i + 1):
                seat = seats[said % len(seats)]
                kind_of = said % 10
                body: dict[str, Any] = {"text": f"line {said}: we go on"}
                if kind_of == 1:
                    body["to"] = [GM if seat != GM else seats[1]]
                elif kind_of == 2:
                    body["channel"] = "ooc"
                elif kind_of == 3:
                    body["text"] = "S2MK+2>=8 secret" if said % 20 == 3 else "2D6 free"
                version = games.post_message(created.id, seat, body.pop("text"), **body)
                said += 1
        games.close()
        times, cpu = [], []
        for _ in range(5):
            fresh = Games(open_store(store, data))
            start, start_cpu = time.perf_counter(), time.process_time()
            loaded = fresh.load(created.id)
            fresh.answer_json(loaded, GM, "en")
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            assert loaded.version == actions + said
            fresh.close()
        out[f"{label}: cold load + the GM's answer, wall (min of 5)"] = min(times) * 1e3
        out[f"{label}: cold load + the GM's answer, wall (median of 5)"] = sorted(times)[2] * 1e3
        out[f"{label}: the same, this process's CPU (min of 5)"] = min(cpu) * 1e3
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pg", default="")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--pause", type=float, default=1.0)
    parser.add_argument("--load-only", action="store_true", help="only the load rows")
    args = parser.parse_args()
    seq = record_battle()
    count = 20 if args.quick else 60
    stores: list[tuple[str, list[str], str | None, str | None]] = []
    folder = tempfile.mkdtemp()
    stores.append(("SQLite", ["--data", folder], None, folder))
    if args.pg:
        stores.append(("PostgreSQL", ["--store", args.pg], args.pg, None))
    import os

    os.environ["MEIKYU_TALK_RATE"] = "1000000"
    print(f"push: {args.tables} background tables, an action and a message every {args.pause} s each; "
          f"{count} messages and {min(count, len(seq))} actions measured to 6 sockets")
    print("| store | what | p50 ms | p99 ms | max ms | n | background actions/s |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, server_args, _, _ in [] if args.load_only else stores:
        proc, base = start_server(*server_args)
        try:
            got = asyncio.run(push_run(base, seq, args.tables, args.pause, count))
        finally:
            proc.terminate()
            proc.wait(10)
        for what, values in (("message → all 6 other seats", got["talk"]), ("action → all 6 seats (baseline)",
                                                                             got["acts"])):
            print(f"| {name} | {what} | {pct(values, .5) * 1e3:.1f} | {pct(values, .99) * 1e3:.1f} | "
                  f"{max(values) * 1e3:.1f} | {len(values)} | {got['background actions/s']:.1f} |")
    messages, actions = (500, 200) if args.quick else (5000, 2000)
    print(f"\nload: a MK session of {actions:,} actions, with and without {messages:,} messages")
    print("| store | what | ms |")
    print("|---|---|---:|")
    for name, _, store, data in stores:
        for what, ms in load_run(store, data or tempfile.mkdtemp(), messages, actions).items():
            print(f"| {name} | {what} | {ms:.1f} |")


if __name__ == "__main__":
    main()
