// The generic screen: any game played from its seat view's `basics` alone (what every game's
// seat view offers: cardtable.games.Basics): the status, the scores, this seat's own hand,
// what is public, the events, and the legal choices as buttons, each with a key (1-9, 0,
// then letters). It is the table of a game with no screen of its own, and any game's at
// ?screen=generic. It decides nothing: the server's choices are the only buttons.

import { api, TableSocket } from "./api.js";
import { fill, h, modalOpen, toast } from "./dialogs.js";
import { gameTitle } from "./game-chrome.js";
import { tableKeys, typing } from "./keys.js";
import { rememberSeat } from "./store.js";

// The keys of the choices, in order: the tenth choice is 0, then letters.
const KEYS = "1234567890abcdefgijklmnoqrstuvwxyz";
const EVENTS_SHOWN = 12;

export const GENERIC_SHORTCUTS = [
  ["1…9 0 a…z", "the choice with that key"],
  ["Esc", "close"],
  ["?", "this list"],
];

export class GenericTable {
  /** `view`: the seat's view, already fetched by seat-page.js. */
  constructor(root, { matchId, token, view }) {
    this.root = root;
    this.matchId = matchId;
    this.token = token;
    this.view = null;
    this.busy = false;
    this.online = [false, false];
    this.stopKeys = tableKeys(GENERIC_SHORTCUTS, (event) => this.key(event));
    this.show(view);
    rememberSeat(matchId, token, view.seat);
    this.socket = new TableSocket(matchId, token, {
      onView: (v) => this.show(v),
      onPresence: (online) => {
        this.online = online;
        this.render();
      },
      onStatus: (up) => this.root.classList.toggle("offline", !up),
    });
  }

  destroy() {
    this.destroyed = true;
    this.stopKeys();
    if (this.socket) this.socket.close();
  }

  /** Show `view` unless the one shown is newer (a push may pass a move's answer). */
  show(view) {
    if (this.destroyed || !view) return;
    if (this.view && view.action_count < this.view.action_count) return;
    this.view = view;
    this.render();
  }

  get basics() {
    return this.view.basics;
  }

  /** Send one of the server's choices; the answer is the view after it. */
  async choose(action) {
    if (this.busy || this.destroyed) return;
    this.busy = true;
    this.render();
    try {
      const expected = this.view.action_count;
      const sent = this.socket.act(action, expected);
      this.show(await (sent || api.act(this.matchId, this.token, action, expected)));
    } catch (error) {
      toast(error.message, "error");
      try {
        this.show(await api.view(this.matchId, this.token));
      } catch (again) {
        // The socket's next view brings the table up to date.
      }
    } finally {
      this.busy = false;
      if (!this.destroyed) this.render();
    }
  }

  key(event) {
    if (!this.view || typing(event) || modalOpen() || event.key.length !== 1) return;
    const index = KEYS.indexOf(event.key.toLowerCase());
    const choice = index < 0 ? null : this.basics.choices[index];
    if (!choice) return;
    event.preventDefault();
    this.choose(choice.action);
  }

  render() {
    if (!this.view || this.destroyed) return;
    const b = this.basics;
    const v = this.view;
    // The players' names where the view gives them (a game's view need not).
    const players = v.players || [];
    const names = [0, 1].map((seat) => {
      const p = players[seat] || {};
      return seat === b.seat ? "You" : p.name || (p.kind === "computer" ? "The computer" : "Opponent");
    });
    // A text that shows a red suit's symbol is drawn red, as a card would be.
    const chip = (t) => h("li", { class: /[♥♦]/.test(t) && !/[♠♣]/.test(t) ? "generic-chip red" : "generic-chip" }, t);
    const chips = (texts, cls) => h("ul", { class: `generic-chips ${cls}` }, ...texts.map(chip));
    const choices = b.choices.map((c, i) => h("button", {
      type: "button",
      class: "btn generic-choice",
      dataset: { action: c.action },
      disabled: this.busy,
      "aria-keyshortcuts": KEYS[i] || null,
      onclick: () => this.choose(c.action),
    }, KEYS[i] ? h("kbd", {}, KEYS[i]) : null, h("span", {}, c.label)));
    const scores = h("p", { class: "generic-scores", id: "generic-scores" },
      ...[b.seat, 1 - b.seat].map((seat) => h("span", { class: "generic-score", dataset: { seat: String(seat) } },
        `${names[seat]} `, h("strong", {}, String(b.scores[seat])))));
    fill(this.root, h("section", { class: "generic-table", id: "generic-table", dataset: { game: v.game, seat: String(b.seat), count: String(v.action_count) }, "aria-label": `${gameTitle(v.game)} table` },
      h("header", { class: "generic-head" },
        h("h1", {}, gameTitle(v.game)),
        scores,
        h("p", { class: `generic-status${b.my_turn ? " my-turn" : ""}`, id: "generic-status", role: "status" }, b.status)),
      h("div", { class: "generic-body" },
        h("section", { class: "panel generic-hand", "aria-labelledby": "generic-hand-title" },
          h("h2", { id: "generic-hand-title" }, "Your hand"),
          b.hand.length ? chips(b.hand, "hand-chips") : h("p", { class: "muted" }, "No cards.")),
        b.public.length ? h("section", { class: "panel generic-public", "aria-labelledby": "generic-public-title" },
          h("h2", { id: "generic-public-title" }, "On the table"),
          chips(b.public, "public-chips")) : null,
        h("section", { class: "panel generic-actions", "aria-labelledby": "generic-actions-title" },
          h("h2", { id: "generic-actions-title" }, b.finished ? "The match is over" : "Your choices"),
          choices.length ? h("div", { class: "generic-choices", id: "generic-choices" }, ...choices)
            : h("p", { class: "muted", id: "generic-waiting" }, b.finished ? "" : "Waiting for the other player…"),
          b.finished ? h("a", { class: "btn primary", href: "#/", id: "generic-lobby" }, "Back to the lobby") : null),
        h("section", { class: "panel generic-events", "aria-labelledby": "generic-events-title" },
          h("h2", { id: "generic-events-title" }, "What happened"),
          b.events.length ? h("ol", { class: "generic-event-list", id: "generic-events", start: String(Math.max(1, b.events.length - EVENTS_SHOWN + 1)) },
            ...b.events.slice(-EVENTS_SHOWN).map((e) => h("li", {}, e)))
            : h("p", { class: "muted" }, "Nothing yet.")))));
  }
}
