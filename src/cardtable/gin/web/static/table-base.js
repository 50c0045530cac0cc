// A seat at the felt, for a match and for the lesson alike: the view the server last sent,
// the card picked, the hint shown, and acting on them. Click or tap: the stock or the
// discard pile to draw, a card to pick it, the picked card again (or Discard) to throw it;
// keys in keys.js. Every action goes to the server as text and the answer is drawn; the
// page never holds the opponent's cards. What every game's seat does (one request at a
// time, the hint asked for) is the framework's seat-table.js; how an action is sent, the
// side panel and the dialogs differ: match-view.js and lesson-view.js extend this.

import { cardText } from "/static/js/cards.js";
import { drawFelt } from "./felt.js";
import { knockDialog } from "./knock.js";
import { SHORTCUTS, tableKeys } from "./gin-keys.js";
import { GIN_ARRANGER } from "./gin-order.js";
import { SeatTable } from "/static/js/seat-table.js";
import { toast } from "/static/js/dialogs.js";
import { playMotion, snapshot } from "/static/js/table-motion.js";
import { prefs } from "/static/js/store.js";

export class TableBase extends SeatTable {
  constructor(root, mode) {
    super(root, mode, { keys: tableKeys, shortcuts: SHORTCUTS, arranger: GIN_ARRANGER });
    this.selected = null;
    this.picks = new Set(); // the lesson's cards picked to name a meld
  }

  get obs() {
    return this.view.observation;
  }

  get myTurn() {
    return this.obs.to_act === this.view.seat && this.view.legal_actions.length > 0;
  }

  /** Take a new view: forget a pick that left the hand, the picks of an old deal, a stale hint. */
  setView(view, { newDeal = false, moved = false } = {}) {
    this.view = view;
    if (newDeal) this.picks.clear();
    if (this.selected && !this.obs.hand.includes(this.selected)) this.selected = null;
    if (moved) this.hint = null;
  }

  /** The card picked was for the move just sent. */
  dropSelection() {
    this.selected = null;
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

  /** Do what the hint says: a knock opens the knock dialog with its card to throw. */
  followHint() {
    const words = this.hint.action.split(" ");
    if (words[0] === "knock" || words[0] === "gin") {
      this.selected = words[1];
      this.knock(words[0]);
    } else this.act(this.hint.action);
  }

  render() {
    const before = snapshot(this);
    drawFelt(this);
    this.renderSide(this.felt.side);
    playMotion(this, before);
  }
}
