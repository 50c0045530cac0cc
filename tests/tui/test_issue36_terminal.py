"""Issue 36, point 5: the terminal table at 80x24 (and 120x40), both games where it applies.

The newest move whole in the short log; the side log at its end after a resize; the title
keeping the game points; the narrow board's pegs; ``i`` in the key panel; a third card
picked for the crib refused aloud; ``--ascii`` spelling Enter; ⏎ on the final dialog
starting nothing; the Cribbage hint as gin's reads; the help and messages naming the
``cardtable`` command (``ginrummy``'s own output unchanged)."""

from __future__ import annotations

import contextlib
import io
import random
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widget import Widget

from cardtable.cribbage.tui.screen import CribbageScreen
from cardtable.cribbage.tui.session import CribbageTable
from cardtable.gin.rules import Rules as GinRules
from cardtable.gin.tui.session import TerminalTable
from cardtable.gin.tui.table_screen import TableScreen
from cardtable.table import TableService
from cardtable.tui.app import TableApp
from cardtable.tui.dialogs import InfoScreen
from cardtable.tui.stats_text import stats_lines

from .screen_text import SIZE_IDS, SIZES, on_page, screen_rows
from .test_cribbage_app import Driver
from .test_stats_screen import finished_match
from .tui_driver import run, settle

NARROW = (80, 24)
WIDE = (120, 40)


def crib_table(service: TableService, seed: str = "7", preset: str = "standard") -> CribbageTable:
    """The issue's table: Cribbage against the intermediate player."""
    rules = service.make_rules("cribbage", preset, None)
    return CribbageTable.start(service, rules, level="intermediate", seed=seed, name="Tester")


@contextlib.asynccontextmanager
async def opened(app: Any, size: tuple[int, int]) -> AsyncIterator[tuple[Pilot[Any], Driver]]:
    """``app`` running at ``size``, settled after its first look, with a driver for the
    person's seat (the Cribbage test driver: keys and mouse in turn)."""
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        yield pilot, Driver(pilot, app, Path("."), "")


def region_text(app: Any, widget: Widget) -> str:
    """What ``widget`` shows on screen, its rows joined by one space (words as written)."""
    region = widget.content_region
    rows = screen_rows(app)[region.y : region.y + region.height]
    return " ".join(" ".join(row[region.x : region.x + region.width].split()) for row in rows)


def whole(line: str) -> str:
    return " ".join(line.split())


def finished_cribbage(service: TableService, seed: str) -> CribbageTable:
    """A short Cribbage match played to its end through the session (random moves)."""
    table = crib_table(service, seed, "short")
    rng = random.Random(seed)
    while not table.finished:
        view = table.view
        if view.my_turn:
            table.act(rng.choice(view.legal_actions))
        else:
            table.refresh()
    return table


# -- the move log ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_newest_move_and_its_points_are_always_in_view(
    service: TableService, size: tuple[int, int]
) -> None:
    """At 80x24 the short log beside the count had three rows of wrapped lines, so the
    opponent's answer (seed 7: "Intermediate plays T♦ (count 25)") was cut off; now the
    newest line is always whole on screen, in the short log and in the side log."""
    table = crib_table(service)

    async def scenario() -> None:
        app = TableApp(table)
        async with opened(app, size) as (_pilot, driver):
            seen_plays = 0
            for _ in range(40):
                screen = app.screen
                if isinstance(screen, CribbageScreen):
                    box = screen.query_one("#minilog" if size == NARROW else "#log")
                    newest = screen.log_lines[-1]
                    if newest.startswith("Rules: "):  # the first lines: no move yet
                        await driver.turn()
                        continue
                    assert whole(newest) in region_text(app, box), (newest, region_text(app, box))
                    seen_plays += newest.startswith("Intermediate plays")
                await driver.turn()
            assert seen_plays >= 3

    run(scenario)


def test_a_resize_brings_the_side_log_to_its_newest_line(service: TableService) -> None:
    """The side log, hidden at 80x24, stayed scrolled at hand 1 when the terminal grew."""
    table = crib_table(service)

    async def scenario() -> None:
        app = TableApp(table)
        async with opened(app, NARROW) as (pilot, driver):
            screen = driver.screen
            while len(screen.log_lines) < 30 or app.screen is not screen:
                await driver.turn()
            await pilot.resize_terminal(*WIDE)
            await settle(pilot)
            await pilot.pause()
            log = screen.query_one("#log", VerticalScroll)
            assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
            assert whole(screen.log_lines[-1]) in region_text(app, log)

    run(scenario)


# -- the title, the board, the key panel ----------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_title_keeps_the_game_points_and_the_knock_limit_whole(
    service: TableService, size: tuple[int, int]
) -> None:
    crib = crib_table(service)
    gin = TerminalTable.start(
        service, GinRules(), level="intermediate", seed="36", name="Maximiliane Wolkenstein"
    )

    async def scenario(app: Any, words: str) -> None:
        async with opened(app, size) as (_pilot, _):
            title = screen_rows(app)[0]
            assert words in title, title

    run(lambda: scenario(TableApp(crib), "game points 0–0"))
    run(lambda: scenario(TableApp(gin), "knock ≤ 10"))


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_board_draws_both_pegs(service: TableService, size: tuple[int, int]) -> None:
    """The help says each player has a front peg (●) and a back peg (○): the 80-column
    board (a bar a player) drew neither."""
    table = crib_table(service)

    async def scenario() -> None:
        app = TableApp(table)
        async with opened(app, size) as (_pilot, driver):
            board = table.view.board
            while not all(0 < board.back_pegs[s] < board.pegs[s] for s in (0, 1)):
                await driver.turn()
                board = app.table.view.board
            while not isinstance(app.screen, CribbageScreen):  # the show: go on
                await driver.turn()
            screen = app.screen
            board = app.table.view.board
            text = region_text(app, screen.query_one("#board"))
            tracks = text.replace("● front", "").replace("○ back", "")  # (the legend)
            fronts, backs = tracks.count("●"), tracks.count("○")
            assert fronts == 2, text
            assert backs == sum(0 < board.back_pegs[s] < board.pegs[s] for s in (0, 1)), text

    run(scenario)


def test_the_key_panel_names_i_for_the_statistics(service: TableService) -> None:
    crib = crib_table(service)
    gin = TerminalTable.start(service, GinRules(), level="random", seed="36-keys")

    async def scenario(app: Any) -> None:
        async with opened(app, WIDE) as (_pilot, _):
            assert "i statistics" in region_text(app, app.screen.query_one("#keys"))

    run(lambda: scenario(TableApp(crib)))
    run(lambda: scenario(TableApp(gin)))


# -- the crib ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_third_card_for_the_crib_is_refused_aloud(
    service: TableService, size: tuple[int, int]
) -> None:
    """Picking a third card dropped the first without a word; now the two stay picked and
    the status line says how to change them."""
    table = crib_table(service)

    async def scenario() -> None:
        app = TableApp(table)
        async with opened(app, size) as (pilot, driver):
            screen, hand = driver.screen, list(table.view.hand)
            for card in hand[:3]:
                assert await pilot.click(f"#card-{card}")
                await settle(pilot)
            assert screen.picked == hand[:2]
            status = region_text(app, screen.query_one("#status"))
            assert "You have picked two cards" in status and "put one back" in status, status
            assert await pilot.click(f"#card-{hand[0]}")  # put one back: now the third goes
            await settle(pilot)
            assert await pilot.click(f"#card-{hand[2]}")
            await settle(pilot)
            assert screen.picked == [hand[1], hand[2]]

    run(scenario)


# -- --ascii --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_ascii_spells_enter_out(service: TableService, size: tuple[int, int]) -> None:
    """Under --ascii the frames turn ⏎ into "<", which reads as an arrow: the texts say
    "Enter" instead, on the table, its buttons, the key panel and the dialogs."""
    crib = crib_table(service, "36-ascii")
    gin = TerminalTable.start(service, GinRules(), level="random", seed="36-ascii")

    async def scenario(app: Any) -> None:
        async with opened(app, size) as (pilot, _):
            pages = 0
            for key in ("", "question_mark", "h"):
                if key:
                    await pilot.press(key)
                    await settle(pilot)
                    await pilot.pause()
                    assert isinstance(app.screen, InfoScreen)
                    pages += 1
                rows = "\n".join(screen_rows(app))
                assert "⏎" not in rows, rows
                # (gin's table offers the upcard first: no Enter key to name yet)
                assert "Enter" in rows or (not key and isinstance(app.table, TerminalTable)), rows
                if key == "question_mark" and isinstance(app.table, CribbageTable):
                    assert on_page(app, "the front one (@) is the score")  # as drawn
                if key:
                    await pilot.press("escape")
                    await settle(pilot)
            assert pages == 2

    run(lambda: scenario(TableApp(crib, ascii_only=True)))
    run(lambda: scenario(TableApp(gin, ascii_only=True)))


# -- the final dialog -------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_enter_on_the_final_dialog_starts_no_rematch(
    service: TableService, size: tuple[int, int]
) -> None:
    """⏎ on "The match is over" pressed the focused "Rematch" button: now it starts
    nothing and says which keys do; n starts the rematch."""
    crib = finished_cribbage(service, f"36-final-{size[0]}")
    gin = finished_match(service, f"36-final-{size[0]}")
    gin.command = "cardtable"  # as ``cardtable play`` opens it: the rematch names the same

    async def scenario(app: Any, table: Any) -> None:
        async with opened(app, size) as (pilot, _):
            final = app.screen
            assert isinstance(final, InfoScreen) and final.id == "final"
            await pilot.press("enter")
            await settle(pilot)
            assert app.screen is final and app.table.match_id == table.match_id
            assert on_page(app, "starts nothing here: n: a rematch")
            await pilot.press("n")
            await settle(pilot)
            assert isinstance(app.screen, (CribbageScreen, TableScreen))
            assert app.table.match_id != table.match_id
            assert app.table.command == "cardtable"

    for app, table in ((TableApp, crib), (TableApp, gin)):
        run(lambda app=app, table=table: scenario(app(table, new_match=another), table))


def another(table: Any) -> Any:
    return table.next_match()


# -- the hint, the statistics -----------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_cribbage_hint_reads_as_gins(service: TableService, size: tuple[int, int]) -> None:
    """The hint printed Python (``figures: {'hand_ev': 8.0, ...}``); now, as gin's: the
    move, the reason, and the options best first with their value and note."""
    table = crib_table(service)
    advice = service.hint(table.match_id, table.token)

    async def scenario() -> None:
        app = TableApp(table)
        async with opened(app, size) as (pilot, _):
            await pilot.press("h")
            await settle(pilot)
            await pilot.pause()
            assert isinstance(app.screen, InfoScreen) and app.screen.id == "hint"
            body = "\n".join(screen_rows(app))
            for python in ("{", "}", "figures", "alternatives", "hand_ev", "'action'"):
                assert python not in body, body
            assert on_page(app, "The options, best first:")
            for alt in advice.to_json()["alternatives"][:3]:
                assert on_page(app, f"{round(alt['value'], 2):>7} – {alt['note'][:20]}")

    run(scenario)


def test_the_statistics_chart_names_the_opponent_whole() -> None:
    recent = [
        {"date": "2026-12-01", "opponent": "Intermediate", "scores": [121, 90], "won": True,
         "accuracy": 80.0},
        {"date": "2026-12-02", "opponent": "Simple", "scores": [3, 100], "won": False,
         "accuracy": None},
    ]  # fmt: skip
    gin = {"game": "gin", "title": "Gin Rummy", "matches": 2, "matches_won": 1,
           "unfinished": 0, "accuracy": 80.0, "choices": 9, "reviewed_matches": 1,
           "lines": [["Hands won", "5 of 9"]], "recent": recent}  # fmt: skip
    lines = stats_lines({"games": [gin]}, ascii_only=True)
    rows = [line for line in lines if line.startswith("  2026-12-")]
    assert "vs Intermediate W 121-90" in rows[0], rows
    assert rows[0].index(" W ") == rows[1].index(" L ")  # the columns line up
    assert all(len(line) <= 76 for line in lines)  # the dialog's page at 80 columns


# -- the commands the table names -------------------------------------------------------------


def test_cardtable_play_names_cardtable(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Gin's help, its quit message and its --plain help said ``ginrummy play --resume`` and
    ``ginrummy serve`` under ``cardtable play``; the gin command keeps its own words."""
    from cardtable.cli.gin import main as ginrummy
    from cardtable.cli.main import main as cardtable
    from cardtable.gin.tui import render

    opened: list[TableApp] = []
    monkeypatch.setattr(TableApp, "run", lambda self: opened.append(self))
    argv = ["play", "--seed", "36-names", "--level", "random", "--name", "Ann"]
    out = io.StringIO()
    assert cardtable(argv, out) == 0
    table = opened[0].table
    saved = f"The match is saved. Resume: cardtable play --resume {table.match_id}"
    assert saved in out.getvalue()
    help_text = "\n".join(
        render.help_lines(table.view, table.web_link(), table.resume_command(), "cardtable serve")
    )
    assert f"cardtable play --resume {table.match_id}" in help_text
    assert table.serve_command() == "cardtable serve" and "ginrummy" not in help_text
    out = io.StringIO()
    assert ginrummy(argv, out) == 0
    assert f"Resume: ginrummy play --resume {opened[1].table.match_id}" in out.getvalue()
    assert opened[1].table.serve_command() == "ginrummy serve"

    for main, command in ((cardtable, "cardtable"), (ginrummy, "ginrummy")):
        monkeypatch.setattr(sys, "stdin", io.StringIO("?\nq\n"))
        out = io.StringIO()
        assert main([*argv, "--plain", "--ascii"], out) == 0
        text = out.getvalue()
        assert f"the match is saved ({command} play --resume)" in text
        assert f"Resume: {command} play --resume " in text
        other = "ginrummy" if command == "cardtable" else "cardtable"
        assert f"{other} play" not in text
