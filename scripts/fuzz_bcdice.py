"""Differential fuzzer: random commands answered by BCDice, then by meikyu with BCDice's dice.

    python3 scripts/fuzz_bcdice.py --bcdice /tmp/bcdice --count 20000 [--system MeikyuKingdom] [--seed 1]

``--bcdice`` is a checkout of github:bcdice/BCDice (3.16.1, its racc grammars compiled, run with
Debian's Ruby and ruby-i18n) outside this repository; nothing of BCDice is part of meikyu.
``scripts/bcdice_runner.rb`` (ours) asks it. Every command comes from a generator that covers every
common family (sums, barabara, tally, calc, choice, D66, repeats, reroll, upper, version) and the
system's own commands (read from BCDice's prefix list), then maybe mutates it into a near-miss: a
character dropped, doubled or swapped, a truncation, a huge count, number or side, full-width, a
comment, lower case, an ``S`` prefix.

Each answer is sorted into: identical (text byte for byte, the five flags, the same dice drawn);
the same roll on a table whose entries are in meikyu's own words (title, roll value, dice, and every
number BCDice prints in brackets, so a composite's structure: NNAME2's ``[1,2,15,56]``, DFT's traits); a
documented difference (the README's compatibility section gives each reason; :data:`DOCUMENTED`);
or an undocumented difference, printed in full. Exit status 1 when any is undocumented. Not run in
CI (CI has no BCDice).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import unicodedata
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import meikyu
from meikyu.errors import InputError, LimitError

FLAGS = ("secret", "success", "failure", "critical", "fumble")
RUNNER = Path(__file__).with_name("bcdice_runner.rb")
TITLE = re.compile(r"^([^(＞]*?)\(([\d,]*)\) ＞ ")
HEAD = re.compile(r"^([^＞\n]*) ＞ ")
MARKER = re.compile(r"[\[(]\d+(?:,\d+)*[\])]")
"""A number BCDice prints in brackets or parentheses (a roll value, a composite's dice, a trait's number): the
structure a table answer in our own words keeps."""
COMMENTS = [" 攻撃", " #memo", "\tnote", " 스킬", "　命中"]
CMP = [">=", "<=", ">", "<", "=", "<>", "!=", "=>", "=<", ""]
WORDS = ["a", "b", "c", "剣", "盾", "apple", "x y", "1", "", "A-F"]


def _n(rng: random.Random, small: int = 6) -> int:
    """A count: mostly small, sometimes an edge (0, 100, 200, 201, 1000, huge)."""
    roll = rng.random()
    if roll < 0.85:
        return rng.randint(1, small)
    return rng.choice([0, 0, 10, 99, 100, 101, 199, 200, 201, 999, 1000, 10001, 10**9, 10**10, 10**20])


def _sides(rng: random.Random) -> int:
    if rng.random() < 0.85:
        return rng.choice([6, 6, 6, 10, 20, 100, 2, 3, 4, 8, 12, 66])
    return rng.choice([0, 1, 1000, 10000, 10001, 99999, 10**12])


def _mod(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        op = rng.choice("++--*/")
        value = rng.choice([str(rng.randint(0, 12)), f"({rng.randint(1, 5)}+{rng.randint(1, 5)})", f"{rng.randint(1, 3)}D6",
                            str(10**rng.randint(8, 12)), "0"])
        if op == "/" and rng.random() < 0.4:
            value += rng.choice("UR")
        parts.append(op + value)
    return "".join(parts)


def _judge(rng: random.Random) -> str:
    op = rng.choice(CMP)
    if not op:
        return ""
    return op + rng.choice([str(rng.randint(0, 14)), "?", str(rng.randint(20, 400)), "-1", "(1+2)"])


def gen_sum(rng: random.Random) -> str:
    terms = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        count = rng.choice(["", "(1+1)", str(_n(rng))]) if rng.random() < 0.2 else str(_n(rng))
        term = f"{count}D{_sides(rng)}"
        extra = rng.random()
        if extra < 0.1:
            term += rng.choice(["KH", "KL", "DH", "DL"]) + str(rng.randint(0, 3))
        elif extra < 0.15:
            term += rng.choice(["MAX", "MIN"])
        terms.append(term)
    return "".join(t if i == 0 else rng.choice("+-*") + t for i, t in enumerate(terms)) + _mod(rng) + _judge(rng)


def gen_barabara(rng: random.Random) -> str:
    terms = "+".join(f"{_n(rng)}B{_sides(rng)}" for _ in range(rng.choice([1, 1, 2])))
    return terms + rng.choice(["", _judge(rng), _judge(rng)])


def gen_tally(rng: random.Random) -> str:
    return f"{_n(rng)}T{rng.choice('YZ')}{rng.choice([6, 6, 10, 20, 21, 0])}" + rng.choice(["", "+1", "+2TY6"])


def gen_calc(rng: random.Random) -> str:
    return "C" + rng.choice([f"({rng.randint(0, 99)}{rng.choice('+-*/')}{rng.randint(0, 9)})", f"{rng.randint(1, 9)}*{rng.randint(1, 9)}",
                             f"({rng.randint(1, 9)}+{rng.randint(1, 9)})/{rng.randint(0, 3)}{rng.choice(['', 'U', 'R'])}",
                             f"-{rng.randint(1, 9)}", f"{10**rng.randint(5, 12)}*{10**rng.randint(5, 12)}"])


def gen_choice(rng: random.Random) -> str:
    items = [rng.choice(WORDS) for _ in range(rng.randint(1, 5))]
    n = rng.choice(["", "", "2", "3", "0", "10"])
    form = rng.random()
    if form < 0.4:
        return f"choice{n}[{','.join(items)}]"
    if form < 0.7:
        return f"choice{n}({','.join(items)})"
    if form < 0.85:
        return f"choice{n} {' '.join(items)}"
    return f"choice{n}[{rng.choice('AaB1')}-{rng.choice('FfZ9')}]"


def gen_d66(rng: random.Random) -> str:
    return "D66" + rng.choice(["", "", "S", "N", "A", "D", "X"]) + rng.choice(["", "", ">=30", "+1"])


def gen_reroll(rng: random.Random) -> str:
    head = "+".join(f"{_n(rng)}R{_sides(rng)}" for _ in range(rng.choice([1, 1, 2])))
    tail = rng.choice(["", f"[{rng.randint(0, 10)}]", f">={rng.randint(1, 10)}", f"[{rng.randint(2, 6)}]>={rng.randint(1, 6)}",
                       f"[{rng.randint(2, 6)}]+{rng.randint(1, 3)}"])
    return head + tail


def gen_upper(rng: random.Random) -> str:
    head = "+".join(f"{_n(rng)}U{_sides(rng)}" for _ in range(rng.choice([1, 1, 2])))
    tail = rng.choice(["", f"[{rng.randint(0, 10)}]", f"[{rng.randint(2, 6)}]+{rng.randint(1, 3)}", f"[{rng.randint(2, 6)}]>={rng.randint(1, 20)}",
                       f"+({rng.randint(1, 3)}+{rng.randint(1, 3)})", ""])
    return head + tail + _mod(rng) * (rng.random() < 0.2)


def gen_version(rng: random.Random) -> str:
    return rng.choice(["BCDiceVersion", "bcdiceversion", "BCDiceVersion2"])


def gen_mk(rng: random.Random) -> str:
    count = rng.choice([str(_n(rng)), "0" + str(rng.randint(1, 4)), "(1+2)", "(2)"]) if rng.random() < 0.15 else str(_n(rng))
    word = rng.choice(["MK", "MK", "R6", "MK6", "mk"])
    mod = rng.choice(["", "", "+2", "-1", "+(1+1)", "+1+2", "*2", "+1D6", "+" + str(rng.randint(0, 20))])
    judge = rng.choice(["", ">=" + str(rng.randint(2, 14)), "=>9", ">9", ">=?", "<=7", ">=(4+5)"])
    return count + word + mod + judge


def table_gen(prefixes: list[str]) -> Callable[[random.Random], str]:
    codes = [p.replace("\\d+", "") for p in prefixes if not p.endswith("MK") and not p.endswith("R6")]
    counted = {p.replace("\\d+", "") for p in prefixes if p.startswith("\\d+")}

    def gen(rng: random.Random) -> str:
        code = rng.choice(codes)
        if code in counted:
            return f"{rng.choice([1, 2, 3, 6, 7, 0])}{code}"
        return code + rng.choice(["", "", "", "1", "2", "3", "0", "10", "21", "A", "B", "X", "+2", "-3", "+20"])

    return gen


COMMON: list[tuple[float, Callable[[random.Random], str]]] = [
    (4, gen_sum), (1.5, gen_barabara), (1, gen_tally), (1, gen_calc), (1, gen_choice), (1, gen_d66),
    (1.5, gen_reroll), (1.5, gen_upper), (0.2, gen_version),
]
FULLWIDTH = {chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)}


def mutate(rng: random.Random, text: str) -> str:
    """Maybe turn a command into a near-miss (or a decorated form people type)."""
    kind = rng.random()
    if kind < 0.5 or not text:
        out = text
    elif kind < 0.58:
        i = rng.randrange(len(text))
        out = text[:i] + text[i + 1:]
    elif kind < 0.64:
        i = rng.randrange(len(text))
        out = text[:i] + text[i] + text[i:]
    elif kind < 0.7 and len(text) > 1:
        i = rng.randrange(len(text) - 1)
        out = text[:i] + text[i + 1] + text[i] + text[i + 2:]
    elif kind < 0.76:
        out = text[:rng.randint(1, len(text))]
    elif kind < 0.8:
        out = re.sub(r"\d+", lambda m: str(10 ** rng.randint(3, 22)) if rng.random() < 0.5 else m.group(), text, count=1)
    elif kind < 0.84:
        i = rng.randrange(len(text) + 1)
        out = text[:i] + rng.choice("()[]+-*/<>=!?,. SsDUR6") + text[i:]
    elif kind < 0.9:
        out = "".join(FULLWIDTH.get(c, c) if rng.random() < 0.7 else c for c in text)
    else:
        out = text.lower()
    if rng.random() < 0.12:
        out += rng.choice(COMMENTS)
    if rng.random() < 0.12:
        out = rng.choice(["S", "s", "S ", "Ｓ"]) + out
    if rng.random() < 0.06:
        out = rng.choice(["x3 ", "x2 ", "rep2 ", "repeat3 ", "x0 ", "x101 ", "X2 "]) + out
    return out


def generate(system: str, prefixes: list[str], count: int, seed: int) -> list[str]:
    rng = random.Random(f"{system}:{seed}")
    families = list(COMMON)
    if system != "DiceBot":
        families += [(4, gen_mk), (5, table_gen(prefixes))]
    weights = [w for w, _ in families]
    return [mutate(rng, rng.choices(families, weights)[0][1](rng)) for _ in range(count)]


class Runner:
    """BCDice under Ruby, asked one line at a time."""

    def __init__(self, bcdice: str) -> None:
        self.proc = subprocess.Popen(["ruby", "-I", os.path.join(bcdice, "lib"), str(RUNNER)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1)

    def ask(self, request: dict[str, str]) -> dict[str, Any]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())  # type: ignore[no-any-return]

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.close()
        self.proc.wait()


# Differences we choose on purpose. Each: a name, a test on (answer, meikyu's result or error), and the
# reason the README's compatibility section gives.
Check = Callable[[dict[str, Any], Any], bool]
_MK = re.compile(r"^(?:S|x\d+ |rep\w* )?\(?[\d(+)]*\)?(?:MK6?|R6)", re.IGNORECASE)


def _huge(answer: dict[str, Any]) -> bool:
    """A number past meikyu's limit of 10^9 in the command."""
    return any(int(n) > 10**9 for n in re.findall(r"\d+", unicodedata.normalize("NFKC", str(answer["command"]))))


def _upper(answer: dict[str, Any]) -> str:
    return unicodedata.normalize("NFKC", str(answer["command"])).strip().upper()


DOCUMENTED: list[tuple[str, Check, str]] = [
    ("secret kept", lambda a, r: not isinstance(r, Exception) and r.secret and not a["secret"]
     and r.render("bcdice") == a["text"] and re.match(r"^(?:[xX]\d+ |rep\w* )?[sS]", str(a["command"])) is not None,
     "an S command's answer is secret even where BCDice forgets the S (its tally message, S2TY21)"),
    ("nMK flags", lambda a, r: not isinstance(r, Exception) and r.render("bcdice") == a["text"] and bool(_MK.match(_upper(a))),
     "BCDice leaves the four verdict flags false on nMK checks; meikyu sets them (README: compatibility)"),
    ("BCDice raises", lambda a, r: not a["ok"] and bool(a.get("raised")),
     "BCDice raises (bcdice-api: 500); meikyu refuses with 400 or answers BCDice's message (C(1/0U))"),
    ("table count", lambda a, r: getattr(r, "key", "") in ("mk.error.codes.no_numbered_table", "mk.error.gen_count"),
     "tables BCDice does not have (KNT0, KNT4, WORD0, WORD5) or over 20 names or places (NAME21) are refused, "
     "where BCDice prints an empty entry or a very long line"),
    ("hard limit", lambda a, r: isinstance(r, LimitError) or (isinstance(r, Exception) and _huge(a)),
     "meikyu's hard limits (numbers to 10^9, d1 to d10,000, 200 dice a term, 1,000 a command, 20 names or places) "
     "refuse where BCDice prints zeros for a d0 or a d99999, rolls nothing for a big term, or rolls up to 10,000 dice"),
    ("full-width read", lambda a, r: unicodedata.normalize("NFKC", str(a["command"])) != a["command"],
     "meikyu reads full-width input (NFKC) that BCDice refuses"),
    ("S with a space", lambda a, r: (not a["ok"] or str(a["text"]).startswith("繰り返し対象")) and re.match(r"^(?:(?:x|rep|repeat)\d+\s+)?[sS]\s", unicodedata.normalize("NFKC", str(a["command"])), re.IGNORECASE) is not None,
     "meikyu reads `S 2D6` (a space after the secret S) as a secret roll; BCDice answers nothing"),
]


_REPEAT = re.compile(r"^\s*(?:repeat|rep|x)\d+\s+(.*)$", re.IGNORECASE | re.DOTALL)


def _documented(answer: dict[str, Any], result: Any) -> str | None:
    m = _REPEAT.match(str(answer["command"]))
    if m and not isinstance(result, Exception) and result.render("bcdice").startswith("繰り返し対象"):
        try:  # a repeat of a command meikyu refuses: the refusal's own class
            meikyu.roll(m.group(1), system=str(answer["system"]), seed=0)
        except InputError as err:
            inner = _documented({**answer, "command": m.group(1), "ok": False, "raised": None}, err)
            if inner is not None:
                return inner
    for name, check, _ in DOCUMENTED:
        try:
            if check(answer, result):
                return name
        except Exception:  # noqa: BLE001 -- a check that does not apply
            continue
    return None


def classify(answer: dict[str, Any]) -> tuple[str, str]:
    system, command = str(answer["system"]), str(answer["command"])
    result: Any
    try:
        if not answer["ok"]:
            result = meikyu.roll(command, system=system, seed=0, bcdice_messages=True)  # seeded: a replay repeats
        else:
            result = meikyu.roll(command, system=system, dice=[tuple(p) for p in answer["rands"]], bcdice_messages=True)
        result.render("bcdice")
    except InputError as err:
        result = err
    except Exception as err:  # noqa: BLE001 -- a crash is what a fuzzer is for
        return "crash", f"{type(err).__name__}: {err}"
    if not answer["ok"] and isinstance(result, Exception):
        return "identical", ""
    if answer["ok"] and not isinstance(result, Exception):
        ours = result.render("bcdice")
        flags = all(bool(getattr(result, f)) == bool(answer[f]) for f in FLAGS)
        if ours == answer["text"] and flags:
            return "identical", ""
        m1, m2 = TITLE.match(ours), TITLE.match(str(answer["text"]))
        same_markers = MARKER.findall(ours) == MARKER.findall(str(answer["text"]))
        if flags and m1 and m2 and m1.groups() == m2.groups() and "表" in m1.group(1) and same_markers:
            return "same roll, own words", ""
        h1, h2 = HEAD.match(ours), HEAD.match(str(answer["text"]))
        if flags and h1 and h2 and h1.group(1) == h2.group(1) and "表" in h1.group(1) and same_markers:
            return "same roll, own words", ""  # a head without a roll value (DFT's trait count), same markers
    documented = _documented(answer, result)
    if documented:
        return documented, ""
    if isinstance(result, Exception):
        return "difference", f"meikyu refuses ({result}); BCDice: {answer.get('text')!r} {[f for f in FLAGS if answer.get(f)]}"
    if not answer["ok"]:
        return "difference", f"BCDice answers nothing{' (raises ' + answer['raised'] + ')' if answer.get('raised') else ''}; meikyu: {result.render('bcdice')!r}"
    return "difference", (f"\n  BCDice: {answer['text']!r} {[f for f in FLAGS if answer[f]]}\n"
                          f"  meikyu: {result.render('bcdice')!r} {[f for f in FLAGS if getattr(result, f)]}")


def _report(system: str, counts: Counter[str]) -> None:
    print(f"== {system}: " + ", ".join(f"{k}: {n}" for k, n in sorted(counts.items())) + f" (of {sum(counts.values())})")


def replay(path: str, show: int) -> int:
    """Classify saved answers again (after a fix, or a new documented reason)."""
    by_system: dict[str, Counter[str]] = {}
    shown: Counter[str] = Counter()
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            answer = json.loads(line)
            kind, detail = classify(answer)
            by_system.setdefault(str(answer["system"]), Counter())[kind] += 1
            if kind in ("difference", "crash") and shown[answer["system"]] < show:
                shown[answer["system"]] += 1
                print(f"{answer['system']} {answer['command']!r}: {kind}: {detail}")
    for system, counts in by_system.items():
        _report(system, counts)
    return 1 if any(c["difference"] + c["crash"] for c in by_system.values()) else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bcdice", help="a BCDice checkout (outside this repository)")
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--system", action="append", help="DiceBot, MeikyuKingdom, MeikyuKingdomBasic (default: all)")
    ap.add_argument("--save", help="write BCDice's answers here (JSON lines) for scripts/compare_bcdice.py")
    ap.add_argument("--show", type=int, default=30, help="differences printed per system")
    ap.add_argument("--replay", help="classify BCDice's answers saved by --save again (no Ruby needed)")
    args = ap.parse_args()
    if args.replay:
        return replay(args.replay, args.show)
    runner = Runner(args.bcdice)
    failed = False
    save = open(args.save, "w", encoding="utf-8") if args.save else None  # noqa: SIM115
    try:
        for system in args.system or ["DiceBot", "MeikyuKingdom", "MeikyuKingdomBasic"]:
            prefixes = [] if system == "DiceBot" else runner.ask({"prefixes": system})["prefixes"]
            counts: Counter[str] = Counter()
            shown = 0
            for command in generate(system, prefixes, args.count, args.seed):
                answer = runner.ask({"system": system, "command": command})
                if save:
                    save.write(json.dumps(answer, ensure_ascii=False) + "\n")
                kind, detail = classify(answer)
                counts[kind] += 1
                if kind in ("difference", "crash") and shown < args.show:
                    shown += 1
                    print(f"{system} {command!r}: {kind}: {detail}")
            undocumented = counts["difference"] + counts["crash"]
            failed |= bool(undocumented)
            _report(system, counts)
    finally:
        runner.close()
        if save:
            save.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
