// The table: one seat's view of a match (or of the lesson), drawn on green felt.
// Click or tap: the stock or the discard pile to draw, a card to pick it, the picked card
// again (or Discard) to throw it. Keys: see SHORTCUTS. Views come from the server, after
// each action and pushed over the WebSocket; the page never holds the opponent's cards.

import { api, TableSocket } from "./api.js";
import { cardElement, cardName, cardText, sortByRank } from "./cards.js";
import { fill, h, modalOpen, openModal, closeModal, toast } from "./dialogs.js";
import { knockDialog } from "./knock.js";
import { scoreChart } from "./chart.js";
import { verifyHand } from "./fairness.js";
import {
  fairnessList, finalTotals, layout, replayViewer, scoreLineText, scoreSheet, showdownTitle,
} from "./showdown.js";
import {
  ackDeal, ackedDeal, inviteFor, noteCommitment, noteDealt, rememberSeat, seenCommitment, seenDealt,
} from "./store.js";

export const SHORTCUTS = [
  ["S", "draw from the stock"],
  ["T", "take the top discard (or the upcard)"],
  ["P", "pass the upcard"],
  ["← →", "move between your cards"],
  ["Enter", "pick the card; again to discard it"],
  ["1…9 0 -", "pick the 1st to 9th, 10th, 11th card"],
  ["D", "discard the picked card"],
  ["K", "knock"],
  ["G", "go gin"],
  ["H", "hint"],
  ["Esc", "put the card back / close"],
  ["?", "this list"],
];

export function shortcutsTable() {
  return h("table", { class: "shortcuts" }, h("tbody", {},
    ...SHORTCUTS.map(([key, what]) => h("tr", {}, h("th", { scope: "row" }, ...key.split(" ").map((k) => h("kbd", {}, k))), h("td", {}, what)))));
}

// How long the opponent's throw takes to slide onto the pile (the CSS animation `arrive`).
const ARRIVAL_MS = 450;

const KIND_WORDS = {
  pass: (who) => `${who} passed the upcard`,
  draw: (who, card) => (card ? `${who} drew the ${cardText(card)}` : `${who} drew from the stock`),
  take: (who, card) => `${who} took the ${cardText(card)}`,
  discard: (who, card) => `${who} discarded the ${cardText(card)}`,
  knock: (who) => `${who} knocked`,
  gin: (who) => `${who} went gin`,
  big_gin: (who) => `${who} went big gin`,
};

/** "Throw the KH" → "Throw the K♥": card codes in server text, written with suit symbols. */
function withSymbols(text) {
  return String(text).replace(/\b([2-9TJQKA][SHDC])\b/g, (m) => cardText(m));
}

function bulb() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "hint-icon");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", "#bulb");
  svg.appendChild(use);
  return svg;
}

function bar(percent) {
  const fill = h("i");
  fill.style.width = `${percent}%`;
  return h("div", { class: "score-bar", "aria-hidden": "true" }, fill);
}

function kbd(key) {
  return h("kbd", { "aria-hidden": "true" }, key);
}

export class TableView {
  constructor(root, { mode, matchId = null, token = null }) {
    this.root = root;
    this.mode = mode;
    this.matchId = matchId;
    this.token = token;
    this.view = null;
    this.selected = null;
    this.picks = new Set();
    this.hint = null;
    this.busy = false;
    this.online = [false, false];
    this.baselineSet = false;
    this.pendingShowdown = null;
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
    this.start();
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    if (this.socket) this.socket.close();
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

  async start() {
    this.root.replaceChildren(h("div", { class: "loading" }, h("div", { class: "spinner" }), "Shuffling…"));
    try {
      if (this.mode === "lesson") {
        const view = await api.lessonNew();
        this.lessonId = view.lesson_id;
        this.apply(view);
        return;
      }
      const view = await api.view(this.matchId, this.token);
      rememberSeat(this.matchId, this.token, view.seat);
      this.apply(view);
      this.socket = new TableSocket(this.matchId, this.token, {
        onView: (v) => this.apply(v),
        onPresence: (online) => {
          this.online = online;
          if (this.view) this.render();
        },
        onStatus: (up) => this.root.classList.toggle("offline", !up),
      });
    } catch (error) {
      this.root.replaceChildren(h("section", { class: "panel notice" },
        h("h2", {}, error.status === 403 || error.status === 404 ? "This link does not open a seat" : "The table cannot be reached"),
        h("p", {}, error.message),
        h("a", { class: "btn primary", href: "#/" }, "Back to the lobby")));
    }
  }

  // -- views --------------------------------------------------------------------------------

  apply(view) {
    if (this.destroyed) return;
    const old = this.view;
    if (old && this.mode === "match" && view.action_count < old.action_count) return;
    const changed = !old || old.action_count !== view.action_count || this.mode === "lesson";
    if (!changed && this.layoutRoot) return; // the same table again (answer and push)
    this.view = view;
    if (changed) {
      if (old && (old.deal_number !== view.deal_number || this.mode === "lesson")) this.picks.clear();
      if (this.selected && !this.obs.hand.includes(this.selected)) this.selected = null;
      if (!old || old.action_count !== view.action_count) this.hint = null;
    }
    if (this.mode === "match") this.remember();
    this.render();
    if (this.mode === "match") this.maybeShowdown();
    else if (this.mode === "lesson" && this.obs.result && !this.lessonShown) {
      this.lessonShown = true;
      this.showLessonShowdown();
    }
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

  maybeShowdown() {
    const v = this.view;
    const last = v.last_hand;
    const acked = ackedDeal(this.matchId, v.seat);
    if (!this.baselineSet) {
      this.baselineSet = true;
      if (acked === null) {
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

  verification(hand) {
    const seat = this.view.seat;
    return verifyHand(hand, seat, {
      commitment: seenCommitment(this.matchId, seat, hand.deal),
      dealt: seenDealt(this.matchId, seat, hand.deal),
    });
  }

  showShowdown(last) {
    const v = this.view;
    const seat = v.seat;
    const result = last.result;
    const finished = v.status === "finished";
    const checks = this.verification(last);
    const body = h("div", {},
      layout(result, this.names, seat, last.hands),
      h("p", { class: "score-line" }, scoreLineText(result, v.rules)),
      h("div", { class: "running" },
        h("h3", {}, "Score sheet"),
        scoreSheet(v.sheet, this.names, seat, v.boxes)),
      h("details", { class: "fair-details", open: checks.some((c) => !c.ok) },
        h("summary", {}, checks.every((c) => c.ok) ? "Fair deal: verified ✓" : "Fair deal: CHECK FAILED ✗"),
        fairnessList(checks, last.seed)));
    const done = () => {
      ackDeal(this.matchId, seat, last.deal);
      this.pendingShowdown = null;
    };
    openModal({
      title: showdownTitle(result, this.names, seat),
      body,
      className: `showdown-modal outcome-${result.outcome} ${result.winner === seat ? "won" : result.winner === null ? "" : "lost"}`,
      onClose: () => {
        done();
        if (finished) this.showFinal();
      },
      actions: [{
        label: finished ? "See the final score" : "Next hand",
        primary: true,
        id: "next-hand",
      }],
    });
  }

  showFinal() {
    const v = this.view;
    if (!v.final) return;
    this.finalShown = true;
    const body = h("div", {},
      finalTotals(v.final, v.rules, this.names, v.seat),
      h("h3", {}, "Scores by hand"),
      scoreChart(v.sheet, this.names, v.seat, v.rules.target),
      h("h3", {}, "Score sheet"),
      scoreSheet(v.sheet, this.names, v.seat, v.boxes));
    openModal({
      title: v.final.winner === v.seat ? "You won the match!" : `${this.names[v.final.winner]} won the match`,
      body,
      className: `final-modal ${v.final.winner === v.seat ? "won" : "lost"}`,
      actions: [
        { label: "Replay a hand", id: "final-replay", onClick: () => { this.openReplay(1); return false; } },
        { label: "New match", primary: true, id: "new-match-button", onClick: () => { location.hash = "#/"; } },
      ],
    });
  }

  showLessonShowdown() {
    const result = this.obs.result;
    openModal({
      title: showdownTitle(result, this.names, 0),
      className: "showdown-modal won",
      body: h("div", {},
        layout(result, this.names, 0),
        h("p", { class: "score-line" }, scoreLineText(result, this.obs.rules)),
        h("p", {}, withSymbols(this.view.lesson.text))),
      actions: [
        { label: "Play a real match", primary: true, id: "lesson-done", onClick: () => { location.hash = "#/"; } },
      ],
    });
  }

  // -- acting -------------------------------------------------------------------------------

  async act(text) {
    if (this.busy) return;
    this.busy = true;
    this.root.classList.add("busy");
    try {
      let view;
      if (this.mode === "lesson") {
        view = await api.lessonStep(this.lessonId, { action: text });
        if (!view.ok) toast(withSymbols(view.lesson.message), "coach");
      } else {
        view = await api.act(this.matchId, this.token, text, this.view.action_count);
      }
      this.selected = null;
      this.apply(view);
    } catch (error) {
      toast(error.message, "error");
      if (error.status === 409 && this.mode === "match") {
        try {
          this.apply(await api.view(this.matchId, this.token));
        } catch (ignored) {
          // The socket will bring the table up to date.
        }
      }
    } finally {
      this.busy = false;
      this.root.classList.remove("busy");
    }
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
    });
  }

  pick(card) {
    const lesson = this.view.lesson;
    if (lesson && lesson.select) {
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

  async askHint() {
    if (!this.myTurn) {
      toast("A hint is for your turn.", "info");
      return;
    }
    try {
      this.hint = this.mode === "lesson" ? await api.lessonHint(this.lessonId) : await api.hint(this.matchId, this.token);
      this.render();
    } catch (error) {
      toast(error.message, "error");
    }
  }

  async lessonStep(body) {
    // Busy like a move: a double click must not send the step twice, and tests wait on it.
    if (this.busy) return;
    this.busy = true;
    this.root.classList.add("busy");
    try {
      const view = await api.lessonStep(this.lessonId, body);
      if (!view.ok) toast(withSymbols(view.lesson.message || "Not quite."), "coach");
      else this.picks.clear();
      this.apply(view);
    } catch (error) {
      toast(error.message, "error");
    } finally {
      this.busy = false;
      this.root.classList.remove("busy");
    }
  }

  async openReplay(deal) {
    try {
      const data = await api.replay(this.matchId, this.token, deal);
      const finished = this.view.status === "finished" ? this.view.deal_number : this.view.deal_number - 1;
      const picker = h("div", { class: "replay-deals" }, h("span", { class: "muted" }, "Deal:"),
        ...Array.from({ length: finished }, (_, i) => {
          const b = h("button", { type: "button", class: `btn small ${i + 1 === deal ? "primary" : ""}` }, String(i + 1));
          b.addEventListener("click", () => this.openReplay(i + 1));
          return b;
        }));
      const viewer = replayViewer(data, this.names, this.view.seat);
      openModal({
        title: `Replay of deal ${deal}`,
        body: h("div", {}, finished > 1 ? picker : null, viewer),
        className: "replay-modal",
      });
      viewer.focus();
    } catch (error) {
      toast(error.message, "error");
    }
  }

  help() {
    openModal({ title: "Keyboard shortcuts", body: shortcutsTable(), className: "help-modal" });
  }

  key(event) {
    if (!this.view || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    if (modalOpen()) return;
    const key = event.key;
    const hand = [...this.root.querySelectorAll(".hand .card")];
    const lower = key.length === 1 ? key.toLowerCase() : key;
    const digits = "1234567890-";
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const index = hand.indexOf(document.activeElement);
      const next = index < 0 ? 0 : (index + (key === "ArrowRight" ? 1 : -1) + hand.length) % hand.length;
      if (hand[next]) hand[next].focus();
    } else if (digits.includes(key) && key !== "") {
      const node = hand[digits.indexOf(key)];
      if (node) this.pick(node.dataset.card);
    } else if (lower === "s") this.draw();
    else if (lower === "t") this.take();
    else if (lower === "p") this.pass();
    else if (lower === "d") this.discard();
    else if (lower === "k") this.knock("knock");
    else if (lower === "g") this.knock("gin");
    else if (lower === "h") this.askHint();
    else if (key === "?") this.help();
    else if (key === "Escape") {
      this.selected = null;
      this.render();
    } else return;
    event.preventDefault();
  }

  // -- drawing the table ----------------------------------------------------------------------

  render() {
    if (!this.layoutRoot) {
      this.felt = h("section", { class: "felt", "aria-label": "Card table" });
      this.side = h("aside", { class: "side", "aria-label": "Scores and match details" });
      this.layoutRoot = h("div", { class: `table-layout ${this.mode}` }, this.felt, this.side);
      this.root.replaceChildren(this.layoutRoot);
      this.oppArea = h("div", { class: "opponent-area" });
      this.piles = h("div", { class: "piles" });
      this.statusBox = h("div", { class: "status", id: "status", role: "status", "aria-live": "polite" });
      this.hintArea = h("div", { class: "hint-area" });
      this.centre = h("div", { class: "centre" }, this.piles,
        h("div", { class: "centre-side" }, this.statusBox, this.hintArea));
      this.myArea = h("div", { class: "my-area" });
      this.felt.append(this.oppArea, this.centre, this.myArea);
    }
    this.layoutRoot.classList.toggle("my-turn", this.myTurn);
    this.renderOpponent();
    this.renderCentre();
    this.renderHint();
    this.renderMine();
    this.renderSide();
  }

  renderOpponent() {
    const v = this.view;
    const them = 1 - v.seat;
    const player = v.players[them];
    const known = this.obs.opponent_known;
    const backs = Math.max(0, this.obs.opponent_card_count - known.length);
    const friend = player.kind === "human";
    const tag = h("div", { class: "player-tag" },
      h("span", { class: `avatar ${player.kind}`, "aria-hidden": "true" }, player.name.slice(0, 1).toUpperCase()),
      h("span", { class: "player-name" }, player.name),
      player.kind === "computer" ? h("span", { class: "chip" }, player.level && player.level.toLowerCase() !== player.name.toLowerCase() ? player.level : "computer") : null,
      this.mode === "match" && friend ? h("span", { class: `presence ${this.online[them] ? "on" : "off"}` },
        this.online[them] ? "at the table" : "away") : null,
      v.dealer === them ? h("span", { class: "chip dealer", title: "Dealer" }, "Dealer") : null,
      h("span", { class: "count", id: "opponent-count" }, `${this.obs.opponent_card_count} cards`),
      this.obs.to_act === them ? h("span", { class: "thinking", "aria-label": "to play" }, h("i"), h("i"), h("i")) : null);
    const shown = this.obs.opponent_hand; // only once the hand is over
    const fan = shown
      ? h("div", { class: "opp-hand", "aria-label": `${player.name}'s hand: ${shown.map(cardText).join(" ")}` },
        ...sortByRank(shown).map((c) => cardElement(c, { classes: ["opp", "open"] })))
      : h("div", { class: "opp-hand", "aria-label": `${player.name} holds ${this.obs.opponent_card_count} cards${known.length ? `, known: ${known.map(cardText).join(" ")}` : ""}` },
        ...Array.from({ length: backs }, () => cardElement(null, { classes: ["opp"] })),
        ...known.map((c) => cardElement(c, { classes: ["opp", "known"], label: `${cardName(c)}, known to be in ${player.name}'s hand` })));
    const note = known.length && !shown
      ? h("p", { class: "known-note" }, `Known in ${player.name}'s hand: ${sortByRank(known).map(cardText).join(" ")}`)
      : h("p", { class: "known-note empty" }, "");
    fill(this.oppArea, tag, fan, note);
  }

  renderCentre() {
    const obs = this.obs;
    const canDraw = this.myTurn && this.legal("draw");
    const canTake = this.myTurn && this.legal("take");
    const suggested = this.hint ? this.hint.action : null;
    const stockStack = h("div", { class: "stack" },
      ...Array.from({ length: Math.min(4, Math.ceil(obs.stock_count / 8)) }, () => cardElement(null, { classes: ["pile-card"] })));
    const stock = h(canDraw ? "button" : "div", {
      class: `pile stock ${canDraw ? "live" : ""} ${suggested === "draw" ? "suggested" : ""}`,
      id: "stock",
      type: canDraw ? "button" : null,
      "aria-label": `Stock: ${obs.stock_count} cards${canDraw ? ". Draw from it (S)" : ""}`,
    }, obs.stock_count ? stockStack : h("div", { class: "empty-slot" }), h("span", { class: "pile-count" }, String(obs.stock_count)),
    h("span", { class: "pile-label" }, "Stock"));
    if (canDraw) stock.addEventListener("click", () => this.draw());
    const pile = obs.discard_pile;
    const top = pile.length ? pile[pile.length - 1] : null;
    const under = pile.slice(-3, -1);
    // The opponent's throw slides in once, when it first arrives. A render during the
    // slide (a pushed copy of the same view, a pick) continues it where it was; later
    // renders leave the card still.
    const last = obs.events.length ? obs.events[obs.events.length - 1] : null;
    const theirs = last && last.seat !== this.view.seat && last.kind === "discard" && last.card === top;
    const arrival = `${this.matchId}:${this.view.hand_number}:${obs.events.length}`;
    if (this.arrival !== arrival) {
      this.arrival = arrival;
      this.arrivedAt = performance.now();
    }
    const sliding = performance.now() - this.arrivedAt;
    const topClasses = ["pile-card", "top"];
    if (theirs) topClasses.push("theirs");
    if (theirs && sliding < ARRIVAL_MS) topClasses.push("arriving");
    const discard = h(canTake ? "button" : "div", {
      class: `pile discard ${canTake ? "live" : ""} ${suggested === "take" ? "suggested" : ""}`,
      id: "discard-pile",
      type: canTake ? "button" : null,
      "aria-label": top ? `Discard pile: ${cardName(top)} on top${canTake ? ". Take it (T)" : ""}` : "Discard pile: empty",
    }, h("div", { class: "stack fanned" },
      ...under.map((c) => cardElement(c, { classes: ["pile-card", "under"] })),
      top ? cardElement(top, { classes: topClasses }) : h("div", { class: "empty-slot" })),
    h("span", { class: "pile-label" }, obs.phase === "offer" ? "Upcard" : "Discards"));
    if (canTake) discard.addEventListener("click", () => this.take());
    const slide = discard.querySelector(".arriving");
    if (slide) slide.style.animationDelay = `-${Math.round(sliding)}ms`;
    fill(this.piles, stock, discard);
    fill(this.statusBox, h("p", { class: "status-main" }, this.statusText()), this.tickerNode());
  }

  statusText() {
    const v = this.view;
    const obs = this.obs;
    const them = this.names[1 - v.seat];
    if (v.status === "finished") return "The match is over.";
    if (obs.phase === "over") return "The hand is over.";
    if (!this.myTurn) {
      return v.players[1 - v.seat].kind === "computer" ? `${them} is playing…` : `Waiting for ${them}…`;
    }
    const top = obs.discard_pile.length ? cardText(obs.discard_pile[obs.discard_pile.length - 1]) : "";
    if (obs.phase === "offer") return `Your turn: take the ${top} or pass.`;
    if (obs.phase === "draw") {
      return obs.stock_only ? "Both passed the upcard: draw from the stock." : `Your turn: draw from the stock or take the ${top}.`;
    }
    if (this.selected) {
      const left = v.discard_deadwood ? v.discard_deadwood[this.selected] : null;
      if (obs.taken === this.selected) return `You just took the ${cardText(this.selected)}: pick another card to throw.`;
      return `Throw the ${cardText(this.selected)}${left === null || left === undefined ? "" : ` (deadwood ${left})`}? Tap it again or press Discard.`;
    }
    const extra = v.can_gin ? ", or go gin!" : v.can_knock ? ", or knock" : "";
    return `Pick a card to discard${extra}.`;
  }

  tickerNode() {
    const v = this.view;
    const events = this.obs.events;
    if (!events.length) {
      const dealer = v.dealer === v.seat ? "You" : this.names[v.dealer];
      return h("p", { class: "ticker" }, `Hand ${v.hand_number || 1}: ${dealer} dealt.`);
    }
    let from = events.length - 1;
    while (from > 0 && events[from - 1].seat !== v.seat) from -= 1;
    const recent = events.slice(Math.max(from, events.length - 3)).filter((e) => e.seat !== v.seat);
    const shown = recent.length ? recent : events.slice(-1);
    return h("p", { class: "ticker" }, shown.map((e) => {
      const who = e.seat === v.seat ? "You" : this.names[e.seat];
      return KIND_WORDS[e.kind](who, e.card);
    }).join(" · ") + ".");
  }

  renderHint() {
    if (!this.hint) {
      this.hintArea.replaceChildren();
      return;
    }
    const hint = this.hint;
    const close = h("button", { type: "button", class: "hint-close", "aria-label": "Close the hint" }, "×");
    close.addEventListener("click", () => {
      this.hint = null;
      this.render();
    });
    const apply = h("button", { type: "button", class: "btn small primary", id: "hint-apply" }, "Do it");
    apply.addEventListener("click", () => {
      const words = hint.action.split(" ");
      if (words[0] === "knock" || words[0] === "gin") {
        this.selected = words[1];
        this.knock(words[0]);
      } else this.act(hint.action);
    });
    fill(this.hintArea, h("div", { class: "hint-bubble", id: "hint", role: "note" },
      h("div", { class: "hint-head" }, bulb(),
        h("strong", {}, `Suggestion: ${withSymbols(hint.action)}`), close),
      h("p", {}, withSymbols(hint.explanation)),
      hint.alternatives && hint.alternatives.length > 1 ? h("details", { class: "hint-alts" }, h("summary", {}, "Other choices"),
        h("ul", {}, ...hint.alternatives.slice(0, 5).map((a) => h("li", {}, h("strong", {}, withSymbols(a.action)), ` ${withSymbols(a.note)}`)))) : null,
      h("div", { class: "hint-actions" }, apply)));
  }

  renderMine() {
    const v = this.view;
    const obs = this.obs;
    const lesson = v.lesson;
    const arrangement = v.arrangement;
    const selecting = lesson && lesson.select;
    const discardPhase = this.myTurn && obs.phase === "discard";
    const hintCard = this.hint ? this.hint.action.split(" ")[1] : null;
    const lastDraw = [...obs.events].reverse().find((e) => e.seat === v.seat);
    const fresh = discardPhase && lastDraw && (lastDraw.kind === "draw" || lastDraw.kind === "take") ? lastDraw.card : null;
    const cardNode = (card) => {
      const classes = [];
      if (this.selected === card) classes.push("selected");
      if (this.picks.has(card)) classes.push("selected", "picked");
      if (obs.taken === card) classes.push("taken");
      if (fresh === card) classes.push("fresh");
      if (hintCard === card) classes.push("suggested");
      const left = discardPhase && v.discard_deadwood ? v.discard_deadwood[card] : undefined;
      const node = cardElement(card, {
        classes,
        onClick: () => this.pick(card),
        label: `${cardName(card)}${left !== undefined ? `, discarding it leaves deadwood ${left}` : ""}${obs.taken === card ? ", just taken" : ""}`,
      });
      node.setAttribute("aria-pressed", String(this.selected === card || this.picks.has(card)));
      return node;
    };
    const groups = arrangement.melds.map((meld, i) => h("div", { class: `group meld ${arrangement.kinds[i]}` },
      h("span", { class: "group-label" }, arrangement.kinds[i]),
      h("div", { class: "group-cards" }, ...meld.map(cardNode))));
    if (arrangement.unmatched.length) {
      groups.push(h("div", { class: "group deadwood" },
        h("span", { class: "group-label" }, "deadwood"),
        h("div", { class: "group-cards" }, ...arrangement.unmatched.map(cardNode))));
    }
    const best = discardPhase && v.discard_deadwood ? Math.min(...Object.values(v.discard_deadwood)) : null;
    const info = h("div", { class: "hand-info" },
      h("span", { class: `deadwood-badge ${arrangement.deadwood <= obs.threshold ? "low" : ""}`, id: "deadwood" },
        h("span", { class: "dw-label" }, "Deadwood"), h("strong", { id: "deadwood-value" }, String(arrangement.deadwood))),
      best !== null ? h("span", { class: "dw-after" }, `best discard → ${best}`) : null,
      h("span", { class: "knock-limit" }, obs.threshold === 0 ? "gin only this hand" : `knock at ≤ ${obs.threshold}`),
      v.dealer === v.seat ? h("span", { class: "chip dealer" }, "You deal") : null);
    const button = (label, key, onClick, enabled, id, cls = "") => {
      const b = h("button", { type: "button", class: `btn ${cls}`, id, disabled: !enabled, "aria-keyshortcuts": key }, label, kbd(key));
      b.addEventListener("click", onClick);
      return b;
    };
    const actions = h("div", { class: "actions", role: "toolbar", "aria-label": "Actions" });
    if (selecting) {
      const check = h("button", { type: "button", class: "btn primary", id: "check-meld", disabled: this.picks.size < 3 },
        `That's a ${lesson.key === "sets" ? "set" : "run"}`);
      check.addEventListener("click", () => this.lessonStep({ select: [...this.picks].join(" ") }));
      actions.append(check);
    } else if (obs.phase === "offer") {
      actions.append(
        button(`Take ${obs.discard_pile.length ? cardText(obs.discard_pile[obs.discard_pile.length - 1]) : ""}`, "T", () => this.take(), this.myTurn && this.legal("take"), "take", "primary"),
        button("Pass", "P", () => this.pass(), this.myTurn && this.legal("pass"), "pass"));
    } else if (obs.phase === "draw" || !discardPhase) {
      actions.append(
        button("Draw", "S", () => this.draw(), this.myTurn && this.legal("draw"), "draw", "primary"),
        button("Take", "T", () => this.take(), this.myTurn && this.legal("take"), "take"));
    } else {
      actions.append(button(this.selected ? `Discard ${cardText(this.selected)}` : "Discard", "D", () => this.discard(),
        Boolean(this.selected) && this.legal(`discard ${this.selected}`), "discard", "primary"));
    }
    if (!selecting) {
      actions.append(
        button("Knock", "K", () => this.knock("knock"), this.myTurn && v.can_knock, "knock", "knock"),
        button("Gin", "G", () => this.knock("gin"), this.myTurn && v.can_gin, "gin", "gin"));
    }
    actions.append(button("Hint", "H", () => this.askHint(), this.myTurn, "hint-button", "hint"));
    const hand = h("div", { class: `hand ${discardPhase ? "discarding" : ""}`, id: "hand", role: "group", "aria-label": `Your hand, ${obs.hand.length} cards` }, ...groups);
    const you = v.players[v.seat];
    fill(this.myArea, 
      h("div", { class: "player-tag me" }, h("span", { class: "avatar human", "aria-hidden": "true" }, (you.name || "Y").slice(0, 1).toUpperCase()),
        h("span", { class: "player-name" }, you.name || "You"), info),
      hand, actions);
    this.fitHand(hand);
  }

  /** Tighten the overlap of the cards so that the longest group fits the width (phones). */
  fitHand(hand) {
    const first = hand.querySelector(".card");
    if (!first) return;
    const cw = first.getBoundingClientRect().width;
    const room = hand.clientWidth - 24;
    const longest = Math.max(...[...hand.querySelectorAll(".group-cards")].map((g) => g.children.length));
    const normal = window.matchMedia("(max-width: 860px)").matches ? 0.54 : 0.5;
    const fits = longest > 1 ? (room / cw - 1) / (longest - 1) : normal;
    hand.style.setProperty("--vis", String(Math.max(0.36, Math.min(normal, fits))));
  }

  renderSide() {
    const v = this.view;
    if (this.mode === "lesson") {
      this.renderCoach();
      return;
    }
    const seat = v.seat;
    const names = this.names;
    const order = [seat, 1 - seat];
    const board = h("section", { class: "panel scoreboard", "aria-label": "Score" },
      ...order.map((s) => h("div", { class: `score-row ${s === seat ? "mine" : "theirs"}` },
        h("span", { class: "score-name" }, s === seat && names[s] !== "You" ? `${names[s]} (you)` : names[s]),
        h("span", { class: "score-boxes", title: "hands won (boxes)" }, v.boxes[s] ? `${v.boxes[s]} box${v.boxes[s] === 1 ? "" : "es"}` : ""),
        h("strong", { class: "score-value", id: s === seat ? "my-score" : "their-score" }, String(v.scores[s])),
        bar(Math.min(100, (100 * v.scores[s]) / v.rules.target)))),
      h("p", { class: "rules-line" }, `${v.status === "finished" ? "Final" : `Hand ${v.hand_number}`} · to ${v.rules.target} · ${this.rulesSummary()}`));
    const parts = [board];
    const invite = seat === 0 && v.players[1].kind === "human" ? inviteFor(this.matchId) : null;
    if (invite && v.status === "active") {
      const link = `${location.origin}/#/play/${this.matchId}/${invite}`;
      const input = h("input", { type: "text", readonly: true, value: link, id: "invite-link", "aria-label": "Invitation link" });
      const copy = h("button", { type: "button", class: "btn small", id: "copy-invite" }, "Copy");
      copy.addEventListener("click", async () => {
        input.select();
        try {
          await navigator.clipboard.writeText(link);
          toast("Link copied: send it to your friend.");
        } catch (error) {
          document.execCommand("copy");
          toast("Link selected: copy it and send it to your friend.");
        }
      });
      parts.push(h("section", { class: `panel invite ${this.online[1] ? "joined" : ""}` },
        h("h2", {}, this.online[1] ? `${names[1]} is at the table` : "Invite your friend"),
        h("p", { class: "small" }, "This link seats them opposite you. Anyone with it can play that seat."),
        h("div", { class: "invite-row" }, input, copy)));
    }
    parts.push(h("section", { class: "panel chart-panel" }, h("h2", {}, "Scores by hand"),
      scoreChart(v.sheet, names, seat, v.rules.target)));
    parts.push(h("section", { class: "panel" }, h("h2", {}, "Score sheet"), scoreSheet(v.sheet, names, seat, v.boxes)));
    const fair = h("section", { class: "panel fair", id: "fair-panel" }, h("h2", {}, "Fair deal"));
    if (v.commitment) {
      fair.append(h("p", { class: "small" }, `Before this deal the table committed to its shuffle:`),
        h("code", { class: "hash", id: "commitment", title: v.commitment }, v.commitment));
    }
    if (v.last_hand) {
      const checks = this.verification(v.last_hand);
      fair.append(h("p", { class: "small" }, `Deal ${v.last_hand.deal}: seed revealed and checked in this page.`), fairnessList(checks, v.last_hand.seed),
        h("p", { class: "small muted" }, "Or on any machine: ", h("code", {}, `ginrummy verify ${v.last_hand.seed} ${v.last_hand.commitment.slice(0, 12)}…`)));
    }
    parts.push(fair);
    const finished = v.status === "finished" ? v.deal_number : v.deal_number - 1;
    if (finished > 0) {
      parts.push(h("section", { class: "panel replays" }, h("h2", {}, "Replay a finished hand"),
        h("div", { class: "replay-deals" }, ...Array.from({ length: finished }, (_, i) => {
          const b = h("button", { type: "button", class: "btn small", dataset: { deal: i + 1 } }, `Deal ${i + 1}`);
          b.addEventListener("click", () => this.openReplay(i + 1));
          return b;
        }))));
    }
    if (v.status === "finished") {
      const again = h("button", { type: "button", class: "btn primary", id: "show-final" }, "Final score");
      again.addEventListener("click", () => this.showFinal());
      parts.unshift(h("section", { class: "panel over" }, h("h2", {}, "Match over"), again,
        h("a", { class: "btn", href: "#/" }, "New match")));
    }
    parts.push(h("section", { class: "panel keys" }, h("h2", {}, "Keyboard"), shortcutsTable()));
    fill(this.side, ...parts);
  }

  rulesSummary() {
    const r = this.view.rules;
    const bits = [];
    bits.push(r.oklahoma ? "Oklahoma" : r.knock_threshold === 0 ? "straight gin" : `knock ≤ ${r.knock_threshold}`);
    bits.push(`gin +${r.gin_bonus}`, `undercut +${r.undercut_bonus}`);
    if (r.big_gin_bonus !== null) bits.push(`big gin +${r.big_gin_bonus}`);
    bits.push(`box ${r.line_bonus}`);
    return bits.join(" · ");
  }

  renderCoach() {
    const lesson = this.view.lesson;
    const next = h("button", { type: "button", class: "btn primary", id: "lesson-next" }, lesson.finished ? "Finish" : "Next");
    next.addEventListener("click", () => {
      if (lesson.finished) {
        if (this.obs.result) this.showLessonShowdown();
        else location.hash = "#/";
      } else this.lessonStep({ advance: true });
    });
    const progress = h("div", { class: "progress", role: "progressbar", "aria-valuemin": 0, "aria-valuemax": lesson.total, "aria-valuenow": lesson.index + 1 },
      ...Array.from({ length: lesson.total }, (_, i) => h("i", { class: i < lesson.index ? "done" : i === lesson.index ? "now" : "" })));
    const todo = lesson.select ? "Tap the cards, then check." : lesson.action ? "Do it on the table." : null;
    fill(this.side, h("section", { class: "panel coach", id: "coach", "aria-live": "polite" },
      h("p", { class: "coach-step" }, `Lesson · step ${lesson.index + 1} of ${lesson.total}`),
      progress,
      h("h2", { id: "coach-title" }, lesson.title),
      h("p", { class: "coach-text", id: "coach-text" }, withSymbols(lesson.text)),
      lesson.message ? h("p", { class: "coach-message" }, withSymbols(lesson.message)) : null,
      todo ? h("p", { class: "coach-todo" }, todo) : next),
    h("section", { class: "panel keys" }, h("h2", {}, "Keyboard"), shortcutsTable()));
  }
}

export { closeModal };
