// The guided lesson (#/lesson) on the real felt: the coach's panel with the step to do, the
// cards picked to name a meld, each try sent to the server, which says whether it is what
// the step asks; the showdown at the end.

import { api } from "/static/js/api.js";
import { withSymbols } from "/static/js/cards.js";
import { fill, h, openModal, toast } from "/static/js/dialogs.js";
import { shortcutsTable } from "/static/js/keys.js";
import { layout, scoreLineText, showdownTitle } from "./showdown.js";
import { TableBase } from "./table-base.js";

export class LessonView extends TableBase {
  constructor(root) {
    super(root, "lesson");
    this.start();
  }

  async start() {
    this.loading();
    try {
      const view = await api.lessonNew();
      this.lessonId = view.lesson_id;
      this.apply(view);
    } catch (error) {
      this.root.replaceChildren(h("section", { class: "panel notice" },
        h("h2", {}, "The lesson cannot start"), h("p", {}, error.message),
        h("a", { class: "btn primary", href: "#/" }, "Back to the lobby")));
    }
  }

  apply(view) {
    if (this.destroyed) return;
    // A new step, or a move made: the hint (and its glow on a pile or card) was for before.
    const old = this.view;
    const moved = !old || old.lesson.index !== view.lesson.index
      || old.observation.events.length !== view.observation.events.length
      || old.observation.phase !== view.observation.phase;
    this.setView(view, { newDeal: Boolean(old), moved });
    this.render();
    if (this.obs.result && !this.lessonShown) {
      this.lessonShown = true;
      this.showShowdown();
    }
  }

  get selecting() {
    return Boolean(this.view.lesson.select);
  }

  async send(text) {
    const view = await api.lessonStep(this.lessonId, { action: text });
    if (!view.ok) toast(withSymbols(view.lesson.message), "coach");
    return view;
  }

  /** The lesson's own hint for its step, in the shape the felt draws (felt.js). */
  async fetchHint() {
    const hint = await api.lessonHint(this.lessonId);
    const label = { select: `select ${hint.action}`, next: "read on, then Next", finish: "the lesson is over" }[hint.kind];
    return { ...hint, label: label || hint.action, explanation: hint.text, alternatives: [] };
  }

  /** "Do it": the step's own answer, as the step takes it (the lesson's knock is the best
   * layout, so it is sent as it is, without the knock dialog). */
  followHint() {
    const hint = this.hint;
    if (!hint) return;
    if (hint.kind === "select") this.step({ select: hint.action });
    else if (hint.kind === "next") this.step({ advance: true });
    else if (hint.kind === "finish") this.finish();
    else this.act(hint.action);
  }

  /** Send a step's answer: the picked cards, or "next". */
  step(body) {
    return this.whileBusy(async () => {
      const view = await api.lessonStep(this.lessonId, body);
      if (!view.ok) toast(withSymbols(view.lesson.message || "Not quite."), "coach");
      else this.picks.clear();
      this.apply(view);
    });
  }

  /** The felt's status line while the step asks for no move: the hand waits for the lesson. */
  statusText() {
    const lesson = this.view.lesson;
    if (lesson.finished) return "The lesson is over: well played.";
    if (lesson.select) return `Name the ${lesson.key === "sets" ? "set" : "run"}: tap its cards, then check.`;
    if (lesson.is_info) return "Read the coach, then press Next.";
    return null;
  }

  /** While the step asks for a meld: the button that names the picked cards one. */
  selectionTools() {
    if (!this.selecting) return null;
    const lesson = this.view.lesson;
    return h("button", {
      type: "button", class: "btn primary", id: "check-meld", disabled: this.picks.size < 3,
      onclick: () => this.step({ select: [...this.picks].join(" ") }),
    }, `That's a ${lesson.key === "sets" ? "set" : "run"}`);
  }

  showShowdown() {
    const result = this.obs.result;
    openModal({
      title: showdownTitle(result, this.names, 0),
      className: "showdown-modal won",
      body: h("div", {},
        layout(result, this.names, 0),
        h("p", { class: "score-line" }, scoreLineText(result, this.obs.rules)),
        h("p", {}, withSymbols(this.view.lesson.text))),
      actions: [
        { label: "Play a real match", primary: true, id: "lesson-done", onClick: () => { location.hash = "#/"; } },
      ],
    });
  }

  finish() {
    if (this.obs.result) this.showShowdown();
    else location.hash = "#/";
  }

  renderSide(side) {
    const lesson = this.view.lesson;
    const next = h("button", {
      type: "button", class: "btn primary", id: "lesson-next",
      onclick: () => (lesson.finished ? this.finish() : this.step({ advance: true })),
    }, lesson.finished ? "Finish" : "Next");
    const progress = h("div", { class: "progress", role: "progressbar", "aria-valuemin": 0, "aria-valuemax": lesson.total, "aria-valuenow": lesson.index + 1 },
      ...Array.from({ length: lesson.total }, (_, i) => h("i", { class: i < lesson.index ? "done" : i === lesson.index ? "now" : "" })));
    const todo = lesson.select ? "Tap the cards, then check." : lesson.action ? "Do it on the table." : null;
    fill(side, h("section", { class: "panel coach", id: "coach", "aria-live": "polite" },
      h("p", { class: "coach-step" }, `Lesson · step ${lesson.index + 1} of ${lesson.total}`),
      progress,
      h("h2", { id: "coach-title" }, lesson.title),
      h("p", { class: "coach-text", id: "coach-text" }, withSymbols(lesson.text)),
      lesson.message ? h("p", { class: "coach-message" }, withSymbols(lesson.message)) : null,
      todo ? h("p", { class: "coach-todo" }, todo) : next),
    h("section", { class: "panel keys" }, h("h2", {}, "Keyboard"), shortcutsTable()));
  }
}
