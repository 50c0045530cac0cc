// The lobby's "Your statistics": the figures the server counts over the seats this browser
// holds (POST /api/players/me/stats: hands and matches won, gins, undercuts, the average
// deadwood of your knocks, your accuracy in the coach's review) and the chart of the latest
// finished matches. The page only lays them out.

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

/** The figures and chart of `stats` (the server's JSON). */
export function statsBody(stats) {
  if (!stats.hands && !stats.matches) {
    return [h("p", { class: "muted", id: "stats-empty" }, "Finish a hand of Gin Rummy and your figures appear here.")];
  }
  const accuracy = stats.accuracy === null ? "—" : `${Math.round(stats.accuracy)}%`;
  const reviewed = stats.reviewed_matches
    ? `${stats.choices} choices in ${stats.reviewed_matches} reviewed ${stats.reviewed_matches === 1 ? "match" : "matches"}`
    : "after a finished match";
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
    figure("stat-accuracy", "accuracy", accuracy, reviewed));
  const parts = [grid];
  if (stats.recent.length) {
    parts.push(h("h3", { class: "stats-chart-title" }, "Accuracy in your latest matches"),
      accuracyChart(stats.recent),
      h("p", { class: "field-note stats-legend" },
        h("span", { class: "swatch won" }), "won ", h("span", { class: "swatch lost" }), "lost · W/L below each match"));
  }
  const others = Object.entries(stats.other_games || {});
  for (const [game, tally] of others) {
    parts.push(h("p", { class: "small muted", id: `stats-${game}` },
      `${game[0].toUpperCase()}${game.slice(1)}: ${share(tally.matches_won, tally.matches)} matches won.`));
  }
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
