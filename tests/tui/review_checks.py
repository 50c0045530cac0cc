"""What the review-screen tests of both games check the same way: the dialog's lines against
the service's JSON, its scrolling at 80x24 and 120x40, and the ways to open it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.containers import VerticalScroll
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Button, Static

from cardtable.gin.tui import render
from cardtable.tui.dialogs import InfoScreen
from cardtable.tui.review_screen import ReviewScreen

from .screen_text import on_page, on_screen, screen_rows
from .tui_driver import scroll_key


def text_of(widget: Static) -> str:
    return Content.from_markup(str(widget.content)).plain


async def play_to(driver: Any, screen_id: str) -> InfoScreen:
    """Play on through the app's keys (``driver.turn()``) until the dialog ``screen_id`` is up."""
    for _ in range(600):
        screen = driver.app.screen
        if isinstance(screen, InfoScreen) and screen.id == screen_id:
            return screen
        await driver.turn()
    raise AssertionError(f"no {screen_id} dialog")


async def open_review(
    pilot: Pilot[Any], key: str, settle: Callable[[Pilot[Any]], Any]
) -> ReviewScreen:
    await pilot.press(key)
    await settle(pilot)  # the review's worker thread, then the lines it mounts
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    assert screen.review is not None, text_of(screen.query_one("#review-status", Static))
    return screen


def check_lines(
    screen: ReviewScreen,
    data: dict[str, Any],
    expected_line: Callable[[dict[str, Any]], tuple[str, str]],
) -> None:
    """One line per decision of the service's review, in order, with its action and verdict
    (``expected_line`` of the decision), worst mark and colour, followed by its reason; the
    accuracy as the service gives it; some decision flagged worst."""
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
    assert any(d["worst"] for d in decisions)  # the tests' seats make costly mistakes
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
    await scroll_key(pilot, "end")
    assert page.scroll_y == page.max_scroll_y
    assert page.region.contains_region(last.region), (last.region, page.region)
    assert on_page(app, text_of(last).split()[-1]), screen_rows(app)
    assert on_screen(app, "Close") and close.region.bottom <= size[1]
