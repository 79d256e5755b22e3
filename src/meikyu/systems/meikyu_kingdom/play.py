"""``meikyu mk play``: a whole game in the terminal, saved after every step and resumed from the save.

A thin face over :class:`.session.SessionRules`: it shows where the game stands (phase, kingdom, court,
room, haul, the battlefield in a battle), lists the legal actions as numbered choices in the reader's
language, and plays the one chosen. At the round table the commands of ``mk table`` are typed as they
are (``minions doyun 6``, ``item seoa 도시락 1`` …); anywhere outside a battle ``check WHO STAT N`` calls
for a check, and in camp ``transport WHO N THING…`` sends minions home with part of the haul. With
``typed=True`` (``--dice manual``) every action that rolls asks for the dice rolled at the table first
(Enter lets the program roll). After every step the game (initial state + actions with their dice) is written atomically
to the save file, so a resumed game replays to exactly the same state.

>>> import io, tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> out = io.StringIO()
>>> answers = iter(["1", "1", "q"])
>>> player = Player.start("sample", folder / "game.json", "en", lambda _: next(answers), out, seed=1)
>>> player.run()
0
>>> text = out.getvalue()
>>> "Kingdom of Mushroom Hollow" in text, "prologue" in text, (folder / "game.json").exists()
(True, True, True)
>>> again = Player.resume(folder / "game.json", "en", lambda _: "q", io.StringIO())
>>> (again.game.state.phase, again.game.state.step, len(again.game.history))
('kingdom', 'round_table', 2)
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from meikyu.dice.source import Dice, RandomDice
from meikyu.engine import Action, Game
from meikyu.errors import DataError, InputError, MeikyuError
from meikyu.i18n import lookup, translate
from meikyu.i18n.hangul import settle_particles
from meikyu.sheetdata.reader import sheet_error
from meikyu.systems.meikyu_kingdom import session as se
from meikyu.systems.meikyu_kingdom.check.typed_dice import play_typed
from meikyu.systems.meikyu_kingdom.expedition.transport import Transport
from meikyu.systems.meikyu_kingdom.kingdom import cycle as cy
from meikyu.systems.meikyu_kingdom.kingdom import effects as fx
from meikyu.systems.meikyu_kingdom.play_words import Names, describe, mk_text, prompt_line, status_lines
from meikyu.systems.meikyu_kingdom.session_state import SessionState
from meikyu.systems.meikyu_kingdom.table_runner import command_action

SAVE_FORMAT = "meikyu.mk.play"
SAVE_VERSION = 1


def _stat(word: str, lang: str) -> str:
    """A stat or power typed in any of the three languages (``매력``, ``魅力``, ``charm``) as its code name."""
    from meikyu.systems.meikyu_kingdom.sheets.character import STATS
    from meikyu.systems.meikyu_kingdom.sheets.kingdom import POWERS

    return _code(word, (*STATS, *POWERS))


def _action_type(word: str, lang: str) -> str:
    return _code(word, cy.ACTION_TYPES)


def _code(word: str, codes: tuple[str, ...]) -> str:
    low = word.lower()
    for code in codes:
        if low == code or any(translate(key, lang) == word for lang in ("ko", "ja", "en")
                              for key in (f"mk.word.{code}", f"mk.word.material_{code}") if lookup(key, lang) is not None):
            return code
    return low


class Player:
    """The play loop. ``ask`` reads one line (``input``), ``out`` receives the text."""

    def __init__(self, game: Game[SessionState], path: Path, lang: str, ask: Callable[[str], str], out: TextIO,
                 dice: Dice, typed: bool = False) -> None:
        self.game, self.path, self.lang, self.ask, self.out, self.dice = game, path, lang, ask, out, dice
        self.typed = typed
        """Ask for the dice rolled at the table before each action that rolls (``--dice manual``)."""
        self.dirty = False
        self.last_battle: Any = None
        self.auto_monsters = False
        """``m`` in a battle: the tactical policy plays the monster side until ``m`` again."""
        self.notes: list[str] = []
        """Refusals kept for just above the next prompt: said at once, the status and a long menu redrawn
        after them scrolled them off the screen, so a refused command seemed to do nothing."""

    # -- setting up ----------------------------------------------------------------------------
    @classmethod
    def start(cls, sheet: str, path: Path, lang: str, ask: Callable[[str], str], out: TextIO,
              labyrinth: str = "sample", seed: int | None = None, typed: bool = False) -> Player:
        """A new game of ``sheet`` (a sheet file, or ``sample``) on ``labyrinth``."""
        from meikyu.files import check_writable
        from meikyu.systems.meikyu_kingdom.labyrinth.map import load_labyrinth
        from meikyu.systems.meikyu_kingdom.sheets.sheet import load_sheet, sample

        check_writable(path)
        sheet_file = sample() if sheet == "sample" else load_sheet(sheet)
        if sheet_file.kingdom is None:
            raise sheet_error("missing", file=sheet, entry="", field="kingdom", kind="[kingdom] table")
        state = se.new_session(sheet_file, load_labyrinth(labyrinth))
        dice = RandomDice(seed)
        player = cls(Game(se.SessionRules(), state, dice), path, lang, ask, out, dice, typed)
        player.save()
        return player

    @classmethod
    def resume(cls, path: Path, lang: str, ask: Callable[[str], str], out: TextIO, seed: int | None = None,
               typed: bool = False) -> Player:
        """The game saved in ``path``, replayed step by step with the dice it drew."""
        from meikyu.files import parse_json, read_text

        data = parse_json(read_text(path), str(path))
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or not isinstance(data.get("game"), dict):
            raise DataError("mk.play.bad_save", file=str(path), reason=f"format {SAVE_FORMAT}")
        try:
            game = Game.from_data(se.SessionRules(), data["game"])
        except MeikyuError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError("mk.play.bad_save", file=str(path), reason=type(exc).__name__) from exc
        dice = RandomDice(seed)
        game.dice = dice
        player = cls(game, path, lang, ask, out, dice, typed)
        player.say(mk_text("play.resumed", lang, file=str(path), steps=len(game.history)))
        return player

    def save(self) -> None:
        from meikyu.files import write_atomic

        data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game.to_data()}
        write_atomic(self.path, json.dumps(data, ensure_ascii=False))
        self.dirty = False

    # -- the loop ------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.out.write((settle_particles(text) if self.lang == "ko" else text) + "\n")

    def refuse(self, text: str) -> None:
        """Why an input was refused, said just above the next prompt (after the menu is redrawn)."""
        self.notes.append(text)

    def _tell_notes(self) -> None:
        for note in self.notes:
            self.say(note)
        self.notes.clear()

    def show(self) -> None:
        state = self.game.state
        lab = state.labyrinth.label(self.lang) if state.labyrinth else "-"
        self.say(mk_text("play.title", self.lang, kingdom=state.kingdom.label(self.lang), number=state.number, labyrinth=lab))
        for line in status_lines(state, self.lang):
            self.say(line)
        if state.battle is not None:
            from meikyu.systems.meikyu_kingdom.combat.words import show_field

            self.say(str(show_field(state.battle, self.lang)))
        line = prompt_line(state, self.lang)
        if line:
            self.say(line)

    def _battle(self) -> Any:
        """The battle whose own menu is shown now (grouped by character and kind, stable keys, issue 12 §4)."""
        state = self.game.state
        return state.battle if state.battle is not None and state.called is None and state.effects is None else None

    def run(self) -> int:
        while True:
            self.show()
            legal = list(self.game.legal_actions())
            battle = self._battle()
            if battle is not None and self.auto_monsters and self._policy_plays(battle, legal):
                continue
            if battle is not None:
                from meikyu.systems.meikyu_kingdom.combat.words import show_menu

                for line in show_menu(battle, legal, self.lang):
                    self.say(line)
            for n, listed in enumerate([] if battle is not None else legal, 1):
                self.say(f"  {n:>3}. {describe(listed, self.game.state, self.lang)}")
            self._tell_notes()
            try:
                text = self.ask(mk_text("play.choose", self.lang) + " ").strip()
            except EOFError:
                self.quit(force=True)
                return 0
            if text.lower() == "q":
                if self.quit():
                    return 0
                continue
            if text in ("?", "h", "help"):
                self.say(mk_text("play.help", self.lang))
                continue
            if text.lower() == "u":
                self.undo()
                continue
            if text.lower() == "s":
                self.save()
                self.say(mk_text("play.saved", self.lang, file=str(self.path)))
                continue
            try:
                if battle is not None and self._battle_command(text, battle):
                    continue
            except EOFError:  # input closed while a GM action or its dice were asked for
                self.quit(force=True)
                return 0
            try:
                chosen = self.choice(text, legal)
            except MeikyuError as err:
                self.refuse("! " + err.message(self.lang))
                continue
            if chosen is None:
                self.refuse(mk_text("play.bad_choice", self.lang, text=text, count=len(legal)))
                continue
            try:
                self.play(chosen)
            except EOFError:  # input closed while the dice were asked for
                self.quit(force=True)
                return 0

    def _policy_plays(self, battle: Any, legal: list[Action]) -> bool:
        """While ``m`` is on and the monster side decides: the tactical policy's move, played and told."""
        from meikyu.systems.meikyu_kingdom.combat.cli import monsters_decide
        from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
        from meikyu.systems.meikyu_kingdom.combat.words import describe as battle_describe

        if not monsters_decide(battle):
            return False
        move = TacticalPolicy().choose(battle, legal)
        self.say(mk_text("battle.cli.policy_plays", self.lang, action=battle_describe(move, battle, self.lang)))
        self.play(move)
        return True

    def _battle_command(self, text: str, battle: Any) -> bool:
        """A battle's terminal commands, as ``mk battle`` has them: ``m`` hands the monster side to the
        tactical policy (and back), ``g``/``gN`` take a GM action. True when ``text`` was one."""
        from meikyu.systems.meikyu_kingdom.combat.cli import command_word, is_gm_command, read_gm_choice

        if command_word(text) == "m":
            self.auto_monsters = not self.auto_monsters
            self.say(mk_text(f"battle.cli.monsters_{'auto' if self.auto_monsters else 'manual'}", self.lang))
            return True
        if not is_gm_command(text):
            return False
        try:
            chosen = read_gm_choice(text, battle, self.lang, self.ask, self.say)
            if chosen is not None:
                self.play(chosen)
        except MeikyuError as err:
            self.refuse("! " + err.message(self.lang))
        return True

    def choice(self, text: str, legal: list[Action]) -> Action | None:
        """A menu number (a battle's key), or a typed command (round-table commands, ``check WHO STAT DIFFICULTY``)."""
        battle = self._battle()
        if battle is not None:
            from meikyu.systems.meikyu_kingdom.combat.menu import parse_choice

            return parse_choice(text, battle, legal)
        if text.isdigit():
            n = int(text)
            return legal[n - 1] if 1 <= n <= len(legal) else None
        try:
            words = shlex.split(text)
        except ValueError:
            words = text.split()
        if not words:
            return None
        state = self.game.state
        if words[0].lower() == "check" and len(words) == 4 and words[3].isdigit():
            return se.CallCheck(self._who(words[1]), _stat(words[2], self.lang), int(words[3]))
        if words[0].lower() == "transport" and len(words) >= 4 and words[2].isdigit():
            return self._transport(words[1], int(words[2]), words[3:])
        if words[0].lower() == "fall" and len(words) == 2:  # the GM rules that someone falls (R-MK-33)
            from meikyu.systems.meikyu_kingdom.expedition.fall import FallOutside

            return FallOutside(self._who(words[1]))
        if words[0].lower() == "coop" and len(words) >= 4:  # cooperation outside battle (R-MK-12)
            return cy.Cooperate(self._who(words[1]), self._who(words[2]), " ".join(words[3:]))
        if words[0].lower() == "act" and len(words) >= 4:
            return cy.Act(self._who(words[1]), _action_type(words[2], self.lang), " ".join(words[3:]))
        if state.round_table is not None and state.round_table.stage != "done":
            return command_action(state.round_table, words[0].lower(), words[1:], self.lang)
        if state.prompt is not None and state.prompt.typed:
            return fx.Choose(text.strip())  # a name the table asks for (the great power, a talent)
        return None

    def _transport(self, who: str, minions: int, things: list[str]) -> Transport:
        """``transport mir 3 마석 iron=2``: items of the haul by name, materials by name (all of it) or NAME=N."""
        exp = self.game.state.expedition
        items: list[str] = []
        materials: dict[str, int] = {}
        for thing in things:
            name, _, count = thing.partition("=")
            material = _code(name, tuple(exp.haul_materials) if exp is not None else ())
            if exp is not None and material in exp.haul_materials:
                materials[material] = int(count) if count.isdigit() else exp.haul_materials[material]
            else:
                items.append(thing)
        return Transport(self._who(who), minions, tuple(items), tuple(sorted(materials.items())))

    def _who(self, name: str) -> str:
        for char in self.game.state.court:
            if name in (char.id, char.name, *char.names.values()):
                return char.id
        raise InputError("mk.error.unknown_character", id=name,
                         known=", ".join(c.label(self.lang) for c in self.game.state.court))

    def play(self, action: Action) -> None:
        before = self.game.state
        try:
            events = play_typed(self.game, action, self.lang, self.ask, not self.typed, self.dice)
        except MeikyuError as err:
            self.refuse("! " + err.message(self.lang))
            return
        self.dirty = True
        names = Names(before, self.lang)
        battle = self.game.state.battle or before.battle
        from meikyu.systems.meikyu_kingdom.combat.events import BattleEvent

        for event in events:
            if isinstance(event, BattleEvent) and battle is not None:
                from meikyu.systems.meikyu_kingdom.combat.view import render

                self.say("  → " + str(render(event, battle, self.lang, "gm")))
            else:
                self.say("  → " + names.event(event).render(self.lang))
        try:
            self.save()
        except MeikyuError as err:  # the disk said no: the step stands, the save waits (quitting asks)
            self.refuse("! " + err.message(self.lang))

    def undo(self) -> None:
        try:
            turn = self.game.undo()
        except InputError:
            self.refuse(mk_text("play.nothing_to_undo", self.lang))
            return
        self.say(mk_text("play.undone", self.lang, action=describe(turn.action, self.game.state, self.lang)))
        self.dirty = True
        self.save()

    def quit(self, force: bool = False) -> bool:
        """Quit; with steps not saved (a save failed) ask first, unless ``force`` (input closed)."""
        self._tell_notes()
        if self.dirty and not force:
            try:
                sure = self.ask(mk_text("play.unsaved", self.lang) + " ").strip().lower()
            except EOFError:
                sure = "y"
            if sure not in ("y", "yes", "예", "네", "はい", "ㅇ"):
                return False
        self.say(mk_text("play.bye", self.lang, file=str(self.path)))
        return True


def default_save(sheet: str) -> Path:
    """The save beside the sheet (``court.toml`` → ``court.play.json``); ``sample.play.json`` here for the sample."""
    if sheet == "sample":
        return Path("sample.play.json")
    p = Path(sheet)
    return p.with_name(p.stem + ".play.json")
