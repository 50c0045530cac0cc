"""After a finished match the terminal continues the series at the same seat: the next match
has the same seats and token, and its first dealer follows ``series_first_player``
(RULES.md 5): ``alternate`` gives the other seat the first deal, ``loser`` lets the loser
play first (the winner deals), ``winner`` lets the winner play first (the loser deals)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.gin.rules import Rules, SeriesFirst
from cardtable.gin.tui.session import TerminalTable
from cardtable.gin.tui.table_screen import TableScreen
from cardtable.table import TableService
from cardtable.tui.app import TableApp
from cardtable.tui.launch import another

from .tui_driver import Driver, choose, run, settle

RULES: tuple[SeriesFirst, ...] = ("alternate", "loser", "winner")
ROUNDS = 3  # matches in a row: a first dealer picked at random would rarely fit them all
SCREEN_ROUNDS = 2  # the same through the keys (slower: each move waits for the screen)


def expected_dealer(rule: str, first_dealer: int, winner: int) -> int:
    """RULES.md 5, worked out here from the finished match alone."""
    if rule == "alternate":
        return 1 - first_dealer
    if rule == "loser":  # the loser plays first: the winner deals
        return winner
    return 1 - winner  # the winner plays first: the loser deals


def play_out(table: TerminalTable) -> None:
    for _ in range(400):
        if table.finished:
            return
        table.act(choose(table.view))
    raise AssertionError("the match did not finish")


def winner_of(table: TerminalTable) -> int:
    final = table.view.sheet.final
    assert final is not None
    return final.winner


def check_next(service: TableService, done: TerminalTable, nxt: TerminalTable, rule: str) -> None:
    """``nxt`` is the next match of ``done``'s series, at the same seat, dealt by the rule."""
    first_dealer = service.replay_hand(done.match_id, done.token, 1).summary.dealer
    assert nxt.match_id != done.match_id
    assert service.view(done.match_id, done.token).next_match == nxt.match_id
    assert nxt.token == done.token and nxt.seat == done.seat
    assert nxt.view.players == done.view.players
    assert dict(nxt.view.rules) == dict(done.view.rules)
    assert nxt.view.hand_number == 1 and not nxt.view.sheet.lines
    assert nxt.view.dealer == expected_dealer(rule, first_dealer, winner_of(done))


@pytest.mark.parametrize("rule", RULES)
def test_the_terminal_table_continues_the_series(service: TableService, rule: SeriesFirst) -> None:
    table = TerminalTable.start(
        service, Rules(target=1, series_first_player=rule), level="random", seed=f"series-{rule}"
    )
    for _ in range(ROUNDS):
        play_out(table)
        nxt = table.next_match()
        check_next(service, table, nxt, rule)
        assert table.next_match().match_id == nxt.match_id  # asked again: the same match
        table = nxt


@pytest.mark.parametrize("rule", RULES)
def test_n_on_the_final_screen_opens_the_next_match_of_the_series(
    service: TableService, shots: Path, rule: SeriesFirst
) -> None:
    table = TerminalTable.start(
        service, Rules(target=1, series_first_player=rule), level="random", seed=f"n-{rule}"
    )

    async def scenario() -> None:
        app = TableApp(table, new_match=another)
        async with app.run_test(size=(110, 30)) as pilot:
            await settle(pilot)
            driver = Driver(pilot, app, shots, "")
            for round_ in range(SCREEN_ROUNDS):
                done = app.table
                final = await driver.to_final()
                assert "Rematch (n)" in str(final.query_one("#ok").render())
                if round_ == 0:
                    app.save_screenshot(f"series-{rule}-final.svg", str(shots))
                await driver.press("n")
                assert isinstance(app.screen, TableScreen)
                check_next(service, done, app.table, rule)
                log = str(app.screen.query_one("#log").render())
                assert f"Match {app.table.match_id}." in log
            app.save_screenshot(f"series-{rule}-next.svg", str(shots))
            await pilot.press("q")

    run(scenario)
