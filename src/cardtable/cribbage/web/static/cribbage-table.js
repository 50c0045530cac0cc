// A seat at the Cribbage felt, for a match and for the lesson alike: the view last drawn,
// the cards picked to lay away, the hint shown, and acting on them. Tap two cards and Lay
// away; in the play tap a card to play it; Go when the server offers it; with muggins, state
// your points or answer a count. Every move goes to the server as the action text it lists
// and the answer is drawn: the page decides nothing about legality or points. What every
// game's seat does (one request at a time, the hint asked for) is the framework's
// seat-table.js; how an action is sent and the side panel differ: cribbage-view.js (a match)
// and cribbage-lesson.js extend this.

import { toast } from "/static/js/dialogs.js";
import { setGame } from "/static/js/game-chrome.js";
import { SeatTable } from "/static/js/seat-table.js";
import { drawCribbageFelt } from "./cribbage-felt.js";
import { CRIBBAGE_SHORTCUTS, cribbageKeys } from "./cribbage-keys.js";
import { playCribMotion, snapshotCrib } from "./cribbage-motion.js";
import { CRIBBAGE_ARRANGER, arrangeKeys, withArrangeShortcut } from "./cribbage-order.js";

export class CribbageTable extends SeatTable {
  constructor(root, mode) {
    setGame("cribbage");
    super(root, mode, {
      keys: (table) => arrangeKeys(table, cribbageKeys(table)),
      shortcuts: withArrangeShortcut(CRIBBAGE_SHORTCUTS),
      arranger: CRIBBAGE_ARRANGER,
    });
    this.selected = []; // the cards picked to lay away, in the order picked
    this.focusCount = null;
  }

  get myTurn() {
    return this.view.status === "active" && this.view.my_turn;
  }

  /** Take a new view: keep only picks still in the hand while laying away; drop a stale hint. */
  setView(view, moved) {
    this.view = view;
    if (moved) this.hint = null;
    this.selected = view.phase === "discard" ? this.selected.filter((c) => view.hand.includes(c)) : [];
  }

  render() {
    if (!this.view) return;
    this.focusCount = null; // the muggins number box, when the felt draws one
    const before = snapshotCrib(this);
    drawCribbageFelt(this);
    this.renderSide(this.felt.side);
    playCribMotion(this, before);
  }

  renderSide() {}

  /** The cards picked were for the move just sent. */
  dropSelection() {
    this.selected = [];
  }

  /** The legal discard of exactly the two picked cards, as the server wrote it. */
  discardAction() {
    if (this.selected.length !== 2) return null;
    const picked = [...this.selected].sort().join(" ");
    return this.view.legal_actions.find((a) => {
      const [kind, ...cards] = a.split(" ");
      return kind === "discard" && cards.sort().join(" ") === picked;
    }) || null;
  }

  /** A tap on a card of your hand: pick it to lay away, or play it. */
  pick(card) {
    const v = this.view;
    if (!this.myTurn) {
      toast(v.status === "finished" ? "The match is over." : "Wait for your turn.", "info");
      return;
    }
    if (v.phase === "discard") {
      if (this.selected.includes(card)) this.selected = this.selected.filter((c) => c !== card);
      else this.selected = [...this.selected, card].slice(-2);
      this.render();
      const node = this.root.querySelector(`#hand .card[data-card="${card}"]`);
      if (node) node.focus();
    } else if (v.phase === "play") {
      // A card that would pass 31 is sent too: the server answers with its reason.
      this.act(`play ${card}`);
    }
  }

  clearPicks() {
    this.selected = [];
    if (this.view) this.render();
  }

  layAway() {
    if (!this.myTurn || this.view.phase !== "discard") return;
    const text = this.discardAction();
    if (text) this.act(text);
    else toast("Pick two cards to lay away to the crib.", "info");
  }

  go() {
    if (this.myTurn && this.legal("go")) this.act("go");
  }

  /** Muggins: state your show's points, a whole number (final: the server takes any count a
   * show may hold, so that a refusal never tells the true total). */
  stateCount(text) {
    const value = String(text).trim();
    if (!/^\d{1,2}$/.test(value)) {
      toast("State your points as a whole number, 0 or more.", "error");
      return;
    }
    this.act(`count ${Number(value)}`);
  }

  answer(kind) {
    if (this.myTurn && this.legal(kind)) this.act(kind);
  }

  followHint() {
    if (this.hint) this.act(this.hint.action);
  }
}
