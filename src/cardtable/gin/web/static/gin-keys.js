// Gin's keyboard: the shortcuts its table lists in the help, and its key handler (a letter
// names the table's method it calls; cards by number).

import { modalOpen } from "/static/js/dialogs.js";
import { moveFocusedCard } from "/static/js/hand-order.js";
import { typing } from "/static/js/keys.js";

export const SHORTCUTS = [
  ["S", "draw from the stock"],
  ["T", "take the top discard (or the upcard)"],
  ["P", "pass the upcard"],
  ["← →", "move between your cards"],
  ["Shift+← Shift+→", "move the focused card left or right in your hand"],
  ["Enter", "pick the card; again to discard it"],
  ["1…9 0 -", "pick the 1st to 9th, 10th, 11th card"],
  ["D", "discard the picked card"],
  ["K", "knock"],
  ["G", "go gin"],
  ["H", "hint"],
  ["Esc", "put the card back / close"],
  ["?", "this list"],
];

// The table's keys: a letter names the table's method it calls.
const LETTERS = { s: "draw", t: "take", p: "pass", d: "discard", h: "askHint" };
const DIGITS = "1234567890-";

function moveFocus(hand, step) {
  const index = hand.indexOf(document.activeElement);
  const next = index < 0 ? 0 : (index + step + hand.length) % hand.length;
  if (hand[next]) hand[next].focus();
}

function handleKey(table, key, shift = false) {
  const lower = key.length === 1 ? key.toLowerCase() : key;
  const hand = [...table.root.querySelectorAll(".hand .card")];
  if (shift && (key === "ArrowLeft" || key === "ArrowRight") && !table.selecting) {
    return moveFocusedCard(table, key === "ArrowRight" ? 1 : -1);
  }
  if (key === "ArrowLeft" || key === "ArrowRight") {
    moveFocus(hand, key === "ArrowRight" ? 1 : -1);
  } else if (key.length === 1 && DIGITS.includes(key)) {
    const node = hand[DIGITS.indexOf(key)];
    if (node) table.pick(node.dataset.card);
  } else if (LETTERS[lower]) {
    table[LETTERS[lower]]();
  } else if (lower === "k" || lower === "g") {
    table.knock(lower === "k" ? "knock" : "gin");
  } else if (key === "Escape") {
    table.selected = null;
    table.render();
  } else {
    return false;
  }
  return true;
}

/** The keydown handler of a table (a TableBase): its actions by letter, cards by number. */
export function tableKeys(table) {
  return (event) => {
    if (!table.view || typing(event) || modalOpen()) return;
    if (handleKey(table, event.key, event.shiftKey)) event.preventDefault();
  };
}
