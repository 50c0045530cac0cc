// The JSON API and the table's WebSocket. A seat's token travels only in the
// Authorization header (HTTP) or the first WebSocket message, never in a URL the server sees.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
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
  view: (id, token) => request("GET", `/api/matches/${encodeURIComponent(id)}`, { token }),
  act: (id, token, action, expected) =>
    request("POST", `/api/matches/${encodeURIComponent(id)}/actions`, {
      token,
      body: { action, expected },
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
 * onPresence(online) when a seat's page opens or closes; reconnects after a drop.
 */
export class TableSocket {
  constructor(matchId, token, { onView, onPresence, onStatus }) {
    this.matchId = matchId;
    this.token = token;
    this.onView = onView;
    this.onPresence = onPresence || (() => {});
    this.onStatus = onStatus || (() => {});
    this.closed = false;
    this.delay = 500;
    this.open();
  }

  open() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}/api/matches/${encodeURIComponent(this.matchId)}/ws`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token }));
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
      if (data.type === "view") this.onView(data.view);
      else if (data.type === "presence") this.onPresence(data.online);
    });
    ws.addEventListener("close", (event) => {
      clearInterval(this.ping);
      this.onStatus(false);
      if (this.closed || event.code === 4403 || event.code === 4404) return;
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    });
  }

  close() {
    this.closed = true;
    clearInterval(this.ping);
    if (this.ws) this.ws.close();
  }
}
