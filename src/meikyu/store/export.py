"""A game's log as one seat may see it, ready to post: plain text, Markdown or BBCode.

Each version is one block headed by its number and the seat that acted; event texts follow, with the
BCDice-style roll line where a roll happened.

>>> print(render_lines("T", [(1, "gm", [{"text": "A door opens.", "line": "(2D6>=7) ＞ 8[3,5] ＞ 8"}])], "bbcode"), end="")
[b]T[/b]
<BLANKLINE>
[b]#1[/b] gm
A door opens.
[code](2D6>=7) ＞ 8[3,5] ＞ 8[/code]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meikyu.i18n import translate

FORMATS = ("text", "markdown", "bbcode")
MEDIA_TYPES = {"text": "text/plain", "markdown": "text/markdown", "bbcode": "text/plain"}


def _markdown_escape(text: str) -> str:
    return "".join("\\" + ch if ch in "\\`*_[]<>#|" else ch for ch in text)


def render_lines(title: str, blocks: Sequence[tuple[int, str, list[dict[str, Any]]]], fmt: str) -> str:
    """``blocks``: (version, seat, events as the seat sees them)."""
    out: list[str] = []
    if fmt == "markdown":
        out += [f"## {_markdown_escape(title)}", ""]
    elif fmt == "bbcode":
        out += [f"[b]{title.replace('[', '(').replace(']', ')')}[/b]", ""]
    else:
        out += [title, "=" * min(len(title), 60), ""]
    for version, seat, events in blocks:
        if fmt == "markdown":
            out.append(f"**#{version}** `{seat}`  ")
        elif fmt == "bbcode":
            out.append(f"[b]#{version}[/b] {seat}")
        else:
            out.append(f"#{version} {seat}")
        for event in events:
            text = str(event.get("text", ""))
            line = event.get("line")
            if fmt == "markdown":
                out.append(_markdown_escape(text) + "  ")
                if line:
                    out.append(f"`{line}`  ")
            elif fmt == "bbcode":
                out.append(text.replace("[", "(").replace("]", ")"))
                if line:
                    out.append(f"[code]{line}[/code]")
            else:
                out.append(f"  {text}")
                if line:
                    out.append(f"    {line}")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def export(games: Any, game_id: str, seat: str, lang: str, fmt: str) -> str:
    """The whole log of ``game_id`` as ``seat`` sees it, in ``lang`` and format ``fmt``."""
    game = games.full(games.load(game_id))
    record = game.record
    title = translate("games.export.title", lang, system=record.system, kind=record.kind, id=record.id,
                      version=game.version)
    title += " — " + translate("games.export.seat", lang, seat=seat)
    blocks = [(v, game.entries[v - 1].seat, games.events(game, v, seat, lang))
              for v in range(1, game.version + 1)]
    return render_lines(title, blocks, fmt)
