"""``meikyu liberator …``: missions, card checks, exact odds and the hot-seat table.

- ``meikyu liberator mission --players 3 --levels 1,1,1 --type turning [--seed S] [--format json]``,
  or ``--party warrior,mage`` (the players and their cards; every obstacle one they can remove)
- ``meikyu liberator cards check FILE [--format json]`` — exit 0 valid, 1 rule violations
- ``meikyu liberator cards list`` — the sample cards
- ``meikyu liberator odds CARD --obstacles P3,M1 [--bonus N]``
- ``meikyu liberator play --players ann:warrior:mount,bob:mage:might+focus --levels 1,2
  [--plan normal,turning,final] [--seed S] [--dice 5,3,…] [--script FILE] [--no-gm] [--cards FILE]
  [--load SAVE | --continue SAVE]`` — ``--continue`` starts a campaign's next scenario with the
  players of SAVE's finished one (experience, levels, cards and jobs carry over)

``--script FILE`` feeds the table's commands from a file (see :mod:`meikyu.systems.liberator.play`)
and ``--dice`` queues dice before the random ones, so a whole scenario can be replayed in tests.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="meikyu"); sub = parser.add_subparsers()
>>> register(sub)
>>> args = parser.parse_args(["liberator", "mission", "--players", "3", "--levels", "1,1,1", "--type", "normal", "--seed", "1", "--format", "json"])
>>> args.handler(args)  # doctest: +ELLIPSIS
{"ok": true, "type": "normal", "budget": 6, "obstacles": [...
0
"""

from __future__ import annotations

import argparse
import builtins
import json
import sys
from collections.abc import Callable

from meikyu.errors import DataError, InputError, MeikyuError
from meikyu.i18n import LANGS, translate
from meikyu.lang import resolve_lang

DEFAULT_LANG = "ja"


def _lang(args: argparse.Namespace) -> str:
    try:
        return resolve_lang(getattr(args, "lang", None), DEFAULT_LANG)
    except InputError:
        return "en"


def _guarded(fn: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Print bad input as one line in the user's language (exit 2), never a traceback."""

    def run(args: argparse.Namespace) -> int:
        try:
            return fn(args)
        except MeikyuError as exc:
            lang = _lang(args)
            if getattr(args, "format", "text") == "json":
                print(json.dumps({"ok": False, "reason": exc.message(lang)}, ensure_ascii=False))
            else:
                print(translate("lb.cli.error", lang, message=exc.message(lang)), file=sys.stderr)
            return 2

    return run


def _levels(text: str, players: int) -> list[int]:
    try:
        levels = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise InputError("lb.cli.bad_levels", text=text) from None
    if len(levels) != players or any(lv < 1 for lv in levels):
        raise InputError("lb.error.levels", players=players, count=len(levels))
    return levels


def cmd_mission(args: argparse.Namespace) -> int:
    from meikyu.systems.liberator.cards import KIND_ATTRIBUTE, sample_cards
    from meikyu.systems.liberator.effects import format_effects
    from meikyu.systems.liberator.mission import generate_mission, mission_to_json, mission_type
    from meikyu.systems.liberator.names import localize

    reach, size = _party_reach(args.party) if args.party else (None, 0)
    players = args.players if args.players is not None else size
    if players < 1:
        raise InputError("lb.cli.mission_players")
    levels = _levels(args.levels, players) if args.levels else [1] * players
    mission = generate_mission(args.type, levels, players, args.seed, reach=reach)
    data = mission_to_json(mission)
    if args.format == "json":
        print(json.dumps(data, ensure_ascii=False))
        return 0
    lang = _lang(args)
    cards = sample_cards()
    print(
        translate(
            "lb.cli.mission",
            lang,
            type=mission_type(args.type, lang),
            budget=mission.budget,
            total=sum(o["evaluation"] for o in data["obstacles"]),
        )
    )
    for o in mission.obstacles:
        enh = cards.enhancements[o.enhancement] if o.enhancement else None
        bonus = f"  [{enh.name}: {format_effects(enh.bonus, lang)}]" if enh else ""
        kind = translate(f"lb.kind.{o.kind}", lang)
        line = f"  {o.name or kind} — {kind}({KIND_ATTRIBUTE[o.kind]}) {o.target}  ({o.evaluation}){bonus}"
        print(localize(line, lang))
    return 0


def _party_reach(text: str) -> tuple[dict[str, int], int]:
    """The reach of a party given as ``job[+extra…],…`` (or ``name:job:extra+extra,…``), and its size."""
    from meikyu.systems.liberator.cards import sample_cards
    from meikyu.systems.liberator.mission import party_reach

    cards = sample_cards()
    owned: list[str] = []
    pieces = [piece for piece in text.split(",") if piece.strip()]
    for piece in pieces:
        parts = piece.strip().split(":")
        parts = parts[1:] if len(parts) > 1 else parts  # drop the player's name
        job, *extras = [x for x in "+".join(parts).split("+") if x]
        if job not in cards.jobs:
            raise InputError("lb.cli.bad_party", text=piece.strip(), jobs=", ".join(cards.jobs))
        for extra in extras:
            if extra not in cards.actions and extra not in cards.feats:
                raise InputError("lb.error.unknown_card", card=extra)
        owned += list(cards.jobs[job].actions) + [x for x in extras if x in cards.actions]
    return party_reach(cards.actions[a] for a in owned), len(pieces)


def cmd_cards_check(args: argparse.Namespace) -> int:
    from meikyu.systems.liberator.cardmaking import check_cards
    from meikyu.systems.liberator.cards import check_references, load_card_file, sample_cards

    cards = load_card_file(args.file)
    if not (cards.actions or cards.jobs or cards.feats or cards.obstacles or cards.enhancements):
        raise DataError("lb.error.data.no_cards", file=args.file)  # "0 cards, 0 errors" would pass an empty file
    check_references(sample_cards().merged(cards), args.file)
    violations = check_cards(cards)
    errors = [v for v in violations if v.severity == "error"]
    lang = _lang(args)
    if args.format == "json":
        print(
            json.dumps(
                {
                    "ok": not errors,
                    "cards": len(cards.actions)
                    + len(cards.jobs)
                    + len(cards.feats)
                    + len(cards.obstacles)
                    + len(cards.enhancements),
                    "violations": [
                        {
                            "card": v.card,
                            "code": v.code,
                            "severity": v.severity,
                            "face": v.face,
                            "message": v.message(lang),
                        }
                        for v in violations
                    ],
                },
                ensure_ascii=False,
            )
        )
    else:
        for v in violations:
            print(translate(f"lb.cli.{v.severity}", lang, message=v.message(lang)))
        print(
            translate(
                "lb.cli.checked",
                lang,
                actions=len(cards.actions),
                errors=len(errors),
                warnings=len(violations) - len(errors),
            )
        )
    return 1 if errors else 0


def cmd_cards_file(args: argparse.Namespace) -> int:
    """``cards new`` (a commented template) or ``cards schema`` (JSON Schema draft 2020-12)."""

    from meikyu.files import write_out
    from meikyu.systems.liberator.card_template import cards_template
    from meikyu.systems.liberator.cards import cards_schema

    lang = _lang(args)
    if args.cards_cmd == "new":
        text = cards_template(lang)
    else:
        text = json.dumps(cards_schema(lang), ensure_ascii=False, indent=2) + "\n"
    write_out(args.out, text)
    return 0


def cmd_cards_list(args: argparse.Namespace) -> int:
    from meikyu.systems.liberator.cards import sample_cards
    from meikyu.systems.liberator.effects import describe, format_effects
    from meikyu.systems.liberator.names import localize

    cards = sample_cards()
    lang = _lang(args)

    def print(line: str) -> None:  # noqa: A001 — sample names in the chosen language
        builtins.print(localize(line, lang))

    if args.recovery is None:
        for job in cards.jobs.values():
            print(
                f"{job.id:10} {job.name}  {job.effect.name}[{job.effect.id}] {describe(job.effect.effect, lang)}"
                f"  → {', '.join(job.actions)}"
            )
    power_word = translate("lb.cli.power_row", lang)
    for a in cards.actions.values():
        if args.recovery is not None and a.recovery != args.recovery:
            continue
        row = " ".join(map(str, a.power))
        faces = " · ".join(
            f"{face}: {format_effects(a.effects_on(face), lang)}" for face in range(1, 7) if a.effects_on(face)
        )
        print(f"{a.id:20} {a.name} {a.attribute}{a.recovery}  {power_word} {row}  | {faces}")
    if args.recovery is None:
        for f in cards.feats.values():
            cost = f" ({translate('lb.cli.cost', lang, cost=f.cost)})" if f.cost else ""
            print(f"{f.id:20} {f.name} {describe(f.effect, lang)}{cost}")
    return 0


def cmd_odds(args: argparse.Namespace) -> int:
    from meikyu.systems.liberator.cards import sample_cards
    from meikyu.systems.liberator.names import card_name
    from meikyu.systems.liberator.odds import removal_odds

    cards = sample_cards()
    if args.card not in cards.actions:
        raise InputError("lb.error.unknown_card", card=args.card)
    targets = []
    for piece in args.obstacles.split(","):
        piece = piece.strip().upper()
        if len(piece) < 2 or piece[0] not in "PMC" or not piece[1:].isdigit():
            raise InputError("lb.cli.bad_obstacle", text=piece)
        targets.append((piece[0], int(piece[1:])))
    p = removal_odds(cards.actions[args.card], targets, args.bonus, args.attribute or "")
    if args.format == "json":
        print(json.dumps({"ok": True, "card": args.card, "probability": str(p), "value": float(p)}))
    else:
        print(
            translate(
                "lb.cli.odds",
                _lang(args),
                card=card_name(args.card, cards.actions[args.card].name, _lang(args)),
                fraction=str(p),
                percent=f"{float(p) * 100:.1f}",
            )
        )
    return 0


def _players(text: str) -> list[tuple[str, str, list[str]]]:
    players = []
    for piece in text.split(","):
        parts = piece.strip().split(":")
        if len(parts) < 2 or not parts[0] or not parts[1]:
            raise InputError("lb.cli.bad_player", text=piece)
        players.append((parts[0], parts[1], [x for x in parts[2].split("+") if x] if len(parts) > 2 else []))
    return players


def cmd_play(args: argparse.Namespace) -> int:
    from meikyu.dice.source import parse_dice_list
    from meikyu.files import read_text
    from meikyu.systems.liberator.cards import load_card_file, sample_cards
    from meikyu.systems.liberator.play import Table, load_game, random_seed
    from meikyu.systems.liberator.rules import LiberatorRules
    from meikyu.systems.liberator.state import Options

    lang = _lang(args)
    cards = sample_cards()
    if args.cards:
        cards = cards.merged(load_card_file(args.cards))
    dice = parse_dice_list(args.dice) if args.dice else []
    plan = [x for x in args.plan.split(",") if x]
    if args.continue_from:
        from dataclasses import replace

        from meikyu.systems.liberator.campaign import next_scenario

        if args.players or args.levels or args.load:
            raise InputError("lb.cli.continue_alone")
        rules = LiberatorRules(cards)
        finished = load_game(rules, args.continue_from, lang).state
        seed = args.seed if args.seed is not None else random_seed()
        options = replace(finished.options, party_missions=not args.any_obstacles)
        state = next_scenario(finished, plan=plan, seed=seed, options=options, dedicated_gm=not args.no_gm)
        table = Table.around(state, rules, lang=lang, dice=dice, seed=seed)
        print(translate("lb.play.next_scenario", lang, scenario=state.scenario))
    else:
        players = _players(args.players or "player1:warrior:mount")
        levels = _levels(args.levels, len(players)) if args.levels else None
        table = Table.new(
            players,
            cards=cards,
            plan=plan,
            seed=args.seed,
            dedicated_gm=not args.no_gm,
            lang=lang,
            options=Options(party_missions=not args.any_obstacles),
            dice=dice,
            levels=levels,
        )
    lines = read_text(args.script).splitlines() if args.script else None
    if args.load:
        table.load(args.load)  # a save that cannot be read refuses the start, not a fresh game
    if lines is not None:
        feed = iter(lines)

        def next_line() -> str | None:
            line = next(feed, None)
            if line is not None and line.strip() and not line.lstrip().startswith("#"):
                print("> " + line)
            return line

        return table.run(next_line)

    def ask() -> str | None:
        try:
            return input("> ")
        except EOFError:
            return None

    return table.run(ask)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``liberator`` with its sub-commands."""
    top = subparsers.add_parser(
        "liberator", aliases=["lb"], help="Liberator: missions, cards, odds, the table"
    )
    sub = top.add_subparsers(dest="lb_cmd", metavar="COMMAND", required=True)

    def common(p: argparse.ArgumentParser, formats: bool = True) -> None:
        p.add_argument("--lang", choices=LANGS, help="ko, ja or en (default ja, or $MEIKYU_LANG)")
        if formats:
            p.add_argument("--format", choices=("text", "json"), default="text")

    p = sub.add_parser("mission", help="generate a mission within the budget")
    p.add_argument("--players", type=int, help="how many players (default: the --party's size)")
    p.add_argument("--levels", help="one level per player, e.g. 1,1,2 (default 1 each)")
    p.add_argument("--type", choices=("normal", "turning", "final"), default="normal")
    p.add_argument("--seed", type=int)
    p.add_argument(
        "--party",
        help="the party's jobs (and extra actions), e.g. warrior,mage+magic_sword: "
        "every obstacle is then one their cards can remove",
    )
    common(p)
    p.set_defaults(handler=_guarded(cmd_mission))

    cards = sub.add_parser("cards", help="check or list card files").add_subparsers(
        dest="cards_cmd", metavar="COMMAND", required=True
    )
    p = cards.add_parser("check", help="validate a card file against the card-making rules")
    p.add_argument("file")
    common(p)
    p.set_defaults(handler=_guarded(cmd_cards_check))
    p = cards.add_parser("new", help="write a commented card file to start from (one card of every kind)")
    p.add_argument("--out", help="write to this file instead of printing")
    common(p, formats=False)
    p.set_defaults(handler=_guarded(cmd_cards_file))
    p = cards.add_parser("schema", help="print the JSON Schema (draft 2020-12) of a card file")
    p.add_argument("--out", help="write to this file instead of printing")
    common(p, formats=False)
    p.set_defaults(handler=_guarded(cmd_cards_file))
    p = cards.add_parser("list", help="list the sample cards")
    p.add_argument("--recovery", type=int, help="only the action cards of this recovery target (1–8)")
    common(p, formats=False)
    p.set_defaults(handler=_guarded(cmd_cards_list))

    p = sub.add_parser("odds", help="exact odds of removing obstacles with an action")
    p.add_argument("card", help="action id, e.g. swing")
    p.add_argument("--obstacles", required=True, help="attribute+target list, e.g. P3,M1")
    p.add_argument("--bonus", type=int, default=0)
    p.add_argument("--attribute", choices=("P", "M", "C"))
    common(p)
    p.set_defaults(handler=_guarded(cmd_odds))

    p = sub.add_parser("play", help="a hot-seat table for one scenario (or a campaign's next one)")
    p.add_argument(
        "--players", help="name:job:extra+extra,… in seat order (default player1:warrior:mount)"
    )
    p.add_argument(
        "--levels", help="each player's level, e.g. 1,2,1 (a level-N character takes N extra cards)"
    )
    p.add_argument("--plan", default="normal,turning,final", help="mission types in order")
    p.add_argument("--seed", type=int)
    p.add_argument("--dice", help="dice to use before random ones, e.g. 5,3,6,6")
    p.add_argument("--script", help="read the table's commands from this file")
    p.add_argument("--no-gm", action="store_true", help="no dedicated GM (the next player acts as GM)")
    p.add_argument("--cards", help="a card file to add to the sample cards")
    p.add_argument("--load", help="a saved game to continue")
    p.add_argument(
        "--continue",
        dest="continue_from",
        metavar="SAVE",
        help="a campaign: the next scenario, with the players (experience, levels, cards, jobs) of "
        "SAVE's finished scenario",
    )
    p.add_argument(
        "--any-obstacles",
        action="store_true",
        help="generate missions without checking the party can remove every obstacle",
    )
    common(p, formats=False)
    p.set_defaults(handler=_guarded(cmd_play))
