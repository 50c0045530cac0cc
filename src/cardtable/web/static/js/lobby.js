// The lobby: set up a match (the computer at a level, or a friend by link), with a rules
// preset and any single setting changed; resume the matches this browser holds a seat in.

import { api } from "./api.js";
import { fill, h, toast } from "./dialogs.js";
import { prefs, rememberInvite, rememberSeat, seats, forgetSeat } from "./store.js";
import { cardElement } from "./cards.js";
import { rulesLink } from "./keys.js";

const LEVEL_NOTES = {
  beginner: "learning the ropes",
  intermediate: "a fair game",
  expert: "counts every card",
  simple: "the textbook baseline",
  random: "plays any legal move",
};

const PRESET_NOTES = {
  standard: "The common game: knock at 10, gin 25, undercut 25, to 100.",
  pagat: "Pagat and Bicycle: gin 20, undercut 10, boxes 20.",
  digital: "As online tables play it: big gin 31, dealer alternates.",
  straight: "Straight gin: no knocking, gin only.",
  oklahoma: "Oklahoma: the first upcard sets the knock limit; a spade doubles the hand.",
};

const NUMBER_SETTINGS = [
  ["knock_threshold", "Knock threshold", 0, 10],
  ["target", "Target score", 1, 10000],
  ["gin_bonus", "Gin bonus", 0, 1000],
  ["undercut_bonus", "Undercut bonus", 0, 1000],
  ["big_gin_bonus", "Big gin bonus (empty: off)", 0, 1000],
  ["game_bonus", "Game bonus", 0, 1000],
  ["line_bonus", "Box (line) bonus", 0, 1000],
];

const CHOICE_SETTINGS = [
  ["line_bonus_to", "Box bonuses go to", { both: "both players", winner: "the match winner only" }],
  ["shutout", "Shutout", {
    double_game_bonus: "game bonus doubled", double_total: "winner's total doubled", none: "no extra",
  }],
  ["next_dealer", "Next dealer", { winner: "winner of the hand", loser: "loser of the hand", alternate: "alternates" }],
  ["series_first_player", "First to play in the next match", {
    alternate: "alternates", loser: "loser of the match", winner: "winner of the match",
  }],
];

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

/** Every setting's input by key ({grid, inputs}), to show a preset and change any one. */
function settingsInputs() {
  const grid = h("div", { class: "settings-grid" });
  const inputs = {};
  for (const [key, label, min, max] of NUMBER_SETTINGS) {
    inputs[key] = h("input", { type: "number", id: `set-${key}`, min, max, step: 1, inputmode: "numeric" });
    grid.appendChild(field(label, inputs[key]));
  }
  for (const [key, label, choices] of CHOICE_SETTINGS) {
    inputs[key] = h("select", { id: `set-${key}` },
      ...Object.entries(choices).map(([value, text]) => h("option", { value }, text)));
    grid.appendChild(field(label, inputs[key]));
  }
  inputs.oklahoma = h("input", { type: "checkbox", id: "set-oklahoma" });
  grid.appendChild(h("label", { class: "field check" }, inputs.oklahoma, h("span", {}, "Oklahoma (upcard sets the knock limit)")));
  return { grid, inputs };
}

function fillSettings(inputs, values) {
  for (const [key, input] of Object.entries(inputs)) {
    const value = values[key];
    if (input.type === "checkbox") input.checked = Boolean(value);
    else input.value = value === null ? "" : String(value);
  }
}

/** The settings changed from the preset's `base`; null (told in a toast) when a number is not whole. */
function changedSettings(inputs, base) {
  const changed = {};
  for (const [key, input] of Object.entries(inputs)) {
    let value = input.value;
    if (input.type === "checkbox") value = input.checked;
    else if (input.type === "number") {
      if (input.value.trim() === "") value = key === "big_gin_bonus" ? null : base[key];
      else value = Number(input.value);
      if (value !== null && !Number.isInteger(value)) {
        toast(`${key.replace(/_/g, " ")} must be a whole number`, "error");
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
    this.render();
  }

  destroy() {}

  async render() {
    const form = h("form", { class: "panel new-match", id: "new-match", "aria-labelledby": "new-title" });
    const resume = h("div", { class: "panel resume", "aria-labelledby": "resume-title" },
      h("h2", { id: "resume-title" }, "Your matches"),
      h("div", { class: "match-list", id: "match-list" }, h("p", { class: "muted" }, "Looking…")));
    const learn = h("div", { class: "panel learn" },
      h("h2", {}, "New to gin rummy?"),
      h("p", {}, "A short guided hand on the real table: sets, runs, deadwood, drawing, discarding and knocking."),
      h("div", { class: "learn-links" },
        h("a", { class: "btn primary", href: "#/lesson", id: "start-lesson" }, "Take the lesson"),
        rulesLink({ class: "btn", id: "lobby-rules" })));
    const fan = h("div", { class: "hero-fan", "aria-hidden": "true" },
      ...["7S", "7H", "7D", "4H", "5H", "6H"].map((c) => cardElement(c, { classes: ["hero-card"] })));
    fill(this.root, h("section", { class: "lobby" },
      h("div", { class: "hero" }, fan,
        h("h1", {}, "Gin Rummy"),
        h("p", { class: "tagline" }, "Exact rules, a fair shuffle you can check, and a computer opponent that sees only its own cards.")),
      h("div", { class: "lobby-grid" }, form, h("div", { class: "lobby-side" }, resume, learn))));
    this.fillResume();
    try {
      this.options = await api.options();
    } catch (error) {
      form.replaceChildren(h("p", { class: "error" }, error.message));
      return;
    }
    this.fillForm(form);
  }

  fillForm(form) {
    const o = this.options;
    const last = prefs.lastSetup || {};
    const c = {
      name: h("input", { type: "text", id: "player-name", maxlength: 24, autocomplete: "nickname", placeholder: "You", value: last.name || "" }),
      opponent: opponentChoice(last),
      level: h("select", { id: "level" },
        ...o.levels.map((l) => h("option", { value: l, selected: l === (last.level || o.default_level) },
          `${l[0].toUpperCase()}${l.slice(1)}${LEVEL_NOTES[l] ? ` — ${LEVEL_NOTES[l]}` : ""}`))),
      preset: h("select", { id: "preset" },
        ...Object.keys(o.presets).map((p) => h("option", { value: p, selected: p === (last.preset || o.default_preset) },
          p[0].toUpperCase() + p.slice(1)))),
      start: h("button", { type: "submit", class: "btn primary big", id: "start-match" }, "Deal the cards"),
      ...settingsInputs(),
    };
    const presetNote = h("span", { class: "field-note", id: "preset-note" });
    const showPreset = () => {
      fillSettings(c.inputs, o.presets[c.preset.value]);
      presetNote.textContent = PRESET_NOTES[c.preset.value] || "";
    };
    const levelField = field("Computer level", c.level);
    const syncOpponent = () => {
      levelField.hidden = opponentOf(form) === "friend";
    };
    fill(form,
      h("h2", { id: "new-title" }, "New match"),
      field("Your name", c.name),
      h("div", { class: "field" }, h("span", { class: "field-label" }, "Play against"), c.opponent),
      levelField,
      field("Rules", c.preset, presetNote),
      h("details", { class: "custom" }, h("summary", {}, "Change any setting"), c.grid),
      h("div", { class: "form-actions" }, c.start));
    c.preset.addEventListener("change", showPreset);
    showPreset();
    c.opponent.addEventListener("change", syncOpponent);
    syncOpponent();
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit(form, c);
    });
  }

  /** Create the match the form describes and go to its table. */
  async submit(form, c) {
    const changed = changedSettings(c.inputs, this.options.presets[c.preset.value]);
    if (!changed) return;
    const opponent = opponentOf(form);
    const body = { opponent, preset: c.preset.value, settings: changed, name: c.name.value.trim() };
    if (opponent === "computer") body.level = c.level.value;
    prefs.lastSetup = { name: body.name, opponent, level: c.level.value, preset: c.preset.value };
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
      const me = match.seat;
      const names = match.players.map((p) => p.name);
      const scores = match.scores || [0, 0];
      const active = match.status === "active";
      const status = active
        ? `Hand ${match.hand_number || 1} · ${scores[me]} – ${scores[1 - me]}`
        : `Finished · ${match.winner === me ? "you won" : `${names[1 - me]} won`}`;
      rows.push({ active, node: h("a", {
        class: `match-row ${active ? "active" : "finished"}`,
        href: `#/play/${seat.match_id}/${seat.token}`,
        dataset: { match: seat.match_id },
      },
      h("span", { class: "match-vs" }, `vs ${names[1 - me]}`),
      h("span", { class: "match-status" }, status),
      h("span", { class: "match-go" }, active ? "Resume" : "View")) });
    }
    rows.sort((a, b) => Number(b.active) - Number(a.active));
    const side = list.closest(".lobby-side");
    if (side) side.classList.toggle("has-active", rows.some((r) => r.active));
    list.replaceChildren(...(rows.length ? rows.map((r) => r.node)
      : [h("p", { class: "muted" }, "No matches yet. Deal one!")]));
  }
}
