// The Cribbage table alive: the deal, both players' cards laid away to the crib, the starter
// turned over, each card of the play going to the lane, a go said and points pegged move on
// the felt (the movements of table-motion.js: from where each card was to where it is now),
// with a short beep each when sounds are on, and nothing moving under reduced motion. A
// match shows the computer's moves one at a time (cribbage-view.js): `previewCribMove` draws
// one of them before the view that holds them all. Everything moved is one of the view's
// own events: nothing here decides anything about the game.

import { h } from "/static/js/dialogs.js";
import { laneCard } from "./cribbage-lane.js";
import {
  beep, boxOf, cardBoxes, dealCards, flyGhost, note, ownTransform, pop, reducedMotion, slideFrom,
} from "/static/js/table-motion.js";

// Several moves in one view follow each other this far apart (ms), in the order they came.
const STEP_MS = 220;
const TONES = { discard: "discard", play: "play", go: "go" };

const kindOf = (event) => event.action.split(" ")[0];
const cardsOf = (event) => event.action.split(" ").slice(1);
const whose = (table, event) => (event.seat === table.view.seat ? "me" : "them");

function lastBack(root) {
  const backs = root.querySelectorAll(".opp-hand .card");
  return backs.length ? backs[backs.length - 1] : null;
}

/** Where things are on the felt now, before it is drawn again. */
export function snapshotCrib(table) {
  if (!table.felt) return null;
  const root = table.felt.layoutRoot;
  return {
    deck: boxOf(root.querySelector("#starter .stack")),
    cribCards: root.querySelectorAll("#crib .pile-card").length,
    opponent: boxOf(lastBack(root) || root.querySelector(".opp-hand")),
    hand: cardBoxes(root, "#hand .card"),
  };
}

/** A beep for the move, and a higher one after it when it pegged points. */
function beepFor(table, event) {
  const tone = TONES[kindOf(event)];
  if (tone) beep(table.root, tone);
  if (event.scores.some((s) => s.points > 0)) beep(table.root, "points", tone ? 0.12 : 0);
}

/** The board's number of each seat the move pegged points for, popping. */
function pegMotion(table, event, delay) {
  const root = table.felt.layoutRoot;
  const me = table.view.seat;
  const seats = new Set(event.scores.filter((s) => s.points > 0).map((s) => s.seat));
  for (const seat of seats) {
    if (pop(root.querySelector(seat === me ? "#board-mine" : "#board-theirs"), { delay, id: "points", from: 1.8 })) {
      note(table, "points");
    }
  }
}

/** One event of the view moving on the felt; `cribNodes` are the crib's cards not yet
 * given to a lay-away. */
function eventMotion(table, before, event, delay, cribNodes) {
  const root = table.felt.layoutRoot;
  const mine = event.seat === table.view.seat;
  const who = whose(table, event);
  const kind = kindOf(event);
  if (kind === "discard") {
    const cards = cardsOf(event);
    cribNodes.splice(0, 2).forEach((node, i) => {
      const from = mine && cards[i] ? before.hand.get(cards[i]) : before.opponent;
      slideFrom(node, from, { delay: delay + i * 60, id: "lay" });
    });
    note(table, `lay:${who}`);
  } else if (kind === "play") {
    const node = root.querySelector(`#play-lane .card[data-card="${cardsOf(event)[0]}"]`);
    const from = mine ? before.hand.get(cardsOf(event)[0]) : before.opponent;
    if (slideFrom(node, from, { delay, id: "play" })) note(table, `play:${who}`);
  } else if (kind === "go") {
    const chip = root.querySelector(mine ? ".my-area .chip.go-said" : ".crib-opponent .chip.go-said");
    pop(chip, { delay, id: "go" });
    note(table, `go:${who}`);
  }
  pegMotion(table, event, delay + 120);
}

/** The starter cut from the deck and turned over on it. */
function cutMotion(table, delay) {
  const node = table.felt.layoutRoot.querySelector("#starter .pile-card.starter");
  if (!node || !node.animate) return;
  const own = ownTransform(node);
  node.animate([
    { transform: `${own} translateY(-24px) scaleX(0.06)`, opacity: 0.5 },
    { transform: `${own} translateY(-12px) scaleX(1.08)`, opacity: 1, offset: 0.6 },
    { transform: own || "none", opacity: 1 },
  ], { duration: 460, delay, easing: "ease-out", fill: "backwards", id: "cut" });
  note(table, "cut");
}

/** After the felt is drawn: move what the view's new events moved, and beep for them. The
 * events shown one at a time before the view (previewed) neither move nor beep again. */
export function playCribMotion(table, before) {
  const v = table.view;
  const events = v.events;
  const last = table.shownState;
  const newDeal = !last || last.deal !== v.deal_number || last.hand !== v.hand_number;
  const start = newDeal ? 0 : last.events;
  const cut = Boolean(v.starter && !newDeal && !last.starter);
  if (!newDeal && start === events.length && !cut) return; // drawn again, nothing new
  const previewed = newDeal ? 0 : Math.max(start, table.previewed || 0);
  table.previewed = 0;
  table.shownState = { deal: v.deal_number, hand: v.hand_number, events: events.length, starter: v.starter };
  const fresh = events.slice(previewed);
  const mineYet = events.some((e) => e.seat === v.seat);
  const dealt = newDeal && !mineYet && v.phase === "discard" && v.status === "active";
  if (dealt) beep(table.root, "deal");
  for (const event of fresh) beepFor(table, event);
  if (cut) beep(table.root, "cut", 0.2);
  if (reducedMotion()) return;
  const root = table.felt.layoutRoot;
  if (newDeal) {
    if (!dealt) return; // a table opened mid-hand: nothing moved just now
    const from = (before && before.deck) || boxOf(root.querySelector("#starter .stack"));
    dealCards(table, from, [...root.querySelectorAll(".opp-hand .card")], [...root.querySelectorAll("#hand .card")]);
    // The computer laid away before this page drew the deal: its two go to the crib after.
    const opp = boxOf(root.querySelector(".opp-hand"));
    const cribNodes = [...root.querySelectorAll("#crib .pile-card")];
    if (cribNodes.length) {
      cribNodes.forEach((node, i) => slideFrom(node, opp, { delay: 640 + i * 60, id: "lay" }));
      note(table, "lay:them");
    }
    return;
  }
  if (!before) return;
  // The crib's new cards, in the order laid away (a lay-away already previewed kept its two).
  const laidBefore = events.slice(start, previewed).filter((e) => kindOf(e) === "discard").length;
  const cribNodes = [...root.querySelectorAll("#crib .pile-card")].slice(before.cribCards + 2 * laidBefore);
  let delay = 0;
  for (const event of fresh) {
    eventMotion(table, before, event, delay, cribNodes);
    delay += STEP_MS;
  }
  if (cut) cutMotion(table, delay);
}

/** The count the play stands at on the felt now (a preview may have moved it on). */
function shownCount(root) {
  const value = root.querySelector("#count-value");
  return value ? Number(value.textContent) : 0;
}

/** One of the computer's moves shown before the view that holds it is drawn: its words in
 * the ticker, a beep, and on the felt the card it played in the lane (with the count the
 * server says it made) or its two cards to the crib; moving unless motion is reduced. */
export function previewCribMove(table, event, words) {
  const felt = table.felt;
  if (!felt) return;
  const root = felt.layoutRoot;
  const ticker = root.querySelector("#ticker");
  if (ticker) ticker.replaceChildren(h("p", { class: "ticker-line" }, words));
  const kind = kindOf(event);
  note(table, `step:${kind}`);
  beepFor(table, event);
  const back = lastBack(root);
  const from = boxOf(back || root.querySelector(".opp-hand"));
  const still = reducedMotion();
  if (kind === "play") {
    const lane = root.querySelector("#count-cards");
    if (!lane) return;
    const card = cardsOf(event)[0];
    // A count that is not higher than the one shown began anew (after a go or 31).
    if (event.count !== null && event.count <= shownCount(root)) lane.replaceChildren();
    lane.querySelectorAll(".empty-slot").forEach((n) => n.remove());
    const node = laneCard(table, { seat: event.seat, card, count: event.count }, ["preview"]);
    lane.append(node);
    lane.classList.toggle("many", lane.children.length > 4);
    const value = root.querySelector("#count-value");
    if (value && event.count !== null) value.textContent = String(event.count);
    if (back) back.remove(); // it left their hand
    const count = root.querySelector("#opponent-count");
    const held = root.querySelectorAll(".opp-hand .card").length;
    if (count) count.textContent = `${held} card${held === 1 ? "" : "s"}`;
    if (!still) slideFrom(node, from, { id: "play" });
  } else if (kind === "discard") {
    const crib = root.querySelector("#crib .stack");
    if (crib && !still) {
      flyGhost(null, from, crib.getBoundingClientRect(), { id: "lay", scale: 1, width: crib.getBoundingClientRect().width });
    }
  } else if (kind === "go") {
    const tag = root.querySelector(".crib-opponent .player-tag");
    if (tag && !tag.querySelector(".go-said")) {
      const chip = h("span", { class: "chip go-said" }, "Go");
      tag.append(chip);
      if (!still) pop(chip, { id: "go" });
    }
  }
}
