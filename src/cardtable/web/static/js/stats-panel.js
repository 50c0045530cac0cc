// The lobby's "Your statistics": the figures the server counts over the seats this browser
// holds (POST /api/players/me/stats: hands and matches won, gins, undercuts, the average
// deadwood of your knocks, your accuracy in the coach's review) and the chart of the latest
// finished matches; and a Cribbage section (games and skunks won, hands, the average show
// of your hand and of your crib, points pegged per hand, your accuracy) once you have played
// Cribbage. The page only lays them out.

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
const number = (value) => (value === null || value === undefined ? "—" : String(value));
const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;

// The accuracy figure and its note, the same for both games.
function accuracyFigure(id, tally) {
  const accuracy = tally.accuracy === null ? "—" : `${Math.round(tally.accuracy)}%`;
  const reviewed = tally.reviewed_matches
    ? `${tally.choices} choices in ${plural(tally.reviewed_matches, "reviewed match", "reviewed matches")}`
    : "after a finished match";
  return figure(id, "accuracy", accuracy, reviewed);
}

/** The Cribbage section of `crib` (the server's "cribbage" figures), or null without any. */
function cribbageSection(crib) {
  if (!crib || (!crib.hands && !crib.matches)) return null;
  return h("section", { class: "stats-game", id: "stats-cribbage" },
    h("h3", { class: "stats-game-title" }, "Cribbage"),
    h("div", { class: "stats-grid" },
      figure("crib-stat-matches", "matches won", share(crib.matches_won, crib.matches),
        crib.unfinished ? `${crib.unfinished} in play` : null),
      figure("crib-stat-games", "games won", share(crib.games_won, crib.games),
        crib.skunks ? plural(crib.skunks, "skunk", "skunks") : null),
      figure("crib-stat-hands", "hands played", String(crib.hands)),
      figure("crib-stat-show", "average hand show", number(crib.average_hand_show)),
      figure("crib-stat-crib", "average crib", number(crib.average_crib), "when you dealt"),
      figure("crib-stat-pegged", "pegged per hand", number(crib.pegged_per_hand)),
      accuracyFigure("crib-stat-accuracy", crib)),
    ...recentChart(crib.recent || [], "crib-stats-chart"));
}

/** The accuracy in the latest finished matches, a bar each, with its legend. */
function recentChart(recent, id) {
  if (!recent.length) return [];
  const chart = accuracyChart(recent);
  if (id) chart.id = id;
  return [h("h3", { class: "stats-chart-title" }, "Accuracy in your latest matches"), chart,
    h("p", { class: "field-note stats-legend" },
      h("span", { class: "swatch won" }), "won ", h("span", { class: "swatch lost" }), "lost · W/L below each match")];
}

/** The figures and chart of `stats` (the server's JSON). */
export function statsBody(stats) {
  const crib = cribbageSection(stats.cribbage);
  if (!stats.hands && !stats.matches) {
    return crib ? [crib] : [h("p", { class: "muted", id: "stats-empty" }, "Finish a hand and your figures appear here.")];
  }
  const deadwood = stats.average_knock_deadwood === null ? "—" : String(stats.average_knock_deadwood);
  const grid = h("div", { class: "stats-grid" },
    figure("stat-matches", "matches won", share(stats.matches_won, stats.matches),
      stats.unfinished ? `${stats.unfinished} in play` : null),
    figure("stat-hands", "hands won", share(stats.hands_won, stats.hands)),
    figure("stat-gins", "gins", String(stats.gins)),
    figure("stat-undercuts", "undercuts", String(stats.undercuts),
      stats.undercut_against ? `undercut ${stats.undercut_against}×` : null),
    figure("stat-deadwood", "deadwood at knocks", deadwood,
      stats.knocks ? `average of ${stats.knocks} ${stats.knocks === 1 ? "knock" : "knocks"}` : null),
    accuracyFigure("stat-accuracy", stats));
  const parts = crib ? [h("h3", { class: "stats-game-title" }, "Gin Rummy"), grid] : [grid];
  parts.push(...recentChart(stats.recent));
  const others = Object.entries(stats.other_games || {});
  for (const [game, tally] of others) {
    parts.push(h("p", { class: "small muted", id: `stats-${game}` },
      `${game[0].toUpperCase()}${game.slice(1)}: ${share(tally.matches_won, tally.matches)} matches won.`));
  }
  if (crib) parts.push(crib);
  return parts;
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
