// The editor's form pieces: an input bound to a field of the sheet, a box per language, a list of
// words, and the schema's word on a field (its choices). Every piece reports its edit
// with the reader's path, so the check forgets what the opened file said there.

import { h } from "./dom.js";
import { t, has } from "./i18n.js";
import { S } from "./sheets_state.js";
import { changed } from "./sheets_check.js";
import { langBoxes } from "./lang_boxes.js";


/** The id of a field's input, from its path (``characters[0].wit`` → ``f-characters-0--wit``). */
export function idOf(path) {
  return `f-${path.replace(/[^\w]/g, "-")}`;
}

/** The schema's word on a field: ``prop("item", "use")`` (its enum …); {} before it has come. Its
 * descriptions are written for a sheet file (they name the file's words): the page says its own. */
export function prop(def, key) {
  return ((S.schema.$defs[def] || {}).properties || {})[key] || {};
}

/** A field's choices as the reader takes them (its schema's enum). */
export function choices(def, key) {
  return prop(def, key).enum || [];
}

/** A word in the reader's language: the catalog's ``<prefix>.<key>`` (``<prefix><key>`` for a prefix
 * ending in "_"), else the game's own word for it (``mk.word.<key>``), else the word as written. */
export function said(prefix, key) {
  if (key === "") return "—";
  const own = prefix.endsWith("_") ? `${prefix}${key}` : `${prefix}.${key}`;
  if (has(own)) return t(own);
  if (has(`mk.word.${key}`)) return t(`mk.word.${key}`);
  return key;
}

/** An input bound to obj[key]; numbers left empty are left out of the sheet (its default applies). */
export function field(obj, key, path, { type = "text", label = key, options = null, cls = null, named = null, id = idOf(path), after = null } = {}) {
  let input;
  if (options) {
    input = h("select", { id, dataset: { path } }, options.map((o) => h("option", { value: o, selected: String(obj[key] ?? "") === o }, named ? named(o) : o === "" ? "—" : o)));
  } else if (type === "checkbox") {
    input = h("input", { id, type: "checkbox", checked: obj[key] !== false, dataset: { path } });
  } else if (type === "textarea") {
    input = h("textarea", { id, rows: "4", dataset: { path } });
    input.value = obj[key] ?? "";
  } else {
    input = h("input", { id, type, value: obj[key] ?? "", dataset: { path }, inputmode: type === "number" ? "numeric" : null });
  }
  input.addEventListener("input", () => {
    if (type === "checkbox") obj[key] = input.checked;
    else if (type === "number") {
      if (input.value === "") delete obj[key];
      else obj[key] = Number.parseInt(input.value, 10);
    } else if (input.value === "" && (options || type === "textarea")) delete obj[key];
    else obj[key] = input.value;
    if (after) after(input.value);
    changed(path);
  });
  return h("label", { for: id, class: cls }, label, input);
}

/** A name in each language (``names = {ko, ja, en}``, or another such table), as the card maker's too. */
export function perLanguage(obj, key, path, word = key === "names" ? "sheets.name_in" : "sheets.text_in", base = idOf(`${path}.${key}`)) {
  return langBoxes(obj, key, path, word, base, changed);
}

/** Tick boxes for a list of words (``where = ["battle"]``): one box per choice the schema gives; an
 * empty list is left out of the sheet. */
export function ticks(obj, key, path, all, named, legend) {
  const box = (w) => h("label", { class: "choice" }, h("input", { type: "checkbox", id: `${idOf(path)}-${w}`, checked: [].concat(obj[key] ?? []).includes(w), dataset: { path }, onchange: (e) => {
    const now = [].concat(obj[key] ?? []).filter((x) => x !== w); // one word alone reads as a list of it
    if (e.target.checked) now.push(w);
    if (now.length) obj[key] = all.filter((x) => now.includes(x));
    else delete obj[key];
    changed(path);
  } }), named(w));
  return h("fieldset", { class: "ticks" }, h("legend", {}, legend), h("div", { class: "buttons" }, all.map(box)));
}

/** A list of texts, one box each, with an add button (stored items): an empty box is dropped. */
export function textList(obj, key, path, { label, add, redraw }) {
  const list = obj[key] || [];
  return h("div", { class: "text-list" },
    list.map((text, j) => h("div", { class: "row" },
      field(list, j, `${path}[${j}]`, { label }),
      h("button", { type: "button", onclick: () => { list.splice(j, 1); if (!list.length) delete obj[key]; redraw(); changed(path); } }, t("sheets.remove")),
    )),
    h("button", { type: "button", id: `${idOf(path)}-add`, onclick: () => { obj[key] = [...list, ""]; redraw(); changed(); } }, add),
  );
}

export function word(key) {
  return has(`mk.word.${key}`) ? t(`mk.word.${key}`) : t(`sheets.f.${key}`);
}
