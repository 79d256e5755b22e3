// The Liberator board: the mission and its obstacles, whose turn it is, each player's sheet (hand
// size for the others, the cards themselves only for oneself), advantage / disadvantage and experience.

import { h } from "./dom.js";
import { t, has } from "./i18n.js";

function players(view) {
  return Array.isArray(view.players) ? view.players : [];
}

export function nameOf(view, id) {
  const p = players(view).find((x) => x.id === id);
  return p ? p.name || p.id : null;
}

function word(prefix, value) {
  const key = `${prefix}.${value}`;
  return has(key) ? t(key) : String(value);
}

export function render(view, ctx) {
  const mission = view.mission || {};
  return [
    h(
      "section",
      { class: "mission", "aria-labelledby": "mission-title" },
      h("h2", { id: "mission-title" }, mission.name || t("lb.mission")),
      mission.type ? h("p", { class: "small" }, mission.type) : null,
      mission.text ? h("p", {}, mission.text) : null,
      h("p", { class: "battle-status" }, turnLine(view)),
      obstacles(view.obstacles || mission.obstacles || []),
      view.result ? h("p", { class: "outcome", role: "status" }, view.result.text || word("lb.result", view.result.kind || view.result)) : null,
    ),
    h("section", { class: "players", "aria-labelledby": "players-title" }, h("h2", { id: "players-title" }, t("lb.players")), h("div", { class: "sheet-grid" }, players(view).map((p) => playerSheet(p, view, ctx)))),
  ];
}

function turnLine(view) {
  const parts = [];
  if (view.round !== undefined) parts.push(h("span", {}, t("lb.round", { n: view.round })));
  if (view.turn) parts.push(h("span", {}, t("lb.turn", { name: nameOf(view, view.turn) || view.turn })));
  if (view.phase) parts.push(h("span", {}, word("lb.phase", view.phase)));
  return parts;
}

function obstacles(list) {
  if (!list.length) return null;
  return h(
    "ul",
    { class: "obstacles", "aria-label": t("lb.obstacles") },
    list.map((o) =>
      h(
        "li",
        { class: ["obstacle", o.cleared && "cleared"] },
        h("strong", {}, o.name || o.id),
        o.text ? ` — ${o.text}` : "",
        o.difficulty !== undefined ? h("span", { class: "badge" }, t("lb.difficulty", { n: o.difficulty })) : null,
        o.cleared ? h("span", { class: "badge" }, t("lb.cleared")) : null,
      ),
    ),
  );
}

function playerSheet(p, view, ctx) {
  const me = ctx.seat === `player:${p.id}`;
  const hand = Array.isArray(p.hand) ? p.hand : null;
  return h(
    "article",
    { class: ["sheet", me && "me", view.turn === p.id && "current"], dataset: { id: p.id } },
    h("h3", {}, p.name || p.id, me ? h("span", { class: "badge" }, t("lb.you")) : null),
    h(
      "dl",
      { class: "stats" },
      p.hp !== undefined ? h("div", { class: "stat" }, h("dt", {}, t("lb.hp")), h("dd", {}, `${p.hp}${p.max_hp !== undefined ? `/${p.max_hp}` : ""}`)) : null,
      p.experience !== undefined ? h("div", { class: "stat" }, h("dt", {}, t("lb.experience")), h("dd", {}, String(p.experience))) : null,
      h("div", { class: "stat" }, h("dt", {}, t("lb.hand_size")), h("dd", {}, String(hand ? hand.length : p.hand_size ?? 0))),
    ),
    p.advantage ? h("p", { class: "badge good" }, t("lb.advantage", { n: p.advantage })) : null,
    p.disadvantage ? h("p", { class: "badge bad" }, t("lb.disadvantage", { n: p.disadvantage })) : null,
    hand ? h("ul", { class: "hand", "aria-label": t("lb.hand") }, hand.map((card) => h("li", { class: "card-face" }, card.name || card.label || String(card), card.text ? h("span", { class: "small" }, card.text) : null))) : null,
  );
}
