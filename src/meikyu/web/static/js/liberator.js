// The Liberator board: the mission and its obstacles, whose turn it is and what the table waits for,
// an advantage / disadvantage being resolved, and each player's sheet: one's own hand (the others'
// only as a count — their cards are not in this seat's view at all), discards, feats, grants, experience.

import { h } from "./dom.js";
import { t, has } from "./i18n.js";

function players(view) {
  return Array.isArray(view.players) ? view.players : [];
}

export function nameOf(view, id) {
  const p = players(view).find((x) => x.id === id || x.seat === id || x.seat === `player:${id}`);
  return p ? p.name || p.id : null;
}

function word(value) {
  const key = `lb.word.${value}`;
  return has(key) ? t(key) : String(value);
}

function cardList(cards, label) {
  if (!Array.isArray(cards) || cards.length === 0) return null;
  return h("p", { class: "small" }, label, " ", cards.map((c) => h("span", { class: "badge" }, c.name || c.id)));
}

export function render(view, ctx) {
  const mission = view.mission;
  return [
    h(
      "section",
      { class: "mission", "aria-labelledby": "mission-title" },
      h("h2", { id: "mission-title" }, mission ? t("lb.mission_named", { type: mission.type_name }) : t("lb.no_mission")),
      h("p", { class: "battle-status" }, turnLine(view)),
      view.waiting ? h("p", { class: "waiting" }, view.waiting) : null,
      mission ? obstacles(mission.obstacles || []) : null,
      view.check ? checkLine(view) : null,
      view.result ? h("p", { class: "outcome", role: "status" }, t("lb.result", { result: word(view.result) })) : null,
    ),
    h(
      "section",
      { class: "players", "aria-labelledby": "players-title" },
      h("h2", { id: "players-title" }, t("lb.players")),
      h("div", { class: "sheet-grid" }, players(view).map((p) => playerSheet(p, view, ctx))),
    ),
  ];
}

function turnLine(view) {
  const parts = [];
  if (Number.isInteger(view.scenario)) parts.push(h("span", { class: "scenario" }, t("lb.scenario", { n: view.scenario })));
  if (Array.isArray(view.plan) && Number.isInteger(view.missions_cleared)) {
    parts.push(h("span", {}, t("lb.mission_of", { n: Math.min(view.missions_cleared + 1, view.plan.length), of: view.plan.length })));
  }
  parts.push(h("span", {}, t("lb.round", { n: view.round })));
  if (view.current) parts.push(h("span", {}, t("lb.turn", { name: nameOf(view, view.current) || view.current })));
  if (view.gm_exp !== undefined) parts.push(h("span", {}, t("lb.gm_exp", { n: view.gm_exp })));
  return parts;
}

function obstacles(list) {
  if (!list.length) return h("p", { class: "quiet" }, t("lb.all_cleared"));
  return h(
    "ul",
    { class: "obstacles", "aria-label": t("lb.obstacles") },
    list.map((o) =>
      h(
        "li",
        { class: "obstacle", dataset: { uid: String(o.uid) } },
        h("strong", {}, o.name || o.kind),
        " ",
        h("span", { class: "badge" }, `${o.attribute}${o.target}`),
        o.enhancement ? h("span", { class: "badge" }, o.enhancement) : null,
      ),
    ),
  );
}

function checkLine(view) {
  const c = view.check;
  return h(
    "p",
    { class: ["check-line", c.kind === "advantage" ? "good" : "bad"] },
    t("lb.check", { kind: word(c.kind), name: nameOf(view, c.seat) || "" }),
    Array.isArray(c.dice) && c.dice.length ? h("span", { class: "dice" }, c.dice.map((d) => h("span", { class: "die" }, String(d)))) : null,
  );
}

function playerSheet(p, view, ctx) {
  const me = view.you === p.id;
  const hand = Array.isArray(p.hand) ? p.hand : null;
  return h(
    "article",
    { class: ["sheet", me && "me", view.current === p.seat && "current"], dataset: { id: p.id } },
    h(
      "h3",
      {},
      p.name || p.id,
      " ",
      me ? h("span", { class: "badge" }, t("lb.you")) : null,
      view.current === p.seat ? h("span", { class: "badge good" }, t("lb.current")) : null,
    ),
    h("p", { class: "small" }, t("lb.job_level", { job: (p.job && p.job.name) || "", level: p.level })),
    h(
      "dl",
      { class: "stats" },
      h("div", { class: "stat" }, h("dt", {}, t("lb.experience")), h("dd", {}, String(p.exp))),
      h("div", { class: "stat" }, h("dt", {}, t("lb.hand_size")), h("dd", { class: "hand-size" }, String(p.hand_size))),
    ),
    hand
      ? h(
          "div",
          {},
          h("h4", {}, me ? t("lb.hand") : t("lb.hand_of", { name: p.name })),
          h("ul", { class: "hand" }, hand.map((card) => h("li", { class: "card-face", dataset: { card: card.id } }, card.name))),
        )
      : null,
    cardList(p.discard, t("lb.discard")),
    cardList(p.feats, t("lb.feats")),
    characters(p.roster, t("lb.roster")),
    Array.isArray(p.grants) && p.grants.length
      ? h("ul", { class: "grants" }, p.grants.map((g) => h("li", { class: "small" }, g.text || g.name)))
      : null,
  );
}

// A player's other characters (experience is the player's: it can be spent on any of them, R-LB-13).
function characters(list, label) {
  if (!Array.isArray(list) || list.length === 0) return null;
  return h("p", { class: "small roster" }, label, " ", list.map((c) => h("span", { class: "badge" }, t("lb.character", { name: c.name, job: (c.job && c.job.name) || "", level: c.level }))));
}
