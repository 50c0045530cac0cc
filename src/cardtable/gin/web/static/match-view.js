// A seat at a gin match (#/play/<match>/<token>): what every match seat does
// (match-seat.js: the view kept up to date, the computer's moves at the chosen pace, the
// dialogs after each hand and at the end, the replays, the next match of the series) over
// gin's table (table-base.js); here, what gin's views hold, the commitment and the dealt
// cards remembered as first seen to check the seed when it is revealed, and its dialogs.

import { verifyHand } from "/static/js/fairness.js";
import { drawMatchSide } from "./match-side.js";
import { openReplay } from "./replay.js";
import { finalDialog, showdownDialog } from "./match-dialogs.js";
import { MatchSeat } from "/static/js/match-seat.js";
import { TableBase } from "./table-base.js";
import { AIDS } from "./gin-aids.js";
import { moveWords } from "./felt.js";
import { previewMove } from "/static/js/table-motion.js";

export class MatchView extends MatchSeat(TableBase) {
  /** `view`: the seat's view, already fetched by seat-page.js. */
  constructor(root, { matchId, token, view }) {
    super(root, "match");
    this.seatAt(matchId, token, { aidList: AIDS, aidGame: "gin", replayOpener: openReplay, verifier: verifyHand });
    this.connect(view);
  }

  events(view) {
    return view.observation.events;
  }

  preview(move) {
    previewMove(this, move, moveWords(this, move));
  }

  setViewFor(view, old, moved) {
    this.setView(view, { newDeal: Boolean(old && old.deal_number !== view.deal_number), moved });
  }

  renderSide(side) {
    drawMatchSide(this, side);
  }

  /** The ten cards as dealt: before this seat's first move of the hand. */
  dealtHand() {
    const mine = this.obs.events.some((e) => e.seat === this.view.seat);
    return !mine && this.obs.hand.length === 10 && this.obs.phase !== "over" ? this.obs.hand : null;
  }

  handDialog(last, done) {
    return showdownDialog(this, last, done);
  }

  finalDialog() {
    return finalDialog(this);
  }
}
