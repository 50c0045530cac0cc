// The replay of a finished Cribbage deal: both hands as dealt, what each kept, the crib and
// the starter, then every action in order with the points it pegged (the server's steps),
// the show, and the deal checked against its revealed seed. The steps can be walked one by
// one (buttons, arrow keys, Home and End, or a click on a step); with the coach's review
// (review.js) each of your own moves shows the expert's verdict, and your accuracy in the
// hand and its worst mistakes (buttons to their steps) sit above.
// Step k (from 1) is the hand's action k - 1: the server's steps are the hand's history in
// order, one for each action, and a decision's `index` is its place in that history.

import { api } from "./api.js";
import { fill, h, openModal, toast } from "./dialogs.js";
import { fairnessList } from "./showdown.js";
import { verifyCribbageHand } from "./cribbage-fairness.js";
import { eventPoints, eventText } from "./cribbage-words.js";
import { dealtRows, pegsLine, showLayout } from "./cribbage-show.js";
import { accuracyBadge, accuracyText, decisionAt, fetchReview, verdictPanel, worstList } from "./review.js";

const KEYS = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last" };

function stepList(data, me, names, go) {
  return h("ol", { class: "replay-steps", id: "replay-steps" }, ...data.steps.map((step, i) => {
    const points = eventPoints(step);
    return h("li", { class: step.seat === me ? "mine" : "theirs", onclick: () => go(i + 1) },
      h("span", { class: "step-text" }, eventText(step, me, names)),
      points[me] ? h("span", { class: "step-points mine" }, `+${points[me]}`) : null,
      points[1 - me] ? h("span", { class: "step-points theirs" }, `+${points[1 - me]}`) : null);
  }));
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

/** Your accuracy in the deal and its worst mistakes (buttons to their steps). */
function reviewSummary(review, me, go, matchBadge) {
  return h("div", { class: "review-summary" },
    h("p", { class: "review-accuracy hand" }, `This hand: ${accuracyText(review, me)}`),
    matchBadge, worstList(review, (d) => go(d.index + 1)));
}

/** The replay viewer of a finished deal (the replay endpoint's answer), with the verdicts
 * of `review` (the review endpoint's answer for that deal) on the seat's own moves. */
export function cribbageReplay(data, names, me, review = null, deal = null, matchBadge = null) {
  let step = 0;
  const total = data.steps.length;
  const words = h("p", { class: "replay-caption", "aria-live": "polite" });
  const verdict = h("div", { class: "verdict-slot", "aria-live": "polite" });
  let list = null;
  const draw = () => {
    const event = step > 0 ? data.steps[step - 1] : null;
    words.textContent = event ? eventText(event, me, names) : "The deal: the hands as dealt are above.";
    counter.textContent = `${step} / ${total}`;
    const decision = step > 0 ? decisionAt(review, deal, step - 1) : null;
    fill(verdict, review ? verdictPanel(decision) : null);
    counter.classList.toggle("worst", Boolean(decision && decision.worst));
    [...list.children].forEach((li, i) => li.classList.toggle("current", i === step - 1));
    const current = list.children[step - 1];
    if (current) current.scrollIntoView({ block: "nearest" });
  };
  const go = (to) => {
    step = typeof to === "number" ? Math.max(0, Math.min(total, to))
      : { first: 0, prev: Math.max(0, step - 1), next: Math.min(total, step + 1), last: total }[to];
    draw();
  };
  const { bar, counter } = controls(go);
  list = stepList(data, me, names, go);
  const checks = verifyCribbageHand(data, me, {});
  const root = h("div", { class: "replay crib-replay", tabindex: -1 },
    review ? reviewSummary(review, me, go, matchBadge) : null,
    dealtRows(data, me, names),
    h("h3", {}, "The play, step by step"),
    bar, words, verdict, list,
    h("h3", {}, "The show"),
    showLayout(data, me, names),
    h("p", { class: "score-line" }, pegsLine(data, me, names)),
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

/** Open the replay of `deal`, with buttons to the match's other finished deals. */
export async function openCribbageReplay({ matchId, token, names, seat, finished }, deal) {
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
  const again = (other) => openCribbageReplay({ matchId, token, names, seat, finished }, other);
  const picker = h("div", { class: "replay-deals" }, h("span", { class: "muted" }, "Deal:"),
    ...Array.from({ length: finished }, (_, i) => h("button", {
      type: "button", class: `btn small ${i + 1 === deal ? "primary" : ""}`, onclick: () => again(i + 1),
    }, String(i + 1))));
  const badge = review && finished > 1 ? accuracyBadge({ matchId, token, seat }) : null;
  const viewer = cribbageReplay(data, names, seat, review, deal, badge);
  const body = h("div", {});
  fill(body, finished > 1 ? picker : null, viewer);
  openModal({ title: `Replay of deal ${deal}`, body, className: "replay-modal" });
  viewer.focus({ preventScroll: true }); // the summary and the deals stay in sight
}
