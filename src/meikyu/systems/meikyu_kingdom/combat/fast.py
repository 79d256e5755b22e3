"""The simulation's fast path: :class:`~.policy.TacticalPolicy` playing both sides, on mutable scratch
records, with no events — the same states and the same dice as ``step`` (a property test compares them
state by state, ``tests/meikyu_kingdom/combat/test_battle_fastpath.py``).

Only the common, plain situations run here: the strategy check (R-MK-24), plain moves with blocking
and breakthrough (R-MK-26/27), attacks that neither crit nor fumble and do not send a PC or an important
NPC to the fatal-wound table (R-MK-29 … R-MK-31, hope for damage R-MK-16), passes (R-MK-38), side
hand-over, round end and end of combat (R-MK-25, R-MK-39, R-MK-42). Anything else — a critical, a
fumble, a fatal wound, bad statuses, cooperation, an ambush, a pending prompt — is handed to ``step``:
the decision is replayed from the state before it, with the dice already drawn fed back first, so the
dice sequence is the one ``step`` alone would have consumed.

>>> from meikyu.dice import RandomDice
>>> from .bestiary import load_encounter
>>> from .simulate import play_out
>>> from .policy import TacticalPolicy
>>> b = load_encounter("sample")
>>> fast, n_fast = play_fast(b, RandomDice(5), TacticalPolicy())
>>> slow, n_slow = play_out(b, RandomDice(5), TacticalPolicy())
>>> fast == slow, n_fast == n_slow
(True, True)
"""

from __future__ import annotations

from meikyu.dice.source import Dice

from ..check.rolls import best_outcome
from .fast_records import Fallback, PrefixDice, Record, eligible
from .model import (
    COURT,
    DEAD,
    INCAPACITATED,
    MONSTERS,
    OK,
    Battle,
    evolve,
)
from .policy import TacticalPolicy
from .rules import step

_ENEMY_HQ = {COURT: 5, MONSTERS: 0}
_FORWARD = {COURT: 1, MONSTERS: -1}
_OTHER = {COURT: MONSTERS, MONSTERS: COURT}












class _Fast:
    __slots__ = (
        "base", "cs", "phase", "round", "first", "active", "current", "moved", "voice", "strategy_bonus",
        "winner", "outcome", "lit", "max_rounds", "looted", "surrendered", "roll", "drawn", "steps",
        "trace", "steps_before", "used", "secret", "lit_cache", "sixes_prompt", "sixes_stakes",
        "blind_help",
    )  # fmt: skip

    def __init__(
        self, b: Battle, dice: Dice, trace: list[tuple[int, Battle]] | None = None, steps_before: int = 0
    ) -> None:
        self.cs: list[Record] = []
        self.trace = trace
        self.drawn: list[int] = []
        roll = dice.roll
        drawn = self.drawn

        def draw(sides: int = 6) -> int:
            value = roll(sides)
            drawn.append(value)
            return value

        self.roll = draw
        self.load(b, steps_before)

    def load(self, b: Battle, steps_before: int) -> None:
        """Take ``b`` as the current state, reusing the scratch records of combatants it kept."""
        self.base = b
        cs = self.cs
        new = b.combatants
        if len(cs) == len(new):
            for i, c in enumerate(new):
                if cs[i].orig is not c:
                    cs[i] = Record(c)
        else:
            self.cs = [Record(c) for c in new]
        self.phase = b.phase
        self.round = b.round
        self.first = b.first
        self.active = b.active
        self.current = b.current
        self.moved = b.moved
        self.voice = b.voice
        self.strategy_bonus = b.strategy_bonus
        self.winner = b.winner
        self.outcome = b.outcome
        self.lit = b.options.lit
        self.lit_cache: frozenset[int] | tuple[int, ...] | None = None
        self.used = b.used
        self.secret = b.hidden_enemy
        self.max_rounds = b.options.max_rounds
        self.sixes_prompt = b.options.sixes_prompt
        self.sixes_stakes = b.options.sixes_stakes
        self.blind_help = b.options.seed_review  # minion help after every hidden-difficulty check; hope asked mid-resolution
        self.looted = frozenset(b.looted)
        self.surrendered = b.surrendered
        self.steps_before = steps_before
        self.steps = 0

    def freeze(self) -> Battle:
        return evolve(
            self.base,
            combatants=tuple(c.freeze() for c in self.cs),
            phase=self.phase,
            round=self.round,
            first=self.first,
            active=self.active,
            current=self.current,
            moved=self.moved,
            voice=self.voice,
            strategy_bonus=self.strategy_bonus,
            winner=self.winner,
            outcome=self.outcome,
            used=self.used,
        )

    # --- one check (resolve.check with no hope and no cooperation) ------------------------------

    def check(
        self, c: Record, stat: int, difficulty: int, secret: bool = False
    ) -> tuple[bool, bool, bool, int, int, int]:
        """(success, critical, fumble, drive gained, prompts, minions lost); nothing is written back.

        A failed check that minions could still turn asks the policy (one prompt, one step): it helps
        when the difficulty is known and one point short, else declines (R-MK-19)."""
        roll = self.roll
        a, b = roll(), roll()
        no_drive = c.no_drive
        asked = 0
        if not self.sixes_prompt and not no_drive and (a == 6 or b == 6):
            # games created before session 5 replay with the automatic reading (Options.sixes_prompt)
            out = best_outcome((a, b), stat, difficulty, curse=c.curse, no_drive=no_drive)
            success, critical, fumble, gain = bool(out.success), out.critical, out.fumble, out.drive
            achievement = out.achievement
        elif a != b and (a == 6 or b == 6) and not no_drive and c.capacity > c.drive:
            # one 6 and room for drive: keep 6 + x, or 1 drive and x alone (resolve._reading, R-MK-14);
            # the player is asked (with sixes_stakes only when one succeeds and the other fails, or
            # minions could still turn the 6's failure), and the policy keeps the 6 only when that
            # alone succeeds
            other = a + b - 6
            fumble = critical = False
            if c.kind != "monster" and (
                secret
                or not self.sixes_stakes
                or (other + stat < difficulty and 6 + other + stat + c.minions >= difficulty)
            ):
                asked = 1
            if other + stat < difficulty <= 6 + other + stat:
                achievement, gain = 6 + other + stat, 0
            else:
                achievement, gain = other + stat, 1
            success = achievement >= difficulty
        else:
            pair = a + b
            critical = pair == 12
            fumble = pair == 2 or (c.curse and pair <= 3)
            achievement = 0 if fumble else pair + stat
            success = critical or (not fumble and achievement >= difficulty)
            gain = 2 if critical else 0
        gain = max(0, min(c.capacity, c.drive + gain) - c.drive) if gain and not no_drive else 0
        if secret and self.blind_help and not fumble and c.minions > 0:
            return success, critical, fumble, gain, asked + 1, 0  # the policy declines against a hidden difficulty
        if not success and not fumble and c.minions > 0 and (secret or difficulty - achievement <= c.minions):
            if not secret and difficulty - achievement == 1:
                return True, critical, fumble, gain, asked + 1, min(c.minions, roll())
            return success, critical, fumble, gain, asked + 1, 0
        return success, critical, fumble, gain, asked, 0

    def lit_now(self) -> frozenset[int] | tuple[int, ...]:
        """model.lit_areas on the scratch records: the room's light and the fragments' where they are
        (kept until someone moves)."""
        if self.lit_cache is not None:
            return self.lit_cache
        out: set[int] | None = None
        for c in self.cs:
            if c.lights:
                if out is None:
                    out = set(self.lit)
                for radius in c.lights:
                    out.update(range(max(0, c.area - radius), min(5, c.area + radius) + 1))
        self.lit_cache = self.lit if out is None else frozenset(out)
        return self.lit_cache

    # --- the policy and the rules, fused ------------------------------------------------------

    def run(self) -> None:
        """Play decisions until the battle ends or one needs the full rules (raises ``Fallback``)."""
        trace = self.trace
        while True:
            self.drawn.clear()
            phase = self.phase
            if phase == "act":
                self.unit()
            elif phase == "strategy":
                self.strategy()
            else:
                return
            if trace is not None:
                trace.append((self.steps_before + self.steps, self.freeze()))

    def strategy(self) -> None:
        rep: Record | None = None
        for c in self.cs:
            if c.side == COURT and c.condition == OK and not c.acted and (rep is None or c.wit > rep.wit):
                rep = c
        if rep is None:
            rep = next(c for c in self.cs if c.side == COURT and c.condition == OK)
        best = 0
        for c in self.cs:
            if c.side == MONSTERS and c.condition == OK:
                value = c.wit + 7 if c.kind == "npc" else c.evasion
                if value > best:
                    best = value
        success, critical, fumble, gain, prompts, lost = self.check(
            rep, rep.wit + rep.orig.data_bonus("wit", "strategy"), best + self.strategy_bonus, self.secret
        )
        if fumble or (critical and rep.distracted):
            raise Fallback  # voice and a disaster (R-MK-20); a critical cures distraction (R-MK-44)
        rep.drive += gain
        rep.minions -= lost
        self.steps += prompts
        first = COURT if success else MONSTERS
        self.phase = "act"
        self.first = first
        self.active = first
        self.strategy_bonus = 0
        self.steps += 1
        self.advance()

    def best_attack(self, c: Record) -> tuple[Record, int, int] | None:
        """policy._best_attack: (target, slot, power) or None."""
        best: tuple[int, int, int] | None = None
        choice: tuple[Record, int, int] | None = None
        lit = self.lit_now() if c.ranged else ()
        area = c.area
        side = c.side
        for slot, power, reach, ranged in c.weapons:
            for t in self.cs:
                if t.side == side or t.condition == DEAD or abs(t.area - area) > reach:
                    continue
                if ranged and t.area not in lit:
                    continue
                key = (0 if t.condition == OK else 1, t.hp, -power)
                if best is None or key < best:
                    best = key
                    choice = (t, slot, power)
        return choice

    def unit(self) -> None:
        if self.current:
            c = next(x for x in self.cs if x.id == self.current)
            hit = self.best_attack(c)
            if hit is None:
                self.finish(c)  # Pass (R-MK-38)
            else:
                self.attack(c, *hit)
            return
        active = self.active
        ready = [c for c in self.cs if c.side == active and c.condition == OK and not c.acted]
        for c in ready:
            hit = self.best_attack(c)
            if hit is not None:
                self.attack(c, *hit)
                return
        c = ready[0]
        if c.foolish:
            raise Fallback  # where a foolish character must go is the rules' call (R-MK-44)
        ahead = _FORWARD[c.side]
        nearest: Record | None = None
        for x in self.cs:
            if (
                x.side != c.side
                and x.condition == OK
                and (nearest is None or abs(x.area - c.area) < abs(nearest.area - c.area))
            ):
                nearest = x
        if nearest is None or nearest.area == c.area:
            self.finish(c)
            return
        step_ = 1 if (nearest.area - c.area) * ahead > 0 else -1
        blocking = step_ == 1 and self.blocked(c)
        used = self.used
        payers = [
            x
            for x in self.cs
            if x.side == c.side and x.condition == OK and x.minions > 0 and (x.id, "breakthrough") not in used
        ]
        if blocking and not payers:
            self.finish(c)
            return
        self.steps += 1
        if blocking:
            payer = payers[0]
            for x in payers:
                if x.minions > payer.minions:
                    payer = x
            payer.minions -= min(payer.minions, self.roll())  # breakthrough (R-MK-27), once a round
            self.used = (*used, (payer.id, "breakthrough"))
            self.steps += 1
        c.area += step_ * ahead
        self.lit_cache = None
        self.current = c.id
        self.moved = True

    def blocked(self, mover: Record) -> bool:
        allies = valor = 0
        for c in self.cs:
            if c.area == mover.area and c.condition == OK:
                if c.side == mover.side:
                    allies += 1
                else:
                    valor += c.valor
        return allies < valor

    def attack(self, a: Record, t: Record, slot: int, power: int) -> None:
        if a.foolish:
            # R-MK-44: the target is drawn at random among the enemies the chosen weapon reaches
            reach, ranged = next((r, rg) for s_, _p, r, rg in a.weapons if s_ == slot)
            lit = self.lit_now()
            in_range = [
                x
                for x in self.cs
                if x.side != a.side
                and x.condition != DEAD
                and abs(x.area - a.area) <= reach
                and not (ranged and x.area not in lit)
            ]
            t = in_range[self.roll(len(in_range)) - 1] if len(in_range) > 1 else in_range[0]
        for x in self.cs:
            if x.covers and x.side == t.side and x.area == t.area and x.condition == OK:
                raise Fallback  # the target or an ally may interrupt the attack (R-MK-08): step asks
        hq = 2 if a.area == _ENEMY_HQ[a.side] else 0
        evasion = t.evasion if t.condition == OK else 7
        success, critical, fumble, gain, prompts, lost = self.check(
            a, a.valor + hq + a.orig.data_bonus("valor", "hit"), evasion, t.hidden and a.side == COURT
        )
        if critical or fumble:
            raise Fallback
        steps = 1 + prompts
        drive = a.drive + gain
        hope_dice = 0
        spent = 0
        if success:
            # R-MK-16: the prompt for hope appears when some hope is there; the policy answers it
            have = drive + (self.voice if a.side == COURT else 0) if a.kind != "monster" else 0
            enmity = a.enmity.get(t.id, 0)
            if a.hope_ok and have > 0:
                steps += 1
                expected = power + enmity - t.armor
                if not (t.hp <= expected or t.condition != OK):
                    spent = min(a.valor, drive)
                    if spent and a.side == COURT and self.voice > 0:
                        steps += 1  # where the hope comes from is asked (R-MK-13); the policy pays from drive
                    roll = self.roll
                    for _ in range(spent):
                        hope_dice += roll()
            amount = power + enmity + hope_dice - t.armor
            if amount > 0 and t.condition != DEAD:
                hp = t.hp - amount
                wound: tuple[int, str, str, int, int, int, int] | None = None
                if t.condition == INCAPACITATED:
                    condition = DEAD  # any further damage kills (R-MK-31)
                elif hp <= 0:
                    if t.kind == "monster":
                        condition = DEAD
                    elif t.kind == "pc" or t.important:
                        wound = self.fatal(t, hp, amount)
                        hp, condition = wound[0], wound[1]
                    else:
                        condition = INCAPACITATED
                else:
                    condition = OK
                # nothing above wrote anything: commit now
                t.hp = hp
                if wound is not None:
                    t.deadline, t.drive, t.minions, self.voice, more = wound[2:]
                    steps += more
                if condition != t.condition:
                    t.condition = condition
                    t.acted = True
                    if condition == DEAD:
                        t.deadline = ""
        a.drive = drive - spent
        a.minions -= lost
        self.steps += steps
        self.finish(a, counted=True)

    def fatal(self, t: Record, hp: int, amount: int) -> tuple[int, str, str, int, int, int, int]:
        """resolve.fatal_wound on ``t`` whose HP fell to ``hp`` from ``amount`` damage (FWT, R-MK-31):
        (hp, condition, deadline, drive, minions, voice, prompts), nothing written. Entries 8 (an item
        breaks) and 12 (a bad status) go to ``step``."""
        roll = self.roll
        value = roll() + roll()
        drive = t.drive
        minions = t.minions
        deadline = t.deadline
        voice = self.voice
        prompts = 0
        if value == 2:
            return hp, DEAD, "", drive, minions, voice, 0
        if value == 3 or value == 10 or value == 11:
            if value == 3:
                stat, difficulty = t.search + t.orig.data_bonus("search", "fatal"), amount + 5
            elif value == 10:
                stat, difficulty = t.search + t.orig.data_bonus("search", "fatal"), 9 - hp
            else:
                stat, difficulty = t.valor + t.orig.data_bonus("valor", "fatal"), 9 - hp
            success, critical, fumble, gain, prompts, lost = self.check(t, stat, difficulty)
            if self.blind_help and t.kind != "monster" and t.drive + (voice if t.side == COURT else 0) > 0:
                prompts += 1  # its hope is asked first (resolve.offered_hope, R-MK-15); the policy adds none
            if fumble or (critical and t.distracted):
                raise Fallback  # voice and a disaster (R-MK-20); a critical cures distraction (R-MK-44)
            drive += gain
            minions -= lost
            if value == 3 and not success:
                return hp, DEAD, "", drive, minions, voice, prompts
            if value != 3 and success:
                hp = 1
        elif value == 4 or value == 5 or value == 6:
            deadline = "combat" if value == 4 else ("quarter" if value == 5 else f"quarters:{roll()}")
        elif value == 9:
            if minions > 0:
                minions -= min(minions, roll() + roll())
                hp += amount
        elif value == 8 or value == 12:
            raise Fallback
        return hp, (OK if hp > 0 else INCAPACITATED), deadline, drive, minions, voice, prompts

    def finish(self, c: Record, counted: bool = False) -> None:
        """flow.finish_unit without obesity or a second action (neither occurs on this path)."""
        if not counted:
            self.steps += 1
        c.acted = True
        self.current = ""
        self.moved = False
        self.advance()

    def standing(self) -> tuple[bool, bool]:
        court = monsters = False
        for c in self.cs:
            if c.condition == OK:
                if c.side == COURT:
                    court = True
                else:
                    monsters = True
        return court, monsters

    def check_end(self) -> bool:
        court, monsters = self.standing()
        if court and monsters:
            return False
        self.end_combat(COURT if court else (MONSTERS if monsters else ""), "wiped_out")
        return True

    def end_combat(self, winner: str, outcome: str) -> None:
        for c in self.cs:
            if c.deadline == "combat" and c.condition != DEAD:
                if c.hp >= 1:
                    c.deadline = ""
                else:
                    c.condition = DEAD
                    c.acted = True
                    c.deadline = ""
        self.winner = winner
        self.outcome = outcome
        self.current = ""
        self.moved = False
        surrendered = self.surrendered == MONSTERS
        defeated = any(
            c.side == MONSTERS
            and c.kind == "monster"
            and (surrendered or c.condition != OK)
            and c.id not in self.looted
            for c in self.cs
        )
        self.phase = "treasure" if winner == COURT and defeated else "over"

    def can_act(self, side: str) -> bool:
        for c in self.cs:  # noqa: SIM110
            if c.side == side and not c.acted and c.condition == OK:
                return True
        return False

    def advance(self) -> None:
        if self.check_end():
            return
        active = self.active
        if self.can_act(active):
            return
        if active == self.first:
            second = _OTHER[active]
            self.active = second
            if self.can_act(second):
                return
        # round end (R-MK-39); no poison on this path
        if self.round >= self.max_rounds:
            self.end_combat("", "draw")
            return
        for c in self.cs:
            if c.acted and c.condition == OK:
                c.acted = False
        self.round += 1
        self.used = ()
        self.phase = "strategy"
        self.first = self.active = self.current = ""
        self.moved = False
        self.strategy_bonus = 0


def play_fast(battle: Battle, dice: Dice, policy: TacticalPolicy) -> tuple[Battle, int]:
    """Run one battle to its end like :func:`~.simulate.play_out`, much faster; same result, same dice."""
    return _play(battle, dice, policy, None)


def _play(
    battle: Battle, dice: Dice, policy: TacticalPolicy, trace: list[tuple[int, Battle]] | None
) -> tuple[Battle, int]:
    state = battle
    steps = 0
    decide = policy.decide
    fast: _Fast | None = None
    while state.phase != "over" and state.phase != "treasure":
        if eligible(state):
            if fast is None:
                fast = _Fast(state, dice, trace, steps)
            else:
                fast.load(state, steps)
            try:
                fast.run()
                prefix: list[int] | None = None
            except Fallback:
                prefix = list(fast.drawn)
            # decisions completed before the fallback are kept: the state before the open one
            if prefix is not None:
                fast.drawn.clear()
            state = fast.freeze() if prefix is None or fast.steps else state
            steps += fast.steps
            if prefix is None:
                break
            replay = PrefixDice(prefix, dice)
            # the open decision through the full rules, until its unit is closed
            state, _ = step(state, decide(state), replay)
            steps += 1
            while state.pending is not None and state.phase not in ("over", "treasure"):
                state, _ = step(state, decide(state), replay)
                steps += 1
            if trace is not None:
                trace.append((steps, state))
            continue
        state, _ = step(state, decide(state), dice)
        steps += 1
        if trace is not None:
            trace.append((steps, state))
    return state, steps
