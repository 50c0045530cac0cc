// The Cribbage felt: the opponent (card backs, a go said), the board, the deck with the
// starter, the crib (face down; your two cards named beside it), the status with what just
// happened, and the hint. The play (the count) is in cribbage-lane.js, your hand in
// cribbage-hand.js. Each function draws from
// a CribbageView (`table`): the view the server sent and what the player picked.

import { cardElement, cardName, cardText, withSymbols } from "/static/js/cards.js";
import { fill, h } from "/static/js/dialogs.js";
import { drawHintBubble } from "/static/js/hint-bubble.js";
import { boardSVG } from "./cribbage-board.js";
import { drawCribbageHand } from "./cribbage-hand.js";
import { drawLane } from "./cribbage-lane.js";
import { eventText, who, whose } from "./cribbage-words.js";

/** The parts of the felt, made once per table. */
function shell(table) {
  const parts = {
    felt: h("section", { class: "felt crib-felt", "aria-label": "Cribbage table" }),
    side: h("aside", { class: "side", "aria-label": "Scores and match details" }),
    oppArea: h("div", { class: "opponent-area crib-opponent" }),
    boardArea: h("div", { class: "board-area", id: "board" }),
    piles: h("div", { class: "crib-piles" }),
    lane: h("div", { class: "play-lane", id: "play-lane" }),
    statusBox: h("div", { class: "status", id: "status", role: "status", "aria-live": "polite" }),
    hintArea: h("div", { class: "hint-area" }),
    myArea: h("div", { class: "my-area" }),
  };
  parts.layoutRoot = h("div", { class: "table-layout match cribbage" }, parts.felt, parts.side);
  parts.felt.append(parts.oppArea, parts.boardArea,
    h("div", { class: "centre crib-centre" }, parts.piles, parts.lane,
      h("div", { class: "centre-side" }, parts.statusBox, parts.hintArea)),
    parts.myArea);
  table.root.replaceChildren(parts.layoutRoot);
  return parts;
}

export function drawCribbageFelt(table) {
  if (!table.felt) table.felt = shell(table);
  const v = table.view;
  const layout = table.felt.layoutRoot;
  layout.classList.toggle("my-turn", table.myTurn);
  layout.dataset.phase = v.status === "finished" ? "over" : v.phase;
  drawOpponent(table);
  drawBoard(table);
  drawPiles(table);
  drawLane(table);
  const main = (table.statusText && table.statusText()) || statusText(table);
  // While a hint is shown it takes the ticker's room (what happened is in the side panel too).
  fill(table.felt.statusBox, h("p", { class: "status-main" }, main), table.hint ? null : ticker(table));
  drawHint(table);
  drawCribbageHand(table, table.felt.myArea);
}

function goBadge(said) {
  return said ? h("span", { class: "chip go-said" }, "Go") : null;
}

function drawOpponent(table) {
  const v = table.view;
  const them = 1 - v.seat;
  const player = v.players[them];
  const here = table.online[them];
  const level = player.level && player.level.toLowerCase() !== player.name.toLowerCase() ? player.level : "computer";
  const tag = h("div", { class: "player-tag" },
    h("span", { class: `avatar ${player.kind}`, "aria-hidden": "true" }, player.name.slice(0, 1).toUpperCase()),
    h("span", { class: "player-name" }, player.name),
    player.kind === "computer" ? h("span", { class: "chip" }, level) : null,
    player.kind === "human" ? h("span", { class: `presence ${here ? "on" : "off"}` }, here ? "at the table" : "away") : null,
    v.dealer === them ? h("span", { class: "chip dealer", title: "Dealer: the crib is theirs" }, "Dealer") : null,
    h("span", { class: "count", id: "opponent-count" }, `${v.opponent_cards} card${v.opponent_cards === 1 ? "" : "s"}`),
    goBadge(v.phase === "play" && v.said_go[them]),
    v.to_act === them && v.status === "active" ? h("span", { class: "thinking", "aria-label": "to play" }, h("i"), h("i"), h("i")) : null);
  const backs = h("div", { class: "opp-hand", "aria-label": `${player.name} holds ${v.opponent_cards} cards` },
    ...Array.from({ length: v.opponent_cards }, () => cardElement(null, { classes: ["opp"] })));
  fill(table.felt.oppArea, tag, backs);
}

function drawBoard(table) {
  const v = table.view;
  const me = v.seat;
  const names = table.names;
  const row = (s) => {
    const moved = v.board.pegs[s] - v.board.back_pegs[s];
    return h("span", { class: `board-who ${s === me ? "mine" : "theirs"}` },
      h("i", { class: "peg-dot", "aria-hidden": "true" }),
      h("span", { class: "board-name" }, s === me ? "You" : names[s]),
      h("strong", { class: "board-points", id: s === me ? "board-mine" : "board-theirs" }, String(v.board.pegs[s])),
      moved > 0 ? h("span", { class: "board-moved" }, `+${moved}`) : null);
  };
  const lines = [];
  if (v.board.skunk_line !== null) lines.push(h("span", { class: "board-key skunk" }, `skunk line ${v.board.skunk_line}`));
  if (v.board.double_skunk_line !== null) {
    lines.push(h("span", { class: "board-key double-skunk" }, `double skunk ${v.board.double_skunk_line}`));
  }
  fill(table.felt.boardArea,
    h("div", { class: "board-legend" }, row(me), row(1 - me),
      h("span", { class: "board-target" }, `to ${v.board.target}`), ...lines,
      table.mode === "match" ? h("span", { class: "board-games", id: "game-points" },
        `game points ${v.game_points[me]}–${v.game_points[1 - me]}`) : null),
    boardSVG(v, names));
}

function drawPiles(table) {
  const v = table.view;
  const me = v.seat;
  const deck = h("div", { class: "crib-pile deck", id: "starter" },
    h("div", { class: "stack" },
      cardElement(null, { classes: ["pile-card"] }),
      cardElement(null, { classes: ["pile-card"] }),
      v.starter
        ? cardElement(v.starter, { classes: ["pile-card", "starter"], label: `Starter: ${cardName(v.starter)}` })
        : null),
    h("span", { class: "pile-label" }, v.starter ? "Starter" : "Deck"));
  const inCrib = v.laid_away.length + (v.opponent_laid_away ? 2 : 0);
  const crib = h("div", { class: "crib-pile crib", id: "crib", "aria-label": `${whose(v.dealer, me, table.names)} crib: ${inCrib} cards face down` },
    h("div", { class: "stack" }, inCrib
      ? Array.from({ length: inCrib }, () => cardElement(null, { classes: ["pile-card"] }))
      : h("div", { class: "empty-slot" })),
    h("span", { class: "pile-label" }, v.dealer === me ? "Your crib" : `${table.names[v.dealer]}'s crib`),
    v.laid_away.length
      ? h("span", { class: "crib-mine", id: "my-crib-cards" }, `yours: ${v.laid_away.map(cardText).join(" ")}`)
      : null);
  fill(table.felt.piles, deck, crib);
}

function cribOwner(table) {
  const v = table.view;
  return v.dealer === v.seat ? "your crib" : `${table.names[v.dealer]}'s crib`;
}

function statusText(table) {
  const v = table.view;
  const them = table.names[1 - v.seat];
  if (v.status === "finished") return "The match is over.";
  const computer = v.players[1 - v.seat].kind === "computer";
  const waiting = computer ? `${them} is playing…` : `Waiting for ${them}…`;
  if (v.phase === "discard") {
    if (!table.myTurn) {
      return v.laid_away.length ? `Your two cards are in the crib. ${waiting}` : `Waiting for ${them} to lay away…`;
    }
    const picked = table.selected;
    if (picked.length < 2) {
      return `Lay away two cards to ${cribOwner(table)}: pick ${picked.length ? "one more" : "two"}.`;
    }
    return `Lay away ${picked.map(cardText).join(" ")} to ${cribOwner(table)}? Press Lay away.`;
  }
  if (v.phase === "play") {
    if (!table.myTurn) return waiting;
    if (table.legal("go")) return `No card keeps the count at 31 or less (it is ${v.count}): say go.`;
    return `Your turn: play a card. The count is ${v.count}.`;
  }
  if (v.phase === "count") {
    return table.myTurn ? `Count ${whose(v.counting.seat, v.seat, table.names)} ${v.counting.kind}: how many points?` : `${them} is counting…`;
  }
  if (v.phase === "answer") {
    return table.myTurn ? `${them} states ${v.counting.stated}: muggins or accept?` : `Waiting for ${them} to answer your count…`;
  }
  return "The hand is over.";
}

/** What just happened: the opponent's moves since your last, at most three. */
function ticker(table) {
  const v = table.view;
  const events = v.events;
  if (!events.length) {
    const dealer = v.dealer === v.seat ? "You deal" : `${table.names[v.dealer]} deals`;
    return h("p", { class: "ticker", id: "ticker" }, `Game ${v.game_number}, hand ${v.hand_number}: ${dealer}.`);
  }
  let from = events.length - 1;
  while (from > 0 && events[from - 1].seat !== v.seat) from -= 1;
  const theirs = events.slice(Math.max(from, events.length - 3)).filter((e) => e.seat !== v.seat);
  const shown = theirs.length ? theirs : events.slice(-1);
  return h("div", { class: "ticker", id: "ticker" },
    ...shown.map((e) => h("p", { class: "ticker-line" }, eventText(e, v.seat, table.names))));
}

function drawHint(table) {
  drawHintBubble(table, () => "Suggestion", (hint, apply) => [
    h("div", { class: "hint-body" }, h("p", {}, withSymbols(hint.text || hint.action)), apply),
  ]);
}
