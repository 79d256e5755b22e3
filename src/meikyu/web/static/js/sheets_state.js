// The sheet editor's shared state: the sheet as plain data (what a sheet file holds: {kingdom,
// characters}), the facility catalog, the reader's own JSON Schema, and what the room map shows.
// Every editor module reads and changes this one object; nothing else keeps a copy of the sheet.

import { t } from "./i18n.js";

export const S = {
  sheet: null, // made blank once the page's words have come (a new map is named in them)
  facilities: [], // the facility catalog (/api/sheets/facilities): name, label, value
  schema: { $defs: {} }, // the reader's JSON Schema (/api/sheets/schema): the choices come from it
  room: "B2", // the room the map's editor is on
  map: 0, // which of the kingdom's maps the room grid edits
};

export function blank() {
  return { kingdom: { name: "", budget: 0, citizens: 0, voice: 0, life: 0, order: 0, culture: 0, military: 0, maps: [emptyMap()] }, characters: [] };
}

export function emptyMap(name = t("sheets.home_land")) {
  return { name, rooms: {}, passages: [], entrances: [] };
}
