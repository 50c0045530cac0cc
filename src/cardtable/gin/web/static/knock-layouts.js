// Melds built by hand before a knock, held against the layouts the server offers for that
// knock (`option.layouts`). The page knows no rule: a group of cards is a meld only when it
// is a meld of one of those layouts, and the built melds can be knocked with only when they
// are exactly the melds of one.

/** The same cards in any order. */
function key(cards) {
  return [...cards].sort().join(" ");
}

function meldKeys(layout) {
  return layout.melds.map(key);
}

/**
 * The meld `picked` would be, in a layout that also has every meld in `built`:
 * {cards, kind} in that layout's order, or null when no offered layout has it.
 */
export function meldFromLayouts(layouts, built, picked) {
  const wanted = key(picked);
  for (const layout of layouts) {
    const keys = meldKeys(layout);
    if (!built.every((meld) => keys.includes(key(meld)))) continue;
    const at = keys.indexOf(wanted);
    if (at >= 0) return { cards: layout.melds[at], kind: layout.kinds[at] };
  }
  return null;
}

/** The offered layout whose melds are exactly `built`, or null. */
export function layoutOfMelds(layouts, built) {
  const have = built.map(key).sort().join(" | ");
  return layouts.find((layout) => meldKeys(layout).sort().join(" | ") === have) || null;
}
