"""The full-screen Cribbage table, driven headless by Textual's pilot: a whole short game by
keys and mouse, the show after each hand, muggins, the hint, the final and the next match;
SVG screenshots go to the artifacts folder (tests/paths.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from cardtable.cards import Card
from cardtable.cribbage.score import show_score
from cardtable.cribbage.tui.dialogs import CountScreen
from cardtable.cribbage.tui.screen import CribbageScreen
from cardtable.cribbage.tui.session import CribbageTable
from cardtable.cribbage.views import SeatView
from cardtable.table import TableService
from cardtable.tui.app import TableApp
from cardtable.tui.dialogs import InfoScreen
from cardtable.tui.widgets import CardView

from .test_cribbage_plain import hidden_cards

SIZE = (110, 30)


def new_table(
    service: TableService, preset: str = "short", seed: str = "crib-tui", **settings: str
) -> CribbageTable:
    rules = service.make_rules("cribbage", preset, settings or None)
    return CribbageTable.start(service, rules, level="simple", seed=seed, name="Tester")


def run(coro: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(coro())  # type: ignore[arg-type]


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def true_points(view: SeatView) -> int:
    """What the show being counted holds, worked out with the engine (a test may)."""
    counting = view.counting
    assert counting is not None
    return show_score(counting.cards, counting.starter, crib=counting.kind == "crib").total


class Driver:
    """Plays the person's seat through the app's keys and mouse, alternating between them;
    ``short`` is how many points to leave out of each count (muggins)."""

    def __init__(
        self, pilot: Pilot[Any], app: TableApp, shots: Path, prefix: str, short: int = 0
    ) -> None:
        self.pilot = pilot
        self.app = app
        self.shots = shots
        self.prefix = prefix
        self.short = short
        self.turns = 0
        self.saved: set[str] = set()
        self.seen: list[str] = []
        self.service: TableService | None = None
        self.checked = 0

    def shot(self, name: str) -> None:
        if not self.prefix or name in self.saved:
            return
        self.saved.add(name)
        self.app.save_screenshot(f"{self.prefix}-{name}.svg", str(self.shots))

    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        await settle(self.pilot)

    async def click(self, selector: str) -> None:
        assert await self.pilot.click(selector), selector
        await settle(self.pilot)

    @property
    def screen(self) -> CribbageScreen:
        screen = self.app.screen
        assert isinstance(screen, CribbageScreen), screen
        return screen

    async def turn(self) -> None:
        """One action of the person's seat, or the dialog in the way."""
        screen = self.app.screen
        if isinstance(screen, CountScreen):
            view = self.app.table.view
            self.shot("count")
            points = max(0, true_points(view) - self.short)
            await self.press(*str(points), "enter")
            self.seen.append(f"count {points}")
            return
        if isinstance(screen, InfoScreen):
            self.seen.append(str(screen.id))
            self.shot(str(screen.id))
            await self.press("enter" if screen.id != "final" else "q")
            return
        view = self.app.table.view
        self.check_hidden()
        legal = view.legal_actions
        mouse = self.turns % 2 == 1
        self.turns += 1
        verbs = {text.split()[0] for text in legal}
        if "discard" in verbs:
            first, second = str(view.hand[0]), str(view.hand[-1])
            if mouse:
                await self.click(f"#card-{first}")
                await self.click(f"#card-{second}")
                self.shot("picked")
                await self.click("#act-discard")
            else:
                await self.press("left", "right")  # the cursor on the first card
                while str(self.screen.selected) != first:
                    await self.press("right")
                await self.press("space", "left", "space")
                self.shot("picked")
                await self.press("enter")
            self.seen.append(f"discard {first} {second}")
        elif "play" in verbs:
            card = legal[-1].split()[1]
            if mouse:
                await self.click(f"#card-{card}")
                self.shot("play")
                await self.click("#act-play")
            else:
                for _ in range(6):
                    if str(self.screen.selected) == card:
                        break
                    await self.press("right")
                assert str(self.screen.selected) == card
                await self.press("enter")
            self.seen.append(f"play {card}")
        elif verbs == {"go"}:
            self.shot("go")
            await (self.click("#act-go") if mouse else self.press("g"))
            self.seen.append("go")
        elif "muggins" in verbs:
            self.shot("answer")
            await (self.click("#act-accept") if mouse else self.press("a"))
            self.seen.append("accept")
        elif "count" in verbs:
            await self.press("c")  # the dialog was closed: open it again
        else:
            raise AssertionError(f"nothing to do with {legal}")

    def check_hidden(self) -> None:
        """Nothing on the screen shows a card the seat may not see (the truth from the
        database): the opponent's unplayed cards, their half of the crib."""
        if self.service is None:
            return
        table = self.app.table
        hidden = {Card(c).symbol(False) for c in hidden_cards(self.service, table.match_id, 0)}
        screen = self.screen
        # (not the log: it tells of earlier deals too, whose cards are dealt again)
        texts = [
            str(w.render()) for w in screen.query(Static) if w.id not in ("logtext", "minilog")
        ]
        shown = {word.strip(".,:;()") for text in texts for word in text.split()}
        faces = {str(card.render()) for card in screen.query(CardView)}
        assert not (shown | faces) & hidden, (shown | faces) & hidden
        self.checked += 1

    async def to_final(self, turns: int = 400) -> InfoScreen:
        for _ in range(turns):
            screen = self.app.screen
            if isinstance(screen, InfoScreen) and screen.id == "final":
                return screen
            await self.turn()
        raise AssertionError(f"no final screen after {turns} turns")


def test_a_whole_short_game_by_keys_and_mouse(service: TableService, shots: Path) -> None:
    table = new_table(service, seed="crib-go-35")  # a seed where the person must say go

    async def scenario() -> None:
        app = TableApp(table, new_match=None)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            driver = Driver(pilot, app, shots, "cribbage")
            driver.service = service
            driver.shot("start")
            final = await driver.to_final()
            driver.shot("final")
            body = str(final.query_one("#info-body").render())
            assert "the match by" in body and "game 1" in body
            assert "show" in driver.seen  # the show was laid out after a hand
            assert "go" in driver.seen
            assert driver.checked > 10
            await pilot.press("q")
            await pilot.pause()

    run(scenario)
    view = table.view
    assert view.finished and view.final is not None
    assert max(view.board.pegs) >= 61
    # Every action was saved: a new reader of the database sees the same match.
    again = CribbageTable.resume(service, table.match_id)
    assert again.view.action_count == view.action_count > 10


def test_muggins_count_answer_and_the_opponent_taking_what_was_missed(
    service: TableService, shots: Path
) -> None:
    """With muggins on: the count dialog opens for each of the person's shows, the typed
    points go to the service, an opponent's count is answered; counting short lets the
    computer take the difference."""
    table = new_table(service, seed="crib-muggins", muggins="on")

    async def scenario() -> None:
        app = TableApp(table, new_match=None)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            driver = Driver(pilot, app, shots, "cribbage-muggins", short=1)
            screen = app.screen
            assert isinstance(screen, CribbageScreen)
            for _ in range(400):
                if any("calls muggins and takes" in line for line in screen.log_lines):
                    break
                await driver.turn()
            assert "show" in driver.seen and "accept" in driver.seen
            assert any(step.startswith("count") for step in driver.seen)
            assert any("calls muggins and takes" in line for line in screen.log_lines)

    run(scenario)
    shows = [show for hand in _finished_hands(service, table) for show in hand.shows]
    mine = [show for show in shows if show.seat == table.seat and show.stated is not None]
    assert mine, "the person counted a show"
    # Whenever the person stated less than the show held, the computer took the rest.
    assert all(show.muggins == show.total - show.stated for show in mine if show.stated)


def _finished_hands(service: TableService, table: CribbageTable) -> list[Any]:
    view = table.view
    return [
        service.replay_hand(table.match_id, table.token, deal).end  # type: ignore[union-attr]
        for deal in range(1, (view.last_hand.deal if view.last_hand else 0) + 1)
    ]


@pytest.mark.parametrize(
    ("size", "preset", "theme"),
    [
        ((80, 24), "short", "textual-dark"),
        ((110, 30), "standard", "textual-light"),
        ((160, 48), "standard", "textual-dark"),
    ],
    ids=["80x24-short", "110x30-standard-light", "160x48-standard"],
)
def test_the_table_at_small_and_large_sizes(
    service: TableService, shots: Path, size: tuple[int, int], preset: str, theme: str
) -> None:
    """The board fits: the holes in rows when there is room, a compact bar in a small
    terminal; the log beside the count when the side panel does not fit."""
    table = new_table(service, preset=preset, seed="crib-sizes")

    async def scenario() -> None:
        app = TableApp(table, theme=theme, ascii_only=size[0] == 80)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            driver = Driver(pilot, app, shots, f"cribbage-{size[0]}x{size[1]}-{preset}")
            for _ in range(3):  # lay away, then into the play
                await driver.turn()
            driver.shot("table")
            screen = app.screen
            assert isinstance(screen, CribbageScreen)
            board = str(screen.query_one("#board").render())
            if size[1] < 30:
                assert board.count("\n") == 1  # the bar: one line a player
                assert not screen.query_one("#side").display
                assert screen.query_one("#minilog").display
                faces = [str(view.render()) for view in screen.query(CardView)]
                assert faces and all(face.isascii() for face in faces)
            else:
                assert "91" in board or "31" in board
                assert "skunked" in board
            assert app.size == size

    run(scenario)


def test_hint_is_shown_and_can_be_played(service: TableService, shots: Path) -> None:
    table = new_table(service, seed="crib-hint")

    async def scenario() -> None:
        app = TableApp(table)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            advice = service.hint(table.match_id, table.token)
            before = app.table.view.action_count
            await pilot.press("h")
            await settle(pilot)
            assert isinstance(app.screen, InfoScreen) and app.screen.id == "hint"
            body = str(app.screen.query_one("#info-body").render())
            assert advice.action.split()[0] in body
            app.save_screenshot("cribbage-hint.svg", str(shots))
            await pilot.press("enter")  # play it
            await settle(pilot)
            view = app.table.view
            assert view.action_count > before
            mine = [e for e in view.events if e.seat == view.seat]
            assert mine and mine[0].action == advice.action
            for key, name in (("s", "sheet-screen"), ("question_mark", "help")):
                await pilot.press(key)
                await settle(pilot)
                assert isinstance(app.screen, InfoScreen) and app.screen.id == name
                app.save_screenshot(f"cribbage-{name}.svg", str(shots))
                await pilot.press("escape")
                await settle(pilot)
            assert isinstance(app.screen, CribbageScreen)

    run(scenario)


def test_the_next_match_of_the_series_from_the_final(service: TableService) -> None:
    table = new_table(service, seed="crib-series")

    async def scenario() -> None:
        app = TableApp(table, new_match=lambda done: done.next_match())
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            driver = Driver(pilot, app, Path("."), "")
            await driver.to_final()
            await driver.press("n")
            assert isinstance(app.screen, CribbageScreen)
            assert app.table.match_id != table.match_id
            assert app.table.view.action_count <= 1 and not app.table.finished
            await pilot.press("q")

    run(scenario)
    assert table.view.finished


def test_the_cribbage_lesson_full_screen(shots: Path) -> None:
    from cardtable.cribbage.lesson import LESSON_STEPS
    from cardtable.cribbage.tui.lesson import CribbageLessonScreen
    from cardtable.tui.app import LessonApp

    async def scenario() -> None:
        app = LessonApp("cribbage")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CribbageLessonScreen)
            app.save_screenshot("cribbage-lesson-start.svg", str(shots))
            for index, step in enumerate(LESSON_STEPS[:-1]):
                assert screen.view.step.key == step.key
                verb, _, rest = (step.action or "").partition(" ")
                if verb == "discard":
                    for card in rest.split():
                        assert await pilot.click(f"#card-{card}")
                    app.save_screenshot("cribbage-lesson-lay-away.svg", str(shots))
                    await pilot.press("enter")
                elif verb == "play":
                    assert await pilot.click(f"#card-{rest}")
                    await pilot.press("enter")
                elif verb == "count":
                    await pilot.press("enter")
                    await pilot.pause()
                    assert isinstance(app.screen, CountScreen)
                    await pilot.press("9", "enter")  # wrong: the coach says why
                    await pilot.pause()
                    assert screen.view.step.key == "count"
                    assert "Not quite" in str(screen.query_one("#feedback").render())
                    await pilot.press("enter")
                    await pilot.pause()
                    app.save_screenshot("cribbage-lesson-count.svg", str(shots))
                    await pilot.press(*rest, "enter")
                else:
                    await pilot.press("enter")
                await pilot.pause()
                assert screen.view.step.index == index + 1, step.key
            assert screen.view.step.finished
            app.save_screenshot("cribbage-lesson-show.svg", str(shots))
            text = str(screen.query_one("#lesson-text").render())
            assert "total" in text and "10" in text
            await pilot.press("q")

    run(scenario)


def test_the_commands_open_the_cribbage_table_and_lesson(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from cardtable.cli.main import main
    from cardtable.cribbage.tui.lesson import CribbageLessonScreen
    from cardtable.tui.app import LessonApp, TableApp

    opened: list[Any] = []
    for app_class in (TableApp, LessonApp):
        monkeypatch.setattr(app_class, "run", lambda self: opened.append(self))
    out = io.StringIO()
    argv = ["play", "--game", "cribbage", "--rules", "short", "--set", "muggins=on"]
    assert main([*argv, "--seed", "cli", "--level", "random"], out) == 0
    app = opened[0]
    assert isinstance(app, TableApp) and isinstance(app.table, CribbageTable)
    assert app.table.view.rules["target"] == 61 and app.table.view.rules["muggins"] is True
    text = out.getvalue()
    assert f"/match/{app.table.match_id}?token={app.table.token}" in text
    assert f"cardtable play --resume {app.table.match_id}" in text
    # --resume without --game opens the latest terminal match, whatever its game.
    assert main(["play", "--resume"], io.StringIO()) == 0
    assert isinstance(opened[1].table, CribbageTable)
    assert opened[1].table.match_id == app.table.match_id
    # --game defaults to the registry's default game (gin, the first).
    assert main(["play", "--seed", "g", "--level", "random"], io.StringIO()) == 0
    assert isinstance(opened[2], TableApp) and opened[2].table.game == "gin"
    assert main(["lesson", "--game", "cribbage"], io.StringIO()) == 0
    assert isinstance(opened[3], LessonApp) and opened[3].front.lesson is CribbageLessonScreen
