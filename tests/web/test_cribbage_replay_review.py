"""The coach's review in the Cribbage web table, in a real browser (Playwright driving
Debian's chromium, headless): a short match played to its end through the table service,
then the seat's page opens on the final score, whose accuracy line is the review endpoint's
figure for the seat, and the replay of hand 1, whose accuracy line and the verdict at a step
of the seat's own are the endpoint's figures for that hand. Screenshots at desktop and phone
sizes."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.store import Store
from cardtable.table import SeatSpec, TableService
from cardtable.web.app import create_app

from .test_browser import DESKTOP, PHONE, Table
from .webhelpers import LiveServer

SEAT = 1


@pytest.fixture(scope="module")
def table_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableService]:
    store = Store(f"sqlite:///{tmp_path_factory.mktemp('crib-replay') / 'table.db'}")
    yield TableService(store)
    store.close()


@pytest.fixture(scope="module")
def server(table_service: TableService) -> Iterator[LiveServer]:
    with LiveServer(create_app(table_service)) as live:
        yield live


@pytest.fixture(scope="module")
def finished(table_service: TableService) -> tuple[str, list[str]]:
    """A short match between two people, played to its end at random (so it has mistakes)."""
    rules = table_service.make_rules("cribbage", "short", {})
    seats = (SeatSpec("human", name="Ann"), SeatSpec("human", name="Bob"))
    created = table_service.create_match(seats, rules=rules, seed="crib-replay", game="cribbage")
    tokens = [t for t in created.tokens if t is not None]
    rng = random.Random(5)
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


def cost_text(decision: dict[str, Any]) -> str:
    """The cost as the verdict writes it, in the decision's unit."""
    amount = f"{decision['loss']:.1f}"
    return f"Cost {amount}% win" if decision["unit"] == "win %" else f"Cost {amount} points"


@pytest.mark.parametrize(("viewport", "name"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_the_replay_shows_the_coachs_verdicts(
    browser: Any,
    server: LiveServer,
    table_service: TableService,
    finished: tuple[str, list[str]],
    viewport: dict[str, int],
    name: str,
) -> None:
    match_id, tokens = finished
    review: dict[str, Any] = table_service.review(match_id, tokens[SEAT], deal=1)
    assert review["game"] == "cribbage"
    decisions = review["decisions"]
    assert decisions and all(d["seat"] == SEAT and d["deal"] == 1 for d in decisions)
    choices = [d for d in decisions if not d["forced"]]
    mistakes = [d for d in choices if d["loss"] > 0]
    assert mistakes, "a random player's hand should hold a mistake to show"
    mistake = max(mistakes, key=lambda d: d["loss"])
    best = sum(d["loss"] == 0 for d in choices)
    table = Table(browser, server, viewport)
    try:
        table.open(f"/#/play/{match_id}/{tokens[SEAT]}")
        page = table.page
        page.wait_for_selector("dialog[open] #final-replay", timeout=20_000)
        page.click("#final-replay")
        line = page.wait_for_selector("dialog[open] .review-accuracy.hand", timeout=30_000)
        assert line is not None
        expected = f"This hand: Accuracy {shown_percent(review['accuracy'][str(SEAT)])}% "
        expected += f"({best} of {len(choices)} choices best)"
        assert line.inner_text() == expected
        table.shot(f"c21-crib-replay-summary-{name}")
        steps = page.locator("dialog[open] #replay-steps li")
        assert page.inner_text("dialog[open] .replay-count") == f"0 / {steps.count()}"
        # Step to the mistake one by one: the steps are the hand's history, in order.
        for _ in range(mistake["index"] + 1):
            page.click("dialog[open] #replay-next")
        verdict = page.locator("dialog[open] .verdict-slot .verdict")
        text = verdict.inner_text()
        assert verdict.get_attribute("data-index") == str(mistake["index"])
        assert cost_text(mistake) in text, text
        assert "better:" in text and mistake["why"].split(" ")[0] in text, text
        assert page.locator("dialog[open] #replay-steps li.current").count() == 1
        assert steps.nth(mistake["index"]).get_attribute("class") == "mine current"
        table.shot(f"c21-crib-replay-verdict-{name}")
        # A decision in the play (later in the history), reached by a click on its step.
        later = next(d for d in decisions if d["index"] > mistake["index"] + 1)
        steps.nth(later["index"]).click()
        assert verdict.get_attribute("data-index") == str(later["index"])
        if later["forced"]:
            assert verdict.inner_text().startswith("Forced move")
        elif later["loss"] == 0:
            assert verdict.inner_text().startswith("✓ Best move")
        else:
            assert cost_text(later) in verdict.inner_text()
        # A step of the opponent's shows no verdict of ours.
        theirs = page.locator("dialog[open] #replay-steps li.theirs")
        assert theirs.count() > 0
        theirs.first.click()
        assert page.locator("dialog[open] .verdict-slot .verdict.theirs").count() == 1
        # A worst mistake's button jumps to its step.
        if review["worst"]:
            worst = review["worst"][0]
            page.locator("dialog[open] .worst-pick").first.click()
            shown = page.inner_text("dialog[open] .replay-count")
            assert shown.startswith(f"{worst['index'] + 1} / "), shown
            assert page.get_attribute("dialog[open] .verdict", "data-index") == str(worst["index"])
    finally:
        table.context.close()


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
    seat = SEAT
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
