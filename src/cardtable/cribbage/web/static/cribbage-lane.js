// The middle of the Cribbage felt: the play, with the running count and the cards of the
// count in the order played (who played each, the count it made), the earlier counts of the
// hand; before it, a word on laying away; with muggins, the hand or crib being counted with
// the owner's number box or the answer buttons (Muggins! and Accept, both always offered).

import { cardElement, cardName } from "/static/js/cards.js";
import { fill, h } from "/static/js/dialogs.js";
import { showTitle, who, whose } from "./cribbage-words.js";

/** A card of the play (`play`: its seat, card and the count it made), with who played it
 * and the count. */
export function laneCard(table, p, classes = []) {
  const me = table.view.seat;
  const node = cardElement(p.card, {
    classes: ["lane-card", p.seat === me ? "by-me" : "by-them", ...classes],
    label: `${cardName(p.card)}, played by ${p.seat === me ? "you" : table.names[p.seat]}, count ${p.count}`,
  });
  node.appendChild(h("span", { class: "lane-count", "aria-hidden": "true" }, String(p.count)));
  return node;
}

/** The cards of a count, in the order played, each with who played it and the count it made. */
function countCards(table, plays, classes = []) {
  return plays.map((p) => laneCard(table, p, classes));
}

/** The earlier counts of this hand (turned over in a real game), small. */
function earlierCounts(table) {
  const v = table.view;
  const earlier = v.plays.slice(0, v.plays.length - v.count_cards.length);
  const groups = [];
  let last = 0;
  for (const play of earlier) {
    if (!groups.length || play.count <= last) groups.push([]);
    groups[groups.length - 1].push(play);
    last = play.count;
  }
  if (!groups.length) return null;
  return h("div", { class: "earlier", "aria-label": "Earlier counts of this hand" },
    h("span", { class: "lane-label" }, "earlier"),
    ...groups.map((g) => h("div", { class: "earlier-count" }, ...countCards(table, g, ["tiny"]),
      h("span", { class: "earlier-total" }, String(g[g.length - 1].count)))));
}

export function drawLane(table) {
  const v = table.view;
  const lane = table.felt.lane;
  if (v.counting) {
    fill(lane, countingPanel(table));
    return;
  }
  if (v.phase === "discard" && v.status === "active") {
    fill(lane, h("div", { class: "lane-note" },
      h("p", { class: "lane-title" }, "Laying away"),
      h("p", {}, `Each player lays two cards away to ${whose(v.dealer, v.seat, table.names)} crib. `
        + `Then the starter is cut and ${who(1 - v.dealer, v.seat, table.names) === "You" ? "you lead" : `${table.names[1 - v.dealer]} leads`}.`)));
    return;
  }
  const cards = countCards(table, v.count_cards);
  fill(lane,
    h("div", { class: "count-badge", id: "count", "aria-label": `The count is ${v.count}` },
      h("span", { class: "count-label" }, "count"), h("strong", { id: "count-value" }, String(v.count))),
    h("div", { class: `lane-cards ${cards.length > 4 ? "many" : ""}`, id: "count-cards" },
      cards.length ? cards : h("div", { class: "empty-slot lane-slot" })),
    earlierCounts(table));
}

/** Muggins: the hand or crib being counted, the owner's number box, or the answer buttons. */
function countingPanel(table) {
  const v = table.view;
  const c = v.counting;
  const me = v.seat;
  const title = showTitle(c, me, table.names);
  const cards = h("div", { class: "counting-cards" },
    ...c.cards.map((card) => cardElement(card, { classes: ["small"] })),
    cardElement(c.starter, { classes: ["small", "starter"], label: `Starter: ${cardName(c.starter)}` }));
  const panel = h("div", { class: "counting", id: "counting" }, h("p", { class: "lane-title" }, title), cards);
  if (v.phase === "count" && table.myTurn) {
    const input = h("input", {
      type: "number", id: "count-input", min: 0, max: 29, step: 1, inputmode: "numeric", required: true,
      "aria-label": `Points of ${title.toLowerCase()}`, placeholder: "0",
    });
    const form = h("form", { class: "count-form", id: "count-form" },
      h("label", { for: "count-input" }, "Points"), input,
      h("button", { type: "submit", class: "btn primary", id: "count-submit" }, "Count"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      table.stateCount(input.value);
    });
    panel.append(form, table.mode === "match"
      ? h("p", { class: "small muted" }, "Count it yourself; your count is final. Too few or too many, your opponent may call muggins.") : null);
    table.focusCount = input;
  } else if (v.phase === "answer") {
    const owner = who(c.seat, me, table.names);
    panel.append(h("p", { class: "stated", id: "stated" }, `${owner} state${c.seat === me ? "" : "s"} ${c.stated}.`));
    if (table.myTurn) {
      panel.append(h("div", { class: "answer-buttons" },
        h("button", {
          type: "button", class: "btn knock", id: "muggins", onclick: () => table.answer("muggins"),
          title: "Too few: take what they missed. Too many: they peg the true total and you take the excess. Exact: nothing.",
        }, "Muggins!"),
        h("button", { type: "button", class: "btn primary", id: "accept", onclick: () => table.answer("accept") }, "Accept")));
    } else {
      panel.append(h("p", { class: "small muted" }, `Waiting for ${table.names[1 - me]} to accept or call muggins…`));
    }
  } else {
    panel.append(h("p", { class: "small muted" }, `${table.names[c.seat]} is counting…`));
  }
  const answered = v.shows.map((s) => h("li", {},
    `${showTitle(s, me, table.names)}: ${s.pegged}`,
    s.stated !== null && s.muggins ? ` (stated ${s.stated}; ${s.muggins} taken in muggins)` : "",
    s.stated !== null && s.stated > s.total && !s.called ? ` (stated ${s.stated}, accepted)` : ""));
  if (answered.length) panel.append(h("ul", { class: "counted" }, ...answered));
  return panel;
}
