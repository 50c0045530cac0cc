"""The coach's review in the full-screen table (issue 12, point 1): after a hand (the
showdown's "Review (r)"), after the match (the final dialog's) and from the table (``v``),
at 80x24 and 120x40. What the dialog shows is checked against ``TableService.review``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button, Static

from cardtable.gin.rules import Rules
from cardtable.gin.tui import render
from cardtable.gin.tui.session import TerminalTable
from cardtable.gin.tui.table_screen import TableScreen
from cardtable.table import TableService
from cardtable.tui.app import TableApp
from cardtable.tui.review_screen import ReviewScreen

from .review_checks import check_lines, check_scrolls, open_review, play_to, text_of
from .screen_text import SIZE_IDS, SIZES
from .tui_driver import Driver, run, settle


def gin_table(service: TableService, seed: str, target: int = 100) -> TerminalTable:
    return TerminalTable.start(service, Rules(target=target), level="random", seed=seed, name="Ann")


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
            screen = await open_review(pilot, "r", settle)
            assert screen.deal == deal == 1
            check_lines(screen, data, expected_line)
            app.save_screenshot(f"review-hand-{size[0]}x{size[1]}.svg", str(shots))
            await check_scrolls(pilot, size)
            app.save_screenshot(f"review-hand-end-{size[0]}x{size[1]}.svg", str(shots))
            await pilot.press("escape")  # back to the showdown, then on to the table
            await pilot.pause()
            assert app.screen is showdown
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            again = await open_review(pilot, "v", settle)  # the last finished hand
            assert again.deal == 1
            check_lines(again, data, expected_line)

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
            screen = await open_review(pilot, "r", settle)
            assert screen.deal is None
            check_lines(screen, data, expected_line)
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
