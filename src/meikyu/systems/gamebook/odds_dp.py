"""Exact fight odds, bottom-up: floats over every state choose the play, exact integers follow the play.

The same rules and choices as :class:`~meikyu.systems.gamebook.odds.OddsSolver` (target by most wins,
then most escapes; escape by fewest losses, then most wins; first option on an exact tie), computed
in two passes:

1. **Floats, bottom-up** over every reachable (Shin's hits, each enemy's hits), lowest first. Each
   state's "nothing happened" self-loop is divided out (``V = N / (1 - p_stay)``), so one pass
   suffices. This pass fixes the best target order and escape decision at every state; options whose
   chances of not winning come within a ratio of ``_REL`` of the best are kept for an exact comparison.
   Escaping is weighed first; where it loses less than any aim's exchange without its self-loop (a
   lower bound on not trying), not trying is not weighed at all.
   With extra attacks the pass is :mod:`~meikyu.systems.gamebook.odds_multi`'s, one step per attack,
   in fixed point (2**-320) rather than doubles, so that nearly every state is settled without an
   exact comparison.
2. **Exact, top-down and lazy** from the starting state, with the integer values of
   :mod:`~meikyu.systems.gamebook.odds`: only the states the chosen play can reach are solved
   exactly, and only the chosen option at each (all close options where floats cannot decide).

With one target order fixed, the enemies fall one after another, so the exact pass touches a small
part of the table. The seed's worked example (R-GB-13):

>>> from meikyu.systems.gamebook.fighters import Enemy, Fighter
>>> odds = fast_odds(Fighter(5, 3, 5, 5), [Enemy(10, 2, 9, 4)])
>>> odds.win, odds.lose
(Fraction(1350121872, 1350125107), Fraction(3235, 1350125107))
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from fractions import Fraction

from meikyu.errors import InputError
from meikyu.systems.gamebook.fighters import Enemy, Fighter, after_hit
from meikyu.systems.gamebook.odds_memo import (
    ESCAPED,
    LOSS,
    WIN,
    CombatOdds,
    OddsSolver,
    Value,
    _better_win,
    _mix,
    _mix2,
    _reduced,
    _safer,
)
from meikyu.systems.gamebook.odds_multi import _NAN, ONE, MultiAttackPass

__all__ = ["DpSolver", "fast_odds"]

# The flat pass adds and multiplies chances without cancelling, so its relative error stays near
# 1e-14 even after dozens of levels; chances within _REL of each other are compared exactly.
# (With extra attacks, odds_multi's pass works in fixed point and has a tolerance of its own.)
_REL = 1e-11

State = tuple[int, tuple[int, ...]]
Split = tuple[list[tuple[int, int]], list[tuple[int, int]], int, int]  # see DpSolver._split
Option = tuple[bool, tuple[int, ...]]  # (try to escape first?, targets while the attacks miss)


def _reachable(start: int, kills: Sequence[int]) -> list[int]:
    """Every hit count an attacker with one of ``kills`` can leave, from ``start`` down, ascending."""
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for k in kills:
            nxt = after_hit(h, k)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return sorted(seen)


class DpSolver(MultiAttackPass, OddsSolver):
    """Bottom-up solver with the advice methods of :class:`OddsSolver` (``fresh``, ``value``, …).

    >>> from meikyu.systems.gamebook.fighters import Enemy, Fighter
    >>> solver = DpSolver(Fighter(5, 3, 5, 5), [Enemy(10, 2, 9, 4)], escape=True)
    >>> solver.wants_escape(5, (4,)), solver.best_target(5, (4,))
    (True, 0)
    """

    def __init__(self, shin: Fighter, enemies: Sequence[Enemy], escape: bool = False) -> None:
        super().__init__(shin, enemies, escape)
        base = self.base
        self._hf = [a / base for a in self._hit]
        self._qf = [q / base for q in self._flee]
        # The options worth an exact look, per state (float tables: the flat pass or odds_multi's).
        self._close: dict[State, tuple[tuple[bool, tuple[tuple[int, ...], ...]], ...]] = {}
        # odds_multi's: the close targets with `left` attacks still to make, at [left - 1], per state
        self._sub_close: dict[State, Sequence[tuple[int, ...]]] = {}
        self._exact_m: dict[State, Value] = {}
        self._splits: dict[State, Split] = {}
        self._fresh_done: dict[State, tuple[tuple[int, ...], Value]] = {}
        self._settled: set[State] = set()  # odds_multi's: states whose play the exact pass need not check
        self._solved = False
        self._row_of: dict[tuple[int, ...], int] = {}  # the single pass's flat tables: where each e's row starts
        # Enemies side by side that are the same to Shin (hit and block chances, kill) form a run: swapping
        # their hits changes nothing (the run strikes back to back, one kernel per standing member, and the
        # escape die counts heads), so two of a run with the same hits are the same target, exactly.
        runs = [0]
        for t in range(1, len(self.enemies)):
            same = (self._hit[t], self._block[t], self.enemies[t].kill) == (
                self._hit[t - 1], self._block[t - 1], self.enemies[t - 1].kill)
            runs.append(runs[-1] if same else runs[-1] + 1)
        self._runs = runs
        self._target_cache: dict[tuple[int, ...], tuple[int, ...]] = {}

    def targets(self, e: tuple[int, ...]) -> tuple[int, ...]:
        """The standing enemies worth aiming at, ascending: of two in one run with the same hits only the
        first (their values are equal, and the first option wins an exact tie).

        >>> rat = Enemy(12, 2, 9, 4)
        >>> DpSolver(Fighter(5, 3, 5, 5), [rat, rat, Enemy(9, 1, 8, 1)]).targets((4, 4, 1))
        (0, 2)
        """
        found = self._target_cache.get(e)
        if found is None:
            runs, seen, picked = self._runs, set(), []
            for t, h in enumerate(e):
                if h and (runs[t], h) not in seen:
                    seen.add((runs[t], h))
                    picked.append(t)
            found = self._target_cache[e] = tuple(picked)
        return found

    # -- pass 1: floats, bottom-up -------------------------------------------------------------
    def solve_floats(self) -> None:
        """Fill the float table for every reachable state, lowest hits first."""
        if self._solved:
            return
        self._solved = True
        if self.attacks == 1:
            self._solve_floats_single()
            return
        kill = self.shin.kill
        shin_values = [s for s in _reachable(self.shin.hits, [e.kill for e in self.enemies]) if s > 0]
        self._solve_floats_multi(shin_values, [_reachable(e.hits, [kill]) for e in self.enemies])

    def _solve_floats_single(self) -> None:
        """The float pass for one attack per exchange (no extra attacks), written out flat: it is
        the common case and the hot loop. It tracks (win, lose) rather than (win, escape), so that
        two tiny chances of losing compare by their ratio, not by a difference lost in rounding."""
        kill = self.shin.kill
        shin_values = [s for s in _reachable(self.shin.hits, [e.kill for e in self.enemies]) if s > 0]
        lists = [_reachable(e.hits, [kill]) for e in self.enemies]
        ns = len(shin_values)
        s_index = {s: i for i, s in enumerate(shin_values)}
        positions = [{h: i for i, h in enumerate(values)} for values in lists]
        radix = [1] * len(lists)
        for i in range(len(lists) - 2, -1, -1):
            radix[i] = radix[i + 1] * len(lists[i + 1])
        self._flat = (ns, s_index, positions, radix)
        size = ns * radix[0] * len(lists[0])
        fw = self._aw = [0.0] * size  # win
        fl = self._al = [0.0] * size  # lose
        s0w = self._a0w = [0.0] * size  # after Shin's attack, before the enemies': win
        s0l = self._a0l = [0.0] * size
        pick = self._apick = [0] * size  # chosen target (0-based)
        fled = self._aflee = [False] * size
        close_map = self._close
        hf, qf, flees = self._hf, self._qf, ((False, True) if self.escape else (False,))
        order = flees[::-1]  # escaping first: where it surely loses less, not trying is never weighed
        above, below = 1.0 + _REL, 1.0 - _REL
        phase_cache: dict[tuple[bool, ...], list[tuple[list[tuple[int, float]], float, float]]] = {}
        rows = self._row_of
        for ei, e in enumerate(itertools.product(*lists)):
            rows[e] = ei * ns
            alive = tuple(h > 0 for h in e)
            targets = []
            for t in self.targets(e):  # standing ones only
                h = e[t]
                st = after_hit(h, kill)
                struck = e[:t] + (st,) + e[t + 1 :]
                sidx = -1
                if any(struck):
                    sidx = (ei + (positions[t][st] - positions[t][h]) * radix[t]) * ns
                targets.append((t, hf[t], 1.0 - hf[t], sidx))
            if not targets:
                continue
            q = qf[sum(alive)]  # the escape die counts every standing enemy
            row = ei * ns
            phases = phase_cache.get(alive)
            if phases is None:  # the enemies' half depends only on who stands and Shin's hits
                phases = phase_cache[alive] = [self._phase_l(s, alive, s_index) for s in shin_values]
            for si, s in enumerate(shin_values):
                moved, stay_e, dead = phases[si]
                mw, ml = 0.0, dead
                for si2, p in moved:
                    mw += p * fw[row + si2]
                    ml += p * fl[row + si2]
                best_f = False
                best_w = best_l = _NAN
                best_t = -1
                close = stalled = False
                aims = []  # (target, wins, losses, chance that nothing happened) of one exchange
                for t, a, miss, sidx in targets:
                    if sidx < 0:
                        aims.append((t, a + miss * mw, miss * ml, miss * stay_e))
                    elif not a:  # an enemy Shin cannot hit: where a hit would lead does not matter
                        aims.append((t, mw, ml, stay_e))
                    else:
                        aims.append((t, a * s0w[sidx + si] + miss * mw, a * s0l[sidx + si] + miss * ml,
                                     miss * stay_e))
                for flee in order:
                    if not flee and best_t >= 0 and not close:
                        # Escaping was weighed first, and every aim saw its own NaN check there. Not trying
                        # loses at least an exchange's losses without the self-loop, whatever the aim.
                        low = 2.0
                        for _, _, nl, _ in aims:
                            if nl < low:
                                low = nl
                        if best_l < low * (1.0 - 1e-9):  # far above the doubles' rounding
                            break
                    top_w, top_l, top_t, ties = -1.0, 2.0, -1, False
                    c = 1.0 - q if flee else 1.0  # the chance the escape die fails (or is not rolled)
                    for t, nw, nl, stay in aims:
                        stay *= c
                        if stay >= 1.0:
                            continue
                        k = c / (1.0 - stay)
                        w = nw * k
                        if w != w:  # NaN: this aim leads where the fight cannot end
                            stalled = True
                            break
                        if w > top_w * above:
                            top_w, top_l, top_t, ties = w, nl * k, t, False
                        elif w >= top_w * below:
                            ties = True  # a near tie on wins: the exact pass decides
                            if w > top_w:
                                top_w, top_l, top_t = w, nl * k, t
                    if stalled:
                        break
                    if top_t < 0:
                        continue
                    close = close or ties
                    if best_t < 0:
                        best_f, best_w, best_l, best_t = flee, top_w, top_l, top_t
                        continue
                    # Fewer losses first (compared by ratio), then more wins.
                    if abs(top_l - best_l) <= _REL * max(top_l, best_l):
                        if top_l != best_l or abs(top_w - best_w) <= _REL * max(top_w, best_w):
                            close = True
                        if top_w > best_w:
                            best_f, best_w, best_l, best_t = flee, top_w, top_l, top_t
                    elif top_l < best_l:
                        best_f, best_w, best_l, best_t = flee, top_w, top_l, top_t
                idx = row + si
                if stalled or best_t < 0:
                    fw[idx] = fl[idx] = s0w[idx] = s0l[idx] = _NAN
                    continue
                pick[idx], fled[idx] = best_t, best_f
                if close:  # floats cannot tell: every option goes to the exact pass, now
                    every = tuple((t,) for t, _, _, _ in targets)
                    close_map[(s, e)] = tuple((f, every) for f in flees)
                    fw[idx] = best_w  # a provisional value, so that the exact pass finds the state
                    try:
                        v = self.value(s, e)
                        best_w, best_l = v[0] / v[2], (v[2] - v[0] - v[1]) / v[2]
                    except InputError:  # it leads where the fight cannot end
                        fw[idx] = fl[idx] = s0w[idx] = s0l[idx] = _NAN
                        continue
                fw[idx], fl[idx] = best_w, best_l
                s0w[idx] = mw + stay_e * best_w
                s0l[idx] = ml + stay_e * best_l

    def _phase_l(self, s: int, alive: tuple[bool, ...],
                 s_index: dict[int, int]) -> tuple[list[tuple[int, float]], float, float]:
        """The enemies' half as floats: moves to other hits (by index), the stay and the loss chance."""
        power = float(self._power[len(alive)])
        moved, stay, dead = [], 0.0, 0.0
        for s2, c in self.enemy_phase(s, alive):
            if s2 == s:
                stay = c / power
            elif s2:
                moved.append((s_index[s2], c / power))
            else:
                dead = c / power
        return moved, stay, dead

    def _flat_index(self, key: State) -> int:
        s, e = key
        return self._row_of[e] + self._flat[1][s]

    def _float_win(self, key: State) -> float:
        """The float pass's chance of winning at ``key`` (NaN where the fight cannot end); KeyError if unreachable."""
        if self.attacks == 1:
            return self._aw[self._flat_index(key)]
        return (ONE - self._fu[key]) / ONE

    def _close_options(self, key: State) -> tuple[tuple[bool, tuple[tuple[int, ...], ...]], ...]:
        """The options the float pass left for an exact look at ``key``: (try to escape?, target orders);
        a stalemate error where the fight cannot end from there, KeyError where play cannot reach it."""
        if self.attacks != 1:
            if self._fu[key] != self._fu[key]:
                raise self._stalemate(*key)
            return self._close[key]
        idx = self._flat_index(key)
        if self._aw[idx] != self._aw[idx]:
            raise self._stalemate(*key)
        found = self._close.get(key)
        return found if found is not None else ((self._aflee[idx], ((self._apick[idx],),)),)

    def _fresh_options(self, key: State) -> tuple[tuple[int, ...], ...]:
        s, e = key  # the first exchange: the float worth of each aim, self-loop included
        idx = self._flat_index(key)
        v_w = self._aw[idx]
        alive = tuple(h > 0 for h in e)
        moved, stay_e, _ = self._phase_l(s, alive, self._flat[1])
        row = idx - self._flat[1][s]
        mw = sum(p * self._aw[row + si2] for si2, p in moved)
        scored = []
        for t in self.targets(e):
            struck = self._struck(e, t)
            a = self._hf[t]
            # An enemy Shin cannot hit: where a hit would lead does not matter.
            tw = self._a0w[self._flat_index((s, struck))] if a and any(struck) else 1.0
            scored.append((a * tw + (1 - a) * (mw + stay_e * v_w), (t,)))
        top = max(w for w, _ in scored)
        return tuple(seq for w, seq in scored if w >= top * (1.0 - _REL))

    # -- pass 2: exact, lazy --------------------------------------------------------------------
    def _stalemate(self, s: int, e: tuple[int, ...]) -> InputError:
        return InputError("gb.error.odds.stalemate", hits=s, enemies=",".join(map(str, e)))

    def _split(self, s: int, e: tuple[int, ...]) -> Split:
        """The enemies' half from ``s`` against ``e``'s standing enemies, for the exact pass (weights over
        L**n): where Shin still stands and his hits moved, where he still stands at all, nothing changed;
        and the escape roll's weight over L against that many enemies."""
        key = (s, e)
        found = self._splits.get(key)
        if found is None:
            alive = tuple(h > 0 for h in e)
            phase = self.enemy_phase(s, alive)
            found = self._splits[key] = ([(s2, c) for s2, c in phase if s2 and s2 != s],
                                         [(s2, c) for s2, c in phase if s2],
                                         next((c for s2, c in phase if s2 == s), 0), self._flee[sum(alive)])
        return found

    def _m_exact(self, s: int, e: tuple[int, ...]) -> Value:
        """Exact worth of the enemies' half when it moved Shin's hits (weights over L**n)."""
        key = (s, e)
        cached = self._exact_m.get(key)
        if cached is None:
            value = self.value
            cached = _mix([(c, value(s2, e)) for s2, c in self._split(s, e)[0]], 1, False)
            self._exact_m[key] = cached
        return cached

    def _aim_terms(self, s: int, e: tuple[int, ...], seq: tuple[int, ...]) -> tuple[list[tuple[int, Value]], int]:
        """Exact outcomes of one aim over ``self.scale`` (self-loop excluded), and its stay weight."""
        base, k, n = self.base, self.attacks, len(e)
        terms: list[tuple[int, Value]] = []
        miss = 1
        for j, t in enumerate(seq):
            a = self._hit[t]
            if a:
                terms.append((miss * a * self._power[k - j - 1 + n], self._sub_exact(s, self._struck(e, t), k - j - 1)))
            miss *= base - a
        terms.append((miss, self._m_exact(s, e)))
        return terms, miss * self._split(s, e)[2]

    def _single_terms(self, s: int, e: tuple[int, ...], t: int) -> tuple[list[tuple[int, Value]], int]:
        """:meth:`_aim_terms` for one attack an exchange, the states after it listed out: a hit on ``t`` and
        then the enemies' half, or a miss and then a half that moved Shin's hits."""
        value, base = self.value, self.base
        a = self._hit[t]
        moved, _, stay, _ = self._split(s, e)
        terms = [((base - a) * c, value(s2, e)) for s2, c in moved]
        if a:
            struck = self._struck(e, t)
            if any(struck):
                terms += [(a * c, value(s2, struck)) for s2, c in self._split(s, struck)[1]]
            else:
                terms.append((a * self._power[len(e)], WIN))
        return terms, (base - a) * stay

    def _option_exact(self, s: int, e: tuple[int, ...], flee: bool, seq: tuple[int, ...]) -> Value:
        """Exact (w, x, d) of one option between exchanges, its self-loop divided out (not reduced)."""
        if self.attacks == 1:  # one mix over every state the exchange can reach, instead of one per step
            terms, stay = self._single_terms(s, e, seq[0])
        else:
            terms, stay = self._aim_terms(s, e, seq)
        if not flee:
            return _mix(terms, self.scale - stay, False)
        base = self.base
        q = self._split(s, e)[3]
        terms = [(c * (base - q), v) for c, v in terms]
        terms.append((q * self.scale, ESCAPED))
        return _mix(terms, self.scale * base - stay * (base - q), False)

    def value(self, s: int, e: tuple[int, ...]) -> Value:
        """Exact (w, x, d) between exchanges, for the play the float pass chose."""
        key = (s, e)
        cached = self._between.get(key)
        if cached is not None:
            return cached
        if s <= 0:
            return LOSS
        if not any(e):
            return WIN
        if not self._solved:
            self.solve_floats()
        options = self._close_options(key)
        best: tuple[Option, Value] | None = None
        if key in self._settled:  # nothing came close in the fixed-point pass: value its play once
            ((flee, (seq,)),) = options
            best = ((flee, seq), self._option_exact(s, e, flee, seq))
        for flee, seqs in options if best is None else ():
            pick: tuple[tuple[int, ...], Value] | None = None
            if self.attacks > 1:
                pick = self._improve_exact(s, e, flee, seqs[0])
            for seq in seqs if pick is None else ():
                v = self._option_exact(s, e, flee, seq)
                if pick is None or _better_win(v, pick[1]):
                    pick = (seq, v)
            assert pick is not None
            if best is None or _safer(pick[1], best[1]):
                best = ((flee, pick[0]), pick[1])
        assert best is not None
        value = _reduced(best[1])
        self._choice[key] = best[0]
        self._between[key] = value
        return value

    def _sub_exact(self, s: int, e: tuple[int, ...], left: int) -> Value:
        """Exact (w, x, d) with ``left`` of Shin's attacks still to make this exchange (not reduced)."""
        key = (s, e, left)
        cached = self._sub.get(key)
        if cached is not None:
            return cached
        if not any(e):
            return WIN
        if left == 0:
            value = self.value
            v = _mix([(c, value(s2, e)) for s2, c in self._split(s, e)[1]], self._power[len(e)], False)
        else:
            if not self._solved:
                self.solve_floats()
            found: Value | None = None
            close = self._sub_close[(s, e)][left - 1]
            if not close:
                raise self._stalemate(s, e)
            miss = self._sub_exact(s, e, left - 1)
            for t in close:
                a = self._hit[t]
                if not a:  # an enemy Shin cannot hit: only the miss counts
                    cand = miss
                else:
                    cand = _mix2(a, self._sub_exact(s, self._struck(e, t), left - 1), self.base - a, miss, self.base)
                if found is None or _better_win(cand, found):
                    found = cand
            assert found is not None
            v = found
        self._sub[key] = v
        return v

    def _sub_value(self, s: int, e: tuple[int, ...], left: int) -> Value:
        return self._sub_exact(s, e, left)

    def fresh(self, s: int, e: tuple[int, ...]) -> tuple[tuple[int, ...], Value]:
        """The first exchange, before which nobody may escape (R-GB-15): (targets, exact value)."""
        if not any(e):
            return ((0,) * self.attacks, WIN)
        done = self._fresh_done.get((s, e))
        if done is not None:
            return done
        self.solve_floats()
        if math.isnan(self._float_win((s, e))):
            raise self._stalemate(s, e)
        chosen: tuple[tuple[int, ...], Value] | None = None
        if self.attacks > 1:  # attack by attack, each target chosen exactly among the close ones
            chosen = self._chain_exact(s, e, self.value(s, e), self._fresh_levels[(s, e)])
        for seq in self._fresh_options((s, e)) if chosen is None else ():
            terms, stay = self._aim_terms(s, e, seq)
            if stay:
                terms = [*terms, (stay, self.value(s, e))]
            v = _mix(terms, self.scale)
            if chosen is None or _better_win(v, chosen[1]):
                chosen = (seq, v)
        assert chosen is not None
        chosen = (chosen[0], _reduced(chosen[1]))
        self._fresh_done[(s, e)] = chosen
        return chosen

    def now(self, s: int, e: tuple[int, ...], left: int | None = None, first: bool = False) -> Value:
        """Exact (w, x, d) from a point in a fight: Shin's hits ``s``, the enemies' ``e``, ``left`` of
        his attacks still to make this exchange; ``first`` while the first exchange is not over (no
        escape before it ends, R-GB-15).

        >>> from meikyu.systems.gamebook.fighters import Enemy, Fighter
        >>> solver = DpSolver(Fighter(5, 3, 5, 5), [Enemy(10, 2, 9, 4)])
        >>> w, x, d = solver.now(5, (3,)); d - w, d  # one hit more wins; lose only after 5 wounds
        (1, 20151121)
        >>> w, x, d = solver.now(2, (4,)); round(w / d, 4)
        0.8086
        """
        left = self.attacks if left is None else left
        if s <= 0:
            return LOSS
        if not any(e):
            return WIN
        if left < self.attacks:
            return _reduced(self._sub_exact(s, e, left))
        return self.fresh(s, e)[1] if first else self.value(s, e)

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
        self.value(s, e)
        best, best_v = alive[0], None
        levels = self._sub_close.get((s, e))
        close = (levels[left - 1] if levels else ()) or tuple(alive)
        for t in close:
            a = self._hit[t]
            v = _mix([(a, self._sub_exact(s, self._struck(e, t), left - 1)),
                      (self.base - a, self._sub_exact(s, e, left - 1))], self.base)
            if best_v is None or _better_win(v, best_v):
                best, best_v = t, v
        return best


def fast_odds(shin: Fighter, enemies: Sequence[Enemy], escape: bool = False) -> CombatOdds:
    """Exact chances of a fight from its start, by :class:`DpSolver` (same results as the memoized solver)."""
    solver = DpSolver(shin, enemies, escape)
    if shin.hits <= 0:
        raise InputError("gb.error.odds.no_hits")
    seq, (w, x, d) = solver.fresh(shin.hits, tuple(e.hits for e in enemies))
    win, esc = Fraction(w, d), Fraction(x, d)
    return CombatOdds(win=win, lose=1 - win - esc, escape=esc, best_target=seq[0])
