// The home page: choose a game, a sample or one's own files and a language; create the game and
// hand out each seat's link (the GM's marked secret), each with a copy button.

import { h, fill, copyText } from "./dom.js";
import { t, has, useLang, preferredLang, langOptions, translatePage, lang } from "./i18n.js";
import { call } from "./api.js";

const BOARDS = {
  MeikyuKingdom: () => import("./mk.js"),
  ShinGamebook: () => import("./gamebook.js"),
  Liberator: () => import("./liberator.js"),
};
const $ = (sel) => document.querySelector(sel);
let kinds = [];

function chosenKind() {
  return kinds[Number($("#kind").value)] || kinds[0];
}

function renderKinds() {
  const select = $("#kind");
  const keep = select.value;
  select.replaceChildren(
    ...kinds.map((k, i) => h("option", { value: String(i) }, `${t(`system.${k.system}`)} — ${t(`game.${k.system}.${k.kind}`)}`)),
  );
  if (keep) select.value = keep;
  renderParts();
}

function renderParts() {
  const kind = chosenKind();
  const files = document.querySelector('input[name="setup"][value="files"]').checked;
  const box = $("#parts");
  box.hidden = !files;
  renderSamples(kind, files);
  $("#cards-link").hidden = !kind || kind.system !== "Liberator"; // a deck of one's own is made on /cards
  if (!kind) return;
  fill(
    box,
    kind.parts.map((part) =>
      h(
        "div",
        { class: "field" },
        h("label", { for: `part-${part}` }, partName(part), kind.required.includes(part) ? null : h("span", { class: "small" }, ` ${t("home.optional")}`)),
        h("input", { type: "file", id: `part-${part}`, dataset: { part }, accept: ".toml,.json,.txt,text/plain" }),
      ),
    ),
  );
}

// A kind with several shipped setups (the gamebook's books) lists them by name under "Sample".
function renderSamples(kind, files) {
  let box = $("#samples");
  if (!box) {
    box = h("div", { id: "samples", class: "field" });
    document.querySelector('input[name="setup"][value="sample"]').closest("label").after(box);
  }
  const samples = (kind && kind.samples) || [];
  box.hidden = files || samples.length < 2;
  const keep = $("#sample") && $("#sample").value;
  const title = (s) => (s.title && (s.title[lang()] || s.title.en)) || s.id;
  fill(
    box,
    samples.length < 2
      ? null
      : [h("label", { for: "sample" }, t("home.book")), " ", h("select", { id: "sample", name: "sample" }, samples.map((s) => h("option", { value: s.id }, title(s))))],
  );
  if (keep && samples.some((s) => s.id === keep)) $("#sample").value = keep;
}

function partName(part) {
  return has(`part.${part}`) ? t(`part.${part}`) : part;
}

async function setupData(kind) {
  if (document.querySelector('input[name="setup"][value="sample"]').checked) {
    const pick = $("#sample");
    return pick && !$("#samples").hidden && pick.value ? { sample: pick.value } : "sample";
  }
  const setup = {};
  const files = {};
  for (const input of document.querySelectorAll("#parts input[type=file]")) {
    const file = input.files && input.files[0];
    if (file) {
      setup[input.dataset.part] = await file.text();
      files[input.dataset.part] = file.name; // so that an error names the user's file
    }
  }
  const missing = kind.required.filter((part) => !(part in setup));
  if (Object.keys(files).length) setup.files = files;
  if (missing.length) throw new Error(t("home.no_files", { parts: missing.map((p) => partName(p)).join(", ") }));
  return setup;
}

async function create(event) {
  event.preventDefault();
  const error = $("#create-error");
  error.hidden = true;
  const button = $("#create-button");
  button.disabled = true;
  const kind = chosenKind();
  try {
    const body = {
      system: kind.system,
      kind: kind.kind,
      setup: await setupData(kind),
      lang: $("#game-lang").value,
      manual_dice: $("#manual").checked,
    };
    const made = await call("POST", "/api/games", { body, lang: lang() });
    await showSeats(made, kind);
  } catch (failure) {
    fill(error, failure.message);
    error.hidden = false;
  } finally {
    button.disabled = false;
  }
}

async function showSeats(made, kind) {
  const gm = made.seats.find((seat) => seat.seat === "gm");
  let names = (seat) => seat;
  try {
    const game = await call("GET", `/api/games/${encodeURIComponent(made.id)}`, { token: gm && gm.token, lang: lang() });
    const board = BOARDS[kind.system] ? await BOARDS[kind.system]() : null;
    names = (seat) => {
      if (seat === "gm") return t("seat.gm");
      if (seat === "reader") return t("seat.reader");
      const who = seat.split(":")[1] || seat;
      return (board && board.nameOf && board.nameOf(game.view, who)) || who;
    };
  } catch {
    // the links still work; the seats go by their ids
  }
  fill(
    $("#seat-list"),
    made.seats.map((seat) => {
      const url = new URL(seat.url, location.origin).href;
      const field = h("input", { class: "link", readonly: true, value: url, "aria-label": t("home.link_of", { seat: names(seat.seat) }) });
      const note = h("span", { class: "copied", role: "status" });
      const secret = seat.seat === "gm";
      return h(
        "li",
        { class: ["seat-link", secret && "secret"], dataset: { seat: seat.seat } },
        h("span", { class: "seat-name" }, names(seat.seat)),
        secret ? h("strong", { class: "badge secret" }, t("home.secret")) : null,
        field,
        h("button", { type: "button", onclick: async () => fill(note, (await copyText(url, field)) ? t("copy.done") : t("copy.failed")) }, t("copy.copy")),
        h("a", { href: url, target: "_blank", rel: "noopener" }, t("home.open")),
        note,
      );
    }),
  );
  $("#seats").hidden = false;
  $("#seats").scrollIntoView({ block: "nearest" });
}

async function start() {
  await useLang(preferredLang("en"));
  translatePage();
  const select = $("#lang");
  langOptions(select, lang());
  langOptions($("#game-lang"), lang());
  select.addEventListener("change", async () => {
    await useLang(select.value, true);
    translatePage();
    renderKinds();
  });
  for (const radio of document.querySelectorAll('input[name="setup"]')) radio.addEventListener("change", renderParts);
  $("#kind").addEventListener("change", renderParts);
  $("#create").addEventListener("submit", create);
  try {
    // Which files each kind is set up from comes with the kinds (the table layer knows its setups).
    kinds = (await call("GET", "/api/kinds")).kinds.map((k) => ({ ...k, parts: (k.files || []).map((f) => f.field), required: (k.files || []).filter((f) => f.required).map((f) => f.field) }));
  } catch (failure) {
    fill($("#create-error"), failure.message);
    $("#create-error").hidden = false;
  }
  renderKinds();
  document.documentElement.dataset.ready = "1";
}

start();
