// Talking to the games API: JSON requests with the seat's token, and the live WebSocket that
// reconnects by itself. Failures become ApiFailure with the server's localized message; the page
// never shows a raw body.

import { t, has } from "./i18n.js";

export class ApiFailure extends Error {
  constructor(status, body) {
    const code = (body && typeof body.error === "string" && body.error) || (status === 0 ? "network" : "unexpected");
    const message = body && typeof body.message === "string" && body.message ? body.message : null;
    // The server's own sentence first; else the page's words for the error's code.
    super(message || t(has(`error.code.${code}`) ? `error.code.${code}` : status === 0 ? "error.network" : "error.unexpected"));
    this.status = status;
    this.code = code;
    this.version = body && Number.isInteger(body.version) ? body.version : null;
    this.rule = body && typeof body.rule === "string" ? body.rule : null;
    this.problems = body && Array.isArray(body.problems) ? body.problems : []; // a sheet's every problem
    this.sheet = body && body.sheet && typeof body.sheet === "object" ? body.sheet : null; // what of it could be read
  }
}

/** `method path` with JSON `body`; resolves to the parsed answer or throws ApiFailure. */
export async function call(method, path, { token, body, lang } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (lang) headers["Accept-Language"] = lang;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const url = lang ? `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}` : path;
  let reply;
  try {
    reply = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiFailure(0, null);
  }
  let data = null;
  const json = (reply.headers.get("content-type") || "").includes("json");
  try {
    data = json ? await reply.json() : await reply.text();
  } catch {
    data = null;
  }
  if (!json && reply.ok) return data; // a text answer (an export), as it is
  if (!json) data = null;
  if (!reply.ok || (data && data.ok === false)) throw new ApiFailure(reply.status, data);
  return data;
}

/**
 * Keep a WebSocket to `path` open: onMessage(data) for each message, onState("live" | "reconnecting")
 * when the line changes. Reconnects with a growing pause (capped at 5 s). Returns {close()}.
 */
export function live(path, { onMessage, onState }) {
  let socket = null;
  let closed = false;
  let pause = 250;
  let timer = null;
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`;

  function open() {
    if (closed) return;
    socket = new WebSocket(url);
    socket.addEventListener("open", () => {
      pause = 250;
      onState("live");
    });
    socket.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      onMessage(data);
    });
    socket.addEventListener("close", () => {
      socket = null;
      if (closed) return;
      onState("reconnecting");
      timer = setTimeout(open, pause);
      pause = Math.min(pause * 2, 5000);
    });
    socket.addEventListener("error", () => socket && socket.close());
  }

  open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      if (socket) socket.close();
    },
    /** Drop the line now and reconnect (used when the tab wakes up). */
    kick() {
      if (socket) socket.close();
    },
  };
}
