// The page's own words (served from the package's i18n catalogs) and each person's language choice.

export const LANGS = ["ko", "ja", "en"];
const STORE = "meikyu.lang";
let words = {};
let current = "en";

/** The language this person chose before, else the browser's, else `fallback`. */
export function preferredLang(fallback) {
  const saved = safeStorage(() => localStorage.getItem(STORE));
  if (LANGS.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (LANGS.includes(code)) return code;
  }
  return LANGS.includes(fallback) ? fallback : "en";
}

/** Load `lang`'s words, remember the choice, and mark the document's language. */
export async function useLang(lang, remember = false) {
  const reply = await fetch(`/web/i18n/${lang}.json`);
  if (!reply.ok) throw new Error("catalog");
  words = await reply.json();
  current = lang;
  document.documentElement.lang = lang;
  if (remember) safeStorage(() => localStorage.setItem(STORE, lang));
}

export function lang() {
  return current;
}

/** The text for `key` with `{name}` placeholders filled from `params` (unknown keys show as the key). */
export function t(key, params) {
  const template = words[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** True when the catalog has `key` (for optional, data-driven labels). */
export function has(key) {
  return key in words;
}

/** Fill every [data-t] element's text, and [data-t-label] aria-labels, under `root`. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of root.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", t(el.dataset.tLabel));
  for (const el of root.querySelectorAll("[data-t-placeholder]")) el.placeholder = t(el.dataset.tPlaceholder);
}

/** A <select> of the three languages, each named in its own language. */
export function langOptions(select, chosen) {
  select.replaceChildren(
    ...LANGS.map((code) => {
      const option = document.createElement("option");
      option.value = code;
      option.textContent = { ko: "한국어", ja: "日本語", en: "English" }[code];
      option.selected = code === chosen;
      return option;
    }),
  );
}

function safeStorage(fn) {
  try {
    return fn();
  } catch {
    return null;
  }
}
