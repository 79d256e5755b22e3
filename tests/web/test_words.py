"""Every word of every screen in the reader's language (issue 26 §8), read in a real browser: the home page
(before and after a game is made), the sheet editor, the card maker (with its example deck), the table of every kind for the GM and a player
(each taken a step or two in, as the screenshot script takes them), a labyrinth on its map, and the HTML
export — in ko, ja and en. Each screen's text (every text node, open or folded, and the title, aria-label,
placeholder and alt of every element) must hold

- no raw id: ``snake_case``, ``key/value``, a seat id (``pc:haneul``), a catalog key (``mk.lab.goal``);
- in Korean and Japanese no English word but names, dice notation and the few kept as written (``KEEP``);
  in English no Korean or Japanese but names (the language menu names each language in its own words);
- one word per term, as the reference glossary gives it (``TERMS``: 백성 / 民, not 국민 / 国民, for
  citizens; 패러그래프 / パラグラフ, not 단락 / 段落, for a gamebook's numbered paragraph — the word its
  books use); ``tests/test_terms.py`` holds every catalog to the same list;
- in the log no line with an empty name (``: …`` or ``()``).

Names are what the game's data names (characters, monsters, the kingdom, books, rooms): the test takes
them from the views it is shown, so a name is never mistaken for a stray English word.

Two games are walked on by the GM with the server's own random dice (the session to its end phase, the
sample battle thirty steps), so each run may reach lines another did not: a failure names the line, which
is a real one a reader would have seen; the event lines themselves are covered with fixed dice by
``tests/table/test_mk_words.py``.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from tests.api.conftest import Server
from tests.test_terms import TERMS
from tests.web.conftest import create_game, live_at, open_seat, seat_url

KEEP = {"MG", "HP", "GM", "PC", "NPC", "MK", "meikyu", "English", "TOML", "JSON", "HTML", "BBCode", "Markdown",
        "ccfolia", "Udonarium", "BCDice", "OK", "ooc", "MB", "KB", "Enter", "Shift", "Lv"}
"""Kept as written in every language: units, the games' own abbreviations (``Lv1``, as Korean and Japanese
sheets write an item's or a job's level), file formats and tools by
their names, the project's name, the language menu's own entry, keys as keyboards label them."""
NOTATION = re.compile(r"\d*[DdＤ]\d+|\d*\bS?\d*MK\b|\b\d*[A-Z]{2,6}\d*\b|\.(?:toml|json|zip|xml|html|md|txt)\b"
                      r"|\b[a-z_]+ = |^\[(?:main|info|other|whisper)\]$")
"""Dice and table commands as typed (``2D6``, ``3MK``, ``KDT``, ``TT``), file extensions, a line of a
sheet file shown as an example (``name = "…"``), and the tabs of ccfolia's log format, which the HTML export
keeps as log tools read them."""
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+/[a-z]+[=/]|\b(?:pc|gm|spectator):[a-z]+|\b[a-z]+\.[a-z_]+\.[a-z_.]+\b")
EMPTY = re.compile(r"^\s*[:：의の]|\(\s*\)|（\s*）")
CJK = re.compile(r"[\uac00-\ud7a3\u3040-\u30ff\u4e00-\u9fff]")
PREPARE = {("MeikyuKingdom", "battle"): ["gm/begin"], ("MeikyuKingdom", "session"): ["gm/advance", "gm/advance"],
           ("Liberator", "scenario"): ["gm/generate_mission/type=normal/seed=0"]}
LABYRINTH = ["gm/gm_skip"] * 5 + ["all/enter_labyrinth"]

TEXTS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const text = n.nodeValue.trim();
    if (text && !n.parentElement.closest("script, style, .log-line .die, textarea, code, pre")) out.push(text);
  }
  for (const el of document.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
    for (const a of ["title", "aria-label", "placeholder", "alt"]) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  return out;
}"""
LOG = "() => [...document.querySelectorAll('#log-lines .log-line')].map((e) => e.innerText)"


def gm_takes(server: Server, game: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    """The GM takes menu items by key through the API; the GM's last answer."""
    token = next(s["token"] for s in game["seats"] if s["seat"] == "gm")
    auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    seen = server.request("GET", f"/api/games/{game['id']}", headers=auth).json()
    for key in keys:
        item = next(i for i in seen["legal_actions"] if i["key"] == key)
        body = json.dumps({"action": item["action"], "version": seen["version"]}).encode()
        assert server.request("POST", f"/api/games/{game['id']}/actions", body=body, headers=auth).status == 200
        seen = server.request("GET", f"/api/games/{game['id']}", headers=auth).json()
    return seen


def gm_walks(server: Server, game: dict[str, Any], steps: int) -> None:
    """The GM walks the game on ``steps`` steps into later screens (the labyrinth, a battle, the end phase):
    the way on when there is one (``ON``: close the meetings, enter, a room not yet visited, attack), else
    the first item offered without a form — never a surrender, an escape or a ruling."""
    token = next(s["token"] for s in game["seats"] if s["seat"] == "gm")
    auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    visited: list[str] = []
    for _ in range(steps):
        seen = server.request("GET", f"/api/games/{game['id']}", headers=auth).json()
        items = [i for i in seen["legal_actions"] if not i.get("form") and not re.search(AVOID, i["key"])]
        if not items:
            return
        moves = sorted((i for i in items if i["action"].get("@type") == "MoveTo"),
                       key=lambda i: visited.count(i["action"]["room"]))
        item = moves[0] if moves else next((i for rule in ON for i in items if re.search(rule, i["key"])), items[0])
        if moves:
            visited.append(item["action"]["room"])
        body = json.dumps({"action": item["action"], "version": seen["version"]}).encode()
        assert server.request("POST", f"/api/games/{game['id']}/actions", body=body, headers=auth).status == 200


AVOID = r"surrender|escape|give_up|abandon|gm_skip|set_goal|gm_set|fall_outside|call_check|labyrinth_turn|undo"
ON = (r"end_organization", r"end_budget", r"^gm/advance$", r"enter_labyrinth", r"skip_search", r"/attack/m\d+$",
      r"^gm/begin$")


def names_in(value: Any) -> set[str]:
    """Every name the game's data gives (``name``, ``label``, ``names``, ``title``…) anywhere in a view."""
    out: set[str] = set()
    if isinstance(value, dict):
        for key, v in value.items():
            if key in ("name", "label", "title", "appearance", "speaker", "book") and isinstance(v, str):
                out.add(v)
            elif key in ("names", "job_names", "effect_names") and isinstance(v, dict | list):
                out |= {x for x in (v.values() if isinstance(v, dict) else v) if isinstance(x, str)}
            else:
                out |= names_in(v)
    elif isinstance(value, list):
        for v in value:
            out |= names_in(v)
    return out


def problems(screen: str, texts: list[str], lang: str, names: set[str], log: list[str]) -> list[str]:
    found = []
    words_of_names = {w for n in names for w in re.findall(r"[A-Za-z]{2,}", n)}
    for text in texts:
        bare = text
        for name in sorted(names, key=len, reverse=True):
            if len(name) > 1:
                bare = bare.replace(name, " ")
        if m := RAW.search(bare):
            found.append(f"{screen}: raw id {m.group(0)!r} in {text[:80]!r}")
        if lang in ("ko", "ja"):
            notation = NOTATION.sub(" ", bare.strip())
            stray = set(re.findall(r"[A-Za-z]{2,}", notation)) - KEEP - words_of_names
            if stray:
                found.append(f"{screen}: English {sorted(stray)} in {text[:80]!r}")
        elif CJK.search(bare) and not re.fullmatch(r"한국어|日本語", bare.strip()):
            found.append(f"{screen}: Korean/Japanese in {text[:80]!r}")
        for wrong, right in TERMS[lang].items():
            if wrong in bare:
                found.append(f"{screen}: {wrong!r} where the glossary says {right!r}: {text[:80]!r}")
    for line in log:
        if EMPTY.search(line):
            found.append(f"{screen}: an empty name in the log line {line[:80]!r}")
    return found


def read_screen(browser: Any, url: str, lang: str, ready: str) -> tuple[list[str], list[str], list[str]]:
    seat = open_seat(browser, url, lang)
    if ready == "table":
        live_at(seat)
    else:
        seat.page.wait_for_selector(ready)
    texts, log = seat.page.evaluate(TEXTS), seat.page.evaluate(LOG)
    errors = list(seat.errors)
    seat.page.context.close()
    return texts, log, errors


def view_of(server: Server, game: dict[str, Any], seat: str) -> Any:
    token = next(s["token"] for s in game["seats"] if s["seat"] == seat)
    seen = server.request("GET", f"/api/games/{game['id']}", headers={"Authorization": f"Bearer {token}"}).json()
    return seen["view"]  # the game's data, not the menu: a menu label is words to check, not a name


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_every_screen_speaks_the_readers_language(web_server: Server, browser: Any, lang: str) -> None:
    found: list[str] = []
    names: set[str] = set()
    games: list[tuple[str, dict[str, Any]]] = []
    for system, kind in [tuple(k) for k in (("MeikyuKingdom", "battle"), ("MeikyuKingdom", "round_table"),
                                            ("MeikyuKingdom", "session"), ("ShinGamebook", "reading"),
                                            ("Liberator", "scenario"))]:
        game = create_game(web_server, system, kind, lang=lang)
        gm_takes(web_server, game, PREPARE.get((system, kind), []))
        games.append((f"{system}-{kind}", game))
    labyrinth = create_game(web_server, "MeikyuKingdom", "session", lang=lang)
    gm_takes(web_server, labyrinth, LABYRINTH)
    games.append(("labyrinth", labyrinth))
    walked = create_game(web_server, "MeikyuKingdom", "session", lang=lang)
    gm_walks(web_server, walked, 120)
    games.append(("session-walked", walked))
    battle = create_game(web_server, "MeikyuKingdom", "battle", lang=lang)
    gm_walks(web_server, battle, 30)
    games.append(("battle-walked", battle))

    screens: list[tuple[str, str, str]] = [("home", web_server.base + "/", "html[data-ready]"),
                                           ("sheets", web_server.base + "/sheets", "html[data-ready]"),
                                           ("cards", web_server.base + "/cards#example", "html[data-deck-ok='1']")]
    for name, game in games:
        for seat in game["seats"][:2]:
            names |= names_in(view_of(web_server, game, seat["seat"]))
            screens.append((f"{name}/{seat['seat']}", seat_url(web_server, game, seat["seat"]), "table"))
    for screen, url, ready in screens:
        texts, log, errors = read_screen(browser, url, lang, ready)
        assert not errors, (screen, errors)
        found += problems(screen, texts, lang, names, log)

    # the GM's exports of a game walked into the end phase: the HTML page read as a page, the others as text
    # (bold and code marks of Markdown and BBCode are the formats' own)
    game = walked
    names.add(game["id"])  # the game's id names it (the command line's `game export ID`)
    token = next(s["token"] for s in game["seats"] if s["seat"] == "gm")
    for fmt in ("html", "text", "markdown", "bbcode"):
        request = urllib.request.Request(f"{web_server.base}/api/games/{game['id']}/export?format={fmt}&lang={lang}",
                                         headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request) as reply:
            body = reply.read().decode("utf-8")
        if fmt == "html":
            context = browser.new_context(java_script_enabled=False)
            page = context.new_page()
            page.set_content(body)
            found += problems("export-html", page.evaluate(TEXTS), lang, names, [])
            context.close()
        else:
            lines = [re.sub(r"\[/?(?:b|code)\]|\*\*|`", " ", line).replace("\\", "") for line in body.splitlines()]
            found += problems(f"export-{fmt}", [x for x in lines if x.strip()], lang, names, [])
    assert not found, "\n".join(found)
