"""``meikyu gamebook books | check | graph | play | odds``: the gamebook's commands for :mod:`meikyu.cli`."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from meikyu.errors import InputError, MeikyuError
from meikyu.i18n import LANGS, translate
from meikyu.lang import resolve_lang

DEFAULT_LANG = "ja"
Handler = Callable[[argparse.Namespace], int]


def _lang(args: argparse.Namespace) -> str:
    try:
        return resolve_lang(getattr(args, "lang", None), default=DEFAULT_LANG)
    except InputError:
        return "en"


def _guarded(fn: Handler) -> Handler:
    """Errors become one line in the reader's language on stderr and exit status 2, never a traceback."""

    @functools.wraps(fn)
    def run(args: argparse.Namespace) -> int:
        import meikyu.systems.gamebook  # noqa: F401  (registers the gb. catalog)

        try:
            return fn(args)
        except MeikyuError as exc:
            lang = _lang(args)
            print(translate("gb.cli.error", lang, message=exc.message(lang)), file=sys.stderr)
            return 2

    return run


def _book_path(name: str) -> Path:
    """``sample`` (the default shipped book), a shipped book's id, or a path to a book file."""
    from meikyu.systems.gamebook.books import SAMPLES, sample_path

    if name == "sample":
        return sample_path()
    if name in SAMPLES:
        return sample_path(name)
    return Path(name)


@_guarded
def cmd_books(args: argparse.Namespace) -> int:
    """List the shipped books: id and title (what ``check`` and ``play`` take instead of a path)."""
    from meikyu.systems.gamebook.book import load_book
    from meikyu.systems.gamebook.books import samples

    lang = _lang(args)
    rows: list[dict[str, Any]] = []
    for book_id, path in samples():
        book = load_book(path)
        rows.append({"id": book_id, "title": book.title.get(lang), "paragraphs": len(book.paragraphs),
                     "default": not rows})
    lines = [translate("gb.cli.book_row", lang, **row) + (translate("gb.cli.book_default", lang) if row["default"]
                                                          else "") for row in rows]
    lines.append(translate("gb.cli.books_hint", lang, id=rows[-1]["id"]))
    _emit(args, {"ok": True, "books": rows}, lines)
    return 0


def _emit(args: argparse.Namespace, data: dict[str, Any], lines: list[str]) -> None:
    if args.format == "json":
        print(json.dumps(data, ensure_ascii=False))
    else:
        for line in lines:
            print(line)


@_guarded
def cmd_check(args: argparse.Namespace) -> int:
    from meikyu.files import parse_toml, read_text
    from meikyu.systems.gamebook.validate import check_book

    lang = _lang(args)
    path = _book_path(args.book)
    if args.max_states < 1:
        raise InputError("gb.error.bad_max_states", value=args.max_states)
    parse_toml(read_text(path), str(path))  # not TOML at all: one line and exit 2, not a list of problems
    report = check_book(path, args.max_states)
    summary = report.summary()
    problems = [{"line": p.line, "paragraph": p.paragraph, "key": p.key, "message": p.message(lang)}
                for p in report.problems]
    # Warnings (fights that may never end) are listed with the problems but do not fail the check.
    warnings = [{"line": p.line, "paragraph": p.paragraph, "key": p.key, "message": p.message(lang)}
                for p in report.warnings]
    lines = [translate("gb.cli.problem", lang, file=str(path), line=p["line"],
                       paragraph=p["paragraph"] or "-", message=p["message"])
             for p in sorted(problems + warnings, key=lambda p: (p["line"], p["key"]))]
    key = ("gb.cli.check_ok" if report.ok else "gb.cli.check_bad") + ("_warnings" if warnings else "")
    lines.append(translate(key, lang, book=report.book.id or str(path), **summary))
    _emit(args, {"ok": report.ok, "book": report.book.id, "summary": summary, "problems": problems,
                 "warnings": warnings}, lines)
    return 0 if report.ok else 1


@_guarded
def cmd_graph(args: argparse.Namespace) -> int:
    """Draw a book (SVG, or DOT for Graphviz) with what ``check`` finds marked; to stdout or ``--output``."""
    from meikyu.files import write_atomic
    from meikyu.systems.gamebook.graph import book_graph, to_dot, to_svg
    from meikyu.systems.gamebook.validate import check_book

    lang = _lang(args)
    path = _book_path(args.book)
    report = check_book(path, play=not args.no_play)
    graph = book_graph(report.book, lang, report.problems, report.warnings)
    text = to_svg(graph) if args.format == "svg" else to_dot(graph)
    if args.output:
        write_atomic(args.output, text)
        print(translate("gb.graph.written", lang, file=args.output, book=report.book.id or str(path),
                        paragraphs=len(report.book.paragraphs), problems=len(report.problems),
                        warnings=len(report.warnings)))
    else:
        sys.stdout.write(text)
    return 0


def parse_enemy(spec: str) -> Any:
    """``"atk,kill,def,hits"`` → an :class:`Enemy`.

    >>> parse_enemy("10,2,9,4")
    Enemy(attack=10, kill=2, defense=9, hits=4, name=Text(by_lang=(('*', '1'),)))
    """
    from meikyu.systems.gamebook.fighters import Enemy
    from meikyu.systems.gamebook.text import Text

    parts = [p.strip() for p in spec.split(",")]
    if len(parts) != 4 or not all(p.isdigit() for p in parts):
        raise InputError("gb.error.bad_enemy_spec", spec=spec)
    attack, kill, defense, hits = map(int, parts)
    if hits < 1:
        raise InputError("gb.error.bad_enemy_spec", spec=spec)
    return Enemy(attack, kill, defense, hits, Text.plain("1"))


@_guarded
def cmd_odds(args: argparse.Namespace) -> int:
    from meikyu.systems.gamebook.fighters import Fighter
    from meikyu.systems.gamebook.odds import combat_odds

    lang = _lang(args)
    if not args.enemy:
        raise InputError("gb.error.odds.no_enemies")
    for name in ("attack", "kill", "defense"):
        if getattr(args, name) < 0:
            raise InputError("gb.error.bad_number", option=f"--{name}", value=getattr(args, name))
    if args.hits < 1:
        raise InputError("gb.error.bad_number", option="--hits", value=args.hits)
    for name in ("extra_attacks", "escape_bonus"):
        if getattr(args, name) < 0:
            raise InputError("gb.error.bad_modifier", option="--" + name.replace("_", "-"), value=getattr(args, name))
    from meikyu.systems.gamebook.fighters import ROLL_KINDS
    from meikyu.systems.gamebook.reader import percent

    rerolls = tuple(word.strip() for word in (args.reroll or "").split(",") if word.strip())
    for word in rerolls:
        if word not in ROLL_KINDS:
            raise InputError("gb.error.bad_reroll", value=word, kinds=",".join(ROLL_KINDS))
    enemies = [parse_enemy(spec) for spec in args.enemy]
    # An ability's numbers (R-GB-03), given as they stand: --attack etc. are Shin's with the ability applied.
    shin = Fighter(args.attack, args.kill, args.defense, args.hits, extra_attacks=args.extra_attacks,
                   rerolls=rerolls, escape_bonus=args.escape_bonus)
    odds = combat_odds(shin, enemies, escape=args.escape)
    data: dict[str, Any] = odds.to_data()
    data["best_target"] = odds.best_target + 1
    lines = []
    if args.escape:
        # The solver's escape policy minimises the chance of losing; never escaping maximises winning
        # (an escape never wins), so both are given, each named.
        data["policy"] = "safest"
        most = combat_odds(shin, enemies, escape=False)
        data["most_wins"] = {**most.to_data(), "policy": "never_escape", "best_target": most.best_target + 1}
        del data["most_wins"]["ok"]
        lines.append(translate("gb.cli.policy_safest", lang))
    lines += [translate("gb.cli.odds_win", lang, frac=data["win"], pct=percent(odds.win)),
              translate("gb.cli.odds_lose", lang, frac=data["lose"], pct=percent(odds.lose))]
    if args.escape:
        lines.append(translate("gb.cli.odds_escape", lang, frac=data["escape"], pct=percent(odds.escape)))
        lines += [translate("gb.cli.policy_most_wins", lang),
                  translate("gb.cli.odds_win", lang, frac=data["most_wins"]["win"], pct=percent(most.win)),
                  translate("gb.cli.odds_lose", lang, frac=data["most_wins"]["lose"], pct=percent(most.lose))]
    if len(enemies) > 1:
        lines.append(translate("gb.cli.odds_target", lang, target=odds.best_target + 1))
    _emit(args, data, lines)
    return 0


def _parse_choices(text: str | None) -> list[int]:
    if not text:
        return []
    out = []
    for word in text.replace(" ", ",").split(","):
        if not word:
            continue
        if not word.isdigit() or int(word) < 1:
            raise InputError("gb.error.bad_choices", value=word)
        out.append(int(word))
    return out


@_guarded
def cmd_play(args: argparse.Namespace) -> int:
    from meikyu.dice import RandomDice, ScriptedDice, parse_dice_list
    from meikyu.systems.gamebook.book import load_book
    from meikyu.systems.gamebook.reader import ManualDice, Session, run_interactive, run_scripted
    from meikyu.systems.gamebook.validate import check_book

    lang = _lang(args)
    path = _book_path(args.book)
    book = load_book(path)
    # What the text shows (links, names) only: playing the book every way is `gamebook check`'s work and
    # took seconds before the first line (the Tower of Winds: 6.5 s).
    report = check_book(path, play=False)
    if not report.ok:  # readable, but some links or conditions are broken: say so before reading
        print(translate("gb.cli.play_warning", lang, count=len(report.problems), book=str(path)), file=sys.stderr)
    manual = args.dice == "manual"
    scripted = args.choices is not None or args.format == "json"
    if scripted:
        if args.load:  # a scripted run starts at the book's start: a save would be silently ignored
            raise InputError("gb.error.load_scripted", option="--choices" if args.choices is not None else "--format json")
        dice = ScriptedDice(parse_dice_list(args.dice)) if args.dice and not manual else RandomDice(args.seed)
        if manual:
            raise InputError("gb.error.manual_scripted")
        log: list[str] = []
        result = run_scripted(book, _parse_choices(args.choices), dice, lang=lang, story=args.story, log=log)
        lines = [*log, translate("gb.cli.path", lang, path=" → ".join(result["path"]))]
        if result["ended"]:
            lines.append(translate("gb.cli.ended", lang, kind=translate(f"gb.ending.{result['ending']}", lang)))
        elif result["waiting"]:
            lines.append(translate(f"gb.cli.waiting_{result['waiting']}", lang))
        _emit(args, result, lines)
        return 0
    if args.dice and not manual:
        dice_source: Any = ScriptedDice(parse_dice_list(args.dice))
    elif manual:
        dice_source = ManualDice(input, print, lang)
    else:
        dice_source = RandomDice(args.seed)
    session = Session(book, story=args.story, dice=dice_source, lang=lang)
    if args.load:
        session.load(args.load)
    print(translate("gb.reader.welcome", lang, title=book.title.get(lang)))
    return run_interactive(session, input, print)


def cmd_book_file(args: argparse.Namespace) -> int:
    """``gamebook new`` (a commented book) or ``gamebook schema`` (JSON Schema draft 2020-12)."""
    from meikyu.files import write_out
    from meikyu.systems.gamebook.book_schema import book_schema, book_template

    lang = _lang(args)
    text = book_template(lang) if args.gb_cmd == "new" else json.dumps(book_schema(lang), ensure_ascii=False,
                                                                         indent=2) + "\n"
    write_out(args.out, text)
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``gamebook`` with its sub-commands ``books``, ``check``, ``graph``, ``play`` and ``odds``."""
    top = subparsers.add_parser("gamebook", help="the Shin gamebook: check and play books, exact combat odds")
    sub = top.add_subparsers(dest="gb_cmd", metavar="COMMAND")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--lang", choices=LANGS, help="language (default ja, or $MEIKYU_LANG)")
        p.add_argument("--format", choices=("text", "json"), default="text")

    p = sub.add_parser("books", help="list the books shipped with meikyu")
    common(p)
    p.set_defaults(handler=cmd_books)

    p = sub.add_parser("check", help="validate a book file (exit 1 when it has problems)")
    p.add_argument("book", help="a book TOML file, a shipped book's id (see 'books'), or 'sample'")
    p.add_argument("--max-states", type=int, default=200_000,
                   help="how many (paragraph, sheet) states playing the book may visit (default 200000)")
    common(p)
    p.set_defaults(handler=cmd_check)

    for name, words in (("new", "write a commented book to start from (every part's fields, said)"),
                        ("schema", "print the JSON Schema (draft 2020-12) of a book file")):
        p = sub.add_parser(name, help=words)
        p.add_argument("--out", help="write to this file instead of printing")
        p.add_argument("--lang", choices=LANGS, help="language of the comments (default ja, or $MEIKYU_LANG)")
        p.set_defaults(handler=cmd_book_file)

    p = sub.add_parser("graph", help="draw a book: paragraphs, ways on, endings and what check finds")
    p.add_argument("book", help="a book TOML file, a shipped book's id (see 'books'), or 'sample'")
    p.add_argument("--format", choices=("svg", "dot"), default="svg", help="SVG (default) or Graphviz DOT text")
    p.add_argument("--output", "-o", help="write to this file instead of stdout")
    p.add_argument("--no-play", action="store_true",
                   help="mark only what the text shows (links, reachability, dead ends, names), without playing "
                        "the book every way (seconds for a large book)")
    p.add_argument("--lang", choices=LANGS, help="language (default ja, or $MEIKYU_LANG)")
    p.set_defaults(handler=cmd_graph)

    p = sub.add_parser("play", help="read a book in the terminal, or play it from a script")
    p.add_argument("book", help="a book TOML file, a shipped book's id (see 'books'), or 'sample'")
    p.add_argument("--story", action="store_true", help="story mode: no sheet, every fight won (R-GB-08)")
    p.add_argument("--seed", type=int, help="seed for reproducible dice")
    p.add_argument("--dice", help="'manual' to type dice in, or fixed values such as 6,3,1")
    p.add_argument("--choices", help="play non-interactively with these choice numbers, e.g. 1,2,1")
    p.add_argument("--load", help="resume a saved game (JSON)")
    common(p)
    p.set_defaults(handler=cmd_play)

    p = sub.add_parser("odds", help="exact chances of a fight")
    p.add_argument("--attack", type=int, required=True)
    p.add_argument("--kill", type=int, required=True)
    p.add_argument("--defense", type=int, required=True)
    p.add_argument("--hits", type=int, required=True)
    p.add_argument("--enemy", action="append", default=[], help='"attack,kill,defense,hits"; repeat for more')
    p.add_argument("--escape", action="store_true", help="escape is allowed in this fight")
    p.add_argument("--extra-attacks", type=int, default=0, help="an ability's extra attacks each exchange")
    p.add_argument("--reroll", help="rolls an ability lets Shin roll again once: attack,defense,escape")
    p.add_argument("--escape-bonus", type=int, default=0, help="an ability's bonus to the escape die")
    common(p)
    p.set_defaults(handler=cmd_odds)

    top.set_defaults(handler=lambda args: (top.print_help(), 2)[1])
