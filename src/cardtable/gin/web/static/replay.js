// The replay of a finished deal, step by step: the server sends the table after every action
// (`steps`: both hands laid out, the stock, the top discard); this draws the step asked for
// and writes the caption from the action's text. Buttons or the arrow keys, Home and End.
// With the coach's review (review.js), each of your moves shows the expert's verdict: the
// points it cost, the better move and why; your worst mistakes and accuracy sit above.

import { cardElement, cardText } from "/static/js/cards.js";
import { fill, h } from "/static/js/dialogs.js";
import { verifyHand } from "/static/js/fairness.js";
import { fairDetails, openReplayDialog, replayBox, reviewSummary, showVerdict, stepper } from "/static/js/replay-steps.js";
import { arrangedGroups, layout, showdownTitle } from "./showdown.js";

/** What happened at a step, in words, from the action text ("The deal." for step 0). */
function caption(item, names, seat) {
  if (!item) return "The deal.";
  const who = item.seat === seat ? "You" : names[item.seat];
  const words = item.action.split(" ");
  switch (words[0]) {
    case "pass": return `${who} passed the upcard.`;
    case "draw": return `${who} drew the ${cardText(item.drawn)} from the stock.`;
    case "take": return `${who} took the ${cardText(item.drawn)}.`;
    case "discard": return `${who} discarded the ${cardText(words[1])}.`;
    case "knock": return `${who} knocked, throwing the ${cardText(words[1])} face down.`;
    case "gin": return `${who} went gin, throwing the ${cardText(words[1])} face down.`;
    case "big_gin": return `${who} went big gin.`;
    default: return `${who}: ${item.action}.`;
  }
}

/** The table at one step: both hands as the server laid them out, and the piles. */
function stepRows(data, step, names, seat) {
  const table = data.steps[step];
  const rows = [seat, 1 - seat].map((s) => h("div", { class: "lay-row" },
    h("div", { class: "lay-who" }, s === seat ? "You" : names[s],
      s === data.dealer ? h("span", { class: "chip dealer" }, "D") : null,
      h("span", { class: "lay-note" }, `deadwood ${table.hands[s].deadwood}`)),
    h("div", { class: "lay-groups" }, ...arrangedGroups(table.hands[s]))));
  const top = table.top_discard;
  rows.push(h("div", { class: "replay-piles" },
    h("span", { class: "muted" }, `Stock ${table.stock_count}`),
    h("span", { class: "muted" }, "Discard pile:"),
    top ? cardElement(top, { classes: ["small"] }) : h("span", { class: "muted" }, "empty")));
  return rows;
}

/** The replay viewer of a finished deal (the replay endpoint's answer), with the verdicts
 * of `review` (the review endpoint's answer for that deal) on the seat's own moves. */
export function replayViewer(data, names, seat, review = null, deal = null, matchBadge = null) {
  const total = data.steps.length - 1;
  const stage = h("div", { class: "replay-stage" });
  const words = h("p", { class: "replay-caption", "aria-live": "polite" });
  const verdict = h("div", { class: "verdict-slot", "aria-live": "polite" });
  const draw = (step) => {
    fill(stage, ...stepRows(data, step, names, seat));
    words.textContent = caption(data.actions[step - 1], names, seat);
    showVerdict(verdict, counter, review, deal, step);
    if (step === total && data.result) {
      stage.appendChild(h("div", { class: "replay-result" },
        h("p", { class: "replay-outcome" }, showdownTitle(data.result, names, seat)),
        layout(data.result, names, seat, data.layouts)));
    }
  };
  const { go, bar, counter } = stepper(total, draw);
  const summary = review ? reviewSummary(review, seat, go, matchBadge) : null;
  return replayBox("replay", go, summary, bar, words, verdict, stage,
    fairDetails(verifyHand(data, seat, {}), data.seed));
}

/** Open the replay of `deal` for a seat, with buttons to the match's other finished deals. */
export function openReplay(where, deal) {
  return openReplayDialog(where, deal, replayViewer);
}
