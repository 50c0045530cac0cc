"""The full-screen Cribbage table at 80x24, issue 36: a count above the show is a final
statement the computer answers (it crashed the table with Textual's ``DuplicateIds``, also on
resume); a count the service refuses never crashes the table however often it is typed; at a
friend's table the dealer lays away first."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from cardtable.cribbage.tui.dialogs import CountScreen
from cardtable.cribbage.tui.screen import CribbageScreen
from cardtable.cribbage.tui.session import CribbageTable
from cardtable.table import SeatSpec, TableService
from cardtable.tui.app import TableApp
from tests.tui.test_cribbage_app import Driver, new_table, run, settle, true_points

SMALL = (80, 24)


async def _to_my_count(pilot: Pilot[Any], app: TableApp) -> Driver:
    """Play the person's seat until the dialog for stating its count is open."""
    driver = Driver(pilot, app, Path("."), "")
    for _ in range(400):
        if isinstance(app.screen, CountScreen):
            return driver
        await driver.turn()
    raise AssertionError("the person never had a show to count")


async def _state(pilot: Pilot[Any], app: TableApp, points: int) -> None:
    await pilot.press(*str(points), "enter")
    await settle(pilot)
    await settle(pilot)


Play = Callable[[Pilot[Any], TableApp], Awaitable[None]]


def at_table(table: CribbageTable, play: Play) -> None:
    """Open the full-screen table at 80x24, let ``play`` drive it, then quit (q)."""

    async def scenario() -> None:
        app = TableApp(table, new_match=None)
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot)
            await play(pilot, app)
            await pilot.press("q")

    run(scenario)


def _log(app: TableApp) -> list[str]:
    screen = app.screen_stack[-1]
    if not isinstance(screen, CribbageScreen):
        screen = next(s for s in app.screen_stack if isinstance(s, CribbageScreen))
    return list(screen.log_lines)


def test_a_count_above_the_show_is_final_and_the_computer_calls_muggins(
    service: TableService, shots: Path
) -> None:
    table = new_table(service, preset="muggins", seed="crib-over")
    stated: list[int] = []

    async def scenario(pilot: Pilot[Any], app: TableApp) -> None:
        await _to_my_count(pilot, app)
        view = app.table.view
        truth = true_points(view)
        before = view.board.pegs
        stated.append(truth + 1)
        await _state(pilot, app, truth + 1)  # one more than the show holds
        app.save_screenshot("cribbage-muggins-over-80x24.svg", str(shots))
        after = app.table.view
        assert after.action_count >= view.action_count + 2  # stated, then answered
        if isinstance(app.screen, CountScreen):  # final: what is asked now is the crib
            assert view.counting is not None and view.counting.kind == "hand"
            assert after.counting is not None and after.counting.kind == "crib"
        assert after.board.pegs[0] - before[0] >= truth
        assert any("calls muggins and takes 1" in line for line in _log(app)), _log(app)

    at_table(table, scenario)
    # The statement stands in the match as the person made it, answered by the computer.
    view = CribbageTable.resume(service, table.match_id).view
    steps = [event.action for event in view.events]  # the first hand is still in play
    assert f"count {stated[0]}" in steps
    assert steps[steps.index(f"count {stated[0]}") + 1] == "muggins"


def test_a_count_above_the_show_after_resuming(service: TableService) -> None:
    """The same on resume: the table opens on the count dialog, and a count above the show
    is taken as stated."""
    table = new_table(service, preset="muggins", seed="crib-over-resume")

    async def first(pilot: Pilot[Any], app: TableApp) -> None:
        await _to_my_count(pilot, app)
        await pilot.press("escape")
        await settle(pilot)

    at_table(table, first)
    again = CribbageTable.resume(service, table.match_id)
    counts: list[int] = []

    async def resumed(pilot: Pilot[Any], app: TableApp) -> None:
        assert isinstance(app.screen, CountScreen)  # opened at once on resume
        view = app.table.view
        counts.append(view.action_count)
        await _state(pilot, app, true_points(view) + 2)
        after = app.table.view
        assert after.action_count >= counts[0] + 2  # stated, then answered
        assert after.counting is None or after.counting.kind != view.counting.kind  # type: ignore[union-attr]

    at_table(again, resumed)


def test_a_refused_count_never_crashes_the_table(service: TableService) -> None:
    """A count no show can hold is refused by the service with its reason, the dialog opens
    again, and typing it again and again changes nothing and crashes nothing."""
    table = new_table(service, preset="muggins", seed="crib-refused")

    async def scenario(pilot: Pilot[Any], app: TableApp) -> None:
        await _to_my_count(pilot, app)
        count = app.table.view.action_count
        for _ in range(4):
            await _state(pilot, app, 99)
            assert isinstance(app.screen, CountScreen)
        assert app.is_running and app.table.view.action_count == count
        await pilot.press("escape")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CribbageScreen)
        status = str(screen.query_one("#status").render())
        assert "at most 29 points" in status, status
        await pilot.press("c")  # the dialog opens again on request, once
        await pilot.press("c")
        await settle(pilot)
        assert sum(isinstance(s, CountScreen) for s in app.screen_stack) == 1
        await _state(pilot, app, true_points(app.table.view))
        assert app.table.view.action_count > count

    at_table(table, scenario)


def test_at_a_friends_table_the_dealer_lays_away_first(service: TableService) -> None:
    """CRIBBAGE.md 1: the dealer is not kept waiting for the other to lay away."""
    people = (SeatSpec("human", name="Ann"), SeatSpec("human", name="Bob"))
    rules = service.make_rules("cribbage", "short", None)
    created = service.create_match(people, rules=rules, seed="friends", game="cribbage")
    opened = service.view(created.match_id, created.tokens[0])  # type: ignore[arg-type]
    dealer = opened.dealer  # type: ignore[union-attr]
    token = created.tokens[dealer]
    assert token is not None
    table = CribbageTable(service, created.match_id, token)

    async def scenario(pilot: Pilot[Any], app: TableApp) -> None:
        screen = app.screen
        assert isinstance(screen, CribbageScreen)
        turn = str(screen.query_one("#turn").render())
        assert "Pick two cards" in turn, turn
        await pilot.press("space", "right", "space", "enter")
        await settle(pilot)
        view = app.table.view
        assert len(view.laid_away) == 2 and view.phase == "discard"
        assert "Waiting for" in str(screen.query_one("#turn").render())

    at_table(table, scenario)
