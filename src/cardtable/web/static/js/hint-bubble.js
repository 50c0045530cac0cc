// The hint's bubble on a game's felt, in every game: the bulb, its title and a close button
// above what the game says of the hint, with the "Do it" button that follows it. The words
// and where the button sits are the game's (its felt, in its package's web folder).

import { fill, h } from "./dialogs.js";

function bulb() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "hint-icon");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", "#bulb");
  svg.appendChild(use);
  return svg;
}

/** Draw `table.hint` into the felt's hint area (empty when none is shown): its head titled
 * `title(hint)`, then the nodes `body(hint, apply)` gives, `apply` being the "Do it" button. */
export function drawHintBubble(table, title, body) {
  const hint = table.hint;
  if (!hint) {
    table.felt.hintArea.replaceChildren();
    return;
  }
  const close = h("button", { type: "button", class: "hint-close", "aria-label": "Close the hint", onclick: () => table.closeHint() }, "×");
  const apply = h("button", { type: "button", class: "btn small primary", id: "hint-apply", onclick: () => table.followHint() }, "Do it");
  fill(table.felt.hintArea, h("div", { class: "hint-bubble", id: "hint", role: "note" },
    h("div", { class: "hint-head" }, bulb(), h("strong", {}, title(hint)), close),
    ...body(hint, apply)));
}
