// What a seat at a game's own felt is in any game, for a match and for the lesson alike: the
// view last drawn, the hint shown, one request at a time (the page marked busy meanwhile,
// tests wait on it), each move sent as the action text the server lists and its answer
// drawn. Each game's table (in its package's web folder) extends this with what is picked,
// its felt and its keys; match-seat.js makes it a seat at a match, a game's lesson sends its
// steps instead.
//
// A game's table provides: `myTurn`, `render()`, `dropSelection()` (forget what was picked
// once a move is sent), and its subclasses `send(text)`, `apply(view)` and `fetchHint()`.

import { loadingNotice, toast } from "./dialogs.js";
import { tableKeys } from "./keys.js";

export class SeatTable {
  /** `keys(table)`: the table's keydown handler; `shortcuts`: the list the help shows;
   * `arranger`: how hand-order.js sorts and keeps this game's hand. */
  constructor(root, mode, { keys, shortcuts, arranger }) {
    this.root = root;
    this.mode = mode;
    this.view = null;
    this.hint = null;
    this.busy = false;
    this.online = [false, false];
    this.arranger = arranger;
    this.stopKeys = tableKeys(shortcuts, keys(this));
  }

  destroy() {
    this.destroyed = true;
    this.stopKeys();
  }

  get names() {
    return this.view.players.map((p) => p.name);
  }

  legal(text) {
    return this.view.legal_actions.includes(text);
  }

  /** Whether a hint may be asked for now (a lesson may offer one at every step). */
  get canHint() {
    return this.myTurn;
  }

  loading() {
    this.root.replaceChildren(loadingNotice());
  }

  /** Run one request at a time; the page is marked busy meanwhile (tests wait on it). */
  async whileBusy(work) {
    if (this.busy) return;
    this.busy = true;
    this.root.classList.add("busy");
    try {
      await work();
    } catch (error) {
      toast(error.message, "error");
      await this.recover(error);
    } finally {
      this.busy = false;
      this.root.classList.remove("busy");
    }
  }

  /** After a refused request; a match reloads its view. */
  async recover() {}

  act(text) {
    return this.whileBusy(async () => {
      const view = await this.send(text);
      this.dropSelection();
      this.apply(view);
    });
  }

  async askHint() {
    if (!this.canHint) {
      toast("A hint is for your turn.", "info");
      return;
    }
    try {
      this.hint = await this.fetchHint();
      this.render();
    } catch (error) {
      toast(error.message, "error");
    }
  }

  closeHint() {
    this.hint = null;
    this.render();
  }
}
