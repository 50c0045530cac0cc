// Checking a finished Cribbage deal in the page: the revealed seed against the commitment
// this page saw before the deal, and the deal the seed makes (the table's shuffle, as in
// fairness.js) against the cards: six each, one at a time, the non-dealer first (deck[0],
// deck[2] ... to them), the starter deck[12] (CRIBBAGE.md 1, the engine's Hand).

import { sameCards, seedCheck, shuffledDeck } from "/static/js/fairness.js";

/** The six cards the seed deals to `seat` when `dealer` deals. */
function dealtTo(deck, seat, dealer) {
  const first = seat === 1 - dealer ? 0 : 1;
  return [0, 1, 2, 3, 4, 5].map((i) => deck[first + 2 * i]);
}

/**
 * The checks of a finished hand (`hand`: the view's last_hand or a replay). `seen` is what
 * this page recorded before and during it ({commitment, dealt}). A list of {label, ok, detail}.
 */
export function verifyCribbageHand(hand, seat, seen) {
  const checks = [seedCheck(hand, seen)];
  const deck = shuffledDeck(hand.seed);
  if (seen.dealt) {
    checks.push({ label: "Your six cards are the ones the seed deals", ok: sameCards(seen.dealt, dealtTo(deck, seat, hand.dealer)) });
  }
  checks.push({
    label: "Both hands are the ones the seed deals",
    ok: sameCards(hand.dealt[0], dealtTo(deck, 0, hand.dealer)) && sameCards(hand.dealt[1], dealtTo(deck, 1, hand.dealer)),
  });
  if (hand.starter) {
    checks.push({ label: "The starter is the one the seed cuts", ok: hand.starter === deck[12] });
  }
  return checks;
}
