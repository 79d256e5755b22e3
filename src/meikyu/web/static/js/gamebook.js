// The Shin gamebook board: the paragraph, the reader's sheet, the fight with its foes, the reader's map
// of the paragraphs visited, the paragraphs read so far and the reader's own bookmarks (kept in this
// browser), "read again" after an ending of a shipped book, and for the GM the whole book.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { call } from "./api.js";

const MARKS = "meikyu.bookmarks.";

export function nameOf(view, id) {
  return id === "reader" ? t("seat.reader") : null;
}

function marks(ctx) {
  try {
    return JSON.parse(localStorage.getItem(MARKS + ctx.id) || "[]").filter((m) => typeof m === "string");
  } catch {
    return [];
  }
}

function toggleMark(ctx, pid, button) {
  const list = marks(ctx);
  const next = list.includes(pid) ? list.filter((m) => m !== pid) : [...list, pid];
  try {
    localStorage.setItem(MARKS + ctx.id, JSON.stringify(next));
  } catch {
    return;
  }
  button.textContent = t(next.includes(pid) ? "gb.unmark" : "gb.mark");
  button.setAttribute("aria-pressed", String(next.includes(pid)));
  const box = document.querySelector("#bookmarks");
  if (box) box.replaceWith(bookmarkList(box.__view, ctx));
}

export function render(view, ctx) {
  const p = view.paragraph;
  return [
    h("h2", { class: "book-title" }, (view.book && view.book.title) || t("gb.book")),
    view.creation ? creation(view.creation) : null,
    p ? paragraph(p, ctx) : null,
    view.ending ? h("p", { class: ["ending", `ending-${view.ending.kind}`], role: "status" }, view.ending.text) : null,
    view.ending && view.book && view.book.sample ? readAgain(view, ctx) : null,
    view.combat ? fight(view.combat) : null,
    view.sheet ? sheet(view.sheet) : null,
    view.map && view.map.nodes && view.map.nodes.length ? readerMap(view.map) : null,
    bookmarkList(view, ctx),
    ctx.gm && Array.isArray(view.paragraphs) ? wholeBook(view.paragraphs) : null,
  ];
}

function creation(c) {
  return h(
    "section",
    { class: "creation" },
    h("h3", {}, t("gb.creation")),
    c.rolled && c.rolled.length ? h("p", {}, t("gb.rolled"), " ", h("span", { class: "dice" }, c.rolled.map((d) => h("span", { class: "die" }, String(d))))) : null,
    c.points ? h("p", {}, t("gb.points", { n: c.points })) : null,
  );
}

function paragraph(p, ctx) {
  const marked = marks(ctx).includes(p.id);
  const button = h("button", { type: "button", class: "mark", "aria-pressed": String(marked) }, t(marked ? "gb.unmark" : "gb.mark"));
  button.addEventListener("click", () => toggleMark(ctx, p.id, button));
  return h(
    "article",
    { class: "paragraph", "aria-labelledby": "paragraph-no" },
    h("div", { class: "paragraph-head" }, h("h3", { id: "paragraph-no" }, t("gb.paragraph", { id: p.id })), button),
    p.text.split(/\n{2,}/).map((part) => h("p", {}, part)),
  );
}

function sheet(s) {
  const stat = (k, v) => h("div", { class: "stat" }, h("dt", {}, t(`gb.stat.${k}`)), h("dd", {}, String(v)));
  return h(
    "section",
    { class: "gb-sheet", "aria-labelledby": "gb-sheet-title" },
    h("h3", { id: "gb-sheet-title" }, t("gb.sheet")),
    h("dl", { class: "stats" }, stat("attack", s.attack), stat("defense", s.defense), stat("stamina", s.stamina), stat("hits", s.hits)),
    s.weapon && s.weapon.name ? h("p", {}, t("gb.weapon", { name: s.weapon.name, kill: s.weapon.kill })) : null,
    s.items && s.items.length ? h("p", {}, t("gb.items"), " ", s.items.map((i) => h("span", { class: "badge" }, i.count > 1 ? `${i.name} ×${i.count}` : i.name))) : null,
    s.abilities && s.abilities.length
      ? h("ul", { class: "abilities" }, s.abilities.map((a) => h("li", {}, h("strong", {}, a.name), a.text ? ` — ${a.text}` : "")))
      : null,
    s.progress && s.progress.length ? h("p", {}, s.progress.map((c) => h("span", { class: "badge" }, `${c.name} ${c.value}`))) : null,
  );
}

function fight(c) {
  return h(
    "section",
    { class: "fight", "aria-labelledby": "fight-title" },
    h("h3", { id: "fight-title" }, t("gb.fight")),
    h("p", {}, t("gb.fight_line", { hits: c.hits, max: c.max_hits, n: c.exchanges })),
    c.ability ? h("p", {}, t("gb.ability_used", { name: c.ability.name })) : null,
    h(
      "table",
      { class: "foes" },
      h("thead", {}, h("tr", {}, ["name", "attack", "defense", "hits"].map((k) => h("th", { scope: "col" }, t(`gb.foe.${k}`))))),
      h(
        "tbody",
        {},
        c.foes.map((f) =>
          // `left`: the hits the foe has left (0: it is down), `hits`: what it started with
          h("tr", { class: f.left > 0 ? null : "down", dataset: { n: String(f.n) } }, h("th", { scope: "row" }, f.name), h("td", {}, String(f.attack)), h("td", {}, String(f.defense)), h("td", {}, f.left > 0 ? `${f.left}/${f.hits}` : t("gb.foe.down"))),
        ),
      ),
    ),
  );
}

function bookmarkList(view, ctx) {
  const visited = Array.isArray(view.visited) ? view.visited : [];
  const mine = marks(ctx);
  const box = h(
    "details",
    { id: "bookmarks", class: "bookmarks" },
    h("summary", {}, t("gb.bookmarks", { n: mine.length, seen: visited.length })),
    mine.length ? h("h4", {}, t("gb.marked")) : null,
    h("ul", {}, visited.filter((p) => mine.includes(p.id)).map((p) => reread(p))),
    h("h4", {}, t("gb.visited")),
    h("ol", { class: "visited" }, visited.map((p) => reread(p))),
  );
  box.__view = view;
  return box;
}

function reread(p) {
  return h("li", {}, h("details", {}, h("summary", {}, t("gb.paragraph", { id: p.id })), h("p", {}, p.text)));
}

function wholeBook(paragraphs) {
  return h(
    "details",
    { class: "whole-book secret" },
    h("summary", {}, t("gb.whole_book", { n: paragraphs.length })),
    h("ol", {}, paragraphs.map((p) => reread(p))),
  );
}

// "Read again": a new reading of the same shipped book (and mode) at a new table; this page moves there.
function readAgain(view, ctx) {
  const note = h("span", { class: "refused", role: "alert" });
  const button = h("button", { type: "button", id: "read-again", class: "primary" }, t("gb.read_again"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const body = { system: "ShinGamebook", kind: "reading", setup: { sample: view.book.sample, story: !!view.story }, lang: ctx.lang };
      const made = await call("POST", "/api/games", { body, lang: ctx.lang });
      const seat = made.seats.find((x) => x.seat === (ctx.gm ? "gm" : "reader"));
      location.assign(new URL(seat.url, location.origin).href);
    } catch (failure) {
      note.textContent = failure.message;
      button.disabled = false;
    }
  });
  return h("p", { class: "read-again" }, button, " ", note);
}

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) el.setAttribute(key, String(value));
  for (const child of children.flat()) if (child) el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return el;
}

// The reader's map: the paragraphs visited (and nothing else, not even a number), in rows by how soon the
// reading reached them, with the steps taken between them; where the reader is now is marked.
function readerMap(map) {
  const W = 52, H = 24, GX = 14, GY = 22, PAD = 8;
  const rows = new Map();
  for (const n of map.nodes) rows.set(n.row, Math.max(rows.get(n.row) || 0, n.slot + 1));
  const widest = Math.max(...rows.values());
  const width = widest * (W + GX) - GX + 2 * PAD;
  const at = new Map();
  for (const n of map.nodes) {
    const left = PAD + (width - 2 * PAD - (rows.get(n.row) * (W + GX) - GX)) / 2;
    at.set(n.id, { x: left + n.slot * (W + GX), y: PAD + n.row * (H + GY), row: n.row });
  }
  const height = PAD * 2 + (Math.max(...rows.keys()) + 1) * (H + GY) - GY;
  const links = map.links.filter(([a, b]) => at.has(a) && at.has(b)).map(([a, b]) => {
    const p = at.get(a), q = at.get(b);
    const d = q.row > p.row
      ? `M${p.x + W / 2},${p.y + H} L${q.x + W / 2},${q.y}`
      : `M${p.x + W},${p.y + H / 2} Q${Math.max(p.x, q.x) + W + 18},${(p.y + q.y) / 2 + H / 2} ${q.x + W},${q.y + H / 2}`;
    return svg("path", { d, class: q.row > p.row ? "map-link" : "map-link back", "marker-end": "url(#map-arrow)" });
  });
  const nodes = map.nodes.map((n) => {
    const p = at.get(n.id);
    return svg(
      "g",
      { class: `map-node ${n.kind}${n.here ? " here" : ""}`, "data-id": n.id },
      svg("rect", { x: p.x, y: p.y, width: W, height: H, rx: 5 }),
      svg("text", { x: p.x + W / 2, y: p.y + H / 2 + 4, "text-anchor": "middle" }, `§${n.id}`),
    );
  });
  const arrow = svg("marker", { id: "map-arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto" }, svg("path", { d: "M0,0 L10,5 L0,10 z" }));
  return h(
    "details",
    { id: "reader-map", class: "reader-map", open: true },
    h("summary", {}, t("gb.map", { n: map.nodes.length })),
    svg("svg", { width: width + 24, height, viewBox: `0 0 ${width + 24} ${height}`, role: "img", "aria-label": t("gb.map", { n: map.nodes.length }) }, svg("defs", {}, arrow), links, nodes),
  );
}
