// Learning aids, each off until the player turns it on (remembered in store.js, each game's
// switches apart): what every game's aids share (the card tracker's grid, the switches in
// the table's settings). Each game's own aids, and the words of its tracker, are in its
// screen's folder. The server works them all out from this seat's own view (the view's
// `aids`, made only while one of them is on); this only shows them. The table's settings
// (pace, sounds) are here too.

import { RANKS, SUITS, cardText } from "./cards.js";
import { h } from "./dialogs.js";
import { prefs } from "./store.js";

export const percent = (p) => `${Math.round(p * 100)}%`;

export function aids(table) {
  return table.view && table.view.aids ? table.view.aids : null;
}

/** The 52 cards, a row a suit, each marked where it is as far as this seat knows, in the
 * words of the game's `kind` ({game, words, always}: each game's screen names its own). */
export function trackerPanel(table, kind) {
  const a = aids(table);
  if (!a || !prefs.aid(kind.game, "tracker") || !a.tracker) return null;
  const states = a.tracker; // Cribbage's names only the cards seen: the rest are unseen
  const words = kind.words;
  const counts = {};
  for (const suit of SUITS) {
    for (const rank of RANKS) {
      const state = states[rank + suit] || "unseen";
      counts[state] = (counts[state] || 0) + 1;
    }
  }
  const cell = (card) => {
    const state = states[card] || "unseen";
    return h("span", {
      class: `tc ${state} suit-${card[1]}`, role: "listitem", dataset: { card, state }, title: `${cardText(card)}: ${words[state]}`,
      "aria-label": `${cardText(card)}, ${words[state]}`,
    }, card[0] === "T" ? "10" : card[0]);
  };
  // A row a suit, the suit's mark first: each cell shows only its rank.
  const row = (suit) => [h("span", { class: `tc-suit suit-${suit}`, "aria-hidden": "true" }, cardText(`A${suit}`).slice(1)),
    ...RANKS.split("").map((rank) => cell(rank + suit))];
  const legend = Object.keys(words)
    .filter((s) => counts[s] || kind.always.includes(s))
    .map((s) => h("li", { dataset: { state: s } }, h("i", { class: `tc-key ${s}`, "aria-hidden": "true" }), `${words[s]} ${counts[s] || 0}`));
  return h("section", { class: "panel tracker", id: "tracker", "aria-label": "Card tracker" },
    h("h2", {}, "Card tracker"),
    h("div", { class: "tracker-grid", role: "list" }, ...SUITS.split("").flatMap(row)),
    h("ul", { class: "tracker-legend" }, ...legend));
}

function checkbox(id, label, on, change) {
  const box = h("input", { type: "checkbox", id, checked: on, onchange: (e) => change(e.target.checked) });
  return h("label", { class: "switch", for: id }, box, h("span", {}, label));
}

/** The table's settings: the pace of the computer's moves, sounds, the learning aids (the
 * game's own list of [name, label] and its switches, kept under the game's name). */
export function settingsPanel(table, aidList, game) {
  // The pace is the computer's: a table of two people has none to set.
  const v = table.view;
  const computer = !v || v.players.some((p, seat) => seat !== v.seat && p.kind === "computer");
  const pace = h("select", {
    id: "pace",
    "aria-label": "Pace of the computer's moves",
    onchange: (e) => {
      prefs.pace = e.target.value;
    },
  }, ...[["instant", "Instant"], ["normal", "Normal"], ["slow", "Slow"]].map(([value, label]) => h("option", { value, selected: prefs.pace === value }, label)));
  return h("section", { class: "panel table-settings", id: "table-settings" },
    h("h2", {}, "Table settings"),
    computer ? h("label", { class: "setting-row", for: "pace" }, h("span", {}, "Computer's pace"), pace) : null,
    checkbox("sounds", "Sounds", prefs.sounds, (on) => {
      prefs.sounds = on;
    }),
    h("fieldset", { class: "aids" }, h("legend", {}, "Learning aids"),
      ...aidList.map(([name, label]) => checkbox(`aid-${name}`, label, prefs.aid(game, name), (on) => {
        prefs.setAid(game, name, on);
        if (table.aidsChanged) table.aidsChanged(); // the server makes them only when asked
        table.render();
        const again = document.getElementById(`aid-${name}`); // the side was drawn anew
        if (again) again.focus();
      }))));
}
