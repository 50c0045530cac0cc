// The lobby's "Your statistics": the figures the server counts over the seats this browser
// holds (POST /api/players/me/stats), a section for each game played: matches won, the
// game's own figures in its own words (gin's hands, gins, undercuts and knocks; Cribbage's
// games, skunks, shows and pegging), the accuracy in the coach's review, and the chart of
// the latest finished matches. Every game is laid out the same way; the page only lays
// out what the server counted and worded.

import { api } from "./api.js";
import { h } from "./dialogs.js";
import { accuracyChart } from "./stats-chart.js";

function figure(id, label, value, note = null) {
  return h("div", { class: "stat", id },
    h("span", { class: "stat-value" }, value),
    h("span", { class: "stat-label" }, label),
    note ? h("span", { class: "stat-note" }, note) : null);
}

const share = (part, whole) => (whole ? `${part} of ${whole}` : "—");
const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;
const slug = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

// The accuracy figure and its note, the same for every game.
function accuracyFigure(id, tally) {
  const accuracy = tally.accuracy === null ? "—" : `${Math.round(tally.accuracy)}%`;
  const reviewed = tally.reviewed_matches
    ? `${tally.choices} choices in ${plural(tally.reviewed_matches, "reviewed match", "reviewed matches")}`
    : "after a finished match";
  return figure(id, "accuracy", accuracy, reviewed);
}

/** The accuracy in the latest finished matches, a bar each, with its legend. */
function recentChart(recent, id) {
  if (!recent.length) return [];
  const chart = accuracyChart(recent);
  chart.id = id;
  return [h("h3", { class: "stats-chart-title" }, "Accuracy in your latest matches"), chart,
    h("p", { class: "field-note stats-legend" },
      h("span", { class: "swatch won" }), "won ", h("span", { class: "swatch lost" }), "lost · W/L below each match")];
}

/** One game's section of the statistics (an entry of the server's `games`). */
function gameSection(game) {
  const id = `stats-${game.game}`;
  return h("section", { class: "stats-game", id },
    h("h3", { class: "stats-game-title" }, game.title),
    h("div", { class: "stats-grid" },
      figure(`${id}-matches`, "matches won", share(game.matches_won, game.matches),
        game.unfinished ? `${game.unfinished} in play` : null),
      ...(game.lines || []).map(([label, text]) =>
        figure(`${id}-${slug(label)}`, label.toLowerCase(), text)),
      accuracyFigure(`${id}-accuracy`, game)),
    ...recentChart(game.recent || [], `${id}-chart`));
}

/** The figures and charts of `stats` (the server's JSON), a section per game played. */
export function statsBody(stats) {
  const games = stats.games || [];
  if (!games.length) {
    return [h("p", { class: "muted", id: "stats-empty" }, "Finish a hand and your figures appear here.")];
  }
  return games.map(gameSection);
}

/** Fill `node` with the statistics of the seats held (`seats`: [{match_id, token}]). */
export async function fillStats(node, seats) {
  if (!seats.length) {
    node.replaceChildren(h("p", { class: "muted", id: "stats-empty" }, "Play a match and your figures appear here."));
    return;
  }
  try {
    const stats = await api.stats(seats.map((s) => ({ match_id: s.match_id, token: s.token })));
    node.replaceChildren(...statsBody(stats));
    node.dataset.ready = "true";
  } catch (error) {
    node.replaceChildren(h("p", { class: "error" }, error.message));
  }
}
