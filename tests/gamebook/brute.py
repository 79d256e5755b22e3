"""An independent exact solver for small fights, for cross-checking the odds DP.

It shares nothing with ``odds.py`` but the rules text: every die face is enumerated (36 faces per
2D6, 6 per 1D6), the chain is built at the level of whole exchanges for one fixed stationary
policy, and the linear system ``V = P V + r`` is solved by Gaussian elimination over fractions.
Best play is then found by trying every stationary policy.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

State = tuple[int, tuple[int, ...], bool]  # Shin's hits, enemies' hits, first exchange?
Policy = Callable[[State], tuple[bool, int]]  # (try to escape?, target)
Foe = tuple[int, int, int, int]  # attack, kill, defense, hits


def _faces2() -> list[int]:
    return [a + b for a in range(1, 7) for b in range(1, 7)]


def _struck(hits: int, kill: int) -> int:
    # The kill value is compared with the hits before the hit comes off.
    return 0 if kill >= hits else hits - 1


def _tries(bonus: int, needed: int, reroll: bool) -> list[tuple[bool, Fraction]]:
    """A 2D6 roll face by face (a failed roll rolled once more, face by face, when ``reroll``): (success, weight)."""
    out = []
    for total in _faces2():
        if total + bonus >= needed or not reroll:
            out.append((total + bonus >= needed, Fraction(1, 36)))
        else:
            out.extend((t2 + bonus >= needed, Fraction(1, 36 * 36)) for t2 in _faces2())
    # Summed per outcome (counted face by face above), so the branches stay few.
    return [(ok, sum((w for o, w in out if o is ok), Fraction(0))) for ok in (True, False)]


def exchange(shin: tuple[int, int, int], foes: list[Foe], state: State, target: int,
             rerolls: tuple[str, ...] = ()) -> dict[State, Fraction]:
    """Outcomes of one exchange, die face by die face."""
    attack, kill, defense = shin
    s, e, _ = state
    out: dict[State, Fraction] = {}
    for hit, w in _tries(attack, foes[target][2], "attack" in rerolls):
        enemies = list(e)
        if hit:
            enemies[target] = _struck(enemies[target], kill)
        if not any(enemies):
            key = (s, tuple(enemies), False)
            out[key] = out.get(key, Fraction(0)) + w
            continue
        # Each standing enemy attacks in listed order.
        branches: list[tuple[int, Fraction]] = [(s, w)]
        for i, h in enumerate(enemies):
            if h <= 0:
                continue
            nxt: list[tuple[int, Fraction]] = []
            for hits, p in branches:
                if hits == 0:
                    nxt.append((0, p))
                    continue
                for blocked, w2 in _tries(defense, foes[i][0], "defense" in rerolls):
                    nxt.append((hits, p * w2) if blocked else (_struck(hits, foes[i][1]), p * w2))
            branches = nxt
        for hits, p in branches:
            key = (hits, tuple(enemies), False)
            out[key] = out.get(key, Fraction(0)) + p
    return out


def _escape_chance(standing: int, reroll: bool = False) -> Fraction:
    needed = {1: 4, 2: 5}.get(standing, 6)
    total = Fraction(0)
    for f in range(1, 7):  # face by face; a failed escape die rolled once more when ``reroll``
        if f >= needed:
            total += Fraction(1, 6)
        elif reroll:
            total += Fraction(sum(1 for f2 in range(1, 7) if f2 >= needed), 36)
    return total


def solve(shin: tuple[int, int, int, int], foes: list[Foe], policy: Policy, escape: bool,
          cache: dict[tuple[State, int], dict[State, Fraction]] | None = None,
          rerolls: tuple[str, ...] = ()) -> tuple[Fraction, Fraction]:
    """(P(win), P(escape)) from the start under ``policy``, by Gaussian elimination."""
    cache = {} if cache is None else cache
    attack, kill, defense, hits = shin
    start: State = (hits, tuple(f[3] for f in foes), True)
    # Collect the reachable states.
    order: list[State] = []
    index: dict[State, int] = {}
    trans: dict[State, dict[State | str, Fraction]] = {}
    stack = [start]
    while stack:
        st = stack.pop()
        if st in index:
            continue
        index[st] = len(order)
        order.append(st)
        s, e, fresh = st
        if s == 0 or not any(e):
            continue
        flee, target = policy(st)
        row: dict[State | str, Fraction] = {}
        q = Fraction(0)
        if escape and flee and not fresh:
            q = _escape_chance(sum(1 for h in e if h > 0), "escape" in rerolls)
            row["escape"] = q
        if (st, target) not in cache:
            cache[(st, target)] = exchange((attack, kill, defense), foes, st, target, rerolls)
        for nxt, p in cache[(st, target)].items():
            row[nxt] = row.get(nxt, Fraction(0)) + (1 - q) * p
            if nxt not in index:
                stack.append(nxt)
        trans[st] = row
    n = len(order)

    def value_of(kind: str) -> Fraction:
        # Rows: V_i - sum_j P_ij V_j = r_i
        a = [[Fraction(0)] * (n + 1) for _ in range(n)]
        for st, i in index.items():
            a[i][i] = Fraction(1)
            s, e, _ = st
            if s == 0 or not any(e):
                a[i][n] = Fraction(1) if (kind == "win" and s > 0 and not any(e)) else Fraction(0)
                continue
            for nxt, p in trans[st].items():
                if nxt == "escape":
                    if kind == "escape":
                        a[i][n] += p
                    continue
                assert not isinstance(nxt, str)
                a[i][index[nxt]] -= p
        for col in range(n):
            pivot = next(r for r in range(col, n) if a[r][col] != 0)
            a[col], a[pivot] = a[pivot], a[col]
            pv = a[col][col]
            a[col] = [x / pv for x in a[col]]
            for r in range(n):
                if r != col and a[r][col] != 0:
                    f = a[r][col]
                    a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
        return a[index[start]][n]

    return value_of("win"), value_of("escape")


def best(shin: tuple[int, int, int, int], foes: list[Foe], escape: bool = False,
         rerolls: tuple[str, ...] = ()) -> tuple[Fraction, Fraction]:
    """Try every stationary policy: most wins without escape; with escape fewest losses, then most wins."""
    attack, kill, defense, hits = shin
    decision_states: list[State] = []
    for s in range(1, hits + 1):
        for e in itertools.product(*(range(0, f[3] + 1) for f in foes)):
            if any(e):
                decision_states.append((s, tuple(e), False))
                decision_states.append((s, tuple(e), True))
    choices: list[list[tuple[bool, int]]] = []
    for _s, e, fresh in decision_states:
        alive = [i for i, h in enumerate(e) if h > 0]
        flee_options = [False, True] if escape and not fresh else [False]
        choices.append([(f, t) for f in flee_options for t in alive])
    best_value: tuple[Fraction, Fraction] | None = None
    cache: dict[tuple[State, int], dict[State, Fraction]] = {}
    for combo in itertools.product(*choices):
        table = dict(zip(decision_states, combo, strict=True))
        w, x = solve(shin, foes, lambda st, table=table: table[st], escape, cache, rerolls)
        key = (-(1 - w - x), w) if escape else (w, Fraction(0))
        if best_value is None or key > ((-(1 - best_value[0] - best_value[1]), best_value[0]) if escape
                                         else (best_value[0], Fraction(0))):
            best_value = (w, x)
    assert best_value is not None
    return best_value
