// One seat at the table: /play/{id}#token=…  Fetches the seat's game, keeps a live line open, draws
// the system's board, the prompt, the actions, the dice field, and hands the log to the talk pane
// (talk.js); posts chosen actions. A state is shown as current only while the live line is up and no
// newer version has been announced. Talk moves the log's version but never the state: a talk push (no
// `answer`) goes to the talk pane alone, and the version an action is posted with moves with it.

import { h, fill } from "./dom.js";
import { t, useLang, preferredLang, langOptions, translatePage, lang } from "./i18n.js";
import { call, live } from "./api.js";
import { renderMenu, renderPrompt, promptAnswers, oddsBadge, itemForm } from "./menu.js";
import { exportDialog } from "./log.js";
import { createTalk, TALK_TYPES } from "./talk.js";
import { createSeats, presenceBadges } from "./seats.js";
import { renderPicker, tapPiece } from "./picker.js";

const BOARDS = {
  MeikyuKingdom: () => import("./mk.js"),
  ShinGamebook: () => import("./gamebook.js"),
  Liberator: () => import("./liberator.js"),
};

const id = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
const $ = (sel) => document.querySelector(sel);
const LOG_TAIL = 50; // as many log entries as a GET answer carries
let talk = null; // the talk pane (talk.js), made once the page starts
let seats = null; // the GM's seats pane (seats.js)
let present = []; // the seats connected now, as the live line last said

const s = {
  game: null, // the last GET answer
  version: -1, // its version
  announced: -1, // the newest version the live line told of
  queued: [], // log entries pushed after the shown version, waiting for the answer that ends their burst
  line: "connecting", // "connecting" | "live" | "reconnecting"
  busy: false, // an action is on its way
  error: null, // the last refused action's message
  board: null, // the system's board module
  fatal: null, // the page cannot go on (bad link)
  diceText: "", // dice typed at a real table, kept across redraws
  reason: "", // the GM's reason for the next ruling, kept across redraws
  focus: null, // where the keyboard was before the last redraw
  override: null, // the GM's chosen intervention in its list
  forPlayers: false, // the GM's "act for an absent player" box is open (kept across redraws)
  shown: "", // what the page last drew (version, language, busy …)
};
async function refresh() {
  try {
    const game = await call("GET", `/api/games/${encodeURIComponent(id)}`, { token, lang: lang() });
    if (!s.board && BOARDS[game.system]) s.board = await BOARDS[game.system]();
    take(game);
    return;
  } catch (failure) {
    if ([401, 403, 404].includes(failure.status)) s.fatal = failure.message;
  }
  render();
}

function fresh() {
  return s.line === "live" && s.game !== null && s.version >= s.announced;
}

/** How to name a group (a character, a player, the GM) in headings: the board knows the names. */
function groupName(group) {
  if (group === "gm") return t("seat.gm");
  if (group === "") return t("group.general");
  return (s.board && s.board.nameOf && s.board.nameOf(s.game.view, group)) || group;
}

function seatName(seat) {
  if (seat === "gm") return t("seat.gm");
  if (seat === "reader") return t("seat.reader");
  if (seat.startsWith("spectator:")) return t("seat.spectator", { name: seat.slice(10) });
  const [, who] = seat.split(":");
  return groupName(who || seat);
}

function parseDice(text) {
  const numbers = text.split(/[^0-9]+/).filter(Boolean).map(Number);
  return numbers.length ? numbers : null;
}

async function act(item) {
  if (s.busy || !fresh()) return;
  const body = { action: item.action, version: s.version };
  const dice = s.game.settings && s.game.settings.manual_dice ? parseDice(s.diceText) : null;
  if (dice) body.dice = dice;
  // The GM's reason for a ruling goes in the log right after it (the server keeps it as the GM's message).
  const note = item.kind === "gm" && s.reason.trim() ? s.reason.trim() : null;
  if (note) body.note = note;
  await send("actions", body, () => {
    s.diceText = "";
    if (note) s.reason = "";
  });
}

/**
 * POST one of this seat's moves (`actions` or `undo`): the page is busy while it is out; its answer is shown
 * (after `accepted` runs), or its refusal's message with the state fetched again.
 */
async function send(route, body, accepted = () => {}) {
  s.busy = true;
  s.error = null;
  render();
  try {
    const answer = await call("POST", `/api/games/${encodeURIComponent(id)}/${route}`, { token, lang: lang(), body });
    accepted();
    s.busy = false;
    take(answer);
  } catch (failure) {
    s.error = failure.message;
    s.busy = false;
    await refresh();
  }
}

/**
 * A live message: one log entry per version, the newest of a burst also carrying `answer` (this seat's
 * game but the log). Entries that follow the shown version are kept; the answer then becomes the state
 * shown, with the kept entries added to its log, without asking the server again. A gap (versions this
 * page never saw) or an answer in another language than the page's means one GET.
 */
function pushed(message) {
  const next = s.version + 1 + s.queued.length;
  if (s.game && message.version === next) {
    const { answer, ...entry } = message;
    if (!answer && !s.queued.length && TALK_TYPES.has(entry.type)) {
      s.version = entry.version;
      talk.merge([entry]);
      talk.draw();
      $("#main").dataset.version = String(s.version);
      return renderStatus();
    }
    s.queued.push(entry);
    if (!answer) return renderStatus();
    const log = (Array.isArray(s.game.log) ? s.game.log : []).concat(s.queued);
    s.queued = [];
    if (answer.lang === lang() && answer.version === message.version) {
      return take({ ...answer, log: log.slice(-LOG_TAIL) });
    }
  }
  s.queued = [];
  renderStatus();
  return refresh();
}

/** A game answer (GET, or the answer to an action / undo) becomes the state shown, unless older. */
function take(game) {
  if (!game || !game.view || !Number.isInteger(game.version)) return refresh();
  if (game.version >= s.version) {
    if (game.version > s.version) s.queued = [];
    s.game = game;
    s.version = game.version;
  }
  render();
  return null;
}

async function undo() {
  if (s.busy || !fresh()) return;
  await send("undo", { version: s.version });
}

function context() {
  const game = s.game;
  return {
    id,
    token,
    lang: lang(),
    seat: game.seat,
    gm: game.seat === "gm",
    canAct: fresh() && !s.busy,
    act,
    items: Array.isArray(game.legal_actions) ? game.legal_actions : [], // the seat's menu, for boards that let a tap choose (mk_map.js)
    groupName,
    t,
  };
}

function render() {
  if (s.fatal) {
    fill($("#main"), h("div", { class: "fatal", role: "alert" }, h("p", {}, s.fatal), h("a", { href: "/" }, t("home.link"))));
    return;
  }
  renderStatus();
  const game = s.game;
  if (!game) return;
  // The same answer again (a refetch that found nothing new) is not redrawn: a redraw under a pointer
  // could swallow the click on its way.
  const shown = `${s.version}|${lang()}|${s.busy}|${s.error}|${fresh()}|${Boolean(s.board)}`;
  if (shown === s.shown) return;
  s.shown = shown;
  const { focused, inPanel } = whereFocus();
  const ctx = context();
  $("#main").dataset.version = String(s.version);
  fill($("#title"), `${t(`system.${game.system}`)} · ${t(`game.${game.system}.${game.kind}`)}`);
  fill($("#seat"), seatName(game.seat));
  const board = s.board ? s.board.render(game.view, ctx) : h("p", {}, t("error.unknown_system"));
  fill($("#board"), board);

  const items = Array.isArray(game.legal_actions) ? game.legal_actions : [];
  const answers = promptAnswers(game.prompt, items);
  const inPrompt = new Set(answers.map((item) => item.key));
  fill(
    $("#actions"),
    s.error ? h("div", { class: "refused", role: "alert" }, s.error) : null,
    renderPrompt(game.prompt, answers, ctx),
    ...actionsPane(items, game.view, ctx, inPrompt),
    game.settings && game.settings.manual_dice && items.length ? diceField() : null,
  );
  fill($("#gm"), ctx.gm ? gmPanel(items, ctx) : null);
  $("#gm").hidden = !ctx.gm;
  if (ctx.gm) autoPlay(items);
  talk.merge(game.log);
  talk.update();
  seats.update();
  presenceBadges($("#presence"), present, seatName);
  if (focused) {
    // Keep the keyboard where it was; when that action is gone, go to the first one now offered.
    const again = document.querySelector(focused) || (inPanel ? document.querySelector(`#${inPanel} button.act:not([disabled])`) || $(`#${inPanel}`) : null);
    if (again && again !== document.activeElement) again.focus({ preventScroll: true });
  }
}

/** The seat's actions: the picker (picker.js) when the board is a battle, with every action still in a
 * list below it (folded while the picker is there, its fold kept across redraws); else the list alone.
 * The GM's page keeps its list for now (the monsters are mostly the autopilot's; the GM panel is the GM's). */
let allOpen = false;
function actionsPane(items, view, ctx, inPrompt) {
  const highlight = (ids) => {
    for (const el of document.querySelectorAll("#board .piece[data-id]")) el.classList.toggle("pick-target", ids.includes(el.dataset.id));
  };
  const picker = ctx.gm ? null : renderPicker(items.filter((item) => !inPrompt.has(item.key)), view, { ...ctx, highlight, redraw: () => { s.shown = null; render(); } });
  const list = renderMenu(gmElsewhere(items, ctx), { ...ctx, waitingText: ctx.gm && items.length ? "actions.in_gm_panel" : null }, { skip: (item) => inPrompt.has(item.key) });
  if (!picker) return [h("h2", {}, t("actions.title")), list];
  const fold = h("details", { class: "all-actions", open: allOpen }, h("summary", {}, t("picker.all")), list);
  fold.addEventListener("toggle", () => { allOpen = fold.open; });
  return [picker, fold];
}

/** Where the keyboard is (an action's key, the dice field, a panel). The spot is remembered across the
 * busy redraw that disables the buttons (focus falls to the body then), and only across that one. */
function whereFocus() {
  const active = document.activeElement;
  if (!active || active === document.body) {
    const kept = s.focus || { focused: null, inPanel: null };
    s.focus = null;
    return kept;
  }
  const inPanel = active.closest("#actions") ? "actions" : active.closest("#gm") ? "gm" : null;
  const focused = active.id === "dice-input" ? "#dice-input" : active.dataset && active.dataset.key ? `[data-key="${CSS.escape(active.dataset.key)}"]` : inPanel ? `#${inPanel}` : null;
  const spot = { focused, inPanel };
  s.focus = s.busy ? spot : null;
  return spot;
}

function diceField() {
  const input = h("input", { id: "dice-input", inputmode: "numeric", autocomplete: "off", placeholder: "6 3 1", "aria-describedby": "dice-help" });
  input.value = s.diceText;
  input.addEventListener("input", () => {
    s.diceText = input.value;
  });
  return h(
    "div",
    { class: "dice-entry" },
    h("label", { for: "dice-input" }, t("action.dice")),
    input,
    h("p", { id: "dice-help", class: "quiet" }, t("action.dice_help")),
  );
}

/** The actions listed under "Actions": the GM's own interventions and those for absent players are in the GM panel. */
function gmElsewhere(items, ctx) {
  return ctx.gm ? items.filter((item) => item.kind !== "gm" && !onBehalf(item, ctx)) : items;
}

/** An action the GM may take for a player's character (a player who is away). */
function onBehalf(item, ctx) {
  return ctx.gm && item.seat && item.seat !== ctx.seat;
}

const AUTO = "gm/auto";
const AUTO_STORE = "meikyu.auto.";
let autoTimer = null;

function autoOn() {
  try {
    return sessionStorage.getItem(AUTO_STORE + id) === "1";
  } catch {
    return false;
  }
}

/** With the GM's switch on, the tactical policy's pick (the "gm/auto" item) is taken whenever offered. */
function autoPlay(items) {
  clearTimeout(autoTimer);
  const pick = items.find((item) => item.key === AUTO);
  if (!pick || !autoOn()) return;
  autoTimer = setTimeout(() => {
    if (fresh() && !s.busy && s.game.legal_actions.some((item) => item.key === AUTO)) act(pick);
  }, 300);
}

/** The GM's interventions as one list to pick from (there are many: every fall, status, revival…). */
function overrides(gmItems, ctx) {
  if (!gmItems.length) return null;
  const select = h(
    "select",
    { id: "gm-override", disabled: !ctx.canAct },
    gmItems.map((item) => h("option", { value: item.key }, item.label)),
  );
  if (s.override && gmItems.some((item) => item.key === s.override)) select.value = s.override;
  const chosen = () => gmItems.find((i) => i.key === select.value);
  const go = h("button", { type: "button", id: "gm-override-go", disabled: !ctx.canAct, onclick: () => chosen() && act(chosen()) }, t("gm.do"));
  // An intervention with values to give (a quick ruling's field and value) shows its form, with its own send button.
  const formSlot = h("div", { class: "override-form" });
  const showForm = () => {
    const item = chosen();
    const hasForm = Boolean(item && item.form && Object.keys(item.form).length);
    fill(formSlot, hasForm ? itemForm(item, ctx) : null);
    go.hidden = hasForm;
  };
  select.addEventListener("change", () => {
    s.override = select.value;
    showForm();
  });
  showForm();
  const reason = h("input", { id: "gm-reason", maxlength: 1000, autocomplete: "off", value: s.reason });
  reason.addEventListener("input", () => {
    s.reason = reason.value;
  });
  return h(
    "div",
    { class: "overrides" },
    h("label", { for: "gm-override" }, t("gm.overrides")),
    h("div", { class: "override-row" }, select, go),
    formSlot,
    h("label", { class: "form-field", for: "gm-reason" }, h("span", {}, t("gm.reason")), reason),
  );
}

/** The absent players' actions, folded away; once the GM opens the box it stays open across redraws. */
function forPlayersBox(forPlayers, ctx) {
  const box = h("details", { class: "for-players", open: s.forPlayers }, h("summary", {}, t("gm.for_players", { n: forPlayers.length })), renderMenu(forPlayers, ctx));
  box.addEventListener("toggle", () => {
    s.forPlayers = box.open;
  });
  return box;
}

function gmPanel(items, ctx) {
  const gmItems = items.filter((item) => item.kind === "gm" && item.key !== AUTO);
  const pick = items.find((item) => item.key === AUTO);
  const forPlayers = items.filter((item) => onBehalf(item, ctx) && item.kind !== "gm");
  const hasAuto = Boolean(pick) || s.game.system === "MeikyuKingdom";
  const toggle = h("input", { type: "checkbox", id: "auto-toggle", checked: autoOn() });
  toggle.addEventListener("change", () => {
    try {
      sessionStorage.setItem(AUTO_STORE + id, toggle.checked ? "1" : "0");
    } catch {
      // the switch then lasts only until the next redraw
    }
    autoPlay(s.game.legal_actions || []);
  });
  return [
    h("h2", {}, t("gm.title")),
    h(
      "div",
      { class: "buttons" },
      h("button", { type: "button", class: "undo", disabled: !ctx.canAct || s.version === 0, onclick: undo }, t("gm.undo")),
    ),
    hasAuto ? h("p", { class: "choice" }, toggle, h("label", { for: "auto-toggle" }, t("gm.auto"))) : null,
    pick ? h("div", { class: "buttons" }, h("button", { type: "button", class: "act auto", dataset: { key: AUTO }, disabled: !ctx.canAct, onclick: () => act(pick) }, oddsBadge(pick.odds), h("span", { class: "label" }, pick.label))) : null,
    overrides(gmItems, ctx),
    forPlayers.length ? forPlayersBox(forPlayers, ctx) : null,
  ];
}

function renderStatus() {
  const status = $("#status");
  const current = fresh();
  status.className = `status ${current ? "live" : "stale"}`;
  const key = s.line === "reconnecting" ? "status.reconnecting" : current ? "status.live" : "status.updating";
  fill(status, t(key));
  // Busy while this seat's own action is out: a pushed newer state may be drawn meanwhile, its buttons
  // disabled until the answer is in, and nobody (a person, a screen reader, a test) should take that
  // for "nothing to do".
  const main = $("#main");
  main.classList.toggle("stale", !current);
  main.classList.toggle("busy", s.busy);
  main.setAttribute("aria-busy", current && !s.busy ? "false" : "true");
}

async function start() {
  await useLang(preferredLang("en"));
  translatePage();
  const select = $("#lang");
  langOptions(select, lang());
  select.addEventListener("change", async () => {
    await useLang(select.value, true);
    translatePage();
    await refresh();
  });
  $("#export").addEventListener("click", () =>
    // the GM of a Meikyuu Kingdom game may also take the kingdom and court home as a sheet (the /sheets editor)
    exportDialog({ id, token, lang: lang(), sheet: Boolean(s.game && s.game.seat === "gm" && s.game.system === "MeikyuKingdom" && s.game.kind !== "battle") }),
  );
  talk = createTalk($("#log"), {
    id,
    token,
    lang,
    seat: () => (s.game ? s.game.seat : ""),
    gm: () => Boolean(s.game && s.game.seat === "gm"),
    seats: () => (s.game && Array.isArray(s.game.seats) ? s.game.seats : []),
    seatName,
    manualDice: () => Boolean(s.game && s.game.settings && s.game.settings.manual_dice),
  });
  seats = createSeats($("#seats"), { id, token, lang, gm: () => Boolean(s.game && s.game.seat === "gm"), seatName });
  // a piece tapped on the battlefield answers the picker's "which target?"
  $("#board").addEventListener("click", (event) => {
    const el = event.target.closest && event.target.closest(".piece[data-id]");
    if (el) tapPiece(el.dataset.id);
  });
  if (!id || !token) {
    s.fatal = t("error.bad_link");
    render();
    return;
  }
  const connection = live(`/api/games/${encodeURIComponent(id)}/live?token=${encodeURIComponent(token)}&lang=${encodeURIComponent(lang())}&presence=1`, {
    onState(state) {
      s.line = state;
      if (state === "live") refresh();
      else render();
    },
    onMessage(message) {
      if (Array.isArray(message.presence)) {
        present = message.presence;
        presenceBadges($("#presence"), present, seatName);
        seats.presence(present);
        return;
      }
      if (message.ok === false) {
        s.fatal = message.message || t("error.bad_link");
        connection.close();
        render();
        return;
      }
      if (Number.isInteger(message.version) && message.version > s.version) {
        s.announced = Math.max(s.announced, message.version);
        pushed(message);
      }
    },
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh();
  });
  window.addEventListener("pagehide", () => connection.close());
  await refresh();
}

start();
