"""Reading a book as a state machine: :class:`GamebookRules` for :class:`meikyu.engine.Game`.

Phases: ``roll`` (the creation roll, R-GB-02) → ``choose_die`` → ``distribute`` → ``read`` (a
paragraph: choices, a jump, a check or a fight) ⇄ ``combat`` → ``ended`` (an ending). Story mode
(R-GB-08) starts at ``read`` and needs no dice.

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.engine import FirstLegalPolicy, Game
>>> from meikyu.systems.gamebook.books import sample_path
>>> from meikyu.systems.gamebook.book import load_book
>>> book = load_book(sample_path())
>>> rules = GamebookRules(book)
>>> game = Game(rules, rules.initial(), dice=ScriptedDice([5, 2]))
>>> game.play(RollCreation())
(CreationRolled(first=5, second=2),)
>>> [str(a) for a in game.legal_actions()]
['ChooseDie(index=0)', 'ChooseDie(index=1)']
>>> _ = game.play(ChooseDie(0)); game.legal_actions()[0]
Distribute(attack=2, defense=2, stamina=1)
>>> _ = game.play(Distribute(2, 2, 1)); s = game.state.sheet
>>> (s.attack, s.defense, s.stamina, game.state.phase, game.state.paragraph)
(6, 6, 5, 'read', '1')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Prompt
from meikyu.errors import RuleError
from meikyu.serial import TypeRegistry, from_data, to_data
from meikyu.systems.gamebook import combat as fight
from meikyu.systems.gamebook.book import Book, Choice, Effect, Paragraph
from meikyu.systems.gamebook.combat import CombatState
from meikyu.systems.gamebook.events import (
    AbilityChosen,
    Amended,
    CheckRolled,
    CombatLost,
    CombatStarted,
    CreationRolled,
    DieChosen,
    Distributed,
    EndingReached,
    Entered,
    Equipped,
    Escaped,
    FlagSet,
    Gained,
    GbEvent,
    HitsRestored,
    Learned,
    Lost,
    NoAbility,
    ProgressAdded,
    StatChanged,
    StoryNoItem,
    StoryWin,
)
from meikyu.systems.gamebook.fighters import Fighter, rolling
from meikyu.systems.gamebook.sheet import Sheet, all_hold, apply_effect, distribute, distributions, new_sheet
from meikyu.systems.gamebook.text import Text

ACTIONS = TypeRegistry()


@ACTIONS.register
@dataclass(frozen=True)
class RollCreation(Action):
    """Roll 2D6 for the starting points (R-GB-02)."""


@ACTIONS.register
@dataclass(frozen=True)
class ChooseDie(Action):
    index: int


@ACTIONS.register
@dataclass(frozen=True)
class Distribute(Action):
    attack: int
    defense: int
    stamina: int


@ACTIONS.register
@dataclass(frozen=True)
class Choose(Action):
    """Take a choice: ``number`` counts the choices open now, from 1, as the reader shows them."""

    number: int


@ACTIONS.register
@dataclass(frozen=True)
class Proceed(Action):
    """Follow the paragraph's jump, roll its check, or start its fight."""


@ACTIONS.register
@dataclass(frozen=True)
class UseAbility(Action):
    """The one ability for this combat (R-GB-03); ``""`` for none."""

    ability: str


@ACTIONS.register
@dataclass(frozen=True)
class Attack(Action):
    target: int  # 0-based index of the enemy as listed


@ACTIONS.register
@dataclass(frozen=True)
class Escape(Action):
    pass


@ACTIONS.register
@dataclass(frozen=True)
class Equip(Action):
    """Take up a weapon Shin carries, between paragraphs: the kill value is the equipped weapon's (R-GB-01)."""

    item: str


@ACTIONS.register
@dataclass(frozen=True)
class Amend(Action):
    """Settle something by hand between paragraphs (issue 25): one of the book's own effects on the sheet —
    ``gain``/``lose`` an item, set a ``flag``, add to ``progress``, change a ``stat``, ``learn`` an ability —
    as a reader keeping a paper sheet would, with the reason in the log beside it."""

    kind: str
    key: str
    amount: int = 1


AMEND_KINDS = ("gain", "lose", "flag", "progress", "stat", "learn")
"""What a ruling may do: the book's effects but ``equip``, which the reader does with :class:`Equip`."""


@dataclass(frozen=True)
class PlayState:
    phase: str
    sheet: Sheet
    paragraph: str = ""
    story: bool = False
    rolled: tuple[int, ...] = ()
    points: int = 0
    combat: CombatState | None = None
    path: tuple[str, ...] = ()
    ending: str = ""


def _roll_text(faces: Sequence[int]) -> str:
    return "+".join(map(str, faces))


class GamebookRules:
    """The rules of the Shin gamebook system, reading one :class:`Book`."""

    id = "gamebook"
    actions = ACTIONS

    def __init__(self, book: Book) -> None:
        self.book = book

    # -- setting up ----------------------------------------------------------------------------
    def initial(self, story: bool = False) -> PlayState:
        """A new reading. Story mode (R-GB-08) skips the creation roll and starts at the first paragraph."""
        state = PlayState(phase="roll", sheet=new_sheet(self.book), story=story)
        if story:
            state, _ = self._enter(replace(state, phase="read"), self.book.start)
        return state

    def state_to_data(self, state: PlayState) -> Any:
        return to_data(state)

    def state_from_data(self, data: Any) -> PlayState:
        return from_data(PlayState, data)  # type: ignore[no-any-return]

    # -- what may happen next --------------------------------------------------------------------
    def open_choices(self, state: PlayState) -> list[Choice]:
        """The choices whose conditions hold now, in the book's order. Two that read the same and lead
        to the same paragraph (say, one for each of two ways of having a key) are one choice: the
        reader sees it once."""
        out: list[Choice] = []
        for c in self.paragraph(state).choices:
            if all_hold(state.sheet, c.when, state.story) and not any(
                    o.text == c.text and o.to == c.to for o in out):
                out.append(c)
        return out

    def paragraph(self, state: PlayState) -> Paragraph:
        try:
            return self.book.paragraphs[state.paragraph]
        except KeyError:
            raise RuleError("R-GB-07", "gb.error.missing_paragraph", paragraph=state.paragraph) from None

    def jump_target(self, state: PlayState) -> str | None:
        """The first listed jump whose conditions hold (R-GB-07), if any."""
        for jump in self.paragraph(state).jumps:
            if all_hold(state.sheet, jump.when, state.story):
                return jump.to
        return None

    def prompt(self, state: PlayState) -> Prompt | None:
        """The decision the rules wait for, if any."""
        if state.phase == "choose_die":
            return Prompt("die", options=tuple(map(str, state.rolled)))
        if state.phase == "distribute":
            return Prompt("distribute", options=tuple(f"{a}/{d}/{s}" for a, d, s in distributions(state.points)))
        cs = state.combat
        if state.phase == "combat" and cs is not None:
            if not cs.chosen:
                return Prompt("ability", options=("", *state.sheet.abilities))
            if len(cs.standing()) > 1:
                return Prompt("target", options=tuple(str(i + 1) for i in cs.standing()))
        return None

    def legal_actions(self, state: PlayState) -> list[Action]:
        """Legal actions, the recommended one first."""
        if state.phase == "roll":
            return [RollCreation()]
        if state.phase == "choose_die":
            order = sorted(range(len(state.rolled)), key=lambda i: -state.rolled[i])
            firsts = [i for i in order if state.rolled.index(state.rolled[i]) == i]  # a double is one choice
            return [ChooseDie(i) for i in firsts]
        if state.phase == "distribute":
            return [Distribute(*t) for t in distributions(state.points)]
        if state.phase == "combat" and state.combat is not None:
            cs = state.combat
            if not cs.chosen:
                return [UseAbility(""), *(UseAbility(a) for a in state.sheet.abilities)]
            acts: list[Action] = [Attack(i) for i in cs.standing()]
            if cs.can_escape():
                acts.append(Escape())
            return acts
        if state.phase == "read":
            p = self.paragraph(state)
            if p.combat or p.check or self.jump_target(state) is not None:
                ways: list[Action] = [Proceed()]
            else:
                ways = [Choose(n) for n in range(1, len(self.open_choices(state)) + 1)]
            return ways + [Equip(k) for k in self.weapons(state) if k != state.sheet.weapon] if ways else []
        return []

    def weapons(self, state: PlayState) -> list[str]:
        """The weapons Shin carries (items with a kill value), in the sheet's order."""
        return [k for k, n in state.sheet.items
                if n > 0 and k in self.book.items and self.book.items[k].kill is not None]

    def is_stuck(self, state: PlayState) -> bool:
        """A paragraph with no way on that is not an ending (the validator's dead end, met in play)."""
        return state.phase == "read" and not self.legal_actions(state)

    # -- the machine -------------------------------------------------------------------------------
    def step(self, state: PlayState, action: Action, dice: Dice) -> tuple[PlayState, tuple[GbEvent, ...]]:
        if state.phase == "ended":  # nothing is left to do, whatever the action (not "pick 1 to 0")
            raise RuleError("R-GB-07", "gb.error.ended", paragraph=state.paragraph)
        if isinstance(action, RollCreation):
            self._need(state, "roll", "R-GB-02")
            with rolling("creation", 2):
                first, second = dice.roll(6), dice.roll(6)
            return replace(state, phase="choose_die", rolled=(first, second)), (CreationRolled(first, second),)
        if isinstance(action, ChooseDie):
            self._need(state, "choose_die", "R-GB-02")
            if not 0 <= action.index < len(state.rolled):
                raise RuleError("R-GB-02", "gb.error.bad_die", index=action.index + 1)
            value = state.rolled[action.index]
            return replace(state, phase="distribute", points=value), (DieChosen(value),)
        if isinstance(action, Distribute):
            return self._distribute(state, action)
        if isinstance(action, Choose):
            self._need(state, "read", "R-GB-07")
            p = self.paragraph(state)
            if p.combat or p.check or self.jump_target(state) is not None:
                raise RuleError("R-GB-07", "gb.error.no_choice_here")
            open_now = self.open_choices(state)
            if not open_now:  # a dead end: say so instead of "pick 1 to 0"
                raise RuleError("R-GB-07", "gb.error.no_open_choice", paragraph=state.paragraph)
            if not 1 <= action.number <= len(open_now):
                raise RuleError("R-GB-07", "gb.error.bad_choice", number=action.number, count=len(open_now),
                                paragraph=state.paragraph)
            new, events = self._enter(state, open_now[action.number - 1].to)
            return new, tuple(events)
        if isinstance(action, Proceed):
            return self._proceed(state, dice)
        if isinstance(action, Amend):
            return self._amend(state, action)
        if isinstance(action, UseAbility):
            return self._use_ability(state, action)
        if isinstance(action, (Attack, Escape)):
            return self._fight(state, action, dice)
        if isinstance(action, Equip):
            self._need(state, "read", "R-GB-01")
            if action.item not in self.weapons(state):
                names = ", ".join(self.weapons(state)) or "-"
                raise RuleError("R-GB-01", "gb.error.not_carried_weapon", item=action.item, weapons=names)
            before = state.sheet
            sheet = apply_effect(before, Effect("equip", action.item), self.book)
            return replace(state, sheet=sheet), tuple(self._effect_events(before, sheet, "equip", action.item, 1))
        raise RuleError("R-GB-07", "gb.error.unknown_action", action=type(action).__name__)

    def _need(self, state: PlayState, phase: str, rule: str) -> None:
        if state.phase != phase:
            raise RuleError(rule, "gb.error.not_now", phase=state.phase, expected=phase)

    def _distribute(self, state: PlayState, action: Distribute) -> tuple[PlayState, tuple[GbEvent, ...]]:
        self._need(state, "distribute", "R-GB-02")
        spread = (action.attack, action.defense, action.stamina)
        if spread not in distributions(state.points):
            raise RuleError("R-GB-02", "gb.error.bad_spread", points=state.points,
                            spread="/".join(map(str, spread)))
        sheet = distribute(state.sheet, *spread)
        state = replace(state, sheet=sheet, phase="read")
        events: list[GbEvent] = [Distributed(sheet.attack, sheet.defense, sheet.stamina)]
        new, more = self._enter(state, self.book.start)
        return new, (*events, *more)

    def _enter(self, state: PlayState, pid: str) -> tuple[PlayState, list[GbEvent]]:
        """Arrive at a paragraph: its effects apply once for this visit."""
        paragraph = self.book.paragraphs.get(pid)
        if paragraph is None:
            raise RuleError("R-GB-07", "gb.error.missing_paragraph", paragraph=pid)
        events: list[GbEvent] = [Entered(pid)]
        sheet = state.sheet
        effects = paragraph.effects
        missing = [e.key for e in effects if e.kind == "lose" and sheet.count(e.key) == 0]
        if state.story and missing:
            # Story mode lets Shin pass as if he had the item (R-GB-08), but he cannot spend what he does
            # not hold: the loss and the gains it would pay for are skipped (no free herbs).
            effects = tuple(e for e in effects if e.kind in ("flag", "progress"))
            events.append(StoryNoItem(self.book.items[missing[0]].name if missing[0] in self.book.items
                                      else Text.plain(missing[0])))
        for effect in effects:
            before = sheet
            sheet = apply_effect(sheet, effect, self.book)
            events.extend(self._effect_events(before, sheet, effect.kind, effect.key, effect.amount))
        state = replace(state, sheet=sheet, paragraph=pid, path=(*state.path, pid), combat=None)
        if paragraph.ending is not None:
            state = replace(state, phase="ended", ending=paragraph.ending)
            events.append(EndingReached(paragraph.ending))
        return state, events

    def _amend(self, state: PlayState, a: Amend) -> tuple[PlayState, tuple[GbEvent, ...]]:
        """A ruling on the sheet, between paragraphs (never inside a fight: its hits are the fight's)."""
        self._need(state, "read", "R-GB-04")
        if a.kind not in AMEND_KINDS:
            raise RuleError("R-GB-04", "gb.error.amend_kind", kind=a.kind[:20], kinds=", ".join(AMEND_KINDS))
        if not a.key.strip() or len(a.key) > 40 or (a.kind == "stat" and a.key not in ("attack", "defense", "stamina")):
            raise RuleError("R-GB-04", "gb.error.amend_key", kind=a.kind, what=a.key[:40])
        if not -99 <= a.amount <= 99 or (a.amount < 1 and a.kind in ("gain", "lose")):
            raise RuleError("R-GB-04", "gb.error.amend_amount", amount=a.amount)
        sheet = apply_effect(state.sheet, Effect(a.kind, a.key.strip(), a.amount), self.book)
        events = self._effect_events(state.sheet, sheet, a.kind, a.key.strip(), a.amount)
        return replace(state, sheet=sheet), (Amended(), *events)

    def _effect_events(self, before: Sheet, after: Sheet, kind: str, key: str, amount: int) -> list[GbEvent]:
        book = self.book
        item = book.items[key].name if key in book.items else key
        if kind == "gain":
            return [Gained(item, amount, after.count(key))]
        if kind == "lose":
            return [Lost(item, before.count(key) - after.count(key), after.count(key))]
        if kind == "flag":
            return [FlagSet(key)] if before.flags != after.flags else []
        if kind == "progress":
            return [ProgressAdded(book.counters.get(key, key), amount, after.counter(key))]
        if kind == "stat":
            return [StatChanged(key, amount, after.stat(key))]
        if kind == "learn":
            ability = book.abilities[key].name if key in book.abilities else key
            return [Learned(ability)] if before.abilities != after.abilities else []
        if kind == "equip":
            return [Equipped(item, after.kill)]
        return []

    def _proceed(self, state: PlayState, dice: Dice) -> tuple[PlayState, tuple[GbEvent, ...]]:
        self._need(state, "read", "R-GB-07")
        p = self.paragraph(state)
        if p.combat is not None:
            if state.story:  # every combat counts as won (R-GB-08)
                new, events = self._enter(state, p.combat.win)
                return new, (StoryWin(), *events)
            cs = fight.start_combat(p.combat.enemies, state.sheet.hits, p.combat.escape is not None,
                                    abilities=bool(state.sheet.abilities))
            started = CombatStarted(len(cs.foes), cs.hits)
            if cs.hits <= 0:  # no hits to start with: Shin is already defeated (R-GB-12, R-GB-16)
                new, events = self._enter(replace(state, combat=None), p.combat.lose)
                return new, (started, CombatLost(), HitsRestored(state.sheet.hits), *events)
            return replace(state, phase="combat", combat=cs), (started,)
        if p.check is not None:
            c = p.check
            if state.story:  # every value counts as sufficient (R-GB-08)
                new, events = self._enter(state, c.success)
                return new, tuple(events)
            with rolling("check", 2, stat=c.stat, target=c.target):
                faces = (dice.roll(6), dice.roll(6))
            total = sum(faces) + state.sheet.stat(c.stat)
            ok = total >= c.target
            new, events = self._enter(state, c.success if ok else c.failure)
            return new, (CheckRolled(c.stat, _roll_text(faces), total, c.target, ok), *events)
        target = self.jump_target(state)
        if target is None:
            raise RuleError("R-GB-07", "gb.error.nothing_to_follow")
        new, events = self._enter(state, target)
        return new, tuple(events)

    def fighter(self, state: PlayState) -> Fighter:
        """Shin's numbers in the current combat, with its chosen ability."""
        cs = state.combat
        ability = self.book.abilities.get(cs.ability) if cs and cs.ability else None
        return fight.fighter_for(state.sheet, ability)

    def _use_ability(self, state: PlayState, action: UseAbility) -> tuple[PlayState, tuple[GbEvent, ...]]:
        self._need(state, "combat", "R-GB-03")
        assert state.combat is not None
        if action.ability and action.ability not in state.sheet.abilities:
            raise RuleError("R-GB-03", "gb.error.unknown_ability", ability=action.ability,
                            known=", ".join(state.sheet.abilities) or "-")
        ability = self.book.abilities.get(action.ability) if action.ability else None
        cs = fight.choose_ability(state.combat, action.ability, fight.fighter_for(state.sheet, ability))
        event: GbEvent = AbilityChosen(ability.name if ability else action.ability) if action.ability else NoAbility()
        return replace(state, combat=cs), (event,)

    def _fight(self, state: PlayState, action: Action, dice: Dice) -> tuple[PlayState, tuple[GbEvent, ...]]:
        self._need(state, "combat", "R-GB-14" if isinstance(action, Attack) else "R-GB-15")
        assert state.combat is not None
        shin = self.fighter(state)
        if isinstance(action, Attack):
            if not state.combat.chosen:
                raise RuleError("R-GB-03", "gb.error.choose_ability_first")
            cs, events = fight.attack(state.combat, shin, action.target, dice)
        else:
            cs, events = fight.escape(state.combat, shin, dice)
        if not cs.outcome:
            return replace(state, combat=cs), tuple(events)
        block = self.paragraph(state).combat
        assert block is not None
        target = {"win": block.win, "lose": block.lose, "escape": block.escape}[cs.outcome]
        assert target is not None
        if cs.outcome == "escape":
            events.append(Escaped())
        # No injury carries over: hits return to stamina after every combat (R-GB-16).
        events.append(HitsRestored(state.sheet.hits))
        new, more = self._enter(replace(state, phase="read", combat=None), target)
        return new, (*events, *more)
