"""What every game's guided lesson shares on a line: the loop over the steps of the shared
lessons (:class:`cardtable.table.Lessons`), each step's heading and words, the question the
step asks, ``h`` for the lesson's hint with the answer to type, ``q`` (or the end of input)
to stop. Each game's lesson (its own, in the game's ``tui`` package) says how its table
reads, what a step asks, how a typed answer is sent and how the lesson ends.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Generic, TextIO, TypeVar

from cardtable.table import Lessons
from cardtable.tui.cards import symbolise
from cardtable.tui.lesson_base import AnyLessonView, hint_lines

__all__ = ["PlainLessonLoop"]


L = TypeVar("L", bound=AnyLessonView)


class PlainLessonLoop(ABC, Generic[L]):
    """A game's lesson one line at a time, over its lesson's views ``L``."""

    def __init__(
        self, inp: TextIO, out: TextIO, *, ascii_only: bool = False, prompt: bool = False
    ) -> None:
        self.lessons = Lessons()
        self.view: L = self.first_view()
        self.inp = inp
        self.out = out
        self.ascii = ascii_only
        self.prompt = prompt
        self._events_seen = 0

    # -- what each game says ---------------------------------------------------------------

    @abstractmethod
    def first_view(self) -> L:
        """The first step's view (the game's lesson, started in :attr:`lessons`)."""

    @abstractmethod
    def show_table(self) -> None:
        """The table at this step: what happened since the last, the cards in view."""

    @abstractmethod
    def end_lines(self) -> list[str]:
        """The lines that end the lesson (after the last step's words and table)."""

    @abstractmethod
    def ask(self) -> str:
        """What the step asks the learner to type."""

    @abstractmethod
    def answer(self, text: str) -> bool:
        """Send one typed answer; the coach's word on it is said, and True when it was
        right (the lesson has moved on)."""

    def hint_keys(self) -> str:
        return "h for a hint"

    def hint_said(self) -> list[str]:
        """The lesson's hint for the step, and the answer to type."""
        return hint_lines(self.lessons.hint(self.view.lesson_id), self.ascii)

    # -- the loop ------------------------------------------------------------------------

    def say(self, *lines: str) -> None:
        for line in lines:
            self.out.write(line + "\n")
        self.out.flush()

    def run(self) -> int:
        while True:
            step = self.view.step
            self.say(
                "",
                f"Step {step.index + 1} of {step.total}: {step.title}",
                symbolise(step.text, self.ascii),
            )
            self.show_table()
            if step.finished:
                self.say(*self.end_lines())
                return 0
            if not self._do_step():
                self.say("Lesson stopped.")
                return 0

    def _do_step(self) -> bool:
        """Answer the step until the answer is right; False when the learner stops."""
        ask = self.ask()
        keys = self.hint_keys()
        while True:
            self.say(f"{ask}; {keys}, q stops.")
            if self.prompt:
                self.out.write("> ")
                self.out.flush()
            try:
                line = self.inp.readline()
            except UnicodeDecodeError:
                continue  # a line that is not text: the step asks again
            if not line or line.strip().lower() in ("q", "quit"):
                return False
            text = line.strip()
            if text.lower() in ("h", "hint"):
                self.say(*self.hint_said())
                continue
            if self.answer(text):
                return True
