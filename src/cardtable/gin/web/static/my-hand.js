// Your side of the felt: your cards in the groups the server arranged them in (its melds,
// with their kinds, and the deadwood) or in the order you chose (hand-order.js), the
// deadwood it counted, and the action buttons, each enabled only for an action the server
// lists as legal; with the learning aids on, the expert's chance that each card feeds the
// opponent and the knock advisor (learning-aids.js).

import { cardElement, cardName, cardText } from "/static/js/cards.js";
import { fill, h } from "/static/js/dialogs.js";
import { enableDrag, orderButtons, orderLabel, orderedHand } from "/static/js/hand-order.js";
import { feedBadge, feedWords, knockAdvice } from "./gin-aids.js";

function kbd(key) {
  return h("kbd", { "aria-hidden": "true" }, key);
}

/** The card just drawn or taken, during the discard that follows it. */
function freshCard(table, discardPhase) {
  const v = table.view;
  const last = [...table.obs.events].reverse().find((e) => e.seat === v.seat);
  return discardPhase && last && (last.kind === "draw" || last.kind === "take") ? last.card : null;
}

function cardMaker(table, discardPhase) {
  const v = table.view;
  const obs = table.obs;
  // A lesson's hint names its cards (a meld to pick); the expert's names one in its action.
  const hinted = table.hint ? table.hint.cards || [table.hint.action.split(" ")[1]] : [];
  const fresh = freshCard(table, discardPhase);
  const melded = new Set(v.arrangement.melds.flat());
  return (card) => {
    const classes = [];
    if (table.selected === card) classes.push("selected");
    if (table.picks.has(card)) classes.push("selected", "picked");
    if (obs.taken === card) classes.push("taken");
    if (fresh === card) classes.push("fresh");
    if (hinted.includes(card)) classes.push("suggested");
    if (melded.has(card)) classes.push("in-meld");
    const left = discardPhase && v.discard_deadwood ? v.discard_deadwood[card] : undefined;
    const node = cardElement(card, {
      classes,
      onClick: () => table.pick(card),
      label: `${cardName(card)}${left !== undefined ? `, discarding it leaves deadwood ${left}` : ""}${obs.taken === card ? ", just taken" : ""}${feedWords(table, card)}`,
    });
    node.setAttribute("aria-pressed", String(table.selected === card || table.picks.has(card)));
    const badge = feedBadge(table, card);
    if (badge) node.append(badge);
    return node;
  };
}

function handGroups(table, arrangement, cardNode) {
  const ordered = orderedHand(table);
  if (ordered) {
    return [h("div", { class: "group ordered" },
      h("span", { class: "group-label" }, orderLabel(table)),
      h("div", { class: "group-cards" }, ...ordered.map(cardNode)))];
  }
  const groups = arrangement.melds.map((meld, i) => h("div", { class: `group meld ${arrangement.kinds[i]}` },
    h("span", { class: "group-label" }, arrangement.kinds[i]),
    h("div", { class: "group-cards" }, ...meld.map(cardNode))));
  if (arrangement.unmatched.length) {
    groups.push(h("div", { class: "group deadwood" },
      h("span", { class: "group-label" }, "deadwood"),
      h("div", { class: "group-cards" }, ...arrangement.unmatched.map(cardNode))));
  }
  return groups;
}

function handInfo(table, discardPhase) {
  const v = table.view;
  const obs = table.obs;
  const deadwood = v.arrangement.deadwood;
  const lefts = discardPhase && v.discard_deadwood ? Object.values(v.discard_deadwood) : [];
  return h("div", { class: "hand-info" },
    h("span", { class: `deadwood-badge ${deadwood <= obs.threshold ? "low" : ""}`, id: "deadwood" },
      h("span", { class: "dw-label" }, "Deadwood"), h("strong", { id: "deadwood-value" }, String(deadwood))),
    lefts.length ? h("span", { class: "dw-after" }, `best discard → ${Math.min(...lefts)}`) : null,
    h("span", { class: "knock-limit" }, obs.threshold === 0 ? "gin only this hand" : `knock at ≤ ${obs.threshold}`),
    v.dealer === v.seat ? h("span", { class: "chip dealer" }, "You deal") : null);
}

function button(label, key, onClick, enabled, id, cls = "") {
  return h("button", {
    type: "button", class: `btn ${cls}`, id, disabled: !enabled, "aria-keyshortcuts": key, onclick: onClick,
  }, label, kbd(key));
}

function playButtons(table, discardPhase) {
  const obs = table.obs;
  const can = (text) => table.myTurn && table.legal(text);
  if (obs.phase === "offer") {
    const top = obs.discard_pile.length ? cardText(obs.discard_pile[obs.discard_pile.length - 1]) : "";
    return [button(`Take ${top}`, "T", () => table.take(), can("take"), "take", "primary"),
      button("Pass", "P", () => table.pass(), can("pass"), "pass")];
  }
  if (!discardPhase) {
    return [button("Draw", "S", () => table.draw(), can("draw"), "draw", "primary"),
      button("Take", "T", () => table.take(), can("take"), "take")];
  }
  const picked = table.selected;
  return [button(picked ? `Discard ${cardText(picked)}` : "Discard", "D", () => table.discard(),
    Boolean(picked) && table.legal(`discard ${picked}`), "discard", "primary")];
}

function actionBar(table, discardPhase) {
  const v = table.view;
  const actions = h("div", { class: "actions", role: "toolbar", "aria-label": "Actions" });
  const tools = table.selectionTools();
  if (tools) actions.append(tools);
  else {
    actions.append(...playButtons(table, discardPhase),
      button("Knock", "K", () => table.knock("knock"), table.myTurn && v.can_knock, "knock", "knock"),
      button("Gin", "G", () => table.knock("gin"), table.myTurn && v.can_gin, "gin", "gin"));
  }
  actions.append(button("Hint", "H", () => table.askHint(), table.myTurn, "hint-button", "hint"));
  return actions;
}

/** Tighten the overlap of the cards so that the longest group fits the width (phones). */
function fitHand(hand) {
  const first = hand.querySelector(".card");
  if (!first) return;
  const cw = first.getBoundingClientRect().width;
  const room = hand.clientWidth - 24;
  const longest = Math.max(...[...hand.querySelectorAll(".group-cards")].map((g) => g.children.length));
  const normal = window.matchMedia("(max-width: 860px)").matches ? 0.54 : 0.5;
  const fits = longest > 1 ? (room / cw - 1) / (longest - 1) : normal;
  hand.style.setProperty("--vis", String(Math.max(0.36, Math.min(normal, fits))));
}

/** Draw your tag, hand and buttons into `area`. */
export function drawMine(table, area) {
  const v = table.view;
  const discardPhase = table.myTurn && table.obs.phase === "discard";
  const hand = h("div", {
    class: `hand ${discardPhase ? "discarding" : ""}`, id: "hand", role: "group", "aria-label": `Your hand, ${table.obs.hand.length} cards`,
  }, ...handGroups(table, v.arrangement, cardMaker(table, discardPhase)));
  enableDrag(table, hand);
  const you = v.players[v.seat];
  fill(area,
    h("div", { class: "player-tag me" },
      h("span", { class: "avatar human", "aria-hidden": "true" }, (you.name || "Y").slice(0, 1).toUpperCase()),
      h("span", { class: "player-name" }, you.name || "You"), handInfo(table, discardPhase), orderButtons(table)),
    hand, knockAdvice(table), actionBar(table, discardPhase));
  fitHand(hand);
}
