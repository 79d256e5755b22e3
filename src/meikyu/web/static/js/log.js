// Exporting the table's log for a forum post or a log viewer (the log itself is drawn by talk.js).

import { h, fill, copyText } from "./dom.js";
import { t } from "./i18n.js";
import { call } from "./api.js";

/** A dialog with the log exported as text / Markdown / BBCode, with a copy button. */
export function exportDialog(ctx) {
  const area = h("textarea", { class: "export-text", rows: 12, readonly: true, "aria-label": t("export.title") });
  const note = h("p", { class: "quiet", role: "status" });
  const choose = async (format) => {
    fill(note, t("export.loading"));
    try {
      const data = await call("GET", `/api/games/${ctx.id}/export?format=${format}`, { token: ctx.token, lang: ctx.lang });
      area.value = typeof data === "string" ? data : data.text || "";
      fill(note, "");
    } catch (failure) {
      fill(note, failure.message);
    }
  };
  const dialog = h(
    "dialog",
    { class: "export", "aria-labelledby": "export-title" },
    h("h2", { id: "export-title" }, t("export.title")),
    h(
      "div",
      { class: "buttons" },
      ["text", "markdown", "bbcode", "html"].map((format) =>
        h("button", { type: "button", onclick: () => choose(format) }, t(`export.${format}`)),
      ),
    ),
    area,
    note,
    ctx.sheet ? h("p", {}, h("a", { id: "court-sheet", href: `/sheets#game=${encodeURIComponent(ctx.id)}&token=${encodeURIComponent(ctx.token)}`, target: "_blank", rel: "noopener" }, t("export.sheet"))) : null,
    ctx.deck ? h("p", {}, h("a", { id: "game-deck", href: `/cards#game=${encodeURIComponent(ctx.id)}&token=${encodeURIComponent(ctx.token)}`, target: "_blank", rel: "noopener" }, t("export.deck"))) : null,
    h(
      "div",
      { class: "buttons" },
      h("button", { type: "button", onclick: async () => fill(note, (await copyText(area.value, area)) ? t("copy.done") : t("copy.failed")) }, t("copy.copy")),
      h("button", { type: "button", onclick: () => dialog.close() }, t("dialog.close")),
    ),
  );
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  choose("text");
}
