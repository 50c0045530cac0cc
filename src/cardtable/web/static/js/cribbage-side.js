// The side panel of a Cribbage match: the score (points, game points), the card tracker
// (a learning aid, off until asked for; the lay-away advisor sits by the hand), the invitation
// link for a friend, the table's settings, the hand so far in words, the games of the match,
// the fair deal (the commitment before the deal, the last deal's checks), the finished deals
// to replay, the keys; once the match is over, the way on to the next match. `table` is a
// CribbageView.

import { fill, h, toast } from "./dialogs.js";
import { shortcutsTable } from "./keys.js";
import { fairnessList } from "./showdown.js";
import { inviteFor } from "./store.js";
import { rematchNote } from "./rematch.js";
import { gamesTable } from "./cribbage-dialogs.js";
import { CRIBBAGE_AIDS, CRIBBAGE_TRACKER, settingsPanel, trackerPanel } from "./learning-aids.js";
import { eventPoints, eventText } from "./cribbage-words.js";

function bar(percent) {
  const inner = h("i");
  inner.style.width = `${percent}%`;
  return h("div", { class: "score-bar", "aria-hidden": "true" }, inner);
}

function rulesSummary(r) {
  const bits = [`to ${r.target}`];
  bits.push(r.skunk_line === null ? "no skunks" : `skunk below ${r.skunk_line}`);
  if (r.double_skunk_line !== null) bits.push(`double below ${r.double_skunk_line}`);
  bits.push(r.muggins ? "muggins on" : "muggins off");
  if (r.match_points !== null) bits.push(`match to ${r.match_points} game points`);
  else if (r.games > 1) bits.push(`${r.games} games`);
  return bits.join(" · ");
}

function scoreboard(table) {
  const v = table.view;
  const seat = v.seat;
  const names = table.names;
  const row = (s) => h("div", { class: `score-row ${s === seat ? "mine" : "theirs"}` },
    h("span", { class: "score-name" }, s === seat && names[s] !== "You" ? `${names[s]} (you)` : names[s]),
    h("span", { class: "score-boxes", title: "game points" }, `${v.game_points[s]} game point${v.game_points[s] === 1 ? "" : "s"}`),
    h("strong", { class: "score-value", id: s === seat ? "my-score" : "their-score" }, String(v.board.pegs[s])),
    bar(Math.min(100, (100 * v.board.pegs[s]) / v.board.target)));
  const stage = v.status === "finished" ? "Final" : `Game ${v.game_number}, hand ${v.hand_number}`;
  return h("section", { class: "panel scoreboard", "aria-label": "Score" }, row(seat), row(1 - seat),
    h("p", { class: "rules-line" }, `${stage} · ${rulesSummary(v.rules)}`));
}

async function copyLink(input, link) {
  input.select();
  try {
    await navigator.clipboard.writeText(link);
    toast("Link copied: send it to your friend.");
  } catch (error) {
    document.execCommand("copy");
    toast("Link selected: copy it and send it to your friend.");
  }
}

function invitePanel(table) {
  const v = table.view;
  const invite = v.seat === 0 && v.players[1].kind === "human" ? inviteFor(table.matchId) : null;
  if (!invite || v.status !== "active") return null;
  const link = `${location.origin}/#/play/${table.matchId}/${invite}`;
  const input = h("input", { type: "text", readonly: true, value: link, id: "invite-link", "aria-label": "Invitation link" });
  const copy = h("button", { type: "button", class: "btn small", id: "copy-invite", onclick: () => copyLink(input, link) }, "Copy");
  const here = table.online[1];
  return h("section", { class: `panel invite ${here ? "joined" : ""}` },
    h("h2", {}, here ? `${table.names[1]} is at the table` : "Invite your friend"),
    h("p", { class: "small" }, "This link seats them opposite you. Anyone with it can play that seat."),
    h("div", { class: "invite-row" }, input, copy));
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

function fairPanel(table) {
  const v = table.view;
  const fair = h("section", { class: "panel fair", id: "fair-panel" }, h("h2", {}, "Fair deal"));
  if (v.commitment) {
    fair.append(h("p", { class: "small" }, "Before this deal the table committed to its shuffle:"),
      h("code", { class: "hash", id: "commitment", title: v.commitment }, v.commitment));
  }
  const last = v.last_hand;
  if (last) {
    fair.append(h("p", { class: "small" }, `Deal ${last.deal}: seed revealed and checked in this page.`),
      fairnessList(table.verification(last), last.seed),
      h("p", { class: "small muted" }, "The hash is SHA-256 of ", h("code", {}, "ginrummy-seed:<seed>"),
        "; the shuffle is the table's, the same for every game."));
  }
  return fair;
}

function replaysPanel(table) {
  const finished = table.finishedDeals;
  if (finished < 1) return null;
  return h("section", { class: "panel replays" }, h("h2", {}, "Replay a finished hand"),
    h("div", { class: "replay-deals" }, ...Array.from({ length: finished }, (_, i) => h("button", {
      type: "button", class: "btn small", dataset: { deal: i + 1 }, onclick: () => table.openReplay(i + 1),
    }, `Deal ${i + 1}`))));
}

function overPanel(table) {
  const v = table.view;
  if (v.status !== "finished") return null;
  return h("section", { class: "panel over" }, h("h2", {}, "Match over"),
    h("button", { type: "button", class: "btn", id: "show-final", onclick: () => table.showFinal() }, "Final score"),
    h("button", { type: "button", class: "btn primary", id: "next-match", onclick: () => table.nextMatch() },
      v.next_match ? "Next match" : "Rematch"),
    rematchNote(table, "small rematch-note"),
    h("a", { class: "btn", href: "#/", id: "different-match-side" }, "Different match"),
    v.next_match ? h("p", { class: "small muted", id: "next-match-ready" }, "The next match of the series is dealt: the same seats, the same links.") : null);
}

/** Draw the side panel of `table` into `side`. */
export function drawCribbageSide(table, side) {
  fill(side,
    overPanel(table),
    scoreboard(table),
    invitePanel(table),
    trackerPanel(table, CRIBBAGE_TRACKER),
    settingsPanel(table, CRIBBAGE_AIDS),
    handLog(table),
    gamesPanel(table),
    fairPanel(table),
    replaysPanel(table),
    h("section", { class: "panel keys" }, h("h2", {}, "Keyboard"), shortcutsTable()));
}
