// The sheet editor (/sheets): a kingdom and its court in forms. The sheet is kept as the plain data a
// sheet file holds ({kingdom, characters}); every change is checked by the server's own reader
// (/api/sheets/check) as one types, and every problem is shown with its field. Downloads, ccfolia and
// Udonarium in and out, and starting a game go through the API too: the page knows no rule.

import { h, fill, copyText } from "./dom.js";
import { t, useLang, preferredLang, langOptions, translatePage, lang } from "./i18n.js";
import { call } from "./api.js";

const $ = (sel) => document.querySelector(sel);
const STATS = ["wit", "charm", "search", "valor"];
const POWERS = ["life", "order", "culture", "military"];
const VITALS = ["hp", "max_hp", "capacity", "drive", "evasion", "minions"];
const ROOMS = ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]; // drawn row by row
const LANGS = ["ko", "ja", "en"];

let sheet = blank();
let facilities = [];
let schema = { $defs: {} }; // the reader's own JSON Schema (/api/sheets/schema): choices and help come from it
let room = "B2";
let timer = null;
let asked = 0;

function blank() {
  return { kingdom: { name: "", budget: 0, citizens: 0, voice: 0, life: 0, order: 0, culture: 0, military: 0, maps: [emptyMap()] }, characters: [] };
}

function emptyMap() {
  return { name: t("sheets.home_land"), rooms: {}, passages: [], entrances: [] };
}

// -- checking -----------------------------------------------------------------------------------
function changed() {
  clearTimeout(timer);
  fill($("#check-state"), t("sheets.checking"));
  timer = setTimeout(check, 300);
}

async function check() {
  const mine = ++asked;
  try {
    const answer = await call("POST", "/api/sheets/check", { body: { sheet, file: t("sheets.file") }, lang: lang() });
    if (mine !== asked) return; // a newer check is on its way
    showProblems(answer.problems, answer.ok);
  } catch (failure) {
    if (mine !== asked) return;
    showProblems(failure.problems && failure.problems.length ? failure.problems : [{ path: "", level: "error", message: failure.message, example: "" }], false);
  }
}

function showProblems(problems, ok) {
  document.documentElement.dataset.sheetOk = ok ? "1" : "0";
  fill($("#check-state"), ok ? t("sheets.ok") : t("sheets.not_ok", { count: problems.filter((p) => p.level === "error").length }));
  fill(
    $("#problems"),
    problems.map((p) => h("li", { class: p.level, dataset: { path: p.path } }, h("code", {}, p.path), " ", p.message, p.example ? h("span", { class: "example" }, p.example) : null)),
  );
  const bad = new Map(problems.filter((p) => p.level === "error").map((p) => [p.path, p]));
  for (const old of document.querySelectorAll(".field-problem")) old.remove();
  for (const input of document.querySelectorAll("[data-path]")) {
    if (input.tagName === "LI") continue;
    const found = bad.get(input.dataset.path);
    if (found) {
      input.setAttribute("aria-invalid", "true");
      // the problem beside its field, so a phone user need not scroll back to the list
      input.insertAdjacentElement("afterend", h("span", { class: "field-problem", role: "note" }, found.message, found.example ? ` ${found.example}` : ""));
    } else input.removeAttribute("aria-invalid");
  }
}

// -- form pieces ----------------------------------------------------------------------------------
function get(obj, key) {
  return obj[key] ?? "";
}

/** An input bound to obj[key]; numbers left empty are left out of the sheet (its default applies). */
function field(obj, key, path, { type = "text", label = key, options = null, cls = null, named = null, help = null, id = `f-${path.replace(/[^\w]/g, "-")}` } = {}) {
  let input;
  if (options) {
    input = h("select", { id, dataset: { path } }, options.map((o) => h("option", { value: o, selected: String(get(obj, key)) === o }, o === "" ? "—" : named ? named(o) : o)));
  } else if (type === "checkbox") {
    input = h("input", { id, type: "checkbox", checked: obj[key] !== false, dataset: { path } });
  } else {
    input = h("input", { id, type, value: get(obj, key), dataset: { path }, inputmode: type === "number" ? "numeric" : null });
  }
  input.addEventListener("input", () => {
    if (type === "checkbox") obj[key] = input.checked;
    else if (type === "number") {
      if (input.value === "") delete obj[key];
      else obj[key] = Number.parseInt(input.value, 10);
    } else if (input.value === "" && options) delete obj[key];
    else obj[key] = input.value;
    if (key === "name" || key === "id") renderTitles();
    changed();
  });
  return h("label", { for: id, class: cls, title: help }, label, input);
}

/** The schema's word on a field: ``prop("item", "use")`` (its enum, description); {} before it has come. */
function prop(def, key) {
  return ((schema.$defs[def] || {}).properties || {})[key] || {};
}

/** A name in each language (``names = {ko, ja, en}``, or another such table): an empty box leaves its
 * language out, and an empty table leaves the field out (the written name is used then). */
function perLanguage(obj, key, path, word = key === "names" ? "sheets.name_in" : "sheets.text_in", base = `f-${path}.${key}`.replace(/[^\w]/g, "-")) {
  return h("div", { class: "grid-fields names" }, LANGS.map((l) => {
    const at = `${path}.${key}.${l}`;
    const id = `${base}-${l}`;
    const input = h("input", { id, type: "text", lang: l, value: (obj[key] || {})[l] ?? "", dataset: { path: at } });
    input.addEventListener("input", () => {
      const table = { ...(obj[key] || {}) };
      if (input.value === "") delete table[l];
      else table[l] = input.value;
      if (Object.keys(table).length) obj[key] = table;
      else delete obj[key];
      changed();
    });
    return h("label", { for: id }, t(word, { lang: t(`sheets.lang.${l}`) }), input);
  }));
}

function word(key) {
  return t(`mk.word.${key}`) !== `mk.word.${key}` ? t(`mk.word.${key}`) : t(`sheets.f.${key}`);
}

// -- the kingdom ------------------------------------------------------------------------------------
function renderKingdom() {
  const k = sheet.kingdom;
  fill(
    $("#kingdom-fields"),
    field(k, "name", "kingdom.name", { label: t("sheets.f.name"), cls: "wide" }),
    ["level", "budget", "citizens", "voice", "upkeep"].map((f) => field(k, f, `kingdom.${f}`, { type: "number", label: t(`sheets.f.${f}`) })),
    POWERS.map((f) => field(k, f, `kingdom.${f}`, { type: "number", label: t(`sheets.f.${f}`) })),
  );
  renderKingdomMore();
  renderMap();
}

function renderKingdomMore() {
  const k = sheet.kingdom;
  k.talents = k.talents || [];
  k.relations = k.relations || {};
  k.talent_names = k.talent_names || {};
  k.nation_names = k.nation_names || {};
  const nation = h("input", { id: "new-nation", type: "text" });
  const relation = h("select", { id: "new-relation", "aria-label": t("sheets.f.relation") }, relationChoices().map((o) => h("option", { value: o, selected: o === "neutral" }, relationWord(o))));
  fill(
    $("#kingdom-more"),
    h("fieldset", {}, h("legend", {}, t("sheets.names")), perLanguage(k, "names", "kingdom")),
    h("fieldset", {}, h("legend", { title: prop("kingdom", "talents").description }, t("sheets.talents")),
      k.talents.map((talent, j) => h("div", { class: "row" },
        talentBox(k, j),
        h("button", { type: "button", onclick: () => { delete k.talent_names[talent]; k.talents.splice(j, 1); renderKingdomMore(); changed(); } }, t("sheets.remove")),
        talent ? h("details", { class: "item-more", open: Boolean(k.talent_names[talent]) },
          h("summary", {}, t("sheets.names")),
          // keyed by the talent as written; its boxes known by its place (a talent is named in any script)
          perLanguage(k.talent_names, talent, "kingdom.talent_names", "sheets.name_in", `f-kingdom-talent-${j}-names`),
        ) : null,
      )),
      h("button", { type: "button", id: "add-talent", onclick: () => { k.talents.push(""); renderKingdomMore(); changed(); } }, t("sheets.add_talent")),
    ),
    h("fieldset", {}, h("legend", {}, t("sheets.relations"))  /* the schema's help names the file's words; the choices here are in the reader's */,
      Object.keys(k.relations).map((n, j) => h("div", { class: "row" },
        // a nation is named in any script: its box is known by its place, not its name
        field(k.relations, n, `kingdom.relations.${n}`, { label: n, options: relationChoices(), named: relationWord, id: `f-kingdom-relation-${j}` }),
        h("button", { type: "button", onclick: () => { delete k.relations[n]; delete k.nation_names[n]; renderKingdomMore(); changed(); } }, t("sheets.remove")),
        h("details", { class: "item-more", open: Boolean(k.nation_names[n]) },
          h("summary", {}, t("sheets.names")),
          perLanguage(k.nation_names, n, "kingdom.nation_names", "sheets.name_in", `f-kingdom-relation-${j}-names`),
        ),
      )),
      h("div", { class: "row" },
        h("label", { for: "new-nation" }, t("sheets.f.nation"), nation),
        relation,
        h("button", { type: "button", id: "add-relation", onclick: () => {
          const name = nation.value.trim();
          if (!name) return;
          k.relations[name] = relation.value;
          renderKingdomMore();
          changed();
        } }, t("sheets.add_relation")),
      ),
    ),
  );
}

/** A field's choices as the reader takes them (its schema's enum). */
function choices(def, key) {
  return prop(def, key).enum || [];
}

/** A talent's box: renaming it carries its names per language along (``talent_names`` is keyed by it). */
function talentBox(k, j) {
  const id = `f-kingdom-talents-${j}-`;
  const input = h("input", { id, type: "text", value: k.talents[j], dataset: { path: `kingdom.talents[${j}]` } });
  input.addEventListener("input", () => {
    const old = k.talents[j];
    k.talents[j] = input.value;
    if (k.talent_names[old] && !k.talents.includes(old)) {
      if (input.value) k.talent_names[input.value] = k.talent_names[old];
      delete k.talent_names[old];
    }
    changed();
  });
  input.addEventListener("change", renderKingdomMore); // its names' boxes follow the new name
  return h("label", { for: id }, t("sheets.f.talent"), input);
}

function relationChoices() {
  return (prop("kingdom", "relations").additionalProperties || {}).enum || [];
}

function relationWord(r) {
  return t(`sheets.rel.${r}`) !== `sheets.rel.${r}` ? t(`sheets.rel.${r}`) : r;
}

function land() {
  if (!sheet.kingdom.maps || !sheet.kingdom.maps.length) sheet.kingdom.maps = [emptyMap()];
  const m = sheet.kingdom.maps[0];
  m.rooms = m.rooms || {};
  m.passages = m.passages || [];
  m.entrances = m.entrances || [];
  return m;
}

function neighbours(r) {
  const col = "ABC".indexOf(r[0]);
  const row = Number(r[1]);
  return ROOMS.filter((o) => Math.abs("ABC".indexOf(o[0]) - col) + Math.abs(Number(o[1]) - row) === 1);
}

function joined(m, a, b) {
  return m.passages.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

function facilityLabel(name) {
  const f = facilities.find((x) => x.name === name);
  return f ? f.label : name;
}

function renderMap() {
  const m = land();
  const grid = h(
    "div",
    { class: "rooms", role: "group", "aria-label": t("sheets.map") },
    ROOMS.map((r) =>
      h(
        "button",
        { type: "button", "aria-pressed": r === room ? "true" : "false", dataset: { room: r }, onclick: () => { room = r; renderMap(); } },
        h("span", { class: "room-name" }, r + (m.entrances.includes(r) ? " ★" : "")),
        (m.rooms[r] || []).map((f) => h("span", {}, facilityLabel(f))),
        neighbours(r).filter((o) => joined(m, r, o)).length ? h("span", { class: "small" }, "↔ " + neighbours(r).filter((o) => joined(m, r, o)).join(" ")) : null,
      ),
    ),
  );
  const here = m.rooms[room] || [];
  const pick = h("select", { id: "facility-pick", "aria-label": t("sheets.facility") }, facilities.map((f) => h("option", { value: f.name }, `${f.label} (${f.value})`)));
  const edit = h(
    "div",
    { class: "room-edit" },
    h("strong", {}, t("sheets.room", { room })),
    here.length ? h("ul", {}, here.map((f, i) => h("li", {}, facilityLabel(f), " ", h("button", { type: "button", onclick: () => { here.splice(i, 1); if (!here.length) delete m.rooms[room]; renderMap(); changed(); } }, t("sheets.remove"))))) : h("p", { class: "small" }, t("sheets.empty_room")),
    h("div", { class: "buttons" }, pick, h("button", { type: "button", id: "place-facility", onclick: () => { m.rooms[room] = [...here, pick.value]; renderMap(); changed(); } }, t("sheets.place"))),
    h("div", { class: "buttons" },
      neighbours(room).map((o) => h("label", { class: "choice" }, h("input", { type: "checkbox", dataset: { passage: o }, checked: joined(m, room, o), onchange: (e) => {
        m.passages = m.passages.filter(([x, y]) => !((x === room && y === o) || (x === o && y === room)));
        if (e.target.checked) m.passages.push([room, o].sort());
        renderMap();
        changed();
      } }), t("sheets.passage", { room: o }))),
      h("label", { class: "choice" }, h("input", { type: "checkbox", checked: m.entrances.includes(room), onchange: (e) => {
        m.entrances = m.entrances.filter((x) => x !== room);
        if (e.target.checked) m.entrances.push(room);
        renderMap();
        changed();
      } }), t("sheets.entrance")),
    ),
  );
  fill($("#map"), grid, edit);
}

// -- the court ----------------------------------------------------------------------------------------
function newCharacter() {
  const n = sheet.characters.length + 1;
  return { id: `pc${n}`, name: "", job: "", level: 1, wit: 0, charm: 0, search: 0, valor: 0, hp: 8, capacity: 3, drive: 0, evasion: 7, minions: 0, items: [], skills: [], favor: {}, enmity: {} };
}

function renderTitles() {
  for (const [i, c] of sheet.characters.entries()) {
    const summary = document.querySelector(`#char-${i} > summary`);
    if (summary) summary.textContent = c.name || c.id || t("sheets.unnamed");
  }
}

function renderCourt() {
  fill($("#characters"), sheet.characters.map((c, i) => character(c, i)));
}

function character(c, i) {
  const at = `characters[${i}]`;
  c.items = c.items || [];
  c.skills = c.skills || [];
  c.favor = c.favor || {};
  c.enmity = c.enmity || {};
  const others = sheet.characters.filter((o) => o !== c);
  return h(
    "details",
    { class: "char", id: `char-${i}`, open: true },
    h("summary", {}, c.name || c.id || t("sheets.unnamed")),
    h("div", { class: "grid-fields" },
      field(c, "name", `${at}.name`, { label: t("sheets.f.name") }),
      field(c, "id", `${at}.id`, { label: "id" }),
      field(c, "job", `${at}.job`, { label: t("sheets.f.job") }),
      field(c, "level", `${at}.level`, { type: "number", label: t("sheets.f.level") }),
      field(c, "pc", `${at}.pc`, { type: "checkbox", label: t("sheets.f.pc") }),
    ),
    h("fieldset", {}, h("legend", {}, t("sheets.names")), perLanguage(c, "names", at), perLanguage(c, "job_names", at, "sheets.job_in")),
    h("fieldset", {}, h("legend", {}, t("sheets.stats")), h("div", { class: "grid-fields" }, STATS.map((s) => field(c, s, `${at}.${s}`, { type: "number", label: word(s) })))),
    h("fieldset", {}, h("legend", {}, t("sheets.vitals")), h("div", { class: "grid-fields" }, VITALS.map((s) => field(c, s, `${at}.${s}`, { type: "number", label: t(`sheets.f.${s}`) })))),
    statuses(c, at),
    h("fieldset", {}, h("legend", {}, t("sheets.items")),
      c.items.map((item, j) => h("div", { class: "row" },
        field(item, "name", `${at}.items[${j}].name`, { label: t("sheets.f.name") }),
        field(item, "category", `${at}.items[${j}].category`, { label: t("sheets.f.category"), options: choices("item", "category"), help: prop("item", "category").description }),
        field(item, "attack", `${at}.items[${j}].attack`, { label: t("sheets.f.attack"), options: ["", ...choices("item", "attack")], help: prop("item", "attack").description }),
        ["range", "power", "reduction"].map((f) => field(item, f, `${at}.items[${j}].${f}`, { type: "number", label: t(`sheets.f.${f}`) })),
        h("button", { type: "button", onclick: () => { c.items.splice(j, 1); renderCourt(); changed(); } }, t("sheets.remove")),
        itemDetails(item, `${at}.items[${j}]`),
      )),
      h("button", { type: "button", class: "add-item", onclick: () => { c.items.push({ name: "", category: "item" }); renderCourt(); changed(); } }, t("sheets.add_item")),
    ),
    h("fieldset", {}, h("legend", {}, t("sheets.skills")),
      h("p", { class: "small" }, t("sheets.skills_help")),
      c.skills.map((skill, j) => h("div", { class: "row" },
        field(skill, "name", `${at}.skills[${j}].name`, { label: t("sheets.f.name") }),
        field(skill, "type", `${at}.skills[${j}].type`, { label: t("sheets.f.type"), options: choices("skill", "type"), help: prop("skill", "type").description }),
        field(skill, "level", `${at}.skills[${j}].level`, { type: "number", label: t("sheets.f.level") }),
        field(skill, "effect", `${at}.skills[${j}].effect`, { label: t("sheets.f.effect") }),
        h("button", { type: "button", onclick: () => { c.skills.splice(j, 1); renderCourt(); changed(); } }, t("sheets.remove")),
        h("details", { class: "item-more", open: Boolean(skill.names || skill.effect_names) },
          h("summary", {}, t("sheets.names")),
          perLanguage(skill, "names", `${at}.skills[${j}]`),
          perLanguage(skill, "effect_names", `${at}.skills[${j}]`, "sheets.effect_in"),
        ),
      )),
      h("button", { type: "button", onclick: () => { c.skills.push({ name: "", type: "support" }); renderCourt(); changed(); } }, t("sheets.add_skill")),
    ),
    others.length ? h("fieldset", {}, h("legend", {}, t("sheets.feelings")),
      others.map((o) => h("div", { class: "row" },
        h("span", {}, o.name || o.id),
        feeling(c, "favor", o.id, `${at}.favor`),
        feeling(c, "enmity", o.id, `${at}.enmity`),
      ))) : null,
    h("div", { class: "buttons" },
      h("button", { type: "button", onclick: () => exportCharacter(c, "ccfolia") }, t("sheets.copy_ccfolia")),
      h("button", { type: "button", onclick: () => exportCharacter(c, "udonarium") }, t("sheets.download_udonarium")),
      h("button", { type: "button", onclick: () => { sheet.characters.splice(i, 1); dropFeelings(c.id); renderCourt(); changed(); } }, t("sheets.remove_character")),
    ),
  );
}

/** An item's fields beyond its name and weapon numbers, folded away, each with the schema's own description
 * as its help. Its timing (``use``) and effects are data the reader wants together: a sheet file's matter. */
function itemDetails(item, at) {
  const number = (f) => field(item, f, `${at}.${f}`, { type: "number", label: t(`sheets.f.${f}`), help: prop("item", f).description });
  const notes = item.notes !== null && typeof item.notes === "object"
    ? perLanguage(item, "notes", at) // the sheet gave the notes per language: kept so
    : field(item, "notes", `${at}.notes`, { label: t("sheets.f.notes"), help: prop("item", "notes").description, cls: "wide" });
  return h("details", { class: "item-more", open: hasDetails(item) },
    h("summary", {}, t("sheets.item_more")),
    h("div", { class: "grid-fields" },
      number("level"),
      field(item, "breakable", `${at}.breakable`, { type: "checkbox", label: t("sheets.f.breakable"), help: prop("item", "breakable").description }),
      number("light"),
      number("heal"),
      notes,
    ),
    h("p", { class: "small" }, t("sheets.names")),
    perLanguage(item, "names", at),
  );
}

function hasDetails(item) {
  return ["level", "light", "heal", "notes", "names"].some((f) => item[f] !== undefined && item[f] !== "") || item.breakable === false;
}

/** The bad statuses a character has now, one box each; which there are is the schema's. */
function statuses(c, at) {
  const all = (prop("character", "statuses").items || {}).enum || [];
  const box = (st) => h("label", { class: "choice" }, h("input", { type: "checkbox", id: `f-${at.replace(/[^\w]/g, "-")}-status-${st}`, checked: (c.statuses || []).includes(st), dataset: { path: `${at}.statuses` }, onchange: (e) => {
    const now = (c.statuses || []).filter((x) => x !== st);
    if (e.target.checked) now.push(st);
    if (now.length) c.statuses = now;
    else delete c.statuses;
    changed();
  } }), t(`sheets.status.${st}`) !== `sheets.status.${st}` ? t(`sheets.status.${st}`) : st);
  return h("fieldset", {}, h("legend", { title: prop("character", "statuses").description }, t("sheets.statuses")), h("div", { class: "buttons" }, all.map(box)));
}

function feeling(c, kind, other, path) {
  const id = `f-${path.replace(/[^\w]/g, "-")}-${other}`;
  const input = h("input", { id, type: "number", min: "0", value: c[kind][other] ?? "", dataset: { path: `${path}.${other}` } });
  input.addEventListener("input", () => {
    if (input.value === "" || input.value === "0") delete c[kind][other];
    else c[kind][other] = Number.parseInt(input.value, 10);
    changed();
  });
  return h("label", { for: id }, t(`sheets.f.${kind}`), input);
}

function dropFeelings(id) {
  for (const c of sheet.characters) {
    if (c.favor) delete c.favor[id];
    if (c.enmity) delete c.enmity[id];
  }
}

// -- in and out ----------------------------------------------------------------------------------------
function save(blob, name) {
  const a = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function exportBytes(body) {
  const reply = await fetch(`/api/sheets/export?lang=${lang()}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!reply.ok) {
    let message = t("error.unexpected");
    try {
      message = (await reply.json()).message || message;
    } catch {
      // not JSON: keep the page's own words
    }
    throw new Error(message);
  }
  return reply;
}

async function download(fmt) {
  try {
    const reply = await exportBytes({ sheet, to: fmt });
    save(await reply.blob(), `court.${fmt}`);
    note(t("sheets.downloaded", { file: `court.${fmt}` }));
  } catch (failure) {
    note(failure.message);
  }
}

async function exportCharacter(c, fmt) {
  try {
    const reply = await exportBytes({ sheet, to: fmt, actor: c.id, lang: lang() });
    if (fmt === "ccfolia") {
      const text = await reply.text();
      note((await copyText(text, null)) ? t("sheets.copied") : text);
    } else {
      save(await reply.blob(), `${c.id}.zip`);
    }
  } catch (failure) {
    note(failure.message);
  }
}

function note(text) {
  fill($("#io-note"), text);
}

async function openSheet(file) {
  const text = await file.text();
  try {
    const answer = await call("POST", "/api/sheets/check", { body: { sheet: text, file: file.name }, lang: lang() });
    load(answer.sheet);
    note(t("sheets.opened", { file: file.name }));
  } catch (failure) {
    if (failure.sheet) {
      // a file with problems still fills the forms (what could be read), its problems beside the fields
      load(failure.sheet, failure.problems);
      note(t("sheets.open_failed", { file: file.name }));
    } else {
      showProblems(failure.problems || [], false);
      note(failure.message);
    }
  }
}

async function addImported(from, data, name) {
  try {
    const answer = await call("POST", "/api/sheets/import", { body: { from, data, file: name }, lang: lang() });
    const c = answer.character;
    while (sheet.characters.some((o) => o.id === c.id)) c.id = `${c.id}_`;
    sheet.characters.push(c);
    renderCourt();
    changed();
    note(answer.unread.length ? t("sheets.unread", { labels: answer.unread.join(", ") }) : t("sheets.imported", { name: c.name }));
  } catch (failure) {
    note(failure.message);
  }
}

function load(data, problems) {
  sheet = { kingdom: data.kingdom || blank().kingdom, characters: data.characters || [] };
  renderAll();
  if (problems) showProblems(problems, false); // the file's own words, not the stand-ins'
  else changed();
}

// -- a game ----------------------------------------------------------------------------------------------
async function start() {
  const error = $("#start-error");
  error.hidden = true;
  const [system, kind] = $("#start-kind").value.split("/");
  try {
    const made = await call("POST", "/api/games", { body: { system, kind, lang: $("#start-lang").value, setup: { sheet, files: { sheet: t("sheets.file") } } }, lang: lang() });
    fill(
      $("#seat-list"),
      made.seats.map((seat) => {
        const url = new URL(seat.url, location.origin).href;
        return h("li", { class: ["seat-link", seat.seat === "gm" && "secret"], dataset: { seat: seat.seat } }, h("span", { class: "seat-name" }, seat.seat === "gm" ? t("seat.gm") : seat.seat), h("a", { href: url, target: "_blank", rel: "noopener" }, t("home.open")));
      }),
    );
  } catch (failure) {
    fill(error, failure.message);
    error.hidden = false;
    if (failure.problems && failure.problems.length) showProblems(failure.problems, false);
  }
}

function renderAll() {
  renderKingdom();
  renderCourt();
}

async function fromGame() {
  // /sheets#game=ID&token=GM-TOKEN: the kingdom and court of a game as they stand now (the GM's download)
  const params = new URLSearchParams(location.hash.slice(1));
  const game = params.get("game");
  const token = params.get("token");
  if (!game || !token) return false;
  history.replaceState(null, "", location.pathname); // the token leaves the address bar
  const data = await call("GET", `/api/games/${encodeURIComponent(game)}/sheet?format=json`, { token, lang: lang() });
  load(data);
  note(t("sheets.from_game"));
  return true;
}

async function main() {
  await useLang(preferredLang("en"));
  translatePage();
  const select = $("#lang");
  langOptions(select, lang());
  langOptions($("#start-lang"), lang());
  select.addEventListener("change", async () => {
    document.documentElement.dataset.ready = "0"; // the forms are redrawn in the new words: not ready until then
    await useLang(select.value, true);
    translatePage();
    const [catalog, words] = await Promise.all([call("GET", "/api/sheets/facilities", { lang: lang() }), call("GET", "/api/sheets/schema", { lang: lang() })]);
    facilities = catalog.facilities;
    schema = words;
    renderAll();
    await check();
    document.documentElement.dataset.ready = "1";
  });
  fill($("#start-kind"), ["session", "round_table"].map((k) => h("option", { value: `MeikyuKingdom/${k}` }, `${t("system.MeikyuKingdom")} — ${t(`game.MeikyuKingdom.${k}`)}`)));
  facilities = (await call("GET", "/api/sheets/facilities", { lang: lang() })).facilities;
  schema = await call("GET", "/api/sheets/schema", { lang: lang() });
  $("#new-sheet").addEventListener("click", () => { sheet = blank(); renderAll(); changed(); note(""); });
  $("#add-character").addEventListener("click", () => { sheet.characters.push(newCharacter()); renderCourt(); changed(); });
  $("#open-sheet").addEventListener("change", (e) => e.target.files[0] && openSheet(e.target.files[0]));
  $("#import-udonarium").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    addImported("udonarium", btoa(binary), file.name);
  });
  $("#ccfolia-add").addEventListener("click", () => addImported("ccfolia", $("#ccfolia-paste").value, "ccfolia"));
  $("#download-toml").addEventListener("click", () => download("toml"));
  $("#download-json").addEventListener("click", () => download("json"));
  $("#start").addEventListener("click", start);
  try {
    await fromGame();
  } catch (failure) {
    note(failure.message);
  }
  renderAll();
  await check();
  document.documentElement.dataset.ready = "1";
}

main();
