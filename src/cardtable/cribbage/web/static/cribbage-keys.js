// The Cribbage table's keys: a number picks (laying away) or plays (the play) the card in that
// place of your hand; L lays the two picked cards away; G says go; H asks for a hint; Esc
// puts the picked cards back. The list is what the help (?) shows at this table.

import { modalOpen } from "/static/js/dialogs.js";
import { typing } from "/static/js/keys.js";

export const CRIBBAGE_SHORTCUTS = [
  ["1…6", "pick the 1st to 6th card (laying away) or play it"],
  ["← →", "move between your cards"],
  ["Enter", "pick or play the focused card"],
  ["L", "lay the two picked cards away to the crib"],
  ["G", "say go (only when no card fits)"],
  ["H", "hint"],
  ["Esc", "put the picked cards back / close"],
  ["?", "this list"],
];

function moveFocus(cards, step) {
  const index = cards.indexOf(document.activeElement);
  const next = index < 0 ? 0 : (index + step + cards.length) % cards.length;
  if (cards[next]) cards[next].focus();
}

const LETTERS = { l: "layAway", g: "go", h: "askHint" };

/** The keydown handler of a CribbageView. */
export function cribbageKeys(table) {
  return (event) => {
    if (!table.view || typing(event) || modalOpen()) return;
    const key = event.key;
    const cards = [...table.root.querySelectorAll("#hand .card")];
    const lower = key.length === 1 ? key.toLowerCase() : key;
    if (key === "ArrowLeft" || key === "ArrowRight") moveFocus(cards, key === "ArrowRight" ? 1 : -1);
    else if (/^[1-6]$/.test(key)) {
      const node = cards[Number(key) - 1];
      if (node) table.pick(node.dataset.card);
    } else if (LETTERS[lower]) table[LETTERS[lower]]();
    else if (key === "Escape") table.clearPicks();
    else return;
    event.preventDefault();
  };
}
