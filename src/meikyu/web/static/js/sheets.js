// The sheet editor (/sheets): a kingdom and its court in forms. The sheet is kept as the plain data a
// sheet file holds ({kingdom, characters}); every change is checked by the server's own reader
// (/api/sheets/check) as one types, and every problem is shown with its field. Downloads, ccfolia and
// Udonarium in and out, and starting a game go through the API too: the page knows no rule.
//
// The parts: sheets_state.js (the sheet), sheets_check.js (checking, problems beside fields),
// sheets_form.js (form pieces), sheets_kingdom.js, sheets_map.js, sheets_court.js, sheets_acts.js
// (data that acts), sheets_io.js (files in and out). This module wires them to the page.

import { h, fill, takeGameLink } from "./dom.js";
import { t, useLang, preferredLang, langOptions, translatePage, lang } from "./i18n.js";
import { call } from "./api.js";
import { S, blank } from "./sheets_state.js";
import { changed, check, opened, reword, showProblems } from "./sheets_check.js";
import { renderKingdom } from "./sheets_kingdom.js";
import { renderMap } from "./sheets_map.js";
import { renderCourt, newCharacter, exportsWith } from "./sheets_court.js";
import { note, download, exportCharacter, openSheet, addImported, fileAsBase64 } from "./sheets_io.js";

const $ = (sel) => document.querySelector(sel);

function renderAll() {
  renderKingdom();
  renderMap();
  renderCourt();
}

function load(data, problems, file = null) {
  S.sheet = { kingdom: data.kingdom || blank().kingdom, characters: data.characters || [] };
  S.map = 0;
  opened(problems || [], file);
  renderAll();
  if (problems) showProblems(problems, false); // the file's own words, not the stand-ins'
  else changed();
}

async function start() {
  const error = $("#start-error");
  error.hidden = true;
  const [system, kind] = $("#start-kind").value.split("/");
  try {
    const made = await call("POST", "/api/games", { body: { system, kind, lang: $("#start-lang").value, setup: { sheet: S.sheet, files: { sheet: t("sheets.file") } } }, lang: lang() });
    fill(
      $("#seat-list"),
      made.seats.map((seat) => {
        const url = new URL(seat.url, location.origin).href;
        return h("li", { class: ["seat-link", seat.seat === "gm" && "secret"], dataset: { seat: seat.seat } }, h("span", { class: "seat-name" }, seat.seat === "gm" ? t("seat.gm") : seat.seat), h("a", { href: url, target: "_blank", rel: "noopener" }, t("home.open")));
      }),
    );
  } catch (failure) {
    fill(error, failure.message);
    error.hidden = false;
    if (failure.problems && failure.problems.length) showProblems(failure.problems, false);
  }
}

async function fromGame() {
  // /sheets#game=ID&token=GM-TOKEN: the kingdom and court of a game as they stand now (the GM's download)
  const link = takeGameLink();
  if (!link) return false;
  const { game, token } = link;
  const data = await call("GET", `/api/games/${encodeURIComponent(game)}/sheet?format=json`, { token, lang: lang() });
  load(data);
  note(t("sheets.from_game"));
  return true;
}

async function words() {
  const [catalog, schema] = await Promise.all([call("GET", "/api/sheets/facilities", { lang: lang() }), call("GET", "/api/sheets/schema", { lang: lang() })]);
  S.facilities = catalog.facilities;
  S.schema = schema;
}

async function main() {
  await useLang(preferredLang("en"));
  translatePage();
  S.sheet = blank();
  const select = $("#lang");
  langOptions(select, lang());
  langOptions($("#start-lang"), lang());
  select.addEventListener("change", async () => {
    document.documentElement.dataset.ready = "0"; // the forms are redrawn in the new words: not ready until then
    await useLang(select.value, true);
    translatePage();
    await Promise.all([words(), reword()]);
    renderAll();
    await check();
    document.documentElement.dataset.ready = "1";
  });
  fill($("#start-kind"), ["session", "round_table"].map((k) => h("option", { value: `MeikyuKingdom/${k}` }, `${t("system.MeikyuKingdom")} — ${t(`game.MeikyuKingdom.${k}`)}`)));
  await words();
  exportsWith(exportCharacter);
  $("#new-sheet").addEventListener("click", () => { S.sheet = blank(); S.map = 0; opened(); renderAll(); changed(); note(""); });
  $("#add-character").addEventListener("click", () => { S.sheet.characters.push(newCharacter()); renderCourt(); changed(); });
  $("#open-sheet").addEventListener("change", (e) => e.target.files[0] && openSheet(e.target.files[0], load));
  $("#import-udonarium").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) addImported("udonarium", await fileAsBase64(file), file.name, renderCourt);
  });
  $("#ccfolia-add").addEventListener("click", () => addImported("ccfolia", $("#ccfolia-paste").value, "ccfolia", renderCourt));
  $("#download-toml").addEventListener("click", () => download("toml"));
  $("#download-json").addEventListener("click", () => download("json"));
  $("#start").addEventListener("click", start);
  try {
    await fromGame();
  } catch (failure) {
    note(failure.message);
  }
  renderAll();
  await check();
  document.documentElement.dataset.ready = "1";
}

main();
