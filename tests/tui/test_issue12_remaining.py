"""Issue 12's remaining terminal-table defects, at the smallest size the table is made for
(80x24) and a large one (120x40): the help and result pages scroll with their buttons in view,
the opponent's pass is logged in order, the card just taken is never the one preselected,
refusals go to the status line instead of the move log, and the score sheet names the player
as the title bar does. The Cribbage table gets the same checks where it has the same pages."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Button, Static

from cardtable.cribbage.tui.screen import CribbageScreen
from cardtable.cribbage.tui.session import CribbageTable
from cardtable.gin.rules import Rules
from cardtable.gin.tui import render
from cardtable.gin.tui.session import TerminalTable
from cardtable.gin.tui.table_screen import TableScreen
from cardtable.gin.views import HandReplay
from cardtable.table import TableService
from cardtable.tui.app import TableApp
from cardtable.tui.dialogs import InfoScreen

from .screen_text import SIZE_IDS, SIZES, on_page, on_screen, screen_rows
from .tui_driver import Driver, run, scroll_key, settle


def gin_table(
    service: TableService, seed: str, level: str = "random", target: int = 100
) -> TerminalTable:
    return TerminalTable.start(service, Rules(target=target), level=level, seed=seed, name="Ann")


def crib_table(service: TableService, seed: str) -> CribbageTable:
    rules = service.make_rules("cribbage", "short", None)
    return CribbageTable.start(service, rules, level="simple", seed=seed, name="Ann")


def box_text(app: Any, selector: str) -> str:
    """What the player reads in one box of the screen, its rows joined by spaces (a line
    wrapped in the box reads whole again)."""
    region = app.screen.query_one(selector).region
    rows = screen_rows(app)[region.y : region.bottom]
    inside = [row[region.x : region.right].strip("│╭╮╰╯─▁▂▃▄▅▆▇█▌▐ ") for row in rows]
    return " ".join(" ".join(inside).split())


def plain(markup: str) -> str:
    return Content.from_markup(markup).plain


def last_words(screen: InfoScreen) -> str:
    """The end of the page's last line (short enough not to be wrapped or folded apart)."""
    body = str(screen.query_one("#info-body", Static).content)
    last = Content.from_markup(body).plain.rstrip().splitlines()[-1]
    return last.split()[-1][-10:]


async def check_page(pilot: Pilot[Any], size: tuple[int, int], small_overflows: bool) -> None:
    """The open page: its button on screen; the end of its text reached by the keys, and
    out of sight until then wherever the page does not fit (``small_overflows``: it must
    not fit at 80x24); the button still there."""
    app = pilot.app
    screen = app.screen
    assert isinstance(screen, InfoScreen)
    page = screen.query_one("#page", VerticalScroll)
    ok = screen.query_one("#ok", Button)
    label = str(ok.label)
    body = screen.query_one("#info-body", Static)
    assert on_screen(app, label), screen_rows(app)
    assert ok.region.bottom <= size[1] and ok.region.width > 0
    assert screen.region.contains_region(screen.query_one(".dialog").region)
    if (small_overflows and size == (80, 24)) or page.max_scroll_y > 0:
        assert page.max_scroll_y > 0  # too long for 24 rows: it must scroll
        assert body.region.bottom > page.region.bottom
        await pilot.press("down")
        await pilot.pause()
        assert page.scroll_y > 0  # one key scrolls
    await scroll_key(pilot, "end")
    assert page.scroll_y == page.max_scroll_y
    assert body.region.bottom <= page.region.bottom  # the last line is in view
    assert on_page(app, last_words(screen)), screen_rows(app)
    assert on_screen(app, label)  # and the button still is
    await scroll_key(pilot, "home")
    assert page.scroll_y == 0


# -- 1 and 6: the help and result pages fit or scroll ----------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_gin_help_scrolls_to_its_end_with_the_button_in_view(
    service: TableService, size: tuple[int, int]
) -> None:
    seat = gin_table(service, "help-scroll")

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, InfoScreen)
            token_tail = seat.token[-6:]  # the page ends with the browser link
            await check_page(pilot, size, small_overflows=False)  # it fits, or scrolls
            await scroll_key(pilot, "end")
            assert on_page(app, token_tail)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)

    run(scenario)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_page_taller_than_the_terminal_scrolls_with_its_buttons_in_view(
    service: TableService, size: tuple[int, int]
) -> None:
    """Any page (a long score sheet, a long hint): the keys page through it to its last
    line, both buttons stay on screen, and esc still closes it."""
    seat = gin_table(service, "long-page")
    body = "\n".join(f"line {n} of the page" for n in range(1, 81))

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            closed: list[bool | None] = []
            page = InfoScreen("A long page", body, ok="Play it (⏎)", cancel="Close (esc)")
            app.push_screen(page, closed.append)
            await pilot.pause()
            await check_page(pilot, (size[0], size[1]), small_overflows=True)
            assert on_screen(app, "Close (esc)")
            assert page.query_one("#page", VerticalScroll).max_scroll_y > 0  # at 120x40 too
            assert not on_screen(app, "line 80 of")
            for _ in range(40):
                await pilot.press("pagedown")
            await pilot.pause()
            assert on_screen(app, "line 80 of the page") and on_screen(app, "Close (esc)")
            await pilot.press("escape")
            await pilot.pause()
            assert closed == [False] and isinstance(app.screen, TableScreen)

    run(scenario)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_gin_showdown_and_final_reach_their_end(
    service: TableService, size: tuple[int, int], tmp_path: Path
) -> None:
    seat = gin_table(service, f"results-{size[0]}", target=10)

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            driver = Driver(pilot, app, tmp_path, "")
            checked: set[str] = set()
            for _ in range(600):
                screen = app.screen
                if isinstance(screen, InfoScreen) and screen.id in ("showdown", "final"):
                    if screen.id not in checked:
                        await check_page(pilot, size, small_overflows=False)
                        checked.add(str(screen.id))
                    if screen.id == "final":
                        break
                await driver.turn()
            assert checked == {"showdown", "final"}

    run(scenario)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_cribbage_help_and_show_reach_their_end(
    service: TableService, size: tuple[int, int], tmp_path: Path
) -> None:
    from .test_cribbage_app import Driver as CribDriver

    seat = crib_table(service, f"crib-pages-{size[0]}")

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, InfoScreen) and app.screen.id == "help"
            await check_page(pilot, size, small_overflows=True)
            await scroll_key(pilot, "end")
            assert on_page(app, seat.token[-6:])
            await pilot.press("escape")
            await pilot.pause()
            driver = CribDriver(pilot, app, tmp_path, "")
            for _ in range(300):
                screen = app.screen
                if isinstance(screen, InfoScreen) and screen.id == "show":
                    await check_page(pilot, size, small_overflows=False)
                    break
                await driver.turn()
            else:
                raise AssertionError("no show after 300 turns")

    run(scenario)


# -- 2: the opponent's pass in order --------------------------------------------------------


def test_the_log_tells_every_move_in_order_passes_included(
    service: TableService, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The whole log of two hands, against what the service says happened: the hands'
    events as this seat was told them, in order, with the end of each hand between (the
    computer passes the upcard in them, at the start of a hand and after the player's pass)."""
    seat = gin_table(service, "pass-order", level="simple")
    said: list[str] = []
    say = TableScreen.say

    def recorded(screen: TableScreen, text: str) -> None:
        said.append(text)
        say(screen, text)

    monkeypatch.setattr(TableScreen, "say", recorded)

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            driver = Driver(pilot, app, tmp_path, "")
            for _ in range(400):
                if isinstance(app.screen, TableScreen):
                    # The newest line is in view at 80x24, however the lines above it wrap.
                    newest = plain(app.screen.log_lines[-1])
                    assert newest in box_text(app, "#logbox"), (newest, box_text(app, "#logbox"))
                    if app.table.view.deal_number > 2:
                        break
                await driver.turn()
            view = app.table.view
            names = render.seat_names(view)
            expected = [said[0]]  # the match's first line
            for deal in range(1, view.deal_number):
                replay = service.replay_hand(seat.match_id, seat.token, deal)
                assert isinstance(replay, HandReplay)
                expected += [render.describe_event(e, view.seat, names) for e in replay.told]
                expected.append("The hand is over.")
            expected += [render.describe_event(e, view.seat, names) for e in view.hand.events]
            assert said == expected
            assert "Simple passed the upcard." in said, said  # the case at issue did happen

    run(scenario)


# -- 3: after taking, a card that may be thrown is chosen ----------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_after_taking_the_chosen_card_may_be_thrown(
    service: TableService, size: tuple[int, int]
) -> None:
    seat = gin_table(service, f"take-{size[0]}")

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            assert "take" in seat.view.legal_actions
            taken = seat.view.hand.top_discard
            await pilot.press("t")
            await settle(pilot)
            view = app.table.view
            assert view.hand.taken == taken and view.hand.phase == "discard"
            assert f"discard {taken}" not in view.legal_actions  # the rule this is about
            assert screen.selected is not None and screen.selected != taken
            assert f"discard {screen.selected}" in view.legal_actions
            assert f"card-{screen.selected}" in {
                str(card.id) for card in screen.query(".-selected")
            }
            chosen = screen.selected
            before = view.action_count
            await pilot.press("enter")  # straight away: a legal discard, not a refusal
            await settle(pilot)
            mine = [e for e in app.table.view.hand.events if e.seat == view.seat]
            assert app.table.view.action_count > before
            assert mine[-1].kind == "discard" and mine[-1].card == chosen

    run(scenario)


# -- 4: refusals on the status line, the moves kept in the log ------------------------------


def log_text(screen: Any, selector: str) -> str:
    return str(screen.query_one(selector, Static).content)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_gin_refusals_leave_the_move_log_alone(
    service: TableService, size: tuple[int, int]
) -> None:
    seat = gin_table(service, f"errors-{size[0]}")

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            await pilot.press("p")  # a move: the pass (and the computer's answer)
            await settle(pilot)
            while not seat.my_turn or seat.view.hand.phase != "draw":
                await pilot.press("d" if "draw" in seat.view.legal_actions else "p")
                await settle(pilot)
            moves = list(screen.log_lines)
            shown = log_text(screen, "#log")
            assert len(moves) > 1  # the match's first line, then moves
            # Refused keys: discard and knock before drawing, pass out of turn, enter.
            for key in ("x", "k", "p", "enter", "b", "x", "k", "p"):
                await pilot.press(key)
                await settle(pilot)
                status = log_text(screen, "#status")
                assert status.strip(), key  # each refusal said on the status line
            assert list(screen.log_lines) == moves
            assert log_text(screen, "#log") == shown
            log = " ".join(screen.log_lines)
            for word in ("cannot", "Not allowed", "may not", "only after"):
                assert word not in log
            assert on_screen(app, Content.from_markup(status).plain.strip()[:30])
            await pilot.press("d")  # a move clears the status line
            await settle(pilot)
            assert not log_text(screen, "#status").strip()
            assert len(screen.log_lines) > len(moves)

    run(scenario)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_cribbage_refusals_leave_the_move_log_alone(
    service: TableService, size: tuple[int, int]
) -> None:
    seat = crib_table(service, f"crib-errors-{size[0]}")

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, CribbageScreen)
            moves = list(screen.log_lines)
            mini = log_text(screen, "#minilog")
            for key in ("enter", "g", "c", "m", "a", "enter", "g", "c"):
                await pilot.press(key)
                await settle(pilot)
                status = log_text(screen, "#status")
                assert status.strip(), key
            assert list(screen.log_lines) == moves
            assert log_text(screen, "#minilog") == mini
            log = " ".join(screen.log_lines)
            for word in ("cannot", "Pick two", "nothing for you"):
                assert word not in log
            assert on_screen(app, Content.from_markup(status).plain.strip()[:30])

    run(scenario)


# -- 5: the player's name on the score sheets -----------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_score_sheet_names_the_player(service: TableService, size: tuple[int, int]) -> None:
    seat = gin_table(service, f"named-sheet-{size[0]}")

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = app.screen
            side = log_text(screen, "#sheet").splitlines()[0]
            assert "Ann" in side and "You" not in side
            await pilot.press("s")
            await pilot.pause()
            sheet = app.screen
            assert isinstance(sheet, InfoScreen) and sheet.id == "sheet-screen"
            head = log_text(sheet, "#info-body").splitlines()[0]
            assert head.split()[-2:] == ["Ann", "Random"]
            rows = screen_rows(app)
            assert any("Ann" in row for row in rows)
            assert not any(re.search(r"\bYou\b", row) for row in rows), rows

    run(scenario)


def test_the_plain_table_keeps_you(service: TableService) -> None:
    """The line-by-line table's words are golden-tested: only the full screen changed."""
    seat = gin_table(service, "plain-you")
    assert render.score_lines(seat.view)[0].split()[-2:] == ["You", "Random"]
    assert render.screen_names(seat.view) == ("Ann", "Random")
