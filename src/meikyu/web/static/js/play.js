// One seat at the table: /play/{id}#token=…  Fetches the seat's game, keeps a live line open, draws
// the system's board, the prompt, the actions, the dice field, and hands the log to the talk pane
// (talk.js); posts chosen actions. A state is shown as current only while the live line is up and no
// newer version has been announced. Talk moves the log's version but never the state: a talk push (no
// `answer`) goes to the talk pane alone, and the version an action is posted with moves with it.

import { confirmFirst } from "./confirm.js"; // loaded with the page: the dialog opens in the click itself
import { h, fill } from "./dom.js";
import { t, useLang, preferredLang, langOptions, translatePage, lang } from "./i18n.js";
import { call, live } from "./api.js";
import { renderMenu, renderPrompt, promptAnswers, onBehalf } from "./menu.js";
import { exportDialog } from "./log.js";
import { createTalk, TALK_TYPES } from "./talk.js";
import { createSeats, presenceBadges } from "./seats.js";
import { renderPicker, tapPiece } from "./picker.js";

const AUTO = "gm/auto"; // the tactical policy's pick for the monsters (gm.js plays it)
let gm = null; // the GM panel's module (gm.js), loaded for the GM's seat only

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
  focus: null, // where the keyboard was before the last redraw
  shown: "", // what the page last drew (version, language, busy …)
};
async function refresh() {
  try {
    const game = await call("GET", `/api/games/${encodeURIComponent(id)}`, { token, lang: lang() });
    if (!s.board && BOARDS[game.system]) s.board = await BOARDS[game.system]();
    if (!gm && game.seat === "gm") gm = await import("./gm.js");
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
  // presence may arrive before the game's first answer: until then a group is named by its id
  return (s.game && s.board && s.board.nameOf && s.board.nameOf(s.game.view, group)) || group;
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

/** Post one of the menu's items. An item the server marks `confirm` (what cannot be taken back, or
 * affects everyone) is asked about first, in the server's words; `quiet`: the autopilot's own step,
 * whose refusal as stale (another GM device played it first) is no news. */
async function act(item, { quiet = false } = {}) {
  if (s.busy || !fresh()) return;
  if (item.confirm && !(await confirmFirst(item))) return;
  if (s.busy || !fresh()) return;
  const body = { action: item.action, version: s.version };
  const dice = s.game.settings && s.game.settings.manual_dice ? parseDice(s.diceText) : null;
  if (dice) body.dice = dice;
  // The GM's reason for a ruling goes in the log right after it (the server keeps it as the GM's message).
  const note = gm ? gm.reasonFor(item) : null;
  if (note) body.note = note;
  await send("actions", body, () => {
    s.diceText = "";
    if (note) gm.clearReason();
  }, quiet);
}

/** The GM turns a game setting on or off (kept on the server: every seat and GM device reads it). */
async function setting(name, value) {
  if (s.busy || !fresh()) return;
  await send("settings", { name, value });
}

/**
 * POST one of this seat's moves (`actions`, `undo`, `settings`): the page is busy while it is out; its answer
 * is shown (after `accepted` runs), or its refusal's message with the state fetched again (`quiet`: a stale
 * refusal, 409, shows no message).
 */
async function send(route, body, accepted = () => {}, quiet = false) {
  s.busy = true;
  s.error = null;
  render();
  try {
    const answer = await call("POST", `/api/games/${encodeURIComponent(id)}/${route}`, { token, lang: lang(), body });
    accepted();
    s.busy = false;
    take(answer);
  } catch (failure) {
    s.error = quiet && failure.status === 409 ? null : failure.message;
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
  // Typed dice go with the action that rolls them: the box sits first, above the prompt and the picker.
  fill(
    $("#actions"),
    s.error ? h("div", { class: "refused", role: "alert" }, s.error) : null,
    game.settings && game.settings.manual_dice && items.length ? diceField() : null,
    renderPrompt(game.prompt, answers, ctx),
    ...actionsPane(items, game.view, ctx, inPrompt),
  );
  const panel = ctx.gm && gm;
  const gmDice = game.settings && game.settings.manual_dice && items.length ? diceField("gm-dice-input") : null;
  fill($("#gm"), panel ? gm.gmPanel(items, { ...ctx, game, version: s.version, undo, setting, dice: gmDice }) : null);
  $("#gm").hidden = !panel;
  $("#gm-open").hidden = !panel;
  if (panel) gm.autoPlay(items, game.settings || {}, act, () => fresh() && !s.busy && s.game.legal_actions.some((item) => item.key === AUTO));
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
 * On the GM's page the picker steps through the monsters' and NPCs' actions (the GM panel holds the rest). */
let allOpen = false;
function actionsPane(items, view, ctx, inPrompt) {
  const highlight = (ids) => {
    for (const el of document.querySelectorAll("#board .piece[data-id]")) el.classList.toggle("pick-target", ids.includes(el.dataset.id));
  };
  const own = gmElsewhere(items, ctx).filter((item) => !inPrompt.has(item.key));
  const picker = renderPicker(own, view, { ...ctx, highlight, redraw: () => { s.shown = null; render(); } });
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
  const focused = active.classList.contains("dice-input") ? `#${active.id}` : active.dataset && active.dataset.key ? `[data-key="${CSS.escape(active.dataset.key)}"]` : inPanel ? `#${inPanel}` : null;
  const spot = { focused, inPanel };
  s.focus = s.busy ? spot : null;
  return spot;
}

/** The typed-dice box (`id`: one in the actions pane, one atop the GM's panel — the drawer covers the page on
 * a phone — both holding the same text). */
function diceField(id = "dice-input") {
  const input = h("input", { id, class: "dice-input", inputmode: "numeric", autocomplete: "off", placeholder: "6 3 1", "aria-describedby": `${id}-help` });
  input.value = s.diceText;
  input.addEventListener("input", () => {
    s.diceText = input.value;
  });
  return h(
    "div",
    { class: "dice-entry" },
    h("label", { for: id }, t("action.dice")),
    input,
    h("p", { id: `${id}-help`, class: "quiet" }, t("action.dice_help")),
  );
}

/** The actions listed under "Actions": the GM's own interventions and those for absent players are in the GM panel. */
function gmElsewhere(items, ctx) {
  return ctx.gm ? items.filter((item) => item.kind !== "gm" && item.key !== AUTO && !onBehalf(item, ctx)) : items;
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

/** The header's GM button: on a phone it opens the GM panel as a drawer over the page (again, or Escape,
 * or the panel's close button, closes it); on a wide screen the panel is beside the board: it goes there. */
function gmDrawer() {
  const button = $("#gm-open");
  const pane = $("#gm");
  const narrow = window.matchMedia("(max-width: 899px)");
  const open = (on) => {
    pane.classList.toggle("drawer-open", on);
    button.setAttribute("aria-expanded", String(on));
    if (on) pane.focus({ preventScroll: true });
  };
  button.addEventListener("click", () => {
    if (narrow.matches) return open(!pane.classList.contains("drawer-open"));
    pane.scrollIntoView({ block: "start" });
    pane.focus({ preventScroll: true });
    return null;
  });
  pane.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest(".gm-close")) {
      open(false);
      button.focus();
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && pane.classList.contains("drawer-open")) {
      open(false);
      button.focus();
    }
  });
}

/** The pieces an action names (who acts, at whom), from its data: outlined on the battlefield while the
 * action's button has the pointer or the keyboard, so twin monsters are told apart before choosing. */
function piecesOfItem(el) {
  if (el.dataset.pick && el.dataset.pick.startsWith("t:")) return [el.dataset.pick.slice(2)];
  if (el.dataset.pick && s.game && (s.game.view.battle || s.game.view.combatants) && !el.dataset.key) return [el.dataset.pick];
  const item = el.dataset.key && s.game && (s.game.legal_actions || []).find((i) => i.key === el.dataset.key);
  if (!item || !item.action) return [];
  const a = item.action;
  return [a.actor, a.target, a.other].filter((x) => typeof x === "string" && x);
}

function focusHighlight() {
  const mark = (ids) => {
    for (const el of document.querySelectorAll("#board .piece[data-id]")) el.classList.toggle("pick-focus", ids.includes(el.dataset.id));
  };
  for (const pane of [$("#actions"), $("#gm")]) {
    const on = (event) => {
      const el = event.target.closest && event.target.closest("button[data-key], button[data-pick]");
      mark(el ? piecesOfItem(el) : []);
    };
    pane.addEventListener("focusin", on);
    pane.addEventListener("mouseover", on);
    pane.addEventListener("focusout", () => mark([]));
    pane.addEventListener("mouseleave", () => mark([]));
  }
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
    // the GM of a Meikyuu Kingdom game may also take the kingdom and court home as a sheet (the /sheets editor),
    // the GM of a Liberator game set up with its own card file that deck (the /cards maker)
    exportDialog({ id, token, lang: lang(),
      sheet: Boolean(s.game && s.game.seat === "gm" && s.game.system === "MeikyuKingdom" && s.game.kind !== "battle"),
      deck: Boolean(s.game && s.game.seat === "gm" && s.game.view && s.game.view.own_deck) }),
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
  gmDrawer();
  focusHighlight();
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
