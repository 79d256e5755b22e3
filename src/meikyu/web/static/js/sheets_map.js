// The kingdom's land maps (``kingdom.maps``): which map the room grid edits, adding, renaming and
// removing maps; on the chosen map, a room's facilities from the catalog, its passages to its
// neighbours, and whether it is an entrance.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { S, emptyMap } from "./sheets_state.js";
import { changed } from "./sheets_check.js";
import { field, perLanguage, prop } from "./sheets_form.js";

const $ = (sel) => document.querySelector(sel);
/** The rooms a map has (the schema's, ``A1`` … ``C3``: column letter, row number), drawn row by row. */
function rooms() {
  const names = Object.keys(prop("landmap", "rooms").properties || {});
  return names.sort((a, b) => a.slice(1).localeCompare(b.slice(1)) || a[0].localeCompare(b[0]));
}

function maps() {
  const k = S.sheet.kingdom;
  k.maps = k.maps || [];
  if (S.map >= k.maps.length) S.map = Math.max(0, k.maps.length - 1);
  return k.maps;
}

function land() {
  const m = maps()[S.map];
  if (!m) return null;
  m.rooms = m.rooms || {};
  m.passages = m.passages || [];
  m.entrances = m.entrances || [];
  return m;
}

function neighbours(r) {
  const col = r.charCodeAt(0);
  const row = Number(r.slice(1));
  return rooms().filter((o) => Math.abs(o.charCodeAt(0) - col) + Math.abs(Number(o.slice(1)) - row) === 1);
}

function joined(m, a, b) {
  return m.passages.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

function facilityLabel(name) {
  const f = S.facilities.find((x) => x.name === name);
  return f ? f.label : name;
}

/** The maps' bar: one button per map (the chosen one pressed), add and remove, the chosen map's names. */
function mapBar(all) {
  const at = `kingdom.maps[${S.map}]`;
  const m = all[S.map];
  return h("div", { class: "map-bar" },
    h("div", { class: "buttons", role: "group", "aria-label": t("sheets.maps") },
      all.map((one, i) => h("button", { type: "button", class: "map-tab", "aria-pressed": i === S.map ? "true" : "false", dataset: { map: String(i) }, onclick: () => { S.map = i; renderMap(); } },
        one.name || t("sheets.map_n", { n: i + 1 }))),
      h("button", { type: "button", id: "add-map", onclick: () => {
        all.push(emptyMap(t("sheets.map_n", { n: all.length + 1 })));
        S.map = all.length - 1;
        renderMap();
        changed();
      } }, t("sheets.add_map")),
    ),
    m ? h("div", { class: "row" },
      field(m, "name", `${at}.name`, { label: t("sheets.map_name"), after: () => redrawTabs(all) }),
      h("button", { type: "button", id: "remove-map", onclick: () => {
        all.splice(S.map, 1);
        S.map = Math.max(0, S.map - 1);
        renderMap();
        changed("kingdom.maps");
      } }, t("sheets.remove_map")),
      h("details", { class: "item-more", open: Boolean(m.names) }, h("summary", {}, t("sheets.names")), perLanguage(m, "names", at)),
    ) : h("p", { class: "small" }, t("sheets.no_map")),
  );
}

function redrawTabs(all) {
  for (const tab of document.querySelectorAll("#map .map-tab")) {
    const one = all[Number(tab.dataset.map)];
    tab.textContent = (one && one.name) || t("sheets.map_n", { n: Number(tab.dataset.map) + 1 });
  }
}

export function renderMap() {
  const all = maps();
  const m = land();
  if (!m) {
    fill($("#map"), mapBar(all));
    return;
  }
  const room = S.room;
  const grid = h(
    "div",
    { class: "rooms", role: "group", "aria-label": t("sheets.map") },
    rooms().map((r) =>
      h(
        "button",
        { type: "button", "aria-pressed": r === room ? "true" : "false", dataset: { room: r }, onclick: () => { S.room = r; renderMap(); } },
        h("span", { class: "room-name" }, r + (m.entrances.includes(r) ? " ★" : "")),
        (m.rooms[r] || []).map((f) => h("span", {}, facilityLabel(f))),
        neighbours(r).filter((o) => joined(m, r, o)).length ? h("span", { class: "small" }, "↔ " + neighbours(r).filter((o) => joined(m, r, o)).join(" ")) : null,
      ),
    ),
  );
  const here = m.rooms[room] || [];
  const at = `kingdom.maps[${S.map}]`;
  const pick = h("select", { id: "facility-pick", "aria-label": t("sheets.facility") }, S.facilities.map((f) => h("option", { value: f.name }, `${f.label} (${f.value})`)));
  const edit = h(
    "div",
    { class: "room-edit" },
    h("strong", {}, t("sheets.room", { room })),
    here.length ? h("ul", {}, here.map((f, i) => h("li", {}, facilityLabel(f), " ", h("button", { type: "button", onclick: () => { here.splice(i, 1); if (!here.length) delete m.rooms[room]; renderMap(); changed(`${at}.rooms.${room}`); } }, t("sheets.remove"))))) : h("p", { class: "small" }, t("sheets.empty_room")),
    h("div", { class: "buttons" }, pick, h("button", { type: "button", id: "place-facility", onclick: () => { m.rooms[room] = [...here, pick.value]; renderMap(); changed(`${at}.rooms.${room}`); } }, t("sheets.place"))),
    h("div", { class: "buttons" },
      neighbours(room).map((o) => h("label", { class: "choice" }, h("input", { type: "checkbox", dataset: { passage: o }, checked: joined(m, room, o), onchange: (e) => {
        m.passages = m.passages.filter(([x, y]) => !((x === room && y === o) || (x === o && y === room)));
        if (e.target.checked) m.passages.push([room, o].sort());
        renderMap();
        changed(`${at}.passages`);
      } }), t("sheets.passage", { room: o }))),
      h("label", { class: "choice" }, h("input", { type: "checkbox", checked: m.entrances.includes(room), onchange: (e) => {
        m.entrances = m.entrances.filter((x) => x !== room);
        if (e.target.checked) m.entrances.push(room);
        renderMap();
        changed(`${at}.entrances`);
      } }), t("sheets.entrance")),
    ),
  );
  fill($("#map"), mapBar(all), grid, edit);
}
