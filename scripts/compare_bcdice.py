"""Compare meikyu with answers recorded from BCDice itself, fed the same dice.

Input: JSON lines, one BCDice answer each: ``system``, ``command``, ``ok`` (false when BCDice refused),
and for answers ``text``, ``rands`` (``[sides, value]`` in draw order) and the flags. How the answers
are recorded is up to the person running BCDice; nothing of BCDice is part of meikyu.

    python3 scripts/compare_bcdice.py answers.jsonl

Each answer is replayed in meikyu with BCDice's dice and sorted into: identical; the same roll on a
table whose entries are in meikyu's own words (title and roll value must match); flags that meikyu sets
on purpose where BCDice leaves them false (``nMK`` checks); or a difference, printed in full.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter

import meikyu
from meikyu.dice.source import ScriptedDice
from meikyu.errors import InputError

_FLAGS = ("secret", "success", "failure", "critical", "fumble")
_TITLE = re.compile(r"^([^(＞]*表)\((\d+)\) ＞ ")


def classify(answer: dict[str, object]) -> tuple[str, str]:
    system, command = str(answer["system"]), str(answer["command"])
    if not answer["ok"]:
        try:
            meikyu.roll(command, system=system)
        except InputError:
            return "identical", ""
        return "difference", "BCDice refuses it, meikyu rolls it"
    dice = ScriptedDice([tuple(pair) for pair in answer["rands"]])  # type: ignore[union-attr, misc]
    try:
        result = meikyu.roll(command, system=system, dice=dice, bcdice_messages=True)
    except InputError as err:
        return "difference", f"meikyu refuses it: {err}"
    ours = result.render("bcdice")
    theirs = str(answer["text"])
    flags_same = all(bool(getattr(result, f)) == bool(answer[f]) for f in _FLAGS)
    if ours == theirs and flags_same:
        return "identical", ""
    if ours == theirs:
        if re.match(r"^S?\d+(MK|R6)", command.upper()):
            return "flags by design", ""
        return "difference", f"flags {[(f, getattr(result, f), answer[f]) for f in _FLAGS]}"
    m1, m2 = _TITLE.match(ours), _TITLE.match(theirs)
    if m1 and m2 and m1.groups() == m2.groups():
        return "same roll, own words", ""
    return "difference", f"\n  BCDice: {theirs}\n  meikyu: {ours}"


def main(path: str) -> int:
    counts: Counter[str] = Counter()
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            answer = json.loads(line)
            kind, detail = classify(answer)
            counts[kind] += 1
            if kind == "difference":
                print(f"{answer['system']} {answer['command']!r}: {detail}")
    print(", ".join(f"{kind}: {n}" for kind, n in sorted(counts.items())), f"(of {sum(counts.values())})")
    return 1 if counts["difference"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
