// The replay of a finished Cribbage deal: both hands as dealt, what each kept, the crib and
// the starter, then every action in order with the points it pegged (the server's steps),
// the show, and the deal checked against its revealed seed. The steps can be walked one by
// one (buttons, arrow keys, Home and End, or a click on a step); with the coach's review
// (review.js) each of your own moves shows the expert's verdict, and your accuracy in the
// hand and its worst mistakes (buttons to their steps) sit above.
// Step k (from 1) is the hand's action k - 1: the server's steps are the hand's history in
// order, one for each action, and a decision's `index` is its place in that history.

import { h } from "/static/js/dialogs.js";
import { verifyCribbageHand } from "./cribbage-fairness.js";
import { eventPoints, eventText } from "./cribbage-words.js";
import { dealtRows, pegsLine, showLayout } from "./cribbage-show.js";
import { fairDetails, openReplayDialog, replayBox, reviewSummary, showVerdict, stepper } from "/static/js/replay-steps.js";

function stepList(data, me, names, go) {
  return h("ol", { class: "replay-steps", id: "replay-steps" }, ...data.steps.map((step, i) => {
    const points = eventPoints(step);
    return h("li", { class: step.seat === me ? "mine" : "theirs", onclick: () => go(i + 1) },
      h("span", { class: "step-text" }, eventText(step, me, names)),
      points[me] ? h("span", { class: "step-points mine" }, `+${points[me]}`) : null,
      points[1 - me] ? h("span", { class: "step-points theirs" }, `+${points[1 - me]}`) : null);
  }));
}

/** The replay viewer of a finished deal (the replay endpoint's answer), with the verdicts
 * of `review` (the review endpoint's answer for that deal) on the seat's own moves. */
export function cribbageReplay(data, names, me, review = null, deal = null, matchBadge = null) {
  const total = data.steps.length;
  const words = h("p", { class: "replay-caption", "aria-live": "polite" });
  const verdict = h("div", { class: "verdict-slot", "aria-live": "polite" });
  let list = null;
  const draw = (step) => {
    const event = step > 0 ? data.steps[step - 1] : null;
    words.textContent = event ? eventText(event, me, names) : "The deal: the hands as dealt are above.";
    showVerdict(verdict, counter, review, deal, step);
    [...list.children].forEach((li, i) => li.classList.toggle("current", i === step - 1));
    const current = list.children[step - 1];
    if (current) current.scrollIntoView({ block: "nearest" });
  };
  const { go, bar, counter } = stepper(total, draw);
  list = stepList(data, me, names, go);
  return replayBox("replay crib-replay", go,
    review ? reviewSummary(review, me, go, matchBadge) : null,
    dealtRows(data, me, names),
    h("h3", {}, "The play, step by step"),
    bar, words, verdict, list,
    h("h3", {}, "The show"),
    showLayout(data, me, names),
    h("p", { class: "score-line" }, pegsLine(data, me, names)),
    fairDetails(verifyCribbageHand(data, me, {}), data.seed));
}

/** Open the replay of `deal`, with buttons to the match's other finished deals. */
export function openCribbageReplay(where, deal) {
  return openReplayDialog(where, deal, cribbageReplay);
}
