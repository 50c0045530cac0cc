// The page: a lobby (#/), a seat at a match (#/play/<match>/<token>), and the lesson
// (#/lesson). The help (?) and the four-colour deck work on every page.

import { Lobby } from "./lobby.js";
import { MatchView } from "./match-view.js";
import { LessonView } from "./lesson-view.js";
import { listenForHelp, openHelp } from "./keys.js";
import { closeModal } from "./dialogs.js";
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
    current = new MatchView(app, { matchId: parts[1], token: parts[2] });
  } else if (parts[0] === "lesson") {
    page = "lesson";
    current = new LessonView(app);
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
    if (current instanceof Lobby || (current && current.view)) current.render();
  });
  sync();
  document.getElementById("help-button").addEventListener("click", openHelp);
  listenForHelp();
}

window.addEventListener("hashchange", route);
setupToggles();
route();
