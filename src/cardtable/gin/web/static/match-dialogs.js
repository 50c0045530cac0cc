// The dialogs of a match: the showdown after each hand (both hands laid out, the points, the
// score sheet, the fair-deal checks) and the final score (every bonus, the chart, the sheet;
// replay a hand, the rematch: the next match of the series, its first dealer named, or a
// different match from the lobby).
// Each returns openModal's options for a MatchView (`table`).

import { scoreChart } from "/static/js/chart.js";
import { h } from "/static/js/dialogs.js";
import { fairDeal, finalActions, nextHandActions, nextMatchNote } from "/static/js/match-dialog-parts.js";
import { finalTotals, layout, scoreLineText, scoreSheet, showdownTitle } from "./showdown.js";
import { accuracyBadge } from "/static/js/review.js";
import { rematchNote } from "/static/js/rematch.js";

function outcomeClass(result, seat) {
  if (result.winner === null) return "";
  return result.winner === seat ? "won" : "lost";
}

/** The showdown of `last` (the view's last_hand); `done` runs when it is closed. */
export function showdownDialog(table, last, done) {
  const v = table.view;
  const seat = v.seat;
  const result = last.result;
  return {
    title: showdownTitle(result, table.names, seat),
    className: `showdown-modal outcome-${result.outcome} ${outcomeClass(result, seat)}`,
    body: h("div", {},
      layout(result, table.names, seat, last.layouts),
      h("p", { class: "score-line" }, scoreLineText(result, v.rules)),
      accuracyBadge({ matchId: table.matchId, token: table.token, seat }, table.finishedDeals),
      h("div", { class: "running" }, h("h3", {}, "Score sheet"), scoreSheet(v.sheet, table.names, seat, v.boxes)),
      fairDeal(table.verification(last), last.seed)),
    onClose: done,
    actions: nextHandActions(v),
  };
}

/** The final score; its New match deals the next match of the series at this table. */
export function finalDialog(table) {
  const v = table.view;
  const won = v.final.winner === v.seat;
  return {
    title: won ? "You won the match!" : `${table.names[v.final.winner]} won the match`,
    className: `final-modal ${won ? "won" : "lost"}`,
    body: h("div", {},
      finalTotals(v.final, v.rules, table.names, v.seat),
      rematchNote(table, "next-note rematch-note"),
      accuracyBadge({ matchId: table.matchId, token: table.token, seat: v.seat }),
      h("h3", {}, "Scores by hand"),
      scoreChart(v.sheet, table.names, v.seat, v.rules.target),
      h("h3", {}, "Score sheet"),
      scoreSheet(v.sheet, table.names, v.seat, v.boxes),
      nextMatchNote(v)),
    actions: finalActions(table),
  };
}
