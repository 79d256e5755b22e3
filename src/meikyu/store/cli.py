"""``meikyu game new | list | show | export | import | backup | check | repair``: shared games in the data
folder (or PostgreSQL), without a browser.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="meikyu")
>>> register(parser.add_subparsers())
>>> args = parser.parse_args(["game", "new", "ShinGamebook", "reading", "--data", "/tmp/x"])
>>> args.system, args.kind, args.setup, args.handler.__name__
('ShinGamebook', 'reading', 'sample', 'run_new')
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from meikyu.errors import InputError


def _lang(args: argparse.Namespace | None = None) -> str:
    from meikyu.i18n import LANGS

    lang = (getattr(args, "lang", None) or os.environ.get("MEIKYU_LANG") or "en").strip().lower()
    return lang if lang in LANGS else "en"


def _t(key: str, lang: str | None = None, **params: object) -> str:
    import meikyu.store  # noqa: F401  (registers the games. catalog)
    from meikyu.i18n import translate

    return translate(f"games.cli.{key}", lang or _lang(), **params)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``meikyu game`` and its sub-commands."""
    game = subparsers.add_parser("game", help=_t("help"), description=_t("help"))
    sub = game.add_subparsers(dest="game_command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--data", default=None, help=_t("data"))
        p.add_argument("--store", default=None, help=_t("store"))
        p.add_argument("--lang", choices=["ko", "ja", "en"], default=None)

    p = sub.add_parser("new", help=_t("new"), description=_t("new"))
    p.add_argument("system")
    p.add_argument("kind")
    p.add_argument("setup", nargs="?", default="sample")
    p.add_argument("--manual-dice", action="store_true")
    common(p)
    p.set_defaults(handler=run_new)

    p = sub.add_parser("list", help=_t("list"), description=_t("list"))
    common(p)
    p.set_defaults(handler=run_list)

    p = sub.add_parser("show", help=_t("show"), description=_t("show"))
    p.add_argument("id")
    p.add_argument("--seat", default="gm", help=_t("seat"))
    p.add_argument("--format", choices=["text", "json"], default="text")
    common(p)
    p.set_defaults(handler=run_show)

    p = sub.add_parser("export", help=_t("export"), description=_t("export"))
    p.add_argument("id")
    p.add_argument("--seat", default="gm", help=_t("seat"))
    p.add_argument("--format", choices=["text", "markdown", "bbcode", "html"], default="text")
    p.add_argument("--archive", metavar="FILE", help=_t("archive"))
    common(p)
    p.set_defaults(handler=run_export)

    p = sub.add_parser("import", help=_t("import"), description=_t("import"))
    p.add_argument("file")
    p.add_argument("--new-tokens", action="store_true", help=_t("new_tokens"))
    common(p)
    p.set_defaults(handler=run_import)

    p = sub.add_parser("backup", help=_t("backup"), description=_t("backup"))
    p.add_argument("dir")
    common(p)
    p.set_defaults(handler=run_backup)

    p = sub.add_parser("check", help=_t("check"), description=_t("check"))
    p.add_argument("id", nargs="?", help=_t("check_id"))
    common(p)
    p.set_defaults(handler=run_check)

    p = sub.add_parser("repair", help=_t("repair"), description=_t("repair"))
    p.add_argument("id")
    p.add_argument("--cut-tail", action="store_true", help=_t("cut_tail"))
    common(p)
    p.set_defaults(handler=run_repair)

    p = sub.add_parser("seats", help=_t("seats"), description=_t("seats"))
    p.add_argument("id")
    p.add_argument("--new", metavar="SEAT", default=None, help=_t("seats_new"))
    common(p)
    p.set_defaults(handler=run_seats)


def _games(args: argparse.Namespace) -> Any:
    from meikyu.store import open_store
    from meikyu.store.service import Games

    return Games(open_store(args.store or os.environ.get("MEIKYU_STORE") or None,
                            args.data or os.environ.get("MEIKYU_DATA") or None))


def _setup(text: str) -> Any:
    if text == "sample":
        return text
    from meikyu.files import read_text

    raw = read_text(text)  # bounded, and a named pipe is refused rather than waited on
    try:
        return json.loads(raw)
    except ValueError as error:
        raise InputError("games.cli.setup_file", path=text, reason=str(error)) from None


def run_new(args: argparse.Namespace) -> int:
    from meikyu.store.tokens import seat_url

    lang = _lang(args)
    games = _games(args)
    try:
        created = games.create(args.system, args.kind, _setup(args.setup), lang, args.manual_dice)
    finally:
        games.close()
    print(_t("created", lang, id=created.id, system=args.system, kind=args.kind))
    for seat, token in created.seats:
        print(f"  {seat:<16} {seat_url(created.id, token)}")
    return 0


def run_list(args: argparse.Namespace) -> int:
    games = _games(args)
    try:
        rows = games.summaries()
    finally:
        games.close()
    if not rows:
        print(_t("none", _lang(args)))
    for row in rows:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(row.created))
        print(f"{row.id}  {row.system:<14} {row.kind:<12} v{row.version:<5} {when}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    games = _games(args)
    try:
        game = games.load(args.id)
        lang = _lang(args) if args.lang else game.settings.get("lang", "en")
        shown = games.snapshot_view(game, _seat(games, game, args.seat), lang)
    finally:
        games.close()
    if args.format == "json":
        print(json.dumps(shown, ensure_ascii=False, indent=1))
        return 0
    print(f"{shown['id']}  {shown['system']} · {shown['kind']} · v{shown['version']} · {shown['seat']}")
    for entry in shown["log"][-10:]:
        for event in entry["events"]:
            print(f"  #{entry['version']:<4} {event['text']}")
    if shown["prompt"]:
        print(f"? {shown['prompt'].get('text', '')}")
    for item in shown["legal_actions"]:
        print(f"  - {item['label']}")
    return 0


def _seat(games: Any, game: Any, seat: str) -> str:
    known = set(game.kind.seats(game.state)) | set(games.store.token_hashes(game.record.id))
    if seat not in known:
        from meikyu.store.refusals import Refused

        raise Refused(InputError("games.error.no_seat", seat=seat[:40], seats=", ".join(sorted(known))))
    return seat


def run_export(args: argparse.Namespace) -> int:
    from meikyu.store.export import export

    games = _games(args)
    if args.archive:
        from meikyu.store.archive import export_archive

        try:
            export_archive(games, args.id, args.archive)
            version = games.load(args.id).version
        finally:
            games.close()
        print(_t("archived", _lang(args), id=args.id, version=version, file=args.archive))
        return 0
    try:
        game = games.load(args.id)
        lang = _lang(args) if args.lang else game.settings.get("lang", "en")
        text = export(games, args.id, _seat(games, game, args.seat), lang, args.format)
    finally:
        games.close()
    print(text, end="")
    return 0


def run_check(args: argparse.Namespace) -> int:
    """Exit 0 when everything checked is sound, 1 when something is not (each finding one line)."""
    from meikyu.store.maintenance import check_game, store_problems

    lang = _lang(args)
    games = _games(args)
    bad = False
    try:
        if args.id is None:
            for problem in store_problems(games):
                print(_t("check_store", lang, problem=problem))
                bad = True
        ids = [args.id] if args.id is not None else [row.id for row in games.summaries()]
        for game_id in ids:
            found = check_game(games, game_id)
            bad = bad or not found.ok
            for line in _findings(found, lang):
                print(line)
    finally:
        games.close()
    return 1 if bad else 0


def _findings(found: Any, lang: str) -> list[str]:
    if found.ok:
        return [_t("check_ok", lang, id=found.id, version=found.version)]
    if found.head:
        return [_t("check_head", lang, id=found.id, why=found.head)]
    lines = []
    if found.torn_at is not None:
        lines.append(_t("check_tail", lang, id=found.id, first=found.torn_at, count=found.torn_count,
                        why=found.torn_why, version=found.version))
    for version, why in found.bad_snapshots:
        lines.append(_t("check_snapshot", lang, id=found.id, version=version, why=why))
    return lines


def run_repair(args: argparse.Namespace) -> int:
    """Exit 0 when the game is sound afterwards, 1 when something is left (a tail not cut, a bad head)."""
    from meikyu.store.maintenance import check_game, repair_game

    lang = _lang(args)
    games = _games(args)
    try:
        found = check_game(games, args.id)
        if found.ok:
            print(_t("repair_nothing", lang, id=args.id, version=found.version))
            return 0
        done = repair_game(games, found, args.cut_tail)
        for key, params in done:
            print(_t(key, lang, **params))
        return 0 if check_game(games, args.id).ok else 1
    finally:
        games.close()


def run_import(args: argparse.Namespace) -> int:
    from meikyu.store.archive import import_archive
    from meikyu.store.tokens import seat_url

    lang = _lang(args)
    games = _games(args)
    try:
        done = import_archive(games, args.file, args.new_tokens)
        where = games.store.url
    finally:
        games.close()
    print(_t("imported", lang, id=done.id, version=done.version, store=where))
    for seat, token in done.seats:
        print(f"  {seat:<16} {seat_url(done.id, token) if token else _t('same_link', lang)}")
    return 0


def run_backup(args: argparse.Namespace) -> int:
    from meikyu.store.archive import backup

    lang = _lang(args)
    if args.store or os.environ.get("MEIKYU_STORE"):
        raise InputError("games.error.backup_postgres")
    copy = backup(args.data or os.environ.get("MEIKYU_DATA") or "./meikyu-data", args.dir)
    print(_t("backed_up", lang, file=str(copy)))
    return 0


def run_seats(args: argparse.Namespace) -> int:
    """List a game's seats; with ``--new SEAT``, give that seat a new link (the old one stops at once; a GM
    who lost the GM link gets it back this way — the other links are then listed on the GM page only once
    re-issued, since they were kept sealed with the old GM link)."""
    from meikyu.store.seats import role_of
    from meikyu.store.tokens import seat_url
    from meikyu.table import talk

    games = _games(args)
    try:
        game = games.load(args.id)
        lang = _lang(args) if args.lang else game.settings.get("lang", "en")
        seats = games.all_seats(game)
        if args.new is not None:
            token = games.replace_token(args.id, "gm", _seat(games, game, args.new))
            print(_t("seats_issued", lang, seat=args.new))
            print(f"  {args.new:<16} {seat_url(args.id, token)}")
            return 0
        for seat in seats:
            name = talk.seat_name(game.kind, game.state, seat, lang)
            print(f"  {seat:<20} {role_of(seat):<10} {name}")
        print(_t("seats_hint", lang, id=args.id))
    finally:
        games.close()
    return 0
