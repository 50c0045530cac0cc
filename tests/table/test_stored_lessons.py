"""Lessons kept in the store, as the web table keeps them: any process (here, a second
:class:`Lessons` on the same database) carries on a lesson another began, a lesson moved on
elsewhere is brought up to date, and one left untouched past its lifetime is removed."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.store import Store
from cardtable.table import Lessons, NotFoundError


def follow_hint(lessons: Lessons, lesson_id: str) -> Any:
    hint = lessons.hint(lesson_id)
    if hint.kind == "select":
        return lessons.select(lesson_id, hint.action)
    if hint.kind == "act":
        return lessons.act(lesson_id, hint.action)
    return lessons.advance(lesson_id)


@pytest.mark.parametrize("game", ["gin", "cribbage"])
def test_a_lesson_goes_on_in_another_process(store: Store, game: str) -> None:
    here, there = Lessons(store), Lessons(store)
    start = here.start(game)
    lesson_id = start.lesson_id
    keys = [start.step.key]
    for turn in range(8):
        view = follow_hint((here, there)[turn % 2], lesson_id)
        assert view.ok, view.step.message
        keys.append(view.step.key)
    assert len(set(keys)) > 2
    # Each sees where the other left it, and a third, fresh one too.
    for lessons in (here, there, Lessons(store)):
        assert lessons.view(lesson_id).step.key == keys[-1]
        assert lessons.view(lesson_id).to_json() == here.view(lesson_id).to_json()


def test_a_wrong_try_is_kept_and_changes_nothing(store: Store) -> None:
    here, there = Lessons(store), Lessons(store)
    lesson_id = here.start("gin").lesson_id
    before = there.view(lesson_id).to_json()
    wrong = here.act(lesson_id, "discard 2C")
    assert not wrong.ok
    assert there.view(lesson_id).to_json() == before


def test_a_lesson_left_alone_past_its_lifetime_is_gone(store: Store) -> None:
    now = [1_000_000.0]
    lessons = Lessons(store, lifetime=60.0, clock=lambda: now[0])
    store.clock = lambda: now[0]
    old = lessons.start("gin").lesson_id
    now[0] += 61.0
    fresh = lessons.start("cribbage").lesson_id  # a new lesson sweeps the expired ones
    assert lessons.view(fresh).lesson_id == fresh
    with pytest.raises(NotFoundError, match="expired"):
        Lessons(store).view(old)
    with pytest.raises(NotFoundError, match="expired"):
        lessons.view(old)  # the process that served it finds it gone too


def test_no_lesson_for_an_unknown_game_and_no_such_lesson(store: Store) -> None:
    lessons = Lessons(store)
    with pytest.raises(NotFoundError, match="unknown game 'chess'"):
        lessons.start("chess")
    with pytest.raises(NotFoundError, match="no such lesson"):
        lessons.view("nothing-here")
