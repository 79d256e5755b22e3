// A name (or a text) in each language, as the sheet editor and the card maker both write it:
// `names = {ko = …, ja = …, en = …}`. One box per language; an empty box leaves its language out, and an
// empty table leaves the field out (the written name is used then).

import { h } from "./dom.js";
import { t, LANGS } from "./i18n.js";

/** Three boxes bound to obj[key][lang], labelled by the catalog's `word` ({lang}); their ids are
 * `${base}-ko` …; `edited(path)` runs after each edit with the edited box's path. */
export function langBoxes(obj, key, path, word, base, edited) {
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
      edited(at);
    });
    return h("label", { for: id }, t(word, { lang: t(`sheets.lang.${l}`) }), input);
  }));
}
