// Gin's learning aids: the card tracker's words (every card: yours, thrown by whom, taken by
// the opponent, unseen), the expert's chance that throwing a card feeds the opponent, the
// knock advisor's undercut risk, and the stock's warning before the wall.

import { cardText } from "/static/js/cards.js";
import { h } from "/static/js/dialogs.js";
import { aids, percent } from "/static/js/learning-aids.js";
import { prefs } from "/static/js/store.js";

export const AIDS = [
  ["tracker", "Card tracker"],
  ["feed", "Chance a discard feeds the opponent"],
  ["knock", "Knock advisor"],
];

// The tracker's words for each state the server names, in the legend's order, and the
// states the legend lists even when no card is in them.
export const GIN_TRACKER = {
  game: "gin",
  words: {
    mine: "yours",
    my_discard: "discarded by you",
    their_discard: "discarded by the opponent",
    their_taken: "taken by the opponent",
    unseen: "unseen",
    upcard: "the upcard",
    their_shown: "in the opponent's shown hand",
  },
  always: ["mine", "unseen"],
};

function feedOf(table, card) {
  const a = aids(table);
  if (!a || !prefs.aid("gin", "feed") || !a.feed) return undefined;
  return a.feed[card];
}

/** The feed estimate on a card of the hand (null when the aid is off). */
export function feedBadge(table, card) {
  const p = feedOf(table, card);
  if (p === undefined) return null;
  const level = p >= 0.5 ? "high" : p >= 0.25 ? "mid" : "low";
  return h("span", { class: `feed-badge ${level}`, "aria-hidden": "true", title: `${percent(p)} chance it feeds the opponent` }, percent(p));
}

export function feedWords(table, card) {
  const p = feedOf(table, card);
  return p === undefined ? "" : `, ${percent(p)} chance it feeds the opponent`;
}

/** "Knock with 8 (throw the 9♠): undercut risk 32%", when a knock is legal and the aid on. */
export function knockAdvice(table) {
  const a = aids(table);
  if (!a || !prefs.aid("gin", "knock") || !table.myTurn || !table.view.can_knock || !a.knock_advice || !a.knock_advice.length) return null;
  const [best, ...others] = a.knock_advice;
  const more = others.slice(0, 2).map((k) => `with ${k.deadwood} (${cardText(k.card)}): ${percent(k.undercut_risk)}`);
  return h("p", { class: "knock-advice", id: "knock-advice", role: "note" },
    h("strong", {}, `Knock with ${best.deadwood}`), ` (throw the ${cardText(best.card)}): undercut risk `,
    h("strong", { class: "risk" }, percent(best.undercut_risk)),
    more.length ? h("span", { class: "knock-more" }, ` · ${more.join(" · ")}`) : null);
}

/** The stock's warning: few cards left before the wall (the server counts them). */
export function stockWarning(table) {
  const a = aids(table);
  if (!a || !a.stock_warning) return null;
  const left = a.stock_left;
  return h("p", { class: "stock-warning", id: "stock-warning" },
    left === 0 ? "The stock is at the wall: a plain discard now ends the hand dead."
      : `Stock nearly gone: ${left} card${left === 1 ? "" : "s"} before the wall.`);
}

