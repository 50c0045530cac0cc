// The side panel of a Cribbage match: the score (points, game points), the invitation link
// for a friend and your name at a friend's table, the card tracker (a learning aid, off
// until asked for; the lay-away advisor sits by the hand), the table's settings, the hand so
// far in words, the games of the match, the fair deal (the commitment before the deal, the
// last deal's checks, the command that checks it anywhere), the finished deals to replay, the
// keys; once the match is over, the way on to the next match (the pieces both games show are
// seat-panels.js). `table` is a CribbageView.

import { fill, h } from "/static/js/dialogs.js";
import {
  fairPanel, invitePanel, keysPanel, namePanel, overPanel, replaysPanel, scoreRow, scoreboard,
} from "/static/js/seat-panels.js";
import { gamesTable } from "./cribbage-dialogs.js";
import { settingsPanel, trackerPanel } from "/static/js/learning-aids.js";
import { CRIBBAGE_AIDS, CRIBBAGE_TRACKER } from "./cribbage-aids.js";
import { eventPoints, eventText } from "./cribbage-words.js";

function rulesSummary(r) {
  const bits = [`to ${r.target}`];
  bits.push(r.skunk_line === null ? "no skunks" : `skunk below ${r.skunk_line}`);
  if (r.double_skunk_line !== null) bits.push(`double below ${r.double_skunk_line}`);
  bits.push(r.muggins ? "muggins on" : "muggins off");
  if (r.match_points !== null) bits.push(`match to ${r.match_points} game points`);
  else if (r.games > 1) bits.push(`${r.games} games`);
  return bits.join(" · ");
}

function cribbageScoreboard(table) {
  const v = table.view;
  const row = (s) => scoreRow(table, s, {
    note: `${v.game_points[s]} game point${v.game_points[s] === 1 ? "" : "s"}`,
    noteTitle: "game points",
    score: v.board.pegs[s],
    target: v.board.target,
  });
  const stage = v.status === "finished" ? "Final" : `Game ${v.game_number}, hand ${v.hand_number}`;
  return scoreboard(table, row, `${stage} · ${rulesSummary(v.rules)}`);
}

function handLog(table) {
  const v = table.view;
  const me = v.seat;
  if (!v.events.length) return null;
  return h("section", { class: "panel hand-log" }, h("h2", {}, `Hand ${v.hand_number} so far`),
    h("ol", { class: "event-log", id: "event-log" }, ...v.events.map((e) => {
      const points = eventPoints(e);
      return h("li", { class: e.seat === me ? "mine" : "theirs" },
        h("span", {}, eventText(e, me, table.names)),
        points[me] ? h("span", { class: "step-points mine" }, `+${points[me]}`) : null,
        points[1 - me] ? h("span", { class: "step-points theirs" }, `+${points[1 - me]}`) : null);
    })));
}

function gamesPanel(table) {
  const v = table.view;
  if (!v.games.length) return null;
  return h("section", { class: "panel games-panel" }, h("h2", {}, "Games"), gamesTable(v, table.names));
}

/** Draw the side panel of `table` into `side`. */
export function drawCribbageSide(table, side) {
  fill(side,
    overPanel(table),
    cribbageScoreboard(table),
    invitePanel(table),
    namePanel(table),
    trackerPanel(table, CRIBBAGE_TRACKER),
    settingsPanel(table, CRIBBAGE_AIDS, "cribbage"),
    handLog(table),
    gamesPanel(table),
    fairPanel(table, "cribbage"),
    replaysPanel(table),
    keysPanel());
}
