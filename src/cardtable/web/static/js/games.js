// The games the table plays, as the server's registry describes them (GET /api/options):
// each one's title, what the lobby says of it, its levels, presets and settings with their
// bounds, its rules page, whether it has a lesson, and the URL of the module that exports its
// own table (null: the generic screen plays it). The page names no game of its own.

import { api } from "./api.js";

let loading = null;
let list = [];

/** Link a game's style sheet (once); resolves when it is loaded, or failed to. */
function linkStyle(href) {
  if (document.querySelector(`link[rel=stylesheet][href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
    document.head.appendChild(link);
  });
}

/** Every game, in the registry's order (fetched once per page), each game's style sheets
 * linked before it answers, so that no page of a game is drawn without them. */
export function loadGames() {
  if (!loading) {
    loading = api.options().then(async (options) => {
      list = options.games;
      await Promise.all(list.flatMap((g) => g.styles || []).map(linkStyle));
      return list;
    }, (error) => {
      loading = null; // asked again next time
      throw error;
    });
  }
  return loading;
}

/** The games loaded so far (none before loadGames() has answered). */
export function knownGames() {
  return list;
}

/** A game by name, once loaded; null for one the server does not play. */
export function gameInfo(name) {
  return list.find((g) => g.game === name) || null;
}

/** The game a page falls back to: the registry's first. */
export function firstGame() {
  return list.length ? list[0] : null;
}

/** The first game that has a lesson (the lesson link's default), or null. */
export function firstLessonGame() {
  return list.find((g) => g.lesson) || null;
}

const modules = new Map();

/** The module of a game's own web screen (its table.js: `Table`, and `Lesson` when it has
 * one), or null when the game has none. */
export function screenModule(name) {
  const info = gameInfo(name);
  if (!info || !info.screen) return Promise.resolve(null);
  if (!modules.has(name)) modules.set(name, import(info.screen));
  return modules.get(name);
}
