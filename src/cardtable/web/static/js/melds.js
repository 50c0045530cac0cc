// Melds in the page: checking a meld the player builds when rearranging before a knock,
// and the best arrangement of a hand for the replay (the server does the same for play).

import { RANKS, cardValue, cardIndex, sortCards, sortByRank } from "./cards.js";

export function isSet(cards) {
  return cards.length >= 3 && cards.length <= 4 && cards.every((c) => c[0] === cards[0][0]);
}

export function isRun(cards) {
  if (cards.length < 3 || !cards.every((c) => c[1] === cards[0][1])) return false;
  const ranks = cards.map((c) => RANKS.indexOf(c[0])).sort((a, b) => a - b);
  return ranks.every((r, i) => i === 0 || r === ranks[i - 1] + 1);
}

export function meldKind(cards) {
  if (isSet(cards)) return "set";
  if (isRun(cards)) return "run";
  return null;
}

export function deadwoodOf(cards) {
  return cards.reduce((sum, c) => sum + cardValue(c), 0);
}

function candidateMelds(cards) {
  const melds = [];
  const byRank = {};
  const bySuit = {};
  for (const card of cards) {
    (byRank[card[0]] ||= []).push(card);
    (bySuit[card[1]] ||= []).push(card);
  }
  for (const group of Object.values(byRank)) {
    if (group.length >= 3) melds.push(group);
    if (group.length === 4) {
      for (let skip = 0; skip < 4; skip += 1) melds.push(group.filter((_, i) => i !== skip));
    }
  }
  for (const group of Object.values(bySuit)) {
    const sorted = [...group].sort((a, b) => cardIndex(a) - cardIndex(b));
    for (let start = 0; start < sorted.length; start += 1) {
      for (let end = start + 2; end < sorted.length; end += 1) {
        const run = sorted.slice(start, end + 1);
        if (isRun(run)) melds.push(run);
        else break;
      }
    }
  }
  return melds;
}

/** {melds: [[cards]], unmatched: [cards], deadwood} with the least deadwood. */
export function bestArrangement(cards) {
  const melds = candidateMelds(cards);
  let best = { chosen: [], deadwood: deadwoodOf(cards) };
  const walk = (from, used, chosen) => {
    const left = cards.filter((c) => !used.has(c));
    const dw = deadwoodOf(left);
    if (dw < best.deadwood) best = { chosen: [...chosen], deadwood: dw };
    for (let i = from; i < melds.length; i += 1) {
      if (melds[i].some((c) => used.has(c))) continue;
      melds[i].forEach((c) => used.add(c));
      chosen.push(melds[i]);
      walk(i + 1, used, chosen);
      chosen.pop();
      melds[i].forEach((c) => used.delete(c));
    }
  };
  walk(0, new Set(), []);
  const inMelds = new Set(best.chosen.flat());
  return {
    melds: best.chosen.map((m) => (isSet(m) ? sortCards(m) : sortCards(m))),
    unmatched: sortByRank(cards.filter((c) => !inMelds.has(c))),
    deadwood: best.deadwood,
  };
}
