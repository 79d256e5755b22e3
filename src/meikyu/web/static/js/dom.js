// Building DOM nodes from data. Text always goes in as text (never as HTML), so nothing a player types
// or a view holds can become markup or script.

/** h("button", {class: "x", onclick: f, "aria-label": "…"}, "text", child…) → an element. */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace everything inside `el` with `children`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Group `items` by `keyOf`, keeping first-appearance order: [[key, [items…]], …]. */
export function groupBy(items, keyOf) {
  const groups = new Map();
  for (const item of items) {
    const key = keyOf(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  return [...groups];
}

/** Copy `text` to the clipboard; falls back to selecting a field when the clipboard API is refused. */
export async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (field) {
      field.focus();
      field.select();
      return document.execCommand && document.execCommand("copy");
    }
    return false;
  }
}

/** Hand `blob` to the browser as a download named `name` (the sheet editor's and the card maker's files). */
export function saveFile(blob, name) {
  const a = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** A GM's link to a game's file (`#game=ID&token=GM-TOKEN`): `{game, token}`, the token taken out of the
 * address bar; `null` when the address holds no such link. */
export function takeGameLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const game = params.get("game");
  const token = params.get("token");
  if (!game || !token) return null;
  history.replaceState(null, "", location.pathname); // the token leaves the address bar
  return { game, token };
}
