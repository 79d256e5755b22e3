"""``meikyu mk labyrinth|encounter|bestiary new|schema|FILE``: a commented file to start from, its JSON
Schema, or a check of a file that lists every problem at once (the defaults it took said on stderr).

>>> import io, contextlib
>>> out = io.StringIO()
>>> with contextlib.redirect_stdout(out):
...     code = check_file("labyrinth", "sample", "en")
>>> code, out.getvalue()
(0, 'sample: 5 room(s), entrance gate; no problems.\\n')
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from meikyu.errors import InputError
from meikyu.files import write_out
from meikyu.i18n import translate

KINDS = ("labyrinth", "encounter", "bestiary")


def _parts(kind: str) -> tuple[Callable[[str], dict[str, Any]], Callable[[str], str] | None]:
    """The schema and (but for a bestiary) the template of a kind of file."""
    from meikyu.systems.meikyu_kingdom.combat.bestiary import bestiary_schema, encounter_schema
    from meikyu.systems.meikyu_kingdom.labyrinth.map import labyrinth_schema
    from meikyu.systems.meikyu_kingdom.labyrinth.template import encounter_template, labyrinth_template

    return {
        "labyrinth": (labyrinth_schema, labyrinth_template),
        "encounter": (encounter_schema, encounter_template),
        "bestiary": (bestiary_schema, None),
    }[kind]


def register(mk_sub: argparse._SubParsersAction[argparse.ArgumentParser],
             common: Callable[[argparse.ArgumentParser], None]) -> None:
    for kind in KINDS:
        new = "" if kind == "bestiary" else "'new' writes a commented template, "
        p = mk_sub.add_parser(kind, help=f"check a {kind} file (every problem at once); {new}'schema' prints its "
                              "JSON Schema")
        p.add_argument("file", help=f"a .toml or .json {kind} file ('sample' for the shipped one); {new}'schema' "
                       "prints the JSON Schema (./new for a file so named)")
        p.add_argument("--out", help="with new / schema: write to this file instead of printing")
        common(p)
        p.set_defaults(handler=cmd_file, kind=kind)


def cmd_file(args: argparse.Namespace) -> int:
    from meikyu.lang import resolve_lang

    lang = resolve_lang(getattr(args, "lang", None), "ko")  # the mk commands' language (cli.DEFAULT_LANG)
    schema, template = _parts(args.kind)
    if args.file not in ("new", "schema") or (args.file == "new" and template is None):
        return check_file(args.kind, args.file, lang)
    text = template(lang) if args.file == "new" and template else json.dumps(schema(lang), ensure_ascii=False,
                                                                              indent=2) + "\n"
    write_out(args.out, text)
    return 0


def check_file(kind: str, file: str, lang: str) -> int:
    """Read ``file`` as ``kind``: every problem raised at once, else a line saying what it holds."""
    from meikyu.sheetdata.reader import findings, read_file

    if file == "sample":
        summary = _summary(kind, file, None)
    else:
        data = read_file(file)
        summary = _summary(kind, file, data)
    if isinstance(summary, tuple):
        words, notes = summary
        for note in findings(notes, lang):
            print(f"{file}: {note['path']}: {note['message']}", file=sys.stderr)
    else:
        words = summary
    print(translate(f"mk.files.{kind}", lang, file=file, **words))
    return 0


def _summary(kind: str, file: str, data: dict[str, Any] | None) -> Any:
    """What a right file holds (and the defaults it took), for the one line that says so."""
    if kind == "labyrinth":
        from meikyu.systems.meikyu_kingdom.labyrinth.map import check_labyrinth, sample_labyrinth

        if data is None:
            lab = sample_labyrinth()
            return {"rooms": len(lab.rooms), "entrance": lab.entrance}
        lab, report = check_labyrinth(data, file=file)
        report.check()
        return {"rooms": len(lab.rooms), "entrance": lab.entrance}, report.notes
    if kind == "encounter":
        from meikyu.systems.meikyu_kingdom.combat.bestiary import check_encounter, load_encounter
        from meikyu.systems.meikyu_kingdom.combat.model import COURT

        if data is None:
            battle = load_encounter("sample")
            notes: list[Any] = []
        else:
            battle, report = check_encounter(data, file)
            report.check()
            notes = list(report.notes)
        court = sum(1 for c in battle.combatants if c.side == COURT)
        return {"court": court, "others": len(battle.combatants) - court}, notes
    if kind == "bestiary":
        from meikyu.systems.meikyu_kingdom.combat.bestiary import bestiary_from_data, load_bestiary

        beasts = load_bestiary() if data is None else bestiary_from_data(data, file)
        return {"monsters": len(beasts)}
    raise InputError("error.format", format=kind, formats=", ".join(KINDS))
