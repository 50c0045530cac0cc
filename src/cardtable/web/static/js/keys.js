// Keyboard shortcuts: the list the help shows (the table's own, said by the table shown), and
// the help dialog (the shortcuts and a link to the rules page), which ? opens on any page.

import { h, modalOpen, openModal } from "./dialogs.js";
import { gameTitle, hasRules, rulesUrl } from "./game-chrome.js";

// The keys of every page; a table says its own list (useShortcuts) while it is shown.
export const PAGE_SHORTCUTS = [
  ["Esc", "close"],
  ["?", "this list"],
];

// The list the help shows: the table's own, while one is shown.
let helpShortcuts = PAGE_SHORTCUTS;

export function useShortcuts(list = null) {
  helpShortcuts = list || PAGE_SHORTCUTS;
}

/** A table's keys while it is shown: its `list` for the help, and `handler` for every key
 * press on the page. The function returned stops the handler (when the table goes). */
export function tableKeys(list, handler) {
  useShortcuts(list);
  document.addEventListener("keydown", handler);
  return () => document.removeEventListener("keydown", handler);
}

export function shortcutsTable(list = helpShortcuts) {
  return h("table", { class: "shortcuts" }, h("tbody", {},
    ...list.map(([key, what]) => h("tr", {},
      h("th", { scope: "row" }, ...key.split(" ").map((k) => h("kbd", {}, k))),
      h("td", {}, what)))));
}

/** A link to the rules page of the game in play (or chosen in the lobby); it opens beside
 * the table, which stays where it was. */
export function rulesLink(attrs = {}, text = null) {
  return h("a", { href: rulesUrl(), target: "_blank", rel: "noopener", ...attrs }, text || `Rules of ${gameTitle()}`);
}

export function openHelp() {
  openModal({
    title: "Keyboard shortcuts",
    className: "help-modal",
    body: h("div", {}, shortcutsTable(),
      hasRules() ? h("p", { class: "help-rules" }, "How to play, and every rule this table keeps: ",
        rulesLink({ id: "help-rules", class: "rules-link" }), ".") : null),
  });
}

/** Whether a key press belongs to a text field or a browser shortcut, not to the page. */
export function typing(event) {
  const target = event.target;
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  return Boolean(target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
}

/** ? opens the help on every page (unless a dialog is open or the key is for a field). */
export function listenForHelp() {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "?" || typing(event) || modalOpen()) return;
    event.preventDefault();
    openHelp();
  });
}
