"""Both lessons in a real browser, finished by following the lesson's hints alone: Hint, then
"Do it", step after step (the meld to name, the step that only explains, the move, the
Cribbage count), with no error in the page (a hint is never refused); and a move as good
as the lesson's accepted with the coach's word on why the lesson chose its own.
Screenshots go to the artifacts folder (``tests/paths.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright import sync_api

from cardtable.store import Store
from cardtable.table import TableService
from cardtable.web.app import create_app
from cardtable.web.limits import WebLimits

from .test_browser import DESKTOP, PHONE, Table
from .webhelpers import LiveServer

# The step the coach's panel is at (its progress bar), read in one round trip.
STEP = "() => Number(document.querySelector('#coach .progress').getAttribute('aria-valuenow'))"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    store = Store(f"sqlite:///{tmp_path_factory.mktemp('lessons') / 'lessons.db'}")
    # Unlimited: the module asks for more hints at once than one address may (30 at once).
    with LiveServer(create_app(TableService(store), limits=WebLimits.unlimited())) as live:
        yield live
    store.close()


def follow_the_hints(table: Table, name: str) -> list[str]:
    """Click Hint and "Do it" until the lesson is over; the hints' texts, step by step."""
    page = table.page
    said: list[str] = []
    for _ in range(20):
        table.idle()
        if page.locator("dialog[open] #lesson-done").count():
            return said
        step = page.evaluate(STEP)
        page.click("#hint-button")
        page.wait_for_selector("#hint")
        said.append(page.inner_text("#hint"))
        if len(said) in (1, 3):
            table.shot(f"{name}-hint-{len(said)}")
        page.click("#hint-apply")
        page.wait_for_function(
            f"() => ({STEP})() !== {step} || !!document.querySelector('dialog[open] #lesson-done')"
        )
        assert page.locator("#toast.show.coach").count() == 0, page.inner_text("#toast")
    raise AssertionError(f"the hints never finished the lesson: {said}")


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_the_gin_lesson_by_its_hints_alone(browser: Any, server: LiveServer, viewport: str) -> None:
    table = Table(browser, server, DESKTOP if viewport == "desktop" else PHONE)
    page = table.page
    table.open("/#/lesson")
    page.wait_for_selector("#coach")
    # The first step asks to name the sevens: the hint says so and they glow, not the upcard.
    page.click("#hint-button")
    page.wait_for_selector("#hint")
    assert "select 7♠ 7♥ 7♦" in page.inner_text("#hint")
    assert page.locator("#hand .card.suggested").count() == 3
    assert page.locator("#discard-pile.suggested").count() == 0
    page.click(".hint-close")
    said = follow_the_hints(table, f"47-lesson-gin-{viewport}")
    assert len(said) == 11
    assert "Q♦" in said[4] and "K♦" in said[10] and "knock" in said[10].lower()
    assert "31" in page.inner_text("dialog[open]")
    table.shot(f"48-lesson-gin-done-{viewport}")
    table.close()


def test_the_cribbage_lesson_by_its_hints_alone(browser: Any, server: LiveServer) -> None:
    table = Table(browser, server, DESKTOP)
    page = table.page
    table.open("/#/lesson/cribbage")
    page.wait_for_selector("#coach")
    said = follow_the_hints(table, "c23-lesson-cribbage")
    assert len(said) == 7
    assert "Nothing to play" in said[0]  # the deal only explains: the hint says read on
    count = said[6]  # the count is explained, and "Do it" states it
    assert "Count 10" in count and "fifteens" in count
    assert page.locator("dialog[open] .show-block").count() == 3
    table.shot("c24-lesson-cribbage-done-desktop")
    table.close()  # no error in the page: no hint was refused


def test_a_move_as_good_as_the_lessons_is_accepted_with_its_reason(
    browser: Any, server: LiveServer
) -> None:
    table = Table(browser, server, DESKTOP)
    page = table.page
    table.open("/#/lesson")
    page.wait_for_selector("#coach")
    for _ in range(4):  # the hints to the discard
        page.click("#hint-button")
        page.wait_for_selector("#hint")
        page.click("#hint-apply")
        table.idle()
    sync_api.expect(page.locator("#coach-title")).to_have_text("Discarding")
    table.click_card("KS")  # the lesson says the QD: both leave deadwood 21
    table.click_card("KS")
    page.wait_for_selector("#coach-title:text-is('Drawing')")
    message = page.inner_text("#coach .coach-message")
    assert "as good" in message and "deadwood 21" in message and "Q♦" in message
    table.shot("49-lesson-as-good-desktop")
    page.click("#stock")
    page.wait_for_selector("#coach-title:text-is('Keep the low cards')")
    assert "Throw the Q♦" in page.inner_text("#coach-text")  # the card still held
    table.close()
