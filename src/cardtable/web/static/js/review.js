// The coach's review of your own decisions (GET /api/matches/{id}/review): the expert's
// verdict on each of your moves in a finished deal (the points it cost, the better move, why),
// your worst mistakes, and your accuracy: the share of your choices that lost nothing.
// The server judges each move from what you could see then; this module only shows it.

import { sentence } from "./api.js";
import { cardText, withSymbols } from "./cards.js";
import { h } from "./dialogs.js";

/** The review of `deal` (a number), or of every finished deal when `deal` is null. */
export async function fetchReview(matchId, token, deal = null) {
  const query = deal === null ? "" : `?deal=${encodeURIComponent(deal)}`;
  let response;
  try {
    response = await fetch(`/api/matches/${encodeURIComponent(matchId)}/review${query}`, {
      headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
      cache: "no-store",
    });
  } catch (error) {
    throw new Error("The table server cannot be reached: is it running?");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error(sentence((data && data.error) || `error ${response.status}`));
  return data;
}

const CARD = /^[2-9TJQKA][SHDC]$/;

/** "discard QD" → "discard Q♦"; a knock without its melds: "knock K♦"; Cribbage's lay-away
 * of two cards: "lay away 5♥ J♦". */
export function actionText(action) {
  const [kind, card, ...more] = action.split(" ");
  if (kind === "big") return "big gin";
  // Only Cribbage lays away two cards at once; gin discards one.
  if (kind === "discard" && more.length && [card, ...more].every((c) => CARD.test(c))) {
    return `lay away ${[card, ...more].map(cardText).join(" ")}`;
  }
  return card && CARD.test(card) ? `${kind} ${cardText(card)}` : kind;
}

/** A decision's loss with its unit: "1.5 points", or "3.0% win" for a Cribbage move judged
 * by the chance of winning (near a game's end); gin's decisions carry no unit: points. */
export function lossText(decision) {
  const amount = decision.loss.toFixed(1);
  return decision.unit === "win %" ? `${amount}% win` : `${amount} points`;
}

/** The decision of `review` at the deal's action `index` (0-based), or null (not yours). */
export function decisionAt(review, deal, index) {
  if (!review) return null;
  return review.decisions.find((d) => d.deal === deal && d.index === index) || null;
}

/** The verdict on one of your decisions, as a box under the replay's caption. */
export function verdictPanel(decision) {
  if (!decision) return h("div", { class: "verdict theirs", "aria-hidden": "true" });
  const data = { loss: decision.loss.toFixed(1), best: decision.best, index: decision.index };
  if (decision.forced) {
    return h("div", { class: "verdict forced", dataset: data },
      h("strong", {}, "Forced move"), h("span", { class: "verdict-why" }, withSymbols(decision.why)));
  }
  if (decision.loss === 0) {
    return h("div", { class: "verdict best", dataset: data },
      h("strong", {}, "✓ Best move"), h("span", { class: "verdict-why" }, withSymbols(decision.why)));
  }
  return h("div", { class: `verdict mistake${decision.worst ? " worst" : ""}`, dataset: data },
    h("strong", {}, decision.worst ? "✗ One of your worst mistakes" : "✗ Not the best move"),
    h("span", { class: "verdict-cost" },
      `Cost ${lossText(decision)} · better: ${actionText(decision.best)}`),
    h("span", { class: "verdict-why" }, withSymbols(decision.why)));
}

/** "Accuracy 80% (8 of 10 choices best)" for `seat`, or a word when there was no choice. */
export function accuracyText(review, seat) {
  const choices = review.decisions.filter((d) => d.seat === seat && !d.forced);
  const accuracy = review.accuracy[String(seat)];
  if (accuracy === null || accuracy === undefined) return "Accuracy: no choices to judge";
  const best = choices.filter((d) => d.loss === 0).length;
  return `Accuracy ${Math.round(accuracy)}% (${best} of ${choices.length} choices best)`;
}

/** Your worst mistakes of `review`, each a button that calls `go(index)` to show it. */
export function worstList(review, go) {
  if (!review.worst.length) return h("p", { class: "review-worst none" }, "No costly mistakes.");
  return h("div", { class: "review-worst" }, h("span", { class: "muted" }, "Worst:"),
    ...review.worst.map((d) => h("button", {
      type: "button", class: "btn small worst-pick", dataset: { index: d.index, deal: d.deal },
      title: withSymbols(d.why), onclick: () => go(d),
    }, `${actionText(d.action)} −${d.unit === "win %" ? lossText(d) : d.loss.toFixed(1)}`)));
}

/**
 * A line that fills itself with your accuracy: of `deal`, or of the match when `deal` is
 * null ("Match accuracy 85% ..."). For the dialogs after a hand and at the end of a match.
 */
export function accuracyBadge({ matchId, token, seat }, deal = null) {
  const label = deal === null ? "Match" : "This hand";
  const node = h("p", { class: "review-accuracy loading" }, `${label}: reviewing your moves…`);
  fetchReview(matchId, token, deal).then((review) => {
    node.classList.remove("loading");
    node.textContent = `${label}: ${accuracyText(review, seat)}`;
    node.dataset.accuracy = String(review.accuracy[String(seat)]);
  }, () => { node.remove(); });
  return node;
}
