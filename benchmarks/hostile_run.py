"""A hostile run against one real ``meikyu serve`` (issue 24): every figure the issue asks of it, in one command.

While a GM and two players play a Meikyuu Kingdom battle whose monsters are hidden from the players (over
HTTP, every byte the players receive kept), hostile clients from two other loopback addresses send garbage
``/v2`` rolls, wrong-typed and malformed game requests, wrong tokens and oversized bodies. Then storage faults
are injected for real: the data folder's file system (a tmpfs of this run's own) is filled to its last page
while a table keeps acting, then freed; and the server is killed with ``kill -9`` mid-action and restarted,
again and again, each acknowledged action looked for afterwards. Printed: requests, bad inputs, faults, 5xx
answers, tracebacks in the server's output, hidden names found in player bytes, acknowledged actions lost.

    sudo python benchmarks/hostile_run.py [--seconds 20] [--kills 6] [--seed 1]

Root mounts the tmpfs for the full-disk fault; without root that phase is skipped (and said so).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[1]))

from tests.api.conftest import Server, start_server, stop_server  # noqa: E402
from tests.games.conftest import Table, create  # noqa: E402

from meikyu.dice import RandomDice  # noqa: E402
from meikyu.table import registry  # noqa: E402
from meikyu.table.base import GM  # noqa: E402

FAST = {"MEIKYU_LANG": "", "MEIKYU_GAMES_RATE": "100000"}  # the table's own seats act as fast as they like
JUNK = ["", "1D", "2MK>=", "ｘ", "x9999 100D100", "\u0000", "🎲" * 50, "'; DROP TABLE log; --", "9" * 5000,
        "[1,2", "{\"a\":", "null", "-1", "1e999", "\ud800", "%ff%fe", "A" * 20000, "choice[" * 300]


class Tally:
    def __init__(self) -> None:
        self.statuses: Counter[int] = Counter()
        self.bad = 0
        self.table = 0
        """Requests the battle's own seats made (the game played through, answered)."""
        self.lock = threading.Lock()

    def add(self, status: int, bad: bool) -> None:
        with self.lock:
            self.statuses[status] += 1
            self.bad += bad


def request(server: Server, method: str, path: str, body: bytes | None, headers: dict[str, str],
            source: str) -> int:
    host, port = server.address
    conn = http.client.HTTPConnection(host, port, timeout=20, source_address=(source, 0))
    # any text goes: the path percent-encoded as a browser would, header values as their UTF-8 bytes
    path = urllib.parse.quote(path, safe="/?=&%:@+,;", errors="surrogatepass")
    headers = {k: v.encode("utf-8", "surrogatepass").decode("latin-1") for k, v in headers.items()}
    try:
        conn.request(method, path, body=body, headers=headers)
        reply = conn.getresponse()
        reply.read()
        return reply.status
    except (OSError, http.client.HTTPException):
        return 0  # closed on us (a cap, a deadline): no answer, and no 5xx either
    finally:
        conn.close()


def hostile(server: Server, table: Table, tally: Tally, stop: threading.Event, source: str, seed: int) -> None:
    rng = random.Random(seed)
    player = table.seats["pc:hana"].token
    while not stop.is_set():
        junk = rng.choice(JUNK)
        kind = rng.randrange(6)
        if kind == 0:
            query = "&".join(f"{rng.choice(['command', 'c', 'lang', 'dice', ''])}={rng.choice(JUNK)[:3000]}"
                             for _ in range(rng.randrange(1, 5)))
            status = request(server, rng.choice(["GET", "POST"]), f"/v2/game_system/{rng.choice(['DiceBot', 'MeikyuKingdom', junk[:40]])}/roll?{query}",
                             None, {}, source)
        elif kind == 1:  # an action with wrong-typed fields, from a real player seat
            body = {"action": rng.choice([junk, 7, None, [], {"@type": junk}, {"@type": "Attack", "actor": 3}]),
                    "version": rng.choice([junk, -1, 2**70, None, 1.5]), "dice": rng.choice([junk, [0], [7] * 500, None])}
            status = request(server, "POST", f"/api/games/{table.id}/actions", json.dumps(body).encode(),
                             {"Authorization": f"Bearer {player}", "Content-Type": "application/json"}, source)
        elif kind == 2:  # a body that is no JSON, or too large
            status = request(server, "POST", f"/api/games/{table.id}/actions", (junk * rng.randrange(1, 50)).encode(
                "utf-8", "surrogatepass"), {"Authorization": f"Bearer {player}"}, source)
        elif kind == 3:  # a guessed token
            status = request(server, "GET", f"/api/games/{table.id}", None, {"Authorization": f"Bearer {junk[:100]}x"},
                             source)
        elif kind == 4:  # a game made of garbage
            body = {"system": rng.choice(["MeikyuKingdom", junk[:60]]), "kind": rng.choice(["battle", junk[:60]]),
                    "setup": rng.choice([junk, {"encounter": junk}, {"book": junk}, 5])}
            status = request(server, "POST", "/api/games", json.dumps(body).encode(), {}, source)
        else:  # paths and methods nobody documented
            status = request(server, rng.choice(["GET", "PUT", "DELETE", "PATCH"]),
                             f"/api/games/{junk[:80].encode('utf-8', 'surrogatepass').hex()}/{rng.choice(['undo', 'events', 'export'])}?after={junk[:20]}",
                             None, {"Authorization": f"Bearer {player}"}, source)
        tally.add(status, True)


def battle_with_hidden_monsters(server: Server, data: str, tally: Tally, seconds: float) -> tuple[int, int, int]:
    """Hostile traffic while a hidden-monster battle is played out: (requests, player bytes, leaks)."""
    from tests.games.driver import follow, mirror_of, play_http, post_item

    from meikyu.systems.meikyu_kingdom.combat.bestiary import load_bestiary, load_encounter
    from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy

    kind = registry.get("MeikyuKingdom", "battle")
    table = create(server, "MeikyuKingdom", "battle", {"encounter": "sample", "seed": 3}, lang="en")
    gm = table.get(GM, lang="en")
    for monster in [c["id"] for c in gm["view"]["combatants"] if c["side"] == "monsters"]:
        gm = post_item(table, GM, gm, f"gm/hide/{monster}")
    for seat in ("pc:hana", "pc:mio"):
        table.seats[seat].received.clear()  # what players receive from here on must hold no hidden data
    stop = threading.Event()
    workers = [threading.Thread(target=hostile, args=(server, table, tally, stop, f"127.0.0.{n + 2}", n))
               for n in range(2)]
    for worker in workers:
        worker.start()
    started = time.monotonic()
    mirror = mirror_of(kind, data, table.id)
    follow(table, kind, mirror, gm["version"])
    mirror.dice = RandomDice(3)
    played = play_http(table, kind, mirror, TacticalPolicy(), {"pc:hana", "pc:mio"}, "en")
    while time.monotonic() - started < seconds:  # the players keep reading while the hostile clients go on
        for seat in ("pc:hana", "pc:mio"):
            table.get(seat, lang=rnd_lang())
            tally.add(200, False)
        time.sleep(0.05)
    stop.set()
    for worker in workers:
        worker.join()
    forbidden: set[str] = set()
    beasts = load_bestiary()
    for c in load_encounter("sample").combatants:
        if c.side == "monsters":
            forbidden |= {c.species, c.name, *c.names, *beasts[c.species].skills}
            for weapon in beasts[c.species].attacks:
                forbidden |= {weapon.name, *weapon.names}
    stream = "\n".join(table.seats[seat].text() for seat in ("pc:hana", "pc:mio"))
    leaks = sum(stream.count(word) for word in forbidden if word)
    with tally.lock:
        tally.table += sum(len(seat.received) for seat in table.seats.values())
    return played.version, len(stream.encode()), leaks


_LANGS = ["ko", "ja", "en"]


def rnd_lang() -> str:
    return random.choice(_LANGS)


class NoAnswer:
    status = 0


def reading_steps(table: Table, first: dict[str, Any], acked: int) -> Any:
    """One more log entry: the action at even versions, its undo at odd ones (status 0: no answer in 10 s)."""
    try:
        if acked % 2:
            return table.call(GM, "POST", "/undo", {"version": acked})
        return table.act(GM, first, acked)
    except OSError:  # the server did not answer in time (or is gone)
        return NoAnswer()


def disk_full(server: Server, folder: Path, tally: Tally) -> tuple[int, int, int, int]:
    """Fill the tmpfs, act until refused and a few times more, free it, act again: (503s, requests not
    answered within 10 s, acknowledged, stored)."""
    table = create(server, "ShinGamebook", "reading", lang="en")
    first = table.get(GM)["legal_actions"][0]["action"]
    acked = 0
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    for size in (65536, 4096, 512, 1):
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"\0" * size)
    os.close(fd)
    refused = silent = 0
    for _ in range(80):
        reply = reading_steps(table, first, acked)
        tally.add(reply.status, False)
        if reply.status == 200:
            acked = reply.json()["version"]
        else:
            refused += reply.status == 503
            silent += reply.status == 0
            if silent == 3:  # no answer in 10 s, three times: the server hangs on a full disk
                break
    filler.unlink()
    for _ in range(5):
        reply = reading_steps(table, first, acked)
        tally.add(reply.status, False)
        acked = reply.json()["version"] if reply.status == 200 else acked
    try:
        stored = table.get(GM)["version"]
    except (OSError, AssertionError):
        stored = -1  # it still does not answer
    return refused, silent, acked, stored


def kills(data: str, count: int, tally: Tally, outputs: list[str]) -> tuple[int, int]:
    """``kill -9`` mid-action, ``count`` times, restarting on the same folder: (acknowledged, lost)."""
    acked_total = lost = 0
    server = start_server("--data", data, env=FAST)
    table = create(server, "ShinGamebook", "reading", lang="en")
    first = table.get(GM)["legal_actions"][0]["action"]
    acked = 0
    for _ in range(count):
        stop = threading.Event()

        def act(stop: threading.Event = stop) -> None:
            nonlocal acked
            while not stop.is_set():
                reply = reading_steps(table, first, acked)
                if reply.status == 0:
                    return
                tally.add(reply.status, False)
                if reply.status == 200:
                    acked = reply.json()["version"]

        worker = threading.Thread(target=act)
        worker.start()
        time.sleep(random.uniform(0.3, 1.0))
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
        stop.set()
        worker.join()
        outputs.append(server.process.stdout.read().decode("utf-8", "replace") if server.process.stdout else "")
        server = start_server("--data", data, env=FAST)
        table.server = server
        stored = table.get(GM)["version"]
        lost += max(0, acked - stored)
        acked_total = acked
        acked = stored
    stop_server(server)
    outputs.append(server.process.stdout.read().decode("utf-8", "replace") if server.process.stdout else "")
    return acked_total, lost


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20.0, help="hostile traffic during and after the battle")
    parser.add_argument("--kills", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    random.seed(args.seed)
    tally = Tally()
    outputs: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "fs"
        folder.mkdir()
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(folder)],
                                 capture_output=True).returncode == 0
        try:
            data = str(folder / "data")
            server = start_server("--data", data, env=FAST)
            try:
                version, player_bytes, leaks = battle_with_hidden_monsters(server, data, tally, args.seconds)
                refused, silent, acked_full, stored_full = disk_full(server, folder, tally) if mounted else (0, 0, 0, 0)
            finally:
                stop_server(server)
                outputs.append(server.process.stdout.read().decode("utf-8", "replace") if server.process.stdout else "")
            acked_kill, lost = kills(str(Path(tmp) / "kill"), args.kills, tally, outputs)
        finally:
            if mounted:
                subprocess.run(["umount", "-l", str(folder)], check=False)
    log = "\n".join(outputs)
    five = sum(n for status, n in tally.statuses.items() if status >= 500 and status != 503)
    print(f"requests {sum(tally.statuses.values()) + tally.table:,} (the battle's seats {tally.table:,}) · "
          f"bad inputs {tally.bad:,} · statuses of the rest "
          + " ".join(f"{s}:{n}" for s, n in sorted(tally.statuses.items())))
    print(f"battle with hidden monsters: {version} versions; {player_bytes:,} bytes to players searched, "
          f"{leaks} hidden names found")
    print("disk full: " + (f"{refused} answers 503, {silent} not answered in 10 s, {acked_full} acknowledged, "
                           + (f"{stored_full} stored, {max(0, acked_full - stored_full)} lost" if stored_full >= 0
                              else "the game no longer answered")
                           if mounted else "skipped (needs root to mount a tmpfs)"))
    print(f"kill -9 ×{args.kills}: {acked_kill} acknowledged, {lost} lost")
    print(f"5xx other than 503: {five} · tracebacks in the server's output: {log.count('Traceback')} · "
          f"storage-fault lines: {log.count('storage fault (')}")
    return 0 if not (five or leaks or lost or "Traceback" in log) else 1


if __name__ == "__main__":
    raise SystemExit(main())
