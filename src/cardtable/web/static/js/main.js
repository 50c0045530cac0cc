// The page: a lobby, a table per seat link (#/play/<match>/<token>), and the lesson.

import { Lobby } from "./lobby.js";
import { TableView, shortcutsTable } from "./table.js";
import { closeModal, openModal } from "./dialogs.js";
import { setFourColour } from "./cards.js";
import { prefs } from "./store.js";

const app = document.getElementById("app");
let current = null;

function route() {
  if (current) current.destroy();
  closeModal(false);
  app.className = "";
  const parts = (location.hash || "#/").slice(1).split("/").filter(Boolean);
  let page = "lobby";
  if (parts[0] === "play" && parts.length === 3) {
    page = "table";
    current = new TableView(app, { mode: "match", matchId: parts[1], token: parts[2] });
  } else if (parts[0] === "lesson") {
    page = "lesson";
    current = new TableView(app, { mode: "lesson" });
  } else {
    current = new Lobby(app);
  }
  document.body.dataset.page = page;
  for (const link of document.querySelectorAll("[data-nav]")) {
    link.toggleAttribute("aria-current", link.dataset.nav === page);
  }
}

function setupToggles() {
  const four = document.getElementById("four-colour");
  const sync = () => {
    setFourColour(prefs.fourColour);
    four.setAttribute("aria-pressed", String(prefs.fourColour));
  };
  four.addEventListener("click", () => {
    prefs.fourColour = !prefs.fourColour;
    sync();
    if (current && current.view) current.render();
    else if (current instanceof Lobby) current.render();
  });
  sync();
  document.getElementById("help-button").addEventListener("click", () => {
    openModal({ title: "Keyboard shortcuts", body: shortcutsTable(), className: "help-modal" });
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "?" && !(current instanceof TableView) && !document.getElementById("modal").open) {
      openModal({ title: "Keyboard shortcuts", body: shortcutsTable(), className: "help-modal" });
    }
  });
}

window.addEventListener("hashchange", route);
setupToggles();
route();
