// Your side of the Cribbage felt: your tag, your cards and the buttons. Laying away: tap two
// cards (they rise), then Lay away. The play: tap a card to play it; a card the server does
// not list as playable (it would pass 31) is dimmed. Go is offered only when the server lists
// it; Hint asks the expert. The cards are in the order the player chose (by rank,
// by suit, or dragged: cribbage-order.js); each card's state is the server's, whatever its
// place.

import { cardElement, cardName, cardText } from "/static/js/cards.js";
import { fill, h } from "/static/js/dialogs.js";
import { layAwayAdvice, riskBadge, riskWords } from "./cribbage-aids.js";
import { enableDrag, orderButtons } from "/static/js/hand-order.js";
import { shownHand } from "./cribbage-order.js";

function kbd(key) {
  return h("kbd", { "aria-hidden": "true" }, key);
}

function button(label, key, onClick, enabled, id, cls = "") {
  return h("button", {
    type: "button", class: `btn ${cls}`, id, disabled: !enabled, "aria-keyshortcuts": key, onclick: onClick,
  }, label, kbd(key));
}

function hintedCards(table) {
  if (!table.hint) return [];
  const [kind, ...cards] = table.hint.action.split(" ");
  return kind === "discard" || kind === "play" ? cards : [];
}

function cardMaker(table) {
  const v = table.view;
  const playing = v.phase === "play" && table.myTurn;
  const laying = v.phase === "discard" && table.myTurn;
  const hinted = hintedCards(table);
  return (card) => {
    const classes = [];
    const picked = table.selected.includes(card);
    const playable = playing && table.legal(`play ${card}`);
    if (picked) classes.push("selected");
    if (playable) classes.push("playable");
    if (playing && !playable) classes.push("too-high");
    if (hinted.includes(card)) classes.push("suggested");
    let label = cardName(card);
    if (playable) label += ": play it";
    else if (playing) label += ": it would pass 31";
    else if (laying) label += picked ? ": picked for the crib" : ": pick it for the crib";
    label += riskWords(table, card); // the learning aid, when on (learning-aids.js)
    const node = cardElement(card, { classes, onClick: () => table.pick(card), label });
    node.setAttribute("aria-pressed", String(picked));
    const badge = riskBadge(table, card);
    if (badge) node.append(badge);
    return node;
  };
}

function actionBar(table) {
  const v = table.view;
  const bar = h("div", { class: "actions", role: "toolbar", "aria-label": "Actions" });
  if (v.phase === "discard" && v.status === "active") {
    const ready = table.myTurn && Boolean(table.discardAction());
    const label = table.selected.length === 2
      ? `Lay away ${table.selected.map(cardText).join(" ")}` : "Lay away";
    bar.append(button(label, "L", () => table.layAway(), ready, "lay-away", "primary"));
  }
  if (table.myTurn && table.legal("go")) {
    bar.append(button("Go", "G", () => table.go(), true, "go", "knock"));
  }
  if (v.status === "active") bar.append(button("Hint", "H", () => table.askHint(), table.canHint, "hint-button", "hint"));
  return bar;
}

/** Draw your tag, hand and buttons into `area`. */
export function drawCribbageHand(table, area) {
  const v = table.view;
  const you = v.players[v.seat];
  const playing = v.phase === "play" && table.myTurn;
  const hand = h("div", {
    class: `hand crib-hand ${playing ? "playing" : ""} ${v.phase === "discard" && table.myTurn ? "laying" : ""}`,
    id: "hand", role: "group", "aria-label": `Your hand, ${v.hand.length} cards`,
  }, h("div", { class: "group-cards" }, ...shownHand(table).map(cardMaker(table))));
  enableDrag(table, hand); // a drag reorders the cards; it never picks or plays one
  const said = v.phase === "play" && v.said_go[v.seat];
  fill(area,
    h("div", { class: "player-tag me" },
      h("span", { class: "avatar human", "aria-hidden": "true" }, (you.name || "Y").slice(0, 1).toUpperCase()),
      h("span", { class: "player-name" }, you.name || "You"),
      v.dealer === v.seat ? h("span", { class: "chip dealer", title: "You deal: the crib is yours" }, "Dealer") : null,
      said ? h("span", { class: "chip go-said" }, "Go") : null,
      v.hand.length > 1 ? orderButtons(table) : null),
    v.hand.length ? hand : h("p", { class: "hand-empty muted", id: "hand" }, "Your cards are all played."),
    layAwayAdvice(table),
    actionBar(table));
}
