// How gin's hand is ordered on the screen (hand-order.js does the ordering and dragging):
// the server's meld groups by default, by rank or suit, or the player's own order; the
// choice kept in `prefs.handOrder`.

import { prefs } from "/static/js/store.js";

export const ORDERS = [["melds", "Melds"], ["rank", "Rank"], ["suit", "Suit"]];

/** Gin's hand: the arranger its tables give hand-order.js. */
export const GIN_ARRANGER = {
  orders: ORDERS,
  get order() {
    return prefs.handOrder;
  },
  set order(order) {
    prefs.handOrder = order;
  },
  cards: (table) => table.obs.hand,
  key(table) {
    const v = table.view;
    return [table.matchId || "lesson", v.seat, v.deal_number || v.hand_number || 0];
  },
};

