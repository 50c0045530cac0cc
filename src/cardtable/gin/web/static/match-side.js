// The side panel of a gin match: the score with boxes, the invitation link for a friend,
// your name at a friend's table, the learning aids and the table's settings, the chart and
// the score sheet, the fair deal (the commitment, the last hand's checks), the finished
// deals to replay, and once the match is over, the way on to the next match (the pieces
// both games show are seat-panels.js). `table` is a MatchView.

import { scoreChart } from "/static/js/chart.js";
import { fill, h } from "/static/js/dialogs.js";
import { scoreSheet } from "./showdown.js";
import { settingsPanel, trackerPanel } from "/static/js/learning-aids.js";
import { AIDS, GIN_TRACKER } from "./gin-aids.js";
import {
  fairPanel, invitePanel, keysPanel, namePanel, overPanel, replaysPanel, scoreRow, scoreboard,
} from "/static/js/seat-panels.js";

function rulesSummary(r) {
  const bits = [r.oklahoma ? "Oklahoma" : r.knock_threshold === 0 ? "straight gin" : `knock ≤ ${r.knock_threshold}`];
  bits.push(`gin +${r.gin_bonus}`, `undercut +${r.undercut_bonus}`);
  if (r.big_gin_bonus !== null) bits.push(`big gin +${r.big_gin_bonus}`);
  bits.push(`box ${r.line_bonus}`);
  return bits.join(" · ");
}

function ginScoreboard(table) {
  const v = table.view;
  const row = (s) => scoreRow(table, s, {
    note: v.boxes[s] ? `${v.boxes[s]} box${v.boxes[s] === 1 ? "" : "es"}` : "",
    noteTitle: "hands won (boxes)",
    score: v.scores[s],
    target: v.rules.target,
  });
  const stage = v.status === "finished" ? "Final" : `Hand ${v.hand_number}`;
  return scoreboard(table, row, `${stage} · to ${v.rules.target} · ${rulesSummary(v.rules)}`);
}

/** Draw the side panel of `table` into `side`. */
export function drawMatchSide(table, side) {
  const v = table.view;
  fill(side,
    overPanel(table),
    ginScoreboard(table),
    invitePanel(table),
    namePanel(table),
    trackerPanel(table, GIN_TRACKER),
    settingsPanel(table, AIDS, "gin"),
    h("section", { class: "panel chart-panel" }, h("h2", {}, "Scores by hand"),
      scoreChart(v.sheet, table.names, v.seat, v.rules.target)),
    h("section", { class: "panel" }, h("h2", {}, "Score sheet"), scoreSheet(v.sheet, table.names, v.seat, v.boxes)),
    fairPanel(table, "gin"),
    replaysPanel(table),
    keysPanel());
}
