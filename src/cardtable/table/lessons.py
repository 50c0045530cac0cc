"""Lessons in progress, for any front end and any game that has one.

A lesson is its game's script played one answer at a time (:class:`cardtable.games.Lesson`).
What a lesson is, is its game and the answers given so far: with a store (the web table's),
those are kept in the database like a match's actions, so that any server process can carry
on a lesson another began, and a lesson untouched for :data:`LESSON_LIFETIME` seconds is
removed; without one (the terminal), in this process's memory, the oldest dropped past a
limit. Each process keeps the lessons it served lately as live sessions, and brings one up to
date from the store's answers when another process moved it on.

>>> lessons = Lessons()
>>> view = lessons.start("gin")
>>> view.step.key, lessons.select(view.lesson_id, "7S 7H 7D").step.key
('sets', 'runs')
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from cardtable.errors import IllegalActionError
from cardtable.games import AnyGame, GameView, Lesson, default_game, games
from cardtable.games.lessons import LessonHintView
from cardtable.store import Store
from cardtable.table.catalog import table_game
from cardtable.table.errors import NotFoundError
from cardtable.table.live import LruCache

__all__ = ["LESSON_LIFETIME", "MAX_LESSONS", "Lessons", "lesson_games"]

MAX_LESSONS: Final = 500  # live sessions a process keeps (all of them, without a store)
MAX_TEXT: Final = 200
LESSON_LIFETIME: Final = 6 * 3600.0  # seconds a stored lesson lives untouched
MAX_ANSWERS: Final = 500  # answers one lesson keeps: a script is some twenty steps

_GONE: Final = "no such lesson (it may have expired): start again"


def lesson_games() -> tuple[AnyGame, ...]:
    """The games that have a lesson, in the registry's order."""
    return tuple(g for g in games() if g.lesson is not None)


@dataclass(slots=True)
class _Live:
    game: AnyGame
    lesson: Lesson
    session: Any
    answers: list[tuple[str, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


class Lessons:
    """The guided lessons, one session per learner, each seen only as its game's lesson view.

    ``store``: where the lessons are kept (``None``: this process's memory only).
    """

    def __init__(
        self,
        store: Store | None = None,
        limit: int = MAX_LESSONS,
        lifetime: float = LESSON_LIFETIME,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._store = store
        self._live: LruCache[_Live] = LruCache(limit)
        self._lifetime = lifetime
        self._clock = clock

    def start(self, game: str | None = None) -> GameView:
        """A new lesson of ``game`` (the first game with a lesson when ``None``)."""
        chosen = _with_lesson(game)
        lesson = chosen.lesson
        assert lesson is not None
        lesson_id = secrets.token_urlsafe(12)
        if self._store is not None:
            self._store.create_lesson(lesson_id, chosen.name, self._clock() - self._lifetime)
        live = _Live(chosen, lesson, lesson.start())
        self._keep(lesson_id, live)
        return lesson.view(lesson_id, live.session, None)

    def view(self, lesson_id: str) -> GameView:
        live = self._current(lesson_id)
        with live.lock:
            return live.lesson.view(lesson_id, live.session, None)

    # A wrong move in the lesson is not an error: the coach explains it (``ok`` false), and
    # it changes nothing.

    def select(self, lesson_id: str, cards: str) -> GameView:
        """The learner shows a meld by selecting its cards (gin's lesson)."""
        return self._answer(lesson_id, "select", _short(cards))

    def act(self, lesson_id: str, action: str) -> GameView:
        """The learner's move; a wrong one is explained and changes nothing."""
        return self._answer(lesson_id, "act", _short(action))

    def advance(self, lesson_id: str) -> GameView:
        """Past a step that only explains."""
        return self._answer(lesson_id, "advance", "")

    def hint(self, lesson_id: str) -> LessonHintView:
        """The lesson's own hint for the step the learner is at (never the expert's advice on
        the hand, which may teach something else): there is one at every step."""
        live = self._current(lesson_id)
        with live.lock:
            return live.lesson.hint(live.session)

    # -- where the lessons are kept -----------------------------------------------------

    def _answer(self, lesson_id: str, kind: str, text: str) -> GameView:
        live = self._current(lesson_id)
        with live.lock:
            if len(live.answers) >= MAX_ANSWERS:
                raise IllegalActionError("this lesson has had enough answers: start again")
            seen = len(live.answers)
            outcome = live.lesson.answer(live.session, kind, text)
            live.answers.append((kind, text))
            if self._store is not None and not self._store.add_lesson_answer(
                lesson_id, live.answers, seen
            ):
                # Another request moved this lesson on (or it expired): this answer was not
                # kept. The next request rebuilds the lesson from what was.
                self._forget(lesson_id)
                if self._store.lesson(lesson_id) is None:
                    raise NotFoundError(_GONE)
                raise IllegalActionError("the lesson moved on meanwhile: look again")
            return live.lesson.view(lesson_id, live.session, outcome)

    def _current(self, lesson_id: str) -> _Live:
        live = self._live.get(lesson_id)
        if self._store is None:
            if live is None:
                raise NotFoundError(_GONE)
            return live
        stored = self._store.lesson(lesson_id)
        if stored is None:
            self._forget(lesson_id)
            raise NotFoundError(_GONE)
        name, answers = stored
        if live is not None and live.answers == answers:
            return live
        return self._rebuilt(lesson_id, name, answers)

    def _rebuilt(self, lesson_id: str, name: str, answers: list[tuple[str, str]]) -> _Live:
        """The lesson again from its stored answers (it was begun or moved on elsewhere)."""
        try:
            chosen = _with_lesson(name)
        except NotFoundError:
            raise NotFoundError(_GONE) from None
        lesson = chosen.lesson
        assert lesson is not None
        live = _Live(chosen, lesson, lesson.start())
        for kind, text in answers:
            lesson.answer(live.session, kind, text)
            live.answers.append((kind, text))
        self._keep(lesson_id, live)
        return live

    def _keep(self, lesson_id: str, live: _Live) -> None:
        self._live.put(lesson_id, live)

    def _forget(self, lesson_id: str) -> None:
        self._live.forget(lesson_id)


def _with_lesson(name: str | None) -> AnyGame:
    if name is None:
        having = lesson_games()
        chosen = having[0] if having else default_game()
    else:
        chosen = table_game(name)
    if chosen.lesson is None:
        names = ", ".join(g.name for g in lesson_games()) or "none"
        raise NotFoundError(f"no lesson for {chosen.name!r}: lessons are {names}")
    return chosen


def _short(text: str) -> str:
    if not isinstance(text, str):
        raise IllegalActionError(f"a lesson answer is text, not {text!r}")
    if len(text) > MAX_TEXT:
        raise IllegalActionError(f"a lesson answer is at most {MAX_TEXT} characters")
    return text
