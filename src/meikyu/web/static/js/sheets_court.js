// The court's forms: each character's names, stats, HP and the rest, bad statuses, item slots (an
// empty slot is ``{}``: it holds a place under the character's capacity), skills, what their skills and
// items do (sheets_acts.js), favor and enmity, and the chat palette kept as written.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { S } from "./sheets_state.js";
import { changed } from "./sheets_check.js";
import { field, perLanguage, prop, choices, said, word } from "./sheets_form.js";
import { actsForm } from "./sheets_acts.js";

const $ = (sel) => document.querySelector(sel);
const STATS = ["wit", "charm", "search", "valor"];
const VITALS = ["hp", "max_hp", "capacity", "drive", "evasion", "minions"];

let onExport = () => {};

/** ``exporter(character, format)`` is what the character's ccfolia and Udonarium buttons call. */
export function exportsWith(exporter) {
  onExport = exporter;
}

export function newCharacter() {
  const n = S.sheet.characters.length + 1;
  return { id: `pc${n}`, name: "", job: "", level: 1, wit: 0, charm: 0, search: 0, valor: 0, hp: 8, capacity: 3, drive: 0, evasion: 7, minions: 0, items: [], skills: [], favor: {}, enmity: {} };
}

export function renderTitles() {
  for (const [i, c] of S.sheet.characters.entries()) {
    const summary = document.querySelector(`#char-${i} > summary`);
    if (summary) summary.textContent = c.name || c.id || t("sheets.unnamed");
  }
}

export function renderCourt() {
  fill($("#characters"), S.sheet.characters.map((c, i) => character(c, i)));
}

/** Draw one character again in place (its details stay as they were opened). */
function redrawCharacter(i) {
  // a fold is known by its place in the sheet (its id or data-fold), not its order: a new item moves the rest
  const key = (d) => d.id || d.dataset.fold;
  const old = document.getElementById(`char-${i}`);
  const open = new Set([...old.querySelectorAll("details")].filter((d) => d.open && key(d)).map(key));
  const fresh = character(S.sheet.characters[i], i);
  for (const d of fresh.querySelectorAll("details")) if (open.has(key(d))) d.open = true;
  old.replaceWith(fresh);
}

function character(c, i) {
  const at = `characters[${i}]`;
  c.items = c.items || [];
  c.skills = c.skills || [];
  c.favor = c.favor || {};
  c.enmity = c.enmity || {};
  const others = S.sheet.characters.filter((o) => o !== c);
  const titled = () => renderTitles();
  const redraw = () => redrawCharacter(i);
  return h(
    "details",
    { class: "char", id: `char-${i}`, open: true },
    h("summary", {}, c.name || c.id || t("sheets.unnamed")),
    h("div", { class: "grid-fields" },
      field(c, "name", `${at}.name`, { label: t("sheets.f.name"), after: titled }),
      field(c, "id", `${at}.id`, { label: t("sheets.f.id"), after: titled }),
      field(c, "job", `${at}.job`, { label: t("sheets.f.job") }),
      field(c, "level", `${at}.level`, { type: "number", label: t("sheets.f.level") }),
      field(c, "pc", `${at}.pc`, { type: "checkbox", label: t("sheets.f.pc") }),
    ),
    h("fieldset", {}, h("legend", {}, t("sheets.names")), perLanguage(c, "names", at), perLanguage(c, "job_names", at, "sheets.job_in")),
    h("fieldset", {}, h("legend", {}, t("sheets.stats")), h("div", { class: "grid-fields" }, STATS.map((s) => field(c, s, `${at}.${s}`, { type: "number", label: word(s) })))),
    h("fieldset", {}, h("legend", {}, t("sheets.vitals")), h("div", { class: "grid-fields" }, VITALS.map((s) => field(c, s, `${at}.${s}`, { type: "number", label: t(`sheets.f.${s}`) })))),
    statuses(c, at),
    items(c, at, redraw),
    skills(c, at, redraw),
    others.length ? h("fieldset", {}, h("legend", {}, t("sheets.feelings")),
      others.map((o) => h("div", { class: "row feeling" },
        h("span", { class: "who" }, o.name || o.id),
        feeling(c, "favor", o.id, `${at}.favor`),
        feeling(c, "enmity", o.id, `${at}.enmity`),
      ))) : null,
    h("details", { class: "item-more palette", dataset: { fold: `${at}.palette` }, open: Boolean(c.palette) },
      h("summary", {}, t("sheets.palette")),
      h("p", { class: "small" }, t("sheets.palette_help")),
      field(c, "palette", `${at}.palette`, { type: "textarea", label: t("sheets.f.palette"), cls: "wide" }),
    ),
    h("div", { class: "buttons" },
      h("button", { type: "button", onclick: () => onExport(c, "ccfolia") }, t("sheets.copy_ccfolia")),
      h("button", { type: "button", onclick: () => onExport(c, "udonarium") }, t("sheets.download_udonarium")),
      h("button", { type: "button", onclick: () => { S.sheet.characters.splice(i, 1); dropFeelings(c.id); renderCourt(); changed("characters"); } }, t("sheets.remove_character")),
    ),
  );
}

/** Item slots in order: an item, or an empty slot (``{}``) kept in its place. */
function items(c, at, redraw) {
  const used = c.items.filter((x) => x && Object.keys(x).length).length;
  return h("fieldset", {}, h("legend", {}, t("sheets.items")),
    h("p", { class: "small" }, t("sheets.slots", { items: used, slots: c.items.length })),
    c.items.map((item, j) => {
      const here = `${at}.items[${j}]`;
      const drop = h("button", { type: "button", onclick: () => { c.items.splice(j, 1); redraw(); changed(`${at}.items`); } }, t("sheets.remove"));
      if (!item || !Object.keys(item).length) {
        return h("div", { class: "row empty-slot", dataset: { slot: String(j) } },
          h("span", {}, t("sheets.empty_slot", { n: j + 1 })),
          h("button", { type: "button", class: "fill-slot", onclick: () => { c.items[j] = { name: "", category: "item" }; redraw(); changed(here); } }, t("sheets.fill_slot")),
          drop);
      }
      return h("div", { class: "row" },
        field(item, "name", `${here}.name`, { label: t("sheets.f.name") }),
        field(item, "category", `${here}.category`, { label: t("sheets.f.category"), options: choices("item", "category"), named: (o) => said("sheets.category", o) }),
        field(item, "attack", `${here}.attack`, { label: t("sheets.f.attack"), options: ["", ...choices("item", "attack")], named: (o) => said("mk.word", o) }),
        ["range", "power", "reduction"].map((f) => field(item, f, `${here}.${f}`, { type: "number", label: t(`sheets.f.${f}`) })),
        h("button", { type: "button", class: "empty-it", onclick: () => { c.items[j] = {}; redraw(); changed(here); } }, t("sheets.make_empty")),
        drop,
        itemDetails(item, here),
        actsForm(item, here, "item", redraw),
      );
    }),
    h("div", { class: "buttons" },
      h("button", { type: "button", class: "add-item", onclick: () => { c.items.push({ name: "", category: "item" }); redraw(); changed(); } }, t("sheets.add_item")),
      h("button", { type: "button", class: "add-slot", onclick: () => { c.items.push({}); redraw(); changed(); } }, t("sheets.add_slot")),
    ),
  );
}

function skills(c, at, redraw) {
  return h("fieldset", {}, h("legend", {}, t("sheets.skills")),
    h("p", { class: "small" }, t("sheets.skills_help")),
    c.skills.map((skill, j) => {
      const here = `${at}.skills[${j}]`;
      return h("div", { class: "row" },
        field(skill, "name", `${here}.name`, { label: t("sheets.f.name") }),
        field(skill, "type", `${here}.type`, { label: t("sheets.f.type"), options: choices("skill", "type"), named: (o) => said("mk.word", o) }),
        field(skill, "level", `${here}.level`, { type: "number", label: t("sheets.f.level") }),
        typeof skill.effect === "object" && skill.effect !== null
          ? h("span", { class: "small" }, t("sheets.effect_table")) // a table kept as written: the file's matter
          : field(skill, "effect", `${here}.effect`, { label: t("sheets.f.effect") }),
        h("button", { type: "button", onclick: () => { c.skills.splice(j, 1); redraw(); changed(`${at}.skills`); } }, t("sheets.remove")),
        h("details", { class: "item-more", dataset: { fold: `${here}.names` }, open: Boolean(skill.names || skill.effect_names) },
          h("summary", {}, t("sheets.names")),
          perLanguage(skill, "names", here),
          perLanguage(skill, "effect_names", here, "sheets.effect_in"),
        ),
        actsForm(skill, here, "skill", redraw),
      );
    }),
    h("button", { type: "button", class: "add-skill", onclick: () => { c.skills.push({ name: "", type: "support" }); redraw(); changed(); } }, t("sheets.add_skill")),
  );
}

/** An item's fields beyond its name and weapon numbers, folded away. */
function itemDetails(item, at) {
  const number = (f) => field(item, f, `${at}.${f}`, { type: "number", label: t(`sheets.f.${f}`) });
  // notes the sheet gave per language are kept so, in a row of their own (inside the numbers' grid their
  // three boxes stretched the row and every box in it)
  const perLang = item.notes !== null && typeof item.notes === "object";
  return h("details", { class: "item-more", dataset: { fold: `${at}.more` }, open: hasDetails(item) },
    h("summary", {}, t("sheets.item_more")),
    h("div", { class: "grid-fields" },
      number("level"),
      field(item, "breakable", `${at}.breakable`, { type: "checkbox", label: t("sheets.f.breakable") }),
      number("light"),
      number("heal"),
      perLang ? null : field(item, "notes", `${at}.notes`, { label: t("sheets.f.notes"), cls: "wide" }),
    ),
    perLang ? perLanguage(item, "notes", at) : null,
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
    changed(`${at}.statuses`);
  } }), said("sheets.status", st));
  return h("fieldset", {}, h("legend", {}, t("sheets.statuses")), h("div", { class: "buttons" }, all.map(box)));
}

function feeling(c, kind, other, path) {
  const id = `f-${path.replace(/[^\w]/g, "-")}-${other}`;
  const input = h("input", { id, type: "number", min: "0", value: c[kind][other] ?? "", dataset: { path: `${path}.${other}` } });
  input.addEventListener("input", () => {
    if (input.value === "" || input.value === "0") delete c[kind][other];
    else c[kind][other] = Number.parseInt(input.value, 10);
    changed(`${path}.${other}`);
  });
  return h("label", { for: id }, t(`sheets.f.${kind}`), input);
}

function dropFeelings(id) {
  for (const c of S.sheet.characters) {
    if (c.favor) delete c.favor[id];
    if (c.enmity) delete c.enmity[id];
  }
}
