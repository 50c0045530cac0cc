// A table that feels alive: the deal, the draws and the throws of both players move across
// the felt (Web Animations, from where each card was to where it is), the computer's moves
// come one at a time at the chosen pace, and (when turned on) a short generated beep marks
// each. A browser that asks for reduced motion gets no movement at all. The moves animated
// are the view's own public events: nothing here decides anything about the game. The
// pieces that are not gin's (the pace, the beeps, a card sliding from where it was, a ghost
// card flying, a deal) are exported for the Cribbage table (cribbage-motion.js).

import { cardElement } from "./cards.js";
import { prefs } from "./store.js";

const PACE_MS = { instant: 0, normal: 650, slow: 1400 };
const MOVE_MS = 380;
const DEAL_STEP_MS = 45;

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** How long each of the computer's moves stays in sight before the next (ms). */
export function paceMs() {
  return PACE_MS[prefs.pace] || 0;
}

export function sleep(ms) {
  return new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
}

// -- sounds ------------------------------------------------------------------------------

let audio = null;
const TONES = {
  deal: [520, 0.05], draw: [660, 0.06], take: [600, 0.07], discard: [440, 0.07], knock: [300, 0.18], gin: [880, 0.22], big_gin: [990, 0.25], pass: [380, 0.05],
  // Cribbage: a card to the play, a go, points pegged, the starter cut.
  play: [560, 0.06], go: [330, 0.12], points: [784, 0.1], cut: [480, 0.08],
};

/** A tiny beep for a move, generated (no audio files), only when sounds are on; `after`
 * seconds later when it follows another beep of the same move. */
export function beep(root, kind, after = 0) {
  if (!prefs.sounds || !TONES[kind]) return;
  const [frequency, length] = TONES[kind];
  try {
    audio = audio || new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    oscillator.type = "triangle";
    const now = audio.currentTime + after;
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.12, now + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(now);
    oscillator.stop(now + length + 0.02);
  } catch (error) {
    return; // no audio here: the table plays on silently
  }
  root.dataset.beeps = String(Number(root.dataset.beeps || 0) + 1);
}

// -- movement ----------------------------------------------------------------------------

/** The box of `node` on the screen now (null without one). */
export function boxOf(node) {
  return node ? node.getBoundingClientRect() : null;
}

/** The boxes of the cards `selector` finds under `root`, by card. */
export function cardBoxes(root, selector) {
  const boxes = new Map();
  for (const node of root.querySelectorAll(selector)) boxes.set(node.dataset.card, boxOf(node));
  return boxes;
}

/** Where things are on the felt now, before it is drawn again. */
export function snapshot(table) {
  if (!table.felt) return null;
  const root = table.felt.layoutRoot;
  return {
    stock: boxOf(root.querySelector("#stock .stack, #stock .empty-slot")),
    pile: boxOf(root.querySelector("#discard-pile .pile-card.top, #discard-pile .empty-slot")),
    opponent: boxOf(root.querySelector(".opp-hand")),
    hand: cardBoxes(root, "#hand .card"),
  };
}

/** Note a movement on the table's root (the last few, newest last): for the tests, and
 * for anyone reading the page's state. */
export function note(table, what) {
  const root = table.root;
  const list = (root.dataset.motions || "").split(" ").filter(Boolean);
  list.push(what);
  root.dataset.motions = list.slice(-16).join(" ");
}

/** The transform a node is drawn with by its CSS (a card of a pile is turned a little). */
export function ownTransform(node) {
  const transform = getComputedStyle(node).transform;
  return transform && transform !== "none" ? transform : "";
}

/** Slide `node` in from the box `from` (a DOMRect) to where it is drawn now (ending in the
 * transform its CSS gives it, so that it does not jump at the end). */
export function slideFrom(node, from, { delay = 0, id = "move", scale = 1 } = {}) {
  if (!node || !from || !node.animate) return null;
  const to = node.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const own = ownTransform(node);
  return node.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${scale}) ${own}`, opacity: 0.35 },
    { transform: own || "none", opacity: 1 },
  ], { duration: MOVE_MS, delay, easing: "cubic-bezier(.2,.8,.25,1)", fill: "backwards", id });
}

/** A quick pop of `node` where it is (a go said, points pegged). */
export function pop(node, { delay = 0, id = "pop", from = 1.6 } = {}) {
  if (!node || !node.animate) return null;
  const own = ownTransform(node);
  return node.animate([
    { transform: `${own} scale(${from})`, opacity: 0.2 },
    { transform: own || "none", opacity: 1 },
  ], { duration: 320, delay, easing: "cubic-bezier(.2,.8,.25,1)", fill: "backwards", id });
}

function lastOpponentCard(root) {
  const cards = root.querySelectorAll(".opp-hand .card");
  return cards.length ? cards[cards.length - 1] : null;
}

/** Deal `first` and `second` (card nodes) from the box `from`, one at a time, alternately,
 * as at a real table. */
export function dealCards(table, from, first, second) {
  first.forEach((node, i) => slideFrom(node, from, { delay: 2 * i * DEAL_STEP_MS, id: "deal", scale: 0.8 }));
  second.forEach((node, i) => slideFrom(node, from, { delay: (2 * i + 1) * DEAL_STEP_MS, id: "deal", scale: 0.8 }));
  note(table, "deal");
}

function dealMotion(table, before) {
  const root = table.felt.layoutRoot;
  const from = (before && before.stock) || root.querySelector("#stock").getBoundingClientRect();
  dealCards(table, from, [...root.querySelectorAll(".opp-hand .card")], [...root.querySelectorAll("#hand .card")]);
}

function eventMotion(table, before, event) {
  const root = table.felt.layoutRoot;
  const mine = event.seat === table.view.seat;
  const who = mine ? "me" : "them";
  if (event.kind === "draw" || event.kind === "take") {
    const from = event.kind === "draw" ? before.stock : before.pile;
    const node = mine ? root.querySelector(`#hand .card[data-card="${event.card}"]`) : lastOpponentCard(root);
    if (slideFrom(node, from, { id: event.kind })) note(table, `${event.kind}:${who}`);
  } else if (event.kind === "discard") {
    const top = root.querySelector("#discard-pile .pile-card.top");
    const from = mine ? before.hand.get(event.card) : before.opponent;
    if (top && !top.classList.contains("arriving")) slideFrom(top, from, { id: "discard" });
    note(table, `discard:${who}`); // the opponent's throw slides in by its CSS `arrive`
  }
}

/** After the felt is drawn: move what the new events moved, and beep for them. */
export function playMotion(table, before) {
  const v = table.view;
  const events = table.obs.events;
  const last = table.shownState;
  table.shownState = { deal: v.deal_number, hand: v.hand_number, events: events.length };
  const newDeal = !last || last.deal !== v.deal_number || last.hand !== v.hand_number;
  const fresh = newDeal ? events : events.slice(last.events);
  if (!fresh.length && !(newDeal && table.obs.phase !== "over")) return;
  for (const event of fresh) beep(table.root, event.kind);
  if (newDeal && !events.length) beep(table.root, "deal");
  if (reducedMotion()) return;
  if (newDeal) {
    // A deal shown before this seat has moved in it is dealt on screen, whatever the
    // computer did first (it may have taken the upcard and thrown before the page drew).
    const mineYet = events.some((event) => event.seat === v.seat);
    if (!mineYet && table.obs.phase !== "over") dealMotion(table, before);
    return;
  }
  if (!before) return;
  for (const event of fresh) eventMotion(table, before, event);
}

/** A card (`card`, or a back when null) flying on its own from the box `from` to the box
 * `to` over the felt, then gone: a move shown before the view that holds it is drawn.
 * `width` is the card's width (px) when not the table's usual one. */
export function flyGhost(card, from, to, { id = "preview", scale = 0.8, width = null } = {}) {
  const ghost = cardElement(card, { classes: ["ghost-card"] });
  ghost.style.left = `${from.left}px`;
  ghost.style.top = `${from.top}px`;
  if (width) {
    ghost.style.setProperty("--w", `${width}px`);
    ghost.style.width = `${width}px`;
  }
  document.body.append(ghost);
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  const slide = ghost.animate([{ transform: "none" }, { transform: `translate(${dx}px, ${dy}px) scale(${scale})` }],
    { duration: MOVE_MS, easing: "ease-in-out", fill: "forwards", id });
  slide.finished.then(() => ghost.remove(), () => ghost.remove());
  return slide;
}

/** One of the computer's moves shown before the view that holds it is drawn: its words in
 * the status line and, unless motion is reduced, a card moving to or from its hand. */
export function previewMove(table, event, words) {
  const felt = table.felt;
  if (!felt) return;
  const ticker = felt.statusBox.querySelector(".ticker");
  if (ticker) ticker.textContent = `${words}.`;
  note(table, `step:${event.kind}`);
  beep(table.root, event.kind);
  if (reducedMotion() || (event.kind !== "draw" && event.kind !== "take")) return;
  const root = felt.layoutRoot;
  const source = root.querySelector(event.kind === "draw" ? "#stock .stack" : "#discard-pile .pile-card.top");
  const target = root.querySelector(".opp-hand");
  if (!source || !target) return;
  flyGhost(event.kind === "take" && event.card ? event.card : null, source.getBoundingClientRect(), target.getBoundingClientRect());
  if (event.kind === "take") {
    const top = root.querySelector("#discard-pile .pile-card.top");
    if (top) top.style.visibility = "hidden"; // it is on its way to their hand
  }
}
