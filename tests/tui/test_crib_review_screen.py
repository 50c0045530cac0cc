"""The coach's review in the full-screen Cribbage table (issue 12, point 1, "Cribbage gets the
same features"): after a hand (the show's "Review (r)"), after the match (the final dialog's)
and from the table (``v``), at 80x24 and 120x40. What the dialog shows is checked against
``TableService.review``'s JSON; the wording of lay-aways and of the "win %" unit against the
rules of review_text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Button, Static

from cardtable.table import TableService
from cardtable.tui import render
from cardtable.tui.app import CribbageApp
from cardtable.tui.crib_screen import CribbageScreen
from cardtable.tui.dialogs import InfoScreen
from cardtable.tui.review_screen import ReviewScreen
from cardtable.tui.review_text import decision_line, hand_heading, parse_review, worst_text

from .screen_text import SIZE_IDS, SIZES, on_page, on_screen, screen_rows
from .test_cribbage_app import Driver, new_table, run, settle


def text_of(widget: Static) -> str:
    return Content.from_markup(str(widget.content)).plain


async def play_to(driver: Driver, screen_id: str) -> InfoScreen:
    """Play on through the app's keys and mouse until the dialog ``screen_id`` is up."""
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


def words(action: str) -> str:
    """A cribbage action as the review names it: the lay-away's two cards, a play, go."""
    kind, _, rest = action.partition(" ")
    return render.symbolise(f"lay away {rest}" if kind == "discard" else action)


def expected_line(decision: dict[str, Any]) -> tuple[str, str]:
    """The action's words and the verdict the line must show, from the service's JSON."""
    if decision["forced"]:
        return words(decision["action"]), "forced"
    if decision["loss"] == 0:
        return words(decision["action"]), "best"
    loss = decision["loss"]
    cost = f"-{loss:.0f}% win" if decision["unit"] == "win %" else f"-{loss:.1f} pts"
    return words(decision["action"]), f"{cost}, better: {words(decision['best'])}"


def check_lines(screen: ReviewScreen, data: dict[str, Any]) -> None:
    """One line per decision of the service's review, in order, with its action, verdict,
    worst mark and colour, followed by its reason; the accuracy as the service gives it."""
    assert data["game"] == "cribbage"
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
    verbs = {d["action"].split()[0] for d in decisions}
    assert {"discard", "play"} <= verbs  # the lay-away and the plays are both reviewed
    assert any(d["worst"] for d in decisions)  # the driver's lay-aways are poor
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
        assert page.max_scroll_y > 0  # a hand's lay-away and plays do not fit 24 rows
        assert last.region.y >= page.region.bottom or last.region.height == 0
    await pilot.press("end")
    await pilot.pause()
    assert page.scroll_y == page.max_scroll_y
    assert page.region.contains_region(last.region), (last.region, page.region)
    assert on_page(app, text_of(last).split()[-1]), screen_rows(app)
    assert on_screen(app, "Close") and close.region.bottom <= size[1]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_review_of_a_hand_from_the_show_and_from_v(
    service: TableService, size: tuple[int, int], shots: Path
) -> None:
    table = new_table(service, seed="crib-review-hand")
    name = f"{size[0]}x{size[1]}"

    async def scenario() -> None:
        app = CribbageApp(table, new_match=None)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            show = await play_to(Driver(pilot, app, shots, ""), "show")
            assert show.query_one("#review", Button)  # "Review (r)" beside Continue
            deal = table.view.last_hand.deal if table.view.last_hand else 0
            data = service.review(table.match_id, table.token, deal)
            screen = await open_review(pilot, "r")
            assert screen.deal == deal == 1
            check_lines(screen, data)
            heading = text_of(screen.query_one(".review-hand", Static))
            assert heading.startswith("Hand 1 (game 1), "), heading
            app.save_screenshot(f"crib-review-hand-{name}.svg", str(shots))
            await check_scrolls(pilot, size)
            app.save_screenshot(f"crib-review-hand-end-{name}.svg", str(shots))
            await pilot.press("escape")  # back to the show, then on to the table
            await pilot.pause()
            assert app.screen is show
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, CribbageScreen)
            again = await open_review(pilot, "v")  # the last finished hand, from the table
            assert again.deal == 1
            check_lines(again, data)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, CribbageScreen)

    run(scenario)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_review_of_the_match_from_the_final_dialog(
    service: TableService, size: tuple[int, int], shots: Path
) -> None:
    table = new_table(service, seed=f"crib-review-match-{size[0]}")
    name = f"{size[0]}x{size[1]}"

    async def scenario() -> None:
        app = CribbageApp(table, new_match=None)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            final = await play_to(Driver(pilot, app, shots, ""), "final")
            assert final.query_one("#review", Button)
            data: dict[str, Any] = service.review(table.match_id, table.token)
            screen = await open_review(pilot, "r")
            assert screen.deal is None
            check_lines(screen, data)
            headings = [text_of(w) for w in screen.query(".review-hand").results(Static)]
            assert len(headings) == len(data["hands"]) > 1
            for heading, hand in zip(headings, data["hands"], strict=True):
                mine, theirs = hand["pegs"][0], hand["pegs"][1]
                assert heading.startswith(f"Hand {hand['deal']} (game {hand['game']}), ")
                assert f": you {mine}, your opponent {theirs}" in heading, heading
                figure = hand["accuracy"]["0"]
                if figure is not None:
                    assert f"hand accuracy {figure:.1f}%" in heading, heading
            status = text_of(screen.query_one("#review-status", Static))
            assert status.startswith("Match accuracy")
            app.save_screenshot(f"crib-review-match-{name}.svg", str(shots))
            await check_scrolls(pilot, size)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is final

    run(scenario)


def test_v_without_a_finished_hand_says_so(service: TableService) -> None:
    table = new_table(service, seed="crib-review-none")

    async def scenario() -> None:
        app = CribbageApp(table, new_match=None)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("v")
            await pilot.pause()
            assert isinstance(app.screen, CribbageScreen)
            status = text_of(app.screen.query_one("#status", Static))
            assert status.startswith("No finished hand to review yet"), status

    run(scenario)


def test_a_review_in_play_is_one_line(service: TableService) -> None:
    """The service refuses a deal still in play: one line in the dialog, which closes."""
    table = new_table(service, seed="crib-review-fault")

    async def scenario() -> None:
        app = CribbageApp(table, new_match=None)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, CribbageScreen)
            app.push_screen(screen.review_screen(1))
            await settle(pilot)
            await pilot.pause()
            review = app.screen
            assert isinstance(review, ReviewScreen) and review.review is None
            status = text_of(review.query_one("#review-status", Static))
            assert status.startswith("No review: deal 1 is not finished"), status
            assert "\n" not in status and not review.query(".review-decision")
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen

    run(scenario)


def _decision(**fields: Any) -> dict[str, Any]:
    base = {"deal": 3, "hand": 3, "game": 2, "index": 5, "seat": 1, "forced": False}
    return {**base, "worst": True, "why": "Because.", **fields}


def test_the_wording_of_lay_aways_plays_and_the_win_unit() -> None:
    """Near a game's end the verdict is in points of the chance of winning, not points; a
    lay-away names both cards; the gin wording stays as it was."""
    win = _decision(action="play 5H", best="go", loss=12.4, unit="win %")
    lay = _decision(action="discard AS 5H", best="discard AS 6D", loss=5.6, unit="points")
    data = {
        "game": "cribbage",
        "seat": 1,
        "deal": None,
        "accuracy": {"1": 0.0},
        "worst": [lay, win],
        "hands": [{"deal": 3, "game": 2, "dealer": 1, "pegs": [40, 55], "accuracy": {}}],
        "decisions": [lay, win],
    }
    review = parse_review(data)
    lines = [decision_line(d) for d in review.decisions]
    assert lines[0] == "* lay away AS 5H -5.6 pts, better: lay away AS 6D"
    assert lines[1] == "* play 5H        -12% win, better: go"
    assert worst_text(review) == (
        "Worst mistakes (*): lay away AS 5H -5.6 (hand 3), play 5H -12% win (hand 3)"
    )
    knock = _decision(action="knock KD 3C-4C-5C", best="discard QD", loss=3.3, unit="points")
    hand = {"deal": 3, "outcome": "knock", "winner": 1, "points": 20, "accuracy": {}}
    gin = parse_review({**data, "game": "gin", "hands": [hand], "decisions": [knock]})
    assert decision_line(gin.decisions[0]) == "* knock KD       -3.3 pts, better: discard QD"
    assert hand_heading(gin.hands[0], 1) == "Hand 3: knock, you won 20 points"
    assert (
        hand_heading(review.hands[0], 1) == "Hand 3 (game 2), you dealt: you 55, your opponent 40"
    )
