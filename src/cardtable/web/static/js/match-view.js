// A seat at a match (#/play/<match>/<token>): the view from the server, kept up to date by
// the WebSocket; the commitment and the dealt cards remembered as first seen, to check the
// seed when it is revealed; the showdown after each hand and the final score; the replays;
// and the next match of the series, at the same table with the same seats and links.

import { api, TableSocket } from "./api.js";
import { h, modalOpen, openModal, toast } from "./dialogs.js";
import { verifyHand } from "./fairness.js";
import { drawMatchSide } from "./match-side.js";
import { openReplay } from "./replay.js";
import { finalDialog, showdownDialog } from "./match-dialogs.js";
import {
  ackDeal, ackedDeal, inviteFor, noteCommitment, noteDealt, rememberInvite, rememberSeat, seenCommitment, seenDealt,
} from "./store.js";
import { TableBase } from "./table-base.js";
import { moveWords } from "./felt.js";
import { paceMs, previewMove, sleep } from "./table-motion.js";

export class MatchView extends TableBase {
  /** `view`: the seat's view when the page already fetched it (seat-page.js). */
  constructor(root, { matchId, token, view = null }) {
    super(root, "match");
    this.matchId = matchId;
    this.token = token;
    this.initialView = view;
    this.baselineSet = false;
    this.pendingShowdown = null;
    this.queue = Promise.resolve(); // views waiting their turn to be shown, at the pace
    this.waiting = 0;
    this.start();
  }

  destroy() {
    super.destroy();
    if (this.socket) this.socket.close();
  }

  async start() {
    this.loading();
    try {
      const view = this.initialView || await api.view(this.matchId, this.token);
      rememberSeat(this.matchId, this.token, view.seat);
      this.apply(view);
      this.socket = new TableSocket(this.matchId, this.token, {
        // A push while this page's own move is on its way waits for the move's answer:
        // the move shows first, then the computer's reply at its pace.
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
    } catch (error) {
      const refused = error.status === 403 || error.status === 404;
      this.root.replaceChildren(h("section", { class: "panel notice" },
        h("h2", {}, refused ? "This link does not open a seat" : "The table cannot be reached"),
        h("p", {}, error.message),
        h("a", { class: "btn primary", href: "#/" }, "Back to the lobby")));
    }
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
    const fresh = view.observation.events.slice(old.observation.events.length);
    return fresh.some((e) => e.seat === view.seat) ? [] : fresh;
  }

  async whileBusy(work) {
    await super.whileBusy(work);
    if (this.busy) return; // a second request refused while the first is on its way
    const deferred = this.deferred;
    this.deferred = null;
    if (deferred) this.apply(deferred);
  }

  async paced(view) {
    if (this.destroyed) return;
    const moves = this.opponentMoves(view);
    const pace = paceMs();
    // Each move but the last is shown on its own before the view; the view shows the last.
    for (const move of moves.slice(0, -1)) {
      previewMove(this, move, moveWords(this, move));
      await sleep(pace);
      if (this.destroyed) return;
    }
    this.show(view);
    if (moves.length) await sleep(pace); // the last stays in sight before what follows
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
    if (!moved && !nextArrived && !renamed && this.felt) return; // the same table again (answer and push)
    this.setView(view, { newDeal: Boolean(old && old.deal_number !== view.deal_number), moved });
    this.remember();
    this.render();
    if (nextArrived && modalOpen("final-modal")) this.showFinal();
    else this.maybeShowdown();
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
    drawMatchSide(this, side);
  }

  /** Deals finished so far (each can be replayed). */
  get finishedDeals() {
    const v = this.view;
    return v.status === "finished" ? v.deal_number : v.deal_number - 1;
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

  /** Show the showdown of a hand not yet seen here, or the final score once over. */
  maybeShowdown() {
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
      if (this.pendingShowdown === last.deal) return;
      this.pendingShowdown = last.deal;
      this.showShowdown(last);
    } else if (v.status === "finished" && !modalOpen() && !this.finalShown) {
      this.showFinal();
    }
  }

  showShowdown(last) {
    const finished = this.view.status === "finished";
    openModal(showdownDialog(this, last, () => {
      ackDeal(this.matchId, this.view.seat, last.deal);
      this.pendingShowdown = null;
      if (finished) this.showFinal();
    }));
  }

  showFinal() {
    if (!this.view.final) return;
    this.finalShown = true;
    openModal(finalDialog(this));
  }

  openReplay(deal) {
    const v = this.view;
    openReplay({ matchId: this.matchId, token: this.token, names: this.names, seat: v.seat, finished: this.finishedDeals }, deal);
  }

  /** On to the next match of the series: the server deals it (or names the one dealt);
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
  }
}
