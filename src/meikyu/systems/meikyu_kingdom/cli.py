"""``meikyu mk …``: one-shot checks and sheet display for Meikyuu Kingdom.

Sub-commands: ``check`` (one action check resolved by the automatic policy), ``sheet FILE`` and
``kingdom FILE`` (show a sheet in the chosen language). The battle engineer's commands join the same
``mk`` parser through :data:`EXTENSIONS` (see :func:`register`).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

from meikyu.dice.source import Dice, RandomDice, RecordingDice, ScriptedDice, parse_dice_list
from meikyu.errors import DiceError, InputError
from meikyu.i18n import LANGS, translate
from meikyu.lang import resolve_lang

DEFAULT_LANG = "ko"

EXTENSIONS: tuple[str, ...] = ("meikyu.systems.meikyu_kingdom.combat.cli",)
"""Modules that add more ``mk`` sub-commands: each, if it exists, gets ``register(mk_subparsers)``
called with the ``mk`` parser's sub-parsers (the combat engine adds ``simulate`` / ``battle`` there)."""


def _common(parser: argparse.ArgumentParser, formats: tuple[str, ...] = ("text", "json")) -> None:
    parser.add_argument("--lang", choices=LANGS, help="output language (default ko, or $MEIKYU_LANG)")
    parser.add_argument("--format", choices=formats, default="text")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``mk`` command with its sub-commands (and those of :data:`EXTENSIONS`)."""
    mk = subparsers.add_parser("mk", help="Meikyuu Kingdom: checks, sheets, kingdom")
    mk_sub = mk.add_subparsers(dest="mk_cmd", metavar="MK_COMMAND")

    p = mk_sub.add_parser("check", help="resolve one action check with the automatic policy")
    p.add_argument(
        "--stat", required=True,
        help="the stat value (a number), or with --sheet a stat or power name (wit, charm, search, valor, "
        "life, order, culture, military)",
    )
    p.add_argument("--difficulty", type=int, required=True)
    p.add_argument("--hope", type=int, default=0, help="hope dice to add (R-MK-15)")
    p.add_argument(
        "--hope-from", choices=("auto", "drive", "voice"), default="auto",
        help="where hope comes from; auto = drive first, then voice",
    )
    p.add_argument("--national", action="store_true", help="a national-power check (R-MK-18)")
    p.add_argument("--sheet", help="take the values from this sheet file ('sample' for the shipped one)")
    p.add_argument("--actor", help="with --sheet: the character who rolls (id or name)")
    p.add_argument("--helper", action="append", default=[], help="with --sheet: a cooperating character (R-MK-12)")
    p.add_argument("--voice", type=int, help="the kingdom's voice of the people (default 10, or the sheet's)")
    p.add_argument("--drive", type=int, help="default 0, or the sheet's")
    p.add_argument("--capacity", type=int, help="default 5, or the sheet's")
    p.add_argument("--minions", type=int, help="default 0, or the sheet's")
    p.add_argument("--players", type=int, help="land makers in the game (disaster triggers); default 4 or the sheet's")
    p.add_argument("--curse", action="store_true", help="the roller is cursed (R-MK-44)")
    p.add_argument("--distraction", action="store_true", help="the roller is distracted (R-MK-44)")
    p.add_argument("--dice", help="dice rolled elsewhere, e.g. 6,3,1 (minion help dice follow)")
    p.add_argument("--seed", type=int, help="seed for reproducible random dice")
    p.add_argument("--odds", action="store_true", help="also show the exact odds before rolling (minion help counted)")
    _common(p)
    p.set_defaults(handler=cmd_check)

    p = mk_sub.add_parser(
        "sheet", help="show a sheet file (every problem at once), or: sheet new (a commented template), "
        "sheet schema (its JSON Schema)")
    p.add_argument("file", help="a .toml or .json sheet; 'sample' for the shipped sample; 'new' writes a "
                   "commented template, 'schema' prints the JSON Schema (./new for a file so named)")
    p.add_argument("--characters", type=int, default=1, help="with new: how many characters (default 1)")
    p.add_argument("--out", help="with new / schema: write to this file instead of printing")
    _common(p)
    p.set_defaults(handler=cmd_sheet)

    from meikyu.systems.meikyu_kingdom import files_cli

    files_cli.register(mk_sub, _common)

    p = mk_sub.add_parser("kingdom", help="show a kingdom: powers, relations, maps with facility groups")
    p.add_argument("file", help="a .toml or .json sheet; 'sample' for the shipped sample")
    _common(p)
    p.set_defaults(handler=cmd_kingdom)

    p = mk_sub.add_parser("table", help="run the round table (organization and budget meetings) in the terminal")
    p.add_argument("file", help="a sheet with a [kingdom] (and its characters); 'sample' for the shipped sample")
    p.add_argument("--script", help="read the commands from this file instead of the keyboard ('-' = stdin)")
    p.add_argument("--save", help="write the finished round table (initial state + actions) as JSON here")
    _common(p)
    p.set_defaults(handler=cmd_table)

    p = mk_sub.add_parser("play", help="play a whole game (kingdom → labyrinth → end) in the terminal, saved every step")
    p.add_argument("sheet", nargs="?", default="sample", help="a sheet with a [kingdom] and its court; 'sample' (default)")
    p.add_argument("--labyrinth", default="sample", help="the labyrinth file ('sample' for the shipped one)")
    p.add_argument("--resume", metavar="FILE", help="go on with this saved game")
    p.add_argument("--save", metavar="FILE", help="where to save (default: beside the sheet, SHEET.play.json)")
    p.add_argument("--new", action="store_true", help="start over even if a save exists (it is overwritten)")
    p.add_argument("--seed", type=int, help="seed for the dice the program rolls")
    p.add_argument("--dice", choices=("roll", "manual"), default="roll",
                   help="manual: type the dice rolled at the table before each roll (Enter rolls them for you)")
    p.add_argument("--lang", choices=LANGS, help="output language (default ko, or $MEIKYU_LANG)")
    p.set_defaults(handler=cmd_play)

    p = mk_sub.add_parser("export", help="a character as ccfolia clipboard JSON or a Udonarium zip, or the kingdom "
                          "and court as Markdown")
    p.add_argument("file", help="a .toml or .json sheet; 'sample' for the shipped sample")
    p.add_argument("--to", choices=("ccfolia", "udonarium", "markdown"), default="ccfolia")
    p.add_argument("--out", help="udonarium: the zip to write (default ID.zip per character)")
    p.add_argument("--actor", help="ccfolia: the character (id or name); default every character, one JSON a line")
    p.add_argument("--lang", choices=LANGS, help="labels and names in this language (default ko, or $MEIKYU_LANG)")
    p.set_defaults(handler=cmd_export)

    p = mk_sub.add_parser("import", help="a ccfolia character JSON or a Udonarium zip/XML as a sheet character "
                          "(printed as JSON; what could not be read is said on stderr)")
    p.add_argument("file", help="the ccfolia JSON (as copied from ccfolia), a Udonarium .zip or .xml, or '-' for stdin")
    p.add_argument("--sheet", help="the sheet it was exported from: items, skills and favor come from there")
    p.add_argument("--lang", choices=LANGS, help="language of error messages (default ko, or $MEIKYU_LANG)")
    p.set_defaults(handler=cmd_import)

    # Hook for the combat engine (issue 4): it adds its own sub-commands to this ``mk`` parser.
    for module in EXTENSIONS:
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            found = False
        if found:
            extension = importlib.import_module(module)
            if hasattr(extension, "register"):
                extension.register(mk_sub)
    mk.set_defaults(handler=lambda args: _help(mk))


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _lang(args: argparse.Namespace) -> str:
    return resolve_lang(getattr(args, "lang", None), DEFAULT_LANG)


# -- play ----------------------------------------------------------------------------------------
def cmd_play(args: argparse.Namespace) -> int:
    """A whole game: resumes the save beside the sheet (or ``--resume FILE``) unless ``--new``."""
    import sys
    from pathlib import Path

    from meikyu.systems.meikyu_kingdom.play import Player, default_save

    lang = _lang(args)
    path = Path(args.resume or args.save or default_save(args.sheet))
    if args.resume or (path.exists() and not args.new):
        player = Player.resume(path, lang, input, sys.stdout, seed=args.seed, typed=args.dice == "manual")
    else:
        player = Player.start(args.sheet, path, lang, input, sys.stdout, labyrinth=args.labyrinth, seed=args.seed,
                              typed=args.dice == "manual")
    return player.run()


# -- check ---------------------------------------------------------------------------------------
def cmd_check(args: argparse.Namespace) -> int:
    from meikyu.systems.meikyu_kingdom.check.auto import AutoPolicy, resolve
    from meikyu.systems.meikyu_kingdom.check.check import CheckState
    from meikyu.systems.meikyu_kingdom.check.forecast import declared_odds

    lang = _lang(args)
    state, declaration = _check_setup(args)
    odds = declared_odds(state, declaration, minion_help=True) if args.odds else None
    scripted = ScriptedDice(parse_dice_list(args.dice)) if args.dice is not None else None
    source: Dice = scripted if scripted is not None else RandomDice(args.seed)
    recorder = RecordingDice(source)
    result, events = resolve(state, declaration, recorder, AutoPolicy())
    if scripted is not None and scripted.remaining:
        raise DiceError("error.dice.unused", unused=scripted.remaining, used=len(recorder.rolls))
    assert isinstance(result, CheckState)
    actor = result.character(declaration.actor) if result.has_actor() else None
    data: dict[str, Any] = {
        "dice": list(result.dice),
        "used": list(result.kept),
        "converted": result.converted,
        "achievement": result.achievement,
        "difficulty": declaration.difficulty,
        "success": bool(result.success),
        "critical": result.critical,
        "fumble": result.fumble,
        "minion_help": result.helps,
        "drive_after": None if actor is None else actor.drive,
        "voice_after": result.kingdom.voice,
        "minions_after": None if actor is None else actor.minions,
        "disaster": result.disasters > 0,
        "rolls": [value for _, value in recorder.rolls],
        "events": [e.render(lang) for e in events],
    }
    if odds is not None:
        data["odds"] = odds.to_json()
    if args.format == "json":
        print(json.dumps(data, ensure_ascii=False))
    else:
        if odds is not None:
            print(odds.render_text(lang))
        for line in data["events"]:
            print(line)
    return 0


DEFAULTS = {"voice": 10, "drive": 0, "capacity": 5, "minions": 0, "players": 4}
"""Values of a one-shot check without a sheet."""


def _check_setup(args: argparse.Namespace) -> tuple[Any, Any]:
    """The court and kingdom of the check: a sheet's (``--sheet``/``--actor``) or one built from the options."""
    from dataclasses import replace

    from meikyu.systems.meikyu_kingdom.check.check import CheckOptions, CheckState, DeclareCheck
    from meikyu.systems.meikyu_kingdom.sheets.character import STATS, Character
    from meikyu.systems.meikyu_kingdom.sheets.kingdom import POWERS, Kingdom

    for name in ("hope", "voice", "drive", "capacity", "minions"):
        value = getattr(args, name)
        if value is not None and value < 0:
            raise InputError("mk.error.cli.negative", option=f"--{name.replace('_', '-')}", value=value)
    if args.players is not None and args.players < 1:
        raise InputError("mk.error.cli.negative", option="--players", value=args.players)
    args.stat = stat_name(args.stat)
    number = _int_or_none(args.stat)
    if number is None and (args.stat not in STATS + POWERS or args.sheet is None):
        raise InputError("mk.error.cli.bad_stat", stat=args.stat, stats=", ".join(STATS + POWERS))
    if args.sheet is None and (args.actor or args.helper):
        raise InputError("mk.error.cli.needs_sheet", option="--actor" if args.actor else "--helper")
    national = args.national or args.stat in POWERS
    if args.sheet is not None:
        kingdom, court, actor_id = _sheet_values(args, national)
    else:
        court = (Character(id="pc", name="PC", hp=1, max_hp=1),)
        kingdom, actor_id = Kingdom("-", voice=DEFAULTS["voice"], land_makers=DEFAULTS["players"]), "pc"
    # Options given on the command line override the sheet (or the defaults).
    kingdom = replace(
        kingdom,
        voice=kingdom.voice if args.voice is None else args.voice,
        land_makers=kingdom.land_makers if args.players is None else args.players,
    )
    actor = next((c for c in court if c.id == actor_id), None)
    if actor is not None:
        extra = frozenset(s for s, on in (("curse", args.curse), ("distraction", args.distraction)) if on)
        actor = replace(
            actor,
            drive=actor.drive if args.drive is None else args.drive,
            capacity=actor.capacity if args.capacity is None else args.capacity,
            minions=actor.minions if args.minions is None else args.minions,
            statuses=actor.statuses | extra,
        )
        if args.sheet is None:
            actor = replace(actor, capacity=DEFAULTS["capacity"] if args.capacity is None else args.capacity)
        if actor.drive > actor.capacity:
            raise InputError("mk.error.cli.drive_over_capacity", drive=actor.drive, capacity=actor.capacity)
        court = tuple(actor if c.id == actor.id else c for c in court)
    if number is not None:
        # A bare number is the stat itself: no stat name is shown (it is not "wit" or any other).
        stat, modifier = ("life" if national else ""), (0 if national else number)
        if national:
            kingdom = replace(kingdom, life=number)
    else:
        stat, modifier = args.stat, 0
    drive_have = 0 if actor is None else actor.drive
    if national or args.hope_from == "voice":
        hope = ("voice",) * args.hope
    elif args.hope_from == "drive":
        hope = ("drive",) * args.hope
    else:
        from_drive = min(drive_have, args.hope)
        hope = ("drive",) * from_drive + ("voice",) * (args.hope - from_drive)
    helpers = tuple(_find_character(court, h).id for h in args.helper)
    declaration = DeclareCheck(
        actor_id, stat, difficulty=args.difficulty, modifier=modifier, hope=hope, helpers=helpers
    )
    return CheckState(kingdom, court, options=CheckOptions(sixes_prompt=True)), declaration


def _int_or_none(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def _find_character(court: Any, name: str) -> Any:
    """A character of the sheet by id or by any of its names."""
    for char in court:
        if name == char.id or name == char.name or name in char.names.values():
            return char
    raise InputError("mk.error.unknown_character", id=name, known=", ".join(c.id for c in court))


def _sheet_values(args: argparse.Namespace, national: bool) -> tuple[Any, Any, str]:
    """Kingdom, court and the roller's id from ``--sheet`` / ``--actor``."""
    from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom

    sheet = _load(args.sheet)
    court = sheet.characters
    kingdom = sheet.kingdom
    if kingdom is None:
        kingdom = Kingdom("-", voice=DEFAULTS["voice"], land_makers=max(1, len(court)))
        if national:
            raise InputError("mk.error.cli.no_kingdom", file=args.sheet)
    if args.actor is not None:
        return kingdom, court, _find_character(court, args.actor).id
    if national:
        return kingdom, court, ""  # any player may roll a national check (R-MK-18)
    if len(court) == 1:
        return kingdom, court, court[0].id
    raise InputError("mk.error.cli.needs_actor", known=", ".join(c.id for c in court))


# -- sheets --------------------------------------------------------------------------------------
def _load(path: str) -> Any:
    from meikyu.systems.meikyu_kingdom.sheets.sheet import load_sheet, sample

    return sample() if path == "sample" else load_sheet(path)


def cmd_sheet(args: argparse.Namespace) -> int:
    from meikyu.systems.meikyu_kingdom.sheets.display import render_character, render_kingdom

    lang = _lang(args)
    if args.file in ("new", "schema"):
        return _sheet_file(args, lang)
    sheet = _load(args.file)
    if args.file != "sample":  # the defaults a right sheet took are said (a wrong one says them with its problems)
        from meikyu.sheetdata.reader import findings, read_file
        from meikyu.systems.meikyu_kingdom.sheets.sheet import check_sheet

        for note in findings(check_sheet(read_file(args.file), file=args.file)[1].notes, lang):
            print(f"{args.file}: {note['path']}: {note['message']}", file=sys.stderr)
    if args.format == "json":
        print(json.dumps(sheet.to_data(), ensure_ascii=False))
        return 0
    blocks = [render_character(c, lang, sheet.characters) for c in sheet.characters]
    if sheet.kingdom is not None:
        blocks.append(render_kingdom(sheet.kingdom, lang))
    print("\n\n".join(blocks))
    return 0


def _sheet_file(args: argparse.Namespace, lang: str) -> int:
    """``sheet new`` (a commented template) or ``sheet schema`` (JSON Schema draft 2020-12)."""
    from meikyu.files import write_out
    from meikyu.systems.meikyu_kingdom.sheets.schema import sheet_schema
    from meikyu.systems.meikyu_kingdom.sheets.template import sheet_template

    if not 0 <= args.characters <= 12:
        raise InputError("mk.error.cli.characters", value=args.characters)
    if args.file == "new":
        text = sheet_template(lang, args.characters)
    else:
        text = json.dumps(sheet_schema(lang), ensure_ascii=False, indent=2) + "\n"
    write_out(args.out, text)
    return 0


def cmd_kingdom(args: argparse.Namespace) -> int:
    from meikyu.systems.meikyu_kingdom.sheets.display import render_kingdom

    lang = _lang(args)
    sheet = _load(args.file)
    if sheet.kingdom is None:
        raise InputError("mk.error.cli.no_kingdom", file=args.file)
    if args.format == "json":
        data = sheet.kingdom.to_data()
        data["facility_groups"] = [
            {"map": index, "name": g.name, "rooms": list(g.rooms), "level": g.level}
            for index, g in sheet.kingdom.facility_groups()
        ]
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(render_kingdom(sheet.kingdom, lang))
    return 0


def stat_name(text: str) -> str:
    """A stat or power typed in any of ko / ja / en (``매력``, ``魅力``, ``Charm``) as its field name;
    anything else as typed.

    >>> stat_name("매력"), stat_name("軍事"), stat_name("Wit"), stat_name("3")
    ('charm', 'military', 'wit', '3')
    """
    from meikyu.systems.meikyu_kingdom.sheets.character import STATS
    from meikyu.systems.meikyu_kingdom.sheets.kingdom import POWERS

    low = text.strip().casefold()
    for name in STATS + POWERS:
        if low == name or any(low == translate(f"mk.word.{name}", lang).casefold() for lang in LANGS):
            return name
    return text


# -- ccfolia and Markdown (issue 12 §5) -------------------------------------------------------------
def cmd_export(args: argparse.Namespace) -> int:
    from meikyu.systems.meikyu_kingdom.ccfolia import kingdom_markdown, to_ccfolia

    lang = _lang(args)
    sheet = _load(args.file)
    if args.to == "markdown":
        print(kingdom_markdown(sheet.kingdom, sheet.characters, lang), end="")
        return 0
    chars = [_find_actor(sheet.characters, args.actor)] if args.actor else list(sheet.characters)
    if args.to == "udonarium":
        from meikyu.files import write_atomic_bytes
        from meikyu.systems.meikyu_kingdom.udonarium import to_zip

        if args.out and len(chars) != 1:
            raise InputError("mk.error.cli.needs_actor", known=", ".join(c.id for c in chars))
        for char in chars:
            path = Path(args.out or f"{char.id}.zip")
            write_atomic_bytes(path, to_zip(char, lang))
            print(path)
        return 0
    for char in chars:
        print(json.dumps(to_ccfolia(char, lang), ensure_ascii=False))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from meikyu.errors import DataError
    from meikyu.files import read_text
    sheet = _load(args.sheet) if args.sheet else None
    if args.file.lower().endswith((".zip", ".xml")):
        from meikyu.files import read_bytes
        from meikyu.systems.meikyu_kingdom import udonarium

        raw = read_bytes(args.file)
        char, unread = udonarium.read(raw, file=args.file)
        base = _base_of(sheet, char.id, char.name)
        if base is not None:
            char, unread = udonarium.read(raw, base, file=args.file)
    else:
        from meikyu.systems.meikyu_kingdom.ccfolia import memo_id, read_ccfolia

        text = sys.stdin.read() if args.file == "-" else read_text(args.file)
        try:
            clip = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DataError("mk.ccfolia.error.json", file=args.file, reason=exc.msg) from None
        name = clip.get("data", {}).get("name") if isinstance(clip, dict) and isinstance(clip.get("data"), dict) else None
        char, unread = read_ccfolia(clip, _base_of(sheet, memo_id(clip), name), file=args.file)
    if unread:
        print(translate("mk.ccfolia.unread", _lang(args), labels=", ".join(unread)), file=sys.stderr)
    print(json.dumps(char.to_data(), ensure_ascii=False))
    return 0


def _base_of(sheet: Any, ident: str, name: Any) -> Any:
    """The character of ``sheet`` an imported one was exported from (by id, else by any of its names)."""
    if sheet is None:
        return None
    return next((c for c in sheet.characters if ident == c.id), None) or next(
        (c for c in sheet.characters if name in (c.name, *c.names.values())), None)


def _find_actor(court: Any, actor: str) -> Any:
    for c in court:
        if actor in (c.id, c.name, *c.names.values()):
            return c
    raise InputError("mk.error.unknown_character", id=actor, known=", ".join(c.id for c in court))


# -- round table ---------------------------------------------------------------------------------
def cmd_table(args: argparse.Namespace) -> int:
    """A thin terminal loop over the round-table machine; exit 1 when a scripted command failed."""
    import sys

    from meikyu.files import check_writable, read_text, write_json
    from meikyu.systems.meikyu_kingdom.table_runner import TableRunner, run_lines

    lang = _lang(args)
    sheet = _load(args.file)
    if sheet.kingdom is None:
        raise InputError("mk.error.cli.no_kingdom", file=args.file)
    if args.save:
        check_writable(args.save)  # refuse now, not after the whole round table was played
    script = None if args.script in (None, "-") else read_text(args.script).splitlines()
    if script is not None:
        _check_script(args.script, script)  # before the intro: a wrong file is one line, not a transcript
    runner = TableRunner(sheet.kingdom, sheet.characters, lang)
    # with --format json, stdout holds only the final JSON; the running text goes to stderr
    say: Any = (lambda line: print(line, file=sys.stderr)) if args.format == "json" else print
    for line in runner.intro():
        say(line)
    if args.script is not None:
        lines = sys.stdin.read().splitlines() if script is None else script
        if script is None:
            _check_script("-", lines)
        run_lines(runner, lines, True, say)
    else:
        run_lines(runner, _keyboard(), False, say)
    if args.save:
        write_json(args.save, runner.game.to_data())
    if args.format == "json":
        state = runner.state
        print(json.dumps({"stage": state.stage, "kingdom": state.kingdom.to_data(),
                          "court": [c.to_data() for c in state.court], "errors": runner.errors},
                         ensure_ascii=False))
    return 1 if args.script is not None and runner.errors else 0


def _check_script(file: str, lines: list[str]) -> None:
    """Refuse at once a file that is not a round-table script (some line's first word is no command),
    rather than play it line by line into errors; a script's commands that fail in play stay exit 1."""
    import shlex

    from meikyu.systems.meikyu_kingdom.table_runner import COMMAND_WORDS, command_name

    for number, line in enumerate(lines, start=1):
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            words = line.split()
        if words and command_name(words[0]) not in COMMAND_WORDS:
            word = words[0] if len(words[0]) <= 40 else words[0][:40] + "…"
            raise InputError("mk.error.cli.not_script", file=file, line=number, word=word)


def _keyboard() -> Any:
    """Lines typed at the ``> `` prompt until end of input."""
    while True:
        try:
            yield input("> ")
        except EOFError:
            return
