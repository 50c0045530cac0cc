// What a guided lesson is on a game's own felt, in any game: the lesson dealt (or why it
// could not be), each try sent to the server, which says whether it is what the step asks
// (the coach's reply shown when it is not), the other answers a step takes (Next past a
// step that only explains), and the coach's panel with the step to do. Each game's lesson
// (in its package's web folder) says how its view is drawn, its hints and how it ends.
//
// A game's lesson provides: `apply(view)`, `finish()`, and `stepTaken()` (what a step
// answered rightly clears; nothing by default).

import { api } from "./api.js";
import { withSymbols } from "./cards.js";
import { fill, h, lobbyNotice, toast } from "./dialogs.js";
import { shortcutsTable } from "./keys.js";

export const LessonSeat = (Base) => class extends Base {
  /** Deal the lesson of `game` and show its first step. */
  async startLesson(game) {
    this.loading();
    try {
      const view = await api.lessonNew(game);
      this.lessonId = view.lesson_id;
      this.apply(view);
    } catch (error) {
      this.root.replaceChildren(lobbyNotice("The lesson cannot start", error.message));
    }
  }

  /** One answer to the step (`{action}`, `{advance: true}`, or what the game's steps take):
   * the view after it, the coach's reply shown when it is not what the step asks. */
  async answer(body) {
    const view = await api.lessonStep(this.lessonId, body);
    if (!view.ok) toast(withSymbols(view.lesson.message || "Not quite."), "coach");
    return view;
  }

  send(text) {
    return this.answer({ action: text });
  }

  /** An answer that is not a move (Next, or the game's own), one request at a time. */
  step(body) {
    return this.whileBusy(async () => {
      const view = await this.answer(body);
      if (view.ok) this.stepTaken();
      this.apply(view);
    });
  }

  stepTaken() {}

  /** The coach's panel into `side`: `heading` and where the lesson is, the step's words,
   * the reply to the last try, and what to do on the table (`todo`) or the button on (Next,
   * Finish at the end); the keys below. */
  drawCoach(side, heading, todo) {
    const step = this.view.lesson;
    const next = h("button", {
      type: "button", class: "btn primary", id: "lesson-next",
      onclick: () => (step.finished ? this.finish() : this.step({ advance: true })),
    }, step.finished ? "Finish" : "Next");
    const progress = h("div", { class: "progress", role: "progressbar", "aria-valuemin": 0, "aria-valuemax": step.total, "aria-valuenow": step.index + 1 },
      ...Array.from({ length: step.total }, (_, i) => h("i", { class: i < step.index ? "done" : i === step.index ? "now" : "" })));
    fill(side, h("section", { class: "panel coach", id: "coach", "aria-live": "polite" },
      h("p", { class: "coach-step" }, `${heading} · step ${step.index + 1} of ${step.total}`),
      progress,
      h("h2", { id: "coach-title" }, step.title),
      h("p", { class: "coach-text", id: "coach-text" }, withSymbols(step.text)),
      step.message ? h("p", { class: "coach-message" }, withSymbols(step.message)) : null,
      todo ? h("p", { class: "coach-todo" }, todo) : next),
    h("section", { class: "panel keys" }, h("h2", {}, "Keyboard"), shortcutsTable()));
  }
};
