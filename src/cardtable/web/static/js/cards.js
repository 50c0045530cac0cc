// Cards drawn as SVG: a big index (rank over suit) in the top-left corner, readable when
// cards overlap in a fan, a large suit mark, and framed court cards. The suit shapes live
// in the page's sprite (<symbol id="suit-S"> ...), so no font is needed for them.

const SVG = "http://www.w3.org/2000/svg";
export const RANKS = "A23456789TJQK";
export const SUITS = "SHDC";
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAMES = {
  A: "ace", T: "10", J: "jack", Q: "queen", K: "king",
};

let fourColour = false;

/** Whether the deck uses four colours (spades black, hearts red, diamonds blue, clubs green). */
export function setFourColour(on) {
  fourColour = Boolean(on);
  document.documentElement.classList.toggle("four-colour", fourColour);
}

export function isFourColour() {
  return fourColour;
}

export function suitColour(suit) {
  if (fourColour) {
    return { S: "#161616", H: "#c41e3a", D: "#0b5cad", C: "#11753a" }[suit];
  }
  return suit === "H" || suit === "D" ? "#c41e3a" : "#161616";
}

export function cardIndex(card) {
  return SUITS.indexOf(card[1]) * 13 + RANKS.indexOf(card[0]);
}

export function cardFromIndex(index) {
  return RANKS[index % 13] + SUITS[Math.floor(index / 13)];
}

export function rankLabel(card) {
  return card[0] === "T" ? "10" : card[0];
}

/** "7♥" for text. */
export function cardText(card) {
  return rankLabel(card) + { S: "♠", H: "♥", D: "♦", C: "♣" }[card[1]];
}

/** "Throw the KH" → "Throw the K♥": card codes in the server's text, with suit symbols. */
export function withSymbols(text) {
  return String(text).replace(/\b([2-9TJQKA][SHDC])\b/g, (m) => cardText(m));
}

/** "queen of diamonds" for screen readers. */
export function cardName(card) {
  const rank = RANK_NAMES[card[0]] || card[0];
  return `${rank} of ${SUIT_NAMES[card[1]]}`;
}

/** Sort by suit then rank (spades, hearts, diamonds, clubs; ace low). */
export function sortCards(cards) {
  return [...cards].sort((a, b) => cardIndex(a) - cardIndex(b));
}

/** Sort by rank then suit. */
export function sortByRank(cards) {
  return [...cards].sort(
    (a, b) => RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]) || SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]),
  );
}

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

function suitUse(parent, suit, x, y, size, colour) {
  return el("use", { href: `#suit-${suit}`, x, y, width: size, height: size, fill: colour }, parent);
}

function corner(parent, card, colour) {
  const label = rankLabel(card);
  const text = el("text", {
    x: label === "10" ? 4 : 8,
    y: 35,
    fill: colour,
    "font-size": label === "10" ? 31 : 34,
    "font-weight": 700,
    "letter-spacing": label === "10" ? -3 : 0,
    class: "card-rank",
  }, parent);
  text.textContent = label;
  suitUse(parent, card[1], 7, 41, 24, colour);
}

const CROWN = "M-14 6 L-16 -8 L-7 -1 L0 -12 L7 -1 L16 -8 L14 6 Z";

/** An SVG element for a face-up card. */
export function faceSVG(card) {
  const colour = suitColour(card[1]);
  const svg = el("svg", { viewBox: "0 0 100 140", class: "card-svg", "aria-hidden": "true" });
  el("rect", {
    x: 1, y: 1, width: 98, height: 138, rx: 9, fill: "#fffdf8", stroke: "#9d9583", "stroke-width": 1.5,
  }, svg);
  corner(svg, card, colour);
  const bottom = el("g", { transform: "rotate(180 50 70)" }, svg);
  corner(bottom, card, colour);
  const rank = card[0];
  if ("JQK".includes(rank)) {
    el("rect", {
      x: 34, y: 16, width: 52, height: 108, rx: 6, fill: colour, "fill-opacity": 0.08,
      stroke: colour, "stroke-width": 2,
    }, svg);
    el("path", { d: CROWN, transform: "translate(60 38) scale(0.9)", fill: "#d4a017", stroke: colour, "stroke-width": 1.2 }, svg);
    const letter = el("text", {
      x: 60, y: 92, "text-anchor": "middle", fill: colour, "font-size": 44, "font-weight": 700,
      "font-family": "DejaVu Serif, Georgia, serif",
    }, svg);
    letter.textContent = rank;
    suitUse(svg, card[1], 51, 98, 18, colour);
  } else if (rank === "A") {
    suitUse(svg, card[1], 33, 45, 52, colour);
  } else {
    suitUse(svg, card[1], 40, 56, 40, colour);
  }
  return svg;
}

/** An SVG element for a card's back. */
export function backSVG() {
  const svg = el("svg", { viewBox: "0 0 100 140", class: "card-svg", "aria-hidden": "true" });
  el("rect", { x: 1, y: 1, width: 98, height: 138, rx: 9, fill: "#fbf8f1", stroke: "#7d7565", "stroke-width": 1.5 }, svg);
  el("rect", { x: 7, y: 7, width: 86, height: 126, rx: 6, fill: "url(#back-pattern)" }, svg);
  el("rect", { x: 11, y: 11, width: 78, height: 118, rx: 4, fill: "none", stroke: "#f3d9a4", "stroke-width": 1.2, "stroke-opacity": 0.8 }, svg);
  el("use", { href: "#back-emblem", x: 30, y: 50, width: 40, height: 40 }, svg);
  return svg;
}

/**
 * A card element: a <button> when `onClick` is given (so it can be focused and pressed),
 * else a <div>. `card` null draws a back.
 */
export function cardElement(card, { onClick = null, classes = [], label = null } = {}) {
  const node = document.createElement(onClick ? "button" : "div");
  node.className = ["card", ...classes].join(" ");
  if (card) {
    node.dataset.card = card;
    node.appendChild(faceSVG(card));
  } else {
    node.classList.add("back");
    node.appendChild(backSVG());
  }
  if (onClick) {
    node.type = "button";
    node.addEventListener("click", onClick);
  }
  const name = label || (card ? cardName(card) : "face-down card");
  node.setAttribute("aria-label", name);
  if (!onClick) node.setAttribute("role", "img");
  return node;
}
