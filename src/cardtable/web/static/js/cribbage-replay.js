// The replay of a finished Cribbage deal: both hands as dealt, what each kept, the crib and
// the starter, then every action in order with the points it pegged (the server's steps),
// the show, and the deal checked against its revealed seed.

import { api } from "./api.js";
import { fill, h, openModal, toast } from "./dialogs.js";
import { fairnessList } from "./showdown.js";
import { verifyCribbageHand } from "./cribbage-fairness.js";
import { eventPoints, eventText } from "./cribbage-words.js";
import { dealtRows, pegsLine, showLayout } from "./cribbage-show.js";

function stepList(data, me, names) {
  return h("ol", { class: "replay-steps", id: "replay-steps" }, ...data.steps.map((step) => {
    const points = eventPoints(step);
    return h("li", { class: step.seat === me ? "mine" : "theirs" },
      h("span", { class: "step-text" }, eventText(step, me, names)),
      points[me] ? h("span", { class: "step-points mine" }, `+${points[me]}`) : null,
      points[1 - me] ? h("span", { class: "step-points theirs" }, `+${points[1 - me]}`) : null);
  }));
}

/** The replay viewer of a finished deal (the replay endpoint's answer). */
export function cribbageReplay(data, names, me) {
  const checks = verifyCribbageHand(data, me, {});
  return h("div", { class: "replay crib-replay", tabindex: -1 },
    dealtRows(data, me, names),
    h("h3", {}, "The play, step by step"),
    stepList(data, me, names),
    h("h3", {}, "The show"),
    showLayout(data, me, names),
    h("p", { class: "score-line" }, pegsLine(data, me, names)),
    h("details", { class: "replay-fair" },
      h("summary", {}, checks.every((c) => c.ok) ? "Deal verified ✓" : "Deal check FAILED ✗"),
      fairnessList(checks, data.seed)));
}

/** Open the replay of `deal`, with buttons to the match's other finished deals. */
export async function openCribbageReplay({ matchId, token, names, seat, finished }, deal) {
  let data;
  try {
    data = await api.replay(matchId, token, deal);
  } catch (error) {
    toast(error.message, "error");
    return;
  }
  const again = (other) => openCribbageReplay({ matchId, token, names, seat, finished }, other);
  const picker = h("div", { class: "replay-deals" }, h("span", { class: "muted" }, "Deal:"),
    ...Array.from({ length: finished }, (_, i) => h("button", {
      type: "button", class: `btn small ${i + 1 === deal ? "primary" : ""}`, onclick: () => again(i + 1),
    }, String(i + 1))));
  const viewer = cribbageReplay(data, names, seat);
  const body = h("div", {});
  fill(body, finished > 1 ? picker : null, viewer);
  openModal({ title: `Replay of deal ${deal}`, body, className: "replay-modal" });
  viewer.focus();
}
