// The parts of the page around a table that name its game: the window's title, the brand in
// the top bar and its rules and lesson links. The lobby sets the game chosen there; a table
// sets its match's game. Until a page knows its game (a seat's link before its view comes)
// they name the product, as index.html does before the script runs. What each game is called
// and where its rules and lesson are come from the server's registry (games.js).

import { firstGame, firstLessonGame, gameInfo } from "./games.js";

export const PRODUCT = "Card Table";

let current = null;

export function currentGame() {
  return current || (firstGame() || {}).game || null;
}

function info(game) {
  return gameInfo(game || currentGame()) || firstGame();
}

export function gameTitle(game = null) {
  const found = info(game);
  return found ? found.title : PRODUCT;
}

/** Whether the game has a rules page at this table. */
export function hasRules(game = null) {
  const found = info(game);
  return Boolean(found && found.rules_url);
}

export function rulesUrl(game = null) {
  const found = info(game);
  return found && found.rules_url ? found.rules_url : "/";
}

/** The lesson of a game (#/lesson/<game>); the first game with one when it has none. */
export function lessonUrl(game = null) {
  const found = info(game);
  const lesson = found && found.lesson ? found : firstLessonGame();
  return lesson ? `#/lesson/${lesson.game}` : "#/lesson";
}

/** Name `game` in the title, the brand and the top bar's rules and lesson links; null (a
 * game not known yet) names the product and leaves the links as they were. */
export function setGame(game) {
  const known = Boolean(gameInfo(game));
  current = known ? game : null;
  const title = known ? gameTitle(game) : PRODUCT;
  document.title = title;
  const brand = document.querySelector(".brand");
  if (brand) {
    brand.setAttribute("aria-label", `${title}: home`);
    const name = brand.querySelector("span");
    if (name) name.textContent = title;
  }
  if (!known) return;
  const lesson = document.querySelector("[data-nav=lesson]");
  if (lesson) lesson.setAttribute("href", lessonUrl(game));
  const link = document.getElementById("rules-link");
  if (link) {
    link.hidden = !hasRules(game); // a game with no rules page here has no link to one
    link.setAttribute("href", rulesUrl(game));
    link.setAttribute("title", `Rules of ${title}`);
    const wide = link.querySelector(".wide-only");
    if (wide) wide.textContent = ` of ${title}`;
  }
}
