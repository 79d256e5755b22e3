// The sheet in and out: download as TOML or JSON, a character for ccfolia (clipboard) or Udonarium
// (zip), opening a sheet file (one with problems still fills the forms), and adding a character
// from ccfolia or Udonarium. All through the API: the server's reader is the one that reads.

import { fill, copyText, saveFile } from "./dom.js";
import { t, lang } from "./i18n.js";
import { call } from "./api.js";
import { S } from "./sheets_state.js";
import { changed, showProblems } from "./sheets_check.js";

const $ = (sel) => document.querySelector(sel);

export function note(text) {
  fill($("#io-note"), text);
}

async function exportBytes(body) {
  const reply = await fetch(`/api/sheets/export?lang=${lang()}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!reply.ok) {
    let message = t("error.unexpected");
    try {
      message = (await reply.json()).message || message;
    } catch {
      // not JSON: keep the page's own words
    }
    throw new Error(message);
  }
  return reply;
}

export async function download(fmt) {
  try {
    const reply = await exportBytes({ sheet: S.sheet, to: fmt });
    saveFile(await reply.blob(), `court.${fmt}`);
    note(t("sheets.downloaded", { file: `court.${fmt}` }));
  } catch (failure) {
    note(failure.message);
  }
}

export async function exportCharacter(c, fmt) {
  try {
    const reply = await exportBytes({ sheet: S.sheet, to: fmt, actor: c.id, lang: lang() });
    if (fmt === "ccfolia") {
      const text = await reply.text();
      note((await copyText(text, null)) ? t("sheets.copied") : text);
    } else {
      saveFile(await reply.blob(), `${c.id}.zip`);
    }
  } catch (failure) {
    note(failure.message);
  }
}

/** Open a sheet file; ``load(data, problems, file)`` puts what was read into the forms. */
export async function openSheet(file, load) {
  const text = await file.text();
  try {
    const answer = await call("POST", "/api/sheets/check", { body: { sheet: text, file: file.name }, lang: lang() });
    load(answer.sheet);
    note(t("sheets.opened", { file: file.name }));
  } catch (failure) {
    if (failure.sheet) {
      // a file with problems still fills the forms (what could be read), its problems beside the fields
      load(failure.sheet, failure.problems, { text, name: file.name });
      note(t("sheets.open_failed", { file: file.name }));
    } else {
      showProblems(failure.problems || [], false);
      note(failure.message);
    }
  }
}

/** Add a character from ccfolia (its JSON) or Udonarium (a zip, base64); ``redraw`` draws the court. */
export async function addImported(from, data, name, redraw) {
  try {
    const answer = await call("POST", "/api/sheets/import", { body: { from, data, file: name }, lang: lang() });
    const c = answer.character;
    while (S.sheet.characters.some((o) => o.id === c.id)) c.id = `${c.id}_`;
    S.sheet.characters.push(c);
    redraw();
    changed();
    note(answer.unread.length ? t("sheets.unread", { labels: answer.unread.join(", ") }) : t("sheets.imported", { name: c.name }));
  } catch (failure) {
    note(failure.message);
  }
}

export async function fileAsBase64(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
