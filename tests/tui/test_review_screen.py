"""The coach's review in the full-screen table (issue 12, point 1): after a hand (the
showdown's "Review (r)"), after the match (the final dialog's) and from the table (``v``),
at 80x24 and 120x40. What the dialog shows is checked against ``TableService.review``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Button, Static

from cardtable.gin.rules import Rules
from cardtable.table import TableService
from cardtable.tui import render
from cardtable.tui.app import TableApp
from cardtable.tui.dialogs import InfoScreen
from cardtable.tui.review_screen import ReviewScreen
from cardtable.tui.session import TerminalTable
from cardtable.tui.table_screen import TableScreen

from .screen_text import SIZE_IDS, SIZES, on_page, on_screen, screen_rows
from .tui_driver import Driver, run, settle


def gin_table(service: TableService, seed: str, target: int = 100) -> TerminalTable:
    return TerminalTable.start(service, Rules(target=target), level="random", seed=seed, name="Ann")


def text_of(widget: Static) -> str:
    return Content.from_markup(str(widget.content)).plain


async def play_to(driver: Driver, screen_id: str) -> InfoScreen:
    """Play on through the app's keys until the dialog ``screen_id`` is up."""
    for _ in range(600):
        screen = driver.app.screen
        if isinstance(screen, InfoScreen) and screen.id == screen_id:
            return screen
        await driver.turn()
    raise AssertionError(f"no {screen_id} dialog")


async def open_review(pilot: Pilot[Any], key: str) -> ReviewScreen:
    await pilot.press(key)
    await settle(pilot)  # the review's worker thread, then the lines it mounts
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    assert screen.review is not None, text_of(screen.query_one("#review-status", Static))
    return screen


def expected_line(decision: dict[str, Any]) -> tuple[str, str]:
    """The action's words and the verdict the line must show, from the service's JSON."""
    kind, _, rest = str(decision["action"]).partition(" ")
    action = kind if not rest else f"{kind} {rest.split()[0]}"
    if decision["forced"]:
        return render.symbolise(action), "forced"
    if decision["loss"] == 0:
        return render.symbolise(action), "best"
    best_kind, _, best_rest = str(decision["best"]).partition(" ")
    best = best_kind if not best_rest else f"{best_kind} {best_rest.split()[0]}"
    return render.symbolise(action), render.symbolise(
        f"-{decision['loss']:.1f} pts, better: {best}"
    )


def check_lines(screen: ReviewScreen, data: dict[str, Any]) -> None:
    """One line per decision of the service's review, in order, with its action, verdict,
    worst mark and colour, followed by its reason; the accuracy as the service gives it."""
    lines = list(screen.query(".review-decision").results(Static))
    whys = [text_of(w) for w in screen.query(".review-why").results(Static)]
    decisions = data["decisions"]
    assert decisions and all(d["seat"] == data["seat"] for d in decisions)
    assert len(lines) == len(decisions)
    for line, decision, why in zip(lines, decisions, whys, strict=True):
        shown = text_of(line)
        action, verdict = expected_line(decision)
        assert shown[2:].startswith(action), (shown, decision)
        assert shown.endswith(verdict), (shown, decision)
        assert shown.startswith("*") == decision["worst"], (shown, decision)
        assert line.has_class("-worst") == decision["worst"]
        assert why == render.symbolise(decision["why"])
    assert any(d["worst"] for d in decisions)  # the seeds below make costly mistakes
    accuracy = data["accuracy"][str(data["seat"])]
    status = text_of(screen.query_one("#review-status", Static))
    assert f"accuracy {accuracy:.1f}%" in status, status


async def check_scrolls(pilot: Pilot[Any], size: tuple[int, int]) -> None:
    """The last reason comes into view with end; Close stays on screen throughout."""
    app = pilot.app
    screen = app.screen
    page = screen.query_one("#page", VerticalScroll)
    last = list(screen.query(".review-why").results(Static))[-1]
    close = screen.query_one("#ok", Button)
    assert on_screen(app, "Close"), screen_rows(app)
    if size == (80, 24):
        assert page.max_scroll_y > 0  # a hand's decisions do not fit 24 rows
        assert last.region.y >= page.region.bottom or last.region.height == 0
    await pilot.press("end")
    await pilot.pause()
    assert page.scroll_y == page.max_scroll_y
    assert page.region.contains_region(last.region), (last.region, page.region)
    assert on_page(app, text_of(last).split()[-1]), screen_rows(app)
    assert on_screen(app, "Close") and close.region.bottom <= size[1]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_review_of_a_hand_from_the_showdown_and_from_v(
    service: TableService, size: tuple[int, int], shots: Path
) -> None:
    seat = gin_table(service, "review-hand")

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            driver = Driver(pilot, app, shots, "")
            showdown = await play_to(driver, "showdown")
            assert showdown.query_one("#review", Button)  # "Review (r)" beside Continue
            app.save_screenshot(f"review-showdown-{size[0]}x{size[1]}.svg", str(shots))
            deal = seat.view.last_hand.deal if seat.view.last_hand else 0
            data = service.review(seat.match_id, seat.token, deal)
            screen = await open_review(pilot, "r")
            assert screen.deal == deal == 1
            check_lines(screen, data)
            app.save_screenshot(f"review-hand-{size[0]}x{size[1]}.svg", str(shots))
            await check_scrolls(pilot, size)
            app.save_screenshot(f"review-hand-end-{size[0]}x{size[1]}.svg", str(shots))
            await pilot.press("escape")  # back to the showdown, then on to the table
            await pilot.pause()
            assert app.screen is showdown
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            again = await open_review(pilot, "v")  # the last finished hand, from the table
            assert again.deal == 1
            check_lines(again, data)

    run(scenario)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_review_of_the_match_from_the_final_dialog(
    service: TableService, size: tuple[int, int], shots: Path
) -> None:
    seat = gin_table(service, f"review-match-{size[0]}", target=10)

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            final = await play_to(Driver(pilot, app, shots, ""), "final")
            assert final.query_one("#review", Button)
            app.save_screenshot(f"review-final-{size[0]}x{size[1]}.svg", str(shots))
            data: dict[str, Any] = service.review(seat.match_id, seat.token)
            screen = await open_review(pilot, "r")
            assert screen.deal is None
            check_lines(screen, data)
            headings = [text_of(w) for w in screen.query(".review-hand").results(Static)]
            assert len(headings) == len(data["hands"])
            for heading, hand in zip(headings, data["hands"], strict=True):
                assert heading.startswith(f"Hand {hand['deal']}: ")
                assert f"hand accuracy {hand['accuracy']['0']:.1f}%" in heading
            status = text_of(screen.query_one("#review-status", Static))
            assert status.startswith("Match accuracy")
            app.save_screenshot(f"review-match-{size[0]}x{size[1]}.svg", str(shots))
            await check_scrolls(pilot, size)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is final

    run(scenario)


def test_v_without_a_finished_hand_says_so(service: TableService) -> None:
    seat = gin_table(service, "review-none")

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("v")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            status = text_of(app.screen.query_one("#status", Static))
            assert status.startswith("No finished hand to review yet"), status

    run(scenario)


@pytest.mark.parametrize(
    ("fault", "expected"),
    [
        ("in play", "No review: deal 1 is not finished"),
        ("store", "No review: OperationalError: the store is unavailable"),
    ],
)
def test_a_review_that_fails_is_one_line(
    service: TableService, monkeypatch: pytest.MonkeyPatch, fault: str, expected: str
) -> None:
    """A deal in play (the service refuses it) or a store that cannot be read: one line in
    the dialog, which still closes."""
    seat = gin_table(service, "review-fault")

    class OperationalError(Exception):
        pass

    def unavailable(*_: object) -> dict[str, object]:
        raise OperationalError("the store is unavailable\n(background on this error: ...)")

    if fault == "store":
        monkeypatch.setattr(service, "review", unavailable)

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            app.push_screen(table.review_screen(1))
            await settle(pilot)
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReviewScreen) and screen.review is None
            status = text_of(screen.query_one("#review-status", Static))
            assert status.startswith(expected) and "\n" not in status, status
            assert not screen.query(".review-decision")
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is table

    run(scenario)
