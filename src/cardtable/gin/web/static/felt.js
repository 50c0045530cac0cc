// The felt, drawn the same for a match and the lesson: the opponent (face-down cards, the
// ones known, their whole hand once the hand is over), the stock and the discard pile, the
// status line with the latest moves, and the hint bubble. Your hand is in my-hand.js.
// Each function draws from a TableBase (`table`): its view and what the player picked.

import { cardElement, cardName, cardText, sortByRank, withSymbols } from "/static/js/cards.js";
import { fill, h } from "/static/js/dialogs.js";
import { drawHintBubble } from "/static/js/hint-bubble.js";
import { drawMine } from "./my-hand.js";
import { stockWarning } from "./gin-aids.js";

// How long the opponent's throw takes to slide onto the pile (the CSS animation `arrive`).
const ARRIVAL_MS = 450;

const KIND_WORDS = {
  pass: (who) => `${who} passed the upcard`,
  draw: (who, card) => (card ? `${who} drew the ${cardText(card)}` : `${who} drew from the stock`),
  take: (who, card) => `${who} took the ${cardText(card)}`,
  discard: (who, card) => `${who} discarded the ${cardText(card)}`,
  knock: (who) => `${who} knocked`,
  gin: (who) => `${who} went gin`,
  big_gin: (who) => `${who} went big gin`,
};

/** "Bo drew from the stock": an event in words, as the ticker says it. */
export function moveWords(table, event) {
  const who = event.seat === table.view.seat ? "You" : table.names[event.seat];
  return KIND_WORDS[event.kind](who, event.card);
}

/** The parts of the page, made once per table: the felt's areas and the side panel. */
function shell(table) {
  const parts = {
    felt: h("section", { class: "felt", "aria-label": "Card table" }),
    side: h("aside", { class: "side", "aria-label": table.mode === "lesson" ? "The lesson" : "Scores and match details" }),
    oppArea: h("div", { class: "opponent-area" }),
    piles: h("div", { class: "piles" }),
    statusBox: h("div", { class: "status", id: "status", role: "status", "aria-live": "polite" }),
    hintArea: h("div", { class: "hint-area" }),
    myArea: h("div", { class: "my-area" }),
  };
  parts.layoutRoot = h("div", { class: `table-layout ${table.mode}` }, parts.felt, parts.side);
  parts.felt.append(parts.oppArea,
    h("div", { class: "centre" }, parts.piles, h("div", { class: "centre-side" }, parts.statusBox, parts.hintArea)),
    parts.myArea);
  table.root.replaceChildren(parts.layoutRoot);
  return parts;
}

/** Draw the whole felt of `table` (the side panel is the table's own). */
export function drawFelt(table) {
  if (!table.felt) table.felt = shell(table);
  table.felt.layoutRoot.classList.toggle("my-turn", table.myTurn);
  drawOpponent(table);
  drawPiles(table);
  // A lesson says what its step asks (naming a meld, reading on) where a match says whose turn.
  const main = (table.statusText && table.statusText()) || statusText(table);
  fill(table.felt.statusBox, h("p", { class: "status-main" }, main), ticker(table), stockWarning(table));
  drawHint(table);
  drawMine(table, table.felt.myArea);
}

function opponentTag(table, them) {
  const player = table.view.players[them];
  const obs = table.obs;
  const level = player.level && player.level.toLowerCase() !== player.name.toLowerCase() ? player.level : "computer";
  const here = table.online[them];
  return h("div", { class: "player-tag" },
    h("span", { class: `avatar ${player.kind}`, "aria-hidden": "true" }, player.name.slice(0, 1).toUpperCase()),
    h("span", { class: "player-name" }, player.name),
    player.kind === "computer" ? h("span", { class: "chip" }, level) : null,
    table.mode === "match" && player.kind === "human"
      ? h("span", { class: `presence ${here ? "on" : "off"}` }, here ? "at the table" : "away") : null,
    table.view.dealer === them ? h("span", { class: "chip dealer", title: "Dealer" }, "Dealer") : null,
    h("span", { class: "count", id: "opponent-count" }, `${obs.opponent_card_count} cards`),
    obs.to_act === them ? h("span", { class: "thinking", "aria-label": "to play" }, h("i"), h("i"), h("i")) : null);
}

function drawOpponent(table) {
  const them = 1 - table.view.seat;
  const name = table.view.players[them].name;
  const obs = table.obs;
  const known = obs.opponent_known;
  const shown = obs.opponent_hand; // only once the hand is over
  const backs = Math.max(0, obs.opponent_card_count - known.length);
  const knownText = known.length ? `, known: ${known.map(cardText).join(" ")}` : "";
  const fan = shown
    ? h("div", { class: "opp-hand", "aria-label": `${name}'s hand: ${shown.map(cardText).join(" ")}` },
      ...sortByRank(shown).map((c) => cardElement(c, { classes: ["opp", "open"] })))
    : h("div", { class: "opp-hand", "aria-label": `${name} holds ${obs.opponent_card_count} cards${knownText}` },
      ...Array.from({ length: backs }, () => cardElement(null, { classes: ["opp"] })),
      ...known.map((c) => cardElement(c, { classes: ["opp", "known"], label: `${cardName(c)}, known to be in ${name}'s hand` })));
  const note = known.length && !shown
    ? h("p", { class: "known-note" }, `Known in ${name}'s hand: ${sortByRank(known).map(cardText).join(" ")}`)
    : h("p", { class: "known-note empty" }, "");
  fill(table.felt.oppArea, opponentTag(table, them), fan, note);
}

function stockPile(table) {
  const obs = table.obs;
  const live = table.myTurn && table.legal("draw");
  const suggested = table.hint && table.hint.action === "draw";
  const stack = h("div", { class: "stack" },
    ...Array.from({ length: Math.min(4, Math.ceil(obs.stock_count / 8)) }, () => cardElement(null, { classes: ["pile-card"] })));
  const stock = h(live ? "button" : "div", {
    class: `pile stock ${live ? "live" : ""} ${suggested ? "suggested" : ""}`,
    id: "stock",
    type: live ? "button" : null,
    "aria-label": `Stock: ${obs.stock_count} cards${live ? ". Draw from it (S)" : ""}`,
  }, obs.stock_count ? stack : h("div", { class: "empty-slot" }),
  h("span", { class: "pile-count" }, String(obs.stock_count)),
  h("span", { class: "pile-label" }, "Stock"));
  if (live) stock.addEventListener("click", () => table.draw());
  return stock;
}

/** The classes of the top discard: the opponent's throw slides in once, when it first
 * arrives; a render during the slide continues it where it was (returns the time slid). */
function arrival(table, top) {
  const obs = table.obs;
  const last = obs.events.length ? obs.events[obs.events.length - 1] : null;
  const theirs = last && last.seat !== table.view.seat && last.kind === "discard" && last.card === top;
  const key = `${table.matchId}:${table.view.hand_number}:${obs.events.length}`;
  if (table.arrival !== key) {
    table.arrival = key;
    table.arrivedAt = performance.now();
  }
  const sliding = performance.now() - table.arrivedAt;
  const classes = ["pile-card", "top"];
  if (theirs) classes.push("theirs");
  if (theirs && sliding < ARRIVAL_MS) classes.push("arriving");
  return { classes, sliding };
}

function discardPile(table) {
  const obs = table.obs;
  const live = table.myTurn && table.legal("take");
  const suggested = table.hint && table.hint.action === "take";
  const pile = obs.discard_pile;
  const top = pile.length ? pile[pile.length - 1] : null;
  const { classes, sliding } = arrival(table, top);
  const discard = h(live ? "button" : "div", {
    class: `pile discard ${live ? "live" : ""} ${suggested ? "suggested" : ""}`,
    id: "discard-pile",
    type: live ? "button" : null,
    "aria-label": top ? `Discard pile: ${cardName(top)} on top${live ? ". Take it (T)" : ""}` : "Discard pile: empty",
  }, h("div", { class: "stack fanned" },
    ...pile.slice(-3, -1).map((c) => cardElement(c, { classes: ["pile-card", "under"] })),
    top ? cardElement(top, { classes }) : h("div", { class: "empty-slot" })),
  h("span", { class: "pile-label" }, obs.phase === "offer" ? "Upcard" : "Discards"));
  if (live) discard.addEventListener("click", () => table.take());
  const slide = discard.querySelector(".arriving");
  if (slide) slide.style.animationDelay = `-${Math.round(sliding)}ms`;
  return discard;
}

function drawPiles(table) {
  fill(table.felt.piles, stockPile(table), discardPile(table));
}

function turnText(table) {
  const v = table.view;
  const obs = table.obs;
  const top = obs.discard_pile.length ? cardText(obs.discard_pile[obs.discard_pile.length - 1]) : "";
  if (obs.phase === "offer") return `Your turn: take the ${top} or pass.`;
  if (obs.phase === "draw") {
    return obs.stock_only ? "Both passed the upcard: draw from the stock." : `Your turn: draw from the stock or take the ${top}.`;
  }
  const picked = table.selected;
  if (picked) {
    const left = v.discard_deadwood ? v.discard_deadwood[picked] : undefined;
    if (obs.taken === picked) return `You just took the ${cardText(picked)}: pick another card to throw.`;
    return `Throw the ${cardText(picked)}${left === undefined ? "" : ` (deadwood ${left})`}? Tap it again or press Discard.`;
  }
  const extra = v.can_gin ? ", or go gin!" : v.can_knock ? ", or knock" : "";
  return `Pick a card to discard${extra}.`;
}

function statusText(table) {
  const v = table.view;
  const them = table.names[1 - v.seat];
  if (v.status === "finished") return "The match is over.";
  if (table.obs.phase === "over") return "The hand is over.";
  if (table.myTurn) return turnText(table);
  return v.players[1 - v.seat].kind === "computer" ? `${them} is playing…` : `Waiting for ${them}…`;
}

/** The latest moves: the opponent's since your last, at most three. */
function ticker(table) {
  const v = table.view;
  const events = table.obs.events;
  if (!events.length) {
    const dealer = v.dealer === v.seat ? "You" : table.names[v.dealer];
    return h("p", { class: "ticker" }, `Hand ${v.hand_number || 1}: ${dealer} dealt.`);
  }
  let from = events.length - 1;
  while (from > 0 && events[from - 1].seat !== v.seat) from -= 1;
  const recent = events.slice(Math.max(from, events.length - 3)).filter((e) => e.seat !== v.seat);
  const shown = recent.length ? recent : events.slice(-1);
  return h("p", { class: "ticker" }, `${shown.map((e) => moveWords(table, e)).join(" · ")}.`);
}

function drawHint(table) {
  drawHintBubble(table, (hint) => `Suggestion: ${withSymbols(hint.label || hint.action)}`, (hint, apply) => [
    h("p", {}, withSymbols(hint.explanation)),
    hint.alternatives && hint.alternatives.length > 1
      ? h("details", { class: "hint-alts" }, h("summary", {}, "Other choices"),
        h("ul", {}, ...hint.alternatives.slice(0, 5).map((a) => h("li", {},
          h("strong", {}, withSymbols(a.action)), ` ${withSymbols(a.note)}`))))
      : null,
    h("div", { class: "hint-actions" }, apply),
  ]);
}
