// Your hand, your way: the order the cards are shown in (the server's own order, by rank,
// by suit, or the order you dragged them into) and moving a card, by pointer (mouse, pen or
// touch) or by Shift+←/→ on the focused card. Only the order on the screen changes: what is
// legal, the counts and the hints still come from the server's view. Each game's table says
// its own orders, preference and cards (`table.arranger`: gin-order.js, cribbage-order.js).

import { sortByRank, sortCards } from "./cards.js";
import { h } from "./dialogs.js";
import { keepOwnOrder, ownOrder } from "./store.js";

const ORDER_WORDS = { rank: "by rank", suit: "by suit", own: "your order" };

// A press that moves less than this is a tap (pick the card), not a drag.
const DRAG_SLOP = 8;

function arranger(table) {
  return table.arranger;
}

/** The hand's cards in the order shown, or null for the server's own order (gin: its meld
 * groups). */
export function orderedHand(table) {
  const a = arranger(table);
  const cards = a.cards(table);
  const order = a.order;
  if (order === "rank") return sortByRank(cards);
  if (order === "suit") return sortCards(cards);
  if (order === "own") {
    const kept = ownOrder(...a.key(table)).filter((c) => cards.includes(c));
    return [...kept, ...cards.filter((c) => !kept.includes(c))]; // a new card goes last
  }
  return null;
}

/** The words for the hand's single group when it is not in the server's order. */
export function orderLabel(table) {
  return ORDER_WORDS[arranger(table).order] || "";
}

/** The cards in the order they are on the screen now (meld groups flattened). */
function shownOrder(table) {
  const nodes = table.root.querySelectorAll("#hand .card");
  return [...nodes].map((n) => n.dataset.card);
}

/** Move `card` to position `index` of the shown order: the order becomes your own. */
export function moveCard(table, card, index) {
  const order = shownOrder(table).filter((c) => c !== card);
  const at = Math.max(0, Math.min(order.length, index));
  order.splice(at, 0, card);
  const a = arranger(table);
  keepOwnOrder(...a.key(table), order);
  a.order = "own";
  table.render();
  const node = table.root.querySelector(`#hand .card[data-card="${card}"]`);
  if (node) node.focus();
}

/** Shift+← / Shift+→ on a focused card of the hand: true when it moved one. */
export function moveFocusedCard(table, step) {
  const active = document.activeElement;
  if (!active || !active.matches("#hand .card")) return false;
  const order = shownOrder(table);
  const from = order.indexOf(active.dataset.card);
  moveCard(table, active.dataset.card, from + step);
  return true;
}

export function setOrder(table, order) {
  arranger(table).order = order;
  table.render();
}

/** The buttons that lay the hand out (gin: by melds, rank or suit); the choice is
 * remembered. */
export function orderButtons(table) {
  const a = arranger(table);
  const current = a.order;
  return h("div", { class: "hand-order", role: "group", "aria-label": "Arrange your hand" },
    h("span", { class: "order-label" }, "Sort"),
    ...a.orders.map(([order, label]) => h("button", {
      type: "button",
      class: `order-btn ${order === current ? "on" : ""}`,
      id: `order-${order}`,
      "aria-pressed": String(order === current),
      onclick: () => setOrder(table, order),
    }, label)));
}

/** Where a card dropped at (x, y) goes in the shown order: before the nearest card's
 * visible part (cards overlap: what shows of one is its left strip), or after it. */
function dropIndex(hand, dragged, x, y) {
  const cards = [...hand.querySelectorAll(".card")];
  let best = null;
  cards.forEach((node, i) => {
    if (node === dragged) return;
    const box = node.getBoundingClientRect();
    const next = node.nextElementSibling;
    const shows = next && next !== dragged ? next.getBoundingClientRect().left - box.left : box.width;
    const centre = box.left + Math.max(8, shows) / 2;
    const dy = y < box.top ? box.top - y : y > box.bottom ? y - box.bottom : 0;
    const distance = Math.abs(x - centre) + 3 * dy;
    if (!best || distance < best.distance) best = { i, distance, after: x > centre };
  });
  if (!best) return 0;
  const from = cards.indexOf(dragged);
  const index = best.i + (best.after ? 1 : 0);
  return index > from ? index - 1 : index; // the order without the dragged card
}

/** Let the player drag the cards of `hand` (pointer events: mouse, pen and touch alike). */
export function enableDrag(table, hand) {
  hand.addEventListener("pointerdown", (down) => {
    const card = down.target.closest(".card");
    if (!card || down.button > 0 || table.selecting) return;
    let dragging = false;
    let marked = null;
    const mark = (node) => {
      if (marked) marked.classList.remove("drop-before", "drop-after");
      marked = node;
    };
    const move = (event) => {
      const dx = event.clientX - down.clientX;
      const dy = event.clientY - down.clientY;
      if (!dragging && Math.hypot(dx, dy) < DRAG_SLOP) return;
      if (!dragging) {
        dragging = true;
        card.classList.add("dragging");
        hand.classList.add("arranging");
      }
      event.preventDefault();
      card.style.transform = `translate(${dx}px, ${dy}px)`;
      const index = dropIndex(hand, card, event.clientX, event.clientY);
      const others = [...hand.querySelectorAll(".card")].filter((n) => n !== card);
      const target = others[Math.min(index, others.length - 1)];
      mark(target);
      if (target) target.classList.add(index >= others.length ? "drop-after" : "drop-before");
    };
    const finish = (event) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", finish);
      window.removeEventListener("pointercancel", finish);
      if (!dragging) return;
      mark(null);
      // The click that ends a drag is no pick.
      table.dragEnded = performance.now();
      if (event.type === "pointercancel") {
        table.render();
        return;
      }
      moveCard(table, card.dataset.card, dropIndex(hand, card, event.clientX, event.clientY));
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", finish);
    window.addEventListener("pointercancel", finish);
  });
  hand.addEventListener("click", (event) => {
    if (table.dragEnded && performance.now() - table.dragEnded < 400) {
      event.stopPropagation();
      event.preventDefault();
      table.dragEnded = 0;
    }
  }, true);
}
