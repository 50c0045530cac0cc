"""Lessons in progress, for any front end: a lesson is short and needs no saving, so the
sessions live in memory, the oldest dropped past a limit."""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from typing import Final

from cardtable.errors import IllegalActionError
from cardtable.gin.lesson import LessonSession
from cardtable.gin.players.hints import hint
from cardtable.table.errors import NotFoundError, NotYourTurnError
from cardtable.table.gin_views import HintView, LessonView, hint_view, lesson_view

__all__ = ["MAX_LESSONS", "Lessons"]

MAX_LESSONS: Final = 500
MAX_TEXT: Final = 200


class Lessons:
    """The guided lesson, one session per learner, each seen only as a :class:`LessonView`.

    >>> lessons = Lessons()
    >>> view = lessons.start()
    >>> view.step.key, lessons.select(view.lesson_id, "7S 7H 7D").step.key
    ('sets', 'runs')
    """

    def __init__(self, limit: int = MAX_LESSONS) -> None:
        self._sessions: OrderedDict[str, LessonSession] = OrderedDict()
        self._lock = threading.Lock()
        self._limit = limit

    def start(self) -> LessonView:
        lesson_id = secrets.token_urlsafe(12)
        session = LessonSession()
        with self._lock:
            self._sessions[lesson_id] = session
            while len(self._sessions) > self._limit:
                self._sessions.popitem(last=False)
        return lesson_view(lesson_id, session)

    def _session(self, lesson_id: str) -> LessonSession:
        with self._lock:
            session = self._sessions.get(lesson_id)
            if session is None:
                raise NotFoundError("no such lesson (it may have expired): start again")
            self._sessions.move_to_end(lesson_id)
            return session

    def view(self, lesson_id: str) -> LessonView:
        return lesson_view(lesson_id, self._session(lesson_id))

    # A wrong move in the lesson is not an error: the coach explains it (``ok`` false). The
    # steps of one session come one at a time from its learner, so no lock is needed there.

    def select(self, lesson_id: str, cards: str) -> LessonView:
        """The learner shows a meld by selecting its cards."""
        session = self._session(lesson_id)
        return lesson_view(lesson_id, session, session.select(_short(cards)))

    def act(self, lesson_id: str, action: str) -> LessonView:
        """The learner's move; a wrong one is explained and changes nothing."""
        session = self._session(lesson_id)
        return lesson_view(lesson_id, session, session.act(_short(action)))

    def advance(self, lesson_id: str) -> LessonView:
        """Past a step that only explains."""
        session = self._session(lesson_id)
        return lesson_view(lesson_id, session, session.advance())

    def hint(self, lesson_id: str) -> HintView:
        observation = self._session(lesson_id).observation()
        if not observation.legal_actions():
            raise NotYourTurnError("nothing to play just now")
        return hint_view(hint(observation))


def _short(text: str) -> str:
    if len(text) > MAX_TEXT:
        raise IllegalActionError(f"a lesson answer is at most {MAX_TEXT} characters")
    return text
