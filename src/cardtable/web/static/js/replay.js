// The replay of a finished deal, step by step: the server sends the table after every action
// (`steps`: both hands laid out, the stock, the top discard); this draws the step asked for
// and writes the caption from the action's text. Buttons or the arrow keys, Home and End.

import { api } from "./api.js";
import { cardElement, cardText } from "./cards.js";
import { fill, h, openModal, toast } from "./dialogs.js";
import { verifyHand } from "./fairness.js";
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

/** The replay viewer of a finished deal (the replay endpoint's answer). */
export function replayViewer(data, names, seat) {
  let step = 0;
  const total = data.steps.length - 1;
  const stage = h("div", { class: "replay-stage" });
  const words = h("p", { class: "replay-caption", "aria-live": "polite" });
  const draw = () => {
    fill(stage, ...stepRows(data, step, names, seat));
    words.textContent = caption(data.actions[step - 1], names, seat);
    counter.textContent = `${step} / ${total}`;
    if (step === total && data.result) {
      stage.appendChild(h("div", { class: "replay-result" },
        h("p", { class: "replay-outcome" }, showdownTitle(data.result, names, seat)),
        layout(data.result, names, seat, data.layouts)));
    }
  };
  const go = (to) => {
    step = { first: 0, prev: Math.max(0, step - 1), next: Math.min(total, step + 1), last: total }[to];
    draw();
  };
  const { bar, counter } = controls(go);
  const checks = verifyHand(data, seat, {});
  const root = h("div", { class: "replay", tabindex: -1 }, bar, words, stage,
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
  try {
    data = await api.replay(matchId, token, deal);
  } catch (error) {
    toast(error.message, "error");
    return;
  }
  const again = (other) => openReplay({ matchId, token, names, seat, finished }, other);
  const picker = h("div", { class: "replay-deals" }, h("span", { class: "muted" }, "Deal:"),
    ...Array.from({ length: finished }, (_, i) => h("button", {
      type: "button", class: `btn small ${i + 1 === deal ? "primary" : ""}`, onclick: () => again(i + 1),
    }, String(i + 1))));
  const viewer = replayViewer(data, names, seat);
  openModal({
    title: `Replay of deal ${deal}`,
    body: h("div", {}, finished > 1 ? picker : null, viewer),
    className: "replay-modal",
  });
  viewer.focus();
}
