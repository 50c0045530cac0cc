"""The lesson for every front end: the shared script on a real hand, wrong tries explained
without changing anything, sessions in memory with the oldest dropped."""

from __future__ import annotations

import pytest

from cardtable.gin.lesson import LESSON_STEPS
from cardtable.table import Lessons, NotFoundError, NotYourTurnError


def answer(lessons: Lessons, lesson_id: str) -> None:
    step = lessons.view(lesson_id).step
    if step.select is not None:
        view = lessons.select(lesson_id, step.select)
    elif step.action is not None:
        view = lessons.act(lesson_id, step.action)
    else:
        view = lessons.advance(lesson_id)
    assert view.ok, (step.key, view.step.message)


def test_the_whole_lesson_through_the_table() -> None:
    lessons = Lessons()
    start = lessons.start()
    assert start.step.index == 0 and start.ok and start.hand.seat == 0
    for _ in range(len(LESSON_STEPS) - 1):
        answer(lessons, start.lesson_id)
    final = lessons.view(start.lesson_id)
    assert final.step.finished
    assert final.hand.result is not None and final.hand.result.points == 31
    assert final.to_json()["observation"]["result"]["points"] == 31


def test_a_wrong_try_is_explained_and_changes_nothing() -> None:
    lessons = Lessons()
    start = lessons.start()
    wrong = lessons.select(start.lesson_id, "7S 7H")
    assert not wrong.ok and "select" in wrong.step.message
    assert wrong.step.index == 0 and wrong.hand == start.hand
    bad = lessons.act(start.lesson_id, "draw")
    assert not bad.ok and bad.step.index == 0


def test_hints_in_the_lesson_are_for_the_learners_turn_only() -> None:
    lessons = Lessons()
    lesson_id = lessons.start().lesson_id
    advice = lessons.hint(lesson_id)  # the learner is offered the 3H upcard
    assert advice.action == "take" and "3H" in advice.explanation
    for _ in range(len(LESSON_STEPS) - 1):
        answer(lessons, lesson_id)
    with pytest.raises(NotYourTurnError):
        lessons.hint(lesson_id)  # the hand is over


def test_old_sessions_are_dropped_and_unknown_ones_refused() -> None:
    lessons = Lessons(limit=2)
    first, second, third = (lessons.start().lesson_id for _ in range(3))
    with pytest.raises(NotFoundError):
        lessons.view(first)
    assert lessons.view(second).step.index == lessons.view(third).step.index == 0
    with pytest.raises(NotFoundError):
        lessons.view("unknown")
