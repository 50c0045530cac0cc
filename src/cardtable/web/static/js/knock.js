// Knocking (or going gin): choose the card to throw face down, then lay out the engine's best
// arrangement or rearrange the melds by hand. The server checks the layout.

import { cardElement, cardText, sortCards } from "./cards.js";
import { fill, h, openModal, toast } from "./dialogs.js";
import { deadwoodOf, meldKind } from "./melds.js";

/**
 * options: view.knock_options (each {action, kind, card, melds, unmatched, deadwood});
 * preferred: a card to start with; threshold: the hand's knock limit.
 * onConfirm(actionText) sends the action.
 */
export function knockDialog({ options, preferred, threshold, kind, onConfirm }) {
  const choices = options.filter((o) => (kind === "gin" ? o.kind !== "knock" : o.kind === "knock"));
  if (!choices.length) return;
  let current = choices.find((o) => o.card === preferred) || choices[0];
  let custom = null; // null: the best arrangement; else {melds: [[cards]], picked: Set}
  const body = h("div", { class: "knock" });

  const draw = () => {
    const rest = [...current.melds.flat(), ...current.unmatched];
    const picker = h("div", { class: "knock-discards", role: "radiogroup", "aria-label": "Card to throw face down" },
      ...choices.map((o) => {
        const node = h("button", {
          type: "button",
          class: `knock-choice ${o === current ? "chosen" : ""}`,
          role: "radio",
          "aria-checked": String(o === current),
          dataset: { card: o.card || "" },
        }, o.card ? cardElement(o.card, { classes: ["small"] }) : h("span", {}, "all 11"),
        h("span", { class: "knock-left" }, o.kind === "knock" ? `leaves ${o.deadwood}` : "gin"));
        node.addEventListener("click", () => {
          current = o;
          custom = null;
          draw();
        });
        return node;
      }));
    let melds;
    let loose;
    if (custom) {
      melds = custom.melds;
      const used = new Set(melds.flat());
      loose = sortCards(rest.filter((c) => !used.has(c)));
    } else {
      melds = current.melds;
      loose = current.unmatched;
    }
    const dw = deadwoodOf(loose);
    const groups = melds.map((m, i) => h("div", { class: "lay-group" },
      h("span", { class: "lay-label" }, meldKind(m) || "?",
        custom ? h("button", { type: "button", class: "unmeld", "aria-label": `Break up ${m.map(cardText).join(" ")}`, onclick: () => {
          custom.melds.splice(i, 1);
          draw();
        } }, "×") : null),
      h("div", { class: "lay-cards" }, ...m.map((c) => cardElement(c, { classes: ["small"] })))));
    const looseCards = loose.map((c) => {
      if (!custom) return cardElement(c, { classes: ["small"] });
      const node = cardElement(c, {
        classes: ["small", custom.picked.has(c) ? "picked" : ""],
        onClick: () => {
          if (custom.picked.has(c)) custom.picked.delete(c);
          else custom.picked.add(c);
          draw();
        },
      });
      node.setAttribute("aria-pressed", String(custom.picked.has(c)));
      return node;
    });
    groups.push(h("div", { class: "lay-group deadwood" },
      h("span", { class: "lay-label" }, `deadwood ${dw}`), h("div", { class: "lay-cards" }, ...looseCards)));
    const over = dw > threshold;
    const tools = custom
      ? h("div", { class: "knock-tools" },
        h("button", { type: "button", class: "btn", id: "make-meld", onclick: () => {
          const picked = [...custom.picked];
          if (!meldKind(picked)) {
            toast("Those cards are not a set or a run", "error");
            return;
          }
          custom.melds.push(sortCards(picked));
          custom.picked.clear();
          draw();
        } }, "Make a meld of the picked cards"),
        h("button", { type: "button", class: "btn", onclick: () => {
          custom = null;
          draw();
        } }, "Use the best layout"))
      : h("div", { class: "knock-tools" },
        h("button", { type: "button", class: "btn", id: "rearrange", onclick: () => {
          custom = { melds: [], picked: new Set() };
          draw();
        } }, "Rearrange melds"));
    fill(body,
      choices.length > 1 || current.card ? h("p", {}, kind === "gin" ? "Throw this card face down and lay out every other card:" : "Card to throw face down:") : null,
      picker,
      h("div", { class: "showdown" }, h("div", { class: "lay-row" }, h("div", { class: "lay-groups" }, ...groups))),
      custom ? h("p", { class: "muted small" }, "Tap cards, then make a meld of them. Cards in no meld count as deadwood.") : null,
      over ? h("p", { class: "error" }, `Deadwood ${dw} is over the knock limit of ${threshold}.`) : null,
      tools);
    const confirm = document.getElementById("knock-confirm");
    if (confirm) {
      confirm.disabled = over || (kind === "gin" && dw !== 0);
      confirm.textContent = kind === "gin" || dw === 0 ? "Go gin" : `Knock with ${dw}`;
    }
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
          const words = current.action.split(" ").slice(0, 2);
          if (!custom) {
            onConfirm(words.join(" "));
            return true;
          }
          const text = `${words.join(" ")} ${custom.melds.map((m) => `[${m.join(" ")}]`).join(" ")}`.trim();
          onConfirm(text);
          return true;
        },
      },
    ],
  });
  draw();
}
