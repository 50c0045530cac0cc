// A seat at a match (#/play/<match>/<token>) of whichever game it is: the seat's view says
// the game, and that game's own table (the `Table` its screen's module exports, found
// through the registry: games.js) takes over with the view already fetched; a game with no
// screen of its own, or any game with ?screen=generic in the address, is played on the
// generic screen (generic-table.js).

import { api } from "./api.js";
import { setGame } from "./game-chrome.js";
import { loadGames, screenModule } from "./games.js";
import { GenericTable } from "./generic-table.js";
import { prefs } from "./store.js";
import { loadingNotice, lobbyNotice } from "./dialogs.js";

/** Whether the address asks for the generic screen (?screen=generic). */
export function genericAsked() {
  return new URLSearchParams(location.search).get("screen") === "generic";
}

/** A page that holds a table (a seat's or a lesson's) made once its game is known: its
 * view, drawing it and leaving it are the table's. */
export class TablePage {
  constructor(root) {
    this.root = root;
    this.table = null;
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
}

export class SeatPage extends TablePage {
  constructor(root, { matchId, token }) {
    super(root);
    this.matchId = matchId;
    this.token = token;
    this.start();
  }

  async start() {
    this.root.replaceChildren(loadingNotice());
    let view;
    try {
      // The game is not known yet: with the aids if the player turned on any game's.
      [view] = await Promise.all([api.view(this.matchId, this.token, prefs.anyAidOn()), loadGames()]);
    } catch (error) {
      if (this.destroyed) return;
      const refused = error.status === 403 || error.status === 404;
      this.root.replaceChildren(lobbyNotice(refused ? "This link does not open a seat" : "The table cannot be reached", error.message));
      return;
    }
    if (this.destroyed) return;
    setGame(view.game);
    let Table = GenericTable;
    if (!genericAsked()) {
      const module = await screenModule(view.game);
      if (this.destroyed) return;
      if (module && module.Table) Table = module.Table;
    }
    this.table = new Table(this.root, { matchId: this.matchId, token: this.token, view });
  }
}
