// The lobby: set up a match of a game (any game the server's registry offers: the computer
// at a level, or a friend by link), with a rules preset and any single setting changed;
// resume the matches this browser holds a seat in (their rules, dates and score; delete
// one); and the player's statistics over those seats (stats-panel.js). What each game's form
// asks, and what the lobby says of it, come from GET /api/options (games.js).

import { api, sentence } from "./api.js";
import { fill, h, openModal, toast } from "./dialogs.js";
import { prefs, rememberInvite, rememberSeat, seats, forgetSeat } from "./store.js";
import { cardElement } from "./cards.js";
import { rulesLink } from "./keys.js";
import { gameTitle, lessonUrl, rulesUrl, setGame } from "./game-chrome.js";
import { firstGame, gameInfo, knownGames, loadGames } from "./games.js";
import { fillStats } from "./stats-panel.js";

/** When a match began and last moved, as this browser's clock and language write them. */
function datesText(match) {
  const started = new Date(match.created_at);
  const moved = new Date(match.updated_at);
  const thisYear = started.getFullYear() === new Date().getFullYear();
  const day = (d) => d.toLocaleDateString(undefined, { day: "numeric", month: "short", year: thisYear ? undefined : "numeric" });
  const time = (d) => d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  const last = day(moved) === day(started) ? time(moved) : `${day(moved)}, ${time(moved)}`;
  return `Started ${day(started)}, ${time(started)} · last move ${last}`;
}

/** The rules as the server names them: the nearest preset and the settings changed from it. */
function rulesText(match) {
  const label = match.rules_label;
  if (!label) return "";
  const preset = label.preset[0].toUpperCase() + label.preset.slice(1);
  const changed = Object.entries(label.changed).map(([key, value]) =>
    `${key.replace(/_/g, " ")} ${value === null ? "off" : value === true ? "on" : value === false ? "off" : value}`);
  return changed.length ? `${preset} rules · ${changed.join(", ")}` : `${preset} rules`;
}

/** One match of "Your matches": opponent, score, rules, dates; open it, or delete it. */
function matchRow(match, seat, onDelete) {
  const me = match.seat;
  const names = match.players.map((p) => p.name);
  const scores = match.scores || [0, 0];
  const active = match.status === "active";
  // A match of several games (game_number) names the game of it the hand is in.
  const stage = match.game_number ? `Game ${match.game_number}, hand` : "Hand";
  const status = active
    ? `${stage} ${match.hand_number || 1} · ${scores[me]} – ${scores[1 - me]}`
    : `Finished · ${match.winner === me ? "you won" : `${names[1 - me]} won`} · ${scores[me]} – ${scores[1 - me]}`;
  const link = h("a", { class: "match-open", href: `#/play/${seat.match_id}/${seat.token}` },
    h("span", { class: "match-vs" }, `vs ${names[1 - me]}`,
      knownGames().length > 1 && gameInfo(match.game) ? h("span", { class: "chip game-chip" }, gameTitle(match.game)) : null),
    h("span", { class: "match-status" }, status),
    h("span", { class: "match-rules" }, rulesText(match)),
    h("span", { class: "match-dates" }, datesText(match)),
    h("span", { class: "match-go" }, active ? "Resume" : "View"));
  const remove = h("button", {
    type: "button", class: "btn small ghost match-delete", "aria-label": `Delete the match against ${names[1 - me]}`,
    title: "Delete this match", onclick: onDelete,
  }, "Delete");
  const row = h("div", { class: `match-row ${active ? "active" : "finished"}`, dataset: { match: seat.match_id } }, link, remove);
  // The whole row opens the match (a click beside the link's text too), except Delete.
  row.addEventListener("click", (event) => {
    if (!event.target.closest(".match-delete, .match-open")) link.click();
  });
  return row;
}

function field(label, control, note = null) {
  return h("label", { class: "field" },
    h("span", { class: "field-label" }, label), control, note ? h("span", { class: "field-note" }, note) : null);
}

function opponentChoice(last) {
  const radio = (value, text, checked) => h("label", {},
    h("input", { type: "radio", name: "opponent", value, checked }), h("span", {}, text));
  return h("div", { class: "segmented", role: "radiogroup", "aria-label": "Opponent" },
    radio("computer", "Computer", last.opponent !== "friend"),
    radio("friend", "A friend", last.opponent === "friend"));
}

function opponentOf(form) {
  return form.querySelector("input[name=opponent]:checked").value;
}

function gameChoice(game, games) {
  const radio = (value, text) => h("label", {},
    h("input", { type: "radio", name: "game", value, checked: value === game }), h("span", {}, text));
  return h("div", { class: "segmented game-choice", role: "radiogroup", "aria-label": "Game" },
    ...games.map((g) => radio(g.game, g.title)));
}

/** Every setting's input by key ({grid, inputs}), to show a preset and change any one: the
 * game's settings as the server lists them (numbers with their bounds, then choices, then
 * switches). */
function settingsInputs(fields) {
  const grid = h("div", { class: "settings-grid" });
  const inputs = {};
  const of = (kind) => fields.filter((f) => f.kind === kind);
  for (const f of of("int")) {
    inputs[f.name] = h("input", { type: "number", id: `set-${f.name}`, min: f.low, max: f.high, step: 1, inputmode: "numeric", title: f.help });
    grid.appendChild(field(f.label, inputs[f.name]));
  }
  for (const f of of("choice")) {
    inputs[f.name] = h("select", { id: `set-${f.name}`, title: f.help },
      ...f.choices.map(([value, text]) => h("option", { value }, text)));
    grid.appendChild(field(f.label, inputs[f.name]));
  }
  for (const f of of("switch")) {
    inputs[f.name] = h("input", { type: "checkbox", id: `set-${f.name}` });
    grid.appendChild(h("label", { class: "field check", title: f.help }, inputs[f.name], h("span", {}, f.label)));
  }
  return { grid, inputs };
}

function fillSettings(inputs, values) {
  for (const [key, input] of Object.entries(inputs)) {
    const value = values[key];
    if (input.type === "checkbox") input.checked = Boolean(value);
    else input.value = value === null ? "" : String(value);
  }
}

/** The settings changed from the preset's `base`; null (told in a toast) when a number is
 * not whole. An empty number is "off" for the settings that may be off (`optional`). */
function changedSettings(inputs, base, optional) {
  const changed = {};
  for (const [key, input] of Object.entries(inputs)) {
    let value = input.value;
    if (input.type === "checkbox") value = input.checked;
    else if (input.type === "number") {
      if (input.value.trim() === "") value = optional.includes(key) ? null : base[key];
      else value = Number(input.value);
      if (value !== null && !Number.isInteger(value)) {
        toast(sentence(`${key.replace(/_/g, " ")} must be a whole number`), "error");
        input.focus();
        return null;
      }
    }
    if (value !== base[key]) changed[key] = value;
  }
  return changed;
}

export class Lobby {
  constructor(root) {
    this.root = root;
    this.game = (prefs.lastSetup || {}).game || null; // the registry's first when unknown
    this.draft = null; // the name and opponent typed before switching game
    this.render();
  }

  destroy() {
    this.destroyed = true;
  }

  async render() {
    try {
      await loadGames();
    } catch (error) {
      fill(this.root, h("section", { class: "panel notice" }, h("h2", {}, "The table cannot be reached"),
        h("p", {}, error.message)));
      return;
    }
    if (this.destroyed) return;
    if (!gameInfo(this.game)) this.game = firstGame().game;
    const game = this.game;
    const o = gameInfo(game);
    const about = o.about;
    setGame(game);
    const form = h("form", { class: "panel new-match", id: "new-match", "aria-labelledby": "new-title" });
    const resume = h("div", { class: "panel resume", "aria-labelledby": "resume-title" },
      h("h2", { id: "resume-title" }, "Your matches"),
      h("div", { class: "match-list", id: "match-list" }, h("p", { class: "muted" }, "Looking…")));
    const stats = h("div", { class: "panel stats", id: "stats-panel", "aria-labelledby": "stats-title" },
      h("h2", { id: "stats-title" }, "Your statistics"),
      h("div", { class: "stats-body", id: "stats-body" }, h("p", { class: "muted" }, "Counting…")));
    const learn = about.learn || o.rules_url ? h("div", { class: "panel learn" },
      h("h2", {}, about.learn ? about.learn[0] : `New to ${o.title}?`),
      about.learn ? h("p", {}, about.learn[1]) : null,
      h("div", { class: "learn-links" },
        o.lesson ? h("a", { class: "btn primary", href: lessonUrl(game), id: "start-lesson" }, "Take the lesson") : null,
        o.rules_url ? rulesLink({ class: "btn", id: "lobby-rules" }) : null)) : null;
    const fan = h("div", { class: "hero-fan", "aria-hidden": "true", dataset: { cards: String(about.hero.length) } },
      ...about.hero.map((c) => cardElement(c, { classes: ["hero-card"] })));
    fill(this.root, h("section", { class: "lobby", dataset: { game } },
      h("div", { class: "hero" }, fan,
        h("h1", {}, gameTitle(game)),
        h("p", { class: "tagline" }, about.tagline)),
      h("div", { class: "lobby-grid" }, form, h("div", { class: "lobby-side" }, resume, stats, learn))));
    this.fillResume();
    fillStats(document.getElementById("stats-body"), seats());
    this.fillForm(form);
  }

  /** Another game chosen: the lobby again for it, keeping what was typed. */
  switchGame(game, c, form) {
    if (game === this.game) return;
    this.draft = { name: c.name.value, opponent: opponentOf(form) };
    this.game = game;
    this.render();
  }

  fillForm(form) {
    const game = this.game;
    const o = gameInfo(game);
    const words = o.about;
    const saved = prefs.lastSetup || {};
    const same = (saved.game || firstGame().game) === game;
    const last = { ...(same ? saved : { name: saved.name, opponent: saved.opponent }), ...(this.draft || {}) };
    const c = {
      game: gameChoice(game, knownGames()),
      name: h("input", { type: "text", id: "player-name", maxlength: 24, autocomplete: "nickname", placeholder: "You", value: last.name || "" }),
      opponent: opponentChoice(last),
      level: h("select", { id: "level" },
        ...o.levels.map((l) => h("option", { value: l, selected: l === (o.levels.includes(last.level) ? last.level : o.default_level) },
          `${l[0].toUpperCase()}${l.slice(1)}${words.levels[l] ? ` — ${words.levels[l]}` : ""}`))),
      preset: h("select", { id: "preset" },
        ...Object.keys(o.presets).map((p) => h("option", { value: p, selected: p === (o.presets[last.preset] ? last.preset : o.default_preset) },
          p[0].toUpperCase() + p.slice(1)))),
      start: h("button", { type: "submit", class: "btn primary big", id: "start-match" }, "Deal the cards"),
      ...settingsInputs(o.fields),
    };
    const presetNote = h("span", { class: "field-note", id: "preset-note" });
    // What every setting does and each preset's values: the rules page's generated table.
    const presetRules = o.rules_url ? rulesLink({ id: "preset-rules", class: "field-link", href: `${rulesUrl(game)}#settings` },
      `Rules and settings of ${gameTitle(game)}`) : null;
    const showPreset = () => {
      fillSettings(c.inputs, o.presets[c.preset.value]);
      presetNote.textContent = words.presets[c.preset.value] || "";
    };
    const levelField = field("Computer level", c.level);
    const syncOpponent = () => {
      levelField.hidden = opponentOf(form) === "friend";
    };
    const games = knownGames().length > 1
      ? h("div", { class: "field" }, h("span", { class: "field-label" }, "Game"), c.game) : null;
    fill(form,
      h("h2", { id: "new-title" }, "New match"),
      games,
      field("Your name", c.name),
      h("div", { class: "field" }, h("span", { class: "field-label" }, "Play against"), c.opponent),
      levelField,
      field("Rules", c.preset, presetNote),
      presetRules ? h("p", { class: "field-note preset-rules" }, presetRules) : null,
      h("details", { class: "custom" }, h("summary", {}, "Change any setting"), c.grid),
      h("div", { class: "form-actions" }, c.start));
    c.preset.addEventListener("change", showPreset);
    showPreset();
    c.opponent.addEventListener("change", syncOpponent);
    syncOpponent();
    c.game.addEventListener("change", () => this.switchGame(form.querySelector("input[name=game]:checked").value, c, form));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit(form, c);
    });
  }

  /** Create the match the form describes and go to its table. */
  async submit(form, c) {
    const game = this.game;
    const o = gameInfo(game);
    const optional = o.fields.filter((f) => f.optional).map((f) => f.name);
    const changed = changedSettings(c.inputs, o.presets[c.preset.value], optional);
    if (!changed) return;
    const opponent = opponentOf(form);
    const body = { opponent, preset: c.preset.value, settings: changed, name: c.name.value.trim() };
    body.game = game;
    if (opponent === "computer") body.level = c.level.value;
    prefs.lastSetup = { name: body.name, opponent, level: c.level.value, preset: c.preset.value, game };
    c.start.disabled = true;
    try {
      const created = await api.create(body);
      rememberSeat(created.match_id, created.token, 0);
      if (created.invite) rememberInvite(created.match_id, created.invite.token);
      location.hash = `#/play/${created.match_id}/${created.token}`;
    } catch (error) {
      toast(error.message, "error");
      c.start.disabled = false;
    }
  }

  /** Ask, then delete the match on the server and forget its seat here. */
  confirmDelete(match, seat) {
    const opponent = match.players[1 - match.seat].name;
    openModal({
      title: "Delete this match?",
      className: "confirm-modal",
      body: h("p", {}, `The match against ${opponent} is removed from the table for good`
        + (match.players[1 - match.seat].kind === "human" ? `, for ${opponent} too.` : ".")),
      actions: [
        // Keeping it is the default (focused: Enter keeps the match).
        { label: "Delete", id: "delete-confirm", onClick: () => this.deleteMatch(seat) },
        { label: "Keep it", primary: true, id: "delete-cancel" },
      ],
    });
  }

  async deleteMatch(seat) {
    try {
      await api.remove(seat.match_id, seat.token);
    } catch (error) {
      if (error.status !== 404) { // gone already: forgotten all the same
        toast(error.message, "error");
        return false;
      }
    }
    forgetSeat(seat.match_id, seat.token);
    toast("The match is deleted");
    this.fillResume();
    fillStats(document.getElementById("stats-body"), seats());
    return true;
  }

  async fillResume() {
    const list = document.getElementById("match-list");
    const held = seats();
    if (!held.length) {
      list.replaceChildren(h("p", { class: "muted" }, "No matches yet. Deal one!"));
      return;
    }
    let found;
    try {
      found = (await api.lookup(held.map((s) => ({ match_id: s.match_id, token: s.token })))).matches;
    } catch (error) {
      list.replaceChildren(h("p", { class: "error" }, error.message));
      return;
    }
    const byId = new Map(found.map((m) => [`${m.id}:${m.seat}`, m]));
    const rows = [];
    for (const seat of held) {
      const match = byId.get(`${seat.match_id}:${seat.seat}`);
      if (!match) {
        forgetSeat(seat.match_id, seat.token);
        continue;
      }
      rows.push({
        active: match.status === "active",
        moved: Date.parse(match.updated_at) || 0,
        node: matchRow(match, seat, () => this.confirmDelete(match, seat)),
      });
    }
    // Matches in play first, as this browser last opened them; then the finished ones, the
    // newest first (the server's time of each one's last move).
    rows.sort((a, b) => Number(b.active) - Number(a.active) || (a.active ? 0 : b.moved - a.moved));
    const side = list.closest(".lobby-side");
    if (side) side.classList.toggle("has-active", rows.some((r) => r.active));
    list.replaceChildren(...(rows.length ? rows.map((r) => r.node)
      : [h("p", { class: "muted" }, "No matches yet. Deal one!")]));
  }
}
