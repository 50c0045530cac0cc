"""The coach's review in the full-screen Cribbage table (issue 12, point 1, "Cribbage gets the
same features"): after a hand (the show's "Review (r)"), after the match (the final dialog's)
and from the table (``v``), at 80x24 and 120x40. What the dialog shows is checked against
``TableService.review``'s JSON; the wording of lay-aways and of the "win %" unit against the
rules of review_text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button, Static

from cardtable.cribbage.tui.screen import CribbageScreen
from cardtable.gin.tui import render
from cardtable.table import TableService
from cardtable.tui.app import TableApp
from cardtable.tui.review_screen import ReviewScreen
from cardtable.tui.review_text import decision_line, hand_heading, parse_review, worst_text

from .review_checks import check_lines, check_scrolls, open_review, play_to, text_of
from .screen_text import SIZE_IDS, SIZES
from .test_cribbage_app import Driver, new_table, run, settle


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


def check_crib_lines(screen: ReviewScreen, data: dict[str, Any]) -> None:
    """The shared checks, and both the lay-away and the plays reviewed."""
    assert data["game"] == "cribbage"
    check_lines(screen, data, expected_line)
    verbs = {d["action"].split()[0] for d in data["decisions"]}
    assert {"discard", "play"} <= verbs


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_review_of_a_hand_from_the_show_and_from_v(
    service: TableService, size: tuple[int, int], shots: Path
) -> None:
    table = new_table(service, seed="crib-review-hand")
    name = f"{size[0]}x{size[1]}"

    async def scenario() -> None:
        app = TableApp(table, new_match=None)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            show = await play_to(Driver(pilot, app, shots, ""), "show")
            assert show.query_one("#review", Button)  # "Review (r)" beside Continue
            deal = table.view.last_hand.deal if table.view.last_hand else 0
            data = service.review(table.match_id, table.token, deal)
            screen = await open_review(pilot, "r", settle)
            assert screen.deal == deal == 1
            check_crib_lines(screen, data)
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
            again = await open_review(pilot, "v", settle)  # the last finished hand
            assert again.deal == 1
            check_crib_lines(again, data)
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
        app = TableApp(table, new_match=None)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            final = await play_to(Driver(pilot, app, shots, ""), "final")
            assert final.query_one("#review", Button)
            data: dict[str, Any] = service.review(table.match_id, table.token)
            screen = await open_review(pilot, "r", settle)
            assert screen.deal is None
            check_crib_lines(screen, data)
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
        app = TableApp(table, new_match=None)
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
        app = TableApp(table, new_match=None)
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
