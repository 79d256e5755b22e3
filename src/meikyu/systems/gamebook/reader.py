"""The terminal reader: a thin loop over :class:`GamebookRules` (no rules here, only words and input).

:class:`Session` keeps the game (with undo), bookmarks and saves; :func:`run_scripted` plays a
list of choices non-interactively; :func:`run_interactive` talks to a person through two
functions (``ask`` and ``say``), so tests can drive it too.

>>> from meikyu.systems.gamebook.books import sample_path
>>> from meikyu.systems.gamebook.book import load_book
>>> from meikyu.dice import ScriptedDice
>>> result = run_scripted(load_book(sample_path()), [1, 4], ScriptedDice([6, 2]), lang="en")
>>> result["path"], result["ending"]
(['1', '2', '35'], 'normal')
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from meikyu.dice.source import Dice, parse_dice_list
from meikyu.engine import Action, Game
from meikyu.errors import DiceError, DiceExhausted, InputError, MeikyuError
from meikyu.files import parse_json, read_text, write_json
from meikyu.i18n import translate
from meikyu.serial import to_data
from meikyu.systems.gamebook.book import Book, Effect
from meikyu.systems.gamebook.combat import CombatState, fighter_for, start_combat
from meikyu.systems.gamebook.events import CombatStarted, Entered
from meikyu.systems.gamebook.fighters import ROLLING, escape_needed
from meikyu.systems.gamebook.odds import combat_odds
from meikyu.systems.gamebook.odds_dp import DpSolver
from meikyu.systems.gamebook.policy import AutoPolicy
from meikyu.systems.gamebook.rules import (
    Attack,
    Choose,
    ChooseDie,
    Distribute,
    Equip,
    Escape,
    GamebookRules,
    PlayState,
    Proceed,
    RollCreation,
    UseAbility,
)
from meikyu.systems.gamebook.sheet import Sheet, apply_effect
from meikyu.systems.gamebook.text import localize

SAVE_FORMAT = "meikyu-gamebook-save/1"
DEFAULT_SAVE = "gamebook-save.json"
"""Where ``save`` with no file name writes (and quitting offers to save) until a file is saved or loaded."""


class Session:
    """One reading of one book: the game, its bookmarks, and how to show it in ``lang``."""

    def __init__(self, book: Book, story: bool = False, dice: Dice | None = None, lang: str = "ja") -> None:
        self.book = book
        self.rules = GamebookRules(book)
        self.story = story
        self.game: Game[PlayState] = Game(self.rules, self.rules.initial(story), dice=dice)
        self.lang = lang
        self.bookmarks: dict[str, int] = {}
        self.policy = AutoPolicy(self.rules)
        self._solvers: dict[Any, DpSolver] = {}
        self.path: str | None = None
        """The file last saved to or loaded from: where quitting offers to save."""
        self._saved: tuple[PlayState, dict[str, int]] = (self.game.state, {})

    @property
    def state(self) -> PlayState:
        return self.game.state

    def t(self, key: str, **params: Any) -> str:
        return translate(f"gb.reader.{key}", self.lang, **params)

    # -- showing ---------------------------------------------------------------------------------
    def paragraph_text(self) -> list[str]:
        s = self.state
        if s.phase in ("roll", "choose_die", "distribute"):
            return [self.t("creation", title=self.book.title.get(self.lang))]
        para = self.book.paragraphs[s.paragraph]
        return [f"[{para.id}]", para.text.get(self.lang)]

    def label(self, action: Action) -> str:
        best = self._best_attack() if isinstance(action, Attack) else None
        return action_label(self.rules, self.state, action, self.lang, best)

    def _best_attack(self) -> Action | None:
        """The target the exact odds favour (R-GB-14), when there is a choice of targets."""
        cs = self.state.combat
        if cs is None or not cs.chosen or len(cs.standing()) < 2:
            return None
        legal = self.game.legal_actions()
        try:
            return self.policy.choose(self.state, legal)
        except (InputError, ValueError):
            return None

    def sheet_lines(self) -> list[str]:
        """The adventure sheet (in a fight the loop shows the fight's hits and enemies just below)."""
        sh = self.state.sheet
        sep = self.t("list_sep")
        items = sep.join(f"{self.book.item_name(k, self.lang)}×{n}" for k, n in sh.items) or "-"
        abilities = sep.join(self.book.ability_name(a, self.lang) for a in sh.abilities) or "-"
        progress = sep.join(f"{self.book.counter_name(k, self.lang)} {v}" for k, v in sh.progress) or "-"
        flags = sep.join(sh.flags) or "-"
        weapon = self.book.item_name(sh.weapon, self.lang) if sh.weapon else "-"
        return [self.t("sheet_stats", attack=sh.attack, defense=sh.defense, stamina=sh.stamina, hits=sh.hits),
                self.t("sheet_weapon", weapon=weapon, kill=sh.kill),
                self.t("sheet_items", items=items), self.t("sheet_abilities", abilities=abilities),
                self.t("sheet_progress", progress=progress), self.t("sheet_flags", flags=flags)]

    def enemy_lines(self, fight: CombatState | None = None) -> list[str]:
        """Shin's hits in the fight (``fight``, or the current one) and each enemy's numbers."""
        cs = fight or self.state.combat
        if cs is None:
            return []
        lines = [self.t("sheet_combat", hits=cs.hits, max=cs.max_hits)]
        for i, f in enumerate(cs.foes):
            if f.left == 0:
                lines.append(self.t("enemy_down", n=i + 1, enemy=f.name.get(self.lang)))
            else:
                lines.append(self.t("enemy", n=i + 1, enemy=f.name.get(self.lang), attack=f.attack, kill=f.kill,
                                    defense=f.defense, left=f.left, hits=f.hits))
        return lines

    def odds_lines(self) -> list[str]:
        """Exact odds: before the ability is chosen, of the whole fight for no ability and for each
        ability Shin has (R-GB-03); after that, from the fight as it stands now, with the chosen one.
        At a fight's paragraph before it starts, the fight ahead (see :meth:`ahead_lines`)."""
        cs = self.state.combat
        if cs is None:
            return self.ahead_lines()
        return self._fight_lines(cs, self.state.sheet)

    def ahead_lines(self) -> list[str]:
        """The fight this paragraph leads into, before it starts: its exact odds with the weapon in hand
        and each ability, and with each other weapon Shin carries, which he may take up first (R-GB-01)."""
        s = self.state
        block = self.book.paragraphs[s.paragraph].combat if s.phase == "read" else None
        if block is None:
            return []
        sheet = s.sheet
        cs = start_combat(block.enemies, sheet.hits, block.escape is not None, abilities=True)
        weapon = self.book.item_name(sheet.weapon, self.lang) if sheet.weapon else "-"
        lines = [self.t("odds_ahead", weapon=weapon, kill=sheet.kill), *self.enemy_lines(cs)[1:]]
        lines += self._fight_lines(cs, sheet)
        for key in self.rules.weapons(s):
            if key == sheet.weapon:
                continue
            other = apply_effect(sheet, Effect("equip", key), self.book)
            name = self.book.item_name(key, self.lang)
            try:
                o = combat_odds(fighter_for(other), list(block.enemies), escape=False)
                lines.append(self.t("odds_weapon", weapon=name, kill=other.kill, win=percent(o.win),
                                    lose=percent(o.lose)))
            except InputError as exc:
                lines.append(self.t("odds_none", ability=name, reason=exc.message(self.lang)))
        return lines

    def _fight_lines(self, cs: CombatState, sheet: Sheet) -> list[str]:
        lines = []
        keys = (cs.ability,) if cs.chosen else ("", *sheet.abilities)
        for key in keys:
            ability = self.book.abilities.get(key) if key else None
            name = self.book.ability_name(key, self.lang) if key else self.t("opt_no_ability")
            label = "odds_now" if cs.chosen and cs.exchanges else "odds"
            try:
                shin = fighter_for(sheet, ability)
                w, lo, _ = self._odds_now(cs, shin, escape=False)
                lines.append(self.t(label, ability=name, win=percent(w), lose=percent(lo)))
                if cs.escape_allowed:
                    w, lo, x = self._odds_now(cs, shin, escape=True)
                    lines.append(self.t("odds_escape", win=percent(w), lose=percent(lo), escape=percent(x)))
            except InputError as exc:
                lines.append(self.t("odds_none", ability=name, reason=exc.message(self.lang)))
        return lines

    def _odds_now(self, cs: CombatState, shin: Any, escape: bool) -> tuple[Fraction, Fraction, Fraction]:
        """(win, lose, escape) from the current point of the fight ``cs``, by the exact solver."""
        if not cs.chosen:  # the whole fight, from its start
            o = combat_odds(shin, [f.enemy for f in cs.foes], escape=escape)
            return o.win, o.lose, o.escape
        key = (shin, tuple(f.enemy for f in cs.foes), escape)
        solver = self._solvers.get(key)
        if solver is None:
            solver = self._solvers[key] = DpSolver(shin, [f.enemy for f in cs.foes], escape)
        w, x, d = solver.now(cs.hits, tuple(f.left for f in cs.foes), cs.attacks_left, first=cs.exchanges == 0)
        return Fraction(w, d), Fraction(d - w - x, d), Fraction(x, d)

    def status_lines(self) -> list[str]:
        s = self.state
        if s.phase == "ended":
            return [self.t("ending", kind=translate(f"gb.ending.{s.ending}", self.lang))]
        if self.rules.is_stuck(s):
            return [self.t("stuck")]
        return []

    # -- doing -----------------------------------------------------------------------------------
    def play(self, action: Action, with_text: bool = False, enemies: bool = True) -> list[str]:
        """Play one action; its events as lines. ``with_text`` puts the text of the paragraph Shin
        arrives at right after the arrival line, before what happens there (items gained, flags …),
        so the reader reads the paragraph first. ``enemies`` adds the enemy list when a fight starts."""
        events = self.game.play(action)
        lines = [e.render(self.lang) for e in events]
        arrived = [i for i, e in enumerate(events) if isinstance(e, Entered)]
        if with_text and arrived:
            lines[arrived[-1] + 1 : arrived[-1] + 1] = self.paragraph_text()[1:]
        if any(isinstance(e, CombatStarted) for e in events):
            lines += (self.enemy_lines() if enemies else []) + self.odds_lines()
        return lines

    def undo(self) -> None:
        self.game.undo()

    def bookmark(self, name: str) -> None:
        self.bookmarks[name] = len(self.game.history)

    def back_to(self, name: str) -> None:
        if name not in self.bookmarks:
            raise InputError("gb.error.no_bookmark", name=name, known=", ".join(self.bookmarks) or "-")
        while len(self.game.history) > self.bookmarks[name]:
            self.game.undo()

    def to_data(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, "book": self.book.id, "story": self.story,
                "bookmarks": self.bookmarks, "game": self.game.to_data()}

    def save(self, path: str | Path) -> None:
        """Write the save atomically (the previous save stays whole if writing fails)."""
        write_json(path, self.to_data(), indent=1)
        self.path, self._saved = str(path), (self.game.state, dict(self.bookmarks))

    def load(self, path: str | Path) -> None:
        """Resume the save at ``path``; on any problem the session is left exactly as it was."""
        self.load_data(parse_json(read_text(path), str(path)), str(path))
        self.path, self._saved = str(path), (self.game.state, dict(self.bookmarks))

    @property
    def unsaved(self) -> bool:
        """The reading has moved (or its bookmarks changed) since it began, was saved or was loaded."""
        return self.game.state is not self._saved[0] or self.bookmarks != self._saved[1]

    def load_data(self, data: Any, where: str = "<save>") -> None:
        """Resume from save data; everything is checked before anything of the session changes."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InputError("gb.error.bad_save", path=where, detail=f"format is not {SAVE_FORMAT}")
        if data.get("book") != self.book.id:
            raise InputError("gb.error.save_other_book", path=where, book=data.get("book"), expected=self.book.id)
        story = data.get("story", False)
        if not isinstance(story, bool):
            raise InputError("gb.error.bad_save", path=where, detail='"story" must be true or false')
        try:
            game = Game.from_data(self.rules, data.get("game"))
        except MeikyuError as exc:  # Game.from_data turns every malformed save into one
            detail = exc.message(self.lang)
            raise InputError("gb.error.bad_save", path=where, detail=detail.rstrip(".。")) from None
        bookmarks = data.get("bookmarks", {})
        if not isinstance(bookmarks, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= len(game.history) for v in bookmarks.values()
        ):
            raise InputError("gb.error.bad_save", path=where,
                             detail=f'"bookmarks" must map names to turn numbers 0 to {len(game.history)}')
        game.dice = self.game.dice
        self.game = game
        self.story = story
        self.bookmarks = {str(k): v for k, v in bookmarks.items()}


def action_label(rules: GamebookRules, s: PlayState, action: Action, lang: str, best: Action | None = None) -> str:
    """A legal action in the reader's words; ``best`` (the target the odds favour) gets a mark."""

    def t(key: str, **params: Any) -> str:
        return translate(f"gb.reader.{key}", lang, **params)

    book = rules.book
    if isinstance(action, RollCreation):
        return t("opt_roll")
    if isinstance(action, ChooseDie):
        return t("opt_die", value=s.rolled[action.index])
    if isinstance(action, Distribute):
        return t("opt_spread", attack=action.attack, defense=action.defense, stamina=action.stamina)
    if isinstance(action, Choose):
        open_now = rules.open_choices(s)
        choice = open_now[action.number - 1]
        text = choice.text.get(lang)
        if sum(1 for c in open_now if c.text.get(lang) == text) > 1:  # same words, other paragraphs
            return text + t("choice_to", target=choice.to)
        return text
    if isinstance(action, Proceed):
        para = rules.paragraph(s)
        if para.combat:
            return t("opt_fight")
        if para.check:
            stat = translate(f"gb.stat.{para.check.stat}", lang)
            return t("opt_check", stat=stat, target=para.check.target)
        return t("opt_jump", target=rules.jump_target(s))
    if isinstance(action, UseAbility):
        if not action.ability:
            return t("opt_no_ability")
        ability = book.abilities.get(action.ability)
        name = ability.name.get(lang) if ability else action.ability
        text = ability.text.get(lang) if ability else ""
        return f"{name} — {text}" if text else name
    if isinstance(action, Attack):
        assert s.combat is not None
        foe = s.combat.foes[action.target]
        text = t("opt_attack", enemy=foe.name.get(lang), left=foe.left, hits=foe.hits)
        return text + t("best_target") if action == best else text
    if isinstance(action, Equip):
        item = rules.book.items[action.item]
        return t("opt_equip", weapon=item.name.get(lang), kill=item.kill)
    if isinstance(action, Escape):
        assert s.combat is not None
        return t("opt_escape", needed=escape_needed(len(s.combat.standing())))
    return type(action).__name__


def run_scripted(book: Book, choices: list[int], dice: Dice, lang: str = "ja", story: bool = False,
                 log: list[str] | None = None, max_actions: int = 20_000) -> dict[str, Any]:
    """Play non-interactively: ``choices`` answer the paragraphs' numbered choices in order; every
    other decision goes to :class:`AutoPolicy`. Stops at an ending, when the choices or the given
    dice run out, at a dead end, or after ``max_actions`` (a fight nobody can end would never stop);
    returns the path and the final sheet as plain data."""
    session = Session(book, story=story, dice=dice, lang=lang)
    queue = list(choices)
    waiting = ""
    for _ in range(max_actions):
        legal = session.game.legal_actions()
        if not legal:
            waiting = "stuck" if session.rules.is_stuck(session.state) else ""
            break
        if isinstance(legal[0], Choose):
            if not queue:
                waiting = "choice"
                break
            action: Action = Choose(queue.pop(0))
        else:
            action = session.policy.choose(session.state, legal)
        try:
            lines = session.play(action, with_text=True)  # a readable transcript: texts where Shin arrives
        except DiceExhausted:
            waiting = "dice"
            break
        if log is not None:
            log.extend(lines)
    else:
        waiting = "limit"
    state = session.state
    sheet = to_data(state.sheet)
    sheet["hits"] = state.sheet.hits
    return {"ok": True, "book": book.id, "story": story, "path": list(state.path), "paragraph": state.paragraph,
            "ended": state.phase == "ended", "ending": state.ending or None, "waiting": waiting or None,
            "unused_choices": queue, "sheet": sheet}


class ManualDice:
    """Dice typed in by the reader (physical dice): asks when the rules need one and none are queued."""

    def __init__(self, ask: Callable[[str], str], say: Callable[[str], None], lang: str) -> None:
        self.ask, self.say, self.lang = ask, say, lang
        self.queue: list[int] = []

    def roll(self, sides: int) -> int:
        while not self.queue:
            kind, count, params = ROLLING.get()
            what = translate(f"gb.roll.{kind}", self.lang, **{k: _shown(k, v, self.lang) for k, v in params.items()})
            text = self.ask(translate("gb.reader.ask_dice", self.lang, what=what, count=count, sides=sides))
            try:
                values = parse_dice_list(text)
                bad = [v for v in values if v > sides]
                if bad:
                    raise DiceError("error.dice.too_big", index=values.index(bad[0]) + 1, value=bad[0], sides=sides)
                self.queue = values
            except DiceError as exc:
                self.say(exc.message(self.lang))
        return self.queue.pop(0)


def _shown(name: str, value: Any, lang: str) -> Any:
    if name == "stat":
        return translate(f"gb.stat.{value}", lang)
    return localize(value, lang)


def percent(p: Fraction) -> str:
    """A chance for people: one decimal, but never "0.0" or "100.0" for something that can happen or fail.

    >>> percent(Fraction(1, 3)), percent(Fraction(0)), percent(Fraction(1)), percent(Fraction(1, 10**6))
    ('33.3', '0', '100', '<0.1')
    >>> percent(1 - Fraction(1, 10**6))
    '>99.9'
    """
    if p <= 0:
        return "0"
    if p >= 1:
        return "100"
    text = f"{float(p) * 100:.1f}"
    return "<0.1" if text == "0.0" else ">99.9" if text == "100.0" else text


_YES = ("", "y", "yes", "예", "네", "ㅇ", "はい")
_NO = ("n", "no", "아니오", "아니요", "いいえ")


def _save_on_quit(session: Session, ask: Callable[[str], str], say: Callable[[str], None]) -> bool:
    """Quitting with progress not saved: save it (the default), quit without, or go back to reading.
    True when the reader may leave; a save that fails says why and keeps them reading."""
    path = session.path or DEFAULT_SAVE
    try:
        answer = ask(session.t("quit_unsaved", path=path)).strip().lower()
    except EOFError:  # input closed at the question: take its default, so nothing read is lost
        answer = ""
    if answer in _NO:
        return True
    if answer not in _YES:
        return False
    session.save(path)  # a MeikyuError (the disk said no) is told by the loop, and reading goes on
    say(session.t("saved", path=path))
    return True


def run_interactive(session: Session, ask: Callable[[str], str], say: Callable[[str], None]) -> int:
    """The reading loop. Numbers pick options; letters are commands (``h`` lists them)."""
    t = session.t
    show = True
    shown: int | None = None
    while True:
        # The paragraph is shown when the reader arrives (or comes back by undo / load), not after every roll.
        where = len(session.state.path)
        if show or where != shown:
            for line in session.paragraph_text():
                say(line)
            for line in session.status_lines():
                say(line)
        show, shown = False, where
        legal = session.game.legal_actions()
        if session.state.phase == "combat":
            for line in session.enemy_lines():
                say(line)
        for number, action in enumerate(legal, start=1):
            say(f"  {number}. {session.label(action)}")
        try:
            line = ask(t("prompt") if legal else t("prompt_end")).strip()
        except EOFError:
            return 0
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        try:
            if line == "" and len(legal) == 1:
                action = legal[0]
            elif line == "":  # Enter alone: say what is expected instead of "unknown command"
                for text in ([t("bad_number", count=len(legal))] if legal else session.status_lines()
                             or [t("help")]):
                    say(text)
                continue
            elif word.isdigit():
                number = int(word)
                if not legal:  # an ending (or a dead end): nothing to pick, not "a number from 1 to 0"
                    say(t("ended_number") if session.state.phase == "ended" else t("stuck"))
                    continue
                if not 1 <= number <= len(legal):
                    say(t("bad_number_one") if len(legal) == 1 else t("bad_number", count=len(legal)))
                    continue
                action = legal[number - 1]
            elif word in ("q", "quit"):
                if session.unsaved and not _save_on_quit(session, ask, say):
                    continue
                return 0
            elif word in ("h", "help", "?"):
                say(t("help"))
                continue
            elif word in ("s", "sheet"):
                for text in session.sheet_lines():
                    say(text)
                continue
            elif word in ("o", "odds"):
                for text in session.odds_lines() or [t("no_fight")]:
                    say(text)
                continue
            elif word in ("u", "undo"):
                session.undo()
                say(t("undone"))
                show = True
                continue
            elif word in ("b", "bookmark"):
                session.bookmark(rest or str(len(session.bookmarks) + 1))
                say(t("bookmarked", name=rest or str(len(session.bookmarks))))
                continue
            elif word in ("g", "goto"):
                session.back_to(rest)
                show = True
                continue
            elif word == "save":
                session.save(rest or session.path or DEFAULT_SAVE)
                say(t("saved", path=rest or session.path or DEFAULT_SAVE))
                continue
            elif word == "load":
                session.load(rest or session.path or DEFAULT_SAVE)
                show = True
                continue
            else:
                say(t("unknown_command", command=line))
                continue
            for text in session.play(action, with_text=True, enemies=False):
                say(text)
            if len(session.state.path) != where:  # arrived somewhere: its text is shown already
                shown = len(session.state.path)
                for text in session.status_lines():
                    say(text)
        except MeikyuError as exc:
            say(exc.message(session.lang))
