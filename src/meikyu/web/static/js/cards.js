// The Liberator card maker (/cards): a deck of cards in forms. The deck is kept as the plain data a card file
// holds ({actions, jobs, feats, obstacles, enhancements}); every change is checked by the server
// (/api/cards/check: the engine's reader and card-making rules), and every problem, every card's budget and
// every face's effects come back from it: the page knows no rule. Effects are chosen from the engine's list
// (/api/cards/choices), each in the reader's words. Downloads and the game go through the API too.

import { h, fill, saveFile, takeGameLink } from "./dom.js";
import { t, useLang, preferredLang, langOptions, translatePage, lang } from "./i18n.js";
import { call, ApiFailure } from "./api.js";
import { langBoxes } from "./lang_boxes.js";

const $ = (sel) => document.querySelector(sel);
const SECTIONS = ["actions", "jobs", "feats", "obstacles", "enhancements"];
const ATTRIBUTES = ["P", "M", "C"];
const COSTS = ["", "P", "M", "C", "*"];

let deck = {};
let file = "";
let choices = { faces: [], abilities: [], bonuses: [], kinds: [] };
let known = {}; // each kind's fields, from the reader's own schema (a field outside it is offered for removal)
let table = { jobs: [], extras: [] };
let players = [];
let timer = null;
let asked = 0;
let stale = false; // the note says why a download was refused

const fileName = () => file || t("cards.file");

function blankAction(n) {
  return { id: `card${n}`, name: "", attribute: "P", recovery: 3, power: [0, 1, 1, 2, 2, 3], effects: ["即:捨", "即:捨", "", "", "", "付:*+1"] };
}

function freeId(prefix, list) {
  let n = list.length + 1;
  while (list.some((c) => c.id === `${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

// -- checking -----------------------------------------------------------------------------------------------
function changed() {
  clearTimeout(timer);
  if (stale) note(""); // a refusal's note no longer holds once the deck changes
  $("#start-error").hidden = true;
  document.documentElement.dataset.deckOk = "";
  fill($("#check-state"), t("cards.checking"));
  timer = setTimeout(check, 300);
}

/** The server's check of a deck: its whole answer, a deck with problems too (``call`` would throw on ``ok: false``). */
async function checked(cards, name) {
  let reply;
  let data = null;
  try {
    reply = await fetch(`/api/cards/check?lang=${encodeURIComponent(lang())}`, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify({ cards, file: name }) });
    data = await reply.json();
  } catch {
    throw new ApiFailure(reply ? reply.status : 0, data);
  }
  if (reply.status !== 200) throw new ApiFailure(reply.status, data);
  return data;
}

async function check() {
  const mine = ++asked;
  try {
    const answer = await checked(deck, fileName());
    if (mine === asked) show(answer);
  } catch (failure) {
    if (mine === asked) showProblems(failure.problems.length ? failure.problems : [{ path: "", level: "error", message: failure.message, example: "" }], false);
  }
}

/** A check's answer on the page: the problems, each card's budget and each face's effects, the table's choices. */
function show(answer) {
  showProblems(answer.problems, answer.ok);
  for (const [i, made] of (answer.actions || []).entries()) {
    const badge = $(`#budget-${i}`);
    if (badge) {
      fill(badge, made ? t("cards.budget", { spent: made.spent, budget: made.budget }) : t("cards.budget_unknown"));
      badge.className = ["budget", made && (made.spent > made.budget ? "over" : made.spent === made.budget ? "fits" : "")].filter(Boolean).join(" ");
    }
    const suggest = $(`#suggest-${i}`);
    const row = made && made.suggested;
    const card = deck.actions && deck.actions[i];
    if (suggest && card) {
      // the engine's power row for what the budget leaves, offered when the card's own row does not spend it
      suggest.hidden = !row || made.spent === made.budget;
      fill(suggest, row ? t("cards.suggest", { row: row.join(" ") }) : "");
      suggest.onclick = () => {
        card.power = [...row];
        row.forEach((p, f) => { const input = $(`#f-actions-${i}-power-${f}`); if (input) input.value = String(p); });
        changed();
      };
    }
    for (let f = 0; f < 6; f += 1) {
      const box = $(`#reading-${i}-${f}`);
      if (box) fill(box, made ? readFace(i, f, made.faces[f]) : null);
    }
  }
  for (const box of document.querySelectorAll("[data-reads]")) {
    const effects = (answer.said || {})[box.dataset.reads];
    fill(box, effects ? effects.map((e) => e.text).join(" · ") : null);
  }
  const next = answer.table || table;
  if (JSON.stringify(next) !== JSON.stringify(table)) {
    table = next;
    keepFocus(() => {
      renderPlayers();
      renderOthers();
    });
  }
}

/** Redraw without taking the field one is typing in away (the choices of jobs and cards follow the deck). */
function keepFocus(redraw) {
  const active = document.activeElement;
  const id = active && active.id;
  const at = active && typeof active.selectionStart === "number" ? active.selectionStart : null;
  redraw();
  const again = id && document.getElementById(id);
  if (again && again !== active) {
    again.focus();
    if (at !== null && typeof again.setSelectionRange === "function") again.setSelectionRange(at, at);
  }
}

function readFace(i, f, effects) {
  if (!effects.length) return h("span", { class: "small" }, t("cards.no_effect"));
  return effects.map((e, k) => h("span", { class: "effect" }, e.text, e.text === e.notation ? null : [" ", h("code", {}, e.notation)],
    h("button", { type: "button", "aria-label": t("cards.remove_effect", { effect: e.text }), onclick: () => {
      const action = deck.actions[i];
      action.effects[f] = effects.filter((_, j) => j !== k).map((x) => x.notation).join("; ");
      const input = $(`#f-actions-${i}-effects-${f}`);
      if (input) input.value = action.effects[f];
      changed();
    } }, "×")));
}

function showProblems(problems, ok) {
  document.documentElement.dataset.deckOk = ok ? "1" : "0";
  const errors = problems.filter((p) => p.level === "error").length;
  fill($("#check-state"), ok ? t("cards.ok") : t("cards.not_ok", { count: errors }));
  // a problem in the list takes one to its field (a card far down the page, on a phone)
  const go = (path) => () => { const at = document.querySelector(`input[data-path="${CSS.escape(path)}"], select[data-path="${CSS.escape(path)}"]`); if (at) at.focus(); };
  fill($("#problems"), problems.map((p) => h("li", { class: p.level, dataset: { path: p.path }, onclick: go(p.path) }, h("code", {}, p.path), " ", p.message, p.example ? h("span", { class: "example" }, p.example) : null)));
  for (const old of document.querySelectorAll(".field-problem")) old.remove();
  const beside = new Map();
  for (const p of problems) if (p.level !== "default" && !beside.has(p.path)) beside.set(p.path, p);
  for (const input of document.querySelectorAll("input[data-path], select[data-path]")) {
    const found = beside.get(input.dataset.path);
    if (found && found.level === "error") input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    // the problem beside its field, so a phone user need not scroll back to the list
    if (!found) continue;
    const said = h("span", { class: ["field-problem", found.level], role: "note", dataset: { for: input.dataset.path } }, found.message, found.example ? ` ${found.example}` : "");
    const row = input.closest(".face"); // a face's rules are said across its whole row, under its effects
    if (row) row.querySelector(".face-notes").append(said);
    else input.insertAdjacentElement("afterend", said);
  }
}

// -- form pieces ----------------------------------------------------------------------------------------------
const idOf = (path) => `f-${path.replace(/[^\w]+/g, "-").replace(/-$/, "")}`;

/** An input bound to obj[key] at `path`; a number left empty is left out (the reader says what it wants). */
function field(obj, key, path, { type = "text", label, options = null, named = null, cls = null, onchange = null } = {}) {
  const id = idOf(path);
  const value = obj[key] ?? "";
  const input = options
    ? h("select", { id, dataset: { path } }, options.map((o) => h("option", { value: o, selected: String(value) === o }, named ? named(o) : o)))
    : h("input", { id, type, value, dataset: { path }, inputmode: type === "number" ? "numeric" : null });
  input.addEventListener("input", () => {
    if (type === "number") {
      if (input.value === "") delete obj[key];
      else obj[key] = Number.parseInt(input.value, 10);
    } else obj[key] = input.value;
    if (onchange) onchange();
    changed();
  });
  return h("label", { for: id, class: cls }, label, input);
}

/** A card's name in each language (``names``; ``effect_names`` for a job's effect); the card's ``name`` is
 * shown where a language is left out. ``onchange`` runs after each edit (the card's heading follows its name
 * in the page's language). */
function perLanguage(obj, key, path, word = "sheets.name_in", onchange = null) {
  return langBoxes(obj, key, path, word, idOf(`${path}.${key}`), () => {
    if (onchange) onchange();
    changed();
  });
}

/** A notation box with a menu of the engine's effects beside it: choosing one adds it to the box. */
function notation(obj, key, path, label, offered) {
  const box = field(obj, key, path, { label });
  const input = box.querySelector("input");
  const pick = h("select", { id: `${idOf(path)}-pick`, "aria-label": t("cards.add_effect_to", { field: label }) },
    h("option", { value: "" }, t("cards.add_effect")), offered.map((e) => h("option", { value: e.notation }, e.text)));
  pick.addEventListener("change", () => {
    if (!pick.value) return;
    obj[key] = [obj[key], pick.value].filter(Boolean).join("; ");
    input.value = obj[key];
    pick.value = "";
    changed();
  });
  const reading = offered === choices.faces ? null : h("span", { class: "reading small", dataset: { reads: path } });
  return [box, h("label", { class: "pick" }, pick), reading];
}

/** Fields the reader does not know (a typo in an opened file), each with a button to drop it. */
function unknownFields(obj, kind, redraw) {
  const fields = known[kind];
  if (!fields) return null;
  const extra = Object.keys(obj).filter((k) => !fields.includes(k));
  return extra.length ? h("div", { class: "buttons extra-field" }, extra.map((k) => h("button", { type: "button", onclick: () => { delete obj[k]; redraw(); changed(); } }, t("cards.drop_field", { field: k })))) : null;
}

function removeButton(list, j, redraw, label = t("cards.remove")) {
  return h("button", { type: "button", onclick: () => { list.splice(j, 1); redraw(); changed(); } }, label);
}

function attributeWord(a) {
  return a === "" ? t("cards.no_cost") : t(`cards.attr.${a === "*" ? "any" : a}`);
}

// -- action cards ------------------------------------------------------------------------------------------------
function renderActions() {
  deck.actions = deck.actions || [];
  fill($("#actions"), deck.actions.map((card, i) => actionCard(card, i)));
}

/** A card's heading: its name in the page's language (``names``), else its ``name``. */
function heading(card) {
  return (card.names || {})[lang()] || card.name || t("cards.unnamed");
}

function actionCard(card, i) {
  const at = `actions[${i}]`;
  if (!Array.isArray(card.power)) card.power = [0, 0, 0, 0, 0, 0];
  if (!Array.isArray(card.effects)) card.effects = ["", "", "", "", "", ""];
  const title = h("span", { class: "card-name" }, heading(card));
  const retitle = () => fill(title, heading(card));
  return h("details", { class: "deckcard", id: `action-${i}`, open: true },
    h("summary", {}, title, h("span", { class: "budget", id: `budget-${i}`, role: "status" }, t("cards.checking"))),
    h("div", { class: "grid-fields" },
      field(card, "name", `${at}.name`, { label: t("cards.f.name"), onchange: retitle }),
      field(card, "id", `${at}.id`, { label: t("cards.f.id") }),
      field(card, "attribute", `${at}.attribute`, { label: t("cards.f.attribute"), options: ATTRIBUTES, named: attributeWord }),
      field(card, "recovery", `${at}.recovery`, { type: "number", label: t("cards.f.recovery") }),
      field(card, "job", `${at}.job`, { label: t("cards.f.job") }),
    ),
    perLanguage(card, "names", at, undefined, retitle),
    h("p", { class: "small" }, t("cards.faces_help")),
    h("button", { type: "button", id: `suggest-${i}`, class: "suggest", hidden: true }),
    h("div", { class: "faces" }, [0, 1, 2, 3, 4, 5].map((f) => face(card, i, f))),
    unknownFields(card, "action", renderActions),
    h("div", { class: "buttons" }, removeButton(deck.actions, i, renderActions, t("cards.remove_card"))),
  );
}

function face(card, i, f) {
  const at = `actions[${i}]`;
  const id = idOf(`${at}.power[${f}]`);
  const power = h("input", { id, type: "number", min: "0", value: card.power[f] ?? "", dataset: { path: `${at}.power[${f}]` }, inputmode: "numeric" });
  power.addEventListener("input", () => {
    card.power[f] = power.value === "" ? 0 : Number.parseInt(power.value, 10);
    changed();
  });
  return h("div", { class: "face", dataset: { face: String(f + 1) } },
    h("span", { class: "face-no" }, t("cards.face", { n: f + 1 })),
    h("label", { for: id }, t("cards.f.power"), power),
    notation(card.effects, f, `${at}.effects[${f}]`, t("cards.f.effects"), choices.faces),
    h("div", { class: "reading", id: `reading-${i}-${f}`, "aria-live": "polite" }),
    h("div", { class: "face-notes" }),
  );
}

// -- jobs, feats, obstacles, enhancements ------------------------------------------------------------------------------
function renderOthers() {
  for (const s of SECTIONS) deck[s] = deck[s] || [];
  const actionChoices = ["", ...table.extras.filter((x) => x.kind === "action").map((x) => x.id)];
  const actionName = (ident) => (ident === "" ? "—" : (table.extras.find((x) => x.id === ident) || { name: ident }).name || ident);
  const group = (name, kind, row, blank) => h("fieldset", { id: `group-${name}` },
    h("legend", {}, t(`cards.${name}`)),
    deck[name].map((card, j) => h("div", { class: "row", dataset: { kind } }, row(card, `${name}[${j}]`, j), unknownFields(card, kind, renderOthers), removeButton(deck[name], j, renderOthers))),
    h("button", { type: "button", id: `add-${kind}`, onclick: () => { deck[name].push({ id: freeId(kind, deck[name]), name: "", ...blank }); renderOthers(); changed(); } }, t(`cards.add_${kind}`)),
  );
  const named = (card, at) => [field(card, "name", `${at}.name`, { label: t("cards.f.name") }), field(card, "id", `${at}.id`, { label: t("cards.f.id") }), perLanguage(card, "names", at)];
  fill($("#others"),
    unknownFields(deck, "deck", renderOthers),
    group("feats", "feat", (card, at) => [named(card, at),
      notation(card, "effect", `${at}.effect`, t("cards.f.ability"), choices.abilities),
      field(card, "cost", `${at}.cost`, { label: t("cards.f.cost"), options: COSTS, named: attributeWord }),
      field(card, "text", `${at}.text`, { label: t("cards.f.text"), cls: "wide" })], { effect: "P威力+1" }),
    group("obstacles", "obstacle", (card, at) => [named(card, at),
      field(card, "kind", `${at}.kind`, { label: t("cards.f.kind"), options: choices.kinds.map((k) => k.value), named: (v) => { const k = choices.kinds.find((x) => x.value === v); return k ? `${k.label} (${k.attribute})` : v; } }),
      field(card, "target", `${at}.target`, { type: "number", label: t("cards.f.target") })], { kind: "combat", target: 3 }),
    group("enhancements", "enhancement", (card, at) => [named(card, at),
      notation(card, "bonus", `${at}.bonus`, t("cards.f.bonus"), choices.bonuses)], { bonus: "即:経験+1" }),
    group("jobs", "job", (card, at) => {
      card.actions = Array.isArray(card.actions) ? card.actions : ["", "", ""];
      return [named(card, at),
        [0, 1, 2].map((k) => field(card.actions, k, `${at}.actions`, { label: t("cards.f.job_action", { n: k + 1 }), options: actionChoices, named: actionName })),
        field(card, "effect_name", `${at}.effect_name`, { label: t("cards.f.job_effect") }),
        field(card, "effect_id", `${at}.effect_id`, { label: t("cards.f.job_effect_id") }),
        perLanguage(card, "effect_names", at, "cards.f.job_effect_in"),
        notation(card, "effect", `${at}.effect`, t("cards.f.ability"), choices.abilities),
        field(card, "effect_cost", `${at}.effect_cost`, { label: t("cards.f.cost"), options: COSTS, named: attributeWord }),
        field(card, "effect_text", `${at}.effect_text`, { label: t("cards.f.text"), cls: "wide" })];
    }, { actions: ["", "", ""], effect_id: "", effect_name: "", effect: "P威力+1" }),
  );
}

// -- players and the game ---------------------------------------------------------------------------------------------
function defaultPlayers() {
  return [["ann", "warrior", "mount"], ["bob", "mage", "might"], ["cho", "priest", "old_document"]].map(([id, job, extra]) => ({ id, job, extras: [extra] }));
}

function renderPlayers() {
  const jobs = table.jobs.map((j) => j.id);
  const extras = table.extras.map((x) => x.id);
  const name = (list) => (ident) => (list.find((x) => x.id === ident) || { name: ident }).name;
  fill($("#players"), players.map((p, j) => h("div", { class: "row player" },
    field(p, "id", `players[${j}].id`, { label: t("cards.f.player") }),
    field(p, "job", `players[${j}].job`, { label: t("cards.f.player_job"), options: jobs, named: name(table.jobs) }),
    field(p.extras, 0, `players[${j}].extras`, { label: t("cards.f.extra"), options: extras, named: (x) => { const c = table.extras.find((e) => e.id === x); return c ? `${c.name}${c.own ? " ★" : ""}` : x; } }),
    removeButton(players, j, renderPlayers),
  )));
}

async function exported(fmt) {
  return call("POST", "/api/cards/export", { body: { cards: deck, to: fmt, file: fileName() }, lang: lang() });
}

async function download(fmt) {
  try {
    const answer = await exported(fmt);
    const text = typeof answer === "string" ? answer : JSON.stringify(answer, null, 1);
    saveFile(new Blob([text], { type: fmt === "json" ? "application/json" : "application/toml" }), `cards.${fmt}`);
    note(t("cards.downloaded", { file: `cards.${fmt}` }));
  } catch (failure) {
    refused(failure);
  }
}

/** A download or a game the server refused: why, in a sentence, with every problem listed by its field. */
function refused(failure, where = note) {
  const errors = failure.problems.filter((p) => p.level === "error");
  where(errors.length ? t("cards.refused", { count: errors.length }) : failure.message);
  if (failure.problems.length) showProblems(failure.problems, false);
  stale = where === note;
}

async function start() {
  const error = $("#start-error");
  error.hidden = true;
  try {
    const text = await exported("toml");
    const setup = { cards: text, players, files: { cards: fileName() } };
    const made = await call("POST", "/api/games", { body: { system: "Liberator", kind: "scenario", lang: $("#start-lang").value, setup }, lang: lang() });
    fill($("#seat-list"), made.seats.map((seat) => {
      const url = new URL(seat.url, location.origin).href;
      const who = seat.seat === "gm" ? t("seat.gm") : seat.seat.split(":")[1] || seat.seat;
      return h("li", { class: ["seat-link", seat.seat === "gm" && "secret"], dataset: { seat: seat.seat } }, h("span", { class: "seat-name" }, who), h("a", { href: url, target: "_blank", rel: "noopener" }, t("home.open")));
    }));
  } catch (failure) {
    refused(failure, (text) => fill(error, text));
    error.hidden = false;
  }
}

function note(text) {
  stale = false;
  fill($("#io-note"), text);
}

// -- opening ------------------------------------------------------------------------------------------------------------
async function open(text, name, said = null) {
  try {
    const answer = await checked(text, name);
    load(answer.cards, name);
    note(said || t(answer.problems.length ? "cards.opened" : "cards.opened_ok", { file: name }));
  } catch (failure) {
    showProblems(failure.problems.length ? failure.problems : [{ path: "", level: "error", message: failure.message, example: "" }], false);
    note(failure.message);
  }
}

function load(data, name) {
  deck = data && typeof data === "object" && !Array.isArray(data) ? data : {};
  file = name;
  renderAll();
  changed();
}

function renderAll() {
  renderActions();
  renderOthers();
  renderPlayers();
}

async function loadWords() {
  const [offered, schema] = await Promise.all([call("GET", "/api/cards/choices", { lang: lang() }), call("GET", "/api/cards/schema", { lang: lang() })]);
  choices = offered;
  known = Object.fromEntries(Object.entries(schema.$defs || {}).map(([kind, def]) => [kind, Object.keys(def.properties || {})]));
  known.deck = Object.keys(schema.properties || {}); // the file's own top level
}

async function main() {
  await useLang(preferredLang("en"));
  translatePage();
  const select = $("#lang");
  langOptions(select, lang());
  langOptions($("#start-lang"), lang());
  select.addEventListener("change", async () => {
    document.documentElement.dataset.ready = "0"; // redrawn in the new words: not ready until then
    await useLang(select.value, true);
    translatePage();
    await loadWords();
    renderAll();
    await check();
    document.documentElement.dataset.ready = "1";
  });
  await loadWords();
  players = defaultPlayers();
  $("#new-deck").addEventListener("click", () => { load({ actions: [blankAction(1)] }, ""); note(""); });
  $("#template-deck").addEventListener("click", example);
  $("#open-deck").addEventListener("change", async (e) => e.target.files[0] && open(await e.target.files[0].text(), e.target.files[0].name));
  $("#add-action").addEventListener("click", () => {
    deck.actions = deck.actions || [];
    deck.actions.push(blankAction(deck.actions.length + 1));
    deck.actions[deck.actions.length - 1].id = freeId("card", deck.actions);
    renderActions();
    changed();
  });
  $("#add-player").addEventListener("click", () => { players.push({ id: `p${players.length + 1}`, job: "warrior", extras: ["mount"] }); renderPlayers(); });
  $("#download-toml").addEventListener("click", () => download("toml"));
  $("#download-json").addEventListener("click", () => download("json"));
  $("#start").addEventListener("click", start);
  renderAll();
  if (location.hash === "#example") await example(); // /cards#example opens with the example deck
  else if (!(await fromGame())) await check();
  document.documentElement.dataset.ready = "1";
}

/** /cards#game=ID&token=GM-TOKEN: the deck a game was set up with (the GM's link on the play page). */
async function fromGame() {
  const link = takeGameLink();
  if (!link) return false;
  const { game, token } = link;
  try {
    const text = await call("GET", `/api/games/${encodeURIComponent(game)}/cards`, { token, lang: lang() });
    await open(text, t("cards.file"), t("cards.from_game"));
  } catch (failure) {
    note(failure.message);
    await check();
  }
  return true;
}

/** The engine's commented example deck (a job, its three actions, a feat, an obstacle, an enhancement). */
async function example() {
  try {
    await open(await call("GET", "/api/cards/template", { lang: lang() }), "cards.toml", t("cards.example_opened"));
  } catch (failure) {
    note(failure.message);
  }
}

main();
