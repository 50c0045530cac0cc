// The show laid out as the server counted it: the non-dealer's hand, the dealer's hand, the
// crib, each with the starter, every combination (each fifteen, pair, run, flush, nobs) with its
// cards and points, the total; with muggins, what its owner stated and what was taken.

import { cardElement, cardName, withSymbols } from "/static/js/cards.js";
import { h } from "/static/js/dialogs.js";
import { cardsText, itemWord, showTitle, who } from "./cribbage-words.js";

function small(cards, extra = []) {
  return cards.map((c) => cardElement(c, { classes: ["small", ...extra] }));
}

function itemRow(item) {
  return h("li", { class: `show-item ${item.kind.replace(/ /g, "-")}` },
    h("span", { class: "item-kind" }, itemWord(item)),
    h("span", { class: "item-cards" }, withSymbols(item.cards.join(" "))),
    h("span", { class: "item-points" }, `${item.points}`));
}

function mugginsNote(show, me, names) {
  if (show.stated === null) return null;
  const owner = who(show.seat, me, names);
  const taker = who(1 - show.seat, me, names);
  const over = show.stated > show.total;
  let words = `${owner} stated ${show.stated}.`;
  if (over && show.called) {
    // Called: put back to the true total, the excess to the caller (none if the game was won).
    words = `${owner} stated ${show.stated} of ${show.total}; ${taker} called muggins` +
      (show.muggins ? ` and took the ${show.muggins} over.` : ".");
  } else if (over) {
    words = `${owner} stated ${show.stated} of ${show.total}; accepted as stated.`;
  } else if (show.muggins) {
    words = `${owner} stated ${show.stated}; ${taker} called muggins and took ${show.muggins}.`;
  } else if (show.stated < show.total) {
    words = `${owner} stated ${show.stated} of ${show.total}; nobody called muggins.`;
  }
  return h("p", { class: "muggins-note" }, words);
}

/** One counted hand or crib. */
export function showBlock(show, me, names) {
  const items = show.items.length
    ? h("ol", { class: "show-items" }, ...show.items.map(itemRow))
    : h("p", { class: "muted small show-nothing" }, "Nineteen: nothing scores.");
  return h("div", { class: `show-block ${show.seat === me ? "mine" : "theirs"} ${show.kind}`, dataset: { kind: show.kind } },
    h("div", { class: "show-head" },
      h("span", { class: "show-title" }, showTitle(show, me, names)),
      h("span", { class: "show-total" }, `${show.total} point${show.total === 1 ? "" : "s"}`)),
    h("div", { class: "show-cards" }, ...small(show.cards),
      cardElement(show.starter, { classes: ["small", "starter"], label: `Starter: ${cardName(show.starter)}` })),
    items,
    mugginsNote(show, me, names));
}

/** The whole show of a finished hand (`hand`: the view's last_hand or a replay). */
export function showLayout(hand, me, names) {
  const box = h("div", { class: "show-layout" }, ...hand.shows.map((s) => showBlock(s, me, names)));
  if (hand.shows.length < 3) {
    const winner = hand.winner === null ? null : who(hand.winner, me, names);
    box.append(h("p", { class: "show-cut muted" }, winner
      ? `${winner} reached the target ${hand.shows.length ? "during the show" : "in the play"}: the rest is not counted.`
      : "The hand ended before the show."));
  }
  return box;
}

/** "You 34 → 45 · Simple 20 → 38": where the pegs went in the hand. */
export function pegsLine(hand, me, names) {
  return [me, 1 - me].map((s) => `${who(s, me, names)} ${hand.start_pegs[s]} → ${hand.pegs[s]}`).join(" · ");
}

/** Both hands as dealt and the crib, all revealed. */
export function dealtRows(hand, me, names) {
  return h("div", { class: "dealt-rows" },
    ...[me, 1 - me].map((s) => h("div", { class: "lay-row" },
      h("div", { class: "lay-who" }, who(s, me, names),
        s === hand.dealer ? h("span", { class: "chip dealer" }, "dealer") : null,
        h("span", { class: "lay-note" }, `dealt ${cardsText(hand.dealt[s])}`)),
      h("div", { class: "lay-groups" },
        h("div", { class: "lay-group" }, h("span", { class: "lay-label" }, "kept"), h("div", { class: "lay-cards" }, ...small(hand.kept[s])))))),
    h("div", { class: "lay-row" },
      h("div", { class: "lay-who" }, `${who(hand.dealer, me, names) === "You" ? "Your" : `${names[hand.dealer]}'s`} crib`),
      h("div", { class: "lay-groups" },
        h("div", { class: "lay-group" }, h("span", { class: "lay-label" }, "crib"), h("div", { class: "lay-cards" }, ...small(hand.crib))),
        hand.starter ? h("div", { class: "lay-group" }, h("span", { class: "lay-label" }, "starter"),
          h("div", { class: "lay-cards" }, ...small([hand.starter], ["starter"]))) : null)));
}
