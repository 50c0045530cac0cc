// A seat at a Cribbage match (#/play/<match>/<token>, the game said by its view): what
// every match seat does (match-seat.js: the view kept up to date, the computer's moves at
// the chosen pace, the dialogs after each hand and at the end, the replays, the next match
// of the series) over the Cribbage felt (cribbage-table.js); here, what Cribbage's views
// hold, the commitment and the dealt cards remembered as first seen to check the seed when
// it is revealed, and its dialogs (the show, the end of the match).

import { finalDialog, showDialog } from "./cribbage-dialogs.js";
import { verifyCribbageHand } from "./cribbage-fairness.js";
import { previewCribMove } from "./cribbage-motion.js";
import { openCribbageReplay } from "./cribbage-replay.js";
import { drawCribbageSide } from "./cribbage-side.js";
import { CribbageTable } from "./cribbage-table.js";
import { eventText } from "./cribbage-words.js";
import { MatchSeat } from "/static/js/match-seat.js";
import { CRIBBAGE_AIDS } from "./cribbage-aids.js";
import { keepPicks, keptPicks } from "/static/js/store.js";

export class CribbageView extends MatchSeat(CribbageTable) {
  constructor(root, { matchId, token, view }) {
    super(root, "match");
    this.seatAt(matchId, token, {
      aidList: CRIBBAGE_AIDS, aidGame: "cribbage", replayOpener: openCribbageReplay, verifier: verifyCribbageHand,
    });
    this.connect(view);
  }

  events(view) {
    return view.events;
  }

  /** One of the computer's moves on its own; it neither moves nor beeps again with the
   * view that holds it (cribbage-motion.js). */
  preview(move, index) {
    previewCribMove(this, move, eventText(move, this.view.seat, this.names));
    this.previewed = index;
  }

  /** Take a view; while this seat still holds its six cards, the picks kept over a reload
   * (those still in the hand) are picked again. */
  setViewFor(view, old, moved) {
    this.setView(view, moved);
    if (view.phase === "discard" && !this.selected.length && view.hand.length === 6) {
      this.selected = keptPicks(this.matchId, view.seat, view.deal_number)
        .filter((c) => view.hand.includes(c)).slice(-2);
    }
  }

  pick(card) {
    super.pick(card);
    this.keepPicks();
  }

  clearPicks() {
    super.clearPicks();
    this.keepPicks();
  }

  keepPicks() {
    const v = this.view;
    if (v && v.phase === "discard") keepPicks(this.matchId, v.seat, v.deal_number, this.selected);
  }

  renderSide(side) {
    drawCribbageSide(this, side);
  }

  /** The six cards as dealt: while laying away, before this seat laid any away. */
  dealtHand() {
    const v = this.view;
    return v.phase === "discard" && !v.laid_away.length && v.hand.length === 6 ? v.hand : null;
  }

  handDialog(last, done) {
    return showDialog(this, last, done);
  }

  afterHandDialog() {
    if (this.focusCount) this.focusCount.focus();
  }

  finalDialog() {
    return finalDialog(this);
  }
}
