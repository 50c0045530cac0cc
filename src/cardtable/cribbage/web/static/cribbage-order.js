// Your Cribbage hand, your way: by rank (the default: runs and fifteens read best so), by
// suit, or the order you dragged the cards into (pointer, or Shift+←/→ on the focused card), through
// the same sorting and dragging as gin's hand (hand-order.js); the choice is remembered in
// `prefs.cribbageHandOrder`, apart from gin's. Only the order on the screen changes: which
// cards may be played, the picks to lay away and the hint are the server's, card by card.

import { modalOpen } from "/static/js/dialogs.js";
import { moveFocusedCard, orderedHand } from "/static/js/hand-order.js";
import { prefs } from "/static/js/store.js";

export const CRIBBAGE_ARRANGER = {
  orders: [["rank", "Rank"], ["suit", "Suit"]],
  get order() {
    return prefs.cribbageHandOrder;
  },
  set order(order) {
    prefs.cribbageHandOrder = order;
  },
  cards: (table) => table.view.hand,
  // Kept by match, seat and deal (the lesson's apart from gin's lesson).
  key: (table) => [table.matchId || "crib-lesson", table.view.seat, table.view.deal_number || 0],
};

/** The hand's cards in the order shown. */
export function shownHand(table) {
  return orderedHand(table) || table.view.hand;
}

export const ARRANGE_SHORTCUT = ["Shift+← Shift+→", "move the focused card left or right in your hand"];

/** The shortcuts the help lists, with moving a card after moving between cards. */
export function withArrangeShortcut(list) {
  const at = list.findIndex(([key]) => key === "← →");
  return at < 0 ? [...list, ARRANGE_SHORTCUT] : [...list.slice(0, at + 1), ARRANGE_SHORTCUT, ...list.slice(at + 1)];
}

/** A keydown handler: Shift+←/→ on a focused card of the hand moves it; any other key goes
 * to `next` (the table's own keys). */
export function arrangeKeys(table, next) {
  return (event) => {
    const arrow = event.key === "ArrowLeft" || event.key === "ArrowRight";
    const field = event.target && ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName);
    if (arrow && event.shiftKey && table.view && !field && !modalOpen()
      && moveFocusedCard(table, event.key === "ArrowRight" ? 1 : -1)) {
      event.preventDefault();
      return;
    }
    next(event);
  };
}
