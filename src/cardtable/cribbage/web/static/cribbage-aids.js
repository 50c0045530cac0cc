// Cribbage's learning aids: the card tracker's words (yours, laid away, played by whom, the
// starter, shown, unseen), the expert's best lay-aways with their expected points, and on
// each playable card the chance the opponent pegs on it.

import { cardText } from "/static/js/cards.js";
import { h } from "/static/js/dialogs.js";
import { aids, percent } from "/static/js/learning-aids.js";
import { prefs } from "/static/js/store.js";

export const CRIBBAGE_AIDS = [
  ["tracker", "Card tracker"],
  ["layaway", "Lay-away advisor"],
  ["risk", "Chance the opponent pegs on a card"],
];

// The tracker's words for each state the server names, in the legend's order, and the
// states the legend lists even when no card is in them.
export const CRIBBAGE_TRACKER = {
  game: "cribbage",
  words: {
    mine: "yours",
    my_crib: "laid away by you",
    my_play: "played by you",
    their_play: "played by the opponent",
    starter: "the starter",
    their_shown: "shown by the opponent",
    unseen: "unseen",
  },
  always: ["mine", "unseen"],
};

/** "Lay away 5♥ 5♣: hand 8.2 + crib 5.1 expected", and the next best, while this seat
 * holds its six cards and the aid is on (the expert's figures, from the server). */
export function layAwayAdvice(table) {
  const a = aids(table);
  if (!a || !prefs.aid("cribbage", "layaway") || !a.lay_away || !a.lay_away.length) return null;
  const [best, ...others] = a.lay_away;
  const sign = best.own_crib ? "+" : "−";
  const cards = (o) => o.cards.map(cardText).join(" ");
  const figures = (o) => `hand ${o.hand.toFixed(1)} ${sign} crib ${o.crib.toFixed(1)}`;
  // Beside the cards, as gin's knock advice is, so that a phone shows it without scrolling.
  return h("div", {
    class: "lay-away-advice", id: "lay-away-advice", role: "note", "aria-label": "Lay-away advisor",
    title: best.own_crib ? "Your crib: what the two cards add to it counts for you."
      : "Their crib: what the two cards give it counts against you.",
  },
  h("p", { class: "advice-best" }, h("strong", {}, `Lay away ${cards(best)}`), `: ${figures(best)} expected`),
  others.length ? h("ul", { class: "advice-more" }, ...others.map((o) => h("li", {}, `${cards(o)}: ${figures(o)}`))) : null);
}

function riskOf(table, card) {
  const a = aids(table);
  if (!a || !prefs.aid("cribbage", "risk") || !a.play_risk || !table.myTurn) return undefined;
  return a.play_risk[card];
}

/** On a card this seat may play: the chance the opponent pegs on it at once and, below, the
 * points expected so (null when the aid is off or the card is not playable now). Narrow, so
 * that it shows on the strip of a card the next one overlaps. */
export function riskBadge(table, card) {
  const r = riskOf(table, card);
  if (r === undefined) return null;
  const level = r.points >= 1.5 ? "high" : r.points >= 0.5 ? "mid" : "low";
  return h("span", {
    class: `risk-badge ${level}`, "aria-hidden": "true",
    title: `${percent(r.chance)} chance the opponent pegs on it, ${r.points.toFixed(1)} points expected`,
  }, h("b", {}, percent(r.chance)), h("small", {}, r.points.toFixed(1)));
}

/** The same in words, for the card's label. */
export function riskWords(table, card) {
  const r = riskOf(table, card);
  return r === undefined ? "" : `, ${percent(r.chance)} chance the opponent pegs on it`;
}

