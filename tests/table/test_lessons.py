"""The lesson for every front end: the shared script on a real hand, wrong tries explained
without changing anything, a move as good as the script's accepted with the lesson's reason,
the lesson's own hint at every step (following the hints alone finishes each lesson),
sessions in memory with the oldest dropped."""

from __future__ import annotations

import pytest

from cardtable.cribbage.views import LessonView as CribbageLessonView
from cardtable.gin.lesson import LESSON_STEPS
from cardtable.gin.views import LessonView
from cardtable.table import LessonHintView, Lessons, NotFoundError


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


def follow_the_hints(
    lessons: Lessons, lesson_id: str, until: str | None = None
) -> list[LessonHintView]:
    """Play a lesson to its end (or to the step ``until``) doing only what each hint says;
    the hints it gave."""
    hints: list[LessonHintView] = []
    for _ in range(40):
        if lessons.view(lesson_id).step.key == until:
            return hints
        hint = lessons.hint(lesson_id)
        hints.append(hint)
        if hint.kind == "finish":
            return hints
        before = lessons.view(lesson_id).step.index
        if hint.kind == "select":
            view = lessons.select(lesson_id, hint.action)
        elif hint.kind == "act":
            view = lessons.act(lesson_id, hint.action)
        else:
            assert hint.kind == "next", hint
            view = lessons.advance(lesson_id)
        assert view.ok and view.step.index == before + 1, (hint, view.step.message)
    raise AssertionError("the hints never finish the lesson")


def test_following_only_the_hints_finishes_the_gin_lesson() -> None:
    lessons = Lessons()
    lesson_id = lessons.start().lesson_id
    hints = follow_the_hints(lessons, lesson_id)
    final = lessons.view(lesson_id)
    assert isinstance(final, LessonView) and final.step.finished
    assert final.hand.result is not None and final.hand.result.points == 31
    # The lesson's own answers, step by step, not the expert's (which would take the 3H at
    # the first step, throw the KS for the QD and play on rather than knock).
    assert [(h.kind, h.action) for h in hints] == [
        ("select", "7S 7H 7D"),
        ("select", "4H 5H 6H"),
        ("next", ""),
        ("act", "take"),
        ("act", "discard QD"),
        ("act", "draw"),
        ("act", "discard KS"),
        ("act", "draw"),
        ("act", "discard 9C"),
        ("act", "draw"),
        ("act", "knock KD"),
        ("finish", ""),
    ]
    for hint in hints:  # each in the step's words, naming the cards it asks for
        assert hint.text and all(str(card) in hint.text for card in hint.cards), hint
    assert [str(c) for c in hints[0].cards] == ["7S", "7H", "7D"]
    assert "deadwood 6" in hints[10].text and "knock" in hints[10].text.lower()
    assert hints[2].to_json() == {
        "step": "deadwood",
        "kind": "next",
        "action": "",
        "cards": [],
        "text": hints[2].text,
    }


def test_following_only_the_hints_finishes_the_cribbage_lesson() -> None:
    lessons = Lessons()
    lesson_id = lessons.start("cribbage").lesson_id
    hints = follow_the_hints(lessons, lesson_id)
    final = lessons.view(lesson_id)
    assert isinstance(final, CribbageLessonView) and final.step.finished
    assert [show.total for show in final.shows] == [5, 10, 2]
    assert [(h.kind, h.action) for h in hints] == [
        ("next", ""),
        ("act", "discard 2D 6C"),
        ("act", "play 5H"),
        ("act", "play 5S"),
        ("act", "play KC"),
        ("act", "play JD"),
        ("act", "count 10"),
        ("finish", ""),
    ]
    count = hints[6]  # the count is explained, not refused: it is the step's to ask
    assert count.cards == () and "10" in count.text and "fifteens" in count.text
    for hint in hints:
        assert hint.text and all(str(card) in hint.text for card in hint.cards), hint


def test_an_equally_good_move_is_accepted_with_the_lessons_reason() -> None:
    lessons = Lessons()
    lesson_id = lessons.start().lesson_id
    follow_the_hints(lessons, lesson_id, until="discard")  # the QD and KS both leave 21
    worse = lessons.act(lesson_id, "discard 9C")
    assert not worse.ok and worse.step.key == "discard"
    same = lessons.act(lesson_id, "discard KS")
    assert same.ok and same.step.key == "draw"
    assert "as good" in same.step.message and "deadwood 21" in same.step.message
    assert "The lesson throws the QD" in same.step.message
    # From here the lesson names the card the learner kept, and its hints follow it.
    follow_the_hints(lessons, lesson_id)
    final = lessons.view(lesson_id)
    assert isinstance(final, LessonView) and final.hand.result is not None
    assert final.hand.result.points == 31


def test_old_sessions_are_dropped_and_unknown_ones_refused() -> None:
    lessons = Lessons(limit=2)
    first, second, third = (lessons.start().lesson_id for _ in range(3))
    with pytest.raises(NotFoundError):
        lessons.view(first)
    assert lessons.view(second).step.index == lessons.view(third).step.index == 0
    with pytest.raises(NotFoundError):
        lessons.view("unknown")
