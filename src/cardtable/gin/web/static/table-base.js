// A seat at the felt, for a match and for the lesson alike: the view the server last sent,
// the card picked, the hint shown, and acting on them. Click or tap: the stock or the
// discard pile to draw, a card to pick it, the picked card again (or Discard) to throw it;
// keys in keys.js. Every action goes to the server as text and the answer is drawn; the
// page never holds the opponent's cards. How an action is sent, the side panel and the
// dialogs differ: match-view.js and lesson-view.js extend this.

import { cardText } from "/static/js/cards.js";
import { h, toast } from "/static/js/dialogs.js";
import { drawFelt } from "./felt.js";
import { knockDialog } from "./knock.js";
import { useShortcuts } from "/static/js/keys.js";
import { SHORTCUTS, tableKeys } from "./gin-keys.js";
import { GIN_ARRANGER } from "./gin-order.js";
import { playMotion, snapshot } from "/static/js/table-motion.js";
import { prefs } from "/static/js/store.js";

export class TableBase {
  constructor(root, mode) {
    this.root = root;
    this.mode = mode;
    this.view = null;
    this.selected = null;
    this.picks = new Set(); // the lesson's cards picked to name a meld
    this.hint = null;
    this.busy = false;
    this.online = [false, false];
    this.arranger = GIN_ARRANGER; // how hand-order.js sorts and keeps this hand
    this.onKey = tableKeys(this);
    useShortcuts(SHORTCUTS);
    document.addEventListener("keydown", this.onKey);
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    this.destroyed = true;
  }

  get names() {
    return this.view.players.map((p) => p.name);
  }

  get obs() {
    return this.view.observation;
  }

  get myTurn() {
    return this.obs.to_act === this.view.seat && this.view.legal_actions.length > 0;
  }

  loading() {
    this.root.replaceChildren(h("div", { class: "loading" }, h("div", { class: "spinner" }), "Shuffling…"));
  }

  /** Take a new view: forget a pick that left the hand, the picks of an old deal, a stale hint. */
  setView(view, { newDeal = false, moved = false } = {}) {
    this.view = view;
    if (newDeal) this.picks.clear();
    if (this.selected && !this.obs.hand.includes(this.selected)) this.selected = null;
    if (moved) this.hint = null;
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
      this.selected = null;
      this.apply(view);
    });
  }

  legal(text) {
    return this.view.legal_actions.includes(text);
  }

  draw() {
    if (this.legal("draw")) this.act("draw");
  }

  take() {
    if (this.legal("take")) this.act("take");
  }

  pass() {
    if (this.legal("pass")) this.act("pass");
  }

  discard(card = this.selected) {
    if (card && this.legal(`discard ${card}`)) this.act(`discard ${card}`);
    else if (card && this.obs.taken === card) toast(`You may not throw back the ${cardText(card)} you just took.`, "error");
  }

  knock(kind = "knock") {
    const ok = kind === "gin" ? this.view.can_gin : this.view.can_knock;
    if (!ok) return;
    knockDialog({
      options: this.view.knock_options,
      preferred: this.selected,
      threshold: this.obs.threshold,
      kind,
      onConfirm: (text) => this.act(text),
      advice: (prefs.aid("gin", "knock") && this.view.aids && this.view.aids.knock_advice) || [],
    });
  }

  pick(card) {
    if (this.selecting) {
      if (this.picks.has(card)) this.picks.delete(card);
      else this.picks.add(card);
      this.render();
      return;
    }
    if (this.myTurn && this.obs.phase === "discard") {
      if (this.selected === card) {
        this.discard(card);
        return;
      }
      this.selected = card;
    } else {
      this.selected = this.selected === card ? null : card;
    }
    this.render();
    const node = this.root.querySelector(`.hand .card[data-card="${card}"]`);
    if (node) node.focus();
  }

  /** Whether the hand's cards are being picked to name a meld (a lesson step), not to play. */
  get selecting() {
    return false;
  }

  /** The buttons that replace the play buttons while `selecting` (none here). */
  selectionTools() {
    return null;
  }

  async askHint() {
    if (!this.myTurn) {
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

  /** Do what the hint says: a knock opens the knock dialog with its card to throw. */
  followHint() {
    const words = this.hint.action.split(" ");
    if (words[0] === "knock" || words[0] === "gin") {
      this.selected = words[1];
      this.knock(words[0]);
    } else this.act(this.hint.action);
  }

  closeHint() {
    this.hint = null;
    this.render();
  }

  render() {
    const before = snapshot(this);
    drawFelt(this);
    this.renderSide(this.felt.side);
    playMotion(this, before);
  }
}
