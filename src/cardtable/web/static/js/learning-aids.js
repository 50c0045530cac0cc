// Learning aids, each off until the player turns it on (remembered in store.js, each game's
// switches apart). Gin: the
// card tracker (every card: yours, thrown by whom, taken by the opponent, unseen), the
// expert's chance that throwing a card feeds the opponent, and the knock advisor's undercut
// risk. Cribbage: the card tracker (yours, laid away, played by whom, the starter, shown,
// unseen), the expert's best lay-aways with their expected points, and on each playable card
// the chance the opponent pegs on it. The server works them all out from this seat's own
// view (the view's `aids`, made only while one of them is on); this only shows them. The table's settings (pace, sounds) and
// the aids' switches are here too, each game naming its own aids.

import { RANKS, SUITS, cardText } from "./cards.js";
import { h } from "./dialogs.js";
import { prefs } from "./store.js";

export const AIDS = [
  ["tracker", "Card tracker"],
  ["feed", "Chance a discard feeds the opponent"],
  ["knock", "Knock advisor"],
];

export const CRIBBAGE_AIDS = [
  ["tracker", "Card tracker"],
  ["layaway", "Lay-away advisor"],
  ["risk", "Chance the opponent pegs on a card"],
];

// Each game's tracker: the words for each state the server names, in the legend's order,
// and the states the legend lists even when no card is in them.
export const GIN_TRACKER = {
  game: "gin",
  words: {
    mine: "yours",
    my_discard: "discarded by you",
    their_discard: "discarded by the opponent",
    their_taken: "taken by the opponent",
    unseen: "unseen",
    upcard: "the upcard",
    their_shown: "in the opponent's shown hand",
  },
  always: ["mine", "unseen"],
};

export const CRIBBAGE_TRACKER = {
  game: "cribbage",
  words: {
    mine: "yours",
    my_crib: "laid away by you",
    my_play: "played by you",
    their_play: "played by the opponent",
    starter: "the starter",
    their_shown: "shown by the opponent",
    unseen: "unseen",
  },
  always: ["mine", "unseen"],
};

const percent = (p) => `${Math.round(p * 100)}%`;

function aids(table) {
  return table.view && table.view.aids ? table.view.aids : null;
}

function feedOf(table, card) {
  const a = aids(table);
  if (!a || !prefs.aid("gin", "feed") || !a.feed) return undefined;
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
  if (!a || !prefs.aid("gin", "knock") || !table.myTurn || !table.view.can_knock || !a.knock_advice || !a.knock_advice.length) return null;
  const [best, ...others] = a.knock_advice;
  const more = others.slice(0, 2).map((k) => `with ${k.deadwood} (${cardText(k.card)}): ${percent(k.undercut_risk)}`);
  return h("p", { class: "knock-advice", id: "knock-advice", role: "note" },
    h("strong", {}, `Knock with ${best.deadwood}`), ` (throw the ${cardText(best.card)}): undercut risk `,
    h("strong", { class: "risk" }, percent(best.undercut_risk)),
    more.length ? h("span", { class: "knock-more" }, ` · ${more.join(" · ")}`) : null);
}

/** The 52 cards, a row a suit, each marked where it is as far as this seat knows, in the
 * words of the game's `kind` (GIN_TRACKER, CRIBBAGE_TRACKER). */
export function trackerPanel(table, kind = GIN_TRACKER) {
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

/** "Lay away 5♥ 5♣: hand 8.2 + crib 5.1 expected", and the next best, while this seat
 * holds its six cards and the aid is on (the expert's figures, from the server). */
export function layAwayAdvice(table) {
  const a = aids(table);
  if (!a || !prefs.aid("cribbage", "layaway") || !a.lay_away || !a.lay_away.length) return null;
  const [best, ...others] = a.lay_away;
  const sign = best.own_crib ? "+" : "−";
  const cards = (o) => o.cards.map(cardText).join(" ");
  const figures = (o) => `hand ${o.hand.toFixed(1)} ${sign} crib ${o.crib.toFixed(1)}`;
  // Beside the cards, as gin's knock advice is, so that a phone shows it without scrolling.
  return h("div", {
    class: "lay-away-advice", id: "lay-away-advice", role: "note", "aria-label": "Lay-away advisor",
    title: best.own_crib ? "Your crib: what the two cards add to it counts for you."
      : "Their crib: what the two cards give it counts against you.",
  },
  h("p", { class: "advice-best" }, h("strong", {}, `Lay away ${cards(best)}`), `: ${figures(best)} expected`),
  others.length ? h("ul", { class: "advice-more" }, ...others.map((o) => h("li", {}, `${cards(o)}: ${figures(o)}`))) : null);
}

function riskOf(table, card) {
  const a = aids(table);
  if (!a || !prefs.aid("cribbage", "risk") || !a.play_risk || !table.myTurn) return undefined;
  return a.play_risk[card];
}

/** On a card this seat may play: the chance the opponent pegs on it at once and, below, the
 * points expected so (null when the aid is off or the card is not playable now). Narrow, so
 * that it shows on the strip of a card the next one overlaps. */
export function riskBadge(table, card) {
  const r = riskOf(table, card);
  if (r === undefined) return null;
  const level = r.points >= 1.5 ? "high" : r.points >= 0.5 ? "mid" : "low";
  return h("span", {
    class: `risk-badge ${level}`, "aria-hidden": "true",
    title: `${percent(r.chance)} chance the opponent pegs on it, ${r.points.toFixed(1)} points expected`,
  }, h("b", {}, percent(r.chance)), h("small", {}, r.points.toFixed(1)));
}

/** The same in words, for the card's label. */
export function riskWords(table, card) {
  const r = riskOf(table, card);
  return r === undefined ? "" : `, ${percent(r.chance)} chance the opponent pegs on it`;
}

/** The table's settings: the pace of the computer's moves, sounds, the learning aids (the
 * game's own list and switches: AIDS for gin, CRIBBAGE_AIDS for "cribbage"). */
export function settingsPanel(table, aidList = AIDS, game = "gin") {
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
