// The dialogs of a Cribbage match: the show after each hand (how the play ended, every
// combination of both hands and the crib, where the pegs went, the fair-deal checks) and the
// end of the match (each game with its winner and whether it was a skunk, the game points).
// Each returns openModal's options for a CribbageView (`table`).

import { api } from "/static/js/api.js";
import { fill, h } from "/static/js/dialogs.js";
import { fairDeal, finalActions, nextHandActions, nextMatchNote } from "/static/js/match-dialog-parts.js";
import { rematchNote } from "/static/js/rematch.js";
import { eventText, who, winKind } from "./cribbage-words.js";
import { pegsLine, showLayout } from "./cribbage-show.js";
import { accuracyBadge } from "/static/js/review.js";

/** The end of the play: the steps after your last move of the hand, from its replay. */
async function playEnd(table, deal, box) {
  let replay;
  try {
    replay = await api.replay(table.matchId, table.token, deal);
  } catch (error) {
    return; // the show is complete without it
  }
  const me = table.view.seat;
  const steps = replay.steps.filter((s) => !s.action.startsWith("count") && s.action !== "muggins" && s.action !== "accept");
  let from = steps.length - 1;
  while (from > 0 && steps[from - 1].seat !== me) from -= 1;
  const last = steps.slice(Math.max(0, from - 1));
  fill(box, h("h3", {}, "The end of the play"),
    h("ul", { class: "play-end-list" }, ...last.map((s) => h("li", {}, eventText(s, me, table.names)))));
}

function title(table, last) {
  const me = table.view.seat;
  if (last.winner === null) return `The show · deal ${last.deal}`;
  return last.winner === me ? "You won the game!" : `${table.names[last.winner]} won the game`;
}

/** The show of `last` (the view's last_hand); `done` runs when it is closed. */
export function showDialog(table, last, done) {
  const v = table.view;
  const me = v.seat;
  const end = h("div", { class: "play-end", id: "play-end" });
  playEnd(table, last.deal, end);
  return {
    title: title(table, last),
    className: `crib-show-modal ${last.winner === null ? "" : last.winner === me ? "won" : "lost"}`,
    body: h("div", {},
      end,
      h("h3", {}, "The show"),
      showLayout(last, me, table.names),
      h("p", { class: "score-line", id: "pegs-line" }, pegsLine(last, me, table.names)),
      fairDeal(table.verification(last), last.seed)),
    onClose: done,
    actions: nextHandActions(v),
  };
}

/** Every game of the match: its winner, the points, what the win counted. */
export function gamesTable(view, names) {
  const me = view.seat;
  const order = [me, 1 - me];
  const body = h("tbody", {}, ...view.games.map((g) => h("tr", {},
    h("td", {}, String(g.number)),
    h("td", {}, who(g.winner, me, names),
      g.kind !== "game" ? h("span", { class: "badge skunk-badge", title: `won by ${winKind(g.kind)}` }, g.kind) : null),
    ...order.map((s) => h("td", { class: "num" }, String(g.pegs[s]))),
    h("td", { class: "num" }, `+${g.game_points}`))));
  if (!view.games.length) body.appendChild(h("tr", {}, h("td", { colspan: 5, class: "muted" }, "No game finished yet.")));
  return h("table", { class: "sheet games-sheet" },
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "Game"),
      h("th", { scope: "col" }, "Won by"),
      ...order.map((s) => h("th", { scope: "col", class: "num" }, who(s, me, names))),
      h("th", { scope: "col", class: "num" }, "Game points"))),
    body,
    h("tfoot", {}, h("tr", {},
      h("th", { scope: "row", colspan: 2 }, "Game points"),
      ...order.map((s) => h("td", { class: "num" }, String(view.game_points[s]))),
      h("td", {}, ""))));
}

function skunkRule(r) {
  if (r.skunk_line === null) return "No skunks in these rules.";
  const double = r.double_skunk_line === null ? ""
    : `; below ${r.double_skunk_line}, a double skunk counts ${r.double_skunk_games}`;
  return `A loser below ${r.skunk_line} is skunked: the game counts ${r.skunk_games}${double}.`;
}

/** The end of the match; its Rematch deals the next match of the series at this table. */
export function finalDialog(table) {
  const v = table.view;
  const me = v.seat;
  const final = v.final;
  const won = final.winner === me;
  const skunks = v.games.filter((g) => g.kind !== "game");
  return {
    title: won ? "You won the match!" : `${table.names[final.winner]} won the match`,
    className: `final-modal crib-final ${won ? "won" : "lost"}`,
    body: h("div", {},
      h("p", { class: "final-verdict", id: "final-verdict" },
        `${won ? "You win" : `${table.names[final.winner]} wins`} ${final.game_points[final.winner]}–${final.game_points[1 - final.winner]} in game points`,
        ...skunks.map((g) => h("span", { class: "badge" }, g.kind))),
      gamesTable(v, table.names),
      // The coach's figure for the whole match, as in gin's final dialog (review.js).
      accuracyBadge({ matchId: table.matchId, token: table.token, seat: me }),
      rematchNote(table, "next-note rematch-note"),
      h("p", { class: "muted small" },
        `Games won: you ${final.games_won[me]}, ${table.names[1 - me]} ${final.games_won[1 - me]}. ${skunkRule(v.rules)}`),
      nextMatchNote(v)),
    actions: finalActions(table),
  };
}
