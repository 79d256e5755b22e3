// The seat's legal actions, grouped by whose they are and then by kind, with exact odds shown before
// any check; and the pending prompt addressed to this seat, with its answers right under it.

import { h, groupBy } from "./dom.js";
import { t, has } from "./i18n.js";

export const KIND_ORDER = ["move", "attack", "support", "interrupt", "hope", "prompt", "check", "gm", "other"];

/** "80.56%" plus the exact fraction, for a button; null when there are no odds. */
export function oddsBadge(odds) {
  if (!odds || odds.success === undefined) return null;
  const pct = formatPct(odds.success_pct);
  const extra = [];
  for (const name of ["critical", "fumble"]) {
    if (odds[name] !== undefined) extra.push(t(`odds.${name}`, { pct: formatPct(odds[`${name}_pct`]), frac: odds[name] }));
  }
  const title = [t("odds.success", { pct, frac: odds.success }), ...extra].join(" · ");
  return h("span", { class: "odds", title, "aria-label": title }, pct);
}

export function formatPct(value) {
  if (typeof value !== "number") return "";
  return `${value.toFixed(value >= 10 ? 1 : 2).replace(/\.?0+$/, "")}%`;
}

/** A "json" field's value: what the text says as JSON (7, true, "x"), else the text itself (a bare name). */
export function jsonOrText(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A field's value in an action: `effect.amount` is the `amount` of the action's `effect` (a GM ruling). */
function fieldOf(action, name) {
  return name.split(".").reduce((at, part) => (at && typeof at === "object" ? at[part] : undefined), action);
}

/** The action with the field `name` (dotted: inside an object of the action) set to `value`; a copy. */
function withField(action, name, value) {
  const [head, ...rest] = name.split(".");
  if (!rest.length) return { ...action, [head]: value };
  const inner = action[head] && typeof action[head] === "object" ? action[head] : {};
  return { ...action, [head]: withField(inner, rest.join("."), value) };
}

/** An action with fields to fill in (a count, a name, a room): its label, the fields, a send button. */
export function itemForm(item, ctx) {
  const inputs = Object.entries(item.form).map(([name, spec]) => {
    const id = `f-${item.key}-${name}`.replace(/[^A-Za-z0-9_-]/g, "_");
    const value = fieldOf(item.action, name);
    let input;
    if (spec.type === "choice") {
      input = h("select", { id, name }, (spec.options || []).map((o) => h("option", { value: String(o.value), selected: o.value === value }, o.label)));
    } else if (spec.type === "int") {
      input = h("input", { id, name, type: "number", inputmode: "numeric", min: spec.min, max: spec.max, value: value ?? spec.min ?? 0, required: true });
    } else if (spec.type === "json") {
      input = h("input", { id, name, type: "text", value: value === undefined ? "" : JSON.stringify(value), autocomplete: "off", required: true });
    } else if (spec.type === "multi") {
      input = multiBoxes(id, spec, value);
    } else if (spec.type === "counts") {
      input = countBoxes(id, spec, value);
    } else {
      input = h("input", { id, name, type: "text", value: value ?? "", autocomplete: "off", required: !spec.optional });
    }
    const label = spec.label || (has(`form.${name}`) ? t(`form.${name}`) : name);
    const field = GROUPED.has(spec.type)
      ? h("fieldset", { class: "form-field form-group" }, h("legend", {}, label), input)
      : h("label", { class: "form-field", for: id }, h("span", {}, label), input);
    return { name, spec, input, field };
  });
  followChoices(inputs);
  const form = h(
    "form",
    { class: ["item-form", `kind-${item.kind}`], dataset: { key: item.key } },
    h("span", { class: "label" }, item.label),
    inputs.map((x) => x.field),
    h("button", { type: "submit", class: "act", dataset: { key: item.key }, disabled: !ctx.canAct }, t("form.send")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    let action = { ...item.action };
    for (const { name, spec, input } of inputs) {
      let value = input.value;
      if (spec.type === "int") value = Number.parseInt(input.value, 10);
      else if (spec.type === "json") value = jsonOrText(input.value);
      else if (GROUPED.has(spec.type)) value = groupValue(spec, input);
      else if (spec.type === "choice") {
        const chosen = (spec.options || []).find((o) => String(o.value) === input.value);
        value = chosen ? chosen.value : input.value;
      }
      action = withField(action, name, value);
    }
    ctx.act({ ...item, action });
  });
  return form;
}

/** A "json" field whose spec says `follows: ["target", "field"]` shows `defaults[target][field]`, the value now
 * of what those choices name (a GM ruling's field), each time one of them changes; empty when there is none. */
function followChoices(inputs) {
  const byName = new Map(inputs.map((x) => [x.name, x.input]));
  for (const { spec, input } of inputs) {
    if (spec.type !== "json" || !Array.isArray(spec.follows)) continue;
    const choices = spec.follows.map((name) => byName.get(name)).filter(Boolean);
    const show = () => {
      const now = choices.reduce((at, select) => (at && typeof at === "object" && Object.hasOwn(at, select.value) ? at[select.value] : undefined), spec.defaults);
      input.value = now === undefined ? "" : JSON.stringify(now);
    };
    for (const select of choices) select.addEventListener("change", show);
  }
}

/** Field types made of several inputs: "multi" (tick the choices wanted: a list of their values, a value
 * listed twice when two of its options are ticked) and "counts" (a number per choice, at most its `max`:
 * a list of [value, number] pairs for those above 0). */
const GROUPED = new Set(["multi", "counts"]);

function multiBoxes(id, spec, value) {
  const left = Array.isArray(value) ? [...value] : [];
  return h("span", { id, class: "form-choices" }, (spec.options || []).map((o, i) => {
    const at = left.indexOf(o.value);
    if (at >= 0) left.splice(at, 1);
    return h("label", {}, h("input", { type: "checkbox", checked: at >= 0, dataset: { index: String(i) } }), h("span", {}, o.label));
  }));
}

function countBoxes(id, spec, value) {
  const had = new Map((Array.isArray(value) ? value : []).map(([key, count]) => [key, count]));
  return h("span", { id, class: "form-choices" }, (spec.options || []).map((o, i) =>
    h("label", {}, h("span", {}, o.label),
      h("input", { type: "number", inputmode: "numeric", min: 0, max: o.max, value: had.get(o.value) ?? 0, dataset: { index: String(i) } }))));
}

function groupValue(spec, input) {
  const options = spec.options || [];
  const boxes = [...input.querySelectorAll("input")];
  if (spec.type === "multi") return boxes.filter((b) => b.checked).map((b) => options[Number(b.dataset.index)].value);
  return boxes
    .map((b) => [options[Number(b.dataset.index)].value, Number.parseInt(b.value, 10) || 0])
    .filter(([, count]) => count > 0);
}

function itemButton(item, ctx) {
  if (item.form && Object.keys(item.form).length) return itemForm(item, ctx);
  return h(
    "button",
    {
      type: "button",
      class: ["act", `kind-${item.kind}`],
      dataset: { key: item.key },
      disabled: !ctx.canAct,
      onclick: () => ctx.act(item),
    },
    oddsBadge(item.odds),
    h("span", { class: "label" }, item.label),
  );
}

/** An action the GM may take for a player's character (a player who is away). */
export function onBehalf(item, ctx) {
  return ctx.gm && item.seat && item.seat !== ctx.seat;
}

/** The menu items answering `prompt`: those its options name, else the items of kind "prompt". */
export function promptAnswers(prompt, items) {
  const keys = new Set(((prompt && prompt.options) || []).map((o) => (typeof o === "string" ? o : o && o.key)));
  const named = items.filter((item) => keys.has(item.key));
  return named.length ? named : items.filter((item) => item.kind === "prompt");
}

/** The prompt box: its text and its answers right under it; null when nothing waits. */
export function renderPrompt(prompt, answers, ctx) {
  if (!prompt && answers.length === 0) return null;
  return h(
    "section",
    { class: "prompt", "aria-labelledby": "prompt-title" },
    h("h2", { id: "prompt-title" }, t("prompt.title")),
    prompt && prompt.text ? h("p", { class: "prompt-text" }, prompt.text) : null,
    h("div", { class: "buttons" }, answers.map((item) => itemButton(item, ctx))),
  );
}

/** Every other action: one block per group (character, player, GM…), one row per kind. */
export function renderMenu(items, ctx, { skip = () => false } = {}) {
  const shown = items.filter((item) => !skip(item));
  if (shown.length === 0) return h("p", { class: "quiet" }, t(ctx.waitingText || "actions.none"));
  return groupBy(shown, (item) => item.group).map(([group, list]) =>
    h(
      "section",
      { class: "group", dataset: { group } },
      h("h3", {}, ctx.groupName(group)),
      [...groupBy(list, (item) => item.kind)]
        .sort((a, b) => rank(a[0]) - rank(b[0]))
        .map(([kind, kindItems]) =>
          h(
            "div",
            { class: "kind-row", role: "group", "aria-label": kindName(kind) },
            h("span", { class: "kind-name" }, kindName(kind)),
            h("div", { class: "buttons" }, kindItems.map((item) => itemButton(item, ctx))),
          ),
        ),
    ),
  );
}

function rank(kind) {
  const i = KIND_ORDER.indexOf(kind);
  return i < 0 ? KIND_ORDER.length : i;
}

function kindName(kind) {
  return has(`kind.${kind}`) ? t(`kind.${kind}`) : t("kind.other");
}
