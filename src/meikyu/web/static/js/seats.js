// The GM's seats pane: every seat with its link (copy), a new link for a lost one (the old link stops at
// once and its sockets close), a spectator added mid-game, and who is connected now. Presence comes from
// the live line (`{"presence": [...]}`), the list from GET /api/games/{id}/seats.

import { h, fill, copyText } from "./dom.js";
import { t } from "./i18n.js";
import { call } from "./api.js";

const ROLES = { gm: "seats.role_gm", player: "seats.role_player", spectator: "seats.role_spectator" };

/** `root`: the #seats section; `env`: {id, token, lang(), gm(), seatName(seat)}. */
export function createSeats(root, env) {
  let seats = null; // the last list from the server
  let present = new Set();
  let loading = false;
  const body = h("div", { class: "seat-rows" });
  const noteLine = h("p", { class: "small", role: "status" });
  const nameInput = h("input", { id: "spectator-name", maxlength: 20, autocomplete: "off" });
  const box = h(
    "details",
    { class: "seats-box", open: true },
    h("summary", {}, h("h2", { class: "inline" }, t("seats.title"))),
    body,
    h(
      "form",
      { class: "add-seat", onsubmit: addSpectator },
      h("label", { for: "spectator-name" }, t("seats.spectator_name")),
      nameInput,
      h("button", { type: "submit", id: "spectator-add" }, t("seats.add_spectator")),
    ),
    noteLine,
  );

  async function load() {
    if (loading || !env.gm()) return;
    loading = true;
    try {
      const data = await call("GET", `/api/games/${encodeURIComponent(env.id)}/seats`, { token: env.token, lang: env.lang() });
      seats = data.seats;
      draw();
    } catch (failure) {
      fill(noteLine, failure.message);
    } finally {
      loading = false;
    }
  }

  function linkOf(seat) {
    return seat.url ? `${location.origin}${seat.url}` : "";
  }

  async function newLink(seat) {
    if (seat.seat === "gm" && !window.confirm(t("seats.confirm_gm"))) return;
    try {
      const data = await call("POST", `/api/games/${encodeURIComponent(env.id)}/seats/${encodeURIComponent(seat.seat)}/token`, { token: env.token, lang: env.lang(), body: {} });
      if (seat.seat === "gm") {
        location.replace(data.url); // this page's own link changed: open the new one
        location.reload();
        return;
      }
      fill(noteLine, t("seats.new_done", { who: seat.name }));
      await load();
    } catch (failure) {
      fill(noteLine, failure.message);
    }
  }

  async function addSpectator(event) {
    event.preventDefault();
    try {
      const data = await call("POST", `/api/games/${encodeURIComponent(env.id)}/seats`, { token: env.token, lang: env.lang(), body: { spectator: nameInput.value } });
      nameInput.value = "";
      fill(noteLine, t("seats.added", { seat: data.seat }));
      await load();
    } catch (failure) {
      fill(noteLine, failure.message);
    }
  }

  function row(seat) {
    const link = linkOf(seat);
    const field = h("input", { class: "link", readonly: true, value: link, "aria-label": t("seats.link_of", { who: seat.name }) });
    const on = present.has(seat.seat);
    return h(
      "li",
      { class: ["seat-row", seat.role], dataset: { seat: seat.seat } },
      h(
        "div",
        { class: "seat-row-head" },
        h("span", { class: ["dot", on ? "on" : "off"], "aria-hidden": "true" }),
        h("strong", {}, seat.name),
        h("span", { class: "badge" }, t(ROLES[seat.role] || "seats.role_player")),
        h("span", { class: "small" }, on ? t("seats.connected") : t("seats.away")),
      ),
      link ? field : h("p", { class: "small" }, t("seats.not_kept")),
      h(
        "div",
        { class: "buttons" },
        link ? h("button", { type: "button", class: "copy small-button", onclick: async () => fill(noteLine, (await copyText(link, field)) ? t("copy.done") : t("copy.failed")) }, t("copy.copy")) : null,
        h("button", { type: "button", class: "new-link small-button", onclick: () => newLink(seat) }, t("seats.new_link")),
      ),
    );
  }

  function draw() {
    if (!seats) return;
    fill(body, h("ul", { class: "seat-rows-list" }, seats.map(row)));
  }

  fill(root, box);
  return {
    update() {
      root.hidden = !env.gm();
      if (env.gm() && seats === null) load();
    },
    /** The seats connected now (a live message): redraw the dots, and list a seat new to this page. */
    presence(list) {
      present = new Set(list);
      if (seats && list.some((s) => !seats.some((x) => x.seat === s))) load();
      else draw();
    },
  };
}

/** Everyone's view of who is here: one badge per connected seat, in the talk pane's head. */
export function presenceBadges(el, list, seatName) {
  fill(el, list.map((seat) => h("span", { class: "badge present", title: `${seatName(seat)}: ${t("seats.connected")}`, dataset: { seat } }, h("span", { class: "dot on", "aria-hidden": "true" }), seatName(seat))));
}
