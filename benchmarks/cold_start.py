"""Cold start of ``meikyu roll 2D6`` beside Python's own start-up, in one run.

Runs, alternately, ``python -c pass`` (the interpreter with its site, as any console script pays) and
the ``meikyu`` console script's body with ``roll 2D6``, ``--runs`` times each, every one a fresh process
(with ``--baseline SRC``, also the same command from another source tree first on the path, e.g. a
``git archive`` of an earlier commit: a before/after in the same run).
Prints the median wall time and the median CPU time (user + system, from the children's rusage: a
busy machine inflates it less) of each, their difference, and the slowest imports of one
``-X importtime`` run. Every tree timed is byte-compiled first, as ``pip install`` leaves it: with
``PYTHONDONTWRITEBYTECODE`` set (as on this project's build machines) nothing else would write the
``.pyc`` files, and every run would compile the whole package from source (~25 ms of CPU).

    python benchmarks/cold_start.py [--runs 40] [--baseline /tmp/before/src] [COMMAND ...]
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import os
import resource
import statistics
import subprocess
import sys
import time

SCRIPT = "import sys; from meikyu.cli import main; sys.argv = ['meikyu', *sys.argv[1:]]; sys.exit(main())"


def timed(argv: list[str], tree: str | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of one fresh process (``tree``: a source tree first on its path)."""
    env = {**os.environ, "PYTHONPATH": tree} if tree else None
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--baseline", help="another source tree to time the same command from, alternately")
    parser.add_argument("command", nargs="*", default=["roll", "2D6"])
    args = parser.parse_args()
    bare = [sys.executable, "-c", "pass"]
    ours = [sys.executable, "-c", SCRIPT, *args.command]
    label = "meikyu " + " ".join(args.command)
    cases: list[tuple[str, list[str], str | None]] = [("python -c pass", bare, None)]
    if args.baseline:
        cases.append((label + " (before)", ours, args.baseline))
    cases.append((label, ours, None))
    spec = importlib.util.find_spec("meikyu")
    assert spec is not None and spec.submodule_search_locations, "meikyu is not importable"
    for tree in (args.baseline, *spec.submodule_search_locations):
        if tree:  # bytecode as an installed package has it (compileall writes it whatever the environment says)
            compileall.compile_dir(tree, quiet=1)
    for _, argv, tree in cases:
        timed(argv, tree)  # warm the file cache
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in cases}
    for _ in range(args.runs):
        for name, argv, tree in cases:
            samples[name].append(timed(argv, tree))
    print(f"{args.runs} fresh processes each, alternating (ms; median)")
    print(f"{'':32} {'wall':>8} {'CPU':>8} {'CPU above python -c pass':>25}")
    base_cpu = statistics.median(c for _, c in samples["python -c pass"]) * 1000
    for name, rows in samples.items():
        wall = statistics.median(w for w, _ in rows) * 1000
        cpu = statistics.median(c for _, c in rows) * 1000
        print(f"{name:32} {wall:8.1f} {cpu:8.1f} {cpu - base_cpu:25.1f}")
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", SCRIPT, *args.command],
                         capture_output=True, text=True, env=dict(os.environ), check=True)
    imports = []
    for line in out.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[0].strip().startswith("import time:") and parts[1].strip().isdigit():
            imports.append((int(parts[1]), parts[2].rstrip()))
    print("\nslowest imports of one run (cumulative µs, -X importtime):")
    for cumulative, name in sorted(imports, reverse=True)[:12]:
        print(f"{cumulative:10,} {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
