"""The approximate pass of :class:`~meikyu.systems.gamebook.odds_dp.DpSolver` for fights with extra attacks.

Shin makes ``k`` attacks an exchange (an ability's extra attacks), choosing each target after seeing
the last. Two things keep the cost per state at k × enemies instead of enemies ** k:

- **One step per attack left.** While attacks miss, nothing changes, so the best target with ``left``
  attacks to go depends only on what a hit would lead to and on the best play after a miss: a single
  pass over the attacks (:meth:`MultiAttackPass._path`).
- **Policy iteration for the self-loop.** When every attack misses and the enemies change nothing, the
  exchange starts over: the state's worth V appears in its own equation, V = best over aims of
  (A + B·V). Valuing the loop at V, taking the best aim and solving V for it converges in a few rounds
  (:meth:`MultiAttackPass._aims`).

Chances are tracked as (non-win, escape) rather than (win, escape), in **fixed point**: integers
counting units of 2**-320, every chance an integer weight over a power of the dice's base, every
division rounded down. Doubles were not enough: with many attacks two targets' chances of not winning
differ by 10⁻¹³ to 10⁻²² of themselves (the difference runs through the chance that most attacks
miss), below what a double resolves, so nearly every state went to an exact comparison. In fixed
point each division adds at most one unit of error, and dividing out a self-loop does not magnify the
error already there (the weights on the worths below sum to at most the gap 1 − stay divided by),
so a worth is off by at most a few units per state and attack below it: under 2**24 units for any
fight the state guard admits. Plays within ``_THR`` = 2**96 units (2**-224) of each other are compared
exactly by the solver's integer pass; a state where nothing came that close is **settled**: the exact
pass values its chosen play once, without checking it again.

**Escape first, and often alone.** Where escape is allowed, trying to escape is weighed first; not trying
needs its own policy iteration only where :meth:`MultiAttackPass._flee_proven` cannot show that escaping
loses less than not trying would with *any* aim (a float chain of the fewest losses attack by attack, a
lower bound with margins far above its rounding). On the benchmark fight that proof holds at 3 states in 4.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from functools import partial
from typing import Any

from meikyu.errors import InputError
from meikyu.systems.gamebook.fighters import Enemy, after_hit
from meikyu.systems.gamebook.odds_memo import LOSS, WIN, Value, _better_win, _mix, _mix2

State = tuple[int, tuple[int, ...]]
Pair = tuple[int, int]  # (non-win, escape) in units of 2**-_BITS

_BITS = 320
ONE = 1 << _BITS
_THR = 1 << 96  # plays whose non-win chances are within this many units are compared exactly
_SLACK = 1 << 32  # above the fixed-point worths' error (units), for bounds that floats compute from them
# Marks a state from which the fight cannot end, in the integer tables (x != x tells it).
_NAN: Any = float("nan")


def _fixed(v: Value) -> Pair:
    """An exact value (w, x, d) as fixed-point (non-win, escape), rounded down."""
    w, x, d = v
    return ((d - w) << _BITS) // d, (x << _BITS) // d


class MultiAttackPass:
    """Mixed into the solver: fills ``_fu``/``_fx`` (between exchanges), ``_rows`` (mid-exchange, by
    attacks left) and the close options the exact pass compares, for ``attacks`` > 1."""

    # Provided by the solver this is mixed into.
    attacks: int
    base: int
    enemies: tuple[Enemy, ...]
    escape: bool
    _hit: list[int]
    _flee: list[int]
    _settled: set[State]  # states whose play nothing came close to: the exact pass values it without comparing

    def _multi_tables(self) -> None:
        k = self.attacks
        self._fu: dict[State, int] = {}
        self._fx: dict[State, int] = {}
        self._rows: dict[State, list[Pair]] = {}  # [left]: the worth with `left` of Shin's attacks to make
        self._stuck: set[State] = set()  # states whose row holds a point from which the fight cannot end
        # The close targets at each attack (index: attacks left after it), for the exact pass.
        self._fresh_levels: dict[State, tuple[tuple[int, ...], ...]] = {}
        self._levels: dict[State, tuple[tuple[int, ...], ...]] = {}
        self._final_levels: dict[bool, tuple[tuple[int, ...], ...] | None] = {}
        self._final_worths: dict[bool, list[Pair]] = {}
        self._tried: list[tuple[tuple[int, ...], ...]] = []
        self._lrows: dict[State, list[float]] = {}  # rows' chances of losing (non-win − escape), in units
        self._guess: dict[bool, tuple[int, ...]] = {}  # the last state's confirmed aim, per escape decision
        # Every aim's worth is over base**k × base**enemies.
        self._dk = self.base ** (k + len(self.enemies))

    def _solve_floats_multi(self, shin_values: list[int], lists: list[list[int]]) -> None:
        """Every reachable state, lowest hits first (a struck enemy is lower in one place: earlier)."""
        self._multi_tables()
        kill = self.shin.kill  # type: ignore[attr-defined]
        k, hit = self.attacks, self._hit
        fu, fx, rows, stuck = self._fu, self._fx, self._rows, self._stuck
        phases: dict[tuple[int, tuple[bool, ...]], tuple[list[tuple[int, int]], int, int, int]] = {}
        won: list[Pair] = [(0, 0)] * k  # a hit that defeats the last enemy wins outright
        no_loss = [0.0] * k
        lrows = self._lrows
        for e in itertools.product(*lists):
            alive = tuple(h > 0 for h in e)
            alive_idx = [t for t, a in enumerate(alive) if a]
            if not alive_idx:
                continue
            struck = {t: e[:t] + (after_hit(e[t], kill),) + e[t + 1 :] for t in alive_idx}
            done = {t: not any(struck[t]) for t in alive_idx}
            # Two of a run (side by side, the same to Shin) with the same hits are one target (the solver's
            # ``targets``); enemies apart in the list are not interchangeable: they strike in listed order
            # and a kill value reads Shin's hits then.
            targets = list(self.targets(e))  # type: ignore[attr-defined]
            standing = set(targets)
            qn = self._flee[len(alive_idx)]
            for s in shin_values:
                key = (s, e)
                ph = phases.get((s, alive))
                if ph is None:
                    ph = phases[(s, alive)] = self._phase_lx(s, alive)
                moved, stay_c, dead_c, power = ph
                mu, mx = dead_c * ONE, 0  # over power: Shin down is a non-win
                stalled = False
                for s2, c in moved:
                    u2 = fu[(s2, e)]
                    if u2 != u2:
                        stalled = True
                        break
                    mu += c * u2
                    mx += c * fx[(s2, e)]
                # Each target: its hit weight, where a hit leads by attacks still to make (a sure miss never
                # reads it), the target.
                options = [(hit[t], won if done[t] else rows[(s, struck[t])], t) for t in targets]
                if stalled or (stuck and any((s, struck[t]) in stuck for t in targets if hit[t] and not done[t])):
                    self._cannot_end(key, targets[0])  # a fight that cannot end from here
                    continue
                miss_num = (mu, mx, stay_c, power)
                losses = None
                if self.escape:  # where a hit leads, as chances of losing (floats, in units) for _flee_proven
                    losses = [(hit[t], no_loss if done[t] else lrows[(s, struck[t])]) for t in targets]
                # Policy iteration for trying to escape (where allowed) first; not trying is weighed only where
                # escaping is not proven safer, or its play is not clear enough to settle the state on.
                found: dict[tuple[int, ...], tuple[int, int, int]] = {}
                self._final_levels = {}
                self._tried = []  # every round's close targets, merged for the exact pass if the state is unsettled
                hits = {t: row for _, row, t in options}
                flee = self.escape
                v = self._policy(flee, standing, hits, options, miss_num, qn, found)
                proven = v is not None and (losses is None or self._flee_proven(v, losses, mu - mx, power))
                if proven and len(found) == 1:  # one aim, confirmed clear in one round: what _decide would settle
                    assert v is not None
                    fu[key], fx[key] = v
                    self._close[key] = ((flee, tuple(found)),)  # type: ignore[attr-defined]
                    self._settled.add(key)
                elif not (proven and self._decide(key, found, qn, (flee,))):
                    if self.escape:
                        self._policy(False, standing, hits, options, miss_num, qn, found)
                    self._decide(key, found, qn, (False, True) if self.escape else (False,))
                vu, vx = fu[key], fx[key]
                if vu != vu:
                    self._cannot_end(key, targets[0])
                    continue
                # Mid-exchange worths for the states above, and the first exchange's close aims.
                lower = ((mu + stay_c * vu) // power, (mx + stay_c * vx) // power)
                row = rows[key] = [lower]
                if key in self._settled:  # the chosen aim's last round of policy iteration has them all
                    flee = self._close[key][0][0]  # type: ignore[attr-defined]
                    path_levels, path_worths = self._final_levels[flee], self._final_worths[flee]
                    assert path_levels is not None
                    self._sub_close[key] = path_levels  # type: ignore[attr-defined]
                    row += path_worths[: k - 1]
                    self._fresh_levels[key] = path_levels
                else:
                    self._sub_close[key] = []  # type: ignore[attr-defined]  # filled by _settle, attack by attack
                    _, levels, worths, _ = self._path(options, lower, partial(self._settle, s, e))
                    row += worths[: k - 1]
                    if any(w != w for w, _ in row):
                        stuck.add(key)
                    self._fresh_levels[key] = levels
                if self.escape:
                    lrows[key] = [float(u - x) for u, x in row]

    def _phase_lx(self, s: int, alive: tuple[bool, ...]) -> tuple[list[tuple[int, int]], int, int, int]:
        """The enemies' half as weights over L**n: (Shin's hits ≠ s, weight), nothing changed, Shin down; L**n."""
        moved, stay, dead = [], 0, 0
        for s2, c in self.enemy_phase(s, alive):  # type: ignore[attr-defined]
            if s2 == s:
                stay = c
            elif s2:
                moved.append((s2, c))
            else:
                dead = c
        return moved, stay, dead, self._power[len(alive)]  # type: ignore[attr-defined]

    def _settle(self, s: int, e: tuple[int, ...], left: int, worth: Pair, close: tuple[int, ...]) -> Pair:
        """Keep the targets too close to tell with ``left`` attacks to make, for the exact pass, and the
        worth to go on with: the exact one where several are close (NaN: it leads where the fight cannot
        end). The exchange's first attack keeps ``worth`` (fresh() settles it)."""
        if left == self.attacks:
            return worth
        self._sub_close[(s, e)].append(close)  # type: ignore[attr-defined]
        if len(close) == 1:
            return worth
        try:
            return _fixed(self._sub_exact(s, e, left))  # type: ignore[attr-defined]
        except InputError:
            return (_NAN, _NAN)

    def _cannot_end(self, key: State, first: int) -> None:
        """Mark a state from which the fight cannot end (refused when play reaches it)."""
        self._fu[key] = self._fx[key] = _NAN
        self._close[key] = ()  # type: ignore[attr-defined]
        self._rows[key] = [(_NAN, _NAN)] * self.attacks
        self._lrows[key] = [_NAN] * self.attacks
        self._stuck.add(key)
        self._sub_close[key] = ((),) * (self.attacks - 1)  # type: ignore[attr-defined]
        self._fresh_levels[key] = tuple((first,) for _ in range(self.attacks))
        self._levels.pop(key, None)
        self._settled.discard(key)

    def _path(self, options: list[tuple[int, list[Pair], int]], end: Pair,
              settle: Callable[[int, Pair, tuple[int, ...]], Pair] | None = None) -> tuple[
            tuple[int, ...], tuple[tuple[int, ...], ...], list[Pair], bool]:
        """The best targets while every attack misses, when all missing is worth ``end``; the targets too
        close to the best to tell at each attack, and the best worth after it (index: attacks left after
        it); whether every attack's best was clear. ``options`` are (hit weight, where a hit leads by attacks left, target), targets ascending.

        With one attack left to make after a miss worth m, a target's worth over the base is
        base·m + a·(hit − m), so targets compare by a·(hit − m) alone and only the best is divided; the
        first target wins a tie. ``settle(attacks left, worth, close targets)`` (if given) gives the worth
        to go on with after each attack (the exact one where targets were too close to tell)."""
        base = self.base
        thr = _THR * base
        mu, mx = end
        levels: list[tuple[int, ...]] = []  # levels[j]: the close choices with j attacks left after this one
        worths: list[Pair] = []
        picks: list[int] = []
        clear = True
        for left in range(self.attacks):
            best_d = 0
            second: int | None = None  # the best worth among the other targets
            best_a = best_t = -1
            best_row: list[Pair] = []
            for a, row, t in options:
                # a target Shin cannot hit adds nothing (its struck state may be unsolved: NaN)
                d = a * (row[left][0] - mu) if a else 0
                if best_t < 0:
                    best_d, best_a, best_row, best_t = d, a, row, t
                elif d < best_d:
                    second = best_d
                    best_d, best_a, best_row, best_t = d, a, row, t
                elif second is None or d < second:
                    second = d
            if second is not None and second <= best_d + thr:
                close = tuple([t for a, row, t in options if (a * (row[left][0] - mu) if a else 0) <= best_d + thr])
                clear = False
            else:
                close = (best_t,)
            # (base·m + d) // base, written m + d // base: the same integer, one big product fewer
            worth = (mu + best_d // base, mx + best_a * (best_row[left][1] - mx) // base if best_a else mx)
            if settle is not None:
                worth = settle(left + 1, worth, close)
            picks.append(best_t)
            levels.append(close)
            worths.append(worth)
            mu, mx = worth
        # the first attack has the most attacks left after it
        return tuple(reversed(picks)), tuple(levels), worths, clear

    def _loop(self, nu: int, nx: int, stay: int, flee: bool, qn: int) -> Pair | None:
        """The worth of an aim with its self-loop divided out (None: this way the fight never ends).
        ``nu``, ``nx``, ``stay`` are over ``_dk``; ``qn`` is the escape roll's weight over the base."""
        dk = self._dk
        if not flee:
            denom = dk - stay
            return None if denom <= 0 else (nu // denom, nx // denom)
        base = self.base
        fail = base - qn
        denom = base * dk - fail * stay
        if denom <= 0:
            return None
        fled = qn * ONE * dk
        return (fled + fail * nu) // denom, (fled + fail * nx) // denom

    def _policy(self, flee: bool, standing: set[int], hits: dict[int, list[Pair]],
                options: list[tuple[int, list[Pair], int]], miss_num: tuple[int, int, int, int], qn: int,
                found: dict[tuple[int, ...], tuple[int, int, int]]) -> Pair | None:
        """Policy iteration on one escape decision's self-loop (value it at V, take the best aim, solve V
        for that aim, until it repeats), from the aim chosen one hit lower: every aim it meets goes into
        ``found`` (aim → worth without the loop); ``_final_levels[flee]`` is the confirmed aim's close
        targets by attack. Returns the confirmed aim's worth where every attack's best was clear, else None
        (and ``_final_levels[flee]`` is None)."""
        mu, mx, stay_c, power = miss_num
        vu = vx = 0
        seen: set[tuple[int, ...]] = set()
        last: tuple[int, ...] | None = None
        self._final_levels[flee] = None  # unconfirmed until an aim is the best against its own worth
        guess = self._guess.get(flee)  # the aim chosen one hit lower: usually right, saving a round
        if guess is not None and standing.issuperset(guess):
            found[guess] = self._worth(guess, hits, miss_num)
            v = self._loop(*found[guess], flee, qn)
            if v is not None:
                vu, vx = v
                last = guess
                seen.add(guess)
        while True:
            best, levels, worths, clear = self._path(options, ((mu + stay_c * vu) // power,
                                                               (mx + stay_c * vx) // power))
            if best not in found:
                found[best] = self._worth(best, hits, miss_num)
            self._tried.append(levels)
            if best == last:  # policy iteration's fixed point: no aim does better against its worth
                self._final_levels[flee] = levels if clear else None
                self._final_worths[flee] = worths
                self._guess[flee] = best
                return (vu, vx) if clear else None
            if best in seen:  # a cycle: the exact pass settles it
                return None
            seen.add(best)
            v = self._loop(*found[best], flee, qn)
            if v is None:
                return None
            vu, vx = v
            last = best

    def _worth(self, seq: tuple[int, ...], hits: dict[int, list[Pair]],
               miss_num: tuple[int, int, int, int]) -> tuple[int, int, int]:
        """One aim's worth over ``_dk`` with its self-loop left out: (non-win, escape, stay weight); ``hits``
        gives, by target, where a hit leads by attacks still to make."""
        hit, k, base = self._hit, self.attacks, self.base
        weights = self._power  # type: ignore[attr-defined]
        mu, mx, stay_c, power = miss_num
        u = x = 0
        miss = 1  # over base**j after j attacks
        for j, t in enumerate(seq):
            a = hit[t]
            if a:  # as in _path: a sure miss adds nothing, whatever its struck state holds
                hu, hx = hits[t][k - j - 1]
                c = miss * a * weights[k - j - 1]
                u += c * hu
                x += c * hx
            miss *= base - a
        # over base**k × power
        return u * power + miss * mu, x * power + miss * mx, miss * stay_c

    def _flee_proven(self, v: Pair, losses: list[tuple[int, list[float]]], lost: int, power: int) -> bool:
        """Whether trying to escape, worth ``v``, surely loses less than not trying with *any* aim, so that
        not trying needs no policy iteration of its own.

        Not trying, an aim's chance of losing is at least that of its exchange without the self-loop (the
        loop only adds), and that is at least the chain that takes, attack by attack, the target of fewest
        losses, where ``lost`` (units over ``power``) is the enemies' half's loss when every attack misses.
        That chain runs in floats over the fixed-point rows: every step a convex mix of non-negative
        numbers, so its relative rounding error stays below 10⁻¹⁴; the margins below cover it and the
        fixed-point rows' own error (under 2**24 units)."""
        base = float(self.base)
        m = lost / power
        for left in range(self.attacks):
            low = math.inf
            for a, row in losses:
                c = (a * row[left] + (base - a) * m) / base if a else m  # a sure miss leads nowhere
                if c < low:
                    low = c
                elif c != c:  # NaN: a state the fight cannot end from bounds nothing
                    return False
            m = low
        return v[0] - v[1] + _SLACK < m * (1 - 1e-12) - _SLACK

    def _decide(self, key: State, found: dict[tuple[int, ...], tuple[int, int, int]], qn: int,
                flees: tuple[bool, ...]) -> bool:
        """Pick the best target order for each escape decision in ``flees``, then the safer decision; a state
        where nothing came close is settled. Where only escaping was weighed (not trying was proven worse)
        but its play is not clear enough to settle, decide nothing and return False."""
        per_flee: list[tuple[bool, int, int, tuple[tuple[int, ...], ...]]] = []
        for flee in flees:  # no escape first, as the callers list them
            scored = []
            for seq in sorted(found):
                v = self._loop(*found[seq], flee, qn)
                if v is not None:
                    scored.append((v[0], v[1], seq))
            if not scored:
                continue
            top = min(scored, key=lambda option: option[0])  # the first of the fewest non-wins
            close = (top[2], *(seq for u, _, seq in scored if seq != top[2] and u <= top[0] + _THR))
            per_flee.append((flee, top[0], top[1], close))
        if flees == (True,) and not (per_flee and per_flee[0][3] == (self._guess[True],)):
            return False
        if not per_flee:
            self._fu[key] = self._fx[key] = _NAN
            return True
        # No escape first, replaced only by a strictly safer choice (fewer losses, then more wins).
        chosen = per_flee[0]
        close_call = False
        for other in per_flee[1:]:
            near = abs((chosen[1] - chosen[2]) - (other[1] - other[2])) <= _THR
            if near:
                close_call = True  # too close to tell: both go to the exact pass
            if (not near and other[1] - other[2] < chosen[1] - chosen[2]) or (near and other[1] < chosen[1]):
                chosen = other
        # An option not chosen whose own best play is unsure may be worth more than it looked: exact.
        unsure = [f for f, _, _, seqs in per_flee if len(seqs) > 1 or self._final_levels.get(f) is None]
        if len(per_flee) > 1 and unsure:
            close_call = True
        self._fu[key], self._fx[key] = chosen[1], chosen[2]
        if close_call:
            self._close[key] = tuple((f, seqs) for f, _, _, seqs in per_flee)  # type: ignore[attr-defined]
        else:
            self._close[key] = ((chosen[0], chosen[3]),)  # type: ignore[attr-defined]
        if not close_call and not unsure and chosen[3] == (self._guess[chosen[0]],):
            self._settled.add(key)  # the chosen aim is the one its policy iteration confirmed, by a margin
            return True
        merged = self._tried[0]
        for levels in self._tried[1:]:
            if levels != merged:
                merged = tuple(tuple(sorted({*m, *n})) for m, n in zip(merged, levels, strict=True))
        self._levels[key] = merged
        try:  # a close call: solve this state exactly now, so higher states build on the exact choice
            v = self.value(*key)  # type: ignore[attr-defined]
        except InputError:
            self._fu[key] = self._fx[key] = _NAN
            return True
        self._fu[key], self._fx[key] = _fixed(v)
        return True

    # -- the exact pass, attack by attack ----------------------------------------------------------
    def _chain_exact(self, s: int, e: tuple[int, ...], self_value: Value,
                     levels: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], Value]:
        """The exact best targets while every attack misses, the state itself worth ``self_value`` when
        the exchange ends where it began; each attack chooses among ``levels`` (attacks left after it)."""
        base = self.base
        alive = tuple(h > 0 for h in e)
        phase = self.enemy_phase(s, alive)  # type: ignore[attr-defined]
        lower = _mix([(c, self_value if s2 == s else self.value(s2, e) if s2 else LOSS)  # type: ignore[attr-defined]
                      for s2, c in phase], self._power[len(e)], False)  # type: ignore[attr-defined]
        picks = []
        for left, close in enumerate(levels):
            best: tuple[int, Value] | None = None
            for t in close:
                a = self._hit[t]
                struck = self._struck(e, t)  # type: ignore[attr-defined]
                if not a:
                    cand = lower
                else:
                    hit = WIN if not any(struck) else self._sub_exact(s, struck, left)  # type: ignore[attr-defined]
                    cand = _mix2(a, hit, base - a, lower, base)
                if best is None or _better_win(cand, best[1]):
                    best = (t, cand)
            assert best is not None
            picks.append(best[0])
            lower = best[1]
        return tuple(reversed(picks)), lower

    def _improve_exact(self, s: int, e: tuple[int, ...], flee: bool,
                       seq: tuple[int, ...]) -> tuple[tuple[int, ...], Value]:
        """Policy iteration in exact integers from the float pass's aim: value the self-loop at the aim's
        worth, choose attack by attack among the close targets, and repeat while that does better. Of aims
        that tie exactly the first in target order is kept (as the enumeration keeps it): the chain at the
        best worth takes the lowest of the best targets at every attack."""
        value = self._option_exact(s, e, flee, seq)  # type: ignore[attr-defined]
        levels = self._levels[(s, e)]
        seen = {seq}
        while True:
            nxt, _ = self._chain_exact(s, e, value, levels)
            if nxt in seen:
                return seq, value
            seen.add(nxt)
            candidate = self._option_exact(s, e, flee, nxt)  # type: ignore[attr-defined]
            if _better_win(candidate, value):
                seq, value = nxt, candidate
            elif not _better_win(value, candidate) and nxt < seq:  # an exact tie: the first aim
                return nxt, candidate
            else:
                return seq, value
