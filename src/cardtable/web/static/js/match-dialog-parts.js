// What the dialogs of a match hold in every game: under each hand, the fair deal (open when a
// check failed) and the button on to the next hand or the final score; at the end, the note
// on the next match of the series and the buttons (replay a hand, a different match, the
// next match). Each game's dialogs (in its package's web folder) lay out the rest.

import { h } from "./dialogs.js";
import { fairnessList } from "./fairness.js";

/** The hand's fair-deal checks, folded under one line while they all pass. */
export function fairDeal(checks, seed) {
  const fair = checks.every((c) => c.ok);
  return h("details", { class: "fair-details", open: !fair },
    h("summary", {}, fair ? "Fair deal: verified ✓" : "Fair deal: CHECK FAILED ✗"),
    fairnessList(checks, seed));
}

/** The hand dialog's button: the next hand, or the final score once the match is over. */
export function nextHandActions(view) {
  return [{
    label: view.status === "finished" ? "See the final score" : "Next hand",
    primary: true,
    id: "next-hand",
  }];
}

/** The final dialog's note on the next match of the series (dealt already, or by Rematch). */
export function nextMatchNote(view) {
  return view.next_match
    ? h("p", { class: "next-note", id: "next-match-note" },
      "The next match of the series is dealt: the same seats, the same links.")
    : h("p", { class: "next-note muted small" },
      "Rematch deals the next match of the series at this table, with the same rules and seats.");
}

/** The final dialog's buttons: replay a hand, a different match, the next match. */
export function finalActions(table) {
  return [
    { label: "Replay a hand", id: "final-replay", onClick: () => { table.openReplay(1); return false; } },
    { label: "Different match", id: "different-match", onClick: () => { location.hash = "#/"; } },
    { label: table.view.next_match ? "Next match" : "Rematch", primary: true, id: "new-match-button", onClick: () => table.nextMatch() },
  ];
}
