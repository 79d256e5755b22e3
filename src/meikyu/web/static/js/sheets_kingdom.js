// The kingdom's forms: its name and numbers, names per language, talents, relations with other
// nations, materials in store, items brought home, the great power it serves and its land makers.
// The room maps are sheets_map.js's.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { S } from "./sheets_state.js";
import { changed } from "./sheets_check.js";
import { field, perLanguage, prop, said, textList, idOf } from "./sheets_form.js";

const $ = (sel) => document.querySelector(sel);
const POWERS = ["life", "order", "culture", "military"];

export function renderKingdom() {
  const k = S.sheet.kingdom;
  fill(
    $("#kingdom-fields"),
    field(k, "name", "kingdom.name", { label: t("sheets.f.name"), cls: "wide" }),
    ["level", "budget", "citizens", "voice", "upkeep"].map((f) => field(k, f, `kingdom.${f}`, { type: "number", label: t(`sheets.f.${f}`) })),
    POWERS.map((f) => field(k, f, `kingdom.${f}`, { type: "number", label: t(`sheets.f.${f}`) })),
    field(k, "land_makers", "kingdom.land_makers", { type: "number", label: t("sheets.f.land_makers") }),
    field(k, "vassal_of", "kingdom.vassal_of", { label: t("sheets.f.vassal_of") }),
  );
  renderKingdomMore();
}

function renderKingdomMore() {
  const k = S.sheet.kingdom;
  k.talents = k.talents || [];
  k.relations = k.relations || {};
  k.talent_names = k.talent_names || {};
  k.nation_names = k.nation_names || {};
  const nation = h("input", { id: "new-nation", type: "text" });
  const relation = h("select", { id: "new-relation", "aria-label": t("sheets.f.relation") }, relationChoices().map((o) => h("option", { value: o, selected: o === "neutral" }, said("sheets.rel", o))));
  fill(
    $("#kingdom-more"),
    h("fieldset", {}, h("legend", {}, t("sheets.names")), perLanguage(k, "names", "kingdom")),
    h("fieldset", {}, h("legend", {}, t("sheets.talents")),
      k.talents.map((talent, j) => h("div", { class: "row" },
        talentBox(k, j),
        h("button", { type: "button", onclick: () => { delete k.talent_names[talent]; k.talents.splice(j, 1); renderKingdomMore(); changed("kingdom.talents"); } }, t("sheets.remove")),
        talent ? h("details", { class: "item-more", open: Boolean(k.talent_names[talent]) },
          h("summary", {}, t("sheets.names")),
          // keyed by the talent as written; its boxes known by its place (a talent is named in any script)
          perLanguage(k.talent_names, talent, "kingdom.talent_names", "sheets.name_in", `f-kingdom-talent-${j}-names`),
        ) : null,
      )),
      h("button", { type: "button", id: "add-talent", onclick: () => { k.talents.push(""); renderKingdomMore(); changed(); } }, t("sheets.add_talent")),
    ),
    h("fieldset", {}, h("legend", {}, t("sheets.relations")),
      Object.keys(k.relations).map((n, j) => h("div", { class: "row" },
        // a nation is named in any script: its box is known by its place, not its name
        field(k.relations, n, `kingdom.relations.${n}`, { label: n, options: relationChoices(), named: (o) => said("sheets.rel", o), id: `f-kingdom-relation-${j}` }),
        h("button", { type: "button", onclick: () => { delete k.relations[n]; delete k.nation_names[n]; renderKingdomMore(); changed(`kingdom.relations.${n}`); } }, t("sheets.remove")),
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
    materials(k),
    h("fieldset", {}, h("legend", {}, t("sheets.stored_items")),
      textList(k, "stored_items", "kingdom.stored_items", { label: t("sheets.f.item"), add: t("sheets.add_stored"), redraw: renderKingdomMore }),
    ),
  );
}

/** Materials in store: a number box per material the reader knows (its schema's names); 0 or empty
 * leaves the material out. */
function materials(k) {
  const known = ((prop("kingdom", "materials").propertyNames || {}).enum) || [];
  const store = k.materials || {};
  const box = (m) => {
    const path = `kingdom.materials.${m}`;
    const input = h("input", { id: idOf(path), type: "number", min: "0", inputmode: "numeric", value: store[m] ?? "", dataset: { path } });
    input.addEventListener("input", () => {
      const now = { ...(k.materials || {}) };
      if (input.value === "" || input.value === "0") delete now[m];
      else now[m] = Number.parseInt(input.value, 10);
      if (Object.keys(now).length) k.materials = now;
      else delete k.materials;
      changed(path);
    });
    return h("label", { for: idOf(path) }, said("mk.word.material_", m), input);
  };
  // a material the file names and the reader does not know stays visible (its problem beside it)
  const all = [...known, ...Object.keys(store).filter((m) => !known.includes(m))];
  return h("fieldset", {}, h("legend", {}, t("sheets.materials")), h("div", { class: "grid-fields" }, all.map(box)));
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
    changed(`kingdom.talents[${j}]`);
  });
  input.addEventListener("change", renderKingdomMore); // its names' boxes follow the new name
  return h("label", { for: id }, t("sheets.f.talent"), input);
}

function relationChoices() {
  return (prop("kingdom", "relations").additionalProperties || {}).enum || [];
}
