"""Rolls per second of BCDice's common commands, two Meikyuu Kingdom tables and MeikyuKingdomBasic's check,
three of its tables and two of its composites: meikyu beside BCDice.

    python benchmarks/bcdice_rates.py --seconds 2 [--bcdice-lib PATH]

``--bcdice-lib`` points at the ``lib`` folder of a BCDice checkout whose parsers are generated (any way
you like; nothing of BCDice is part of meikyu) and runs it with the ``ruby`` on the path in the same run,
each command the same number of seconds. Without it only meikyu's rates are printed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import rate  # noqa: E402

import meikyu  # noqa: E402

COMMANDS = [("DiceBot", "2D6+1>=8"), ("DiceBot", "4B6>=4"), ("DiceBot", "C(10*3)"), ("MeikyuKingdom", "NT"),
            ("MeikyuKingdom", "KDT"), ("MeikyuKingdomBasic", "3MK+2>=9"), ("MeikyuKingdomBasic", "BUS"),
            ("MeikyuKingdomBasic", "TET"), ("MeikyuKingdomBasic", "GUCT"), ("MeikyuKingdomBasic", "NNAME2"),
            ("MeikyuKingdomBasic", "DFT2")]
_RUBY = """
$LOAD_PATH.unshift ARGV[0]
require "bcdice"
require "bcdice/game_system/DiceBot"
require "bcdice/game_system/MeikyuKingdom"
require "bcdice/game_system/MeikyuKingdomBasic"
seconds = ARGV[1].to_f
ARGV[2..].each_slice(2) do |sys, cmd|
  klass = BCDice::GameSystem.const_get(sys)
  klass.eval(cmd)
  n = 0
  t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  t = t0
  while t - t0 < seconds
    100.times { klass.eval(cmd).text }
    n += 100
    t = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  end
  puts "#{sys}\\t#{cmd}\\t#{n / (t - t0)}"
end
"""


def ours(system: str, command: str, seconds: float) -> float:
    for _ in range(300):  # warm: a composite loads each list it draws from on first use (BCDice's are loaded)
        meikyu.roll(command, system=system).render("bcdice")

    def batch(n: int) -> None:
        for _ in range(n):
            meikyu.roll(command, system=system).render("bcdice")

    return rate(batch, seconds)


def theirs(lib: str, seconds: float) -> dict[tuple[str, str], float]:
    args = [x for pair in COMMANDS for x in pair]
    done = subprocess.run(["ruby", "-e", _RUBY, lib, str(seconds), *args], capture_output=True, text=True, check=True)
    out = {}
    for line in done.stdout.splitlines():
        system, command, value = line.split("\t")
        out[(system, command)] = float(value)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--bcdice-lib")
    parser.add_argument("--system", action="append", help="only these systems' commands")
    args = parser.parse_args()
    if args.system:
        COMMANDS[:] = [c for c in COMMANDS if c[0] in args.system]
    bcdice = theirs(args.bcdice_lib, args.seconds) if args.bcdice_lib else {}
    print("| command | meikyu rolls/s (roll + BCDice text) | BCDice rolls/s | ratio |")
    print("|---|---:|---:|---:|")
    for system, command in COMMANDS:
        mine = ours(system, command, args.seconds)
        other = bcdice.get((system, command))
        shown = f"{other:,.0f}" if other else "—"
        ratio = f"{mine / other:.1f}×" if other else "—"
        print(f"| `{command}` ({system}) | {mine:,.0f} | {shown} | {ratio} |")


if __name__ == "__main__":
    main()
