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
    name = type(action).__name__
    if name == "Choose":
        return _describe_choice(action, battle, lang)
    if name == "UseItem":
        params["item"] = battle.get(action.actor).weapons[action.slot].label(lang)  # type: ignore[attr-defined]
        params["target"] = params["target"] or params["actor"]
    if name == "Cooperate":
        params["action"] = translate(f"mk.battle.purpose.{params['action'] or 'hit'}", lang)
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
    if name == "Swap":
        return _describe_swap(action, battle, params, lang)
    snake = "".join("_" + ch.lower() if ch.isupper() else ch for ch in name).lstrip("_")
    return settle(translate(f"mk.battle.action.{snake}", lang, **params), lang)


def family_label(action: Any, battle: Any, lang: str) -> str:
    """The heading of a folded family of actions (an exchange, cooperation or search)."""
    from .view import label

    name = type(action).__name__
    actor = label(battle, action.actor, lang, "gm")
    if name == "Swap":
        return settle(translate("mk.battle.cli.family.swap", lang, actor=actor, other=label(battle, action.other, lang, "gm")), lang)
    if name == "Cooperate":
        return settle(translate("mk.battle.cli.family.cooperate", lang, actor=actor, target=label(battle, action.target, lang, "gm")), lang)
    return settle(translate("mk.battle.cli.family.search", lang, actor=actor), lang)


def variant_label(action: Any, battle: Any, lang: str) -> str:
    """One option of a folded family, in a word or two."""
    name = type(action).__name__
    if name == "Swap":
        if action.give >= 0:
            item = battle.get(action.actor).weapons[action.give].label(lang)
            return translate("mk.battle.action.swap_give", lang, item=item)
        item = battle.get(action.other).weapons[action.take].label(lang)
        return translate("mk.battle.action.swap_take", lang, item=item)
    if name == "Cooperate":
        return translate(f"mk.battle.purpose.{action.action or 'hit'}", lang)
    return translate(f"mk.word.{action.stat}", lang)


def _describe_choice(action: Any, battle: Any, lang: str) -> str:
    """An answer to a choice, in words: the option, the item, the skill or the PC it names."""
    from .view import label

    ch = battle.pending.choice
    option = action.option
    if ch.kind in ("minion_help", "cat_set_hp"):
        return translate(f"mk.battle.choice.option.{option}", lang, value=ch.detail[0] if ch.detail else "")
    if ch.kind == "break_item":
        return battle.get(battle.pending.actor).weapons[int(option)].label(lang)
    if ch.kind == "cft_minions":
        return label(battle, option, lang, "gm")
    return str(option)


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
        for n, c in enumerate(battle.combatants, 1):
            if c.area != area:
                continue
            name = f"#{n} " + label(battle, c.id, lang, role)
            if c.hidden and role != "gm":
                pieces.append(name + translate("mk.battle.cli.flag.hidden", lang))
                continue
            flags = []
            if c.condition != "ok":
                flags.append(translate(f"mk.battle.cli.flag.{c.condition}", lang))
            elif battle.phase not in ("setup", "over"):
                flags.append(translate(f"mk.battle.cli.flag.{'acted' if c.acted else 'ready'}", lang))
            flags.extend(translate(f"mk.battle.status.{s}", lang) for s in sorted(c.statuses))
            text = translate("mk.battle.cli.piece", lang, name=name, hp=hp_text(c.hp, lang), max_hp=c.max_hp, flags="")
            if flags:
                text += " [" + ", ".join(flags) + "]"
            if c.hidden:
                text += translate("mk.battle.cli.flag.hidden", lang)
            pieces.append(text)
        area_name = translate(f"mk.battle.area.a{area}", lang)
        empty = translate("mk.battle.cli.empty", lang)
        lines.append(f"  {area}. {area_name}: " + (" · ".join(pieces) or empty))
    if battle.voice or battle.disasters:
        lines.append(translate("mk.battle.cli.voice", lang, voice=battle.voice, disasters=battle.disasters))
    if battle.pending is not None:
        lines.append(pending_text(battle, lang))
    return "\n".join(lines)


def hp_text(hp: int, lang: str) -> str:
    """HP as shown: below 0 it says how far below, which the fatal-wound table reads (R-MK-31).

    >>> hp_text(5, "en"), hp_text(-3, "en")
    ('5', '-3 (3 below 0)')
    """
    return str(hp) if hp >= 0 else translate("mk.battle.cli.hp_below", lang, hp=hp, below=-hp)


def pending_text(battle: Any, lang: str) -> str:
    """What the battle waits for, with a choice's question in full."""
    from .view import label

    p = battle.pending
    if p.choice is None:
        kind = translate(f"mk.battle.cli.pending.{p.kind}", lang)
        return translate("mk.battle.cli.waiting", lang, kind=kind)
    ch = p.choice
    actor = translate(f"mk.battle.side.{p.actor}", lang) if p.actor in ("court", "monsters") else label(battle, p.actor, lang, "gm")
    key = ch.kind
    params: dict[str, Any] = {"actor": actor}
    if ch.kind == "minion_help":
        achievement, difficulty, minions = ch.detail
        params.update(achievement=achievement, difficulty=difficulty, minions=minions)
        if difficulty < 0:
            key = "minion_help_secret"
    elif ch.detail:
        params["value"] = ch.detail[0]
    return settle(translate(f"mk.battle.choice.ask.{key}", lang, **params), lang)


def gm_listing(actions: list[Action]) -> list[tuple[Action, int]]:
    """The GM's actions as a numbered list (no hope to fold)."""
    return [(a, 0) for a in actions]


def _pick(text: str, listing: list[tuple[Action, int]]) -> Action | None:
    """``"12"`` to an action of the GM ``listing``, or None when it names none."""
    number = text.replace(" ", "")
    if not number.isdigit() or not 1 <= int(number) <= len(listing):
        return None
    return listing[int(number) - 1][0]


def show_menu(battle: Any, legal: list[Action], lang: str) -> list[str]:
    """The legal actions grouped by character, then kind, each under its stable key (see :mod:`.menu`)."""
    from ..display import display_width
    from .menu import entries
    from .view import label

    lines: list[str] = []
    nums = {c.id: n for n, c in enumerate(battle.combatants, 1)}
    for owner, kinds in entries(battle, legal):
        if owner:
            c = battle.get(owner)
            where = translate(f"mk.battle.area.a{c.area}", lang)
            head = translate("mk.battle.cli.group", lang, n=nums[owner], name=label(battle, owner, lang, "gm"),
                             area=where, hp=hp_text(c.hp, lang), max_hp=c.max_hp)  # fmt: skip
        else:
            head = translate("mk.battle.cli.group_general", lang)
        lines.append(head)
        for kind, items in kinds:
            title = translate(f"mk.battle.cli.kind.{kind}", lang)
            pad = " " * max(0, 7 - display_width(title))
            for n, e in enumerate(items):
                head = title + pad if n == 0 else " " * 7
                family = type(e.action).__name__ in ("Swap", "Cooperate", "SearchSpot")
                what = family_label(e.action, battle, lang) if family else describe(e.action, battle, lang)
                text = f"    {head} {e.key + ('…' if family else ''):<7} {what}"
                if e.most_hope:
                    text += translate("mk.battle.cli.hope_range", lang, most=e.most_hope)
                if family:
                    options = e.variants
                    if not any(v is e.action for _, v in options):
                        options = (("", e.action), *options)
                    text += ": " + " · ".join(
                        f"{e.key + suffix} {variant_label(v, battle, lang)}" for suffix, v in options
                    )
                for suffix, _variant in () if family else e.variants:
                    word = "hold_back" if suffix.endswith("-") else "improvised"
                    text += translate(f"mk.battle.cli.variant.{word}", lang, key=e.key + suffix)
                lines.append(text)
    return lines


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


def monsters_decide(battle: Any) -> bool:
    """The decision now is the monster side's (its turn, or a prompt one of its pieces answers)."""
    p = battle.pending
    if p is not None:
        who = p.mover or p.actor
        if who in ("court", "monsters"):
            return who == "monsters"
        return bool(who) and battle.get(who).side == "monsters"
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
        legal = list(game.legal_actions())
        if auto_monsters and monsters_decide(state):
            chosen = TacticalPolicy().choose(state, legal)
            say(translate("mk.battle.cli.policy_plays", lang, action=describe(chosen, state, lang)))
            for event in game.play(chosen, dice):
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
        if word == "g" or (text[:1].lower() == "g" and text[1:2].strip().isdigit()):
            listing = gm_listing(gm_actions(state))
            rest = text[1:].strip() if word != "g" else ""
            if not rest:
                say(translate("mk.battle.cli.gm_list", lang))
                for n, (action, _most) in enumerate(listing, 1):
                    say(_line(n, action, state, lang))
                # Ask right here: redrawing the field would scroll the long GM list off the screen.
                try:
                    rest = ask(translate("mk.battle.cli.choose_gm", lang) + " ").strip().lower()
                except EOFError:
                    say(translate("mk.battle.cli.bye", lang))
                    return 0
                rest = rest[1:].strip() if rest.startswith("g") else rest
                if not rest:
                    continue
            number, value = _split_value(rest)
            chosen = _pick(number, listing)
            if chosen is not None and value:
                chosen = _with_value(chosen, value)
                if chosen is None:
                    say(translate("mk.battle.cli.bad_value", lang, text=rest))
                    continue
            if chosen is None:
                say(translate("mk.battle.cli.bad_gm_choice", lang, text=number, count=len(listing)))
                continue
        else:
            from .menu import parse_choice

            chosen = parse_choice(text, state, legal)
            if chosen is None:
                say(translate("mk.battle.cli.bad_choice", lang, text=text))
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
