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
from dataclasses import fields, is_dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from meikyu.dice.source import Dice, RandomDice
from meikyu.engine import Action, Event, Game
from meikyu.errors import DataError, InputError, MeikyuError
from meikyu.i18n import lookup, translate
from meikyu.i18n.hangul import settle_particles
from meikyu.sheetdata.reader import sheet_error
from meikyu.systems.meikyu_kingdom import session as se
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.check import check as ck
from meikyu.systems.meikyu_kingdom.check.typed_dice import play_typed
from meikyu.systems.meikyu_kingdom.expedition import camp
from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
from meikyu.systems.meikyu_kingdom.expedition.transport import Transport
from meikyu.systems.meikyu_kingdom.kingdom import cycle as cy
from meikyu.systems.meikyu_kingdom.kingdom import effects as fx
from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.kingdom.effect_words import option_label
from meikyu.systems.meikyu_kingdom.kingdom.effect_words import word as _word
from meikyu.systems.meikyu_kingdom.kingdom.facility_use import UseFacility
from meikyu.systems.meikyu_kingdom.labyrinth import finds
from meikyu.systems.meikyu_kingdom.session_state import SessionState
from meikyu.systems.meikyu_kingdom.table_runner import command_action, describe_request

SAVE_FORMAT = "meikyu.mk.play"
SAVE_VERSION = 1


def _t(key: str, lang: str, **params: Any) -> str:
    return str(translate(f"mk.{key}", lang, **params))


class Names:
    """Display names for the ids a game's actions and events carry."""

    def __init__(self, state: SessionState, lang: str) -> None:
        self.lang = lang
        self.people = {c.id: c.label(lang) for c in state.court}
        self.rooms = {r.id: r.label(lang) for r in state.labyrinth.rooms} if state.labyrinth else {}

    def who(self, ident: str) -> str:
        return self.people.get(ident, ident)

    def room(self, ident: str) -> str:
        return self.rooms.get(ident, ident)

    def event(self, event: Event) -> Event:
        """``event`` with character ids replaced by names (text fields only)."""
        if not is_dataclass(event):
            return event
        changes = {f.name: self.people[v] for f in fields(event)
                   if isinstance(v := getattr(event, f.name), str) and v in self.people}
        return replace(event, **changes) if changes else event


def describe(action: Action, state: SessionState, lang: str) -> str:
    """One menu line for ``action`` in ``lang``.

    >>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    >>> from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
    >>> s = se.new_session(sample(), sample_labyrinth())
    >>> describe(ex.MoveTo("hall"), s, "en"), describe(ex.SearchTrap("mir", "wit"), s, "ja")
    ('go to Pillar Hall', 'ミルが探す(才覚)')
    """
    names = Names(state, lang)
    a = action
    if state.battle is not None and isinstance(a, se.BATTLE_ACTIONS) and not isinstance(a, se.CYCLE_ACTIONS):
        from meikyu.systems.meikyu_kingdom.combat.words import describe as battle_describe

        return str(battle_describe(a, state.battle, lang))
    act = "lab.action."
    if isinstance(a, cc.DeclareHope):
        if not a.hope:
            return _t(act + "declare_hope", lang)
        source = "+".join(sorted({_word(h, lang) for h in a.hope}))
        return _t(act + "declare_hope_n", lang, count=len(a.hope), source=source)
    if isinstance(a, cc.ConsentVoice):
        return _t(act + ("consent" if a.agree else "refuse"), lang)
    called = _called(state)
    if isinstance(a, ck.ConvertSixes) and called is not None and called.check is not None:
        if not called.check.options.sixes_prompt:  # games created before session 5: the pair comes next
            into = _word("voice" if called.check.national else "drive", lang)
            return _t(act + "convert", lang, count=a.count, into=into)
        return _reading(called.check, a.count, lang)
    if isinstance(a, ck.KeepDice):  # games created before session 5
        return _t(act + "keep", lang, dice="+".join(map(str, a.values)))
    simple: dict[type, str] = {
        ck.MinionHelp: "minion_help", ck.FinishCheck: "finish", ex.EnterLabyrinth: "enter", camp.Camp: "camp",
        ex.GoHome: "go_home", ex.SkipSearch: "skip_search", ex.LeaveTrap: "leave_trap", cy.Resolve: "cycle_resolve",
        se.Advance: "advance", se.SettleIncome: "settle_income", se.RollKingdomChange: "roll_change",
        se.RollDisaster: "roll_disaster", se.NextSession: "next_session", se.RollTravel: "roll_travel", rt.EndOrganization: "end_organization",
        rt.EndBudget: "end_budget", rt.Approve: "approve", rt.Refuse: "refuse_request", camp.EndQuarter: "end_quarter",
    }
    if type(a) in simple:
        return _t(act + simple[type(a)], lang)
    if isinstance(a, ex.SetFormation):
        return _t(act + "set_formation", lang, actor=names.who(a.actor), area=_t(f"battle.area.a{a.area}", lang))
    if isinstance(a, ex.MoveTo):
        return _t(act + "move", lang, room=names.room(a.room))
    if isinstance(a, ex.SearchTrap):
        return _t(act + "search_trap", lang, actor=names.who(a.actor), stat=_word(a.stat, lang))
    if isinstance(a, camp.Eat):
        return _t(act + "eat", lang, actor=names.who(a.actor), food=_word(a.food, lang))
    if isinstance(a, ex.TakeMaterial):
        return _t(act + "take_material", lang, material=_word(a.material, lang))
    if isinstance(a, finds.TakeItem):
        return _t(act + "take_material", lang, material=finds.option_label(a.option, lang))
    if isinstance(a, cy.Act):
        return _t(act + "act", lang, actor=names.who(a.actor), type=_word(a.type, lang), name=a.name)
    if isinstance(a, ck.UseCheckData):
        called_now = _called(state)
        actor = called_now.call.actor if called_now is not None else ""
        return _t(act + "use_check_data", lang, data=_data_label(state, actor, a.data, lang))
    if isinstance(a, UseFacility):
        from meikyu.systems.meikyu_kingdom.sheets.facilities import label as facility_label

        return _t(act + "use_facility", lang, actor=names.who(a.actor), facility=facility_label(a.facility, lang))
    if type(a).__name__ == "FallOutside":
        return _t(act + "fall", lang, actor=names.who(a.actor))  # type: ignore[attr-defined]
    if isinstance(a, camp.Trade):
        return _t(act + "trade", lang, actor=names.who(a.actor), partner=_partner(a.partner, lang), stat=_word(a.stat, lang),
                  difficulty=a.difficulty)
    if isinstance(a, camp.UseItem):
        item = state.character(a.actor).items[a.slot] if 0 <= a.slot < len(state.character(a.actor).items) else None
        return _t(act + "use_item", lang, actor=names.who(a.actor), target=names.who(a.target),
                  item=item.label(lang) if item is not None else "?")
    if isinstance(a, (rt.RequestItem, rt.RequestFacility, rt.RequestPassage, rt.RequestDestroy)):
        return describe_request(a, state.court, lang)  # the budget meeting's offers, in words
    if isinstance(a, camp.HandOver):
        item = state.character(a.owner).items[a.slot] if 0 <= a.slot < len(state.character(a.owner).items) else None
        return _t(act + "hand_over", lang, owner=names.who(a.owner), to=names.who(a.to),
                  item=item.label(lang) if item is not None else "?")
    if isinstance(a, cy.Cooperate):
        return _t(act + "cooperate", lang, actor=names.who(a.helper), target=names.who(a.target), name=a.action)
    if isinstance(a, se.EndLabyrinth):
        return _t(act + "end_labyrinth", lang, reason=_word(a.reason, lang))
    if isinstance(a, fx.Choose):
        effects = state.effects
        if effects is not None and effects.pending is not None:
            return _t(act + "choose_option", lang, option=option_label(effects, effects.pending.kind, a.option, lang))
        return _t(act + "choose_option", lang, option=_word(a.option, lang))
    if isinstance(a, Transport):
        cargo = [_treasure(i, lang) for i in a.items] + [f"{_word(m, lang)} × {n}" for m, n in a.materials]
        return _t(act + "transport", lang, actor=names.who(a.actor), minions=a.minions, cargo=", ".join(cargo))
    with_actor = {camp.Rest: "rest", ex.TryDisarm: "try_disarm", ex.ChooseRoller: "choose_roller",
                  camp.GoHungry: "go_hungry", cy.Pass: "pass"}
    if type(a) in with_actor:
        return _t(act + with_actor[type(a)], lang, actor=names.who(a.actor))  # type: ignore[attr-defined]
    return type(a).__name__


def _partner(ident: str, lang: str) -> str:
    """A trade partner (a monster of the last battle, R-MK-42) by its species' name and its number.

    >>> _partner("moss_rat2", "ko"), _partner("someone", "en")
    ('#2 이끼쥐', 'someone')
    """
    from meikyu.systems.meikyu_kingdom.combat.bestiary import load_bestiary

    species, number = ident.rstrip("0123456789"), ident[len(ident.rstrip("0123456789")):]
    known = load_bestiary().get(species)
    if known is None:
        return ident
    name = known.names[("ko", "ja", "en").index(lang)] if lang in ("ko", "ja", "en") else known.names[2]
    return f"#{number} {name}" if number else name  # twins as the board names them


def _data_label(state: SessionState, actor: str, name: str, lang: str) -> str:
    """A skill's or an item's name in ``lang``, as ``actor``'s sheet gives it."""
    if actor and any(c.id == actor for c in state.court):
        char = state.character(actor)
        held: list[Any] = [*char.skills, *(i for i in char.items if i is not None)]
        for data in held:
            if data.name == name:
                return str(data.names.get(lang, name))
    return name


def _reading(check: ck.CheckState, converted: int, lang: str) -> str:
    """A ``convert_sixes`` answer in words: the dice used, achievement, result and hope gained
    (R-MK-14/15); against a hidden difficulty (R-MK-23) no result, for every seat alike."""
    from meikyu.systems.meikyu_kingdom.combat.words import sixes_option

    decl = check.declaration
    assert decl is not None
    shown = -1 if decl.hidden or decl.difficulty is None else decl.difficulty
    curse = int(check.has_actor() and check.actor().has("curse"))
    detail = (check.bonus, shown, check.room(), curse, *check.dice)
    return sixes_option(detail, converted, lang, "voice" if check.national else "drive")


def _called(state: SessionState) -> cc.CalledCheck | None:
    """The check waiting for its roller: one the rules called, or one inside a table roll."""
    if state.called is not None:
        return state.called
    return state.effects.called if state.effects is not None else None


def prompt_line(state: SessionState, lang: str, players: bool = False) -> str:
    """What the game waits for, in words (empty when nothing in particular); ``players``: as the players
    may read it (a called check's hidden difficulty shown as "?", R-MK-23)."""
    prompt = state.prompt
    table = state.round_table
    if table is not None and table.stage != "done":
        if table.pending is None:
            return str(translate(f"mk.table_runner.stage_{table.stage}", lang))
        return str(translate("mk.table_runner.pending_choice", lang, request=describe_request(table.pending, table.court, lang),
                             cost=table.cost(table.pending), budget=table.kingdom.budget))
    if state.actions is not None and state.step == "actions" and state.called is None:
        return _t("lab.prompt.actions", lang)
    if state.disasters and state.effects is None and state.called is None and state.battle is None:
        return _t("lab.prompt.disaster_due", lang, count=state.disasters)
    if prompt is None or state.battle is not None:
        return ""
    key = f"mk.lab.prompt.{prompt.kind}"
    if lookup(key, lang) is None:
        return ""
    names = Names(state, lang)
    params: dict[str, Any] = {"actor": names.who(prompt.actor or "")}
    called = _called(state)
    call = called.call if called is not None else None
    if call is not None:
        params.update(actor=names.who(call.actor), stat=_word(call.stat, lang),
                      difficulty="?" if call.difficulty is None or (players and call.hidden) else call.difficulty)
    if prompt.kind == "convert_sixes" and called is not None and called.check is not None:
        params.update(dice=",".join(map(str, called.check.dice)),
                      into=_word("voice" if called.check.national else "drive", lang))
    exp = state.expedition
    if exp is not None and exp.loot:
        params["count"] = exp.loot[0].count
    text = str(translate(key, lang, **params))
    if exp is not None and state.labyrinth is not None:
        room = state.labyrinth.room(exp.room)
        if prompt.kind == "event" and room.event is not None:
            text = f"{room.event.label(lang)}: {_text(room.event.text, lang)}\n{text}"
        if prompt.kind in ("prepare", "camp"):
            places = ", ".join(f"{names.who(c)} {_t(f'battle.area.a{a}', lang)}" for c, a in exp.formation.items())
            text = f"{_t('play.formation', lang, formation=places)}\n{text}"
    return text


def _treasure(item: str, lang: str) -> str:
    """A haul entry: ``boxed_lunch`` or a treasure kind with its level (``weapon_item:1``), in words."""
    kind, _, level = item.partition(":")
    if lookup(f"mk.battle.treasure.{kind}", lang) is None:
        return _word(item, lang)
    text = str(translate(f"mk.battle.treasure.{kind}", lang))
    return f"{text} (Lv{level})" if level and level != "0" else text


def _text(names: dict[str, str], lang: str) -> str:
    return names.get(lang) or names.get("en") or ""


def status_lines(state: SessionState, lang: str) -> list[str]:
    k = state.kingdom
    phase = _word(state.phase, lang) + (f" · {_word(state.step, lang)}" if state.step else "")
    lines = [_t("play.status", lang, phase=phase, voice=k.voice, budget=k.budget, citizens=k.citizens)]
    for c in state.court if state.battle is None else ():  # in battle the field shows them
        condition = state.conditions.get(c.id, "")
        extra = ""
        if c.hp < 0:
            extra = _t("play.hp_below", lang, condition=_word(condition or "incapacitated", lang))
        elif condition:
            extra = f" ({_word(condition, lang)})"
        statuses = ", ".join(_word(s, lang) for s in sorted(c.statuses))
        if statuses:
            extra += f" [{statuses}]"
        lines.append(_t("play.court_line", lang, name=c.label(lang), hp=c.hp, max_hp=c.max_hp, drive=c.drive,
                        minions=c.minions, extra=extra))
    exp = state.expedition
    if exp is not None and state.labyrinth is not None and state.phase == "labyrinth":
        room = state.labyrinth.room(exp.room)
        lines.append(_t("play.room", lang, room=room.label(lang), text=room.describe(lang)))
        haul = [f"{_word(m, lang)} {n}" for m, n in sorted(exp.haul_materials.items()) if n]
        haul += [_treasure(i, lang) for i in exp.haul_items]
        if haul:
            lines.append(_t("play.haul", lang, haul=", ".join(haul)))
    return lines


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
        player.say(_t("play.resumed", lang, file=str(path), steps=len(game.history)))
        return player

    def save(self) -> None:
        from meikyu.files import write_atomic

        data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game.to_data()}
        write_atomic(self.path, json.dumps(data, ensure_ascii=False))
        self.dirty = False

    # -- the loop ------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.out.write((settle_particles(text) if self.lang == "ko" else text) + "\n")

    def show(self) -> None:
        state = self.game.state
        lab = state.labyrinth.label(self.lang) if state.labyrinth else "-"
        self.say(_t("play.title", self.lang, kingdom=state.kingdom.label(self.lang), number=state.number, labyrinth=lab))
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
            try:
                text = self.ask(_t("play.choose", self.lang) + " ").strip()
            except EOFError:
                self.quit(force=True)
                return 0
            if text.lower() == "q":
                if self.quit():
                    return 0
                continue
            if text in ("?", "h", "help"):
                self.say(_t("play.help", self.lang))
                continue
            if text.lower() == "u":
                self.undo()
                continue
            if text.lower() == "s":
                self.save()
                self.say(_t("play.saved", self.lang, file=str(self.path)))
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
                self.say("! " + err.message(self.lang))
                continue
            if chosen is None:
                self.say(_t("play.bad_choice", self.lang, text=text, count=len(legal)))
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
        self.say(_t("battle.cli.policy_plays", self.lang, action=battle_describe(move, battle, self.lang)))
        self.play(move)
        return True

    def _battle_command(self, text: str, battle: Any) -> bool:
        """A battle's terminal commands, as ``mk battle`` has them: ``m`` hands the monster side to the
        tactical policy (and back), ``g``/``gN`` take a GM action. True when ``text`` was one."""
        from meikyu.systems.meikyu_kingdom.combat.cli import command_word, is_gm_command, read_gm_choice

        if command_word(text) == "m":
            self.auto_monsters = not self.auto_monsters
            self.say(_t(f"battle.cli.monsters_{'auto' if self.auto_monsters else 'manual'}", self.lang))
            return True
        if not is_gm_command(text):
            return False
        try:
            chosen = read_gm_choice(text, battle, self.lang, self.ask, self.say)
            if chosen is not None:
                self.play(chosen)
        except MeikyuError as err:
            self.say("! " + err.message(self.lang))
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
            self.say("! " + err.message(self.lang))
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
            self.say("! " + err.message(self.lang))

    def undo(self) -> None:
        try:
            turn = self.game.undo()
        except InputError:
            self.say(_t("play.nothing_to_undo", self.lang))
            return
        self.say(_t("play.undone", self.lang, action=describe(turn.action, self.game.state, self.lang)))
        self.dirty = True
        self.save()

    def quit(self, force: bool = False) -> bool:
        """Quit; with steps not saved (a save failed) ask first, unless ``force`` (input closed)."""
        if self.dirty and not force:
            try:
                sure = self.ask(_t("play.unsaved", self.lang) + " ").strip().lower()
            except EOFError:
                sure = "y"
            if sure not in ("y", "yes", "예", "네", "はい", "ㅇ"):
                return False
        self.say(_t("play.bye", self.lang, file=str(self.path)))
        return True


def default_save(sheet: str) -> Path:
    """The save beside the sheet (``court.toml`` → ``court.play.json``); ``sample.play.json`` here for the sample."""
    if sheet == "sample":
        return Path("sample.play.json")
    p = Path(sheet)
    return p.with_name(p.stem + ".play.json")
