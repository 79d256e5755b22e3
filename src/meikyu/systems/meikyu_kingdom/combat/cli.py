"""``meikyu mk simulate`` and ``meikyu mk battle``: thin terminal faces over the battle machine.

``register(mk_subparsers)`` is called by the ``mk`` parser of :mod:`meikyu.systems.meikyu_kingdom.cli`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import fields
from typing import Any, TextIO

from meikyu.dice.source import Dice, RandomDice, parse_dice_list
from meikyu.engine import Action, Game
from meikyu.errors import DiceError, DiceExhausted, InputError, MeikyuError
from meikyu.i18n import LANGS, resolve_lang, translate

from .view import settle

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
    _common(p)
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


class _Counter:
    """A dice source that counts what an action rolls, answering each die with a middle value.

    A middle value (3 on a d6) is neither a critical nor a fumble, so the count is the plain case;
    extra dice a special result calls for are rolled by the program if none were typed.
    """

    def __init__(self) -> None:
        self.sides: list[int] = []

    def roll(self, sides: int) -> int:
        self.sides.append(sides)
        return (sides + 1) // 2


def dice_needed(game: Game[Any], action: Action) -> list[int]:
    """The sides of each die ``action`` rolls in the plain case (empty when it rolls none).

    >>> from meikyu.systems.meikyu_kingdom.combat.bestiary import load_encounter
    >>> from meikyu.systems.meikyu_kingdom.combat.rules import BattleRules
    >>> game = Game(BattleRules(), load_encounter("sample"))
    >>> begin = game.legal_actions()[0]
    >>> dice_needed(game, begin)  # no ambush check here: nothing to roll
    []
    >>> _ = game.play(begin)
    >>> [dice_needed(game, a) for a in game.legal_actions()[:2]]  # strategy check, with 1 hope
    [[6, 6], [6, 6, 6]]
    """
    import contextlib

    counter = _Counter()
    # A refused action raises when played for real; the count so far is all it would ask for.
    with contextlib.suppress(MeikyuError):
        game.rules.step(game.state, action, counter)
    return counter.sides


def dice_spec(sides: list[int]) -> str:
    """``[6, 6, 3]`` → ``"2D6+1D3"`` (grouped, in first-seen order).

    >>> dice_spec([6, 6]), dice_spec([6, 3, 6])
    ('2D6', '2D6+1D3')
    """
    counts: dict[int, int] = {}
    for n in sides:
        counts[n] = counts.get(n, 0) + 1
    return "+".join(f"{k}D{n}" for n, k in counts.items())


def _dice_prompt(sides: list[int], lang: str) -> str:
    example = " ".join(str(min(v, n)) for v, n in zip((6, 3, 5, 2, 4, 1) * 4, sides, strict=False))
    return translate(
        "mk.battle.cli.dice_need", lang, need=dice_spec(sides), count=len(sides), example=example
    )


class _TypedThenRandom:
    """Dice typed at the table first (in order), the program's own after they run out."""

    def __init__(self, values: list[int], fallback: Dice) -> None:
        self.values = list(values)
        self.fallback = fallback

    def roll(self, sides: int) -> int:
        if self.values:
            value = self.values.pop(0)
            if value > sides:
                raise DiceError("error.dice.too_big", index=1, value=value, sides=sides)
            return value
        return self.fallback.roll(sides)


def describe(action: Action, battle: Any, lang: str, role: str = "gm") -> str:
    """One line naming an action, with names instead of ids (for ``role="player"`` a hidden monster
    by its appearance, R-MK-23)."""
    from .view import label

    params: dict[str, Any] = {f.name: getattr(action, f.name) for f in fields(action)}  # type: ignore[arg-type]
    for key in ("actor", "target", "monster", "payer", "other", "representative", "ghost", "via"):
        if isinstance(params.get(key), str) and params[key]:
            params[key] = label(battle, params[key], lang, role)
    if "monsters" in params:
        params["monsters"] = ", ".join(label(battle, m, lang, role) for m in params["monsters"])
    if "step" in params:
        params["step_text"] = translate(
            f"mk.battle.action.{'forward' if params['step'] == 1 else 'back'}", lang
        )
    if "side" in params:
        params["side"] = translate(f"mk.battle.side.{params['side']}", lang)
    if "area" in params and type(action).__name__ == "PlaceTarget":
        params["area"] = translate(f"mk.battle.area.a{params['area']}", lang)
    if "status" in params:
        params["status"] = translate(f"mk.battle.status.{params['status']}", lang)
    if isinstance(params.get("item"), str):
        from .items import load_items

        known = load_items().get(params["item"])
        params["item"] = known.label(lang) if known else params["item"]
    if isinstance(params.get("stat"), str):
        params["stat"] = translate(f"mk.word.{params['stat']}", lang)
    extra = ""
    if params.get("hope"):
        extra += translate("mk.battle.action.hope", lang, hope=params["hope"])
    if params.get("hold_back"):
        extra += translate("mk.battle.action.hold_back", lang)
    if params.get("improvised"):
        extra += translate("mk.battle.action.improvised", lang)
    if params.get("resist"):
        extra += translate("mk.battle.action.resist", lang)
    params["extra"] = extra
    if "weapon" in params and "actor" in params and isinstance(params["weapon"], int):
        attacker = battle.get(action.actor)  # type: ignore[attr-defined]
        if 0 <= params["weapon"] < len(attacker.weapons):
            params["weapon"] = attacker.weapons[params["weapon"]].label(lang)
        if not params.get("target"):
            params["target"] = "?"
    name = type(action).__name__
    if name == "Swap":
        return _describe_swap(action, battle, params, lang)
    snake = "".join("_" + ch.lower() if ch.isupper() else ch for ch in name).lstrip("_")
    return settle(translate(f"mk.battle.action.{snake}", lang, **params), lang)


def _describe_swap(action: Any, battle: Any, params: dict[str, Any], lang: str) -> str:
    """Name the items that change hands, so two exchanges never read the same."""
    actor, other = battle.get(action.actor), battle.get(action.other)

    def names(who: Any, slots: tuple[int, ...]) -> str:
        return ", ".join(who.weapons[i].label(lang) for i in slots if 0 <= i < len(who.weapons))

    give = names(actor, ((action.give,) if action.give >= 0 else ()) + tuple(action.gives))
    take = names(other, ((action.take,) if action.take >= 0 else ()) + tuple(action.takes))
    parts = []
    if give:
        parts.append(translate("mk.battle.action.swap_give", lang, item=give))
    if take:
        parts.append(translate("mk.battle.action.swap_take", lang, item=take))
    params["items"] = "; ".join(parts)
    return settle(translate("mk.battle.action.swap_items", lang, **params), lang)


def show_field(battle: Any, lang: str, role: str = "gm") -> str:
    """The six areas with everyone in them: HP, ready/acted, condition, statuses.

    ``role="player"`` shows what players may see: a hidden monster (R-MK-23) by its appearance,
    without HP or statuses.
    """
    from .view import label

    phase = translate(f"mk.battle.phase.{battle.phase}", lang)
    active = translate(f"mk.battle.side.{battle.active or 'none'}", lang)
    lines = [translate("mk.battle.cli.field", lang, round=battle.round, phase=phase, active=active)]
    for area in range(6):
        pieces = []
        for c in battle.combatants:
            if c.area != area:
                continue
            name = label(battle, c.id, lang, role)
            if c.hidden and role != "gm":
                pieces.append(name + translate("mk.battle.cli.flag.hidden", lang))
                continue
            flags = []
            if c.condition != "ok":
                flags.append(translate(f"mk.battle.cli.flag.{c.condition}", lang))
            elif battle.phase not in ("setup", "over"):
                flags.append(translate(f"mk.battle.cli.flag.{'acted' if c.acted else 'ready'}", lang))
            flags.extend(translate(f"mk.battle.status.{s}", lang) for s in sorted(c.statuses))
            text = translate("mk.battle.cli.piece", lang, name=name, hp=c.hp, max_hp=c.max_hp, flags="")
            if flags:
                text += " [" + ", ".join(flags) + "]"
            if c.hidden:
                text += translate("mk.battle.cli.flag.hidden", lang)
            pieces.append(text)
        area_name = translate(f"mk.battle.area.a{area}", lang)
        empty = translate("mk.battle.cli.empty", lang)
        lines.append(f"  {area}. {area_name}: " + (" · ".join(pieces) or empty))
    if battle.pending is not None:
        kind = translate(f"mk.battle.cli.pending.{battle.pending.kind}", lang)
        lines.append(translate("mk.battle.cli.waiting", lang, kind=kind))
    return "\n".join(lines)


def menu(legal: list[Action]) -> list[tuple[Action, int]]:
    """The legal actions with their hope variants folded in: (action without hope, most hope allowed).

    A GM picks ``12`` for no hope or ``12+2`` for two (R-MK-15), instead of reading six near-equal lines.
    """
    from dataclasses import replace

    present = set(legal)
    out: list[tuple[Action, int]] = []
    for action in legal:
        hope = getattr(action, "hope", None)
        if hope is None:
            out.append((action, 0))
            continue
        if hope > 0 and replace(action, hope=0) in present:  # type: ignore[type-var]
            continue
        most = hope
        while replace(action, hope=most + 1) in present:  # type: ignore[type-var]
            most += 1
        out.append((action, most))
    return out


def _pick(text: str, listing: list[tuple[Action, int]]) -> Action | None:
    """``"12"`` or ``"12+2"`` to an action of ``listing``, or None when it names none."""
    from dataclasses import replace

    number, _, extra = text.replace(" ", "").partition("+")
    if not number.isdigit() or not 1 <= int(number) <= len(listing):
        return None
    action, most = listing[int(number) - 1]
    if not extra:
        return action
    if not extra.isdigit() or not 0 <= int(extra) <= most:
        return None
    base = getattr(action, "hope", 0)
    return action if int(extra) == base else replace(action, hope=int(extra))  # type: ignore[type-var]


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


def _line(prefix: str, n: int, action: Action, most: int, battle: Any, lang: str) -> str:
    text = f"  {prefix + str(n):>4}. {describe(action, battle, lang)}"
    if most:
        text += translate("mk.battle.cli.hope_range", lang, most=most)
    if prefix == "g" and any(hasattr(action, key) for key in _VALUE_FIELDS):
        text += translate("mk.battle.cli.value_hint", lang, choice=f"g{n}")
    return text


def run_battle(
    game: Game[Any],
    lang: str,
    ask: Callable[[str], str],
    out: TextIO,
    auto_dice: bool = False,
    fallback: Dice | None = None,
) -> int:
    """The step-by-step loop: show, list, choose, dice, apply; ``u`` undoes, ``g`` GM actions, ``q`` quits."""
    from .rules import gm_actions
    from .view import render

    dice = fallback or RandomDice()

    def say(text: str) -> None:
        out.write(text + "\n")

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
        listing = menu(list(game.legal_actions()))
        prefix, value = "", ""
        for n, (action, most) in enumerate(listing, 1):
            say(_line("", n, action, most, state, lang))
        if any(most for _, most in listing):
            say(translate("mk.battle.cli.hope_hint", lang))
        try:
            text = ask(translate("mk.battle.cli.choose", lang) + " ").strip().lower()
        except EOFError:
            say(translate("mk.battle.cli.bye", lang))
            return 0
        if text == "q":
            say(translate("mk.battle.cli.bye", lang))
            return 0
        if text in ("?", "h", "help"):
            say(translate("mk.battle.cli.help", lang))
            continue
        if text == "u":
            try:
                game.undo()
                say(translate("mk.battle.cli.undone", lang))
            except InputError:
                say(translate("mk.battle.cli.nothing_to_undo", lang))
            continue
        if text == "p":
            say(translate("mk.battle.cli.player_view", lang))
            say(show_field(state, lang, "player"))
            continue
        if text.startswith("g"):
            listing = [(a, 0) for a in gm_actions(state)]
            prefix = "g"
            rest = text[1:].strip()
            if not rest:
                say(translate("mk.battle.cli.gm_list", lang))
                for n, (action, most) in enumerate(listing, 1):
                    say(_line("g", n, action, most, state, lang))
                # Ask right here: redrawing the field would scroll the long GM list off the screen.
                try:
                    rest = ask(translate("mk.battle.cli.choose_gm", lang) + " ").strip().lower()
                except EOFError:
                    say(translate("mk.battle.cli.bye", lang))
                    return 0
                rest = rest[1:].strip() if rest.startswith("g") else rest
                if not rest:
                    continue
            text, value = _split_value(rest)
        chosen = _pick(text, listing)
        if chosen is not None and prefix and value:
            chosen = _with_value(chosen, value)
            if chosen is None:
                say(translate("mk.battle.cli.bad_value", lang, text=rest))
                continue
        if chosen is None:
            say(translate("mk.battle.cli.bad_choice", lang, text=text, count=len(listing), prefix=prefix))
            continue
        try:
            events = _apply(game, chosen, lang, ask, auto_dice, dice)
        except EOFError:
            say(translate("mk.battle.cli.bye", lang))
            return 0
        except MeikyuError as exc:
            say(exc.message(lang))
            continue
        for event in events:
            say("  → " + render(event, game.state, lang, "gm"))


def _apply(
    game: Game[Any], action: Action, lang: str, ask: Callable[[str], str], auto: bool, dice: Dice
) -> tuple[Any, ...]:
    if auto:
        return game.play(action, dice)
    sides = dice_needed(game, action)
    if sides:
        typed = ask(_dice_prompt(sides, lang) + " ").strip()
        values = parse_dice_list(typed) if typed else []
        return game.play(action, _TypedThenRandom(values, dice))
    return game.play(action, dice)


def cmd_battle(args: argparse.Namespace) -> int:
    from .bestiary import load_encounter
    from .rules import BattleRules

    lang = _lang(args)
    battle = load_encounter(args.encounter)
    game: Game[Any] = Game(BattleRules(), battle, dice=RandomDice(args.seed))
    try:
        return run_battle(
            game, lang, input, sys.stdout, auto_dice=args.auto_dice, fallback=RandomDice(args.seed)
        )
    except BrokenPipeError:
        return _quiet_pipe()


__all__ = ["DiceExhausted", "register", "run_battle", "describe", "show_field", "menu"]
