// Checking the deal in the page: SHA-256 (written out here, so it works on any address,
// not only on secure origins), the table's Fisher-Yates shuffle driven by SHA-256 of the
// seed, and the comparison of a revealed seed with what the page saw before and during the
// hand. The shuffle mirrors cardtable.cards (shuffled_deck, commitment) exactly; where each
// card of the deck goes in the deal is the table's to say (a hand's `deal_positions`).

import { cardFromIndex } from "./cards.js";
import { h } from "./dialogs.js";

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

function rotr(x, n) {
  return (x >>> n) | (x << (32 - n));
}

/** SHA-256 of a UTF-8 string, as eight 32-bit words. */
export function sha256Words(text) {
  const bytes = new TextEncoder().encode(text);
  const length = bytes.length;
  const blocks = Math.ceil((length + 9) / 64);
  const data = new Uint8Array(blocks * 64);
  data.set(bytes);
  data[length] = 0x80;
  const bits = length * 8;
  const view = new DataView(data.buffer);
  view.setUint32(data.length - 8, Math.floor(bits / 0x100000000));
  view.setUint32(data.length - 4, bits >>> 0);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  for (let block = 0; block < blocks; block += 1) {
    for (let i = 0; i < 16; i += 1) w[i] = view.getUint32(block * 64 + i * 4);
    for (let i = 16; i < 64; i += 1) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i += 1) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + s1 + ch + K[i] + w[i]) >>> 0;
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0] + a) >>> 0;
    h[1] = (h[1] + b) >>> 0;
    h[2] = (h[2] + c) >>> 0;
    h[3] = (h[3] + d) >>> 0;
    h[4] = (h[4] + e) >>> 0;
    h[5] = (h[5] + f) >>> 0;
    h[6] = (h[6] + g) >>> 0;
    h[7] = (h[7] + hh) >>> 0;
  }
  return Array.from(h);
}

export function sha256Hex(text) {
  return sha256Words(text).map((x) => x.toString(16).padStart(8, "0")).join("");
}

/** The commitment the table publishes before a hand: SHA-256 of "ginrummy-seed:<seed>". */
export function commitmentOf(seed) {
  return sha256Hex(`ginrummy-seed:${seed}`);
}

/** The 52 cards in dealt order for a seed (cardtable.cards.shuffled_deck). */
export function shuffledDeck(seed) {
  let counter = 0;
  let words = [];
  const next = () => {
    if (words.length === 0) {
      words = sha256Words(`ginrummy:${seed}:${counter}`);
      counter += 1;
    }
    return words.shift();
  };
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const span = 0x100000000;
  for (let i = 51; i > 0; i -= 1) {
    const bound = i + 1;
    const limit = span - (span % bound);
    let word = next();
    while (word >= limit) word = next();
    const j = word % bound;
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck.map(cardFromIndex);
}

/** Whether two lists hold the same cards, in any order. */
export function sameCards(a, b) {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

/** The first check of every game's deal: the revealed seed hashes to the commitment this
 * page saw before the deal (`seen.commitment`), or else to the one the hand names. */
export function seedCheck(hand, seen) {
  const published = seen.commitment || hand.commitment;
  const computed = commitmentOf(hand.seed);
  return {
    label: seen.commitment ? "Seed matches the hash shown before the hand" : "Seed matches its hash",
    ok: computed === published,
    detail: `SHA-256 → ${computed.slice(0, 16)}…`,
  };
}

/** The shuffled deck's cards where the deal puts them (`deal_positions` of a finished hand:
 * indexes into the deck for each seat's ten cards, the upcard and the stock from the top). */
function dealOf(deck, positions, dealer) {
  const at = (indexes) => indexes.map((i) => deck[i]);
  return {
    hand: (seat) => at(seat === dealer ? positions.dealer : positions.non_dealer),
    upcard: deck[positions.upcard],
    stock: at(positions.stock),
  };
}

/** Every card drawn from the stock is the next one the seed put there. */
function drawsInOrder(actions, stock) {
  let next = 0;
  for (const step of actions) {
    if (step.action !== "draw") continue;
    if (step.drawn !== stock[next]) return false;
    next += 1;
  }
  return true;
}

/**
 * Check a finished hand's revealed seed. `seen` is what this page recorded during the hand
 * ({commitment, dealt}); `hand` is the server's last_hand (or a replay, with actions).
 * Where each card of the shuffled deck went comes from `hand.deal_positions`.
 * Returns a list of {label, ok, detail}.
 */
export function verifyHand(hand, seat, seen) {
  const checks = [seedCheck(hand, seen)];
  if (!hand.deal_positions) {
    checks.push({ label: "The table says where the deal puts each card", ok: false });
    return checks;
  }
  const deal = dealOf(shuffledDeck(hand.seed), hand.deal_positions, hand.dealer);
  if (seen.dealt) {
    checks.push({ label: "Your ten cards are the ones the seed deals", ok: sameCards(seen.dealt, deal.hand(seat)) });
  }
  checks.push({ label: "The upcard is the one the seed deals", ok: deal.upcard === hand.upcard });
  if (hand.dealt && hand.actions) {
    const dealt = sameCards(hand.dealt[0], deal.hand(0)) && sameCards(hand.dealt[1], deal.hand(1));
    checks.push({
      label: "Every card drawn from the stock came in the seed's order",
      ok: dealt && drawsInOrder(hand.actions, deal.stock),
    });
  }
  return checks;
}

/** The checks of a deal's fairness as a list, and the seed they were made with. */
export function fairnessList(checks, seed) {
  return h("div", { class: "fairness" },
    h("ul", { class: "checks" }, ...checks.map((c) => h("li", { class: c.ok ? "ok" : "bad" },
      h("span", { class: "mark", "aria-hidden": "true" }, c.ok ? "✓" : "✗"),
      `${c.label}${c.ok ? "" : " — MISMATCH"}`,
      c.detail ? h("span", { class: "muted small" }, ` ${c.detail}`) : null))),
    seed ? h("p", { class: "small muted seed" }, "Seed ", h("code", {}, seed)) : null);
}
