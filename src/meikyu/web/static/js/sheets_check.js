// Checking as one types: every change asks the server's own reader (/api/sheets/check), and every
// problem it finds is listed and shown beside its field (by the reader's path, the field's data-path).
//
// A file opened with problems fills the forms with stand-ins where a value was wrong; a re-check of
// those stand-ins no longer sees what the file said. So the file's own problems are kept, and shown,
// until the user edits the field they name (or a list holding it); one with no field here (an unknown
// field the forms left out) stays listed as what the file said, without holding the sheet back.

import { h, fill } from "./dom.js";
import { t, lang } from "./i18n.js";
import { call } from "./api.js";
import { S } from "./sheets_state.js";

const $ = (sel) => document.querySelector(sel);
let timer = null;
let asked = 0;
let fromFile = []; // the opened file's problems not yet answered by an edit
let source = null; // the opened file ({text, name}), to say its problems again in another language

/** The sheet changed (at ``path``, when one field was edited): check it again shortly. */
export function changed(path = null) {
  if (path !== null) forget(path);
  clearTimeout(timer);
  fill($("#check-state"), t("sheets.checking"));
  timer = setTimeout(check, 300);
}

function under(path, prefix) {
  return prefix === "" || path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
}

/** The file's problems at ``path`` (or inside it) are answered: the user has edited there. */
export function forget(prefix) {
  fromFile = fromFile.filter((p) => !under(p.path, prefix));
}

/** A file was opened with these problems (none: a fresh start); ``file`` is its ``{text, name}``. */
export function opened(problems = [], file = null) {
  fromFile = problems.filter((p) => p.level === "error");
  source = fromFile.length ? file : null;
}

/** The opened file's problems still unanswered, said again in the page's new language. */
export async function reword() {
  if (!source || !fromFile.length) return;
  try {
    await call("POST", "/api/sheets/check", { body: { sheet: source.text, file: source.name }, lang: lang() });
  } catch (failure) {
    const left = new Set(fromFile.map((p) => p.path));
    if (failure.problems) fromFile = failure.problems.filter((p) => p.level === "error" && left.has(p.path));
  }
}

export async function check() {
  const mine = ++asked;
  try {
    const answer = await call("POST", "/api/sheets/check", { body: { sheet: S.sheet, file: t("sheets.file") }, lang: lang() });
    if (mine !== asked) return; // a newer check is on its way
    showProblems(answer.problems, answer.ok);
  } catch (failure) {
    if (mine !== asked) return;
    showProblems(failure.problems && failure.problems.length ? failure.problems : [{ path: "", level: "error", message: failure.message, example: "" }], false);
  }
}

function hasField(path) {
  return [...document.querySelectorAll("[data-path]")].some((el) => el.tagName !== "LI" && el.dataset.path === path);
}

export function showProblems(found, ok) {
  const now = new Set(found.map((p) => `${p.path}\n${p.message}`));
  // the file's words first where the stand-ins hide them; beside a field, only until it is edited
  const kept = fromFile.filter((p) => !now.has(`${p.path}\n${p.message}`)).map((p) => ({ ...p, level: hasField(p.path) ? "error" : "file" }));
  const problems = [...kept, ...found];
  const errors = problems.filter((p) => p.level === "error").length;
  ok = ok && errors === 0;
  document.documentElement.dataset.sheetOk = ok ? "1" : "0";
  fill($("#check-state"), ok ? t("sheets.ok") : t("sheets.not_ok", { count: errors }));
  fill(
    $("#problems"),
    problems.map((p) => h("li", { class: p.level, dataset: { path: p.path } },
      h("code", {}, p.path), " ", p.level === "file" ? `${t("sheets.in_file")} ` : "", p.message,
      p.example ? h("span", { class: "example" }, p.example) : null)),
  );
  const bad = new Map();
  for (const p of problems) if (p.level === "error" && !bad.has(p.path)) bad.set(p.path, p);
  for (const old of document.querySelectorAll(".field-problem")) old.remove();
  for (const input of document.querySelectorAll("[data-path]")) {
    if (input.tagName === "LI") continue;
    const found = bad.get(input.dataset.path);
    if (found) {
      input.setAttribute("aria-invalid", "true");
      // the problem beside its field, so a phone user need not scroll back to the list
      input.insertAdjacentElement("afterend", h("span", { class: "field-problem", role: "note" }, found.message, found.example ? ` ${found.example}` : ""));
    } else input.removeAttribute("aria-invalid");
  }
}
