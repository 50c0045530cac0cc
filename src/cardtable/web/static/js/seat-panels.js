// The side-panel pieces a seat at a match shows in both games (match-side.js for gin,
// cribbage-side.js): the invitation link for a friend, your name at a friend's table, the
// fair deal with the command that checks it anywhere, the finished deals to replay, the way
// on once the match is over, and the keys. `table` is a match view (match-seat.js).

import { api } from "./api.js";
import { h, openModal, toast } from "./dialogs.js";
import { shortcutsTable } from "./keys.js";
import { rematchNote } from "./rematch.js";
import { fairnessList } from "./fairness.js";
import { inviteFor, prefs } from "./store.js";

export function bar(percent) {
  const inner = h("i");
  inner.style.width = `${percent}%`;
  return h("div", { class: "score-bar", "aria-hidden": "true" }, inner);
}

/** The score panel: this seat's row, then the opponent's, each drawn by `row(seat)`
 * (scoreRow), and `line` under them (the stage of the match and its rules). */
export function scoreboard(table, row, line) {
  const seat = table.view.seat;
  return h("section", { class: "panel scoreboard", "aria-label": "Score" }, row(seat), row(1 - seat),
    h("p", { class: "rules-line" }, line));
}

/** A player's row on the scoreboard: the name, `note` (titled `noteTitle`: what else the
 * game counts), the score and its bar toward `target`. */
export function scoreRow(table, s, { note, noteTitle, score, target }) {
  const seat = table.view.seat;
  const names = table.names;
  return h("div", { class: `score-row ${s === seat ? "mine" : "theirs"}` },
    h("span", { class: "score-name" }, s === seat && names[s] !== "You" ? `${names[s]} (you)` : names[s]),
    h("span", { class: "score-boxes", title: noteTitle }, note),
    h("strong", { class: "score-value", id: s === seat ? "my-score" : "their-score" }, String(score)),
    bar(Math.min(100, (100 * score) / target)));
}

function selectAll(node) {
  if (node.select) {
    node.select();
    return;
  }
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}

/** Copy `text` (shown in `node`, selected meanwhile); say so, or that it is selected. */
async function copyText(node, text, copied, selected) {
  selectAll(node);
  try {
    await navigator.clipboard.writeText(text);
    toast(copied);
  } catch (error) {
    document.execCommand("copy");
    toast(selected);
  }
}

function copyLink(input, link) {
  return copyText(input, link, "Link copied: send it to your friend.", "Link selected: copy it and send it to your friend.");
}

export function invitePanel(table) {
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

/** Ask for this seat's name and send it; the server checks it and both pages get it. */
function openNameDialog(table) {
  const v = table.view;
  const mine = v.players[v.seat].name;
  const remembered = (prefs.lastSetup || {}).name || "";
  const input = h("input", {
    type: "text", id: "name-input", maxlength: 24, autocomplete: "nickname",
    value: mine === "Friend" ? remembered : mine, "aria-label": "Your name",
  });
  const save = async () => {
    try {
      const done = await api.rename(table.matchId, table.token, input.value.trim());
      prefs.lastSetup = { ...(prefs.lastSetup || {}), name: done.player.name };
      toast(`You play as ${done.player.name}`);
      return true;
    } catch (error) {
      toast(error.message, "error");
      input.focus();
      return false; // the dialog stays open
    }
  };
  const form = h("form", { class: "name-form", id: "name-form" }, input);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    document.getElementById("name-save").click();
  });
  openModal({
    title: "Your name at this table",
    className: "name-modal",
    body: h("div", {}, h("p", { class: "small" }, `${v.players[1 - v.seat].name} sees it beside your score.`), form),
    actions: [{ label: "Cancel", id: "name-cancel" }, { label: "Save", primary: true, id: "name-save", onClick: save }],
  });
  input.focus();
}

/** At a friend's table: the name you play under, and the way to change it. */
export function namePanel(table) {
  const v = table.view;
  if (v.status !== "active" || v.players.some((p) => p.kind !== "human")) return null;
  const mine = v.players[v.seat].name;
  const unnamed = v.seat === 1 && mine === "Friend"; // the default a link's seat is given
  return h("section", { class: "panel name-panel", id: "name-panel" },
    h("p", { class: "small" }, "You play as ", h("strong", { id: "my-name" }, mine)),
    h("button", { type: "button", class: `btn small${unnamed ? " primary" : ""}`, id: "change-name", onclick: () => openNameDialog(table) },
      unnamed ? `Tell ${v.players[0].name} your name` : "Change your name"));
}

/** The whole command to check the last deal on any machine, to select or copy at a tap. */
function verifyCommand(command) {
  const code = h("code", { class: "command", id: "verify-command", tabindex: 0, title: "The whole command: select it or press Copy" }, command);
  const copy = h("button", {
    type: "button", class: "btn small", id: "copy-verify", "aria-label": "Copy the verify command",
    onclick: () => copyText(code, command, "Command copied: paste it in a terminal.", "Command selected: copy it and paste it in a terminal."),
  }, "Copy");
  return h("div", { class: "verify" },
    h("p", { class: "small muted" }, "Or on any machine:"),
    h("div", { class: "command-row" }, code, copy));
}

/** The fair deal: the commitment before this deal, and the last deal's seed checked in
 * this page, with the command that checks it on any machine (`game`'s verify). */
export function fairPanel(table, game) {
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
      verifyCommand(`cardtable ${game} verify ${last.seed} ${last.commitment}`));
  }
  return fair;
}

export function replaysPanel(table) {
  const finished = table.finishedDeals;
  if (finished < 1) return null;
  return h("section", { class: "panel replays" }, h("h2", {}, "Replay a finished hand"),
    h("div", { class: "replay-deals" }, ...Array.from({ length: finished }, (_, i) => h("button", {
      type: "button", class: "btn small", dataset: { deal: i + 1 }, onclick: () => table.openReplay(i + 1),
    }, `Deal ${i + 1}`))));
}

/** Match over: the final score again, the next match of the series, or a different one. */
export function overPanel(table) {
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

/** The keyboard shortcuts of this table. */
export function keysPanel() {
  return h("section", { class: "panel keys" }, h("h2", {}, "Keyboard"), shortcutsTable());
}
