// Data that acts (data/tables/DATA_EFFECTS.md) as forms: a skill's or an item's effects, each one of
// the reader's effect types with that type's own parameters, and the fields beside them (trigger,
// target, where, which checks, cost). Every choice is the schema's (/api/sheets/schema: ``$defs.effect``
// and the skill's and item's acting fields); the words for them are the page's catalog's.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { S } from "./sheets_state.js";
import { changed } from "./sheets_check.js";
import { field, prop, choices, said, ticks, idOf } from "./sheets_form.js";

const ACTING = ["trigger", "where", "checks", "stats", "target", "cost", "effects"];

/** Each effect type the reader knows: ``{type: {params: {name: schema}, required: [names]}}``. */
function effectTypes() {
  const out = {};
  for (const branch of ((S.schema.$defs.effect || {}).oneOf || [])) {
    const { type, ...params } = branch.properties;
    out[type.const] = { params, required: branch.required.filter((p) => p !== "type") };
  }
  return out;
}

/** The acting part of a skill (``def = "skill"``, its timing its ``type``) or an item (``def = "item"``,
 * its timing ``use``), folded away unless it acts. ``redraw`` draws the holder again. */
export function actsForm(obj, at, def, redraw) {
  const acting = Array.isArray(obj.effects);
  const begin = () => {
    obj.effects = [firstEffect()];
    redraw();
    changed(at);
  };
  const stop = () => {
    for (const f of ACTING) delete obj[f];
    if (def === "item") delete obj.use;
    redraw();
    changed(at);
  };
  // an item's timing and its effects go together (the reader refuses a timing without effects): choosing
  // a timing makes the item act, and "does nothing by itself" takes both away
  const timing = def === "item" ? field(obj, "use", `${at}.use`, {
    label: t("sheets.f.use"), options: choices("item", "use"), named: (o) => (o === "" ? t("sheets.use_default") : said("mk.word", o)),
    after: (v) => { if (v !== "" && !Array.isArray(obj.effects)) begin(); },
  }) : null;
  return h("details", { class: "acts", id: `${idOf(at)}-acts`, open: acting || Boolean(obj.use) },
    h("summary", {}, t("sheets.acts")),
    h("p", { class: "small" }, t(def === "item" ? "sheets.acts_item_help" : "sheets.acts_help")),
    timing ? h("div", { class: "grid-fields" }, timing) : null,
    acting ? actingFields(obj, at, def, redraw) : null,
    h("div", { class: "buttons" },
      acting ? h("button", { type: "button", class: "stop-acting", onclick: stop }, t("sheets.stop_acting"))
        : h("button", { type: "button", class: "make-acting", onclick: begin }, t("sheets.make_acting"))),
  );
}

function firstEffect() {
  const [type] = Object.keys(effectTypes());
  return { type };
}

function actingFields(obj, at, def, redraw) {
  const one = (key, named) => field(obj, key, `${at}.${key}`, { label: t(`sheets.f.${key}`), options: choices(def, key), named });
  // a list of words (the schema's first shape: the reader also takes one word alone, which the boxes write as a list)
  const words = (key) => ((prop(def, key).anyOf || [prop(def, key)])[0].items || {}).enum || [];
  const list = (key) => ticks(obj, key, `${at}.${key}`, words(key), (w) => said("sheets.fv", w), t(`sheets.f.${key}`));
  return h("div", { class: "acting" },
    h("div", { class: "grid-fields" },
      one("trigger", (o) => said("sheets.fv", o)),
      one("target", (o) => said("sheets.fv", o)),
    ),
    list("where"),
    list("stats"),
    list("checks"),
    cost(obj, at, def),
    h("p", { class: "small" }, t("sheets.formula_help")),
    effectList(obj, "effects", `${at}.effects`, redraw, t("sheets.effects")),
  );
}

/** What using it costs: hope, minions (a number or dice), HP, used up, how often. */
function cost(obj, at, def) {
  const shape = (prop(def, "cost").properties) || {};
  const c = { ...(obj.cost || {}) };
  const keep = () => {
    for (const [k, v] of Object.entries(c)) if (v === "" || v === 0 || v === false) delete c[k];
    if (Object.keys(c).length) obj.cost = { ...c };
    else delete obj.cost;
  };
  const box = (key) => {
    const path = `${at}.cost.${key}`;
    const s = shape[key];
    // "" is no limit (how often), not a word left out
    if (s.enum) return field(c, key, path, { label: t(`sheets.fp.cost_${key}`), options: s.enum, named: (o) => (o === "" ? t("sheets.no_limit") : said("sheets.fv", o)), after: keep });
    if (s.type === "boolean") {
      const input = h("input", { id: idOf(path), type: "checkbox", checked: c[key] === true, dataset: { path } });
      input.addEventListener("input", () => { c[key] = input.checked; keep(); changed(path); });
      return h("label", { for: idOf(path), class: "choice" }, input, t(`sheets.fp.cost_${key}`));
    }
    return formulaBox(c, key, path, t(`sheets.fp.cost_${key}`), s, keep);
  };
  return h("fieldset", { class: "cost" }, h("legend", {}, t("sheets.f.cost")),
    h("div", { class: "grid-fields" }, Object.keys(shape).map(box)));
}

/** A number or a formula (``1D6``, ``level``): a whole number is written as a number. */
function formulaBox(obj, key, path, label, shape, after = null) {
  const numeric = shape.type === "integer";
  const input = h("input", { id: idOf(path), type: numeric ? "number" : "text", value: obj[key] ?? "", dataset: { path }, inputmode: numeric ? "numeric" : null });
  input.addEventListener("input", () => {
    const v = input.value.trim();
    if (v === "") delete obj[key];
    else if (/^-?\d+$/.test(v)) obj[key] = Number.parseInt(v, 10);
    else obj[key] = v;
    if (after) after();
    changed(path);
  });
  return h("label", { for: idOf(path) }, label, input);
}

/** A list of effects (``effects``, or a nested one such as a check's ``on_success``). */
function effectList(obj, key, path, redraw, legend) {
  const list = obj[key] || [];
  // the fieldset carries the list's path: a problem with the list itself ("empty") is shown after it
  return h("fieldset", { class: "effects", dataset: { path } }, h("legend", {}, legend),
    list.map((e, j) => effect(list, j, `${path}[${j}]`, () => redraw(), () => {
      list.splice(j, 1);
      if (!list.length && key !== "effects") delete obj[key];
      redraw();
      changed(path);
    })),
    h("button", { type: "button", class: "add-effect", id: `${idOf(path)}-add`, onclick: () => { obj[key] = [...list, firstEffect()]; redraw(); changed(); } }, t("sheets.add_effect")),
  );
}

function effect(list, j, path, redraw, remove) {
  const e = list[j];
  const types = effectTypes();
  const spec = types[e.type] || { params: {}, required: [] };
  const typeBox = h("select", { id: idOf(`${path}.type`), dataset: { path: `${path}.type` } },
    // a type the reader does not know (from a file) stays chosen, as written, until another is picked
    (e.type in types ? [] : [h("option", { value: e.type ?? "", selected: true }, String(e.type ?? "—"))]),
    Object.keys(types).map((name) => h("option", { value: name, selected: name === e.type }, said("sheets.fx", name))));
  typeBox.addEventListener("change", () => {
    // a new type keeps only the parameters it also has
    const next = types[typeBox.value];
    list[j] = Object.fromEntries([["type", typeBox.value], ...Object.entries(e).filter(([k]) => k !== "type" && k in next.params)]);
    redraw();
    changed(path);
  });
  return h("div", { class: "effect" },
    h("div", { class: "row" },
      h("label", { for: typeBox.id }, t("sheets.f.effect_type"), typeBox),
      Object.entries(spec.params).filter(([, s]) => !isEffects(s)).map(([name, s]) => param(e, name, s, `${path}.${name}`, spec.required.includes(name))),
      h("button", { type: "button", onclick: remove }, t("sheets.remove")),
    ),
    Object.entries(spec.params).filter(([, s]) => isEffects(s)).map(([name]) =>
      h("div", { class: "nested" }, effectList(e, name, `${path}.${name}`, redraw, said("sheets.fp", name)))),
  );
}

function isEffects(s) {
  return s.type === "array" && s.items && s.items.$ref;
}

function param(e, name, s, path, required) {
  const label = required ? said("sheets.fp", name) : t("sheets.optional", { label: said("sheets.fp", name) });
  if (s.enum) return field(e, name, path, { label, options: required ? s.enum : ["", ...s.enum], named: (o) => said("sheets.fv", o) });
  if (s.type === "boolean") {
    const input = h("input", { id: idOf(path), type: "checkbox", checked: e[name] === true, dataset: { path } });
    input.addEventListener("input", () => { if (input.checked) e[name] = true; else delete e[name]; changed(path); });
    return h("label", { for: idOf(path), class: "choice" }, input, label);
  }
  if (s.type === "array") return ticks(e, name, path, (s.items || {}).enum || [], (w) => said("sheets.fv", w), label);
  if (s.type === "integer") return field(e, name, path, { type: "number", label });
  if (s.format === "formula") return formulaBox(e, name, path, label, s);
  return field(e, name, path, { label });
}
