"""The ``meikyu`` command line.

``meikyu`` alone opens the interactive dice shell. Sub-commands: ``roll``, ``odds``, ``batch``,
``systems``, ``shell``, and those of the game systems and the server (``mk``, ``gamebook``,
``liberator``, ``serve``), each imported only when used so that start-up stays quick.

Bad input exits with status 2 and one line in the chosen language; no traceback reaches a user.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import re
import sys
from collections.abc import Iterator, Sequence
from typing import Any, NoReturn

from meikyu.errors import InputError, MeikyuError
from meikyu.i18n import LANGS, translate
from meikyu.lang import resolve_lang

# Sub-commands that live with their system: name -> module with register(subparsers).
PLUGINS: dict[str, str] = {
    "mk": "meikyu.systems.meikyu_kingdom.cli",
    "gamebook": "meikyu.systems.gamebook.cli",
    "liberator": "meikyu.systems.liberator.cli",
    "serve": "meikyu.api.cli",
    "game": "meikyu.store.cli",
}


_PLUGIN_ALIASES = {"lb": "liberator"}

_COMMAND_WORDS = frozenset({"roll", "odds", "batch", "systems", "shell", "lb", "-h", "--help", *PLUGINS})


def _lang_of(args: argparse.Namespace | None, default: str = "ko") -> str:
    try:
        return resolve_lang(getattr(args, "lang", None), default)
    except InputError:
        return "en"


def _system_lang(args: argparse.Namespace) -> str:
    from meikyu.systems import find

    default = "ko"
    with contextlib.suppress(InputError):
        default = find(getattr(args, "system", "MeikyuKingdom")).default_lang
    return resolve_lang(getattr(args, "lang", None), default)


def _parse_dice(text: str | None) -> list[int] | None:
    from meikyu.dice.source import parse_dice_list

    return None if text is None else parse_dice_list(text)


def cmd_roll(args: argparse.Namespace) -> int:
    import meikyu

    lang = _system_lang(args)
    result = meikyu.roll(args.command, system=args.system, dice=_parse_dice(args.dice), seed=args.seed, lang=lang)
    if args.format == "json":
        import json

        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(result.render("bcdice" if args.format == "bcdice" else "text"))
    return 0


def cmd_odds(args: argparse.Namespace) -> int:
    import meikyu

    lang = _system_lang(args)
    odds = meikyu.odds(args.command, system=args.system)
    if args.format == "json":
        import json

        print(json.dumps(odds.to_json(), ensure_ascii=False))
    else:
        print(odds.render_text(lang))
    return 0


BATCH_LINE_LIMIT = 1 << 16
"""Longest ``batch`` line read (64 KiB); a longer one is answered with a refusal and skipped."""

_SEED_LIMIT = 1 << 64


def _batch_line(line: str) -> dict[str, Any]:
    """One ``batch`` answer: never raises, whatever the line holds."""
    import json

    import meikyu

    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"ok": False, "reason": f"not JSON: {exc.msg} at column {exc.colno}"}
    except RecursionError:
        return {"ok": False, "reason": "not JSON this program reads: nested too deeply"}
    except ValueError as exc:  # Python's limit on digits in one integer
        return {"ok": False, "reason": f"not JSON this program reads: {exc}"}
    if not isinstance(request, dict) or not isinstance(request.get("command"), str):
        return {"ok": False, "reason": 'each line needs an object with a "command" string'}
    lang = request.get("lang")
    try:
        dice = request.get("dice")
        if dice is not None and (not isinstance(dice, list) or not all(
                isinstance(d, int) and not isinstance(d, bool) for d in dice)):
            return {"ok": False, "reason": '"dice" must be a list of whole numbers'}
        seed = request.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) >= _SEED_LIMIT):
            return {"ok": False, "reason": f'"seed" must be a whole number below 2^64 ({_SEED_LIMIT}) in size'}
        fmt = "bcdice" if request.get("format", "text") == "bcdice" else "text"
        result = meikyu.roll(
            request["command"], system=str(request.get("system") or "MeikyuKingdom"), dice=dice, seed=seed,
            lang=lang if isinstance(lang, str) else None, bcdice_messages=fmt == "bcdice",
        )
        return result.to_json(fmt)
    except MeikyuError as exc:
        refusal = {"ok": False, "reason": exc.message(lang if lang in LANGS else "en")}
        if getattr(exc, "secret", False):
            refusal["secret"] = True  # even a refusal of a secret roll is not for the open channel
        return refusal


def _batch_lines() -> Iterator[str | dict[str, Any]]:
    """Lines of stdin, each at most :data:`BATCH_LINE_LIMIT` bytes; a longer line (its rest skipped) or
    one that is not UTF-8 comes as its refusal instead."""
    source: Any = getattr(sys.stdin, "buffer", sys.stdin)  # bytes, or text when stdin was replaced (tests)
    while True:
        raw = source.readline(BATCH_LINE_LIMIT + 1)
        if not raw:
            return
        newline = b"\n" if isinstance(raw, bytes) else "\n"
        if len(raw) > BATCH_LINE_LIMIT and not raw.endswith(newline):
            while (rest := source.readline(BATCH_LINE_LIMIT)) and not rest.endswith(newline):
                pass
            yield {"ok": False, "reason": f"the line is longer than {BATCH_LINE_LIMIT} bytes"}
            continue
        try:
            yield raw.decode("utf-8") if isinstance(raw, bytes) else raw
        except UnicodeDecodeError as exc:
            yield {"ok": False, "reason": f"the line is not UTF-8 text (byte {exc.start + 1})"}


def _json_line(data: dict[str, Any]) -> str:
    """``data`` as one JSON line; ``\\u`` escapes only when some text cannot be written as UTF-8."""
    import json

    text = json.dumps(data, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data)
    return text


def cmd_batch(args: argparse.Namespace) -> int:
    for line in _batch_lines():
        if isinstance(line, dict) or line.strip():
            print(_json_line(line if isinstance(line, dict) else _batch_line(line)), flush=True)
    return 0


def cmd_systems(args: argparse.Namespace) -> int:
    from meikyu.systems import all_systems

    lang = _lang_of(args)
    width = max(len(info.id) for info in all_systems())
    for info in all_systems():
        print(f"{info.id:{width}} {info.localized_name(lang)}")
    return 0


def cmd_shell(args: argparse.Namespace) -> int:
    from meikyu.shell import DiceShell

    return DiceShell(system=args.system, lang=args.lang).run()


def _add_common(parser: argparse.ArgumentParser, system: bool = True) -> None:
    parser.add_argument("--lang", choices=LANGS, help="language of the output (default: the system's, or $MEIKYU_LANG)")
    if system:
        parser.add_argument("--system", default="MeikyuKingdom", help="game system id or alias (default MeikyuKingdom)")


_USAGE = (  # argparse's own messages (Python 3.11+), each said again in the user's language
    (re.compile(r"the following arguments are required: (?P<what>.*)"), "required"),
    (re.compile(r"unrecognized arguments: (?P<what>.*)"), "unrecognized"),
    (re.compile(r"argument (?P<argument>\S+): invalid choice: (?P<value>.*?) \(choose from (?P<choices>.*)\)"), "choice"),
    (re.compile(r"argument (?P<argument>\S+): invalid (?P<kind>\w+) value: (?P<value>.*)"), "type"),
    (re.compile(r"argument (?P<argument>\S+): expected one argument"), "one"),
)


def usage_message(message: str, prog: str, lang: str) -> str:
    """argparse's complaint as one line in ``lang``, values cut short so it stays one line.

    >>> usage_message("argument --port: invalid int value: 'x'", "meikyu serve", "en")
    "--port: 'x' is not a whole number (meikyu serve --help shows the options)."
    >>> usage_message("the following arguments are required: command", "meikyu roll", "ja")
    'command を指定してください（meikyu roll --help で使い方が分かります）。'
    """
    for pattern, key in _USAGE:
        found = pattern.fullmatch(message)
        if found:
            params = {k: v if len(v) <= 60 else v[:60] + "…" for k, v in found.groupdict().items()}
            if "kind" in params:
                params["kind"] = translate(f"cli.usage_kind.{params['kind']}", lang) if params["kind"] in (
                    "int", "float") else params["kind"]
            return translate(f"cli.usage_{key}", lang, prog=prog, **params)
    short = message.splitlines()[0] if message else message
    return translate("cli.usage_other", lang, prog=prog, message=short[:200])


class Parser(argparse.ArgumentParser):
    """argparse whose usage errors are one line in the user's language and exit status 2, as every other
    input error (its sub-command parsers are of this class too)."""

    lang = "ko"
    """The language of usage errors: ``main`` sets it from ``--lang``, ``$MEIKYU_LANG`` or the command."""

    def error(self, message: str) -> NoReturn:
        print(translate("cli.error", Parser.lang, message=usage_message(message, self.prog, Parser.lang)),
              file=sys.stderr)
        raise SystemExit(2)


def _usage_lang(args: Sequence[str]) -> str:
    """The language a usage error is told in, read off the raw arguments (they did not parse)."""
    for i, arg in enumerate(args):
        value = arg.partition("=")[2] if arg.startswith("--lang=") else (
            args[i + 1] if arg == "--lang" and i + 1 < len(args) else "")
        if value in LANGS:
            return value
    first = next((a for a in args if a in _COMMAND_WORDS), "")
    # each command's own default: the server's and the games store's English, the systems' their own
    defaults = {"gamebook": "ja", "liberator": "ja", "lb": "ja", "serve": "en", "game": "en"}
    return _lang_of(None, defaults.get(first, "ko"))


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    parser = Parser(prog="meikyu", description="Rules engine for six-sided-dice tabletop RPGs.")
    # also accepted before the sub-command (`meikyu --lang en mk check …`); the sub-command's own wins
    parser.add_argument("--lang", dest="global_lang", choices=LANGS, help="language of the output")
    sub = parser.add_subparsers(dest="cmd", metavar="COMMAND")

    p = sub.add_parser("roll", help="roll a dice command, e.g. 3MK+2>=9")
    p.add_argument("command")
    p.add_argument("--dice", help="use these dice instead of rolling, e.g. 6,3,1")
    p.add_argument("--seed", type=int, help="seed for reproducible random dice")
    p.add_argument("--format", choices=("text", "json", "bcdice"), default="text")
    _add_common(p)
    p.set_defaults(handler=cmd_roll)

    p = sub.add_parser("odds", help="exact odds of a judged command, e.g. 3MK+2>=9")
    p.add_argument("command")
    p.add_argument("--format", choices=("text", "json"), default="text")
    _add_common(p)
    p.set_defaults(handler=cmd_odds)

    p = sub.add_parser("batch", help="JSON lines in, one JSON result per line out")
    p.set_defaults(handler=cmd_batch)

    p = sub.add_parser("systems", help="list the game systems")
    _add_common(p, system=False)
    p.set_defaults(handler=cmd_systems)

    p = sub.add_parser("shell", help="the interactive dice shell (the default)")
    _add_common(p)
    p.set_defaults(handler=cmd_shell)

    # Only the sub-command asked for is imported: `meikyu roll` never loads a game system's runner.
    first = _PLUGIN_ALIASES.get(argv[0], argv[0]) if argv else None
    wanted = [first] if first in PLUGINS else [] if first else list(PLUGINS)
    for name in wanted:
        module = PLUGINS[name]
        if importlib.util.find_spec(module) is not None:
            importlib.import_module(module).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not any(a in _COMMAND_WORDS for a in args_list):
        args_list = [*args_list, "shell"]  # `meikyu` or `meikyu --lang en`: the dice shell
    head = [a for a in args_list if a in _COMMAND_WORDS and a not in ("-h", "--help")][:1]
    Parser.lang = _usage_lang(args_list)
    parser = build_parser(head)
    args = parser.parse_args(args_list)
    if getattr(args, "lang", None) is None and args.global_lang is not None:
        args.lang = args.global_lang
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return int(handler(args))
    except MeikyuError as exc:
        try:  # a system's command speaks its system's language; the server's and the store's their own
            lang = _system_lang(args) if hasattr(args, "system") else Parser.lang
        except InputError:
            lang = "en"
        print(translate("cli.error", lang, message=exc.message(lang)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `meikyu … | head`: the reader left; stop quietly (and keep Python from complaining at exit)
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
