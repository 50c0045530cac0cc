// What a seat at a match is in both games, over the game's own table (gin's TableBase,
// Cribbage's CribbageTable): the view from the server kept up to date by the WebSocket, the
// computer's moves shown one at a time at the chosen pace (`prefs.pace`, read as each view
// comes: instant shows them at once), a push that waits while this page's own move is on its
// way, the dialog after each finished hand and at the end, the replays, and the next match
// of the series at the same table with the same seats and links. Each game's view (in its
// package's web folder) says what its views hold and which dialogs it opens.
//
// A game's view provides: `events(view)` (the hand's public events so far),
// `preview(move, index)` (show one of the computer's moves before the view that holds it),
// `setViewFor(view, old, moved)`, `dealtHand()` (this seat's cards while they are still
// the ones dealt, else null), `handDialog(last, done)`, `finalDialog()`, `renderSide`, and
// to seatAt its parts: `aidList` and `aidGame` (the game's learning aids and whose switches
// they are: the views hold them only while one is on), `replayOpener` (the game's
// openReplay) and `verifier` (its check of a finished hand against the revealed seed:
// fairness.js).

import { api, TableSocket } from "./api.js";
import { modalOpen, openModal, toast } from "./dialogs.js";
import {
  ackDeal, ackedDeal, inviteFor, noteCommitment, noteDealt, prefs, rememberInvite, rememberSeat, seenCommitment, seenDealt,
} from "./store.js";
import { paceMs, sleep } from "./table-motion.js";

/** Whether a view holds the learning aids (a view of a page that did not ask has them null,
 * but for gin's stock warning, which shows always). */
const aidsIn = (view) => Boolean(view.aids && view.aids.tracker);

export const MatchSeat = (Base) => class extends Base {
  /** Set up the seat of `matchId` held by `token` (before its first view), with the game's
   * parts: `{aidList, aidGame, replayOpener, verifier}`. */
  seatAt(matchId, token, { aidList, aidGame, replayOpener, verifier }) {
    this.matchId = matchId;
    this.token = token;
    this.aidList = aidList;
    this.aidGame = aidGame;
    this.replayOpener = replayOpener;
    this.verifier = verifier;
    this.baselineSet = false;
    this.pendingHand = null; // the finished hand whose dialog is open
    this.finalShown = false;
    this.queue = Promise.resolve(); // views waiting their turn to be shown, at the pace
    this.waiting = 0;
    this.deferred = null;
  }

  /** Show the first view and keep the table up to date over the seat's WebSocket. */
  connect(view) {
    rememberSeat(this.matchId, this.token, view.seat);
    this.apply(view);
    this.socket = new TableSocket(this.matchId, this.token, {
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
      aids: () => this.wantsAids(),
    });
  }

  /** Whether one of this game's learning aids is on: the server works them out only for a
   * page that asks. */
  wantsAids() {
    return prefs.anyAid(this.aidGame || (this.view && this.view.game), this.aidList || []);
  }

  /** A learning aid was turned on or off: ask for the views with the aids (or without). */
  aidsChanged() {
    if (this.socket && this.socket.setAids(this.wantsAids())) return;
    api.view(this.matchId, this.token, this.wantsAids()).then((v) => this.apply(v), () => null);
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
    const fresh = this.events(view).slice(this.events(old).length);
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
   * shows the last), the pace apart; the last stays in sight before what follows. */
  async paced(view) {
    if (this.destroyed) return;
    const moves = this.opponentMoves(view);
    const shown = this.events(this.view).length;
    for (const [i, move] of moves.slice(0, -1).entries()) {
      this.preview(move, shown + i + 1);
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
    // The learning aids came with the view (one was turned on), or went (all turned off).
    const aided = Boolean(old && aidsIn(old) !== aidsIn(view));
    if (!moved && !nextArrived && !renamed && !aided && this.felt) return; // the same table again (answer and push)
    this.setViewFor(view, old, moved);
    this.remember();
    this.render();
    if (nextArrived && modalOpen("final-modal")) this.showFinal();
    else this.maybeShowHand();
  }

  /** Keep the commitment and the dealt cards as first seen, to check the seed later. */
  remember() {
    const v = this.view;
    if (v.status !== "active" || !v.commitment) return;
    noteCommitment(this.matchId, v.seat, v.deal_number, v.commitment);
    const dealt = this.dealtHand();
    if (dealt) noteDealt(this.matchId, v.seat, v.deal_number, dealt);
  }

  /** The checks of a finished hand against what this page saw of it. */
  verification(hand) {
    const seat = this.view.seat;
    return this.verifier(hand, seat, {
      commitment: seenCommitment(this.matchId, seat, hand.deal),
      dealt: seenDealt(this.matchId, seat, hand.deal),
    });
  }

  /** A move: over the seat's socket when it is open, else a POST. */
  send(text) {
    const expected = this.view.action_count;
    const overSocket = this.socket && this.socket.act(text, expected);
    return overSocket || api.act(this.matchId, this.token, text, expected, this.wantsAids());
  }

  fetchHint() {
    return api.hint(this.matchId, this.token);
  }

  /** A refused move (409: the table moved on meanwhile) or one whose answer was lost with
   * the connection (status 0) reloads the table. */
  async recover(error) {
    if (error.status !== 409 && error.status !== 0) return;
    try {
      this.apply(await api.view(this.matchId, this.token, this.wantsAids()));
    } catch (ignored) {
      // The socket will bring the table up to date.
    }
  }

  /** Show the end of a hand not yet seen here, or the end of the match once over. */
  maybeShowHand() {
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
      if (this.pendingHand === last.deal) return;
      this.pendingHand = last.deal;
      const finished = v.status === "finished";
      openModal(this.handDialog(last, () => {
        ackDeal(this.matchId, this.view.seat, last.deal);
        this.pendingHand = null;
        if (finished) this.showFinal();
        else this.afterHandDialog();
      }));
    } else if (v.status === "finished" && !modalOpen() && !this.finalShown) {
      this.showFinal();
    }
  }

  /** What to do once a hand's dialog is closed and the match goes on (nothing by default). */
  afterHandDialog() {}

  showFinal() {
    if (!this.view.final) return;
    this.finalShown = true;
    openModal(this.finalDialog());
  }

  openReplay(deal) {
    const v = this.view;
    this.replayOpener({
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
};
