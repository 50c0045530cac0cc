// The games the page plays and the parts of the page around a table that name one: the
// window's title, the brand in the top bar and its rules link. The lobby sets the game
// chosen there; a table sets its match's game. Until a page knows its game (a seat's link
// before its view comes) they name the product, as index.html does before the script runs.

export const GAMES = {
  gin: { title: "Gin Rummy", rules: "/rules/gin", lesson: "#/lesson" },
  cribbage: { title: "Cribbage", rules: "/rules/cribbage", lesson: "#/lesson/cribbage" },
};

export const PRODUCT = "Card Table";

let current = "gin";

export function currentGame() {
  return current;
}

export function gameTitle(game = current) {
  return (GAMES[game] || GAMES.gin).title;
}

export function rulesUrl(game = current) {
  return (GAMES[game] || GAMES.gin).rules;
}

export function lessonUrl(game = current) {
  return (GAMES[game] || GAMES.gin).lesson;
}

/** Name `game` in the title, the brand and the top bar's rules and lesson links; null (a
 * game not known yet) names the product and leaves the links as they were. */
export function setGame(game) {
  const known = Boolean(GAMES[game]);
  current = known ? game : "gin";
  const title = known ? gameTitle() : PRODUCT;
  document.title = title;
  const brand = document.querySelector(".brand");
  if (brand) {
    brand.setAttribute("aria-label", `${title}: home`);
    const name = brand.querySelector("span");
    if (name) name.textContent = title;
  }
  if (!known) return;
  const lesson = document.querySelector("[data-nav=lesson]");
  if (lesson) lesson.setAttribute("href", lessonUrl());
  const link = document.getElementById("rules-link");
  if (link) {
    link.setAttribute("href", rulesUrl());
    link.setAttribute("title", `Rules of ${title}`);
    const wide = link.querySelector(".wide-only");
    if (wide) wide.textContent = ` of ${title}`;
  }
}
