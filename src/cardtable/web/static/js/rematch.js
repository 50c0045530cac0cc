// The rematch's note, for both games' final dialogs and side panels: the same rules and
// players, and who deals first, as the server decided it from the rules' series setting
// (the view's rematch_dealer). The page only words it.

import { h } from "./dialogs.js";

/** "Same rules and players; Bo deals first." (null while the match is in play). */
export function rematchNote(table, className) {
  const v = table.view;
  if (v.rematch_dealer === null || v.rematch_dealer === undefined) return null;
  const dealer = v.rematch_dealer === v.seat ? "you deal" : `${table.names[v.rematch_dealer]} deals`;
  return h("p", { class: className, id: "rematch-dealer" }, `Same rules and players; ${dealer} first.`);
}
