// The guided Cribbage lesson (#/lesson/cribbage) on the real felt: the coach's panel with the
// step to do; each try sent to the server, which says whether it is what the step asks; the
// show laid out at the end. The lesson's view is drawn by the same felt as a match: this
// fills in what a lesson has no use for (the board's target, the games).

import { api } from "/static/js/api.js";
import { withSymbols } from "/static/js/cards.js";
import { h, openModal } from "/static/js/dialogs.js";
import { LessonSeat } from "/static/js/lesson-seat.js";
import { prefs } from "/static/js/store.js";
import { showLayout } from "./cribbage-show.js";
import { CribbageTable } from "./cribbage-table.js";

/** The phase of the lesson's hand, told by what the learner may do now. */
function phaseOf(lesson) {
  const step = lesson.lesson;
  if (step.action && step.action.startsWith("count")) return "count";
  const legal = lesson.legal_actions;
  if (legal.some((a) => a.startsWith("discard"))) return "discard";
  if (legal.length || lesson.starter) return "play";
  return "discard";
}

/** The lesson's view in the shape of a match's seat view (what the felt draws). */
function asTable(lesson) {
  const step = lesson.lesson;
  const phase = phaseOf(lesson);
  const acting = !step.is_info && !step.finished && (lesson.legal_actions.length > 0 || phase === "count");
  const me = lesson.seat;
  const played = lesson.events.filter((e) => e.seat === me && e.action.startsWith("play")).map((e) => e.action.split(" ")[1]);
  return {
    ...lesson,
    status: "active",
    phase,
    to_act: acting ? me : 1 - me,
    my_turn: acting,
    opponent_laid_away: lesson.events.some((e) => e.seat !== me && e.action.startsWith("discard")),
    plays: lesson.count_cards,
    said_go: [false, false],
    board: { pegs: lesson.pegs, back_pegs: lesson.pegs, target: 121, skunk_line: null, double_skunk_line: null },
    game_points: [0, 0],
    game_number: 1,
    hand_number: 1,
    counting: phase === "count" && acting
      ? { seat: me, kind: "hand", cards: played, starter: lesson.starter, stated: null } : null,
  };
}

export class CribbageLessonView extends LessonSeat(CribbageTable) {
  constructor(root) {
    super(root, "lesson");
    this.startLesson("cribbage");
  }

  apply(lesson) {
    if (this.destroyed) return;
    this.lesson = lesson;
    this.setView(asTable(lesson), true);
    this.render();
    if (lesson.lesson.finished && lesson.shows.length && !this.showShown) {
      this.showShown = true;
      this.showShow();
    }
  }

  /** The lesson's own hint for its step (the felt shows its text), at every step but the
   * last: one that only explains says to read on. */
  fetchHint() {
    return api.lessonHint(this.lessonId);
  }

  get canHint() {
    return !this.lesson.lesson.finished;
  }

  /** "Do it": the step's own answer (the count's number included), or on past a step that
   * only explains. */
  followHint() {
    const hint = this.hint;
    if (!hint) return;
    if (hint.kind === "next") this.advance();
    else if (hint.kind === "finish") this.finish();
    else this.act(hint.action);
  }

  /** Past a step that only explains. */
  advance() {
    return this.step({ advance: true });
  }

  /** The felt's status line for a step that only explains. */
  statusText() {
    const step = this.lesson.lesson;
    if (step.finished) return "The lesson is over: well played.";
    if (step.is_info) return "Read the coach, then press Next.";
    return null;
  }

  showShow() {
    const lesson = this.lesson;
    openModal({
      title: "The show",
      className: "crib-show-modal won",
      body: h("div", {},
        showLayout({ shows: lesson.shows, winner: null }, lesson.seat, this.names),
        h("p", {}, withSymbols(lesson.lesson.text))),
      actions: [{
        label: "Play a real match",
        primary: true,
        id: "lesson-done",
        onClick: () => {
          prefs.lastSetup = { ...(prefs.lastSetup || {}), game: "cribbage" };
          location.hash = "#/";
        },
      }],
    });
  }

  finish() {
    if (this.lesson.shows.length) this.showShow();
    else location.hash = "#/";
  }

  renderSide(side) {
    const step = this.lesson.lesson;
    const counting = step.action && step.action.startsWith("count");
    const todo = step.is_info || step.finished ? null : counting ? "Count it in the box on the table." : "Do it on the table.";
    this.drawCoach(side, "Cribbage lesson", todo);
  }
}
