"""The float pass of :class:`~meikyu.systems.gamebook.odds_dp.DpSolver` for fights with extra attacks.

Shin makes ``k`` attacks an exchange (an ability's extra attacks), choosing each target after seeing
the last. Two things keep the cost per state at k × enemies instead of enemies ** k:

- **One step per attack left.** While attacks miss, nothing changes, so the best target with ``left``
  attacks to go depends only on what a hit would lead to and on the best play after a miss: a single
  pass over the attacks (:meth:`MultiAttackPass._level`).
- **Policy iteration for the self-loop.** When every attack misses and the enemies change nothing, the
  exchange starts over: the state's worth V appears in its own equation, V = best over aims of
  (A + B·V). Valuing the loop at V, taking the best aim and solving V for it converges in a few rounds
  (:meth:`MultiAttackPass._aims`).

Chances are tracked as (lose, escape) rather than (win, escape): in a fight Shin nearly always wins,
1 − win is lost to rounding, while the loss chance keeps its digits, so two plays compare by the ratio
of their losses. Plays whose non-win chances come within ``_REL`` of each other are compared exactly
by the solver's integer pass, as before.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import TYPE_CHECKING

from meikyu.errors import InputError
from meikyu.systems.gamebook.fighters import Enemy, after_hit

if TYPE_CHECKING:
    from meikyu.systems.gamebook.odds import Value

State = tuple[int, tuple[int, ...]]
Aim = tuple[tuple[int, ...], float, float, float]  # (targets while the attacks miss, lose, escape, stay)
Pair = tuple[float, float]  # (lose, escape)

_REL = 1e-11  # plays whose non-win chances are within this ratio are compared exactly
_NAN = float("nan")


def _lose(v: Value) -> float:
    """The exact loss chance of an exact value (w, x, d), as a float that keeps its digits."""
    w, x, d = v
    return float(Fraction(d - w - x, d))


def _better(u: float, x: float, best_u: float, best_x: float) -> bool:
    """Fewer non-wins (lose + escape) is better; equal non-wins (within rounding), more escapes."""
    return u < best_u * (1.0 - _REL) or (u <= best_u * (1.0 + _REL) and x > best_x)


def _near(u: float, best_u: float) -> bool:
    return u <= best_u * (1.0 + _REL)


class MultiAttackPass:
    """Mixed into the solver: fills ``_fl``/``_fx`` (between exchanges), ``_sl``/``_sx`` (mid-exchange)
    and the close options the exact pass compares, for ``attacks`` > 1."""

    # Provided by the solver this is mixed into.
    attacks: int
    enemies: tuple[Enemy, ...]
    escape: bool
    _hf: list[float]
    _qf: list[float]

    def _multi_tables(self) -> None:
        k = self.attacks
        self._fl: dict[State, float] = {}
        self._fx: dict[State, float] = {}
        self._sl: list[dict[State, float]] = [{} for _ in range(k)]
        self._sx: list[dict[State, float]] = [{} for _ in range(k)]
        # The close targets at each attack (index: attacks left after it), for the exact pass.
        self._fresh_levels: dict[State, tuple[tuple[int, ...], ...]] = {}
        self._levels: dict[State, tuple[tuple[int, ...], ...]] = {}

    def _solve_floats_multi(self, shin_values: list[int], lists: list[list[int]]) -> None:
        """Every reachable state, lowest hits first (a struck enemy is lower in one place: earlier)."""
        self._multi_tables()
        kill = self.shin.kill  # type: ignore[attr-defined]
        k, qf = self.attacks, self._qf
        fl, fx, sl, sx = self._fl, self._fx, self._sl, self._sx
        phases: dict[tuple[int, tuple[bool, ...]], tuple[list[tuple[int, float]], float, float]] = {}
        for e in itertools.product(*lists):
            alive = tuple(h > 0 for h in e)
            alive_idx = [t for t, a in enumerate(alive) if a]
            if not alive_idx:
                continue
            struck = {t: e[:t] + (after_hit(e[t], kill),) + e[t + 1 :] for t in alive_idx}
            done = {t: not any(struck[t]) for t in alive_idx}
            # Every standing enemy is a target of its own: even two with the same numbers and hits are not
            # interchangeable, since the enemies strike in listed order and a kill value reads Shin's hits then.
            targets = alive_idx
            q = qf[len(alive_idx)]
            for s in shin_values:
                key = (s, e)
                ph = phases.get((s, alive))
                if ph is None:
                    ph = phases[(s, alive)] = self._phase_lx(s, alive)
                moved, stay_e, dead = ph
                ml, mx = dead, 0.0
                for s2, p in moved:
                    ml += p * fl[(s2, e)]
                    mx += p * fx[(s2, e)]
                # A hit on t with `left` attacks still to make: where it leads ((0, 0) wins outright).
                hits = [{t: (0.0, 0.0) if done[t] else (sl[left][(s, struck[t])], sx[left][(s, struck[t])])
                         for t in targets} for left in range(k)]
                if math.isnan(ml) or any(math.isnan(hits[left][t][0]) for left in range(k) for t in targets
                                         if self._hf[t]):
                    self._cannot_end(key, targets[0])  # a fight that cannot end from here
                    continue
                self._decide(key, self._aims(key, targets, hits, ml, mx, stay_e, q), q)
                vl, vx = fl[key], fx[key]
                if math.isnan(vl):
                    self._cannot_end(key, targets[0])
                    continue
                # Mid-exchange worths for the states above, and the first exchange's close aims.
                lower = (ml + stay_e * vl, mx + stay_e * vx)
                sl[0][key], sx[0][key] = lower
                levels = []
                for left in range(1, k + 1):
                    best, _, close = self._level(targets, hits[left - 1], lower)
                    levels.append(close)
                    if left == k:
                        break
                    self._sub_close[(left, key)] = close  # type: ignore[attr-defined]
                    if len(close) > 1:  # floats cannot tell: the exact value decides, and is kept
                        try:
                            v = self._sub_exact(s, e, left)  # type: ignore[attr-defined]
                            best = (_lose(v), v[1] / v[2])
                        except InputError:  # it leads where the fight cannot end
                            best = (_NAN, _NAN)
                    sl[left][key], sx[left][key] = lower = best
                self._fresh_levels[key] = tuple(levels)

    def _phase_lx(self, s: int, alive: tuple[bool, ...]) -> tuple[list[tuple[int, float]], float, float]:
        """The enemies' half as floats: (Shin's hits ≠ s, chance), the chance nothing changed, the loss chance."""
        power = float(self._power[len(alive)])  # type: ignore[attr-defined]
        moved, stay, dead = [], 0.0, 0.0
        for s2, c in self.enemy_phase(s, alive):  # type: ignore[attr-defined]
            if s2 == s:
                stay = c / power
            elif s2:
                moved.append((s2, c / power))
            else:
                dead = c / power
        return moved, stay, dead

    def _cannot_end(self, key: State, first: int) -> None:
        """Mark a state from which the fight cannot end (refused when play reaches it)."""
        self._fl[key] = self._fx[key] = _NAN
        self._close[key] = ()  # type: ignore[attr-defined]
        self._flee_close[key] = False  # type: ignore[attr-defined]
        for left in range(self.attacks):
            self._sl[left][key] = self._sx[left][key] = _NAN
            if left:
                self._sub_close[(left, key)] = ()  # type: ignore[attr-defined]
        self._fresh_levels[key] = tuple((first,) for _ in range(self.attacks))
        self._levels.pop(key, None)

    def _level(self, targets: list[int], hits: dict[int, Pair], miss: Pair) -> tuple[Pair, int, tuple[int, ...]]:
        """One attack when a miss is worth ``miss``: the best worth, its target (the first on a tie, as an
        enumeration would find it) and every target close to it."""
        hf = self._hf
        ml, mx = miss
        scored = []
        best_u = best_l = best_x = 0.0
        best_t = -1
        for t in targets:
            a = hf[t]
            if a:
                hl, hx = hits[t]
                lo, x = a * hl + (1 - a) * ml, a * hx + (1 - a) * mx
            else:  # a target Shin cannot hit: its struck state may be unsolved (NaN), and 0 × NaN is NaN
                lo, x = ml, mx
            u = lo + x
            scored.append((u, t))
            # _better, inlined (the hot loop); non-wins within rounding of each other are a tie, which more
            # escapes break: sums like lose + escape = 1 differ in their last bits by the order of addition
            if best_t < 0 or u < best_u * (1.0 - _REL) or (u <= best_u * (1.0 + _REL) and x > best_x):
                best_u, best_l, best_x, best_t = u, lo, x, t
        top = best_u * (1.0 + _REL)  # _near
        return (best_l, best_x), best_t, tuple(t for u, t in scored if u <= top)

    def _path(self, targets: list[int], hits: list[dict[int, Pair]], end: Pair) -> tuple[
            tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """The best targets while every attack misses, when all missing is worth ``end``, and the targets
        close to the best at each attack (index: attacks left after it)."""
        worth = end
        levels: list[tuple[int, ...]] = []  # levels[j]: the close choices with j attacks left after this one
        picks: list[int] = []
        for left in range(self.attacks):
            worth, pick, close = self._level(targets, hits[left], worth)
            picks.append(pick)
            levels.append(close)
        return tuple(reversed(picks)), tuple(levels)  # the first attack has the most attacks left after it

    def _aims(self, key: State, targets: list[int], hits: list[dict[int, Pair]], ml: float, mx: float,
              stay_e: float, q: float) -> list[Aim]:
        """The aims worth deciding between at one state: for each escape decision, policy iteration
        on the self-loop (value it at V, take the best aim, solve V for that aim, until it repeats)."""
        hf, k = self._hf, self.attacks

        def worth(seq: tuple[int, ...]) -> tuple[float, float, float]:
            lo = x = 0.0
            miss = 1.0
            for j, t in enumerate(seq):
                a = hf[t]
                if a:  # as in _level: a sure miss adds nothing, whatever its struck state holds
                    hl, hx = hits[k - j - 1][t]
                    lo += miss * a * hl
                    x += miss * a * hx
                    miss *= 1.0 - a
            return lo + miss * ml, x + miss * mx, miss * stay_e

        found: dict[tuple[int, ...], tuple[float, float, float]] = {}
        for flee in (False, True) if self.escape else (False,):
            vl = vx = 0.0
            seen: set[tuple[int, ...]] = set()
            while True:
                best, levels = self._path(targets, hits, (ml + stay_e * vl, mx + stay_e * vx))
                if best not in found:
                    found[best] = worth(best)
                merged = self._levels.get(key)
                if merged is None:
                    self._levels[key] = levels
                elif merged != levels:
                    self._levels[key] = tuple(tuple(sorted({*m, *n})) for m, n in zip(merged, levels, strict=True))
                nl, nx, stay = found[best]
                if best in seen:
                    break
                seen.add(best)
                if flee:
                    denom = 1.0 - (1.0 - q) * stay
                    if denom <= 0.0:
                        break
                    vl, vx = (1 - q) * nl / denom, (q + (1 - q) * nx) / denom
                else:
                    denom = 1.0 - stay
                    if denom <= 0.0:
                        break
                    vl, vx = nl / denom, nx / denom
        return [(seq, *found[seq]) for seq in sorted(found)]

    def _decide(self, key: State, aims: list[Aim], q: float) -> None:
        """Pick the float-best target order for each escape decision, then the safer decision."""
        per_flee: list[tuple[bool, float, float, tuple[tuple[int, ...], ...]]] = []
        for flee in (False, True) if self.escape else (False,):
            scored = []
            for seq, nl, nx, stay in aims:
                if flee:
                    denom = 1.0 - (1.0 - q) * stay
                    if denom <= 0.0:
                        continue
                    scored.append(((1 - q) * nl / denom, (q + (1 - q) * nx) / denom, seq))
                else:
                    denom = 1.0 - stay
                    if denom <= 0.0:
                        continue
                    scored.append((nl / denom, nx / denom, seq))
            if not scored:
                continue
            if any(math.isnan(lo) for lo, _, _ in scored):
                per_flee.append((flee, _NAN, _NAN, tuple(seq for _, _, seq in scored)))
                continue
            top = scored[0]
            for option in scored[1:]:
                if _better(option[0] + option[1], option[1], top[0] + top[1], top[1]):
                    top = option
            top_u = top[0] + top[1]
            close = (top[2], *(seq for lo, x, seq in scored if seq != top[2] and _near(lo + x, top_u)))
            per_flee.append((flee, top[0], top[1], close))
        if not per_flee or any(math.isnan(lo) for _, lo, _, _ in per_flee):
            self._fl[key] = self._fx[key] = _NAN
            return
        # No escape first, replaced only by a strictly safer choice (fewer losses, then more wins).
        chosen = per_flee[0]
        close_call = False
        for other in per_flee[1:]:
            lose_c, lose_o = chosen[1], other[1]
            near = abs(lose_c - lose_o) <= _REL * max(lose_c, lose_o)
            if near:
                close_call = True  # floats cannot tell: both go to the exact pass
            if (not near and lose_o < lose_c) or (near and other[1] + other[2] < chosen[1] + chosen[2]):
                chosen = other
        self._fl[key], self._fx[key] = chosen[1], chosen[2]
        self._flee_close[key] = close_call  # type: ignore[attr-defined]
        if close_call:
            self._close[key] = tuple((f, seqs) for f, _, _, seqs in per_flee)  # type: ignore[attr-defined]
        else:
            self._close[key] = ((chosen[0], chosen[3]),)  # type: ignore[attr-defined]
        if close_call or len(chosen[3]) > 1:
            try:  # a close call: solve this state exactly now, so higher states build on the exact choice
                v = self.value(*key)  # type: ignore[attr-defined]
            except InputError:
                self._fl[key] = self._fx[key] = _NAN
                return
            self._fl[key], self._fx[key] = _lose(v), v[1] / v[2]

    # -- the exact pass, attack by attack ----------------------------------------------------------
    def _chain_exact(self, s: int, e: tuple[int, ...], self_value: Value,
                     levels: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], Value]:
        """The exact best targets while every attack misses, the state itself worth ``self_value`` when
        the exchange ends where it began; each attack chooses among ``levels`` (attacks left after it)."""
        from meikyu.systems.gamebook.odds import LOSS, WIN, _better_win, _mix, _mix2

        base = self.base  # type: ignore[attr-defined]
        alive = tuple(h > 0 for h in e)
        phase = self.enemy_phase(s, alive)  # type: ignore[attr-defined]
        lower = _mix([(c, self_value if s2 == s else self.value(s2, e) if s2 else LOSS)  # type: ignore[attr-defined]
                      for s2, c in phase], self._power[len(e)], False)  # type: ignore[attr-defined]
        picks = []
        for left, close in enumerate(levels):
            best: tuple[int, Value] | None = None
            for t in close:
                a = self._hit[t]  # type: ignore[attr-defined]
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
        worth, choose attack by attack among the close targets, and repeat while that does better."""
        from meikyu.systems.gamebook.odds import _better_win

        value = self._option_exact(s, e, flee, seq)  # type: ignore[attr-defined]
        levels = self._levels[(s, e)]
        seen = {seq}
        while True:
            nxt, _ = self._chain_exact(s, e, value, levels)
            if nxt in seen:
                return seq, value
            seen.add(nxt)
            candidate = self._option_exact(s, e, flee, nxt)  # type: ignore[attr-defined]
            if not _better_win(candidate, value):
                return seq, value
            seq, value = nxt, candidate
