// The action picker (issue 26, point 1): one small question at a time over the seat's menu items —
// whose turn (when the seat plays several characters) → what (the item kinds the server gives) → the
// target (a piece tapped on the battlefield or a short list) → the options (weapon, a hope stepper whose
// exact odds follow it, holding back) → confirm. It only groups the menu's items by the fields of their
// actions and shows the server's labels and odds: no rule lives here; a prompt stays a direct question
// (menu.js), and anything the picker does not step through stays in the full list below it.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { oddsBadge } from "./menu.js";

/** The kinds the picker steps through; answers to prompts and the GM's tools stay where they were. */
const STEPPED = ["move", "attack", "support", "hope", "check", "other"];

/** What the seat has picked so far; kept across redraws, dropped where the menu no longer offers it. */
const chosen = { who: null, kind: null, target: null, weapon: null, hope: 0, hold: false };
let onPiece = null;

/** The items the picker offers: a battle's own actions (they name who acts: an actor, or the court's
 * representative for a strategy check), without forms. */
export function pickable(items, view) {
  if (!view || !(view.battle || Array.isArray(view.combatants))) return [];
  return items.filter((i) => STEPPED.includes(i.kind) && !i.form && i.action && typeof (i.action.actor || i.action.representative) === "string");
}

/** The target an item aims at: a piece (`t:id`), a step (`s:1`), or "" when it aims at nothing. */
function targetOf(item) {
  const a = item.action;
  if (typeof a.target === "string" && a.target) return `t:${a.target}`;
  if (typeof a.other === "string" && a.other) return `t:${a.other}`;
  if (typeof a.step === "number") return `s:${a.step}`;
  return "";
}

function weaponOf(item) {
  const a = item.action;
  return typeof a.weapon === "number" ? `${a.weapon}${a.improvised ? "i" : ""}` : "";
}

function uniq(list) {
  return [...new Set(list)];
}

function keep(value, options) {
  return options.includes(value) ? value : options.length === 1 ? options[0] : null;
}

function piecesOf(view) {
  const b = view && (view.battle || view);
  return (b && Array.isArray(b.combatants)) ? b.combatants : [];
}

/** The picker's panel, or null when there is nothing to pick from. `ctx`: act, canAct, groupName. */
export function renderPicker(items, view, ctx) {
  const all = pickable(items, view);
  if (!all.length) {
    onPiece = null;
    return null;
  }
  chosen.who = keep(chosen.who, uniq(all.map((i) => i.group)));
  const mine = all.filter((i) => i.group === chosen.who);
  chosen.kind = mine.length ? (uniq(mine.map((i) => i.kind)).includes(chosen.kind) ? chosen.kind : null) : null;
  const ofKind = mine.filter((i) => i.kind === chosen.kind);
  chosen.target = keep(chosen.target, uniq(ofKind.map(targetOf)));
  const aimed = ofKind.filter((i) => targetOf(i) === chosen.target);
  const redraw = () => ctx.redraw();
  const back = (field) => h("button", { type: "button", class: "pick-back", onclick: () => { chosen[field] = null; redraw(); } }, t("picker.back"));

  let step;
  let question;
  let controls;
  onPiece = null;
  if (chosen.who === null) {
    step = "who";
    question = t("picker.who");
    controls = uniq(all.map((i) => i.group)).map((g) => h("button", { type: "button", class: "pick", dataset: { pick: g }, onclick: () => { chosen.who = g; redraw(); } }, ctx.groupName(g)));
  } else if (chosen.kind === null) {
    step = "kind";
    question = t("picker.what", { who: ctx.groupName(chosen.who) });
    const kinds = STEPPED.filter((k) => mine.some((i) => i.kind === k));
    controls = [
      ...kinds.map((k) => h("button", { type: "button", class: ["pick", `kind-${k}`], dataset: { pick: k }, onclick: () => { chosen.kind = k; redraw(); } }, t(`kind.${k}`))),
      uniq(all.map((i) => i.group)).length > 1 ? back("who") : null,
    ];
  } else if (chosen.target === null) {
    step = "target";
    question = t(chosen.kind === "move" ? "picker.where" : "picker.target");
    const pieces = piecesOf(view);
    const targets = uniq(ofKind.map(targetOf));
    const name = (target) => {
      if (target.startsWith("t:")) {
        const p = pieces.find((c) => c.id === target.slice(2));
        return (p && p.name) || ctx.groupName(target.slice(2));
      }
      // a step or no target: the server's own words for the plainest such item
      const plain = ofKind.filter((i) => targetOf(i) === target).sort((a, b) => (a.action.hope || 0) - (b.action.hope || 0))[0];
      return plain.label;
    };
    controls = [
      ...targets.map((target) => h("button", { type: "button", class: "pick", dataset: { pick: target }, onclick: () => { chosen.target = target; redraw(); } }, name(target))),
      back("kind"),
    ];
    const tappable = new Set(targets.filter((x) => x.startsWith("t:")).map((x) => x.slice(2)));
    onPiece = (id) => {
      if (!tappable.has(id)) return false;
      chosen.target = `t:${id}`;
      redraw();
      return true;
    };
    ctx.highlight([...tappable]);
  } else {
    step = "options";
    const target = chosen.target.startsWith("t:") ? chosen.target.slice(2) : null;
    if (target) ctx.highlight([target]);
    const weapons = uniq(aimed.map(weaponOf));
    chosen.weapon = keep(chosen.weapon, weapons) ?? weapons[0];
    const armed = aimed.filter((i) => weaponOf(i) === chosen.weapon);
    const holds = uniq(armed.map((i) => Boolean(i.action.hold_back)));
    if (!holds.includes(chosen.hold)) chosen.hold = false;
    const held = armed.filter((i) => Boolean(i.action.hold_back) === chosen.hold);
    const hopes = uniq(held.map((i) => i.action.hope || 0)).sort((a, b) => a - b);
    if (!hopes.includes(chosen.hope)) chosen.hope = hopes[0] ?? 0;
    const variants = held.filter((i) => (i.action.hope || 0) === chosen.hope);
    const piece = piecesOf(view).find((c) => c.id === chosen.who);
    const weaponName = (w) => {
      const wp = piece && Array.isArray(piece.weapons) ? piece.weapons[Number.parseInt(w, 10)] : null;
      return `${wp ? wp.name : w}${w.endsWith("i") ? t("picker.improvised") : ""}`;
    };
    question = t("picker.options");
    controls = [];
    if (weapons.length > 1 && weapons[0] !== "") {
      controls.push(h("div", { class: "pick-row", role: "group", "aria-label": t("picker.weapon") },
        weapons.map((w) => h("button", { type: "button", class: "pick", "aria-pressed": String(w === chosen.weapon), dataset: { pick: `w${w}` }, onclick: () => { chosen.weapon = w; redraw(); } }, weaponName(w)))));
    }
    if (hopes.length > 1) {
      const i = hopes.indexOf(chosen.hope);
      const set = (n) => { chosen.hope = n; redraw(); };
      controls.push(h("div", { class: "pick-row stepper", role: "group", "aria-label": t("picker.hope") },
        h("span", {}, t("picker.hope")),
        h("button", { type: "button", class: "pick-minus", "aria-label": t("picker.less"), disabled: i <= 0, onclick: () => set(hopes[i - 1]) }, "−"),
        h("output", { class: "hope-value", "aria-live": "polite" }, String(chosen.hope)),
        h("button", { type: "button", class: "pick-plus", "aria-label": t("picker.more"), disabled: i >= hopes.length - 1, onclick: () => set(hopes[i + 1]) }, "+")));
    }
    if (holds.length > 1) {
      const box = h("input", { type: "checkbox", id: "pick-hold", checked: chosen.hold, onchange: () => { chosen.hold = box.checked; redraw(); } });
      controls.push(h("label", { class: "pick-row", for: "pick-hold" }, box, t("picker.hold_back")));
    }
    // what stays (a support with several forms, say) is one button each: the confirm itself
    controls.push(...variants.map((item) => h("button", { type: "button", class: ["act", "pick-go", `kind-${item.kind}`], dataset: { key: item.key }, disabled: !ctx.canAct, onclick: () => { reset(); ctx.act(item); } }, oddsBadge(item.odds), h("span", { class: "label" }, item.label))));
    controls.push(back(uniq(ofKind.map(targetOf)).length > 1 ? "target" : "kind"));
  }
  return h(
    "section",
    { class: "picker", dataset: { step }, "aria-labelledby": "picker-q" },
    h("h2", { id: "picker-q" }, question),
    h("div", { class: "pick-controls" }, controls),
  );
}

function reset() {
  Object.assign(chosen, { kind: null, target: null, weapon: null, hope: 0, hold: false });
}

/** A piece tapped on the battlefield: taken as the target when the picker is asking for one. */
export function tapPiece(id) {
  return onPiece ? onPiece(id) : false;
}
