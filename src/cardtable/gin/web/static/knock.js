// Knocking (or going gin): choose the card to throw face down, then lay out the engine's
// best layout, pick one of the other layouts the server offers, or build the melds card by
// card. Every layout, its melds' kinds and its deadwood come from the server (knock_options
// and their layouts); the confirm sends the exact action text of the layout shown.

import { cardElement, cardText, sortCards } from "/static/js/cards.js";
import { fill, h, openModal, toast } from "/static/js/dialogs.js";
import { layoutOfMelds, meldFromLayouts } from "./knock-layouts.js";

const NO_SUCH_MELD = "No layout you may knock with has those cards as a meld";

function small(card, extra = {}) {
  return cardElement(card, { classes: ["small"], ...extra });
}

/** The layout the confirm would send now, or null while the built melds match none. */
function layoutToSend(state) {
  if (!state.custom) return state.option.layouts[state.chosen];
  return layoutOfMelds(state.option.layouts, state.custom.melds);
}

function confirmLabel(option, layout) {
  if (option.kind === "big_gin") return "Go big gin";
  if (option.kind !== "knock") return "Go gin";
  return layout ? `Knock with ${layout.deadwood}` : "Knock";
}

/** "risk 18%": the knock advisor's undercut risk of throwing `card` (when the aid is on). */
function riskNote(advice, card) {
  const found = advice.find((a) => a.card === card);
  return found ? h("span", { class: "knock-risk" }, `undercut risk ${Math.round(found.undercut_risk * 100)}%`) : null;
}

function throwPicker(choices, state, redraw, advice) {
  return h("div", { class: "knock-discards", role: "radiogroup", "aria-label": "Card to throw face down" },
    ...choices.map((o) => h("button", {
      type: "button",
      class: `knock-choice ${o === state.option ? "chosen" : ""}`,
      role: "radio",
      "aria-checked": String(o === state.option),
      dataset: { card: o.card || "" },
      onclick: () => redraw({ option: o, chosen: 0, custom: null }),
    }, o.card ? small(o.card) : h("span", {}, "all 11"),
    h("span", { class: "knock-left" }, o.kind === "knock" ? `leaves ${o.deadwood}` : "gin"),
    o.kind === "knock" ? riskNote(advice, o.card) : null)));
}

function meldGroup(cards, kind, onBreak = null) {
  const unmeld = onBreak ? h("button", {
    type: "button", class: "unmeld", "aria-label": `Break up ${cards.map(cardText).join(" ")}`, onclick: onBreak,
  }, "×") : null;
  return h("div", { class: "lay-group" },
    h("span", { class: "lay-label" }, kind, unmeld),
    h("div", { class: "lay-cards" }, ...cards.map((c) => small(c))));
}

function looseGroup(cards, label, custom, redraw) {
  const node = (c) => {
    if (!custom) return small(c);
    const picked = custom.picked.has(c);
    const card = small(c, {
      classes: ["small", picked ? "picked" : ""],
      onClick: () => {
        if (picked) custom.picked.delete(c);
        else custom.picked.add(c);
        redraw();
      },
    });
    card.setAttribute("aria-pressed", String(picked));
    return card;
  };
  return h("div", { class: "lay-group deadwood" },
    h("span", { class: "lay-label" }, label), h("div", { class: "lay-cards" }, ...cards.map(node)));
}

/** The groups shown: the chosen layout, or the melds built so far and the loose cards. */
function groups(state, redraw) {
  const option = state.option;
  const custom = state.custom;
  if (!custom) {
    const layout = option.layouts[state.chosen];
    return [...layout.melds.map((m, i) => meldGroup(m, layout.kinds[i])),
      looseGroup(layout.unmatched, `deadwood ${layout.deadwood}`, null, redraw)];
  }
  const built = custom.melds.map((m, i) => meldGroup(m, custom.kinds[i], () => {
    custom.melds.splice(i, 1);
    custom.kinds.splice(i, 1);
    redraw();
  }));
  const used = new Set(custom.melds.flat());
  const loose = sortCards([...option.melds.flat(), ...option.unmatched].filter((c) => !used.has(c)));
  const match = layoutToSend(state);
  return [...built, looseGroup(loose, match ? `deadwood ${match.deadwood}` : "loose cards", custom, redraw)];
}

function cardsText(cards) {
  return h("span", { class: "meld-text" }, ...cards.map((c) => h("span", { class: `ct suit-${c[1]}` }, cardText(c))));
}

/** Every layout the server offers for the chosen card, the best first: tap one to use it. */
function otherLayouts(state, redraw) {
  const layouts = state.option.layouts;
  if (state.custom || layouts.length < 2) return null;
  return h("section", { class: "knock-others", "aria-labelledby": "other-layouts-title" },
    h("h3", { id: "other-layouts-title" }, "Other layouts"),
    h("div", { class: "layout-choices", role: "radiogroup", "aria-labelledby": "other-layouts-title" },
      ...layouts.map((layout, i) => h("button", {
        type: "button",
        class: `layout-choice ${i === state.chosen ? "chosen" : ""}`,
        id: `layout-${i}`,
        role: "radio",
        "aria-checked": String(i === state.chosen),
        dataset: { index: i },
        onclick: () => redraw({ chosen: i }),
      }, h("span", { class: "layout-name" }, i === 0 ? "Best" : `Layout ${i + 1}`),
      ...layout.melds.map(cardsText),
      h("span", { class: "layout-dw" }, `deadwood ${layout.deadwood}`)))));
}

function makeMeld(state, redraw) {
  const custom = state.custom;
  const found = meldFromLayouts(state.option.layouts, custom.melds, [...custom.picked]);
  if (!found) {
    toast(NO_SUCH_MELD, "error");
    return;
  }
  custom.melds.push(found.cards);
  custom.kinds.push(found.kind);
  custom.picked.clear();
  redraw();
}

function tools(state, redraw) {
  if (!state.custom) {
    return h("div", { class: "knock-tools" },
      h("button", { type: "button", class: "btn", id: "rearrange", onclick: () => redraw({ custom: { melds: [], kinds: [], picked: new Set() } }) },
        "Rearrange melds"));
  }
  return h("div", { class: "knock-tools" },
    h("button", { type: "button", class: "btn", id: "make-meld", onclick: () => makeMeld(state, redraw) }, "Make a meld of the picked cards"),
    h("button", { type: "button", class: "btn", id: "best-layout", onclick: () => redraw({ chosen: 0, custom: null }) }, "Use the best layout"));
}

function customNote(state, kind, threshold) {
  if (!state.custom) return null;
  if (layoutToSend(state)) return h("p", { class: "muted small" }, "Tap cards, then make a meld of them.");
  const goal = kind === "gin" ? "Lay out melds until no card is left loose."
    : `Lay out melds until the rest is within the knock limit of ${threshold}.`;
  return h("div", { class: "knock-note" },
    h("p", { class: "muted small" }, "Tap cards, then make a meld of them."),
    h("p", { class: "knock-goal", id: "knock-goal" }, goal));
}

function syncConfirm(state) {
  const confirm = document.getElementById("knock-confirm");
  if (!confirm) return;
  const layout = layoutToSend(state);
  confirm.disabled = !layout;
  confirm.textContent = confirmLabel(state.option, layout);
}

/**
 * options: view.knock_options (each {action, kind, card, melds, kinds, unmatched, deadwood,
 * layouts}); preferred: a card to start with; threshold: the hand's knock limit (for the
 * words only). advice: the knock advisor's view.aids.knock_advice when that aid is on (each
 * throw's undercut risk, shown beside it). onConfirm(actionText) sends the action.
 */
export function knockDialog({ options, preferred, threshold, kind, onConfirm, advice = [] }) {
  const choices = options.filter((o) => (kind === "gin" ? o.kind !== "knock" : o.kind === "knock"));
  if (!choices.length) return;
  const state = { option: choices.find((o) => o.card === preferred) || choices[0], chosen: 0, custom: null };
  const body = h("div", { class: "knock" });
  const redraw = (change = {}) => {
    Object.assign(state, change);
    const prompt = kind === "gin" ? "Throw this card face down and lay out every other card:" : "Card to throw face down:";
    fill(body,
      choices.length > 1 || state.option.card ? h("p", {}, prompt) : null,
      throwPicker(choices, state, redraw, advice),
      h("div", { class: "showdown" }, h("div", { class: "lay-row" }, h("div", { class: "lay-groups" }, ...groups(state, redraw)))),
      customNote(state, kind, threshold),
      otherLayouts(state, redraw),
      tools(state, redraw));
    syncConfirm(state);
  };
  openModal({
    title: kind === "gin" ? "Go gin" : "Knock",
    body,
    className: "knock-modal",
    actions: [
      { label: "Cancel" },
      {
        label: "Knock",
        primary: true,
        id: "knock-confirm",
        onClick: () => {
          const layout = layoutToSend(state);
          if (!layout) return false;
          onConfirm(layout.action);
          return true;
        },
      },
    ],
  });
  redraw();
}
