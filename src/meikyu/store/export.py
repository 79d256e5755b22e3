"""A game's log as one seat may see it, ready to post: plain text, Markdown, BBCode, or a ccfolia-style HTML page.

Talk and the rules' events come interleaved in the log's order, each under the name of who spoke or acted
(a character's name, never a seat id); entries the seat cannot read, and entries with nothing to show, are
left out. Everything goes through the same per-seat filter as the live table, so a whisper appears only in
its readers' exports and a secret roll only once revealed (or in its roller's and the GM's). The GM's export
says at its top that it holds hidden data.

>>> block = Block(1, "Hana", "main", [{"text": "A door opens.", "line": "(2D6>=7) ＞ 8[3,5] ＞ 8"}])
>>> print(render_lines("T", [block], "bbcode"), end="")
[b]T[/b]
<BLANKLINE>
[b]#1[/b] Hana
A door opens.
[code](2D6>=7) ＞ 8[3,5] ＞ 8[/code]
>>> "<span>Hana</span>" in render_html("T", [block], "en")
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import meikyu.web  # noqa: F401  (registers the web table's catalog: it names the systems and kinds)
from meikyu.i18n import lookup, translate

FORMATS = ("text", "markdown", "bbcode", "html")
MEDIA_TYPES = {"text": "text/plain", "markdown": "text/markdown", "bbcode": "text/plain", "html": "text/html"}


@dataclass(frozen=True)
class Block:
    """One log entry to show: its version, who spoke or acted, its tab (``main``, ``other`` for out of
    character talk, ``whisper``, ``info`` for the table's own notes) and its events as the seat sees them."""

    version: int
    name: str
    tab: str
    events: list[dict[str, Any]]


def _markdown_escape(text: str) -> str:
    return "".join("\\" + ch if ch in "\\`*_[]<>#|" else ch for ch in text)


def render_lines(title: str, blocks: Sequence[Block], fmt: str, note: str = "", lang: str = "en") -> str:
    """Text, Markdown or BBCode: a block per entry headed by its number and name (and its tab, but main)."""
    out: list[str] = []
    if fmt == "markdown":
        out += [f"## {_markdown_escape(title)}", ""]
    elif fmt == "bbcode":
        out += [f"[b]{title.replace('[', '(').replace(']', ')')}[/b]", ""]
    else:
        out += [title, "=" * min(len(title), 60), ""]
    if note:
        out += [_markdown_escape(note) if fmt == "markdown" else note, ""]
    for block in blocks:
        name = block.name if block.tab in ("main", "info") else translate(f"games.export.tab_{block.tab}", lang,
                                                                             name=block.name)
        if fmt == "markdown":
            out.append(f"**#{block.version}** {_markdown_escape(name)}  ")
        elif fmt == "bbcode":
            out.append(f"[b]#{block.version}[/b] {name.replace('[', '(').replace(']', ')')}")
        else:
            out.append(f"#{block.version} {name}")
        for event in block.events:
            text = str(event.get("text", ""))
            line = event.get("line")
            if fmt == "markdown":
                out.append(_markdown_escape(text).replace("\n", "  \n") + "  ")
                if line:
                    out.append(f"`{line}`  ")
            elif fmt == "bbcode":
                out.append(text.replace("[", "(").replace("]", ")"))
                if line:
                    out.append(f"[code]{line}[/code]")
            else:
                out.append("  " + text.replace("\n", "\n  "))
                if line:
                    out.append(f"    {line}")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


_COLORS = {"main": "#212121", "other": "#616161", "whisper": "#6a1b9a", "info": "#888888"}


def render_html(title: str, blocks: Sequence[Block], lang: str, note: str = "") -> str:
    """A self-contained page laid out as ccfolia's log export is: one ``<p>`` per entry holding the tab, the
    speaker and the text (dice lines as BCDice prints them), which log viewers and replay tools read."""
    out = ["<!DOCTYPE html>", f'<html lang="{html.escape(lang)}">', "<head>", '<meta charset="UTF-8" />',
           f"<title>{html.escape(title)}</title>", "</head>", "<body>"]
    if note:
        out.append(f'<p style="color:#b71c1c;">\n  <span> [info]</span>\n  <span>meikyu</span> :\n'
                   f"  <span>{html.escape(note)}</span>\n</p>")
    for block in blocks:
        for event in block.events:
            lines = [str(event.get("text", ""))]
            if event.get("line"):
                lines.append(str(event["line"]))
            body = "<br>".join(html.escape(part).replace("\n", "<br>") for part in lines)
            out.append(f'<p style="color:{_COLORS.get(block.tab, "#212121")};">\n'
                       f"  <span> [{html.escape(block.tab)}]</span>\n"
                       f"  <span>{html.escape(block.name)}</span> :\n"
                       f"  <span>\n    {body}\n  </span>\n</p>")
    out += ["</body>", "</html>", ""]
    return "\n".join(out)


def _word(key: str, lang: str, fallback: str) -> str:
    """A system's or kind's name as the web table says it (its catalog), else its id."""
    return lookup(key, lang) or fallback


def _tab(entry: dict[str, Any]) -> str:
    talk = entry.get("talk") or {}
    if entry.get("type") not in ("message", "reveal", "hide"):
        return "main"
    if talk.get("to"):
        return "whisper"
    return "other" if talk.get("channel") == "ooc" else "main"


def export(games: Any, game_id: str, seat: str, lang: str, fmt: str) -> str:
    """The whole log of ``game_id`` as ``seat`` sees it, in ``lang`` and format ``fmt``."""
    from meikyu.table import talk

    game = games.full(games.load(game_id))
    record = game.record
    title = translate("games.export.title", lang, system=_word(f"web.system.{record.system}", lang, record.system),
                      kind=_word(f"web.game.{record.system}.{record.kind}", lang, record.kind), id=record.id,
                      version=game.version)
    title += " — " + translate("games.export.seat", lang, seat=talk.seat_name(game.kind, game.state, seat, lang))
    note = translate("games.export.gm_note", lang) if seat == "gm" else ""
    blocks = []
    for version in range(1, game.version + 1):
        entry = games.log_entry(game, version, seat, lang)
        events = [e for e in entry.get("events", []) if str(e.get("text", "")).strip() or e.get("line")]
        if not events:
            continue  # unseen, a palette, or nothing to show
        talk_part = entry.get("talk") or {}
        if entry.get("type") == "message" and not talk_part.get("removed"):
            name = str(talk_part.get("speaker", ""))
            events = [{**e, "text": talk_part.get("text", e["text"]) if e.get("kind") in ("talk", "free_roll")
                       else e["text"]} for e in events]
        else:
            author = entry.get("seat", "")
            name = talk.seat_name(game.kind, game.state, author, lang) if author else translate(
                "games.export.table", lang)
        blocks.append(Block(version, name, _tab(entry), events))
    if fmt == "html":
        return render_html(title, blocks, lang, note)
    return render_lines(title, blocks, fmt, note, lang)
