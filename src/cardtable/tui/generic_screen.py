"""The generic full-screen table: any game, from its seat views' :class:`Basics`.

A game with no terminal screen of its own is played here: the title bar (the game, the
score), what is public, the events of the deal as a log, the hand, whose turn it is, and the
legal actions as buttons, each with its key (``1``..``9``, ``0``, then letters). The words
are the game's own (its view's ``basics()``); nothing here knows its rules. At the end of
the match the final dialog offers a rematch (``n``) or leaving (``q``).
"""

from __future__ import annotations

from collections import deque
from typing import Any, ClassVar, Final

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from cardtable.errors import CardTableError
from cardtable.games.views import Choice
from cardtable.tui.cards import key_words, symbolise
from cardtable.tui.dialogs import FinalScreen, InfoScreen
from cardtable.tui.generic_session import BasicsUpdate, GenericTable, generic_table
from cardtable.tui.screen_kinds import FullScreen
from cardtable.tui.widgets import LogBox, colour_cards, markup_escape

__all__ = ["CHOICE_KEYS", "GENERIC_CSS", "GenericScreen", "choice_key", "generic_full_screen"]

# The keys of the legal actions, in the order the game lists them: the digits, then the
# letters the screen's own keys (h, q, n, s) leave free.
CHOICE_KEYS: Final = "1234567890abcdefgijklmoprtuvwxyz"
LOG_LINES: Final = 40

GENERIC_CSS: Final = """
GenericScreen #public {
    height: auto; max-height: 5; border: round $secondary; border-title-color: $text-secondary;
    padding: 0 1; margin: 0 1;
}
GenericScreen #logbox {
    height: 1fr; min-height: 3; border: round $foreground 30%; border-title-color: $text-muted;
    padding: 0 1; margin: 0 1; scrollbar-size-vertical: 1;
}
GenericScreen #log { width: 1fr; height: auto; border: none; padding: 0; margin: 0; }
GenericScreen #hand { height: auto; padding: 0 2; }
GenericScreen #turn { height: 1; text-style: bold; color: $text-accent; padding: 0 2; margin: 0; }
GenericScreen #feedback { height: 1; padding: 0 2; }
GenericScreen #choices {
    grid-size: 4; grid-gutter: 0 1; height: auto; max-height: 6; padding: 0 1;
}
GenericScreen #choices Button { width: 1fr; min-width: 8; }
"""


def choice_key(index: int) -> str | None:
    """The key of the ``index``-th legal action (``None`` past the last key)."""
    return CHOICE_KEYS[index] if index < len(CHOICE_KEYS) else None


class GenericScreen(Screen[None]):
    """A match of any game at one terminal seat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"choose({i})", show=False) for i, key in enumerate(CHOICE_KEYS)),
        Binding("s", "sheet", "Score"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit_table", "Quit"),
    ]

    def __init__(self, host: App[None]) -> None:
        super().__init__()
        self.host: Any = host  # an app holding ``table`` (cardtable.tui.app.TableApp)
        self.log_lines: deque[str] = deque(maxlen=LOG_LINES)
        self.shown_choices: tuple[Choice, ...] = ()
        self.over_shown = False

    @property
    def table(self) -> GenericTable:
        table: GenericTable = self.host.table
        return table

    @property
    def ascii_only(self) -> bool:
        return bool(getattr(self.host, "ascii_only", False))

    def words(self, text: str) -> str:
        """A text of the game's view for the screen: cards in colour, keys spelled for
        ``--ascii``, and no markup from the text itself."""
        shown = key_words(symbolise(text, self.ascii_only), self.ascii_only)
        return colour_cards(markup_escape(shown))

    def compose(self) -> ComposeResult:
        yield Static(id="top")
        yield Static(id="public")
        yield LogBox("log", id="logbox")
        yield Static(id="hand")
        yield Static(id="turn")
        yield Grid(id="choices")
        yield Static(id="feedback")
        yield Footer()

    async def on_mount(self) -> None:
        self.query_one("#public", Static).border_title = "on the table"
        box = self.query_one("#logbox", VerticalScroll)
        box.border_title = "what happened"
        box.anchor()
        await self.start_table()

    async def start_table(self) -> None:
        self.log_lines.clear()
        self.over_shown = False
        self.say(f"Match {self.table.match_id}. Press ? for help and the browser link.")
        await self.applied(self.table.catch_up())

    # -- drawing -------------------------------------------------------------------------

    def say(self, line: str) -> None:
        self.log_lines.append(line)

    async def applied(self, update: BasicsUpdate) -> None:
        for event in update.events:
            self.say(event)
        await self.paint()
        if self.table.finished and not self.over_shown:
            self.over_shown = True
            self.app.push_screen(self.final_screen(), self.after_final)

    async def paint(self) -> None:
        basics = self.table.basics
        names = self.table.names()
        me, other = basics.seat, 1 - basics.seat
        self.query_one("#top", Static).update(
            markup_escape(
                f"{self.table.title} · {names[me]} {basics.scores[me]} – "
                f"{basics.scores[other]} {names[other]}"
            )
        )
        self.query_one("#public", Static).update(
            "\n".join(self.words(line) for line in basics.public) or "nothing"
        )
        self.query_one("#log", Static).update(
            "\n".join(self.words(line) for line in self.log_lines)
        )
        hand = " ".join(basics.hand) or "no cards"
        self.query_one("#hand", Static).update(self.words(f"Your hand: {hand}"))
        self.query_one("#turn", Static).update(markup_escape(basics.status))
        await self.paint_choices(basics.choices if basics.my_turn else ())

    async def paint_choices(self, choices: tuple[Choice, ...]) -> None:
        if choices == self.shown_choices:
            return
        self.shown_choices = choices
        grid = self.query_one("#choices", Grid)
        await grid.remove_children()
        buttons = []
        for i, choice in enumerate(choices):
            key = choice_key(i)
            label = choice.label if key is None else f"{key} {choice.label}"
            button = Button(
                key_words(symbolise(label, self.ascii_only), self.ascii_only),
                id=f"choice-{i}",
                compact=True,
            )
            button.can_focus = False  # the keys stay the table's
            buttons.append(button)
        await grid.mount_all(buttons)

    def feedback(self, text: str) -> None:
        self.query_one("#feedback", Static).update(markup_escape(text))

    # -- playing -------------------------------------------------------------------------

    async def action_choose(self, index: int) -> None:
        if not self.table.my_turn or self.table.finished:
            return
        choices = self.table.basics.choices
        if index >= len(choices):
            return
        await self.play(choices[index].action)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        name = str(event.button.id or "")
        if name.startswith("choice-"):
            await self.action_choose(int(name.removeprefix("choice-")))

    async def play(self, action: str) -> None:
        try:
            update = self.table.act(action)
        except CardTableError as error:
            self.feedback(str(error))
            await self.applied(self.table.refresh())
            return
        self.feedback("")
        await self.applied(update)

    # -- pages ---------------------------------------------------------------------------

    def score_text(self) -> str:
        basics = self.table.basics
        names = self.table.names()
        return "\n".join(
            [*(f"{names[seat]}: {basics.scores[seat]}" for seat in (0, 1)), "", basics.status]
        )

    def final_screen(self) -> FinalScreen:
        return FinalScreen(
            "The match is over",
            markup_escape(self.score_text()),
            ok="Rematch (n)",
            cancel="Quit (q)",
            screen_id="final",
        )

    async def after_final(self, again: bool | None) -> None:
        if again and self.host.rematch():
            await self.start_table()
        else:
            self.app.exit()

    def action_sheet(self) -> None:
        self.app.push_screen(InfoScreen("Score", markup_escape(self.score_text()), ok="Close (⏎)"))

    def action_help(self) -> None:
        table = self.table
        lines = [
            "Each legal action is a button with its key: press the key or click it.",
            "s: the score · q: leave (the match is saved) · ?: this page.",
            "",
            f"In a browser: {table.web_link()} (with '{table.serve_command()}' running)",
            f"Resume here: {table.resume_command()}",
        ]
        self.app.push_screen(InfoScreen("Help", markup_escape("\n".join(lines)), ok="Close (⏎)"))

    def action_quit_table(self) -> None:
        self.app.exit()


def generic_full_screen(name: str) -> FullScreen:
    """The generic full-screen table of the game ``name``."""
    return FullScreen(session=generic_table(name), screen=GenericScreen, css=GENERIC_CSS)
