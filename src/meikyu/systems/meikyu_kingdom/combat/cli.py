"""``meikyu mk simulate`` and ``meikyu mk battle``: thin terminal faces over the battle machine.

``register(mk_subparsers)`` is called by the ``mk`` parser of :mod:`meikyu.systems.meikyu_kingdom.cli`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from meikyu.dice.source import Dice, RandomDice
from meikyu.engine import Action, Game
from meikyu.errors import DiceExhausted, InputError, MeikyuError
from meikyu.i18n import LANGS, translate
from meikyu.lang import resolve_lang

from ..check.typed_dice import play_typed
from .words import describe, show_field, show_menu

DEFAULT_LANG = "ko"


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=LANGS, help="output language (default ko, or $MEIKYU_LANG)")
    p.add_argument("--format", choices=("text", "json"), default="text")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("simulate", help="run many battles of an encounter with the tactical policy")
    p.add_argument(
        "encounter", help="an encounter .toml file, or 'sample' for the shipped 4 PC vs 4 monsters"
    )
    p.add_argument("--battles", default="1000", help="how many battles (default 1000)")
    p.add_argument("--seed", type=int, default=None, help="make the run reproducible")
    p.add_argument("--jobs", default="1", help="worker processes (default 1)")
    _common(p)
    p.set_defaults(handler=cmd_simulate)

    p = subparsers.add_parser("battle", help="run a battle step by step in the terminal")
    p.add_argument("encounter", help="an encounter .toml file, or 'sample'")
    p.add_argument("--seed", type=int, default=None, help="seed for the dice the program rolls")
    p.add_argument("--auto-dice", action="store_true", help="always roll; never ask for dice")
    p.add_argument(
        "--auto-monsters", action="store_true", help="the tactical policy plays the monster side (toggle with m)"
    )
    p.add_argument("--lang", choices=LANGS, help="output language (default ko, or $MEIKYU_LANG)")
    p.set_defaults(handler=cmd_battle)


def _lang(args: argparse.Namespace) -> str:
    return resolve_lang(getattr(args, "lang", None), DEFAULT_LANG)


def _count(value: str, option: str) -> int:
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number < 1:
        raise InputError("mk.battle.cli.bad_count", option=option, value=value)
    return number


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


# --- simulate ------------------------------------------------------------------------------------


def _quiet_pipe() -> int:
    """Output piped into ``head`` or a pager that closed early: stop quietly, no traceback."""
    import contextlib
    import os

    with contextlib.suppress(OSError, ValueError):  # ValueError: stdout is not a real file (tests)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    try:
        return _simulate(args)
    except BrokenPipeError:
        return _quiet_pipe()


def _simulate(args: argparse.Namespace) -> int:
    from .bestiary import load_encounter
    from .simulate import simulate

    lang = _lang(args)
    battles = _count(str(args.battles), "--battles")
    jobs = _count(str(args.jobs), "--jobs")
    battle = load_encounter(args.encounter)
    progress = args.format == "text" and sys.stderr.isatty()
    report = simulate(battle, battles, seed=args.seed, jobs=jobs, progress=progress)
    names = {c.id: c.name for c in battle.combatants}
    pcs = [c.id for c in battle.combatants if c.side == "court"]
    if args.format == "json":
        data: dict[str, Any] = report.to_dict()
        data["pcs"] = {
            cid: {"incapacitated": report.incapacitated.get(cid, 0), "dead": report.dead.get(cid, 0)}
            for cid in pcs
        }
        del data["incapacitated"], data["dead"]
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(
        translate(
            "mk.battle.cli.report",
            lang,
            battles=report.battles,
            wins=report.wins,
            rate=_pct(report.win_rate),
            low=_pct(report.win_rate_low),
            high=_pct(report.win_rate_high),
            losses=report.losses,
            other=report.other,
            rounds=f"{report.mean_rounds:.2f}",
            bps=f"{report.battles_per_second:.0f}",
            cpu=f"{report.cpu_battles_per_second:.0f}",
        )
    )
    for cid in pcs:
        incap = report.incapacitated.get(cid, 0)
        dead = report.dead.get(cid, 0)
        print(
            translate(
                "mk.battle.cli.pc_line",
                lang,
                name=names[cid],
                incap=incap,
                incap_pct=_pct(incap / report.battles),
                dead=dead,
                dead_pct=_pct(dead / report.battles),
            )
        )
    return 0


# --- battle --------------------------------------------------------------------------------------


def gm_listing(actions: list[Action]) -> list[tuple[Action, int]]:
    """The GM's actions as a numbered list (no hope to fold)."""
    return [(a, 0) for a in actions]


def _pick(text: str, listing: list[tuple[Action, int]]) -> Action | None:
    """``"12"`` to an action of the GM ``listing``, or None when it names none."""
    number = text.replace(" ", "")
    if not number.isdigit() or not 1 <= int(number) <= len(listing):
        return None
    return listing[int(number) - 1][0]


_VALUE_FIELDS = ("amount", "hp")
"""GM actions whose number the GM may type: ReduceHp's HP loss, Revive's HP (R-MK-32, R-MK-34)."""


def _split_value(text: str) -> tuple[str, str]:
    """``"5 3"`` or ``"5=3"`` → ``("5", "3")``; ``"5"`` → ``("5", "")``."""
    number, _, value = text.replace("=", " ").strip().partition(" ")
    return number, value.strip()


def _with_value(action: Action | None, value: str) -> Action | None:
    """``action`` with its amount / HP set to ``value``; None when it takes no value or ``value`` is bad.

    >>> from meikyu.systems.meikyu_kingdom.combat.actions import EndQuarter, ReduceHp
    >>> _with_value(ReduceHp("hana", 1), "4"), _with_value(ReduceHp("hana", 1), "x"), _with_value(EndQuarter(), "2")
    (ReduceHp(target='hana', amount=4), None, None)
    """
    from dataclasses import replace

    if action is None or not value.isdigit():
        return None
    for key in _VALUE_FIELDS:
        if hasattr(action, key):
            return replace(action, **{key: int(value)})  # type: ignore[type-var]
    return None


def _line(n: int, action: Action, battle: Any, lang: str) -> str:
    text = f"  {'g' + str(n):>4}. {describe(action, battle, lang)}"
    if any(hasattr(action, key) for key in _VALUE_FIELDS):
        text += translate("mk.battle.cli.value_hint", lang, choice=f"g{n}")
    return text


COMMAND_WORDS = {
    "q": ("q", "quit", "끝", "끝내기", "종료", "終了", "終わる"),
    "?": ("?", "h", "help", "도움말", "ヘルプ"),
    "u": ("u", "undo", "되돌리기", "취소", "取り消し", "戻す"),
    "p": ("p", "players", "플레이어", "プレイヤー"),
    "g": ("g", "gm"),
    "m": ("m", "monsters", "몬스터", "モンスター"),
}
"""Terminal commands and the words that mean them in ko / ja / en."""


def command_word(text: str) -> str:
    """The command ``text`` names (``q``, ``?``, ``u``, ``p``, ``g``, ``m``), or "" for a menu key.

    >>> command_word("되돌리기"), command_word("終了"), command_word("Q"), command_word("2a5")
    ('u', 'q', 'q', '')
    """
    low = text.strip().lower()
    for cmd, words in COMMAND_WORDS.items():
        if low in words:
            return cmd
    return ""


def is_gm_command(text: str) -> bool:
    """``g`` (list the GM's actions) or ``gN …`` (take one at once).

    >>> is_gm_command("g"), is_gm_command("G12 3"), is_gm_command("gm"), is_gm_command("2a5")
    (True, True, True, False)
    """
    return command_word(text) == "g" or (text[:1].lower() == "g" and text[1:2].strip().isdigit())


def read_gm_choice(
    text: str, battle: Any, lang: str, ask: Callable[[str], str], say: Callable[[str], None]
) -> Action | None:
    """The GM action ``text`` names (``gN``, ``gN VALUE``), or after ``g`` the one the GM picks from the list.

    None when nothing was chosen (an empty answer, or a bad one: what was wrong is said). ``ask`` may raise
    :class:`EOFError` (input closed).
    """
    from .rules import gm_actions
    from .view import gm_notes

    listing = gm_listing(gm_actions(battle))
    rest = text[1:].strip() if command_word(text) != "g" else ""
    if not rest:
        say(translate("mk.battle.cli.gm_list", lang))
        for n, (action, _most) in enumerate(listing, 1):
            say(_line(n, action, battle, lang))
        notes = gm_notes(battle, lang)
        if notes:  # under the list, beside the question: the top of a long list scrolls away
            say(translate("mk.battle.cli.notes", lang, notes=notes))
        # Ask right here: redrawing the field would scroll the long GM list off the screen.
        rest = ask(translate("mk.battle.cli.choose_gm", lang) + " ").strip().lower()
        rest = rest[1:].strip() if rest.startswith("g") else rest
        if not rest:
            return None
    number, value = _split_value(rest)
    chosen = _pick(number, listing)
    if chosen is not None and value:
        chosen = _with_value(chosen, value)
        if chosen is None:
            say(translate("mk.battle.cli.bad_value", lang, text=rest))
            return None
    if chosen is None:
        say(translate("mk.battle.cli.bad_gm_choice", lang, text=number, count=len(listing)))
    return chosen


def monsters_decide(battle: Any) -> bool:
    """The decision now is the monster side's (its turn, or a prompt one of its pieces answers)."""
    p = battle.pending
    if p is not None:
        who = p.mover or p.actor
        if who in ("court", "monsters"):
            return bool(who == "monsters")
        return bool(who) and bool(battle.get(who).side == "monsters")
    return battle.phase in ("act", "ambush") and battle.active == "monsters"


def run_battle(
    game: Game[Any],
    lang: str,
    ask: Callable[[str], str],
    out: TextIO,
    auto_dice: bool = False,
    fallback: Dice | None = None,
    auto_monsters: bool = False,
) -> int:
    """The step-by-step loop: show, list, choose, dice, apply; ``u`` undoes, ``g`` GM actions, ``m`` lets
    the tactical policy play the monster side (again: the GM plays it), ``q`` quits."""
    from .policy import TacticalPolicy
    from .view import gm_notes, render

    dice = fallback or RandomDice()

    def say(text: str) -> None:
        out.write(text + "\n")

    notes = gm_notes(game.state, lang)
    if notes:  # the terminal is the GM's: the encounter's notes once at the start, again with ``g``
        say(translate("mk.battle.cli.notes", lang, notes=notes))
    while True:
        state = game.state
        say(show_field(state, lang))
        if state.phase == "over":
            say(
                translate(
                    "mk.battle.cli.over",
                    lang,
                    winner=translate(f"mk.battle.side.{state.winner or 'none'}", lang),
                    outcome=translate(f"mk.battle.outcome.{state.outcome or 'none'}", lang),
                )
            )
            return 0
        legal = list(game.legal_actions())
        if auto_monsters and monsters_decide(state):
            policy_move = TacticalPolicy().choose(state, legal)
            say(translate("mk.battle.cli.policy_plays", lang, action=describe(policy_move, state, lang)))
            for event in game.play(policy_move, dice):
                say("  → " + render(event, game.state, lang, "gm"))
            continue
        for line in show_menu(state, legal, lang):
            say(line)
        try:
            text = ask(translate("mk.battle.cli.choose", lang) + " ").strip()
        except EOFError:
            say(translate("mk.battle.cli.bye", lang))
            return 0
        word = command_word(text)
        if not text:
            continue
        if word == "q":
            say(translate("mk.battle.cli.bye", lang))
            return 0
        if word == "?":
            say(translate("mk.battle.cli.help", lang))
            continue
        if word == "m":
            auto_monsters = not auto_monsters
            say(translate(f"mk.battle.cli.monsters_{'auto' if auto_monsters else 'manual'}", lang))
            continue
        if word == "u":
            try:
                game.undo()
                say(translate("mk.battle.cli.undone", lang))
            except InputError:
                say(translate("mk.battle.cli.nothing_to_undo", lang))
            continue
        if word == "p":
            say(translate("mk.battle.cli.player_view", lang))
            say(show_field(state, lang, "player"))
            continue
        if is_gm_command(text):
            try:
                chosen = read_gm_choice(text, state, lang, ask, say)
            except EOFError:
                say(translate("mk.battle.cli.bye", lang))
                return 0
            if chosen is None:
                continue
        else:
            from .menu import parse_choice

            chosen = parse_choice(text, state, legal)
            if chosen is None:
                say(translate("mk.battle.cli.bad_choice", lang, text=text))
                continue
        try:
            events = play_typed(game, chosen, lang, ask, auto_dice, dice)
        except EOFError:
            say(translate("mk.battle.cli.bye", lang))
            return 0
        except MeikyuError as exc:
            say(exc.message(lang))
            continue
        for event in events:
            say("  → " + render(event, game.state, lang, "gm"))


def cmd_battle(args: argparse.Namespace) -> int:
    from .bestiary import load_encounter
    from .rules import BattleRules

    lang = _lang(args)
    battle = load_encounter(args.encounter)
    game: Game[Any] = Game(BattleRules(), battle, dice=RandomDice(args.seed))
    try:
        return run_battle(
            game,
            lang,
            input,
            sys.stdout,
            auto_dice=args.auto_dice,
            fallback=RandomDice(args.seed),
            auto_monsters=args.auto_monsters,
        )
    except BrokenPipeError:
        return _quiet_pipe()


__all__ = ["DiceExhausted", "register", "run_battle", "describe", "show_field", "show_menu"]
