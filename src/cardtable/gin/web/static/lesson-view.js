// The guided gin lesson (#/lesson/gin) on the real felt: what every game's lesson does
// (lesson-seat.js: each try sent to the server, which says whether it is what the step asks;
// the coach's panel), the cards picked to name a meld, and the showdown at the end.

import { api } from "/static/js/api.js";
import { withSymbols } from "/static/js/cards.js";
import { h, openModal } from "/static/js/dialogs.js";
import { LessonSeat } from "/static/js/lesson-seat.js";
import { layout, scoreLineText, showdownTitle } from "./showdown.js";
import { TableBase } from "./table-base.js";

export class LessonView extends LessonSeat(TableBase) {
  constructor(root) {
    super(root, "lesson");
    this.startLesson("gin");
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

  /** A meld named rightly: its cards are no longer picked. */
  stepTaken() {
    this.picks.clear();
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
    const todo = lesson.select ? "Tap the cards, then check." : lesson.action ? "Do it on the table." : null;
    this.drawCoach(side, "Lesson", todo);
  }
}
