// The GM's panel (#gm), grouped by purpose: the monsters (the autopilot switch, kept on the server as a
// game setting; one monster step; the monsters' whole turn), the flow and rulings (every intervention in one
// list, with the reason that goes in the log), absent players (the GM answers or acts for them; the log
// says so), the game's settings (typed dice from a real table) and undo. On a phone the header's GM button
// opens it as a drawer over the page (play.js); the panel itself is the same on every screen.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { renderMenu, oddsBadge, itemForm, onBehalf } from "./menu.js";

const AUTO = "gm/auto";

const kept = {
  override: null, // the intervention chosen in the list
  reason: "", // the reason for the next ruling
  forPlayers: false, // the absent players' box is open
  turn: false, // playing the monsters' whole turn (stops when no monster is the GM's to play)
};
let autoTimer = null;

/** The GM's reason for the next ruling (play.js sends it with the action, then clears it). */
export function reasonFor(item) {
  return item.kind === "gm" && kept.reason.trim() ? kept.reason.trim() : null;
}

export function clearReason() {
  kept.reason = "";
}

/**
 * Play the tactical policy's pick (`gm/auto`) whenever it is offered, while the game's autopilot setting is
 * on or the GM asked for the monsters' whole turn. `still()` says whether the pick is still offered now.
 */
export function autoPlay(items, settings, act, still) {
  clearTimeout(autoTimer);
  const pick = items.find((item) => item.key === AUTO);
  if (!pick) kept.turn = false;
  if (!pick || !(settings.auto || kept.turn)) return;
  autoTimer = setTimeout(() => {
    if (still()) act(pick, { quiet: true });
  }, 300);
}

function group(name, title, ...children) {
  const body = children.flat().filter(Boolean);
  if (!body.length) return null;
  return h("section", { class: ["gm-group", `gm-${name}`], "aria-labelledby": `gm-${name}-title` }, h("h3", { id: `gm-${name}-title` }, title), body);
}

function toggle(id, checked, label, onchange, disabled) {
  const box = h("input", { type: "checkbox", id, checked, disabled });
  box.addEventListener("change", () => onchange(box.checked));
  return h("p", { class: "choice" }, box, h("label", { for: id }, label));
}

/** The GM's interventions as one list to pick from (there are many: every fall, status, revival…). */
function overrides(gmItems, ctx) {
  if (!gmItems.length) return null;
  const select = h("select", { id: "gm-override", disabled: !ctx.canAct }, gmItems.map((item) => h("option", { value: item.key }, item.label)));
  if (kept.override && gmItems.some((item) => item.key === kept.override)) select.value = kept.override;
  const chosen = () => gmItems.find((i) => i.key === select.value);
  const go = h("button", { type: "button", id: "gm-override-go", disabled: !ctx.canAct, onclick: () => chosen() && ctx.act(chosen()) }, t("gm.do"));
  // An intervention with values to give (a quick ruling's field and value) shows its form, with its own send button.
  const formSlot = h("div", { class: "override-form" });
  const showForm = () => {
    const item = chosen();
    const hasForm = Boolean(item && item.form && Object.keys(item.form).length);
    fill(formSlot, hasForm ? itemForm(item, ctx) : null);
    go.hidden = hasForm;
  };
  select.addEventListener("change", () => {
    kept.override = select.value;
    showForm();
  });
  showForm();
  const reason = h("input", { id: "gm-reason", maxlength: 1000, autocomplete: "off", value: kept.reason });
  reason.addEventListener("input", () => {
    kept.reason = reason.value;
  });
  return h(
    "div",
    { class: "overrides" },
    h("label", { for: "gm-override" }, t("gm.overrides")),
    h("div", { class: "override-row" }, select, go),
    formSlot,
    h("label", { class: "form-field", for: "gm-reason" }, h("span", {}, t("gm.reason")), reason),
  );
}

/** The absent players' actions, folded away; once the GM opens the box it stays open across redraws. */
function forPlayersBox(forPlayers, ctx) {
  const box = h("details", { class: "for-players", open: kept.forPlayers }, h("summary", {}, t("gm.for_players", { n: forPlayers.length })), renderMenu(forPlayers, ctx));
  box.addEventListener("toggle", () => {
    kept.forPlayers = box.open;
  });
  return box;
}

/**
 * The panel's contents. `ctx`: the page's context plus `game` (the answer shown), `undo()`,
 * `setting(name, value)` (posts a settings change), `version`, and `dice` (the typed-dice box, when the game
 * allows them: first in the panel, beside the actions the GM takes from it).
 */
export function gmPanel(items, ctx) {
  const game = ctx.game;
  const settings = game.settings || {};
  const gmItems = items.filter((item) => item.kind === "gm" && item.key !== AUTO);
  const pick = items.find((item) => item.key === AUTO);
  const forPlayers = items.filter((item) => onBehalf(item, ctx) && item.kind !== "gm");
  const hasAuto = Boolean(pick) || game.system === "MeikyuKingdom";
  const monsters = hasAuto
    ? group(
        "monsters",
        t("gm.monsters"),
        toggle("auto-toggle", Boolean(settings.auto), t("gm.auto"), (on) => ctx.setting("auto", on), !ctx.canAct),
        pick
          ? h(
              "div",
              { class: "buttons" },
              h("button", { type: "button", class: "act auto", dataset: { key: AUTO }, disabled: !ctx.canAct, onclick: () => ctx.act(pick) }, oddsBadge(pick.odds), h("span", { class: "label" }, pick.label)),
              settings.auto ? null : h("button", { type: "button", id: "auto-turn", disabled: !ctx.canAct, onclick: () => { kept.turn = true; ctx.act(pick); } }, t("gm.auto_turn")),
            )
          : null,
      )
    : null;
  return [
    h("div", { class: "gm-head" }, h("h2", { id: "gm-title" }, t("gm.title")), h("button", { type: "button", class: "gm-close", "aria-label": t("gm.close") }, "×")),
    ctx.dice,
    monsters,
    group("flow", t("gm.flow"), overrides(gmItems, ctx)),
    group("players", t("gm.players"), forPlayers.length ? forPlayersBox(forPlayers, ctx) : null),
    group(
      "settings",
      t("gm.settings"),
      toggle("dice-toggle", Boolean(settings.manual_dice), t("gm.manual_dice"), (on) => ctx.setting("manual_dice", on), !ctx.canAct),
      h("div", { class: "buttons" }, h("button", { type: "button", class: "undo", disabled: !ctx.canAct || ctx.version === 0, onclick: ctx.undo }, t("gm.undo"))),
    ),
  ];
}
