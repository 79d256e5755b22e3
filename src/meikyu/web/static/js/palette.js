// The chat palette beside the message box: one click sends a ready line (the server reads its {variables}
// from the character as it stands now); "edit" keeps the seat's own lines with the game.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { call } from "./api.js";

/** `root`: #palette; `env`: {id, token, lang()}; `say(text)`: post a message as the box would. */
export function createPalette(root, env, say) {
  let lines = null;
  let editing = false;
  let open = false; // kept across redraws; opening it asks again (a Liberator hand changes as cards are played)
  const path = () => `/api/games/${encodeURIComponent(env.id)}/palette`;

  async function load() {
    try {
      const data = await call("GET", path(), { token: env.token, lang: env.lang() });
      lines = data.lines;
      draw();
    } catch {
      root.hidden = true;
    }
  }

  async function save(text) {
    const body = { lines: text.split("\n").map((x) => x.trim()).filter(Boolean) };
    try {
      const data = await call("PUT", path(), { token: env.token, lang: env.lang(), body });
      lines = data.lines;
      editing = false;
      draw();
    } catch (failure) {
      fill(root.querySelector(".palette-note") || root, failure.message);
    }
  }

  function draw() {
    if (!lines) return;
    root.hidden = false;
    if (editing) {
      const area = h("textarea", { id: "palette-edit", rows: 8, "aria-label": t("palette.edit") });
      area.value = lines.map((l) => l.text).join("\n");
      fill(
        root,
        area,
        h(
          "div",
          { class: "buttons" },
          h("button", { type: "button", id: "palette-save", class: "primary", onclick: () => save(area.value) }, t("palette.save")),
          h("button", { type: "button", onclick: () => save("") }, t("palette.reset")),
          h("button", { type: "button", onclick: () => { editing = false; draw(); } }, t("dialog.close")),
        ),
        h("p", { class: "small palette-note" }, t("palette.help")),
      );
      return;
    }
    const box = h(
      "details",
      { class: "palette-box", open },
      h("summary", {}, t("palette.title")),
      h(
        "div",
        { class: "palette-lines" },
        lines.map((line) => h("button", { type: "button", class: "palette-line small-button", title: line.sends, onclick: () => say(line.text) }, line.text)),
        h("button", { type: "button", id: "palette-open-edit", class: "small-button", onclick: () => { editing = true; draw(); } }, t("palette.edit")),
      ),
    );
    box.addEventListener("toggle", () => {
      if (box.open && !open) load();
      open = box.open;
    });
    fill(root, box);
  }

  return { load };
}
