"""Eights at the terminal with no terminal screens of its own: the generic full-screen table
(Textual, at 80x24) and the generic line-by-line table each play a match to its end, found
through the registry with no edit outside this folder."""

from __future__ import annotations

import asyncio
import io
import sys
from pathlib import Path

import pytest

from cardtable.cli.main import main
from cardtable.games import game
from cardtable.store import Store
from cardtable.table import TableService
from cardtable.tui.app import TableApp
from cardtable.tui.dialogs import FinalScreen
from cardtable.tui.front import full_screen, plain
from cardtable.tui.generic_screen import GenericScreen
from cardtable.tui.generic_session import GenericTable
from tests.paths import SCREENSHOTS

SIZE = (80, 24)


def test_eights_has_no_screens_and_gets_the_generic_ones() -> None:
    assert "tui" not in game("eights").screens and "plain" not in game("eights").screens
    assert full_screen("eights").screen is GenericScreen
    assert issubclass(full_screen("eights").session, GenericTable)
    assert plain("eights").session.game == "eights"


def test_the_generic_screen_plays_a_match_to_the_end(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'eights.db'}")
    service = TableService(store)
    table = full_screen("eights").session.start(
        service, service.make_rules("eights", "short", None), level="simple", seed="tui-1"
    )
    shots = SCREENSHOTS / "tui"
    shots.mkdir(parents=True, exist_ok=True)

    async def scenario() -> None:
        app = TableApp(table, new_match=None)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GenericScreen)
            app.save_screenshot("eights-generic-80x24.svg", str(shots))
            rows = app.screen.query_one("#top").render()
            assert "Eights" in str(rows)
            moves = 0
            while not isinstance(app.screen, FinalScreen):
                screen = app.screen
                assert isinstance(screen, GenericScreen), type(screen)
                assert table.my_turn, table.basics.status
                # The buttons are the legal actions, each with its key, in the game's order.
                buttons = [str(b.label) for b in screen.query("#choices Button").results()]
                labels = [c.label for c in table.basics.choices]
                assert [b.split(" ", 1)[1] for b in buttons] == labels
                before = table.view.action_count
                await pilot.press("1")
                await pilot.pause()
                assert table.view.action_count > before  # the move (and the answer) stored
                moves += 1
                assert moves < 500
            app.save_screenshot("eights-generic-final-80x24.svg", str(shots))
            keys = str(app.screen.query_one("#final-keys").render())
            assert "n: a rematch" in keys and "review" not in keys  # Eights has no coach
            assert table.finished and "won the match" in table.basics.status
            await pilot.press("q")

    asyncio.run(scenario())
    again = TableService(store).view(table.match_id, table.token).to_json()
    assert again["finished"] and again["basics"]["scores"] == list(table.basics.scores)
    store.close()


def test_plain_plays_a_match_to_the_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'eights.db'}"
    monkeypatch.setattr(sys, "stdin", io.StringIO("legal\n" + "1\n" * 600))
    out = io.StringIO()
    argv = ["play", "--plain", "--game", "eights", "--rules", "short", "--seed", "plain-1"]
    status = main([*argv, "--level", "simple", "--database", url, "--name", "Ann"], out)
    text = out.getvalue()
    assert status == 0, text
    assert text.startswith("Eights: match ")
    assert "Legal: " in text and "You may: 1) " in text
    assert "The match is over." in text and "won the match" in text.split("The match is over.")[1]
    store = Store(url)
    (summary,) = TableService(store).list_matches()
    assert summary.game == "eights" and summary.status == "finished", summary
    store.close()


def test_plain_refuses_a_number_past_the_list_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'eights.db'}"
    monkeypatch.setattr(sys, "stdin", io.StringIO("99\nplay 8Z\nquit\n"))
    out = io.StringIO()
    argv = ["play", "--plain", "--game", "eights", "--seed", "plain-2", "--database", url]
    assert main([*argv, "--level", "simple"], out) == 0
    text = out.getvalue()
    assert "No action numbered 99" in text and "Not played: " in text
    assert "The match is saved." in text
    store = Store(url)
    (summary,) = TableService(store).list_matches()
    assert summary.status != "finished"
    store.close()


def test_the_lesson_command_offers_no_lesson_eights_has_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert game("eights").lesson is None
    assert main(["lesson", "--game", "eights"], io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid choice: 'eights'" in err, err
    # play offers it, beside the games with screens of their own
    assert main(["play", "--game", "eights", "--json"], io.StringIO()) == 2
    assert "--json needs --plain" in capsys.readouterr().err
