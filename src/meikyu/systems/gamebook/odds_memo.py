"""The memoized solver of a fight's exact odds (the reference :mod:`.odds_dp` is tested against), and the
values every odds module shares. Exact odds by dynamic programming over (Shin's hits, each enemy's hits).

Every exchange either changes some hits or leaves everything as it was ("nothing happened": all
of Shin's attacks missed and every block held). That self-loop is solved exactly: a stationary
choice at a state with value ``V`` gives ``V = N + p_stay * V``, so ``V = N / (1 - p_stay)``.
Every other transition lowers the total of hits, so the states form a DAG apart from self-loops
and a memoized recursion visits each once. All arithmetic is in :class:`fractions.Fraction`.

Choices are made for the reader: the target of each attack maximizes the chance of winning
(R-GB-14) and, when escape is allowed, trying to escape after an exchange (R-GB-15) is chosen to
minimize the chance of losing (ties: more wins, then no escape). Escape is never possible before
the first exchange has been fought.

The seed's worked example (R-GB-13): Shin attack 5, kill 3, defense 5, hits 5 against the slime.

>>> shin = Fighter(attack=5, kill=3, defense=5, hits=5)
>>> slime = Enemy(attack=10, kill=2, defense=9, hits=4)
>>> solver = OddsSolver(shin, [slime], escape=False)
>>> _, (w, x, d) = solver.fresh(shin.hits, (slime.hits,))
>>> Fraction(w, d), Fraction(d - w - x, d), Fraction(x, d)
(Fraction(1350121872, 1350125107), Fraction(3235, 1350125107), Fraction(0, 1))
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import gcd, lcm

from meikyu.errors import InputError
from meikyu.systems.gamebook.fighters import Enemy, Fighter, after_hit

__all__ = ["MAX_ATTACKS", "WORK_LIMIT", "CombatOdds", "OddsSolver", "fight_work"]

# A value is (w, x, d): P(win) = w/d and P(escape) = x/d; P(lose) = 1 - both, since every fight
# that can end does end. Plain integers with one shared denominator are several times faster than
# Fraction objects here, and every value is reduced once, when its state is solved.
Value = tuple[int, int, int]
WIN: Value = (1, 0, 1)
LOSS: Value = (0, 0, 1)
ESCAPED: Value = (0, 1, 1)

MAX_ATTACKS = 10  # attacks per exchange (1 + extra attacks); the shipped books give at most 2
WORK_LIMIT = 300_000  # fight_work's units: about two seconds of CPU; beyond it, refuse before working


def fight_work(states: int, attacks: int, hits: int) -> int:
    """What an exact solve costs, in steps of a 30-hit fight: states × attacks per exchange × (hits / 30)³,
    ``hits`` being Shin's and every enemy's added up. The fractions' digits grow with the hits a fight can
    run through, and the time per step with them (measured: 6.6 µs a step with 30 hits in all, 21 with 50,
    123 with 76), so counting states alone let through fights that took minutes.

    >>> fight_work(4_459, 7, 30)  # the benchmark fight (Shin 12 hits, three 6-hit enemies), 6 extra attacks
    31213
    >>> fight_work(68_107, 1, 66) > WORK_LIMIT  # Shin 30 hits against three 12-hit enemies: 4.6 s, refused
    True
    """
    return states * attacks * hits**3 // 27_000


@dataclass(frozen=True)
class CombatOdds:
    """Exact chances of a fight's three outcomes, and the recommended first target (0-based)."""

    win: Fraction
    lose: Fraction
    escape: Fraction
    best_target: int

    def to_data(self) -> dict[str, object]:
        """The JSON shape the CLI prints: fractions as ``"n/d"`` strings, percentages as floats."""

        def frac(f: Fraction) -> str:
            return f"{f.numerator}/{f.denominator}"

        return {
            "ok": True,
            "win": frac(self.win),
            "lose": frac(self.lose),
            "escape": frac(self.escape),
            "win_pct": round(float(self.win) * 100, 4),
            "lose_pct": round(float(self.lose) * 100, 4),
            "escape_pct": round(float(self.escape) * 100, 4),
        }


def _mix(terms: Sequence[tuple[int, Value]], scale: int, reduce: bool = True) -> Value:
    """``sum(c * v) / scale`` for integer weights ``c``, reduced unless ``reduce`` is false (then the
    denominator is the terms' least common one times ``scale``). Terms with no win and no escape add nothing."""
    live = [(c, v) for c, v in terms if c and (v[0] or v[1])]
    if not live:
        return (0, 0, 1)
    if len(live) == 1:
        c, (w, x, den) = live[0]
        w, x = c * w, c * x
    else:
        den = live[0][1][2]
        for _, (_, _, d) in live:
            # Most denominators divide one another (a state's value is built on those below it): one
            # remainder settles it, without the gcd inside lcm.
            if d != den and den % d:
                den = d if d % den == 0 else lcm(den, d)
        w = x = 0
        for c, (vw, vx, d) in live:
            f = c * (den // d) if d != den else c
            w += f * vw
            if vx:
                x += f * vx
    den *= scale
    return _reduced((w, x, den)) if reduce else (w, x, den)


def _mix2(a: int, u: Value, b: int, v: Value, scale: int) -> Value:
    """``(a * u + b * v) / scale``, not reduced: :func:`_mix` for the two-term case of the exact passes' hot loop.

    >>> _mix2(1, (1, 0, 2), 1, (0, 1, 3), 2)
    (3, 2, 12)
    """
    uw, ux, ud = u
    vw, vx, vd = v
    if ud != vd:
        q, r = divmod(ud, vd)
        if not r:  # most denominators divide one another: no gcd needed
            b *= q
        else:
            q, r = divmod(vd, ud)
            if r:
                g = gcd(ud, vd)
                a *= vd // g
                b *= ud // g
                ud *= vd // g
            else:
                a *= q
                ud = vd
    return (a * uw + b * vw, a * ux + b * vx, ud * scale)


def _reduced(v: Value) -> Value:
    """``v`` in lowest terms."""
    w, x, den = v
    g = gcd(gcd(w, x), den)
    return (w // g, x // g, den // g) if g != 1 else v


def _better_win(a: Value, b: Value) -> bool:
    """More wins first; among equal wins more escapes (that is, fewer losses)."""
    left, right = a[0] * b[2], b[0] * a[2]
    if left != right:
        return left > right
    return a[1] * b[2] > b[1] * a[2]


def _safer(a: Value, b: Value) -> bool:
    """Fewer losses first (lose = 1 - win - escape); among equal losses more wins."""
    left, right = (a[0] + a[1]) * b[2], (b[0] + b[1]) * a[2]
    if left != right:
        return left > right
    return a[0] * b[2] > b[0] * a[2]


def _approx(terms: Sequence[tuple[int, Value]], scale: int) -> tuple[float, float]:
    w = x = 0.0
    for c, (vw, vx, d) in terms:
        if c:
            w += c * (vw / d)
            x += c * (vx / d)
    return (w / scale, x / scale)


# Floats pick the best option; options whose float chances come within this of the best are
# compared exactly, so a near tie is never decided by rounding.
_TIE = 1e-9


def _pick(candidates: Sequence[tuple[tuple[int, ...], list[tuple[int, Value]], int]]) -> (
    tuple[tuple[int, ...], Value] | None
):
    """The option with the most wins (then most escapes), computed exactly only where it matters."""
    if not candidates:
        return None
    if len(candidates) == 1:
        seq, terms, denom = candidates[0]
        return (seq, _mix(terms, denom))
    approx = [_approx(terms, denom) for _, terms, denom in candidates]
    top = max(approx)
    close = [c for c, a in zip(candidates, approx, strict=True) if a[0] >= top[0] - _TIE]
    chosen: tuple[tuple[int, ...], Value] | None = None
    for seq, terms, denom in close:
        v = _mix(terms, denom)
        if chosen is None or _better_win(v, chosen[1]):
            chosen = (seq, v)
    return chosen


class OddsSolver:
    """The memoized solver for one Shin against one list of enemies.

    >>> solver = OddsSolver(Fighter(5, 3, 5, 5), [Enemy(10, 2, 9, 4)], escape=True)
    >>> solver.wants_escape(5, (4,))
    True
    >>> solver.best_target(5, (4,))
    0
    """

    def __init__(self, shin: Fighter, enemies: Sequence[Enemy], escape: bool = False) -> None:
        if not enemies:
            raise InputError("gb.error.odds.no_enemies")
        self.shin = shin
        self.enemies = tuple(enemies)
        self.escape = escape
        self.attacks = 1 + max(0, shin.extra_attacks)
        if self.attacks > MAX_ATTACKS:
            raise InputError("gb.error.odds.too_many_attacks", attacks=self.attacks, limit=MAX_ATTACKS)
        states = shin.hits + 1
        for e in self.enemies:
            states *= e.hits + 1
        hits = shin.hits + sum(e.hits for e in self.enemies)
        work = fight_work(states, self.attacks, hits)
        if work > WORK_LIMIT:
            raise InputError("gb.error.odds.too_big", states=states, attacks=self.attacks, hits=hits, work=work,
                             limit=WORK_LIMIT)
        hit = [shin.p_hit(e) for e in self.enemies]
        block = [shin.p_block(e) for e in self.enemies]
        flee = [shin.p_escape(n) for n in range(len(self.enemies) + 1)]
        # One base L so that every single roll's chance is an integer over L.
        self.base = lcm(*(f.denominator for f in (*hit, *block, *flee)))
        self._hit = [int(f * self.base) for f in hit]
        self._block = [int(f * self.base) for f in block]
        self._flee = [int(f * self.base) for f in flee]
        # An exchange's outcome: Shin's attacks over L**attacks, the enemies' over L**len(enemies).
        self.scale = self.base ** (self.attacks + len(self.enemies))
        self._power = [self.base**i for i in range(self.attacks + len(self.enemies) + 2)]
        self._between: dict[tuple[int, tuple[int, ...]], Value] = {}
        self._choice: dict[tuple[int, tuple[int, ...]], tuple[bool, tuple[int, ...]]] = {}
        self._phase: dict[tuple[int, tuple[bool, ...]], tuple[tuple[int, int], ...]] = {}
        self._sub: dict[tuple[int, tuple[int, ...], int], Value] = {}

    # -- the enemies' half of an exchange (R-GB-12, R-GB-13, R-GB-14) ---------------------------
    def enemy_phase(self, s: int, alive: tuple[bool, ...]) -> tuple[tuple[int, int], ...]:
        """Shin's hits after every standing enemy attacked once, in listed order: (hits, weight over L**n)."""
        key = (s, alive)
        cached = self._phase.get(key)
        if cached is not None:
            return cached
        base = self.base
        dist: dict[int, int] = {s: 1}
        for index, standing in enumerate(alive):
            nxt: dict[int, int] = {}
            if not standing:  # keep every weight over the same power of L
                dist = {h: c * base for h, c in dist.items()}
                continue
            block, kill = self._block[index], self.enemies[index].kill
            for hits, c in dist.items():
                if hits == 0:  # Shin is down; nobody needs to attack any more
                    nxt[0] = nxt.get(0, 0) + c * base
                    continue
                if block:
                    nxt[hits] = nxt.get(hits, 0) + c * block
                if block != base:
                    after = after_hit(hits, kill)
                    nxt[after] = nxt.get(after, 0) + c * (base - block)
            dist = nxt
        result = tuple(sorted(dist.items()))
        self._phase[key] = result
        return result

    def _struck(self, e: tuple[int, ...], target: int) -> tuple[int, ...]:
        return e[:target] + (after_hit(e[target], self.shin.kill),) + e[target + 1 :]

    def _sub_value(self, s: int, e: tuple[int, ...], left: int) -> Value:
        """Best value with ``left`` of Shin's attacks still to make this exchange (``(s, e)`` is solved or lower)."""
        if not any(e):
            return WIN
        key = (s, e, left)
        cached = self._sub.get(key)
        if cached is not None:
            return cached
        if left == 0:
            alive = tuple(h > 0 for h in e)
            between, value = self._between, self.value
            best = _mix([(c, between.get((s2, e)) or value(s2, e) if s2 else LOSS)
                         for s2, c in self.enemy_phase(s, alive)], self._power[len(e)])
        else:
            found: Value | None = None
            base = self.base
            for t, h in enumerate(e):
                if h <= 0:
                    continue
                a = self._hit[t]
                # A hit that cannot happen leads nowhere: do not solve (or trip over) where it would go.
                terms = [(a, self._sub_value(s, self._struck(e, t), left - 1))] if a else []
                if a != base:
                    terms.append((base - a, self._sub_value(s, e, left - 1)))
                v = _mix(terms, base)
                if found is None or _better_win(v, found):
                    found = v
            assert found is not None
            best = found
        self._sub[key] = best
        return best

    def _options(self, s: int, e: tuple[int, ...]) -> list[tuple[tuple[int, ...], list[tuple[int, Value]], int]]:
        """Each way to aim the attacks while they keep missing: (targets, weighted outcomes, stay weight).

        Weights are over ``self.scale``; the stay weight is the chance that nothing happened.
        """
        alive_idx = [t for t, h in enumerate(e) if h > 0]
        alive = tuple(h > 0 for h in e)
        phase = self.enemy_phase(s, alive)
        base, k = self.base, self.attacks
        # What follows all-missed attacks is the same for every aim: mix it once.
        between, value = self._between, self.value
        after_misses = _mix([(c, between.get((s2, e)) or value(s2, e) if s2 else LOSS)
                             for s2, c in phase if s2 != s], 1)
        enemy_stay = next((c for s2, c in phase if s2 == s), 0)
        options: list[tuple[tuple[int, ...], list[tuple[int, Value]], int]] = []
        if k == 1:  # the common case, without the general loop's bookkeeping
            power, sub, kill = self._power[len(e)], self._sub, self.shin.kill
            for t in alive_idx:
                a = self._hit[t]
                single: list[tuple[int, Value]] = []
                if a:
                    h = e[t]
                    struck = e[:t] + ((0 if kill >= h else h - 1),) + e[t + 1 :]
                    single.append((a * power, sub.get((s, struck, 0)) or self._sub_value(s, struck, 0)))
                single.append((base - a, after_misses))
                options.append(((t,), single, (base - a) * enemy_stay))
            return options
        for seq in itertools.product(alive_idx, repeat=k):
            terms: list[tuple[int, Value]] = []
            miss = 1  # over L**j after j attacks
            for j, t in enumerate(seq):
                a = self._hit[t]
                if a:
                    after = self._sub_value(s, self._struck(e, t), k - j - 1)
                    terms.append((miss * a * self._power[k - j - 1 + len(e)], after))
                miss *= base - a
            terms.append((miss, after_misses))
            options.append((seq, terms, miss * enemy_stay))
        return options

    # -- values at the decision points -------------------------------------------------------
    def value(self, s: int, e: tuple[int, ...]) -> Value:
        """(w, x, d) at the start of an exchange after the first, from Shin's hits ``s`` and enemies' ``e``."""
        if s <= 0:
            return LOSS
        if not any(e):
            return WIN
        key = (s, e)
        cached = self._between.get(key)
        if cached is not None:
            return cached
        options = self._options(s, e)
        best: tuple[tuple[bool, tuple[int, ...]], Value] | None = None
        base, scale = self.base, self.scale
        decisions = (False, True) if self.escape else (False,)
        for flee in decisions:
            candidates: list[tuple[tuple[int, ...], list[tuple[int, Value]], int]] = []
            for seq, terms, stay in options:
                if flee:
                    q = self._flee[sum(1 for h in e if h > 0)]
                    terms = [(c * (base - q), v) for c, v in terms]
                    terms.append((q * scale, ESCAPED))
                    denom = scale * base - stay * (base - q)
                else:
                    denom = scale - stay
                if denom:  # a zero denominator: this way of fighting never ends
                    candidates.append((seq, terms, denom))
            chosen = _pick(candidates)
            if chosen is None:
                continue
            if best is None or _safer(chosen[1], best[1]):
                best = ((flee, chosen[0]), chosen[1])
        if best is None:
            raise InputError("gb.error.odds.stalemate", hits=s, enemies=",".join(map(str, e)))
        self._choice[key] = best[0]
        self._between[key] = best[1]
        return best[1]

    def fresh(self, s: int, e: tuple[int, ...]) -> tuple[tuple[int, ...], Value]:
        """The fight's first exchange, before which nobody may escape (R-GB-15): (targets, value)."""
        if not any(e):
            return ((0,) * self.attacks, WIN)
        candidates = []
        for seq, terms, stay in self._options(s, e):
            if stay:
                terms = [*terms, (stay, self.value(s, e))]
            candidates.append((seq, terms, self.scale))
        chosen = _pick(candidates)
        assert chosen is not None
        return chosen

    # -- advice for a policy -------------------------------------------------------------------
    def wants_escape(self, s: int, e: tuple[int, ...]) -> bool:
        """Whether the loss-minimizing policy tries to escape now (between exchanges)."""
        self.value(s, e)
        return self._choice[(s, e)][0]

    def best_target(self, s: int, e: tuple[int, ...], left: int | None = None, fresh: bool = False) -> int:
        """The enemy (0-based) to attack now, with ``left`` attacks still to make this exchange."""
        left = self.attacks if left is None else left
        alive = [t for t, h in enumerate(e) if h > 0]
        if len(alive) <= 1:
            return alive[0] if alive else 0
        if left == self.attacks:
            if fresh:
                return self.fresh(s, e)[0][0]
            self.value(s, e)
            return self._choice[(s, e)][1][0]
        self.value(s, e)  # the "nothing happened" branch below needs this state's value
        best, best_v = alive[0], None
        for t in alive:
            a = self._hit[t]
            v = _mix([(a, self._sub_value(s, self._struck(e, t), left - 1)),
                      (self.base - a, self._sub_value(s, e, left - 1))], self.base)
            if best_v is None or _better_win(v, best_v):
                best, best_v = t, v
        return best
