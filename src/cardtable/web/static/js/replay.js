// The replay of a finished deal, step by step: the server sends the table after every action
// (`steps`: both hands laid out, the stock, the top discard); this draws the step asked for
// and writes the caption from the action's text. Buttons or the arrow keys, Home and End.
// With the coach's review (review.js), each of your moves shows the expert's verdict: the
// points it cost, the better move and why; your worst mistakes and accuracy sit above.

import { api } from "./api.js";
import { cardElement, cardText } from "./cards.js";
import { fill, h, openModal, toast } from "./dialogs.js";
import { verifyHand } from "./fairness.js";
import { accuracyBadge, accuracyText, decisionAt, fetchReview, verdictPanel, worstList } from "./review.js";
import { arrangedGroups, fairnessList, layout, showdownTitle } from "./showdown.js";

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

function controls(go) {
  const button = (label, title, to, id) => h("button", {
    type: "button", class: "btn icon", title, "aria-label": title, id, onclick: () => go(to),
  }, label);
  const counter = h("span", { class: "replay-count" });
  const bar = h("div", { class: "replay-controls" },
    button("«", "First step (Home)", "first", "replay-first"),
    button("◀", "Previous step (←)", "prev", "replay-prev"),
    counter,
    button("▶", "Next step (→)", "next", "replay-next"),
    button("»", "Last step (End)", "last", "replay-last"));
  return { bar, counter };
}

const KEYS = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last" };

/** Your accuracy in the deal and its worst mistakes (buttons to their steps). */
function reviewSummary(review, seat, goTo, matchBadge) {
  return h("div", { class: "review-summary" },
    h("p", { class: "review-accuracy hand" }, `This hand: ${accuracyText(review, seat)}`),
    matchBadge, worstList(review, (d) => goTo(d.index + 1)));
}

/** The replay viewer of a finished deal (the replay endpoint's answer), with the verdicts
 * of `review` (the review endpoint's answer for that deal) on the seat's own moves. */
export function replayViewer(data, names, seat, review = null, deal = null, matchBadge = null) {
  let step = 0;
  const total = data.steps.length - 1;
  const stage = h("div", { class: "replay-stage" });
  const words = h("p", { class: "replay-caption", "aria-live": "polite" });
  const verdict = h("div", { class: "verdict-slot", "aria-live": "polite" });
  const draw = () => {
    fill(stage, ...stepRows(data, step, names, seat));
    words.textContent = caption(data.actions[step - 1], names, seat);
    counter.textContent = `${step} / ${total}`;
    const decision = step > 0 ? decisionAt(review, deal, step - 1) : null;
    fill(verdict, review ? verdictPanel(decision) : null);
    counter.classList.toggle("worst", Boolean(decision && decision.worst));
    if (step === total && data.result) {
      stage.appendChild(h("div", { class: "replay-result" },
        h("p", { class: "replay-outcome" }, showdownTitle(data.result, names, seat)),
        layout(data.result, names, seat, data.layouts)));
    }
  };
  const go = (to) => {
    step = typeof to === "number" ? Math.max(0, Math.min(total, to))
      : { first: 0, prev: Math.max(0, step - 1), next: Math.min(total, step + 1), last: total }[to];
    draw();
  };
  const { bar, counter } = controls(go);
  const checks = verifyHand(data, seat, {});
  const summary = review ? reviewSummary(review, seat, go, matchBadge) : null;
  const root = h("div", { class: "replay", tabindex: -1 }, summary, bar, words, verdict, stage,
    h("details", { class: "replay-fair" },
      h("summary", {}, checks.every((c) => c.ok) ? "Deal verified ✓" : "Deal check FAILED ✗"),
      fairnessList(checks, data.seed)));
  root.addEventListener("keydown", (event) => {
    if (!KEYS[event.key]) return;
    event.preventDefault();
    go(KEYS[event.key]);
  });
  draw();
  return root;
}

/** Open the replay of `deal` for a seat, with buttons to the match's other finished deals. */
export async function openReplay({ matchId, token, names, seat, finished }, deal) {
  let data;
  // The review is the coach's extra: the replay shows without it if it cannot be had.
  const reviewing = fetchReview(matchId, token, deal).catch(() => null);
  try {
    data = await api.replay(matchId, token, deal);
  } catch (error) {
    toast(error.message, "error");
    return;
  }
  const review = await reviewing;
  const again = (other) => openReplay({ matchId, token, names, seat, finished }, other);
  const picker = h("div", { class: "replay-deals" }, h("span", { class: "muted" }, "Deal:"),
    ...Array.from({ length: finished }, (_, i) => h("button", {
      type: "button", class: `btn small ${i + 1 === deal ? "primary" : ""}`, onclick: () => again(i + 1),
    }, String(i + 1))));
  const badge = review && finished > 1 ? accuracyBadge({ matchId, token, seat }) : null;
  const viewer = replayViewer(data, names, seat, review, deal, badge);
  openModal({
    title: `Replay of deal ${deal}`,
    body: h("div", {}, finished > 1 ? picker : null, viewer),
    className: "replay-modal",
  });
  viewer.focus();
}
