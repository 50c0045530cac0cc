// Keyboard shortcuts: the list the help shows, the table's key handler, and the help dialog
// (the shortcuts and a link to the rules page), which ? opens on any page.

import { h, modalOpen, openModal } from "./dialogs.js";
import { gameTitle, rulesUrl } from "./game-chrome.js";
import { moveFocusedCard } from "./hand-order.js";

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

// The list the help shows: the gin table's, unless a table of another game said its own.
let helpShortcuts = SHORTCUTS;

export function useShortcuts(list = null) {
  helpShortcuts = list || SHORTCUTS;
}

export function shortcutsTable(list = helpShortcuts) {
  return h("table", { class: "shortcuts" }, h("tbody", {},
    ...list.map(([key, what]) => h("tr", {},
      h("th", { scope: "row" }, ...key.split(" ").map((k) => h("kbd", {}, k))),
      h("td", {}, what)))));
}

/** A link to the rules page of the game in play (or chosen in the lobby); it opens beside
 * the table, which stays where it was. */
export function rulesLink(attrs = {}, text = null) {
  return h("a", { href: rulesUrl(), target: "_blank", rel: "noopener", ...attrs }, text || `Rules of ${gameTitle()}`);
}

export function openHelp() {
  openModal({
    title: "Keyboard shortcuts",
    className: "help-modal",
    body: h("div", {}, shortcutsTable(),
      h("p", { class: "help-rules" }, "How to play, and every rule this table keeps: ",
        rulesLink({ id: "help-rules", class: "rules-link" }), ".")),
  });
}

/** Whether a key press belongs to a text field or a browser shortcut, not to the page. */
function typing(event) {
  const target = event.target;
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  return Boolean(target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
}

/** ? opens the help on every page (unless a dialog is open or the key is for a field). */
export function listenForHelp() {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "?" || typing(event) || modalOpen()) return;
    event.preventDefault();
    openHelp();
  });
}

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
