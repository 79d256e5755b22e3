"""Logs people post (issue 25, point 6): talk and rules events interleaved, names never seat ids, no empty
entries, the GM's export marked as holding hidden data, and a ccfolia-style HTML page."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from tests.api.conftest import Server
from tests.games.conftest import Table, create


def scene(table: Table) -> None:
    for seat, body in (("gm", {"text": "Welcome.\nSit.", "speaker": "Innkeeper"}),
                       ("pc:hana", {"text": "psst", "to": ["gm"]}),
                       ("pc:toru", {"text": "brb", "channel": "ooc"}),
                       ("pc:hana", {"text": "2MK+3>=9 haggle"}),
                       ("pc:hana", {"text": "S2D6 sneaky"})):
        assert table.call(seat, "POST", "/messages", body).status == 201
    table.call("pc:hana", "PUT", "/palette", {"lines": ["KDT"]})
    gm = table.get("gm")
    item = next(i for i in gm["legal_actions"] if i["key"] == "gm/begin")
    assert table.act("gm", item["action"], gm["version"]).status == 200


def export(table: Table, seat: str, fmt: str, lang: str = "en") -> str:
    reply = table.call(seat, "GET", "/export", format=fmt, lang=lang)
    assert reply.status == 200, reply.body
    return reply.body.decode("utf-8")


def test_exports_name_speakers_and_leave_nothing_empty(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    scene(table)
    for fmt in ("text", "markdown", "bbcode", "html"):
        for seat in ("gm", "pc:toru"):
            text = export(table, seat, fmt)
            assert "pc:" not in text, (seat, fmt)  # names, never seat ids
            assert "Innkeeper" in text and "Toru" in text and "Hana" in text
            assert ("hidden data" in text) is (seat == "gm"), (seat, fmt)
    text = export(table, "pc:toru", "text")
    headers = re.findall(r"^#(\d+) ", text, re.M)
    assert headers == ["1", "3", "4", "5", "7"]  # 2: a whisper to others, 6: Hana's palette
    assert "#3 Toru (out of character)" in text and "Hana rolled in secret." in text
    assert all(block.strip().count("\n") >= 1 for block in text.split("\n\n")[1:] if block.strip())


def test_the_html_export_is_a_ccfolia_style_page(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="ja")
    scene(table)
    page = export(table, "pc:hana", "html", "ja")
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="UTF-8" />' in page

    class Entries(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.entries: list[list[str]] = []
            self.depth = 0

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "p":
                self.entries.append([])
            elif tag == "span":
                self.entries[-1].append("")
            assert tag in ("html", "head", "meta", "title", "body", "p", "span", "br"), tag

        def handle_data(self, data: str) -> None:
            if self.entries and self.entries[-1]:
                self.entries[-1][-1] += data

    parser = Entries()
    parser.feed(page)
    rows = [[part.strip().removesuffix(":").strip() for part in entry] for entry in parser.entries]
    assert all(len(row) == 3 for row in rows), rows  # tab, speaker, text
    assert rows[0][:2] == ["[main]", "Innkeeper"] and rows[0][2] == "Welcome.Sit."
    assert rows[1][:2] == ["[whisper]", "Hana"]
    assert rows[2][0] == "[other]"
    assert "(2R6+3>=9) ＞" in rows[3][2]
    assert len(rows) == 6

