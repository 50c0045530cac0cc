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


def to_step(key: str) -> LessonSession:
    session = LessonSession()
    for _ in range(len(LESSON_STEPS)):
        if session.step.key == key:
            break
        step = session.step
        assert (session.act(step.action) if step.action else session.advance()).ok
    return session


def test_every_step_has_a_hint_in_its_own_words() -> None:
    assert all(step.hint for step in LESSON_STEPS)
    count = next(step for step in LESSON_STEPS if step.key == "count")
    assert "10" in count.hint and "fifteens" in count.hint


def test_the_other_five_makes_the_fifteen_and_the_script_follows_it() -> None:
    session = to_step("fifteen")
    assert not session.act("play KC").ok  # 20: it pegs nothing
    outcome = session.act("play 5S")
    assert outcome.ok and "as good" in outcome.message and "pegs 2" in outcome.message
    assert "either five" in outcome.message  # why the lesson plays the 5H
    # The pair step asks for the five still held, in its action and its words.
    assert session.step.action == "play 5H" and "Play the 5H." in session.step.text
    assert session.act("play 5H").ok
    assert tuple(session.hand.pegs) == (9, 2)  # the pair royal and the go, as scripted


def test_the_jack_for_the_king_is_accepted_with_why_the_lesson_plays_the_king() -> None:
    session = to_step("go")
    outcome = session.act("play JD")  # both make 19 and peg the same in this deal
    assert outcome.ok and "9-10-J" in outcome.message
    assert session.step.action == "play KC" and "your KC would make 37" in session.step.text
    for _ in range(2):  # the last card, the count
        step = session.step
        assert (session.act(step.action) if step.action else session.advance()).ok
    assert session.finished
    assert [s.score.total for s in session.hand.shows] == [5, 10, 2]


def test_another_lay_away_is_refused_the_kept_hand_is_the_lesson() -> None:
    session = to_step("lay-away")
    outcome = session.act("discard 2D JD")
    assert not outcome.ok and outcome.message == "in this lesson, do this: discard 2D 6C"
    assert session.step.key == "lay-away" and len(session.hand.cards[0]) == 6
