"""Ask a running bcdice-api and a running ``meikyu serve`` the same questions and compare the answers.

    python3 scripts/compare_bcdice_api.py http://127.0.0.1:PORT_THEIRS http://127.0.0.1:PORT_OURS

For each roll, bcdice-api rolls first; meikyu is then asked the same command with bcdice-api's dice
(``dice=``), so texts can be compared byte for byte. Also compared: status codes, the exact key sets of
every endpoint, and answers to requests real clients send (a doubled slash, unknown parameters).
Table entries are in meikyu's own words, so for tables only the title and roll value must agree;
``nMK`` flags differ on purpose (BCDice leaves them false). Use loopback addresses only.
"""

from __future__ import annotations

import json
import re
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from typing import Any

COMMANDS = {
    "DiceBot": ["2D6", "2D6+1>=8", "(2+3)D6-1", "3D6/2U", "5D10KH3", "3D6MAX", "2D66", "4B6>=4", "2R6>=5", "2R6[5]",
                "4U6[6]+2>=10", "20TY6", "C(10*3)", "C(1/0)", "D66", "D66D", "choice[a,b,c]", "choice2(a,b,c)",
                "choice a b c", "choice[A-F]", "x3 2D6", "S2D6", "2R6", "rep0 1D6", "500D6", "hello", "2D6>", "134",
                "BCDiceVersion", "bcdiceversion", "SBCDiceVersion", "rep2 hoge", "x3"],
    "MeikyuKingdom": ["2MK+3>=9", "3MK", "2R6+1", "2D6>=7", "D66", "KDT", "NT", "LRT", "TBT", "THT", "LBT", "WIT",
                      "RWIT", "IDT", "IFT", "DFT", "3RET", "NAME2", "NAMEA", "PNT", "MLT2", "KNT1", "WORD2", "T1T",
                      "x2 KDT", "SKDT", "hello",
                      # BCDice reads table codes and checks as prefixes: these roll KDT, ET, NAME3, T1T, 2R6+1 …
                      "KDTX", "ETC", "NAME3X", "T1T9", "1RETX", "KNT1X", "WORD1X", "NAMEAB", "2MK+1X", "2MK>=9X",
                      "2MK>9", "2MK>=?", "7RET", "KNT", "BCDiceVersion"],
}
_TITLE = re.compile(r"^([^(＞]*表)\((\d+)\) ＞ ")


def get(base: str, path: str, **params: str) -> tuple[int, Any]:
    url = base + path + ("?" + urllib.parse.urlencode(params) if params else "")
    try:
        with urllib.request.urlopen(url, timeout=10) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"null")


def post(base: str, path: str, **fields: str) -> tuple[int, Any]:
    data = urllib.parse.urlencode(fields).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(base + path, data=data), timeout=10) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"null")


def compare_roll(theirs: str, ours: str, system: str, command: str) -> tuple[str, str]:
    s1, a1 = get(theirs, f"/v2/game_system/{system}/roll", command=command)
    if s1 != 200:
        s2, a2 = get(ours, f"/v2/game_system/{system}/roll", command=command)
        if s2 == 400 and set(a2) == set(a1 or {"ok", "reason"}):
            return ("same refusal" if s1 == 400 else f"{s1} there, 400 here (by design)"), ""
        return "difference", f"status {s1}/{s2}: {a1} / {a2}"
    dice = ",".join(str(r["value"]) for r in a1["rands"])
    s2, a2 = get(ours, f"/v2/game_system/{system}/roll", command=command, **({"dice": dice} if dice else {}))
    if s2 != 200 or set(a2) != set(a1):
        return "difference", f"status {s2}, keys {sorted(set(a1) ^ set(a2 or {}))}: {a2}"
    if a1 == a2:
        return "identical", ""
    if a1["text"] == a2["text"] and re.match(r"^S?\d+(MK|R6)", command.upper()):
        return "flags by design", ""
    m1, m2 = _TITLE.match(a1["text"]), _TITLE.match(a2["text"])
    if m1 and m2 and m1.groups() == m2.groups() and a1["rands"] == a2["rands"]:
        return "same roll, own words", ""
    return "difference", f"\n  bcdice-api: {a1}\n  meikyu:     {a2}"


def compare_shapes(theirs: str, ours: str) -> list[str]:
    problems = []
    table = "Drinks\n1D6\n1:water\n2:tea\n3:coffee\n4:milk\n5:juice\n6:soda"
    checks = [("GET", "/v2/version", {}), ("GET", "/v2/admin", {}), ("GET", "/v2/game_system", {}),
              ("GET", "/v2//game_system", {}), ("GET", "/v2/game_system/MeikyuKingdom", {}),
              ("GET", "/v2/game_system/DiceBot", {}), ("GET", "/v2/game_system/Nope", {}),
              ("GET", "/v2/game_system/MeikyuKingdom/roll", {"command": "2MK", "foo": "bar"}),
              ("POST", "/v2/original_table", {"table": table}), ("GET", "/v2/nothing", {})]
    for method, path, params in checks:
        (s1, a1), (s2, a2) = ((get(b, path, **params) if method == "GET" else post(b, path, **params)) for b in (theirs, ours))
        keys1 = set(a1) if isinstance(a1, dict) else None
        keys2 = set(a2) if isinstance(a2, dict) else None
        if s1 != s2 or keys1 != keys2:
            problems.append(f"{method} {path} {params}: {s1} {sorted(keys1 or [])} / {s2} {sorted(keys2 or [])}")
    return problems


def main(theirs: str, ours: str) -> int:
    counts: Counter[str] = Counter()
    for system, commands in COMMANDS.items():
        for command in commands:
            for _ in range(3):
                kind, detail = compare_roll(theirs, ours, system, command)
                counts[kind] += 1
                if kind == "difference":
                    print(f"{system} {command!r}: {detail}")
    shapes = compare_shapes(theirs, ours)
    for line in shapes:
        print("shape:", line)
    print(", ".join(f"{k}: {n}" for k, n in sorted(counts.items())), f"(of {sum(counts.values())} rolls);",
          f"{len(shapes)} shape differences in 10 requests")
    return 1 if counts["difference"] or shapes else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1].rstrip("/"), sys.argv[2].rstrip("/")))
