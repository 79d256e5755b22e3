"""What a reader of the shipped gamebooks waits for: the exact odds of every fight, for every sheet Shin can have.

For each fight in ``src/meikyu/systems/gamebook/books/*.toml``, each Shin a reader can bring to it (attack and
defense 4–6 as the creation roll leaves them, R-GB-02; stamina 4–8, the creation roll plus what the books'
effects give back; each weapon of the book, R-GB-01) and each of the book's abilities (or none, R-GB-03), the
CPU time of one solve — without escape and, where the fight allows it, with (R-GB-15) — and of the reader's
"odds ahead" screen, which solves every ability (and every other weapon) at once.

    python benchmarks/gamebook_books.py [--rounds 3] [--baseline /tmp/before/src]

With ``--baseline SRC`` (a source tree, e.g. ``git archive REV src | tar -x -C DIR``) the same solves run in a
subprocess on that tree, after ours, and both columns are printed; results must be the same fractions.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

BOOKS = Path(__file__).resolve().parent.parent / "src" / "meikyu" / "systems" / "gamebook" / "books"


Shin = tuple[int, int, int, int, int, tuple[str, ...], int]  # attack, kill, defense, hits, extra attacks, rerolls, bonus


def cases() -> list[tuple[str, list[tuple[int, int, int, int]], bool, list[tuple[int, Shin]]]]:
    """(fight name, enemies, escape allowed, every Shin with the number of the sheet he comes from)."""
    from meikyu.systems.gamebook.book import load_book
    from meikyu.systems.gamebook.combat import fighter_for
    from meikyu.systems.gamebook.sheet import Sheet

    found = []
    for path in sorted(BOOKS.glob("*.toml")):
        book = load_book(path)
        kills = sorted({item.kill for item in book.items.values() if item.kill is not None})
        abilities = [None, *book.abilities.values()]
        for pid, paragraph in book.paragraphs.items():
            block = paragraph.combat
            if block is None:
                continue
            foes = [(e.attack, e.kill, e.defense, e.hits) for e in block.enemies]
            shins: list[tuple[int, Shin]] = []
            sheets = 0
            for attack in (4, 5, 6):
                for defense in (4, 5, 6):
                    for stamina in range(4, 9):
                        for kill in kills:
                            sheet = Sheet(attack=attack, defense=defense, stamina=stamina, kill=kill)
                            sheets += 1
                            for ability in abilities:
                                f = fighter_for(sheet, ability)
                                shins.append((sheets, (f.attack, f.kill, f.defense, f.hits, f.extra_attacks,
                                                       f.rerolls, f.escape_bonus)))
            found.append((f"{path.stem} §{pid}", foes, block.escape is not None, shins))
    return found


def run(rounds: int) -> dict[str, object]:
    """Every solve's median CPU ms and its fractions, by fight."""
    from meikyu.errors import InputError
    from meikyu.systems.gamebook.fighters import Enemy, Fighter
    from meikyu.systems.gamebook.odds import combat_odds

    out: dict[str, object] = {}
    for name, foes, escape, shins in cases():
        enemies = [Enemy(*x) for x in foes]
        rows = []
        for sheet, shin in shins:
            a, k, d, h, extra, rerolls, bonus = shin
            fighter = Fighter(a, k, d, h, extra_attacks=extra, rerolls=tuple(rerolls), escape_bonus=bonus)
            for esc in (False, True) if escape else (False,):
                times, result = [], ""
                for _ in range(rounds):
                    start = time.process_time()
                    try:
                        o = combat_odds(fighter, enemies, escape=esc)
                        result = f"{o.win}|{o.escape}|{o.best_target}"
                    except InputError as exc:
                        result = exc.key
                    times.append(time.process_time() - start)
                rows.append([sheet, esc, statistics.median(times) * 1000, result])
        out[name] = rows
    return out


def summary(rows: list[list[object]]) -> tuple[float, float, float]:
    """(median, p99, max) ms of one fight's solves."""
    ms = sorted(float(r[2]) for r in rows)  # type: ignore[arg-type]
    return statistics.median(ms), ms[min(len(ms) - 1, int(len(ms) * 0.99))], ms[-1]


def screens(rows: list[list[object]]) -> float:
    """The slowest "odds ahead" screen: every ability's solves for one sheet, summed (max over sheets)."""
    by_sheet: dict[int, float] = {}
    for sheet, _, ms, _ in rows:
        by_sheet[int(sheet)] = by_sheet.get(int(sheet), 0.0) + float(ms)  # type: ignore[call-overload, arg-type]
    return max(by_sheet.values())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", help="a source tree to time the same way, after ours")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # the baseline's subprocess
    args = parser.parse_args()
    ours = run(args.rounds)
    if args.json:
        print(json.dumps(ours))
        return 0
    base: dict[str, object] | None = None
    if args.baseline:
        env = {**os.environ, "PYTHONPATH": args.baseline}
        done = subprocess.run([sys.executable, __file__, "--json", "--rounds", str(args.rounds)], env=env,
                              capture_output=True, text=True, check=True)
        base = json.loads(done.stdout)
    print(f"{'fight':<22} {'solves':>6}  {'median':>7} {'p99':>7} {'max':>7}  {'screen':>7}"
          + ("   baseline median / p99 / max / screen" if base else ""))
    worst = 0.0
    for name, rows in ours.items():
        med, p99, top = summary(rows)  # type: ignore[arg-type]
        worst = max(worst, top)
        line = f"{name:<22} {len(rows):>6}  {med:7.2f} {p99:7.2f} {top:7.2f}  {screens(rows):7.1f}"  # type: ignore[arg-type]
        if base:
            old = base[name]
            if [r[3] for r in old] != [r[3] for r in rows]:  # type: ignore[index, union-attr]
                raise SystemExit(f"{name}: the baseline's fractions differ")
            bm, bp, bt = summary(old)  # type: ignore[arg-type]
            line += f"   {bm:7.2f} {bp:7.2f} {bt:7.2f} {screens(old):7.1f}"  # type: ignore[arg-type]
        print(line)
    print(f"slowest solve: {worst:.2f} ms of CPU (median of {args.rounds})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
