// A seat at a gin match (#/play/<match>/<token>): what every match seat does
// (match-seat.js: the view kept up to date, the computer's moves at the chosen pace, the
// dialogs after each hand and at the end, the replays, the next match of the series) over
// gin's table (table-base.js); here, what gin's views hold, the commitment and the dealt
// cards remembered as first seen to check the seed when it is revealed, and its dialogs.

import { api } from "/static/js/api.js";
import { h } from "/static/js/dialogs.js";
import { verifyHand } from "/static/js/fairness.js";
import { drawMatchSide } from "./match-side.js";
import { openReplay } from "./replay.js";
import { finalDialog, showdownDialog } from "./match-dialogs.js";
import { MatchSeat } from "/static/js/match-seat.js";
import { noteCommitment, noteDealt, seenCommitment, seenDealt } from "/static/js/store.js";
import { TableBase } from "./table-base.js";
import { AIDS } from "./gin-aids.js";
import { moveWords } from "./felt.js";
import { previewMove } from "/static/js/table-motion.js";

export class MatchView extends MatchSeat(TableBase) {
  /** `view`: the seat's view when the page already fetched it (seat-page.js). */
  constructor(root, { matchId, token, view = null }) {
    super(root, "match");
    this.seatAt(matchId, token);
    this.aidList = AIDS;
    this.aidGame = "gin";
    this.initialView = view;
    this.replayOpener = openReplay;
    this.start();
  }

  async start() {
    this.loading();
    try {
      this.connect(this.initialView || await api.view(this.matchId, this.token, this.wantsAids()));
    } catch (error) {
      const refused = error.status === 403 || error.status === 404;
      this.root.replaceChildren(h("section", { class: "panel notice" },
        h("h2", {}, refused ? "This link does not open a seat" : "The table cannot be reached"),
        h("p", {}, error.message),
        h("a", { class: "btn primary", href: "#/" }, "Back to the lobby")));
    }
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

  /** Keep the commitment and the dealt cards as first seen, to check the seed later. */
  remember() {
    const v = this.view;
    if (v.status !== "active" || !v.commitment) return;
    noteCommitment(this.matchId, v.seat, v.deal_number, v.commitment);
    const mine = this.obs.events.some((e) => e.seat === v.seat);
    if (!mine && this.obs.hand.length === 10 && this.obs.phase !== "over") {
      noteDealt(this.matchId, v.seat, v.deal_number, this.obs.hand);
    }
  }

  /** The checks of a finished hand against what this page saw of it. */
  verification(hand) {
    const seat = this.view.seat;
    return verifyHand(hand, seat, {
      commitment: seenCommitment(this.matchId, seat, hand.deal),
      dealt: seenDealt(this.matchId, seat, hand.deal),
    });
  }

  handDialog(last, done) {
    return showdownDialog(this, last, done);
  }

  finalDialog() {
    return finalDialog(this);
  }
}
