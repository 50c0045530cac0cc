// A seat at a match (#/play/<match>/<token>) of whichever game it is: the seat's view says
// the game, and the table of that game takes over (match-view.js for Gin Rummy,
// cribbage-view.js for Cribbage) with the view already fetched.

import { api } from "./api.js";
import { setGame } from "./game-chrome.js";
import { AIDS, CRIBBAGE_AIDS } from "./learning-aids.js";
import { prefs } from "./store.js";
import { h } from "./dialogs.js";
import { CribbageView } from "./cribbage-view.js";
import { MatchView } from "./match-view.js";

const TABLES = { cribbage: CribbageView };

export class SeatPage {
  constructor(root, { matchId, token }) {
    this.root = root;
    this.matchId = matchId;
    this.token = token;
    this.table = null;
    this.start();
  }

  get view() {
    return this.table ? this.table.view : null;
  }

  render() {
    if (this.table) this.table.render();
  }

  destroy() {
    this.destroyed = true;
    if (this.table) this.table.destroy();
  }

  async start() {
    this.root.replaceChildren(h("div", { class: "loading" }, h("div", { class: "spinner" }), "Shuffling…"));
    let view;
    try {
      // The game is not known yet: the aids of either game that the player turned on.
      view = await api.view(this.matchId, this.token,
        prefs.anyAid("gin", AIDS) || prefs.anyAid("cribbage", CRIBBAGE_AIDS));
    } catch (error) {
      if (this.destroyed) return;
      const refused = error.status === 403 || error.status === 404;
      this.root.replaceChildren(h("section", { class: "panel notice" },
        h("h2", {}, refused ? "This link does not open a seat" : "The table cannot be reached"),
        h("p", {}, error.message),
        h("a", { class: "btn primary", href: "#/" }, "Back to the lobby")));
      return;
    }
    if (this.destroyed) return;
    setGame(view.game);
    const Table = TABLES[view.game] || MatchView;
    this.table = new Table(this.root, { matchId: this.matchId, token: this.token, view });
  }
}
