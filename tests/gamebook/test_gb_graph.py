"""``meikyu gamebook graph``: every shipped book drawn as valid SVG and DOT, with what check finds marked."""

from __future__ import annotations

import argparse
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from meikyu.systems.gamebook.book import load_book
from meikyu.systems.gamebook.books import samples
from meikyu.systems.gamebook.cli import register
from meikyu.systems.gamebook.graph import book_graph, to_dot, to_svg
from meikyu.systems.gamebook.validate import check_book

BOOKS = Path(__file__).parent / "books"
SVG = "{http://www.w3.org/2000/svg}"


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(argv)
    code = args.handler(args)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("book_id", [b for b, _ in samples()])
@pytest.mark.parametrize("lang", ["ja", "en", "ko"])
def test_every_shipped_book_is_valid_svg_r_gb_07(book_id: str, lang: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Each shipped book's graph parses as SVG: a box per paragraph, an arrow per way on (choices, jumps with
    their conditions R-GB-07, a fight's outcomes R-GB-10…15, a check's), the endings coloured by kind."""
    out = tmp_path / f"{book_id}.svg"
    code, said, _ = run_cli(["gamebook", "graph", book_id, "--lang", lang, "-o", str(out)], capsys)
    assert code == 0 and str(out) in said
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.tag == SVG + "svg"
    book = load_book(dict(samples())[book_id])
    boxes = root.findall(f".//{SVG}g[@class]")
    ids = {g.get("id") for g in boxes if (g.get("class") or "").startswith("node ")}
    assert ids == {f"p-{pid}" for pid in book.paragraphs}
    pairs = {(p.id, t) for p in book.paragraphs.values() for _, t in p.targets()}
    arrows = root.findall(f".//{SVG}g[@class='edges']/{SVG}path")
    assert len(arrows) == len(pairs)
    kinds = {(g.get("class") or "").split()[1] for g in boxes if (g.get("class") or "").startswith("node ")}
    assert {"fight", "good", "bad"} <= kinds
    assert not [g for g in boxes if "problem" in ET.tostring(g, encoding="unicode") and g.get("class") != "legend"]


def test_dot_text_has_every_paragraph_and_way(capsys: pytest.CaptureFixture[str]) -> None:
    code, text, _ = run_cli(["gamebook", "graph", "sample", "--format", "dot", "--lang", "en", "--no-play"], capsys)
    book = load_book(samples()[0][1])
    assert code == 0 and text.startswith('digraph "kaze-no-tou" {') and text.rstrip().endswith("}")
    assert sum(1 for line in text.splitlines() if " -> " in line) == sum(len(p.targets())
                                                                          for p in book.paragraphs.values())
    assert 'label="otherwise"' in text and "style=dashed" in text


def test_findings_are_marked_on_their_paragraphs() -> None:
    """The defects book: every paragraph a problem names has a red outline and the message in its tooltip;
    a link to a paragraph that does not exist ends in a dashed "missing" box; the findings are listed."""
    report = check_book(BOOKS / "defects.toml")
    graph = book_graph(report.book, "en", report.problems, report.warnings)
    marked = {n.id for n in graph.nodes if n.severity == "problem"}
    assert marked == {p.paragraph for p in report.problems if p.paragraph}
    assert {n.id for n in graph.nodes if n.kind == "missing"} == {"77", "88"}
    assert len(graph.findings) == len(report.problems)
    root = ET.fromstring(to_svg(graph))
    tips = {g.get("id"): g.findtext(f"{SVG}title") for g in root.iter(f"{SVG}g") if g.get("id")}
    assert "no path from the start" in (tips["p-8"] or "")
    assert 'color="#d0021b" penwidth=3' in to_dot(graph)


def test_the_allowed_book_draws_jumps_then_choices_unmarked() -> None:
    """R-GB-07: the door paragraph shows its conditional jump (dashed, with the condition) and its choices."""
    report = check_book(BOOKS / "allowed.toml")
    graph = book_graph(report.book, "en", report.problems, report.warnings)
    ways = [(e.kind, e.target, e.label) for e in graph.edges if e.source == "3"]
    assert ways == [("jump", "4", "Key ≥ 1"), ("choice", "5", "Knock"), ("choice", "6", "Leave")]
    assert not any(n.severity for n in graph.nodes)


def test_bad_book_name_is_one_line_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(["gamebook", "graph", "/nonexistent/book.toml", "--lang", "en"], capsys)
    assert code == 2 and "Traceback" not in err and err.strip()
