// The labyrinth drawn (issue 26 §3): the view's `map` (table/mk_map.py) as rooms on a grid joined by
// passages, the court's room, the quarter under way, the formation and the scenario goal. The server sends
// a player only the rooms the court has learnt of; this module draws what it is given and decides nothing.
// A room the seat may walk to now is a button that takes the seat's own menu item for it (the same
// "go to …" the action list offers), so tapping the map is one more way to choose, never a new rule.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const CELL = { w: 116, h: 60, gx: 30, gy: 26, pad: 6 };
const MARKS = { trap: "⚠", encounter: "⚔", event: "✦", goal: "★" };

/** An SVG element: the same shape as dom.js's h() for the few attributes a map needs. */
function s(tag, attrs, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key === "dataset") for (const [k, v] of Object.entries(value)) el.dataset[k] = v;
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** A name cut into at most two lines that fit a room box: at a space when there is one (English), else in
 * the middle (Korean and Japanese names have no spaces to break at). Widths are estimates: wide letters
 * count double. */
function twoLines(text, room) {
  const width = (str) => [...str].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
  if (width(text) <= room) return [text];
  const words = text.split(" ");
  if (words.length > 1) {
    let first = words[0];
    let i = 1;
    while (i < words.length && width(`${first} ${words[i]}`) <= room) first += ` ${words[i++]}`;
    const rest = words.slice(i).join(" ");
    return [first, width(rest) <= room ? rest : `${[...rest].slice(0, room - 1).join("")}…`];
  }
  const chars = [...text];
  const half = Math.ceil(chars.length / 2);
  return [chars.slice(0, half).join(""), chars.slice(half).join("")];
}

function center(room) {
  return [CELL.pad + room.x * (CELL.w + CELL.gx) + CELL.w / 2, CELL.pad + room.y * (CELL.h + CELL.gy) + CELL.h / 2];
}

/** The menu item that walks the court to `room`, if this seat has one now. */
function moveItem(items, room) {
  return (items || []).find((item) => item.action && item.action["@type"] === "MoveTo" && item.action.room === room) || null;
}

function roomBox(room, map, ctx) {
  const x = CELL.pad + room.x * (CELL.w + CELL.gx);
  const y = CELL.pad + room.y * (CELL.h + CELL.gy);
  const item = moveItem(ctx.items, room.id);
  const go = item && ctx.canAct ? () => ctx.act(item) : null;
  const marks = (room.marks || []).map((m) => MARKS[m] || "").join(" ");
  const described = [room.label, t(`mk.lab.state.${room.state}`), room.entrance ? t("mk.map.entrance") : "",
    ...(room.marks || []).map((m) => t(`mk.lab.mark.${m}`)), item ? item.label : ""].filter(Boolean).join(" · ");
  const lines = twoLines(room.label, 16);
  const g = s(
    "g",
    {
      class: ["lab-room", room.state, room.entrance && "entrance", item && "reachable"],
      dataset: { room: room.id, state: room.state },
      role: go ? "button" : "img",
      tabindex: go ? "0" : null,
      "aria-label": described,
      onclick: go,
      onkeydown: go ? (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } } : null,
    },
    s("title", {}, described),
    s("rect", { x, y, width: CELL.w, height: CELL.h, rx: 6 }),
    lines.map((line, i) => s("text", { x: x + CELL.w / 2, y: y + CELL.h / 2 + (i - (lines.length - 1) / 2) * 15 + 4, "text-anchor": "middle", class: "lab-name" }, line)),
    room.state === "here" ? s("circle", { cx: x + 10, cy: y + 10, r: 5, class: "lab-here-dot" }) : null,
    room.entrance ? s("text", { x: x + CELL.w - 6, y: y + 13, "text-anchor": "end", class: "lab-small" }, "⌂") : null,
    marks ? s("text", { x: x + CELL.w / 2, y: y + CELL.h - 5, "text-anchor": "middle", class: "lab-small lab-marks" }, marks) : null,
  );
  return g;
}

function drawing(map, ctx) {
  const byId = new Map(map.rooms.map((r) => [r.id, r]));
  const width = CELL.pad * 2 + map.columns * CELL.w + (map.columns - 1) * CELL.gx;
  const height = CELL.pad * 2 + map.rows * CELL.h + (map.rows - 1) * CELL.gy;
  return s(
    "svg",
    { class: "lab-map", viewBox: `0 0 ${width} ${height}`, width, height, role: "group", "aria-label": t("mk.lab.map", { name: map.name }) },
    map.passages.map(([a, b]) => {
      const [x1, y1] = center(byId.get(a));
      const [x2, y2] = center(byId.get(b));
      const open = byId.get(a).state !== "unknown" && byId.get(b).state !== "unknown";
      return s("line", { x1, y1, x2, y2, class: ["lab-passage", !open && "unknown"] });
    }),
    map.rooms.map((room) => roomBox(room, map, ctx)),
  );
}

function formation(list) {
  if (!list.length) return null;
  const areas = [];
  for (const c of list) {
    const last = areas[areas.length - 1];
    if (last && last.area === c.area) last.people.push(c);
    else areas.push({ area: c.area, name: c.area_name, people: [c] });
  }
  return h(
    "div",
    { class: "formation" },
    h("h3", {}, t("mk.lab.formation")),
    h("ol", { class: "formation-areas" }, areas.map((a) => h("li", { dataset: { area: String(a.area) } }, h("span", { class: "k" }, a.name), " ", a.people.map((c) => h("span", { class: ["badge", c.condition !== "ok" && "bad"], dataset: { id: c.id } }, c.name))))),
  );
}

/** The scenario goal and whether it is met (the map shows it too, while there is one). */
export function goalLine(goal) {
  return h(
    "p",
    { class: ["goal", goal.met && "met"] },
    h("span", { class: "k" }, t("mk.lab.goal")),
    goal.text ? ` ${goal.text} ` : " ",
    h("span", { class: ["badge", goal.met ? "good" : ""] }, t(goal.met ? "mk.lab.goal_met" : "mk.lab.goal_open")),
  );
}

/** The labyrinth section of the board: goal, where the court is, the map, the formation, a legend. */
export function labyrinthMap(map, ctx) {
  const here = map.rooms.find((r) => r.id === map.here);
  const states = [...new Set(map.rooms.map((r) => r.state))];
  const marks = [...new Set(map.rooms.flatMap((r) => r.marks || []))];
  return h(
    "section",
    { class: "labyrinth", "aria-labelledby": "labyrinth-title" },
    h("h2", { id: "labyrinth-title" }, `${t("mk.labyrinth")}: ${map.name}`),
    map.goal ? goalLine({ text: map.goal, met: map.goal_met }) : null,
    map.under_way ? h("p", { class: "room-now" }, t("mk.in_room", { room: here ? here.label : "" }), " ", h("span", { class: "badge quarter" }, t("mk.quarter", { n: map.quarter })), " ", h("span", { class: "badge" }, t("mk.lab.turn", { n: map.turn }))) : null,
    map.under_way && map.here_text ? h("p", { class: "small" }, map.here_text) : null,
    map.text ? h("details", { class: "small scenario" }, h("summary", {}, t("mk.lab.scenario")), map.text) : null,
    h("figure", { class: "lab-figure" }, drawing(map, ctx)),
    h(
      "p",
      { class: "small map-legend" },
      states.map((st) => h("span", { class: ["legend", st] }, t(`mk.lab.state.${st}`))),
      marks.map((m) => h("span", { class: "legend" }, `${MARKS[m]} ${t(`mk.lab.mark.${m}`)}`)),
      (ctx.items || []).some((i) => i.action && i.action["@type"] === "MoveTo") ? h("span", { class: "legend reachable" }, t("mk.lab.tap")) : null,
    ),
    formation(map.formation || []),
  );
}
