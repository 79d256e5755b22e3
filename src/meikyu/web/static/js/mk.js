// Meikyuu Kingdom boards: the six-area battlefield, the court's character sheets, the kingdom sheet
// and the round table. Everything drawn comes from the seat's view; a player's view simply lacks
// what is hidden, so nothing here decides what may be seen.

import { h } from "./dom.js";
import { t, has } from "./i18n.js";
import { goalLine, labyrinthMap } from "./mk_map.js";

const LANG_INDEX = { ko: 0, ja: 1, en: 2 };

/** A record's name in the page's language: its `label`, its [ko, ja, en] `names`, else its `name`. */
export function label(record, lang) {
  if (!record) return "";
  if (typeof record.label === "string" && record.label) return record.label;
  if (Array.isArray(record.names) && record.names.length === 3) return record.names[LANG_INDEX[lang] ?? 2];
  if (record.names && typeof record.names === "object" && record.names[lang]) return record.names[lang];
  return record.name || record.appearance || record.id || "";
}

function battleOf(view) {
  return view && (view.battle || (Array.isArray(view.combatants) ? view : null));
}

function people(view) {
  const battle = battleOf(view);
  const out = [];
  if (battle) out.push(...battle.combatants);
  if (view && Array.isArray(view.court)) out.push(...view.court);
  return out;
}

/** The display name of a character / monster id, for menu headings and seat names. */
export function nameOf(view, id, lang) {
  const who = people(view).find((c) => c.id === id);
  if (!who) return null;
  if (who.hidden && !who.name) return who.appearance || t("mk.battle.word.unknown_monster");
  return label(who, lang || document.documentElement.lang);
}

export function render(view, ctx) {
  const parts = [];
  const battle = battleOf(view);
  if (view.phase_text) parts.push(h("p", { class: "session-phase", role: "status", dataset: { phase: view.phase, step: view.step || "" } }, view.phase_text));
  if (view.round_table) parts.push(roundTable(view.round_table, { ...ctx, view }));
  if (view.kingdom) parts.push(kingdomSheet(view.kingdom, view.round_table, ctx));
  if (battle) parts.push(battleBoard(battle, view, ctx));
  if (view.map) parts.push(labyrinthMap(view.map, ctx)); // under a battle fought in one of its rooms
  else if (view.goal) parts.push(goalLine(view.goal));
  const sheets = Array.isArray(view.court) ? view.court : battle ? battle.combatants.filter((c) => c.side === "court") : [];
  if (sheets.length) parts.push(characterSheets(sheets, { ...ctx, you: view.you, leveled: view.leveled_up || [], nameOf: (who) => nameOf(view, who, ctx.lang) }));
  if (ctx.gm) parts.push(gmHidden(view, battle, ctx));
  return parts;
}

// --- the battle ---------------------------------------------------------------------------------

function word(prefix, value) {
  const key = `${prefix}.${value}`;
  return has(key) ? t(key) : String(value);
}

function battleBoard(b, view, ctx) {
  // the areas the rules light (R-MK-29: the room's own light and every Star Fragment carried)
  const lit = new Set(Array.isArray(b.lit) ? b.lit : []);
  const blocking = Array.isArray(b.blocking) ? b.blocking : [];
  const status = [
    h("span", {}, t("mk.round", { n: b.round })),
    h("span", {}, word("mk.battle.phase", b.phase)),
    b.active ? h("span", {}, t("mk.active_side", { side: word("mk.battle.side", b.active) })) : null,
    b.current ? h("span", {}, t("mk.current", { name: nameOf(view, b.current, ctx.lang) || b.current })) : null,
    h("span", { class: "voice" }, t("mk.voice", { n: b.voice })),
    b.preparing ? h("strong", { class: "preparing" }, t("mk.preparing")) : null,
    b.pending && b.pending.text ? h("span", { class: "waiting" }, t("mk.waiting_for", { name: nameOf(view, b.pending.kind === "breakthrough" ? b.pending.mover : b.pending.actor, ctx.lang) || "", text: b.pending.text })) : null,
    b.phase === "over" ? h("strong", { class: "outcome" }, t("mk.outcome", { winner: word("mk.battle.side", b.winner || "none"), outcome: word("mk.battle.outcome", b.outcome || "none") })) : null,
  ];
  return h(
    "section",
    { class: "battle", "aria-labelledby": "battle-title" },
    h("h2", { id: "battle-title" }, t("mk.battlefield")),
    h("p", { class: "battle-status" }, status),
    h(
      "ol",
      { class: "battlefield", "aria-label": t("mk.battlefield") },
      [0, 1, 2, 3, 4, 5].map((area) => areaBox(area, b, lit.has(area), blocking.filter((x) => x.area === area), view, ctx)),
    ),
    Array.isArray(b.loot) && b.loot.length ? lootList(b.loot) : null,
  );
}

function areaBox(area, b, isLit, blocks, view, ctx) {
  const here = b.combatants.filter((c) => c.area === area);
  const traps = (b.traps || []).filter((trap) => trap.area === area && !trap.on);
  return h(
    "li",
    { class: ["area", isLit ? "lit" : "dark", area < 3 ? "court-half" : "monster-half"], dataset: { area: String(area) } },
    h(
      "div",
      { class: "area-head" },
      h("span", { class: "area-name" }, (b.areas && b.areas[area] && b.areas[area].name) || t(`mk.battle.area.a${area}`)),
      h("span", { class: "light", title: t(isLit ? "mk.lit_help" : "mk.dark_help") }, t(isLit ? "mk.lit" : "mk.dark")),
    ),
    blocks.map((x) => h("p", { class: "blocking" }, t("mk.blocking", { side: word("mk.battle.side", x.side) }))),
    traps.map((trap) => trapLine(trap)),
    h("ul", { class: "pieces" }, here.map((c) => piece(c, b, view, ctx))),
  );
}

function trapLine(trap) {
  return h(
    "p",
    { class: ["trap", trap.hidden && "secret", trap.disarmed && "disarmed"] },
    t(trap.disarmed ? "mk.trap_disarmed" : "mk.trap", { name: trap.name }),
    trap.hidden ? h("span", { class: "badge secret" }, t("gm.hidden")) : null,
  );
}

function hpBar(hp, max) {
  const text = `${t("mk.hp")} ${hp}/${max}`;
  return h(
    "span",
    { class: "hp" },
    h("meter", { min: "0", max: String(Math.max(max, 1)), low: String(max / 3), high: String((2 * max) / 3), optimum: String(max), value: String(Math.max(hp, 0)), "aria-label": text }),
    h("span", { class: "hp-text" }, text),
  );
}

function piece(c, b, view, ctx) {
  const known = c.hp !== undefined;
  const traps = (b.traps || []).filter((trap) => trap.on === c.id);
  return h(
    "li",
    {
      class: ["piece", c.side, c.condition !== "ok" && c.condition, c.acted && "acted", b.current === c.id && "current", c.hidden && "hidden"],
      dataset: { id: c.id },
    },
    h(
      "div",
      { class: "piece-head" },
      h("span", { class: "piece-name" }, nameOf(view, c.id, ctx.lang) || c.id),
      view.you === c.id ? h("span", { class: "badge" }, t("mk.you")) : null,
      c.hidden && known ? h("span", { class: "badge secret" }, t("gm.hidden")) : null,
      h("span", { class: ["acted-mark", c.acted ? "done" : "waiting"] }, t(c.acted ? "mk.acted" : "mk.not_acted")),
    ),
    c.hidden && known && c.appearance ? h("p", { class: "quiet" }, t("mk.players_see", { text: c.appearance })) : null,
    known ? hpBar(c.hp, c.max_hp) : h("p", { class: "quiet" }, t("mk.unknown_data")),
    c.condition && c.condition !== "ok" ? h("p", { class: "condition" }, word("mk.condition", c.condition)) : null,
    known && c.side === "court" ? h("p", { class: "small" }, t("mk.drive", { n: c.drive }), " · ", t("mk.minions", { n: c.minions })) : null,
    statuses(c.statuses),
    traps.map((trap) => trapLine(trap)),
  );
}

function statuses(list) {
  if (!Array.isArray(list) || list.length === 0) return null;
  return h("p", { class: "statuses" }, list.map((s) => h("span", { class: "badge" }, word("mk.battle.status", s))));
}

function lootList(loot) {
  return h(
    "section",
    { class: "loot" },
    h("h3", {}, t("mk.loot")),
    h("ul", {}, loot.map((l) => h("li", {}, t("mk.loot_line", { roll: l.roll, kind: word("mk.battle.treasure", l.kind), count: l.count })))),
  );
}

// --- character sheets ---------------------------------------------------------------------------

function characterSheets(list, ctx) {
  return h(
    "section",
    { class: "sheets", "aria-labelledby": "sheets-title" },
    h("h2", { id: "sheets-title" }, t("mk.court")),
    h("div", { class: "sheet-grid" }, list.map((c) => sheet(c, ctx))),
  );
}

function stat(name, value) {
  return h("div", { class: "stat" }, h("dt", {}, name), h("dd", {}, String(value)));
}

function sheet(c, ctx) {
  const items = (c.weapons || c.items || []).filter((w) => w && w.name);
  const favor = Array.isArray(c.favor) ? c.favor : Object.entries(c.favor || {});
  return h(
    "article",
    { class: ["sheet", ctx.you === c.id && "me"], dataset: { id: c.id } },
    h("h3", {}, label(c, ctx.lang), c.job_names ? h("span", { class: "small" }, ` ${c.job_names[ctx.lang] || c.job}`) : null, (ctx.leveled || []).includes(c.id) ? h("span", { class: "badge good level-up" }, t("mk.leveled_up", { n: c.level })) : null),
    h(
      "dl",
      { class: "stats" },
      c.level !== undefined ? stat(t("mk.level"), c.level) : null,
      c.hp !== undefined ? stat(t("mk.hp"), `${c.hp}/${c.max_hp}`) : null,
      ["wit", "charm", "search", "valor"].map((k) => (c[k] !== undefined ? stat(t(`mk.word.${k}`), c[k]) : null)),
      c.evasion !== undefined ? stat(t("mk.stat.evasion"), c.evasion) : null,
      c.drive !== undefined ? stat(t("mk.word.drive"), c.drive) : null,
      c.minions !== undefined ? stat(t("mk.word.minions"), c.minions) : null,
      c.armor ? stat(t("mk.stat.armor"), c.armor) : null,
    ),
    items.length
      ? h("p", { class: "items" }, h("span", { class: "k" }, t("mk.items")), " ", items.map((w) => h("span", { class: ["badge", w.broken && "broken"], title: w.notes || null }, itemText(w, ctx))))
      : null,
    Array.isArray(c.skills) && c.skills.length && typeof c.skills[0] === "object"
      ? h("p", { class: "small" }, t("mk.skills"), " ", c.skills.map((x) => h("span", { class: "badge", title: (x.effect_names && x.effect_names[ctx.lang]) || x.effect || null }, label(x, ctx.lang))))
      : null,
    statuses(c.statuses),
    favor.length ? h("p", { class: "small" }, t("mk.favor"), " ", favor.map(([who, n]) => `${ctx.nameOf(who) || who} ${n}`).join(", ")) : null,
  );
}

/** An item's name and what it does: armor's reduction, a Star Fragment's light, a potion's healing, a
 * weapon's power and range. Any item strikes as a melee weapon of power 1 (R-MK-29); that is not said of
 * armor, light or potions, which are carried for something else. */
function itemText(w, ctx) {
  const name = label(w, ctx.lang);
  const uses = [];
  if (w.reduction) uses.push(t("mk.item_reduction", { n: w.reduction }));
  if (w.light !== undefined && w.light >= 0) uses.push(t("mk.item_light"));
  if (w.heal) uses.push(t("mk.item_heal", { n: w.heal }));
  const weapon = !uses.length || w.ranged || w.attack === "ranged" || w.level > 0 || w.power > 1;
  if (w.power && weapon) {
    uses.unshift(`${t(w.ranged || w.attack === "ranged" ? "mk.word.ranged" : "mk.word.melee")} ${w.power}${w.range ? ` · ${t("mk.range", { n: w.range })}` : ""}`);
  }
  return uses.length ? `${name} (${uses.join(" · ")})` : name;
}

// --- the kingdom and the round table ------------------------------------------------------------

function named(map, key, lang) {
  return (map && map[key] && map[key][lang]) || key;
}

function kingdomSheet(k, rt, ctx) {
  const lang = ctx.lang;
  return h(
    "section",
    { class: "kingdom", "aria-labelledby": "kingdom-title" },
    h("h2", { id: "kingdom-title" }, label(k, lang) || t("mk.kingdom")),
    h(
      "dl",
      { class: "stats" },
      stat(t("mk.level"), k.level),
      ["life", "order", "culture", "military"].map((p) => stat(t(`mk.word.${p}`), k[p])),
      stat(t("mk.word.budget"), `${k.budget} MG`),
      stat(t("mk.word.citizens"), k.citizens),
      stat(t("mk.word.voice"), k.voice),
      stat(t("mk.word.upkeep"), k.upkeep),
    ),
    k.materials && Object.keys(k.materials).length
      ? h("p", { class: "small" }, t("mk.materials"), " ", Object.entries(k.materials).map(([m, n]) => h("span", { class: "badge" }, `${has(`mk.word.material_${m}`) ? t(`mk.word.material_${m}`) : m} ×${n}`)))
      : null,
    Array.isArray(k.talents) && k.talents.length
      ? h("p", { class: "small" }, t("mk.talents"), " ", k.talents.map((x) => h("span", { class: "badge" }, named(k.talent_names, x, lang))))
      : null,
    k.relations && Object.keys(k.relations).length
      ? h("p", { class: "small" }, t("mk.relations"), " ", Object.entries(k.relations).map(([n, r]) => h("span", { class: "badge" }, `${named(k.nation_names, n, lang)}: ${t(`mk.word.${r}`)}`)))
      : null,
    rt && Array.isArray(rt.maps) ? rt.maps.map((land) => roomMap(land)) : null,
  );
}

/** A land map as a 3×3 grid (rooms are boxes whatever the width of their names: Korean and Japanese
 * names do not shift it), passages as bars across the gap, entrances marked; then the facility groups. */
function roomMap(land) {
  const columns = land.rows[0].map((cell) => cell.room[0]);
  return h(
    "figure",
    { class: "room-map" },
    h("figcaption", {}, `${t("mk.rooms")}: ${land.label}`),
    h(
      "div",
      { class: "map-grid" },
      h("span", { class: "map-head" }),
      columns.map((c) => h("span", { class: "map-head" }, c)),
      land.rows.map((row, r) => [
        h("span", { class: "map-head" }, row[0].room.slice(1)),
        row.map((cell, c) => roomCell(cell, cell.east && row[c + 1].room, cell.south && land.rows[r + 1][c].room)),
      ]),
    ),
    h("p", { class: "small map-legend" }, h("span", { class: "door-key", "aria-hidden": "true" }), t("mk.map.passage"), " · ", h("span", { class: "badge entrance-mark" }, t("mk.map.entrance"))),
    land.groups.length ? h("ul", { class: "small map-groups" }, land.groups.map((g) => h("li", {}, g))) : null,
  );
}

function roomCell(cell, east, south) {
  const ways = [east, south].filter(Boolean).map((room) => t("mk.map.passage_to", { room }));
  return h(
    "div",
    {
      class: ["map-room", cell.entrance && "entrance", cell.facilities.length === 0 && "empty"],
      dataset: { room: cell.room },
      "aria-label": [cell.room, cell.facilities.join(", ") || t("mk.map.empty"), cell.entrance && t("mk.map.entrance"), ...ways].filter(Boolean).join(" · "),
    },
    cell.facilities.length ? cell.facilities.map((f) => h("span", { class: "facility" }, f)) : h("span", { class: "quiet", "aria-hidden": "true" }, "·"),
    cell.entrance ? h("span", { class: "badge entrance-mark" }, t("mk.map.entrance")) : null,
    cell.east ? h("span", { class: "door e", "aria-hidden": "true" }) : null,
    cell.south ? h("span", { class: "door s", "aria-hidden": "true" }) : null,
  );
}

function roundTable(rt, ctx) {
  const pending = rt.pending;
  return h(
    "section",
    { class: "round-table", "aria-labelledby": "rt-title" },
    h("h2", { id: "rt-title" }, t("mk.round_table")),
    h("p", { class: "stage" }, has(`mk.stage.${rt.stage}`) ? t(`mk.stage.${rt.stage}`) : rt.stage_text), // the terminal's text names its commands
    h(
      "dl",
      { class: "stats" },
      stat(t("mk.word.budget"), `${rt.budget} MG`),
      stat(t("mk.citizens_home"), rt.citizens_home),
    ),
    pending
      ? h(
          "p",
          { class: ["request", pending.affordable ? "affordable" : "too-dear"], role: "status" },
          t("mk.request_waiting", { text: pending.text, cost: pending.cost }),
          pending.affordable ? null : h("span", { class: "badge bad" }, t("mk.too_dear")),
        )
      : null,
    Array.isArray(rt.items_requested) && rt.items_requested.length
      ? h("p", { class: "small" }, t("mk.items_requested"), " ", rt.items_requested.map((x) => h("span", { class: "badge" }, nameOf(ctx.view, x, ctx.lang) || x)))
      : null,
  );
}

// --- the GM's eyes only -------------------------------------------------------------------------

function gmHidden(view, battle, ctx) {
  const hidden = battle ? battle.combatants.filter((c) => c.hidden) : [];
  const notes = (battle && battle.notes) || view.notes;
  if (!hidden.length && !notes) return null;
  return h(
    "section",
    { class: "gm-hidden secret", "aria-labelledby": "gm-hidden-title" },
    h("h2", { id: "gm-hidden-title" }, t("gm.hidden_data")),
    notes ? h("p", {}, notes) : null,
    hidden.length
      ? h(
          "ul",
          {},
          hidden.map((c) =>
            h("li", {}, t("mk.hidden_line", { name: label(c, ctx.lang), looks: c.appearance || "—", hp: c.hp, max: c.max_hp, valor: c.valor })),
          ),
        )
      : null,
  );
}
