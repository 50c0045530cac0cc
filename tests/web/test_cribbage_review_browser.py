"""The coach's accuracy in the Cribbage final dialog, in a real browser (Playwright driving
Debian's chromium, headless): a short match played to its end through the table service,
then the seat's page opens on the final score, whose accuracy line is the review
endpoint's figure for that seat. Screenshots at desktop and phone sizes."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.store import Store
from cardtable.table import SeatSpec, TableService
from cardtable.web.app import create_app

from .test_browser import DESKTOP, PHONE, Table, launched_chromium
from .webhelpers import LiveServer


@pytest.fixture(scope="module")
def table_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableService]:
    store = Store(f"sqlite:///{tmp_path_factory.mktemp('crib-review') / 'table.db'}")
    yield TableService(store)
    store.close()


@pytest.fixture(scope="module")
def server(table_service: TableService) -> Iterator[LiveServer]:
    with LiveServer(create_app(table_service)) as live:
        yield live


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launched_chromium()


@pytest.fixture(scope="module")
def finished(table_service: TableService) -> tuple[str, list[str]]:
    """A short match between two people, played to its end at random."""
    rules = table_service.make_rules("cribbage", "short", {})
    seats = (SeatSpec("human", name="Ann"), SeatSpec("human", name="Bob"))
    created = table_service.create_match(seats, rules=rules, seed="crib-final", game="cribbage")
    tokens = [t for t in created.tokens if t is not None]
    rng = random.Random(2)
    for _ in range(2000):
        view = table_service.view(created.match_id, tokens[0])
        if view.finished:
            return created.match_id, tokens
        seat = view.to_act
        assert seat is not None
        mine = table_service.view(created.match_id, tokens[seat])
        table_service.act(created.match_id, tokens[seat], rng.choice(mine.legal_actions))
    raise AssertionError("the match did not end")


def shown_percent(value: float) -> int:
    return math.floor(value + 0.5)  # JavaScript's Math.round


@pytest.mark.parametrize(("viewport", "name"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_the_final_dialog_shows_the_seats_accuracy(
    browser: Any,
    server: LiveServer,
    table_service: TableService,
    finished: tuple[str, list[str]],
    viewport: dict[str, int],
    name: str,
) -> None:
    match_id, tokens = finished
    seat = 1
    review = table_service.review(match_id, tokens[seat])
    assert review["game"] == "cribbage"
    accuracy = review["accuracy"][str(seat)]  # type: ignore[index]
    choices = [d for d in review["decisions"] if not d["forced"]]  # type: ignore[attr-defined]
    best = sum(d["loss"] == 0 for d in choices)
    table = Table(browser, server, viewport)
    try:
        table.open(f"/#/play/{match_id}/{tokens[seat]}")
        page = table.page
        page.wait_for_selector("dialog[open] #new-match-button", timeout=20_000)
        line = page.wait_for_selector("dialog[open] .review-accuracy:not(.loading)", timeout=30_000)
        assert line is not None
        text = line.inner_text()
        expected = f"Match: Accuracy {shown_percent(accuracy)}% ({best} of {len(choices)}"
        assert text.startswith(expected), text
        assert line.is_visible()
        table.shot(f"c20-crib-final-accuracy-{name}")
    finally:
        table.context.close()
