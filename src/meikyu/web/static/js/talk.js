// The talk pane: the table's talk and the rules' log interleaved by version, and the message box.
// Entries are kept by version (GET answers, live pushes and "earlier" pages all merge into one store); only
// a window of the newest ones is in the DOM, and "earlier" widens it on request. A reveal or a removal
// entry carries its message as this seat now reads it, so that message is redrawn in place. Every text goes
// in as text (dom.js): nothing typed at the table can become markup.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { call } from "./api.js";
import { createPalette } from "./palette.js";

export const TALK_TYPES = new Set(["message", "reveal", "hide", "unseen"]);
const WINDOW = 100; // entries drawn at first
const STEP = 50; // more per "earlier"
const MOST = 400; // at most this many kept in memory (and drawn)
const MAX_TEXT = 1000;

function diceChips(dice) {
  if (!Array.isArray(dice) || dice.length === 0) return null;
  return h(
    "span",
    { class: "dice", "aria-label": t("log.dice", { dice: dice.join(", ") }) },
    dice.map((d) => h("span", { class: "die", "aria-hidden": "true" }, String(d))),
  );
}

function eventRow(event) {
  return h(
    "div",
    { class: ["log-line", event.kind && `ev-${String(event.kind).toLowerCase()}`] },
    h("span", { class: "text" }, typeof event.text === "string" ? event.text : ""),
    diceChips(event.dice),
    typeof event.line === "string" && event.line ? h("code", { class: "result-line" }, event.line) : null,
  );
}

/**
 * The pane inside `root` (the #log section). `env`: {id, token, lang(), seat(), gm(), seats(), seatName(seat),
 * manualDice()}; `onPosted(entry)` after this seat's message is taken.
 */
export function createTalk(root, env) {
  const store = new Map(); // version -> entry as this seat reads it
  const nodes = new Map(); // version -> [signature, element]
  let win = WINDOW;
  let lowest = Infinity; // the oldest version this page has asked the server about
  let lastDrawn = ""; // what the list shows now (versions and their signatures)
  const list = root.querySelector("#log-lines");
  const form = root.querySelector("#say");

  // -- the store --------------------------------------------------------------------------------------
  function merge(entries) {
    for (const entry of Array.isArray(entries) ? entries : []) {
      if (!entry || !Number.isInteger(entry.version)) continue;
      store.set(entry.version, entry);
      lowest = Math.min(lowest, entry.version);
      if ((entry.type === "reveal" || entry.type === "hide") && entry.talk && store.has(entry.of)) {
        const target = store.get(entry.of);
        store.set(entry.of, { ...target, talk: entry.talk, events: target.events });
      }
    }
    const keep = Math.max(MOST, win);
    if (store.size > keep) {
      const versions = [...store.keys()].sort((a, b) => a - b);
      for (const v of versions.slice(0, store.size - keep)) store.delete(v);
    }
  }

  function shownVersions() {
    const visible = [...store.values()].filter((e) => e.type !== "unseen" && e.type !== "palette").map((e) => e.version);
    visible.sort((a, b) => a - b);
    return visible.slice(-win);
  }

  // -- drawing ----------------------------------------------------------------------------------------
  function talkNode(entry) {
    const talk = entry.talk || {};
    const gm = env.gm();
    const mine = entry.seat && entry.seat === env.seat();
    const roll = talk.roll;
    const li = h("li", {
      class: ["talk-line", talk.channel === "ooc" && "ooc", talk.to && "whisper", talk.secret && "secret-roll",
        talk.removed && "removed", talk.hidden && "hidden-msg", mine && "mine", roll && "free-roll"],
      dataset: { version: String(entry.version) },
    });
    if (talk.removed) {
      li.append(h("span", { class: "quiet" }, t("talk.removed")));
      return li;
    }
    const head = h(
      "div",
      { class: "talk-head" },
      h("strong", { class: "speaker" }, talk.speaker || ""),
      talk.channel === "ooc" ? h("span", { class: "badge" }, t("talk.ooc_badge")) : null,
      talk.to_names ? h("span", { class: "badge whisper-badge" }, t("talk.whisper_to", { to: talk.to_names.join(", ") })) : null,
      roll ? h("span", { class: "badge free" }, t("talk.free")) : null,
      roll && roll.secret ? h("span", { class: "badge secret" }, roll.revealed ? t("talk.revealed") : t("talk.secret")) : null,
      talk.hidden ? h("span", { class: "badge bad" }, t("talk.hidden")) : null,
      h("span", { class: "small num" }, `#${entry.version}`),
    );
    li.append(head);
    if (talk.secret) {
      li.append(h("p", { class: "quiet" }, t("talk.rolled_secretly", { who: talk.speaker || "" })));
      return li;
    }
    li.append(h("p", { class: "say-text" }, talk.text || ""));
    if (roll) {
      li.append(h("div", { class: "roll" }, diceChips(roll.dice), h("code", { class: "result-line" }, roll.line || "")));
      if (roll.text) li.append(h("p", { class: "small" }, roll.text));
    }
    const buttons = [];
    if (roll && roll.secret && !roll.revealed && (mine || gm)) {
      buttons.push(h("button", { type: "button", class: "reveal", onclick: () => post(`/messages/${entry.version}/reveal`) }, t("talk.reveal")));
    }
    if (gm && !talk.hidden) {
      buttons.push(h("button", { type: "button", class: "remove small-button", onclick: () => post(`/messages/${entry.version}/hide`) }, t("talk.remove")));
    }
    if (buttons.length) li.append(h("div", { class: "buttons" }, buttons));
    return li;
  }

  function entryNode(entry) {
    if (entry.type === "message") return talkNode(entry);
    const events = Array.isArray(entry.events) ? entry.events : [];
    return h(
      "li",
      { class: ["log-entry", `entry-${entry.type}`], dataset: { version: String(entry.version) } },
      events.map(eventRow),
    );
  }

  function draw() {
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    const versions = shownVersions();
    const key = `${env.lang()}|${env.gm()}`;
    const children = [];
    if (versions.length && (versions[0] > 1 || lowest > 1)) {
      children.push(h("li", { class: "earlier" }, h("button", { type: "button", id: "log-earlier", onclick: earlier }, t("talk.earlier"))));
    }
    const next = new Map();
    for (const v of versions) {
      const entry = store.get(v);
      const signature = `${key}|${JSON.stringify(entry.talk || null)}|${entry.type}|${(entry.events || []).length}`;
      const kept = nodes.get(v);
      const node = kept && kept[0] === signature ? kept[1] : entryNode(entry);
      next.set(v, [signature, node]);
      children.push(node);
    }
    const drawnKey = [...next].map(([v, pair]) => `${v}:${pair[0]}`).join("\n");
    const same = drawnKey === lastDrawn && list.querySelector("ol.log-lines");
    nodes.clear();
    for (const [v, pair] of next) nodes.set(v, pair);
    if (same) return; // nothing new: leave the DOM (and the reader's scroll) alone
    lastDrawn = drawnKey;
    let ol = list.querySelector("ol.log-lines");
    if (!versions.length) {
      fill(list, h("p", { class: "quiet" }, t("log.empty")));
      return;
    }
    if (!ol) {
      ol = h("ol", { class: "log-lines" });
      fill(list, ol);
    }
    ol.replaceChildren(...children);
    if (atEnd) list.scrollTop = list.scrollHeight;
  }

  async function earlier() {
    const versions = shownVersions();
    const first = versions.length ? versions[0] : 1;
    win = Math.min(MOST, win + STEP);
    const have = [...store.keys()].filter((v) => v < first).length;
    if (have < STEP && lowest > 1) {
      const after = Math.max(0, lowest - STEP - 1);
      try {
        const data = await call("GET", `/api/games/${encodeURIComponent(env.id)}/events?after=${after}`, { token: env.token, lang: env.lang() });
        merge((data.events || []).filter((e) => e.version < lowest));
        lowest = Math.min(lowest, after + 1);
      } catch (failure) {
        note(failure.message, true);
      }
    }
    const top = list.scrollHeight;
    draw();
    list.scrollTop = list.scrollHeight - top; // stay where the reader was
  }

  // -- the message box --------------------------------------------------------------------------------
  const text = h("textarea", { id: "say-text", rows: 2, maxlength: MAX_TEXT, "aria-describedby": "say-note", placeholder: t("talk.placeholder") });
  const to = h("select", { id: "say-to" });
  const ooc = h("input", { type: "checkbox", id: "say-ooc" });
  const speaker = h("input", { id: "say-speaker", list: "say-speakers", autocomplete: "off", maxlength: 40 });
  const speakers = h("datalist", { id: "say-speakers" });
  const dice = h("input", { id: "say-dice", inputmode: "numeric", autocomplete: "off", placeholder: "6 3" });
  const send = h("button", { type: "submit", id: "say-send", class: "primary" }, t("talk.send"));
  const noteLine = h("p", { id: "say-note", class: "small", role: "status" });
  const gmRow = h("label", { class: "say-field", for: "say-speaker" }, h("span", {}, t("talk.speaker")), speaker, speakers);
  const diceRow = h("label", { class: "say-field", for: "say-dice" }, h("span", {}, t("talk.dice")), dice);
  const usedNames = new Set();

  function note(message, bad = false) {
    fill(noteLine, message || "");
    noteLine.classList.toggle("bad-note", bad);
  }

  function counter() {
    const left = MAX_TEXT - text.value.length;
    note(left < 100 ? t("talk.left", { n: left }) : t("talk.hint"));
  }

  async function post(path, body) {
    send.disabled = true;
    try {
      const answer = await call("POST", `/api/games/${encodeURIComponent(env.id)}${path}`, { token: env.token, lang: env.lang(), body: body || {} });
      merge([answer.entry]);
      draw();
      return answer;
    } catch (failure) {
      note(failure.message, true);
      return null;
    } finally {
      send.disabled = false;
    }
  }

  async function submit(event) {
    event.preventDefault();
    if (!text.value.trim()) {
      note(t("talk.empty"), true);
      return;
    }
    const body = { text: text.value };
    if (to.value) body.to = [to.value];
    if (ooc.checked) body.channel = "ooc";
    if (env.gm() && speaker.value.trim()) body.speaker = speaker.value.trim();
    const typed = dice.value.split(/[^0-9]+/).filter(Boolean).map(Number);
    if (env.manualDice() && typed.length) body.dice = typed;
    const answer = await post("/messages", body);
    if (answer) {
      text.value = "";
      dice.value = "";
      if (body.speaker) usedNames.add(body.speaker);
      fill(speakers, [...usedNames].map((name) => h("option", { value: name })));
      counter();
      list.scrollTop = list.scrollHeight;
    }
  }

  text.addEventListener("keydown", (event) => {
    // Enter sends; Shift+Enter is a new line; an IME still composing keeps its Enter.
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) submit(event);
  });
  text.addEventListener("input", counter);
  form.addEventListener("submit", submit);
  /** Send a palette line as it stands (its variables are the server's to read). */
  async function sayLine(line) {
    const body = { text: line };
    if (to.value) body.to = [to.value];
    if (ooc.checked) body.channel = "ooc";
    await post("/messages", body);
    list.scrollTop = list.scrollHeight;
  }
  const palette = createPalette(root.querySelector("#palette"), env, sayLine);
  let paletteFor = "";
  fill(
    form,
    h("label", { class: "visually-hidden", for: "say-text" }, t("talk.message")),
    text,
    h(
      "div",
      { class: "say-row" },
      h("label", { class: "say-field", for: "say-to" }, h("span", {}, t("talk.to")), to),
      h("label", { class: "choice", for: "say-ooc" }, ooc, h("span", {}, t("talk.ooc"))),
      gmRow,
      diceRow,
      send,
    ),
    noteLine,
  );
  counter();

  /** Redraw for the game shown now (seats, GM controls, language) and the entries in the store. */
  function update() {
    // A spectator talks to the whole table only; nobody whispers to a spectator (the server says so too).
    const spectator = env.seat().startsWith("spectator:");
    const seats = spectator ? [] : env.seats().filter((s) => s !== env.seat() && !s.startsWith("spectator:"));
    const current = to.value;
    const options = [h("option", { value: "" }, t("talk.everyone")), ...seats.map((s) => h("option", { value: s }, t("talk.whisper_option", { who: env.seatName(s) })))];
    const signature = `${env.lang()}|${seats.map(env.seatName).join("|")}`;
    if (to.dataset.signature !== signature) {
      to.replaceChildren(...options);
      to.dataset.signature = signature;
      to.value = seats.includes(current) ? current : "";
    }
    gmRow.hidden = !env.gm();
    speaker.placeholder = env.seatName(env.seat());
    diceRow.hidden = !env.manualDice();
    if (paletteFor !== `${env.seat()}|${env.lang()}`) {
      paletteFor = `${env.seat()}|${env.lang()}`;
      palette.load();
    }
    draw();
  }

  return { merge, update, draw };
}
