// The end of a hand and of a match: both hands laid out with the lay-offs, the outcome and
// the points; the score sheet with boxes; the final totals with every bonus itemised; the
// fair-deal checks as a list. Melds, their kinds and the deadwood are the server's.

import { cardElement, cardText, sortCards } from "/static/js/cards.js";
import { h } from "/static/js/dialogs.js";

const OUTCOME_WORDS = {
  knock: "knock",
  undercut: "undercut",
  gin: "gin",
  big_gin: "big gin",
  dead: "dead hand",
};

function cards(list, classes = []) {
  return list.map((c) => cardElement(c, { classes: ["small", ...classes] }));
}

function group(list, label, extra = [], classes = "") {
  return h("div", { class: `lay-group ${classes}` },
    h("span", { class: "lay-label" }, label),
    h("div", { class: "lay-cards" }, ...cards(list), ...extra));
}

/** A title like "You knocked and scored 17" from the result and the seat watching. */
export function showdownTitle(result, names, seat) {
  const winner = result.winner;
  const knocker = result.knocker;
  if (result.outcome === "dead") return "Dead hand: nobody scores";
  const who = (s) => (s === seat ? "You" : names[s]);
  const points = `${result.points} point${result.points === 1 ? "" : "s"}`;
  if (result.outcome === "undercut") {
    return `${who(knocker)} knocked, ${winner === seat ? "and you" : names[winner]} undercut${winner === seat ? "" : "s"}: ${points} to ${who(winner) === "You" ? "you" : who(winner)}`;
  }
  const verb = { knock: "knocked", gin: "went gin", big_gin: "went big gin" }[result.outcome];
  return `${who(knocker)} ${verb}: ${points} to ${knocker === seat ? "you" : names[knocker]}`;
}

function scoreLine(result, rules) {
  const k = result.knocker_deadwood;
  const d = result.defender_deadwood;
  const times = result.multiplier > 1 ? ` × ${result.multiplier} (spade upcard)` : "";
  switch (result.outcome) {
    case "knock":
      return `Deadwood ${d} − ${k} = ${d - k}${times}`;
    case "undercut":
      return `Undercut: ${k} − ${d} + ${rules.undercut_bonus} bonus = ${k - d + rules.undercut_bonus}${times}`;
    case "gin":
      return `Gin: opponent's deadwood ${d} + ${rules.gin_bonus} bonus = ${d + rules.gin_bonus}${times}`;
    case "big_gin":
      return `Big gin: opponent's deadwood ${d} + ${rules.big_gin_bonus} bonus = ${d + rules.big_gin_bonus}${times}`;
    default:
      return "The stock ran down to two cards without a knock. The same dealer deals again.";
  }
}

/** One seat's hand as the server arranged it ({melds, kinds, unmatched, deadwood}). */
export function arrangedGroups(arrangement) {
  const groups = arrangement.melds.map((m, i) => group(m, arrangement.kinds[i]));
  if (arrangement.unmatched.length) {
    groups.push(group(arrangement.unmatched, `deadwood ${arrangement.deadwood}`, [], "deadwood"));
  }
  return groups;
}

/** A dead hand: both final hands in their best layouts (`layouts` by seat). */
function deadHand(box, names, seat, layouts) {
  if (!layouts) return box;
  for (const s of [seat, 1 - seat]) {
    box.appendChild(h("div", { class: "lay-row" },
      h("div", { class: "lay-who" }, s === seat ? "You" : names[s]),
      h("div", { class: "lay-groups" }, ...arrangedGroups(layouts[s]))));
  }
  return box;
}

/** A knocker's meld with the defender's lay-offs on it, in their places on a run. */
function meldWithLayoffs(meld, kind, layoffs) {
  const meldCards = meld.split(" ");
  const added = layoffs.filter((l) => l.onto === meld).map((l) => l.card);
  const all = kind === "run" ? sortCards([...meldCards, ...added]) : [...meldCards, ...added];
  return h("div", { class: "lay-group" },
    h("span", { class: "lay-label" }, kind),
    h("div", { class: `lay-cards ${added.length ? "has-layoffs" : ""}` }, ...all.map((c) => (added.includes(c)
      ? laidOff(c) : cardElement(c, { classes: ["small"] })))));
}

/** A card laid off on the knocker's meld: shown whole (the next card does not cover it),
 * raised, with its badge underneath. */
function laidOff(card) {
  const node = cardElement(card, { classes: ["small", "laid-off"], label: `${cardText(card)}, laid off` });
  node.appendChild(h("span", { class: "laid-off-badge", "aria-hidden": "true" }, "laid off"));
  return node;
}

function knockerRow(result, names, seat) {
  const knocker = result.knocker;
  const layoffs = result.layoffs || [];
  const groups = result.knocker_melds.map((meld, i) => meldWithLayoffs(meld, result.knocker_kinds[i], layoffs));
  if (result.knocker_unmatched.length) {
    groups.push(group(result.knocker_unmatched, `deadwood ${result.knocker_deadwood}`, [], "deadwood"));
  }
  const verb = { knock: "knocked", undercut: "knocked", gin: "gin", big_gin: "big gin" }[result.outcome];
  return h("div", { class: "lay-row knocker" },
    h("div", { class: "lay-who" }, knocker === seat ? "You" : names[knocker],
      h("span", { class: "lay-role" }, verb),
      result.knock_discard ? h("span", { class: "lay-note" }, `threw ${cardText(result.knock_discard)} face down`) : null),
    h("div", { class: "lay-groups" }, ...groups));
}

function defenderRow(result, names, seat) {
  const defender = 1 - result.knocker;
  const layoffs = result.layoffs || [];
  const groups = result.defender_melds.map((meld, i) => group(meld.split(" "), result.defender_kinds[i]));
  if (layoffs.length) {
    groups.push(h("div", { class: "lay-group layoffs" },
      h("span", { class: "lay-label" }, "laid off"),
      h("p", { class: "lay-text" }, layoffs.map((l) => `${cardText(l.card)} on ${l.onto.split(" ").map(cardText).join(" ")}`).join(" · "))));
  }
  groups.push(group(result.defender_unmatched, `deadwood ${result.defender_deadwood}`, [], "deadwood"));
  return h("div", { class: "lay-row defender" },
    h("div", { class: "lay-who" }, defender === seat ? "You" : names[defender], h("span", { class: "lay-role" }, "defends")),
    h("div", { class: "lay-groups" }, ...groups));
}

/**
 * Both hands laid out: the knocker's melds (with lay-offs attached) and the defender's; for
 * a dead hand, both final hands in the layouts the server sent (`layouts`, by seat).
 */
export function layout(result, names, seat, layouts = null) {
  const box = h("div", { class: "showdown" });
  if (result.outcome === "dead") return deadHand(box, names, seat, layouts);
  box.append(knockerRow(result, names, seat), defenderRow(result, names, seat));
  return box;
}

/** The score sheet: one line per scored hand, the boxes, the running totals. */
export function scoreSheet(sheet, names, seat, boxes = null) {
  const order = [seat, 1 - seat];
  const table = h("table", { class: "sheet" },
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "Hand"),
      h("th", { scope: "col" }, "Result"),
      ...order.map((s) => h("th", { scope: "col", class: "num" }, s === seat ? "You" : names[s])))));
  const body = h("tbody");
  for (const line of sheet) {
    body.appendChild(h("tr", {},
      h("td", {}, String(line.number)),
      h("td", {}, `${line.winner === seat ? "You" : names[line.winner]}: ${OUTCOME_WORDS[line.outcome]}`),
      ...order.map((s) => h("td", { class: "num" },
        line.winner === s ? h("span", { class: "plus" }, `+${line.points} `) : "",
        h("span", { class: "total" }, String(line.totals[s]))))));
  }
  if (!sheet.length) body.appendChild(h("tr", {}, h("td", { colspan: 4, class: "muted" }, "No hand scored yet.")));
  table.appendChild(body);
  if (boxes) {
    table.appendChild(h("tfoot", {}, h("tr", {},
      h("th", { scope: "row", colspan: 2 }, "Boxes (hands won)"),
      ...order.map((s) => h("td", { class: "num" }, String(boxes[s]))))));
  }
  return table;
}

/** The final totals with every bonus itemised. */
export function finalTotals(final, rules, names, seat) {
  const order = [seat, 1 - seat];
  const row = (label, values, cls = "") => h("tr", { class: cls },
    h("th", { scope: "row" }, label), ...order.map((s) => h("td", { class: "num" }, values(s))));
  const table = h("table", { class: "sheet final-table" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), ...order.map((s) => h("th", { class: "num", scope: "col" }, s === seat ? "You" : names[s])))),
    h("tbody", {},
      row("Hand points", (s) => String(final.hand_points[s])),
      row(`Boxes × ${rules.line_bonus}`, (s) => `${final.boxes[s]} × ${rules.line_bonus} = ${final.line_bonus[s]}`),
      row("Game bonus", (s) => String(final.game_bonus[s])),
      row(final.shutout ? "Shutout bonus" : "Shutout bonus (none)", (s) => String(final.shutout_bonus[s])),
      row("Total", (s) => String(final.totals[s]), "grand")));
  const winner = final.winner === seat ? "You win" : `${names[final.winner]} wins`;
  return h("div", { class: "final" },
    h("p", { class: "final-verdict" }, `${winner} by ${final.margin}`,
      final.shutout ? h("span", { class: "badge" }, "shutout") : null),
    table,
    h("p", { class: "muted small" }, `${final.reached_target === seat ? "You" : names[final.reached_target]} reached the target of ${rules.target}.`));
}

/** The fairness checks of a finished hand as a list. */
export function scoreLineText(result, rules) {
  return scoreLine(result, rules);
}
