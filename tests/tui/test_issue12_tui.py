"""Issue 12's terminal-table defects: no full-screen app without a terminal, ``--ascii`` all
ASCII, ``--name`` shown, Ctrl-C's resume hint, and the card you do not hold."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from textual.drivers.headless_driver import HeadlessDriver

from cardtable.gin.rules import Rules
from cardtable.gin.tui.plain import PlainTable
from cardtable.gin.tui.session import TerminalTable, resumable_matches
from cardtable.table import TableService
from cardtable.tui import ascii as ascii_mode
from cardtable.tui.app import TableApp

from .tui_driver import run, settle

CLI = [sys.executable, "-c", "import sys; from cardtable.cli.gin import main; sys.exit(main())"]
SIZES = [(80, 24), (120, 40)]
BOX = {chr(c) for c in range(0x2500, 0x2580)}


def table(service: TableService, seed: str = "i12") -> TerminalTable:
    return TerminalTable.start(service, Rules(), level="random", seed=seed, name="Ann")


@pytest.mark.parametrize("command", [["play", "--level", "random"], ["lesson"]])
def test_without_a_terminal_the_plain_table_plays_with_a_note(
    command: list[str], db_url: str, tmp_path: Path
) -> None:
    done = subprocess.run(
        [*CLI, *command],
        input="q\n",
        capture_output=True,
        text=True,
        timeout=60,  # the full-screen app would wait for keys that never come
        check=False,
    )
    assert done.returncode == 0, done.stderr
    note = done.stderr.strip().splitlines()
    assert len(note) == 1 and "not a terminal" in note[0] and "--plain" in note[0]
    assert "\x1b[" not in done.stdout  # no full-screen escape sequences
    if command[0] == "play":
        assert "The match is saved." in done.stdout and "Resume: ginrummy play" in done.stdout
    else:
        assert "Step 1 of" in done.stdout


def test_ctrl_c_in_the_plain_table_prints_the_resume_hint(service: TableService) -> None:
    seat = table(service, "ctrl-c")

    class Interrupted(io.StringIO):
        def readline(self, *args: Any) -> str:
            raise KeyboardInterrupt

    out = io.StringIO()
    assert PlainTable(seat, Interrupted(), out).run() == 130
    text = out.getvalue()
    assert "Stopped: the match is saved." in text
    assert f"Resume: ginrummy play --resume {seat.match_id}" in text
    assert resumable_matches(service)[0].id == seat.match_id


def test_ctrl_c_while_waiting_for_the_opponent_prints_the_resume_hint(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    seat = table(service, "ctrl-c-wait")
    monkeypatch.setattr(TerminalTable, "my_turn", property(lambda self: False))
    monkeypatch.setattr(TerminalTable, "changed_elsewhere", lambda self: False)

    def interrupt(_: float) -> None:
        raise KeyboardInterrupt

    out = io.StringIO()
    assert PlainTable(seat, io.StringIO(""), out, sleep=interrupt).run() == 130
    assert "Waiting for Random" in out.getvalue()
    assert f"Resume: ginrummy play --resume {seat.match_id}" in out.getvalue()


def test_a_card_not_in_hand_is_named_whatever_the_phase(service: TableService) -> None:
    seat = table(service, "not-held")
    held = {str(c) for c in seat.view.hand.hand}
    missing = next(c for c in ("AS", "KH", "5C", "9D", "QS", "2H") if c not in held)
    commands = [f"discard {missing}", f"knock {missing}", f"gin {missing}"]
    out = io.StringIO()
    PlainTable(seat, io.StringIO("\n".join(commands) + "\n"), out, ascii_only=True).run()
    text = out.getvalue()
    assert text.count(f"Not allowed: you do not hold {missing}.") == 3
    assert "draw first" not in text


@pytest.mark.parametrize("size", SIZES)
def test_the_full_screen_table_names_the_player(service: TableService, size: Any) -> None:
    seat = table(service, "named-full")

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            top = str(app.screen.query_one("#top").render())
            assert "Ann 0" in top and "You 0" not in top
            await pilot.press("q")

    run(scenario)


def screen_text(app: TableApp) -> str:
    import html
    import re

    svg = app.export_screenshot()
    texts = re.findall(r">([^<>]*)</text>", svg)
    return "".join(html.unescape(t) for t in texts).replace("\xa0", " ")


@pytest.mark.parametrize("size", SIZES)
def test_ascii_draws_no_unicode(
    service: TableService, size: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    written: list[str] = []
    monkeypatch.setattr(HeadlessDriver, "write", lambda self, data: written.append(data))
    seat = table(service, "ascii")

    async def scenario() -> None:
        app = TableApp(seat, ascii_only=True)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            text = screen_text(app)
            assert not BOX & set(text), sorted(BOX & set(text))  # ASCII borders
            assert "<- ->" in text  # the keys spelled out
            # What reaches the terminal: every frame through the ASCII filter.
            frame = app.screen._compositor.render_update(full=True)
            assert app._driver is not None
            app._driver.write(frame.render_segments(app.console))
            assert written and all(chunk.isascii() for chunk in written)
            assert "Gin Rummy - hand 1" in written[-1]
            await pilot.press("q")

    run(scenario)


def test_without_ascii_the_table_keeps_its_symbols(service: TableService) -> None:
    seat = table(service, "unicode")

    async def scenario() -> None:
        app = TableApp(seat)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            assert BOX & set(screen_text(app))
            await pilot.press("q")

    run(scenario)


def test_to_ascii_keeps_widths() -> None:
    text = "╭─ table ─╮ · – ← → ⏎ ≤ ♠ … ▏"
    assert len(ascii_mode.to_ascii(text)) == len(text)
    assert ascii_mode.to_ascii(text).isascii()
