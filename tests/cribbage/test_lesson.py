"""The Cribbage lesson's script on a real hand: every step as written, wrong tries explained
without changing anything, and the points the texts promise."""

from __future__ import annotations

from cardtable.cribbage.hand import Phase
from cardtable.cribbage.lesson import LESSON_STEPS, LessonSession


def test_the_whole_lesson_pegs_and_counts_what_its_texts_say() -> None:
    session = LessonSession()
    pegs = []
    for step in LESSON_STEPS[:-1]:
        outcome = session.act(step.action) if step.action else session.advance()
        assert outcome.ok, (step.key, outcome.message)
        pegs.append(tuple(session.hand.pegs))
    keys = [s.key for s in LESSON_STEPS[:-1]]
    after = dict(zip(keys, pegs, strict=True))
    assert after["fifteen"] == (2, 2)  # the learner's fifteen, the teacher's pair
    assert after["pair"] == (9, 2)  # a pair royal (6) and the go (1)
    assert after["go"] == (9, 3)  # the teacher's go
    assert session.finished and session.hand.phase is Phase.DONE
    assert [s.score.total for s in session.hand.shows] == [5, 10, 2]
    assert "10" in LESSON_STEPS[-2].action  # type: ignore[operator]


def test_a_wrong_try_changes_nothing() -> None:
    session = LessonSession()
    session.advance()
    before = (list(session.hand.cards[0]), session.index)
    wrong = session.act("discard 5H 5S")
    assert not wrong.ok and "discard 2D 6C" in wrong.message
    assert (list(session.hand.cards[0]), session.index) == before
    assert not session.act("nonsense").ok
    assert not session.advance().ok  # this step asks for an action


def test_the_count_step_checks_the_number() -> None:
    session = LessonSession()
    for step in LESSON_STEPS:
        if step.key == "count":
            break
        assert (session.act(step.action) if step.action else session.advance()).ok
    assert not session.show_visible
    miss = session.act("count 12")
    assert not miss.ok and "less than 12" in miss.message
    assert session.act("count 10").ok and session.show_visible
