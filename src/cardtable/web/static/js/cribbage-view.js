// A seat at a Cribbage match (#/play/<match>/<token>, the game said by its view): the view
// from the server, kept up to date by the WebSocket; the commitment and the dealt cards
// remembered as first seen, to check the seed when it is revealed; the show after each hand,
// the end of the match, the replays and the next match of the series, at the same table with
// the same seats and links. The computer's moves come one at a time, at the pace the player
// chose (`prefs.pace`, read as each view comes: instant shows them at once). Playing the
// cards is cribbage-table.js.

import { api, TableSocket } from "./api.js";
import { modalOpen, openModal, toast } from "./dialogs.js";
import {
  ackDeal, ackedDeal, inviteFor, noteCommitment, noteDealt, rememberInvite, rememberSeat, seenCommitment, seenDealt,
} from "./store.js";
import { finalDialog, showDialog } from "./cribbage-dialogs.js";
import { verifyCribbageHand } from "./cribbage-fairness.js";
import { openCribbageReplay } from "./cribbage-replay.js";
import { drawCribbageSide } from "./cribbage-side.js";
import { CribbageTable } from "./cribbage-table.js";
import { previewCribMove } from "./cribbage-motion.js";
import { eventText } from "./cribbage-words.js";
import { paceMs, sleep } from "./table-motion.js";

export class CribbageView extends CribbageTable {
  constructor(root, { matchId, token, view }) {
    super(root, "match");
    this.matchId = matchId;
    this.token = token;
    this.baselineSet = false;
    this.pendingShow = null;
    this.finalShown = false;
    this.queue = Promise.resolve(); // views waiting their turn to be shown, at the pace
    this.waiting = 0;
    this.deferred = null;
    rememberSeat(matchId, token, view.seat);
    this.apply(view);
    this.socket = new TableSocket(matchId, token, {
      // A push while this page's own move is on its way waits for the move's answer: the
      // move shows first, then the computer's reply at its pace.
      onView: (v) => {
        if (!this.busy) this.apply(v);
        else if (!this.deferred || v.action_count >= this.deferred.action_count) this.deferred = v;
      },
      onPresence: (online) => {
        this.online = online;
        if (this.view) this.render();
      },
      onStatus: (up) => this.root.classList.toggle("offline", !up),
    });
  }

  destroy() {
    super.destroy();
    if (this.socket) this.socket.close();
  }

  /** Deals finished so far (each can be replayed). */
  get finishedDeals() {
    const v = this.view;
    return v.status === "finished" ? v.deal_number : v.deal_number - 1;
  }

  /** A view from an answer or a push, shown in the order they came: the computer's moves
   * one at a time at the chosen pace (at once when instant, or for the first view). */
  apply(view) {
    if (this.destroyed) return;
    if (!this.view || (!this.waiting && (!paceMs() || !this.opponentMoves(view).length))) {
      this.show(view);
      return;
    }
    this.waiting += 1;
    this.root.classList.add("pacing");
    this.queue = this.queue.then(() => this.paced(view)).catch(() => null).finally(() => {
      this.waiting -= 1;
      if (!this.waiting) this.root.classList.remove("pacing");
    });
  }

  /** The opponent's moves new in `view`, of the hand on the table (none across deals, and
   * none to pace when the view also holds a move of this seat not yet shown). */
  opponentMoves(view) {
    const old = this.view;
    if (!old || old.deal_number !== view.deal_number || view.action_count <= old.action_count) return [];
    const fresh = view.events.slice(old.events.length);
    return fresh.some((e) => e.seat === view.seat) ? [] : fresh;
  }

  async whileBusy(work) {
    await super.whileBusy(work);
    if (this.busy) return; // a second request refused while the first is on its way
    const deferred = this.deferred;
    this.deferred = null;
    if (deferred) this.apply(deferred);
  }

  /** Each of the computer's moves but the last shown on its own before the view (which
   * shows the last), `prefs.pace` apart; the last stays in sight before what follows. */
  async paced(view) {
    if (this.destroyed) return;
    const moves = this.opponentMoves(view);
    const shown = this.view.events.length;
    for (const [i, move] of moves.slice(0, -1).entries()) {
      previewCribMove(this, move, eventText(move, this.view.seat, this.names));
      this.previewed = shown + i + 1; // these neither move nor beep again with the view
      await sleep(paceMs());
      if (this.destroyed) return;
    }
    this.show(view);
    if (moves.length) await sleep(paceMs());
  }

  /** Draw a view: older ones and repeats of the same table are dropped. */
  show(view) {
    if (this.destroyed) return;
    const old = this.view;
    if (old && view.action_count < old.action_count) return;
    const moved = !old || old.action_count !== view.action_count;
    const nextArrived = Boolean(old && view.next_match && old.next_match !== view.next_match);
    // A player named itself: the same table, with a new name to show.
    const renamed = Boolean(old && old.players.some((p, i) => p.name !== view.players[i].name));
    if (!moved && !nextArrived && !renamed && this.felt) return;
    this.setView(view, moved);
    this.remember();
    this.render();
    if (nextArrived && modalOpen("final-modal")) this.showFinal();
    else this.maybeShow();
  }

  send(text) {
    return api.act(this.matchId, this.token, text, this.view.action_count);
  }

  fetchHint() {
    return api.hint(this.matchId, this.token);
  }

  /** A refused move (409: the table moved on meanwhile) reloads the table. */
  async recover(error) {
    if (error.status !== 409) return;
    try {
      this.apply(await api.view(this.matchId, this.token));
    } catch (ignored) {
      // The socket will bring the table up to date.
    }
  }

  renderSide(side) {
    drawCribbageSide(this, side);
  }

  /** Keep the commitment and the dealt cards as first seen, to check the seed later. */
  remember() {
    const v = this.view;
    if (v.status !== "active" || !v.commitment) return;
    noteCommitment(this.matchId, v.seat, v.deal_number, v.commitment);
    if (v.phase === "discard" && !v.laid_away.length && v.hand.length === 6) {
      noteDealt(this.matchId, v.seat, v.deal_number, v.hand);
    }
  }

  /** The checks of a finished hand against what this page saw of it. */
  verification(hand) {
    const seat = this.view.seat;
    return verifyCribbageHand(hand, seat, {
      commitment: seenCommitment(this.matchId, seat, hand.deal),
      dealt: seenDealt(this.matchId, seat, hand.deal),
    });
  }

  /** Show the show of a hand not yet seen here, or the end of the match once over. */
  maybeShow() {
    const v = this.view;
    const last = v.last_hand;
    if (!this.baselineSet) {
      this.baselineSet = true;
      if (ackedDeal(this.matchId, v.seat) === null) {
        // A first visit: hands before it were not this page's to show.
        ackDeal(this.matchId, v.seat, last ? last.deal : 0);
        if (v.status === "finished") this.showFinal();
        return;
      }
    }
    if (last && last.deal > (ackedDeal(this.matchId, v.seat) || 0)) {
      if (this.pendingShow === last.deal) return;
      this.pendingShow = last.deal;
      const finished = v.status === "finished";
      openModal(showDialog(this, last, () => {
        ackDeal(this.matchId, this.view.seat, last.deal);
        this.pendingShow = null;
        if (finished) this.showFinal();
        else if (this.focusCount) this.focusCount.focus();
      }));
    } else if (v.status === "finished" && !modalOpen() && !this.finalShown) {
      this.showFinal();
    }
  }

  showFinal() {
    if (!this.view.final) return;
    this.finalShown = true;
    openModal(finalDialog(this));
  }

  openReplay(deal) {
    const v = this.view;
    openCribbageReplay({
      matchId: this.matchId, token: this.token, names: this.names, seat: v.seat, finished: this.finishedDeals,
    }, deal);
  }

  /** On to the next match of the series (the server deals it, or names the one dealt);
   * false when it could not. */
  async nextMatch() {
    let next = this.view.next_match;
    let seat = this.view.seat;
    if (!next) {
      try {
        const made = await api.next(this.matchId, this.token);
        next = made.match_id;
        seat = made.view.seat;
      } catch (error) {
        toast(error.message, "error");
        return false; // the dialog stays open
      }
    }
    rememberSeat(next, this.token, seat);
    const invite = inviteFor(this.matchId);
    if (invite) rememberInvite(next, invite); // the friend keeps their link's token too
    location.hash = `#/play/${next}/${this.token}`;
    return undefined;
  }
}
