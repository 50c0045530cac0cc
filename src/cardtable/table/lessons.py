"""Lessons in progress, for any front end: a lesson is short and needs no saving, so the
sessions live in memory, the oldest dropped past a limit."""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from typing import Final

from cardtable.cribbage.lesson import LessonSession as CribbageSession
from cardtable.cribbage.lesson import StepOutcome as CribbageOutcome
from cardtable.errors import IllegalActionError
from cardtable.gin.lesson import LessonSession
from cardtable.gin.lesson import StepOutcome as GinOutcome
from cardtable.table import cribbage_views
from cardtable.table.errors import NotFoundError
from cardtable.table.gin_views import LessonView, lesson_view
from cardtable.table.lesson_hint import LessonHintView, lesson_hint

__all__ = ["LESSON_GAMES", "MAX_LESSONS", "AnyLessonView", "LessonHintView", "Lessons"]

AnyLessonView = LessonView | cribbage_views.LessonView
Session = LessonSession | CribbageSession
LESSON_GAMES: Final = ("gin", "cribbage")

MAX_LESSONS: Final = 500
MAX_TEXT: Final = 200


def _view(lesson_id: str, session: Session, outcome: object = None) -> AnyLessonView:
    if isinstance(session, CribbageSession):
        assert outcome is None or isinstance(outcome, CribbageOutcome)
        return cribbage_views.lesson_view(lesson_id, session, outcome)
    assert outcome is None or isinstance(outcome, GinOutcome)
    return lesson_view(lesson_id, session, outcome)


class Lessons:
    """The guided lessons (one per game), one session per learner, each seen only as its
    game's lesson view.

    >>> lessons = Lessons()
    >>> view = lessons.start()
    >>> view.step.key, lessons.select(view.lesson_id, "7S 7H 7D").step.key
    ('sets', 'runs')
    """

    def __init__(self, limit: int = MAX_LESSONS) -> None:
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()
        self._limit = limit

    def start(self, game: str = "gin") -> AnyLessonView:
        if game not in LESSON_GAMES:
            raise NotFoundError(f"no lesson for {game!r}: lessons are {', '.join(LESSON_GAMES)}")
        lesson_id = secrets.token_urlsafe(12)
        session: Session = CribbageSession() if game == "cribbage" else LessonSession()
        with self._lock:
            self._sessions[lesson_id] = session
            while len(self._sessions) > self._limit:
                self._sessions.popitem(last=False)
        return _view(lesson_id, session)

    def _session(self, lesson_id: str) -> Session:
        with self._lock:
            session = self._sessions.get(lesson_id)
            if session is None:
                raise NotFoundError("no such lesson (it may have expired): start again")
            self._sessions.move_to_end(lesson_id)
            return session

    def view(self, lesson_id: str) -> AnyLessonView:
        return _view(lesson_id, self._session(lesson_id))

    # A wrong move in the lesson is not an error: the coach explains it (``ok`` false). The
    # steps of one session come one at a time from its learner, so no lock is needed there.

    def select(self, lesson_id: str, cards: str) -> AnyLessonView:
        """The learner shows a meld by selecting its cards (gin's lesson)."""
        session = self._session(lesson_id)
        if isinstance(session, CribbageSession):
            outcome = CribbageOutcome(False, "in this lesson, lay away or play: nothing to select")
            return _view(lesson_id, session, outcome)
        return _view(lesson_id, session, session.select(_short(cards)))

    def act(self, lesson_id: str, action: str) -> AnyLessonView:
        """The learner's move; a wrong one is explained and changes nothing."""
        session = self._session(lesson_id)
        return _view(lesson_id, session, session.act(_short(action)))

    def advance(self, lesson_id: str) -> AnyLessonView:
        """Past a step that only explains."""
        session = self._session(lesson_id)
        return _view(lesson_id, session, session.advance())

    def hint(self, lesson_id: str) -> LessonHintView:
        """The lesson's own hint for the step the learner is at (never the expert's advice on
        the hand, which may teach something else): there is one at every step."""
        return lesson_hint(self._session(lesson_id))


def _short(text: str) -> str:
    if len(text) > MAX_TEXT:
        raise IllegalActionError(f"a lesson answer is at most {MAX_TEXT} characters")
    return text
