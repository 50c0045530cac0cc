// What the replays of both games share: walking the steps (buttons, the arrow keys, Home and
// End), the coach's summary of the hand above them, the deal checked against its revealed
// seed below, and the dialog that opens a finished deal with buttons to the match's others.
// Each game's replay (replay.js, cribbage-replay.js) draws its own steps.

import { api } from "./api.js";
import { fill, h, openModal, toast } from "./dialogs.js";
import { accuracyBadge, accuracyText, decisionAt, fetchReview, verdictPanel, worstList } from "./review.js";
import { fairnessList } from "./fairness.js";

const KEYS = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last" };

/** Steps 0 to `total`: `go(to)` moves (a number, or first/prev/next/last) and calls
 * `draw(step)`; `bar` holds the buttons and `counter` the "k / n" shown between them. */
export function stepper(total, draw) {
  let step = 0;
  const go = (to) => {
    step = typeof to === "number" ? Math.max(0, Math.min(total, to))
      : { first: 0, prev: Math.max(0, step - 1), next: Math.min(total, step + 1), last: total }[to];
    counter.textContent = `${step} / ${total}`;
    draw(step);
  };
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
  return { go, bar, counter };
}

/** The arrow keys, Home and End walk the steps while the replay has the focus. */
export function stepKeys(root, go) {
  root.addEventListener("keydown", (event) => {
    if (!KEYS[event.key]) return;
    event.preventDefault();
    go(KEYS[event.key]);
  });
}

/** The replay's box (class `className`) of `children`: it takes the focus, its keys walk
 * the steps (`go`), and it opens at the deal, step 0. */
export function replayBox(className, go, ...children) {
  const root = h("div", { class: className, tabindex: -1 }, ...children);
  stepKeys(root, go);
  go(0);
  return root;
}

/** The coach's verdict on step `step` (none for the deal, step 0) into `slot`, and the
 * counter marked while the step is one of the hand's worst; nothing without a review. */
export function showVerdict(slot, counter, review, deal, step) {
  const decision = step > 0 ? decisionAt(review, deal, step - 1) : null;
  fill(slot, review ? verdictPanel(decision) : null);
  counter.classList.toggle("worst", Boolean(decision && decision.worst));
}

/** Your accuracy in the deal and its worst mistakes (buttons to their steps). */
export function reviewSummary(review, seat, go, matchBadge) {
  return h("div", { class: "review-summary" },
    h("p", { class: "review-accuracy hand" }, `This hand: ${accuracyText(review, seat)}`),
    matchBadge, worstList(review, (d) => go(d.index + 1)));
}

/** The deal's checks against its revealed seed, folded under one line. */
export function fairDetails(checks, seed) {
  return h("details", { class: "replay-fair" },
    h("summary", {}, checks.every((c) => c.ok) ? "Deal verified ✓" : "Deal check FAILED ✗"),
    fairnessList(checks, seed));
}

/** Open the replay of `deal` for a seat: `viewer(data, names, seat, review, deal, badge)`
 * draws it, with buttons to the match's other finished deals above. */
export async function openReplayDialog(where, deal, viewer) {
  const { matchId, token, names, seat, finished } = where;
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
  const picker = h("div", { class: "replay-deals" }, h("span", { class: "muted" }, "Deal:"),
    ...Array.from({ length: finished }, (_, i) => h("button", {
      type: "button", class: `btn small ${i + 1 === deal ? "primary" : ""}`,
      onclick: () => openReplayDialog(where, i + 1, viewer),
    }, String(i + 1))));
  const badge = review && finished > 1 ? accuracyBadge({ matchId, token, seat }) : null;
  const shown = viewer(data, names, seat, review, deal, badge);
  openModal({
    title: `Replay of deal ${deal}`,
    body: h("div", {}, finished > 1 ? picker : null, shown),
    className: "replay-modal",
  });
  shown.focus({ preventScroll: true }); // the summary and the deals stay in sight
}
