// Asking before what cannot be taken back or affects everyone (issue 26, point 7): the server marks such a
// menu item with `confirm`, its own words (what happens, to whom, the exact chance where dice decide); the
// page shows them in a dialog and posts only on "yes". No rule lives here: which items ask, and what they
// say, is the server's.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Resolves true when the seat confirms `item` (its `confirm` text shown with its label), false otherwise. */
export function confirmFirst(item) {
  return new Promise((resolve) => {
    let answer = false;
    const yes = h("button", { type: "button", class: "primary confirm-yes", onclick: () => { answer = true; dialog.close(); } }, t("confirm.yes"));
    const dialog = h(
      "dialog",
      { class: "confirm", "aria-labelledby": "confirm-title", "aria-describedby": "confirm-text" },
      h("h2", { id: "confirm-title" }, item.label),
      h("p", { id: "confirm-text", class: "confirm-text" }, item.confirm),
      h("div", { class: "buttons" }, yes, h("button", { type: "button", class: "confirm-no", onclick: () => dialog.close() }, t("confirm.no"))),
    );
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    dialog.querySelector(".confirm-no").focus(); // the safe answer has the keyboard first
  });
}
