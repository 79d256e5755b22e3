// The table's log, for everyone: each line, the dice it rolled and its BCDice-style result line;
// and exporting it for a forum post.

import { h, fill, copyText } from "./dom.js";
import { t } from "./i18n.js";
import { call } from "./api.js";

/** Log entries as flat lines: an entry may be a line itself or carry a list of `events`. */
export function logLines(log) {
  const out = [];
  for (const entry of Array.isArray(log) ? log : []) {
    if (entry && Array.isArray(entry.events)) {
      for (const event of entry.events) out.push({ ...event, version: entry.version, seat: entry.seat });
    } else if (entry && typeof entry === "object") out.push(entry);
  }
  return out;
}

function diceChips(dice) {
  if (!Array.isArray(dice) || dice.length === 0) return null;
  return h(
    "span",
    { class: "dice", "aria-label": t("log.dice", { dice: dice.join(", ") }) },
    dice.map((d) => h("span", { class: "die", "aria-hidden": "true" }, String(d))),
  );
}

export function renderLog(log) {
  const lines = logLines(log);
  if (lines.length === 0) return h("p", { class: "quiet" }, t("log.empty"));
  return h(
    "ol",
    { class: "log-lines" },
    lines.map((line) =>
      h(
        "li",
        { class: ["log-line", line.kind && `ev-${String(line.kind).toLowerCase()}`] },
        h("span", { class: "text" }, typeof line.text === "string" ? line.text : ""),
        diceChips(line.dice),
        typeof line.line === "string" && line.line ? h("code", { class: "result-line" }, line.line) : null,
      ),
    ),
  );
}

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
      ["text", "markdown", "bbcode"].map((format) =>
        h("button", { type: "button", onclick: () => choose(format) }, t(`export.${format}`)),
      ),
    ),
    area,
    note,
    ctx.sheet ? h("p", {}, h("a", { id: "court-sheet", href: `/sheets#game=${encodeURIComponent(ctx.id)}&token=${encodeURIComponent(ctx.token)}`, target: "_blank", rel: "noopener" }, t("export.sheet"))) : null,
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
