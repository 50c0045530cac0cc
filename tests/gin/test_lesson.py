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
