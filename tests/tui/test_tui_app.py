"""The full-screen table, driven headless by Textual's pilot: keys and mouse, a whole hand and
a whole match, the knock dialog, hints, the lesson; SVG screenshots go to the
artifacts folder (tests/paths.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.gin.lesson import LESSON_STEPS
from cardtable.gin.rules import Rules
from cardtable.gin.tui import render
from cardtable.gin.tui.dialogs import KnockScreen
from cardtable.gin.tui.lesson_screen import LessonScreen
from cardtable.gin.tui.session import TerminalTable
from cardtable.gin.tui.table_screen import TableScreen
from cardtable.table import TableService
from cardtable.tui.app import LessonApp, TableApp
from cardtable.tui.dialogs import InfoScreen
from cardtable.tui.widgets import CardView

from .tui_driver import Driver, run, settle

SIZE = (110, 30)


def new_table(service: TableService, target: int = 100, seed: str = "tui") -> TerminalTable:
    return TerminalTable.start(
        service, Rules(target=target), level="random", seed=seed, name="Tester"
    )


def test_a_whole_hand_by_keys_and_mouse(service: TableService, shots: Path) -> None:
    table = new_table(service)

    async def scenario() -> None:
        app = TableApp(table)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            driver = Driver(pilot, app, shots, "table-dark")
            driver.shot("start")
            for _ in range(200):
                if app.table.view.sheet.lines or app.table.view.deal_number > 1:
                    break  # scored, or a dead hand
                await driver.turn()
            await settle(pilot)
            assert isinstance(app.screen, InfoScreen) and app.screen.id == "showdown"
            driver.shot("showdown")
            body = str(app.screen.query_one("#info-body").render())
            assert "score" in body or "dead hand" in body
            shown = {str(card.render()) for card in app.screen.query(CardView)}
            assert len(shown) >= 20  # both hands, face up
            await driver.press("enter")
            assert isinstance(app.screen, TableScreen)
            await driver.press("s")
            driver.shot("sheet")
            await driver.press("escape")
            await driver.press("q")

    run(scenario)
    # Every action was saved: a new reader of the database sees the same table.
    again = TerminalTable.resume(service, table.match_id)
    assert again.view.action_count == table.view.action_count > 0


def test_a_whole_match_to_the_final_screen(service: TableService, shots: Path) -> None:
    table = new_table(service, target=30, seed="tui-match")
    quit_asked: list[bool] = []

    async def scenario() -> None:
        app = TableApp(table, new_match=None)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            driver = Driver(pilot, app, shots, "")
            for _ in range(600):
                if isinstance(app.screen, InfoScreen) and app.screen.id == "final":
                    break
                await driver.turn()
            assert isinstance(app.screen, InfoScreen) and app.screen.id == "final"
            app.save_screenshot("match-final.svg", str(shots))
            body = str(app.screen.query_one("#info-body").render())
            assert "the match by" in body
            await pilot.press("q")
            await pilot.pause()
            quit_asked.append(True)

    run(scenario)
    assert quit_asked
    final = table.view.sheet.final
    assert table.finished and final is not None and sum(final.totals) > 0


def test_both_themes_ascii_and_a_narrow_terminal(service: TableService, shots: Path) -> None:
    async def scenario() -> None:
        for theme in ("textual-dark", "textual-light"):
            app = TableApp(new_table(service, seed="theme"), theme=theme)
            async with app.run_test(size=SIZE) as pilot:
                await settle(pilot)
                assert app.theme == theme
                app.save_screenshot(f"table-{theme.split('-')[1]}.svg", str(shots))
        app = TableApp(new_table(service, seed="theme"), ascii_only=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            faces = [str(view.render()) for view in app.screen.query(CardView)]
            assert faces and all(face.isascii() for face in faces)
            assert not app.screen.query_one("#side").display
            app.save_screenshot("table-ascii-80x24.svg", str(shots))

    run(scenario)


def test_hint_is_shown_and_can_be_played(service: TableService, shots: Path) -> None:
    table = new_table(service, seed="hint")

    async def scenario() -> None:
        app = TableApp(table)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            # The seed "hint" deals the person the first offer of the upcard.
            assert "pass" in app.table.view.legal_actions
            advice = service.hint(table.match_id, table.token)
            before = app.table.view.action_count
            await pilot.press("h")
            await settle(pilot)
            assert isinstance(app.screen, InfoScreen) and app.screen.id == "hint"
            app.save_screenshot("table-hint.svg", str(shots))
            await pilot.press("enter")  # play it
            await settle(pilot)
            assert app.table.view.action_count > before
            first = app.table.view.hand.events[0]
            assert first.kind == advice.action

    run(scenario)


def test_the_lesson_runs_the_shared_script(shots: Path) -> None:
    async def scenario() -> None:
        app = LessonApp("gin")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LessonScreen)
            app.save_screenshot("lesson-start.svg", str(shots))
            for index, step in enumerate(LESSON_STEPS[:-1]):
                assert screen.view.step.key == step.key
                if step.select is not None:
                    for card in step.select.split():
                        assert await pilot.click(f"#card-{card}")
                    await pilot.press("enter")
                elif step.action is not None:
                    verb, _, card = step.action.partition(" ")
                    if card:
                        assert await pilot.click(f"#card-{card}")
                    await pilot.press({"take": "t", "draw": "d", "discard": "enter"}.get(verb, "k"))
                else:
                    await pilot.press("enter")
                await pilot.pause()
                assert screen.view.step.index == index + 1, step.key
            assert screen.view.step.finished
            app.save_screenshot("lesson-showdown.svg", str(shots))
            text = str(app.screen.query_one("#lesson-text").render())
            assert "31" in text
            await pilot.press("q")

    run(scenario)


def test_the_play_command_opens_the_table_and_prints_the_links(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from cardtable.cli.gin import main

    opened: list[TableApp] = []

    def fake_run(self: TableApp) -> None:
        opened.append(self)

    monkeypatch.setattr(TableApp, "run", fake_run)
    monkeypatch.setenv("COLORFGBG", "0;15")  # a light terminal
    out = io.StringIO()
    assert main(["play", "--level", "random", "--seed", "cli", "--set", "gin_bonus=20"], out) == 0
    app = opened[0]
    assert app.start_theme == "textual-light"
    assert app.table.view.rules["gin_bonus"] == 20
    text = out.getvalue()
    assert f"/match/{app.table.match_id}?token={app.table.token}" in text
    assert f"ginrummy play --resume {app.table.match_id}" in text
    out = io.StringIO()
    assert main(["play", "--resume", "--theme", "dark"], out) == 0
    assert opened[1].table.match_id == app.table.match_id
    assert opened[1].start_theme == "textual-dark"


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_and_the_knock_dialog_at_small_and_large_sizes(
    service: TableService, shots: Path, size: tuple[int, int]
) -> None:
    """The main screen and the knock dialog at the smallest size the table is made for and a
    large one; the dialog lists the service's layouts, the best first."""
    name = f"{size[0]}x{size[1]}"

    async def scenario() -> None:
        app = TableApp(new_table(service, seed="sizes"))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            app.save_screenshot(f"table-{name}.svg", str(shots))
            assert app.screen.query_one("#side").display == (size[0] >= 100)
            driver = Driver(pilot, app, shots, "")
            for _ in range(300):
                if isinstance(app.screen, TableScreen) and app.table.view.knock_options:
                    break
                await driver.turn()
            view = app.table.view
            assert view.knock_options, "no knock in reach"
            await driver.press("k")
            screen = app.screen
            assert isinstance(screen, KnockScreen)
            expected = render.numbered_choices(view.knock_options)
            assert [c.action for c in screen.choices] == [c.action for c in expected]
            assert screen.choices[0].best
            app.save_screenshot(f"knock-{name}.svg", str(shots))
            await driver.press("escape")
            assert isinstance(app.screen, TableScreen)
            app.save_screenshot(f"table-{name}-discard.svg", str(shots))
            await pilot.press("q")

    run(scenario)
