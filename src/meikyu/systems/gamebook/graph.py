"""A book as a picture (``meikyu gamebook graph``): paragraphs, the ways between them, and what the
validator found, as SVG drawn here (no graphviz needed) or as Graphviz DOT text.

Paragraphs are boxes in layers by their distance from the start (a breadth-first walk over every
kind of link), ordered inside a layer to sit under the paragraphs that lead to them; paragraphs no
link reaches form a last layer of their own. A box says what the paragraph does: a fight (its
enemies), a stat check (``2D6 + defense ≥ 9``), an ending (good, normal, bad: green, grey, red), or
the first words of its text. Ways on: choices (solid, with their words), jumps (dashed, with their
conditions, or "otherwise"), a fight's win / lose / escape and a check's success / failure. Links to
paragraphs that do not exist end in a "missing" box. Paragraphs the validator reports on (unreachable,
stuck, a condition never met …) have a red outline (problems) or an orange one (warnings), and every
finding is listed under the picture with its line.

>>> from meikyu.systems.gamebook.book import parse_book
>>> book = parse_book(DOOR)[0]
>>> g = book_graph(book, "en")
>>> [(n.id, n.kind, n.layer) for n in g.nodes]
[('1', 'plain', 0), ('2', 'good', 1), ('3', 'fight', 1), ('4', 'bad', 2)]
>>> [(e.source, e.target, e.kind, e.label) for e in g.edges]
[('1', '2', 'jump', 'Key ≥ 1'), ('1', '3', 'choice', 'Knock'), ('3', '2', 'win', 'win'), ('3', '4', 'lose', 'lose')]
>>> import xml.etree.ElementTree as ET
>>> ET.fromstring(to_svg(g)).tag
'{http://www.w3.org/2000/svg}svg'
>>> print(to_dot(g).splitlines()[0])
digraph "door" {
"""

from __future__ import annotations

import unicodedata
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

from meikyu.i18n import translate
from meikyu.systems.gamebook.book import Book, Paragraph, Problem
from meikyu.systems.gamebook.explore import describe

__all__ = ["Edge", "Graph", "Node", "book_graph", "layers", "to_dot", "to_svg"]


@dataclass(frozen=True)
class Node:
    """A box: ``kind`` is plain, fight, check, good, normal, bad or missing; ``severity`` problem,
    warning or empty; ``layer`` and ``slot`` place it (row from the top, place in the row)."""

    id: str
    title: str
    detail: str
    kind: str
    layer: int = 0
    slot: int = 0
    severity: str = ""
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Edge:
    """An arrow: ``kind`` is choice, jump, win, lose, escape, success or failure."""

    source: str
    target: str
    kind: str
    label: str


@dataclass(frozen=True)
class Graph:
    """Boxes in reading order (layer, then slot), arrows in the book's order, and the findings' lines."""

    name: str
    title: str
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    findings: tuple[str, ...] = ()
    legend: dict[str, str] = field(default_factory=dict)


def _t(key: str, lang: str, **params: object) -> str:
    return translate(f"gb.graph.{key}", lang, **params)


def _width(text: str) -> float:
    """Roughly how wide ``text`` is in ems (wide CJK characters count as one, the rest as ~0.6)."""
    return sum(1.0 if unicodedata.east_asian_width(ch) in "WF" else 0.6 for ch in text)


def clip(text: str, ems: float) -> str:
    """``text`` cut to about ``ems`` wide, with an ellipsis when cut.

    >>> clip("The Tower of Winds", 6), clip("風の塔の頂上にて", 4), clip("ok", 6)
    ('The Tower…', '風の塔…', 'ok')
    """
    text = " ".join(text.split())
    if _width(text) <= ems:
        return text
    out = ""
    for ch in text:
        if _width(out + ch) > ems - 0.6:
            break
        out += ch
    return out.rstrip() + "…"


def _ways(para: Paragraph, book: Book, lang: str) -> list[Edge]:
    out: list[Edge] = []
    for jump in para.jumps:
        label = " & ".join(describe(c, book).get(lang) for c in jump.when) or _t("otherwise", lang)
        out.append(Edge(para.id, jump.to, "jump", label))
    out += [Edge(para.id, c.to, "choice", c.text.get(lang)) for c in para.choices]
    if para.check is not None:
        out.append(Edge(para.id, para.check.success, "success", _t("success", lang)))
        out.append(Edge(para.id, para.check.failure, "failure", _t("failure", lang)))
    if para.combat is not None:
        block = para.combat
        for kind, target in (("win", block.win), ("lose", block.lose), ("escape", block.escape)):
            if target is not None:
                out.append(Edge(para.id, target, kind, _t(kind, lang)))
    return out


def _box(para: Paragraph, book: Book, lang: str) -> tuple[str, str]:
    """A paragraph's kind and the line under its number."""
    if para.ending is not None:
        return para.ending, translate(f"gb.ending.{para.ending}", lang)
    if para.combat is not None:
        names = [e.name.get(lang) or "?" for e in para.combat.enemies]
        return "fight", "⚔ " + ", ".join(names)
    if para.check is not None:
        stat = translate(f"gb.stat.{para.check.stat}", lang)
        return "check", f"2D6+{stat} ≥ {para.check.target}"
    return "plain", para.text.get(lang)


def layers(start: str, ids: Sequence[str], edges: Iterable[tuple[str, str]]) -> dict[str, tuple[int, int]]:
    """(layer, slot) for each id: layer = links from ``start`` (unreached ids in a last layer), slot =
    the place in the layer, ordered by where the boxes leading to it sit (two sweeps).

    >>> sorted(layers("1", ["1", "2", "3", "4", "9"], [("1", "3"), ("1", "2"), ("3", "4"), ("2", "4")]).items())
    [('1', (0, 0)), ('2', (1, 1)), ('3', (1, 0)), ('4', (2, 0)), ('9', (3, 0))]
    """
    links: dict[str, list[str]] = {i: [] for i in ids}
    back: dict[str, list[str]] = {i: [] for i in ids}
    for a, b in edges:
        if a in links and b in links and b not in links[a]:
            links[a].append(b)
            back[b].append(a)
    depth: dict[str, int] = {}
    met: list[str] = []  # in the order the walk meets them: the book's order of links breaks ties
    queue = deque([start] if start in links else [])
    if queue:
        depth[start] = 0
        met.append(start)
    while queue:
        here = queue.popleft()
        for nxt in links[here]:
            if nxt not in depth:
                depth[nxt] = depth[here] + 1
                met.append(nxt)
                queue.append(nxt)
    last = max(depth.values(), default=-1) + 1
    for i in ids:
        if i not in depth:
            depth[i] = last
            met.append(i)
    rows: dict[int, list[str]] = {}
    for i in met:
        rows.setdefault(depth[i], []).append(i)
    order = sorted(rows)
    pos = {i: n / max(1, len(rows[depth[i]]) - 1) for r in order for n, i in enumerate(rows[r])}

    def centre(i: str, near: dict[str, list[str]], above: bool) -> float:
        """Where the boxes linked with ``i`` from the rows above (or below) sit, on average (0 … 1)."""
        spots = [pos[p] for p in near[i] if depth[p] != depth[i] and (depth[p] < depth[i]) == above]
        return sum(spots) / len(spots) if spots else pos[i]

    def sort_row(row: int, near: dict[str, list[str]], above: bool) -> None:
        keys = {i: centre(i, near, above) for i in rows[row]}
        rows[row].sort(key=lambda i: keys[i])
        pos.update({i: n / max(1, len(rows[row]) - 1) for n, i in enumerate(rows[row])})

    for _ in range(2):
        for row in order[1:]:
            sort_row(row, back, True)
        for row in reversed(order[:-1]):
            sort_row(row, links, False)
    return {i: (depth[i], rows[depth[i]].index(i)) for i in ids}


def book_graph(book: Book, lang: str, problems: Sequence[Problem] = (), warnings: Sequence[Problem] = ()) -> Graph:
    """The picture's content: boxes, arrows, the validator's findings (pass ``check_book``'s)."""
    edges: list[Edge] = []
    for here in book.paragraphs.values():
        edges += [e for e in _ways(here, book, lang) if e.target]  # a way left blank is a finding, not a box
    ids = list(book.paragraphs)
    missing = [e.target for e in edges if e.target not in book.paragraphs]
    ids += list(dict.fromkeys(missing))
    # A paragraph's links in the book's order, so that the walk meets them as a reader would.
    places = layers(book.start, ids, ((e.source, e.target) for e in edges))
    notes: dict[str, list[str]] = {}
    severity: dict[str, str] = {}
    findings = []
    for found, level in ((problems, "problem"), (warnings, "warning")):
        for p in found:
            text = p.message(lang)
            findings.append(_t(f"finding_{level}", lang, line=p.line, paragraph=p.paragraph or "-", message=text))
            if p.paragraph is not None:
                notes.setdefault(p.paragraph, []).append(text)
                if severity.get(p.paragraph) != "problem":
                    severity[p.paragraph] = level
    nodes = []
    for pid in ids:
        para = book.paragraphs.get(pid)
        if para is None:
            kind, detail = "missing", _t("missing", lang)
        else:
            kind, detail = _box(para, book, lang)
        layer, slot = places[pid]
        nodes.append(Node(pid, f"§{pid}", detail, kind, layer, slot, severity.get(pid, ""),
                          tuple(notes.get(pid, ()))))
    nodes.sort(key=lambda n: (n.layer, n.slot))
    legend = {k: _t(k, lang) for k in ("choice", "jump", "fight", "check", "problem", "warning")}
    legend.update({f"ending_{k}": translate(f"gb.ending.{k}", lang) for k in ("good", "normal", "bad")})
    return Graph(book.id or "book", book.title.get(lang), tuple(nodes), tuple(edges), tuple(findings), legend)


# -- SVG ------------------------------------------------------------------------------------------

BOX_W, BOX_H, GAP_X, GAP_Y, MARGIN, FONT = 150, 46, 40, 84, 30, 12
FILL = {"plain": "#ffffff", "fight": "#fdecea", "check": "#eaf1fb", "good": "#d9f2d9", "normal": "#e6e6e6",
        "bad": "#f6c9c9", "missing": "#ffffff"}
STROKE = {"problem": "#d0021b", "warning": "#f5a623", "": "#555555"}
EDGE_COLOUR = {"choice": "#333333", "jump": "#1f5fbf", "win": "#2e7d32", "lose": "#c62828", "escape": "#6a1b9a",
               "success": "#2e7d32", "failure": "#c62828"}


def _xy(node: Node, widths: dict[int, int], full: int) -> tuple[float, float]:
    row = widths[node.layer]
    left = MARGIN + (full - row * (BOX_W + GAP_X) + GAP_X) / 2
    return left + node.slot * (BOX_W + GAP_X), MARGIN + 50 + node.layer * (BOX_H + GAP_Y)


def to_svg(graph: Graph) -> str:
    """The picture as a standalone SVG document (every text escaped; titles give the full texts)."""
    widths: dict[int, int] = {}
    for n in graph.nodes:
        widths[n.layer] = widths.get(n.layer, 0) + 1
    full = max(widths.values(), default=1) * (BOX_W + GAP_X) - GAP_X
    full = max(full, 560)
    at = {n.id: _xy(n, widths, full) for n in graph.nodes}
    rows = max(widths, default=0) + 1
    top = MARGIN + 50 + rows * (BOX_H + GAP_Y)
    height = top + 30 + 18 * len(graph.findings) + MARGIN
    width = full + 2 * MARGIN + 60  # room on the right for arrows that go back up
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" font-size="{FONT}">',
           f"<title>{escape(graph.title)}</title>",
           "<defs>"]
    for kind, colour in EDGE_COLOUR.items():
        out.append(f'<marker id="arrow-{kind}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
                   f'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/>'
                   "</marker>")
    out.append("</defs>")
    out.append('<rect width="100%" height="100%" fill="#fafafa"/>')
    out.append(f'<text x="{MARGIN}" y="{MARGIN + 4}" font-size="16" font-weight="bold">{escape(graph.title)}</text>')
    out.append(_legend(graph, MARGIN, MARGIN + 26))
    depth = {n.id: n.layer for n in graph.nodes}
    pairs: dict[tuple[str, str], list[Edge]] = {}
    fan_out: dict[str, int] = {}
    fan_in: dict[str, int] = {}
    for e in graph.edges:
        pairs.setdefault((e.source, e.target), []).append(e)
    for a, b in pairs:
        fan_out[a] = fan_out.get(a, 0) + 1
        fan_in[b] = fan_in.get(b, 0) + 1
    out.append('<g class="edges" fill="none">')
    labels = []
    for (a, b), group in pairs.items():
        (ax, ay), (bx, by) = at[a], at[b]
        kind = group[0].kind
        colour = EDGE_COLOUR[kind]
        dash = ' stroke-dasharray="6 4"' if kind == "jump" else ""
        if depth[b] > depth[a]:
            x1, y1, x2, y2 = ax + BOX_W / 2, ay + BOX_H, bx + BOX_W / 2, by
            bend = (y2 - y1) / 2
            path = f"M{x1:.1f},{y1:.1f} C{x1:.1f},{y1 + bend:.1f} {x2:.1f},{y2 - bend:.1f} {x2:.1f},{y2:.1f}"
            # Labels where the arrows are furthest apart: by the targets when one box fans out to many.
            t = 0.72 if fan_out[a] > fan_in[b] else 0.28 if fan_in[b] > fan_out[a] else 0.5
            lx, ly = _bezier(t, (x1, y1), (x1, y1 + bend), (x2, y2 - bend), (x2, y2))
        else:  # back up (a loop) or along the row: around the right side, lighter
            x1, y1, x2, y2 = ax + BOX_W, ay + BOX_H / 2, bx + BOX_W, by + BOX_H / 2
            reach = 30 + 12 * abs(depth[a] - depth[b])
            path = (f"M{x1:.1f},{y1:.1f} C{x1 + reach:.1f},{y1:.1f} {x2 + reach:.1f},{y2:.1f} "
                    f"{x2:.1f},{y2:.1f}")
            lx, ly = max(x1, x2) + reach * 0.75, (y1 + y2) / 2
            dash = ' stroke-dasharray="2 3"' if kind != "jump" else ' stroke-dasharray="6 4"'
        text = " / ".join(dict.fromkeys(e.label for e in group))
        tip = " / ".join(dict.fromkeys(f"{e.label}" for e in group))
        out.append(f'<path d="{path}" stroke="{colour}" stroke-width="1.4"{dash} marker-end="url(#arrow-{kind})">'
                   f"<title>{escape(f'§{a} → §{b}: {tip}')}</title></path>")
        labels.append(f'<text x="{lx:.1f}" y="{ly:.1f}" text-anchor="middle" font-size="10" fill="{colour}" '
                      f'stroke="#fafafa" stroke-width="3" paint-order="stroke">{escape(clip(text, 18))}</text>')
    out.append("</g>")
    out.append('<g class="labels">' + "".join(labels) + "</g>")
    out.append('<g class="nodes">')
    for n in graph.nodes:
        x, y = at[n.id]
        stroke = STROKE[n.severity]
        thick = 3 if n.severity else 1.2
        dash = ' stroke-dasharray="5 3"' if n.kind == "missing" else ""
        tip = "\n".join((f"{n.title}: {n.detail}", *n.notes))
        out.append(f'<g class="node {n.kind}" id={quoteattr("p-" + n.id)}><title>{escape(tip)}</title>')
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{BOX_W}" height="{BOX_H}" rx="7" fill="{FILL[n.kind]}" '
                   f'stroke="{stroke}" stroke-width="{thick}"{dash}/>')
        out.append(f'<text x="{x + 8:.1f}" y="{y + 17:.1f}" font-weight="bold">{escape(n.title)}</text>')
        if n.severity:
            out.append(f'<text x="{x + BOX_W - 14:.1f}" y="{y + 17:.1f}" font-weight="bold" fill="{stroke}">!</text>')
        out.append(f'<text x="{x + 8:.1f}" y="{y + 36:.1f}" font-size="11" fill="#333">'
                   f"{escape(clip(n.detail, (BOX_W - 16) / 11))}</text></g>")
    out.append("</g>")
    y = top + 10
    for line in graph.findings:
        colour = STROKE["problem" if line.startswith("✖") else "warning"]
        out.append(f'<text x="{MARGIN}" y="{y:.1f}" font-size="11" fill="{colour}">{escape(line)}</text>')
        y += 18
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _bezier(t: float, *points: tuple[float, float]) -> tuple[float, float]:
    """The point at ``t`` (0 … 1) of a cubic Bézier curve through four control points."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points
    u = 1 - t
    a, b, c, d = u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3
    return a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3


def _legend(graph: Graph, x: float, y: float) -> str:
    """One row: what the colours and lines mean."""
    parts = ['<g class="legend" font-size="11">']
    for kind in ("choice", "jump"):
        colour = EDGE_COLOUR[kind]
        dash = ' stroke-dasharray="6 4"' if kind == "jump" else ""
        parts.append(f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + 22:.1f}" y2="{y:.1f}" stroke="{colour}" '
                     f'stroke-width="1.4"{dash}/>')
        label = graph.legend.get(kind, kind)
        parts.append(f'<text x="{x + 26:.1f}" y="{y + 4:.1f}">{escape(label)}</text>')
        x += 40 + 11 * _width(label)
    for kind, key in (("fight", "fight"), ("check", "check"), ("good", "ending_good"), ("normal", "ending_normal"),
                      ("bad", "ending_bad")):
        parts.append(f'<rect x="{x:.1f}" y="{y - 6:.1f}" width="14" height="12" rx="3" fill="{FILL[kind]}" '
                     'stroke="#555"/>')
        label = graph.legend.get(key, key)
        parts.append(f'<text x="{x + 18:.1f}" y="{y + 4:.1f}">{escape(label)}</text>')
        x += 32 + 11 * _width(label)
    for sev in ("problem", "warning"):
        parts.append(f'<rect x="{x:.1f}" y="{y - 6:.1f}" width="14" height="12" rx="3" fill="#fff" '
                     f'stroke="{STROKE[sev]}" stroke-width="2.5"/>')
        label = graph.legend.get(sev, sev)
        parts.append(f'<text x="{x + 18:.1f}" y="{y + 4:.1f}">{escape(label)}</text>')
        x += 32 + 11 * _width(label)
    parts.append("</g>")
    return "".join(parts)


# -- DOT ------------------------------------------------------------------------------------------

DOT_SHAPE = {"plain": "box", "fight": "box", "check": "diamond", "good": "doubleoctagon", "normal": "octagon",
             "bad": "doubleoctagon", "missing": "box"}


def _dq(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def to_dot(graph: Graph) -> str:
    """The picture as Graphviz DOT text (``dot -Tsvg`` draws it, where Graphviz is installed)."""
    lines = [f"digraph {_dq(graph.name)} {{", f"  label={_dq(graph.title)}; labelloc=t; rankdir=TB;",
             '  node [fontname="sans-serif" fontsize=11 style=filled]; edge [fontname="sans-serif" fontsize=9];']
    for n in graph.nodes:
        colour = STROKE[n.severity]
        extra = " penwidth=3" if n.severity else ""
        extra += " style=\"filled,dashed\"" if n.kind == "missing" else ""
        tip = "\n".join(n.notes)
        lines.append(f"  {_dq(n.id)} [label={_dq(n.title + chr(10) + clip(n.detail, 14))} shape={DOT_SHAPE[n.kind]} "
                     f"fillcolor={_dq(FILL[n.kind])} color={_dq(colour)}{extra} tooltip={_dq(tip or n.detail)}];")
    for e in graph.edges:
        style = " style=dashed" if e.kind == "jump" else ""
        lines.append(f"  {_dq(e.source)} -> {_dq(e.target)} [label={_dq(clip(e.label, 18))} "
                     f"color={_dq(EDGE_COLOUR[e.kind])} fontcolor={_dq(EDGE_COLOUR[e.kind])}{style}];")
    for line in graph.findings:
        lines.append(f"  // {line}")
    lines.append("}")
    return "\n".join(lines) + "\n"


DOOR = """
[book]
id = "door"
start = 1
[items.key]
name = "Key"
[p.1]
text = "A door."
effects = [{ gain = "key" }]
jumps = [{ to = 2, if = { item = "key" } }]
choices = [{ to = 3, text = "Knock" }]
[p.2]
text = "In."
ending = "good"
[p.3]
text = "A guard."
combat = { win = 2, lose = 4, enemies = [{ name = "guard", attack = 8, kill = 1, defense = 7, hits = 2 }] }
[p.4]
text = "Out."
ending = "bad"
"""  # a doctest book: a jump, a choice, a fight
