"""The statistics dialog of the full-screen table (``i``): the figures the table service
counts over every match a person played from this terminal, at 80x24 and 120x40; a match of
another front end (the web table's) is not counted."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Static

from cardtable.cribbage.game import CRIBBAGE
from cardtable.cribbage.tui import render as crib_render
from cardtable.cribbage.tui.dialogs import final_screen as crib_final_screen
from cardtable.cribbage.tui.session import CribbageTable
from cardtable.gin.rules import Rules
from cardtable.gin.tui import render
from cardtable.gin.tui.dialogs import final_screen
from cardtable.gin.tui.session import TerminalTable, terminal_seats
from cardtable.table import SeatSpec, TableService
from cardtable.tui.app import TableApp
from cardtable.tui.stats_screen import StatsScreen
from cardtable.tui.stats_text import stats_lines
from tests.helpers import game_stats

from .screen_text import SIZE_IDS, SIZES, on_screen, screen_rows
from .tui_driver import run, scroll_key, settle


def finished_match(service: TableService, seed: str) -> TerminalTable:
    """A short terminal match, played to its end through the session (knock at once)."""
    table = TerminalTable.start(service, Rules(target=10), level="random", seed=seed, name="Ann")
    rng = random.Random(seed)
    for _ in range(3000):
        if table.finished:
            return table
        view = table.view
        if view.knock_options:
            table.act(view.knock_options[0].action)
        elif view.play.discard_deadwood:
            table.act(f"discard {view.play.discard_deadwood[0][0]}")
        else:
            table.act(rng.choice(view.legal_actions))
    raise AssertionError("the match did not end")


async def open_stats(pilot: Pilot[Any], expected: list[str]) -> StatsScreen:
    """Press i: the statistics dialog comes up with the lines ``expected``."""
    await pilot.press("i")
    await settle(pilot)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    body = screen.query_one("#stats-body", Static)
    assert Content.from_markup(str(body.content)).plain.splitlines() == expected
    return screen


def test_the_terminal_counts_its_own_seats_only(service: TableService) -> None:
    done = finished_match(service, "tui-stats-a")
    begun = TerminalTable.start(service, Rules(target=10), level="random", seed="tui-b")
    web = service.create_match(
        (SeatSpec("human", "Web", client="web"), SeatSpec("computer", level="random"))
    )
    seats = terminal_seats(service)
    assert sorted(seats) == sorted([(done.match_id, done.token), (begun.match_id, begun.token)])
    assert web.match_id not in {match_id for match_id, _ in seats}
    everything = done.stats()
    assert everything == service.player_stats(seats).to_json()
    stats = game_stats(everything, "gin")
    assert stats["matches"] == 1 and stats["unfinished"] == 1
    assert stats["accuracy"] is not None and len(stats["recent"]) == 1


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_i_opens_the_statistics(service: TableService, size: tuple[int, int], shots: Path) -> None:
    finished_match(service, f"tui-stats-{size[0]}")
    table = TerminalTable.start(service, Rules(target=10), level="random", seed="tui-now")
    expected = stats_lines(table.stats())

    async def scenario() -> None:
        app = TableApp(table)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = await open_stats(pilot, expected)
            assert on_screen(app, "Your statistics") and on_screen(app, "Close"), screen_rows(app)
            assert on_screen(app, "Matches won         1 of 1 (1 in play)"), screen_rows(app)
            page = screen.query_one("#page", VerticalScroll)
            await scroll_key(pilot, "end")
            assert page.scroll_y == page.max_scroll_y
            assert on_screen(app, "vs Random"), screen_rows(app)
            app.save_screenshot(f"stats-{size[0]}x{size[1]}.svg", str(shots))
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, StatsScreen)

    run(scenario)


def test_no_figures_yet_is_one_line(service: TableService) -> None:
    table = TerminalTable.start(service, Rules(target=10), level="random", seed="tui-none")
    assert stats_lines(table.stats()) == ["No finished hand yet: your figures appear after one."]


def test_the_final_page_names_who_deals_the_next_match(service: TableService) -> None:
    table = finished_match(service, "tui-final-dealer")
    dealer = table.view.rematch_dealer
    assert dealer in (0, 1)
    names = render.screen_names(table.view)
    who = "you deal" if dealer == table.view.seat else f"{names[dealer]} deals"
    body = Content.from_markup(final_screen(table.view).body).plain
    assert f"Rematch (n): the same rules and players; {who} first." in body
    following = table.next_match()
    assert following.view.dealer == dealer


def test_the_cribbage_final_page_names_who_deals_the_rematch(service: TableService) -> None:
    rules = service.make_rules("cribbage", "short", {"target": "31"})
    table = CribbageTable.start(service, rules, level="random", seed="crib-final", name="Ann")
    for _ in range(2000):
        view = table.view
        if view.finished:
            break
        if view.legal_actions:
            table.act(view.legal_actions[0])
        else:
            table.refresh()
    view = table.view
    assert view.finished and view.rematch_dealer in (0, 1)
    names = crib_render.seat_names(view)
    who = "you deal" if view.rematch_dealer == view.seat else f"{names[view.rematch_dealer]} deals"
    body = Content.from_markup(crib_final_screen(view).body).plain
    assert f"Rematch (n): the same rules and players; {who} first." in body
    assert table.next_match().view.dealer == view.rematch_dealer


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_i_at_the_cribbage_table_opens_the_same_statistics(
    service: TableService, size: tuple[int, int], shots: Path
) -> None:
    """The Cribbage table's ``i`` shows the person's statistics of every terminal match,
    the Cribbage figures among them once a Cribbage hand is over."""
    finished_match(service, "tui-stats-crib-gin")
    crib = CribbageTable.start(
        service, CRIBBAGE.make_rules("short"), level="random", seed=f"s{size[0]}"
    )
    rng = random.Random(3)
    while crib.view.last_hand is None:  # play one hand through the session
        crib.act(rng.choice(crib.view.legal_actions))
    expected = stats_lines(crib.stats())
    assert "Cribbage:" in expected and expected[0].startswith("Gin Rummy")

    async def scenario() -> None:
        app = TableApp(crib, new_match=None)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = await open_stats(pilot, expected)
            assert on_screen(app, "Your statistics") and on_screen(app, "Close"), screen_rows(app)
            page = screen.query_one("#page", VerticalScroll)
            await scroll_key(pilot, "end")  # the Cribbage figures, last, come into view
            assert page.scroll_y == page.max_scroll_y
            assert on_screen(app, "Pegged per hand"), screen_rows(app)
            app.save_screenshot(f"crib-stats-{size[0]}x{size[1]}.svg", str(shots))
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, StatsScreen)

    run(scenario)
