// The end of a hand and of a match: both hands laid out with the lay-offs, the outcome and
// the points; the score sheet with boxes; the final totals with every bonus itemised; and
// the step-by-step replay of a finished deal.

import { cardElement, cardText, sortCards } from "./cards.js";
import { fill, h } from "./dialogs.js";
import { bestArrangement, meldKind } from "./melds.js";
import { verifyHand } from "./fairness.js";

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

/** Both hands laid out: the knocker's melds (with lay-offs attached) and the defender's. */
export function layout(result, names, seat, finalHands = null) {
  const box = h("div", { class: "showdown" });
  if (result.outcome === "dead") {
    if (finalHands) {
      for (const s of [seat, 1 - seat]) {
        const arr = bestArrangement(finalHands[s]);
        box.appendChild(h("div", { class: "lay-row" },
          h("div", { class: "lay-who" }, s === seat ? "You" : names[s]),
          h("div", { class: "lay-groups" },
            ...arr.melds.map((m) => group(m, "")),
            group(arr.unmatched, `deadwood ${arr.deadwood}`, [], "deadwood"))));
      }
    }
    return box;
  }
  const knocker = result.knocker;
  const defender = 1 - knocker;
  const layoffs = result.layoffs || [];
  const knockerGroups = result.knocker_melds.map((meld) => {
    const meldCards = meld.split(" ");
    const kind = meldKind(meldCards) || "meld";
    const added = layoffs.filter((l) => l.onto === meld).map((l) => l.card);
    // Laid-off cards take their place in the meld: below or above a run, beside a set.
    const all = kind === "run" ? sortCards([...meldCards, ...added]) : [...meldCards, ...added];
    return h("div", { class: "lay-group" },
      h("span", { class: "lay-label" }, kind),
      h("div", { class: "lay-cards" }, ...all.map((c) => (added.includes(c)
        ? cardElement(c, { classes: ["small", "laid-off"], label: `${cardText(c)}, laid off` })
        : cardElement(c, { classes: ["small"] })))));
  });
  if (result.knocker_unmatched.length) {
    knockerGroups.push(group(result.knocker_unmatched, `deadwood ${result.knocker_deadwood}`, [], "deadwood"));
  }
  const verb = { knock: "knocked", undercut: "knocked", gin: "gin", big_gin: "big gin" }[result.outcome];
  box.appendChild(h("div", { class: "lay-row knocker" },
    h("div", { class: "lay-who" }, knocker === seat ? "You" : names[knocker],
      h("span", { class: "lay-role" }, verb),
      result.knock_discard ? h("span", { class: "lay-note" }, `threw ${cardText(result.knock_discard)} face down`) : null),
    h("div", { class: "lay-groups" }, ...knockerGroups)));
  const defenderGroups = result.defender_melds.map((meld) => group(meld.split(" "), meldKind(meld.split(" ")) || "meld"));
  if (layoffs.length) {
    defenderGroups.push(h("div", { class: "lay-group layoffs" },
      h("span", { class: "lay-label" }, "laid off"),
      h("p", { class: "lay-text" }, layoffs.map((l) => `${cardText(l.card)} on ${l.onto.split(" ").map(cardText).join(" ")}`).join(" · "))));
  }
  defenderGroups.push(group(result.defender_unmatched, `deadwood ${result.defender_deadwood}`, [], "deadwood"));
  box.appendChild(h("div", { class: "lay-row defender" },
    h("div", { class: "lay-who" }, defender === seat ? "You" : names[defender], h("span", { class: "lay-role" }, "defends")),
    h("div", { class: "lay-groups" }, ...defenderGroups)));
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
export function fairnessList(checks, seed) {
  return h("div", { class: "fairness" },
    h("ul", { class: "checks" }, ...checks.map((c) => h("li", { class: c.ok ? "ok" : "bad" },
      h("span", { class: "mark", "aria-hidden": "true" }, c.ok ? "✓" : "✗"),
      `${c.label}${c.ok ? "" : " — MISMATCH"}`,
      c.detail ? h("span", { class: "muted small" }, ` ${c.detail}`) : null))),
    seed ? h("p", { class: "small muted seed" }, "Seed ", h("code", {}, seed)) : null);
}

/** The state of a replayed deal after `step` actions. */
function replayState(data, step) {
  const hands = [[...data.dealt[0]], [...data.dealt[1]]];
  const pile = [data.upcard];
  let stock = 31;
  let ended = null;
  for (const item of data.actions.slice(0, step)) {
    const words = item.action.split(" ");
    const kind = words[0];
    if (kind === "draw") {
      hands[item.seat].push(item.drawn);
      stock -= 1;
    } else if (kind === "take") {
      hands[item.seat].push(pile.pop());
    } else if (kind === "discard") {
      hands[item.seat] = hands[item.seat].filter((c) => c !== words[1]);
      pile.push(words[1]);
    } else if (kind === "knock" || kind === "gin") {
      hands[item.seat] = hands[item.seat].filter((c) => c !== words[1]);
      ended = item;
    } else if (kind === "big_gin") {
      ended = item;
    }
  }
  return { hands, pile, stock, ended };
}

function describeStep(item, names, seat) {
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
    default: return `${who}: ${item.action}.`;
  }
}

/** The replay viewer of a finished deal: step through with buttons or the arrow keys. */
export function replayViewer(data, names, seat) {
  let step = 0;
  const total = data.actions.length;
  const stage = h("div", { class: "replay-stage" });
  const caption = h("p", { class: "replay-caption", "aria-live": "polite" });
  const counter = h("span", { class: "replay-count" });
  const button = (label, title, fn, id) => {
    const b = h("button", { type: "button", class: "btn icon", title, "aria-label": title, id }, label);
    b.addEventListener("click", () => {
      fn();
      draw();
    });
    return b;
  };
  const controls = h("div", { class: "replay-controls" },
    button("«", "First step (Home)", () => { step = 0; }, "replay-first"),
    button("◀", "Previous step (←)", () => { step = Math.max(0, step - 1); }, "replay-prev"),
    counter,
    button("▶", "Next step (→)", () => { step = Math.min(total, step + 1); }, "replay-next"),
    button("»", "Last step (End)", () => { step = total; }, "replay-last"));
  const draw = () => {
    const state = replayState(data, step);
    const rows = [seat, 1 - seat].map((s) => {
      const arr = bestArrangement(state.hands[s]);
      return h("div", { class: "lay-row" },
        h("div", { class: "lay-who" }, s === seat ? "You" : names[s], s === data.dealer ? h("span", { class: "chip dealer" }, "D") : null,
          h("span", { class: "lay-note" }, `deadwood ${arr.deadwood}`)),
        h("div", { class: "lay-groups" },
          ...arr.melds.map((m) => group(sortCards(m), "")),
          arr.unmatched.length ? group(arr.unmatched, "", [], "deadwood") : null));
    });
    const top = state.pile[state.pile.length - 1];
    fill(stage, ...rows, h("div", { class: "replay-piles" },
      h("span", { class: "muted" }, `Stock ${state.stock}`),
      h("span", { class: "muted" }, "Discard pile:"),
      top ? cardElement(top, { classes: ["small"] }) : h("span", { class: "muted" }, "empty")));
    caption.textContent = describeStep(data.actions[step - 1], names, seat);
    counter.textContent = `${step} / ${total}`;
    if (step === total && data.result) {
      stage.appendChild(h("div", { class: "replay-result" },
        h("p", { class: "replay-outcome" }, showdownTitle(data.result, names, seat)),
        layout(data.result, names, seat, data.hands)));
    }
  };
  const keys = (event) => {
    if (event.key === "ArrowRight") step = Math.min(total, step + 1);
    else if (event.key === "ArrowLeft") step = Math.max(0, step - 1);
    else if (event.key === "Home") step = 0;
    else if (event.key === "End") step = total;
    else return;
    event.preventDefault();
    draw();
  };
  const checks = verifyHand(data, seat, {});
  const root = h("div", { class: "replay" }, controls, caption, stage,
    h("details", { class: "replay-fair" }, h("summary", {}, checks.every((c) => c.ok) ? "Deal verified ✓" : "Deal check FAILED ✗"),
      fairnessList(checks, data.seed)));
  root.addEventListener("keydown", keys);
  root.tabIndex = -1;
  draw();
  return root;
}

export function scoreLineText(result, rules) {
  return scoreLine(result, rules);
}
