// Learning aids, each off until the player turns it on (remembered in store.js): the card
// tracker (every card: yours, thrown by whom, taken by the opponent, unseen), the expert's
// chance that throwing a card feeds the opponent, and the knock advisor's undercut risk.
// The server works them all out from this seat's own view (the view's `aids`); this only
// shows them. The table's settings (pace, sounds) and the aids' switches are here too.

import { RANKS, SUITS, cardText } from "./cards.js";
import { h } from "./dialogs.js";
import { prefs } from "./store.js";

export const AIDS = [
  ["tracker", "Card tracker"],
  ["feed", "Chance a discard feeds the opponent"],
  ["knock", "Knock advisor"],
];

const TRACKER_WORDS = {
  mine: "yours",
  my_discard: "discarded by you",
  their_discard: "discarded by the opponent",
  upcard: "the upcard",
  their_taken: "taken by the opponent",
  their_shown: "in the opponent's shown hand",
  unseen: "unseen",
};

const percent = (p) => `${Math.round(p * 100)}%`;

function aids(table) {
  return table.view && table.view.aids ? table.view.aids : null;
}

function feedOf(table, card) {
  const a = aids(table);
  if (!a || !prefs.aid("feed") || !a.feed) return undefined;
  return a.feed[card];
}

/** The feed estimate on a card of the hand (null when the aid is off). */
export function feedBadge(table, card) {
  const p = feedOf(table, card);
  if (p === undefined) return null;
  const level = p >= 0.5 ? "high" : p >= 0.25 ? "mid" : "low";
  return h("span", { class: `feed-badge ${level}`, "aria-hidden": "true", title: `${percent(p)} chance it feeds the opponent` }, percent(p));
}

export function feedWords(table, card) {
  const p = feedOf(table, card);
  return p === undefined ? "" : `, ${percent(p)} chance it feeds the opponent`;
}

/** "Knock with 8 (throw the 9♠): undercut risk 32%", when a knock is legal and the aid on. */
export function knockAdvice(table) {
  const a = aids(table);
  if (!a || !prefs.aid("knock") || !table.myTurn || !table.view.can_knock || !a.knock_advice.length) return null;
  const [best, ...others] = a.knock_advice;
  const more = others.slice(0, 2).map((k) => `with ${k.deadwood} (${cardText(k.card)}): ${percent(k.undercut_risk)}`);
  return h("p", { class: "knock-advice", id: "knock-advice", role: "note" },
    h("strong", {}, `Knock with ${best.deadwood}`), ` (throw the ${cardText(best.card)}): undercut risk `,
    h("strong", { class: "risk" }, percent(best.undercut_risk)),
    more.length ? h("span", { class: "knock-more" }, ` · ${more.join(" · ")}`) : null);
}

/** The 52 cards, a row a suit, each marked where it is as far as this seat knows. */
export function trackerPanel(table) {
  const a = aids(table);
  if (!a || !prefs.aid("tracker")) return null;
  const states = a.tracker;
  const counts = {};
  for (const state of Object.values(states)) counts[state] = (counts[state] || 0) + 1;
  const cell = (card) => {
    const state = states[card] || "unseen";
    return h("span", {
      class: `tc ${state} suit-${card[1]}`, role: "listitem", dataset: { card, state }, title: `${cardText(card)}: ${TRACKER_WORDS[state]}`,
      "aria-label": `${cardText(card)}, ${TRACKER_WORDS[state]}`,
    }, card[0] === "T" ? "10" : card[0]);
  };
  // A row a suit, the suit's mark first: each cell shows only its rank.
  const row = (suit) => [h("span", { class: `tc-suit suit-${suit}`, "aria-hidden": "true" }, cardText(`A${suit}`).slice(1)),
    ...RANKS.split("").map((rank) => cell(rank + suit))];
  const legend = ["mine", "my_discard", "their_discard", "their_taken", "unseen", "upcard", "their_shown"]
    .filter((s) => counts[s] || ["mine", "unseen"].includes(s))
    .map((s) => h("li", {}, h("i", { class: `tc-key ${s}`, "aria-hidden": "true" }), `${TRACKER_WORDS[s]} ${counts[s] || 0}`));
  return h("section", { class: "panel tracker", id: "tracker", "aria-label": "Card tracker" },
    h("h2", {}, "Card tracker"),
    h("div", { class: "tracker-grid", role: "list" }, ...SUITS.split("").flatMap(row)),
    h("ul", { class: "tracker-legend" }, ...legend));
}

/** The stock's warning: few cards left before the wall (the server counts them). */
export function stockWarning(table) {
  const a = aids(table);
  if (!a || !a.stock_warning) return null;
  const left = a.stock_left;
  return h("p", { class: "stock-warning", id: "stock-warning" },
    left === 0 ? "The stock is at the wall: a plain discard now ends the hand dead."
      : `Stock nearly gone: ${left} card${left === 1 ? "" : "s"} before the wall.`);
}

function checkbox(id, label, on, change) {
  const box = h("input", { type: "checkbox", id, checked: on, onchange: (e) => change(e.target.checked) });
  return h("label", { class: "switch", for: id }, box, h("span", {}, label));
}

/** The table's settings: the pace of the computer's moves, sounds, the learning aids. */
export function settingsPanel(table) {
  const pace = h("select", {
    id: "pace",
    "aria-label": "Pace of the computer's moves",
    onchange: (e) => {
      prefs.pace = e.target.value;
    },
  }, ...[["instant", "Instant"], ["normal", "Normal"], ["slow", "Slow"]].map(([value, label]) => h("option", { value, selected: prefs.pace === value }, label)));
  return h("section", { class: "panel table-settings", id: "table-settings" },
    h("h2", {}, "Table settings"),
    h("label", { class: "setting-row", for: "pace" }, h("span", {}, "Computer's pace"), pace),
    checkbox("sounds", "Sounds", prefs.sounds, (on) => {
      prefs.sounds = on;
    }),
    h("fieldset", { class: "aids" }, h("legend", {}, "Learning aids"),
      ...AIDS.map(([name, label]) => checkbox(`aid-${name}`, label, prefs.aid(name), (on) => {
        prefs.setAid(name, on);
        table.render();
        const again = document.getElementById(`aid-${name}`); // the side was drawn anew
        if (again) again.focus();
      }))));
}
