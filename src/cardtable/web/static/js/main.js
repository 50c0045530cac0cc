// The page: a lobby (#/), a seat at a match of any game (#/play/<match>/<token>), and each
// game's lesson (#/lesson/<game>; #/lesson: the first game that has one), which its own
// screen's module exports. The help (?) and the four-colour deck work on every page.

import { Lobby } from "./lobby.js";
import { SeatPage, TablePage } from "./seat-page.js";
import { firstLessonGame, gameInfo, loadGames, screenModule } from "./games.js";
import { listenForHelp, openHelp, useShortcuts } from "./keys.js";
import { setGame } from "./game-chrome.js";
import { closeModal, lobbyNotice } from "./dialogs.js";
import { setFourColour } from "./cards.js";
import { prefs } from "./store.js";

const app = document.getElementById("app");
let current = null;

/** A game's lesson, from its screen's module (a notice when the game has none). */
class LessonPage extends TablePage {
  constructor(root, name) {
    super(root);
    this.start(name);
  }

  async start(name) {
    let module = null;
    try {
      await loadGames();
      const info = name ? gameInfo(name) : firstLessonGame();
      if (info && info.lesson) {
        setGame(info.game);
        module = await screenModule(info.game);
      }
    } catch (error) {
      module = null;
    }
    if (this.destroyed) return;
    if (!module || !module.Lesson) {
      this.root.replaceChildren(lobbyNotice("No lesson here", "This game has no guided lesson at this table."));
      return;
    }
    this.table = new module.Lesson(this.root);
  }
}

function route() {
  if (current) current.destroy();
  closeModal(false);
  app.className = "";
  useShortcuts(null);
  const parts = (location.hash || "#/").slice(1).split("/").filter(Boolean);
  let page = "lobby";
  // Each page names its game: a seat once its view says which (meanwhile the product's name),
  // the lobby the game chosen there, a lesson its own.
  setGame(null);
  if (parts[0] === "play" && parts.length === 3) {
    page = "table";
    current = new SeatPage(app, { matchId: parts[1], token: parts[2] });
  } else if (parts[0] === "lesson") {
    page = "lesson";
    current = new LessonPage(app, parts[1] || null);
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
