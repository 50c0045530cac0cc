"""The guided lesson: one script that plays a real hand to the knock it teaches."""

from __future__ import annotations

from cardtable.gin.hand import Phase
from cardtable.gin.lesson import LESSON_STEPS, LessonSession
from cardtable.gin.melds import best_arrangement
from cardtable.gin.showdown import Outcome


def run_lesson() -> LessonSession:
    session = LessonSession()
    while not session.finished:
        step = session.step
        if step.select is not None:
            assert session.select(step.select).ok
        elif step.action is not None:
            assert session.act(step.action).ok, step.key
        else:
            assert session.advance().ok
    return session


def test_lesson_starts_from_the_rules_page_example_hand() -> None:
    session = LessonSession()
    view = session.observation()
    assert str(view.hand) == "2S 7S KS 4H 5H 6H 7H 7D QD 9C"
    assert str(view.upcard) == "3H"
    assert session.deadwood() == 31
    assert view.to_act == 0 and view.phase is Phase.OFFER


def test_lesson_plays_to_the_knock_it_describes() -> None:
    session = run_lesson()
    result = session.hand.result
    assert result is not None
    assert result.outcome is Outcome.KNOCK
    assert result.knocker == 0 and result.winner == 0
    assert result.knocker_deadwood == 6
    assert result.defender_deadwood == 37
    assert result.points == 31
    assert result.defender is not None
    assert sorted(str(lay.card) for lay in result.defender.layoffs) == ["2H", "7C"]
    assert session.step.key == "showdown"


def test_deadwood_figures_in_the_texts_hold() -> None:
    session = LessonSession()
    seen = {}
    while not session.finished:
        step = session.step
        if step.select is not None:
            session.select(step.select)
        elif step.action is not None:
            session.act(step.action)
            seen[step.key] = best_arrangement(session.hand.cards(0)).deadwood
        else:
            session.advance()
    assert seen["discard"] == 21
    assert seen["discard-king"] == 12
    assert seen["discard-nine"] == 6


def test_wrong_moves_are_explained_and_change_nothing() -> None:
    session = LessonSession()
    assert not session.select("7S 7H").ok
    assert session.step.key == "sets"
    session.select("7S 7H 7D")
    session.select("4H 5H 6H")
    session.advance()
    before = session.hand.copy()
    outcome = session.act("pass")
    assert not outcome.ok and "take" in outcome.message
    assert session.hand == before
    assert not session.act("nonsense").ok
    assert session.hand == before


def test_every_step_has_a_title_and_text() -> None:
    assert len({step.key for step in LESSON_STEPS}) == len(LESSON_STEPS)
    assert all(step.title and step.text for step in LESSON_STEPS)


def to_step(key: str) -> LessonSession:
    """A session at the step ``key``, the script followed to it."""
    session = LessonSession()
    for _ in range(len(LESSON_STEPS)):
        if session.step.key == key:
            break
        step = session.step
        if step.select is not None:
            assert session.select(step.select).ok
        elif step.action is not None:
            assert session.act(step.action).ok
        else:
            assert session.advance().ok
    return session


def test_every_step_has_a_hint_in_its_own_words() -> None:
    session = LessonSession()
    assert all(step.hint for step in LESSON_STEPS)
    assert "{" not in session.step.text  # the marks of the cards' parts are filled in
    knock = next(step for step in LESSON_STEPS if step.key == "knock")
    assert "KD" in knock.hint and "6" in knock.hint


def test_an_equally_good_discard_is_played_and_the_script_follows_it() -> None:
    session = to_step("discard")
    before = session.hand.copy()
    assert not session.act("discard 9C").ok  # deadwood 22: not as good
    assert session.hand == before and session.step.key == "discard"
    outcome = session.act("discard KS")  # deadwood 21, as the QD leaves
    assert outcome.ok, outcome.message
    assert "as good" in outcome.message and "deadwood 21" in outcome.message
    assert "The lesson throws the QD" in outcome.message  # why the lesson's choice
    assert "names the QD where it said KS" in outcome.message
    assert "QD" in str(session.hand.cards(0)) and "KS" not in str(session.hand.cards(0))
    assert session.act("draw").ok
    # The later step names the card the learner kept, in its action and its words.
    assert session.step.action == "discard QD" and "Throw the QD" in session.step.text
    assert not session.act("discard KS").ok  # thrown already
    for _ in range(5):
        assert session.act(session.step.action or "").ok, session.step.key
    assert session.finished
    assert session.hand.result is not None and session.hand.result.points == 31


def test_a_knock_is_judged_by_what_it_scores() -> None:
    session = to_step("knock")
    worse = session.act("knock KD [7S 7H 7D] [4H 5H 6H]")  # deadwood 9: it scores 28
    assert not worse.ok and worse.message == "in this lesson, do this: knock KD"
    assert not session.act("discard KD").ok  # the lesson teaches the knock
    spelled = session.act("knock KD [7S 7H 7D] [3H 4H 5H 6H]")  # the lesson's own layout
    assert spelled.ok and spelled.message == ""
    assert session.hand.result is not None and session.hand.result.points == 31
