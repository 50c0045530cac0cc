// The JSON API and the table's WebSocket. A seat's token travels only in the
// Authorization header (HTTP) or the first WebSocket message, never in a URL the server sees.

import { withSymbols } from "./cards.js";

/** A message of the server as people read it: a sentence, its cards with their suit symbols
 * ("QC would make the count 32: it may not pass 31" → "Q♣ would make the count 32: it may
 * not pass 31."). The server words its refusals as clauses with card codes, the way its
 * commands print them and its players type cards. */
export function sentence(text) {
  const words = withSymbols(String(text)).trim();
  if (!words) return words;
  const capital = words[0].toUpperCase() + words.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

export class ApiError extends Error {
  constructor(status, message) {
    super(sentence(message));
    this.status = status;
  }
}

async function request(method, path, { token = null, body = undefined } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (error) {
    throw new ApiError(0, "the table server cannot be reached: is it running?");
  }
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.error) || `error ${response.status}`);
  }
  return data;
}

export const api = {
  options: (game = null) => request("GET", game ? `/api/options?game=${encodeURIComponent(game)}` : "/api/options"),
  create: (body) => request("POST", "/api/matches", { body }),
  lookup: (seats) => request("POST", "/api/matches/lookup", { body: { seats } }),
  // aids: the view with the learning aids (the server makes them only when asked).
  view: (id, token, aids = false) =>
    request("GET", `/api/matches/${encodeURIComponent(id)}${aids ? "?aids=1" : ""}`, { token }),
  act: (id, token, action, expected, aids = false) =>
    request("POST", `/api/matches/${encodeURIComponent(id)}/actions`, {
      token,
      body: aids ? { action, expected, aids } : { action, expected },
    }),
  hint: (id, token) => request("POST", `/api/matches/${encodeURIComponent(id)}/hint`, { token }),
  replay: (id, token, deal) =>
    request("GET", `/api/matches/${encodeURIComponent(id)}/hands/${deal}`, { token }),
  next: (id, token) => request("POST", `/api/matches/${encodeURIComponent(id)}/next`, { token }),
  remove: (id, token) => request("DELETE", `/api/matches/${encodeURIComponent(id)}`, { token }),
  rename: (id, token, name) =>
    request("POST", `/api/matches/${encodeURIComponent(id)}/name`, { token, body: { name } }),
  stats: (seats) => request("POST", "/api/players/me/stats", { body: { seats } }),
  lessonNew: (game = null) => request("POST", "/api/lessons", game ? { body: { game } } : {}),
  lesson: (id) => request("GET", `/api/lessons/${encodeURIComponent(id)}`),
  lessonStep: (id, body) => request("POST", `/api/lessons/${encodeURIComponent(id)}`, { body }),
  lessonHint: (id) => request("POST", `/api/lessons/${encodeURIComponent(id)}/hint`),
};

/**
 * A live connection to one seat of a match: calls onView(view) for every pushed view and
 * onPresence(online) when a seat's page opens or closes; reconnects after a drop. Once the
 * seat is open, act() sends a move over it (cheaper for the server than a POST, and the
 * page is not pushed the same view a second time). aids(): whether its views should hold
 * the learning aids (asked in each hello; setAids() when the player turns one on or off).
 */
export class TableSocket {
  constructor(matchId, token, { onView, onPresence, onStatus, aids }) {
    this.matchId = matchId;
    this.token = token;
    this.aids = aids || (() => false);
    this.onView = onView;
    this.onPresence = onPresence || (() => {});
    this.onStatus = onStatus || (() => {});
    this.closed = false;
    this.delay = 500;
    this.ready = false; // the server took the hello: moves may go over the socket
    this.sent = 0;
    this.answers = new Map(); // action id -> {resolve, reject}
    this.open();
  }

  open() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}/api/matches/${encodeURIComponent(this.matchId)}/ws`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token, aids: Boolean(this.aids()) }));
      this.delay = 500;
      this.onStatus(true);
      this.ping = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
      }, 25000);
    });
    ws.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      if (data.reply !== undefined && this.answers.has(data.reply)) {
        const answer = this.answers.get(data.reply);
        this.answers.delete(data.reply);
        if (data.type === "view") answer.resolve(data.view);
        else answer.reject(new ApiError(data.status || 0, data.error || "the move was refused"));
      } else if (data.type === "view") {
        this.ready = true;
        this.onView(data.view);
      } else if (data.type === "presence") this.onPresence(data.online);
    });
    ws.addEventListener("close", (event) => {
      clearInterval(this.ping);
      this.ready = false;
      // Whether a move on its way was stored is not known: the page looks again (status 0).
      for (const answer of this.answers.values()) {
        answer.reject(new ApiError(0, "the connection to the table dropped: looking again"));
      }
      this.answers.clear();
      this.onStatus(false);
      if (this.closed || event.code === 4403 || event.code === 4404) return;
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    });
  }

  /** Send a move; its answer is the new view (or an ApiError with the status a POST would
   * have had). Null when the socket is not open to moves: send it over HTTP then. */
  act(action, expected) {
    const ws = this.ws;
    if (!this.ready || !ws || ws.readyState !== WebSocket.OPEN) return null;
    this.sent += 1;
    const id = this.sent;
    return new Promise((resolve, reject) => {
      this.answers.set(id, { resolve, reject });
      ws.send(JSON.stringify({ type: "act", action, expected, id }));
    });
  }

  /** Ask for the views with the learning aids or without: the server answers with the view
   * as it now is. False when the socket is not open (its next hello asks anyway). */
  setAids(on) {
    const ws = this.ws;
    if (!this.ready || !ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify({ type: "aids", on: Boolean(on) }));
    return true;
  }

  close() {
    this.closed = true;
    clearInterval(this.ping);
    if (this.ws) this.ws.close();
  }
}
