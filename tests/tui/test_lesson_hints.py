"""Both lessons in the terminal, finished by following the lesson's hints alone: full screen
at 80x24 (``h``, then ⏎ in the hint), where the coach's text never pushes the turn line, the
buttons or the keys off the screen; and line by line through ``cardtable lesson --plain``,
typing only the answers the hints give (the Cribbage count as a plain number). SVG
screenshots go to the artifacts folder."""

from __future__ import annotations

import asyncio
import io
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.widget import Widget

from cardtable.cli.main import main
from cardtable.cribbage.tui.plain import PlainCribbageLesson
from cardtable.gin.tui.render import symbolise
from cardtable.tui.app import LessonApp
from cardtable.tui.dialogs import InfoScreen
from cardtable.tui.lesson_base import LessonBase

from .screen_text import on_page, on_screen, screen_rows

SIZE = (80, 24)


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(scenario())


def in_view(widget: Widget, height: int) -> bool:
    """The widget is drawn whole above the keys' row (the footer)."""
    region = widget.region
    return region.height > 0 and region.bottom <= height - 1


def lesson_by_hints(game: str, name: str, shots: Path) -> None:
    async def scenario() -> None:
        app = LessonApp(game)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LessonBase)
            for turn in range(20):
                view = screen.view
                rows = screen_rows(app)
                assert "h Hint" in rows[-1] and "q Quit" in rows[-1], rows[-1]
                assert in_view(screen.query_one("#turn"), SIZE[1]), view.step.key
                if view.step.finished:
                    break
                assert in_view(screen.query_one("#actions"), SIZE[1]), view.step.key
                await pilot.press("h")
                await pilot.pause()
                assert isinstance(app.screen, InfoScreen) and app.screen.id == "hint"
                hint = screen.lessons.hint(view.lesson_id)
                assert on_page(app, symbolise(hint.text).split(":")[0]), hint.text
                app.save_screenshot(f"{name}-hint-{turn:02d}.svg", str(shots))
                await pilot.press("enter")  # "Do it"
                await pilot.pause()
                assert app.screen is screen
                assert screen.view.step.index == view.step.index + 1, screen.view.step.message
            assert screen.view.step.finished
            app.save_screenshot(f"{name}-over.svg", str(shots))
            assert on_screen(app, "q to finish")  # the turn line, whatever the text's length
            await pilot.press("down", "down", "pagedown")  # the coach's box scrolls
            await pilot.pause()
            assert screen.query_one("#coach").scroll_y >= 0
            await pilot.press("q")

    run(scenario)


def test_the_gin_lesson_by_its_hints_at_80x24(shots: Path) -> None:
    lesson_by_hints("gin", "lesson-hints-gin", shots)


def test_the_cribbage_lesson_by_its_hints_at_80x24(shots: Path) -> None:
    lesson_by_hints("cribbage", "lesson-hints-cribbage", shots)


def test_the_cribbage_show_scrolls_and_q_stays_in_sight(shots: Path) -> None:
    async def scenario() -> None:
        app = LessonApp("cribbage")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LessonBase)
            for _ in range(8):
                if screen.view.step.finished:
                    break
                await screen.answered(
                    screen.lessons.act(screen.view.lesson_id, screen.view.step.action)
                    if screen.view.step.action
                    else screen.lessons.advance(screen.view.lesson_id)
                )
                await pilot.pause()
            coach = screen.query_one("#coach")
            assert coach.max_scroll_y > 0  # the show is longer than the room: it scrolls
            assert on_screen(app, "q to finish") and not on_screen(app, "Your crib:")
            await pilot.press("pagedown", "pagedown", "pagedown", "pagedown")
            await pilot.pause()
            assert on_screen(app, "Your crib:") and on_screen(app, "q to finish")
            app.save_screenshot("lesson-cribbage-show-scrolled.svg", str(shots))

    run(scenario)


def test_an_equally_good_discard_is_told_in_the_coachs_box(shots: Path) -> None:
    async def scenario() -> None:
        app = LessonApp("gin")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LessonBase)
            for _ in range(4):  # the hints to the discard
                await pilot.press("h", "enter")
                await pilot.pause()
            assert screen.view.step.key == "discard"
            assert await pilot.click("#card-KS")  # the lesson says the QD: both leave 21
            await pilot.press("enter")
            await pilot.pause()
            assert screen.view.step.key == "draw"
            assert on_page(app, "As good: the K♠ leaves deadwood 21 too.")
            app.save_screenshot("lesson-as-good.svg", str(shots))

    run(scenario)


class HintFollower(io.StringIO):
    """Standard input that types only what the lesson's hints say: ``h``, then the answer
    of the hint's new ``Answer:`` line (``press Enter``: an empty line)."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out
        self.answered = 0
        self.asked = 0

    def readline(self, size: int | None = -1) -> str:
        answers = [
            line.removeprefix("Answer: ")
            for line in self.out.getvalue().splitlines()
            if line.startswith("Answer: ")
        ]
        if len(answers) > self.answered:
            self.answered = len(answers)
            return ("" if answers[-1] == "press Enter" else answers[-1]) + "\n"
        self.asked += 1
        return "h\n" if self.asked <= 40 else ""


@pytest.mark.parametrize("game", ["gin", "cribbage"])
def test_the_plain_lesson_by_its_hints(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", HintFollower(out))
    assert main(["lesson", "--game", game, "--plain", "--ascii"], out) == 0
    text = out.getvalue()
    assert "The lesson is over." in text and "Lesson stopped." not in text
    assert "Not quite" not in text and "In this lesson, do this" not in text
    hints = [line for line in text.splitlines() if line.startswith("Hint: ")]
    assert len(hints) == (11 if game == "gin" else 7)
    if game == "cribbage":
        assert "Answer: 10" in text and "Right: 10 points." in text  # typed as a number
    else:
        assert "Answer: 7S 7H 7D" in text and "You score 31." in text


def test_the_plain_cribbage_lesson_takes_a_plain_number_for_the_count() -> None:
    script = ["", "2D 6C", "5H", "5S", "KC", "JD", "12", "10"]
    out = io.StringIO()
    PlainCribbageLesson(io.StringIO("\n".join(script) + "\n"), out, ascii_only=True).run()
    text = out.getvalue()
    assert "How many points? Type the number" in text
    assert "Not quite: it is less than 12" in text and "Right: 10 points." in text
    assert "Unknown action" not in text and "The lesson is over." in text
