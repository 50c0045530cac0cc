"""The match screen: opponent, piles, your hand in melds, the actions and the score sheet.

Every action has a key, shown on screen, and a mouse target: click a card to choose it, the
stock to draw, the discard pile to take, and the buttons for the rest. Moves go to the table
service in a worker thread and the screen polls the database, so moves made in the web table
for the same seat appear here too (:class:`cardtable.tui.match_screen.MatchScreen`, as every
game's); the drawing is :mod:`cardtable.gin.tui.table_paint`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Button, Static

from cardtable.cards import Card
from cardtable.gin.tui import render
from cardtable.gin.tui.dialogs import (
    KnockScreen,
    ShowdownScreen,
    final_screen,
    help_screen,
    hint_screen,
    sheet_screen,
)
from cardtable.gin.tui.session import TerminalTable, Update
from cardtable.gin.tui.table_paint import ACTION_BUTTONS, KEYS_TEXT, CardChoice, TablePainter
from cardtable.gin.views import HintView
from cardtable.tui.cards import step_card
from cardtable.tui.match_screen import POLL_SECONDS, MatchHost, MatchScreen, MoveDone, seat_keys
from cardtable.tui.widgets import CardView, HandView, LogBox, Pile, colour_cards, hand_keys

__all__ = ["TableHost", "TableScreen"]

# What the screen needs of its app: the seat, how to show cards, the next match.
TableHost = MatchHost[TerminalTable]


class TableScreen(MatchScreen[TerminalTable]):
    """The match at one seat, from the first look to the final score sheet."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *hand_keys("Choose card"),
        Binding("d", "play('draw')", "Draw", show=False),
        Binding("t", "play('take')", "Take", show=False),
        Binding("p", "play('pass')", "Pass", show=False),
        Binding("enter,x", "discard", "Discard", show=False),
        Binding("k,g", "knock", "Knock", show=False),
        Binding("b", "play('big_gin')", "Big gin", show=False),
        *seat_keys("Score sheet"),
    ]
    ACTION_BUTTONS = ACTION_BUTTONS
    QUIET_BUTTONS = frozenset({"pass"})
    KEYS_TEXT = KEYS_TEXT

    def __init__(self, host: TableHost) -> None:
        super().__init__(host)
        self.choice = CardChoice()
        self.painter = TablePainter(self, host.ascii_only)

    @property
    def selected(self) -> Card | None:
        """The chosen card of the hand."""
        return self.choice.selected

    def compose_middle(self) -> ComposeResult:
        yield Pile(id="stock")
        yield Pile(id="discard")
        # The whole log scrolls, kept at its end: a wrapped line never hides the newest
        # move below the box's last row.
        yield LogBox("log", id="logbox")

    def compose_side(self) -> ComposeResult:
        yield Static(id="sheet")

    async def on_mount(self) -> None:
        box = self.query_one("#logbox", VerticalScroll)
        box.border_title = "table"
        box.anchor()  # kept at its end as lines come (until the wheel scrolls it back)
        self.query_one("#sheet", Static).border_title = "score sheet"
        await self.start_table()
        self.set_interval(POLL_SECONDS, self.poll)

    async def start_table(self) -> None:
        self.log_lines.clear()
        self.choice.reset()
        self.say(f"Match {self.table.match_id}. Press ? for help and the browser link.")
        await self.applied(self.table.catch_up(), first=True)

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < 100, "-narrow")
        self.painter.title(self.table.view)

    # -- showing what happened -----------------------------------------------------------

    def say(self, text: str) -> None:
        """A line of the move log: the moves, and where a hand ends (nothing else, so that
        a refused key never pushes a move out of sight)."""
        self.log_lines.append(colour_cards(text))
        self.query_one("#log", Static).update("\n".join(self.log_lines))

    def tell(self, update: Update, first: bool) -> None:
        """The events since the last look, in the log."""
        hand_over = update.finished is not None and not first
        told = (update.finished_events, update.events)
        for line in render.news(self.table.view, *told, hand_over, self.ascii_only):
            self.say(line)

    async def applied(self, update: Update, first: bool = False) -> None:
        """Show what changed; a finished hand opens the showdown."""
        self.busy = False
        if update:
            self.note("")
        self.tell(update, first)
        self.choice.hinted = set()
        await self.draw_table()
        if update.finished is not None and not first:
            review = partial(self.review_screen, update.finished.deal)
            showdown = ShowdownScreen(update.finished, self.table.view, self.ascii_only, review)
            self.app.push_screen(showdown, self.after_showdown)
        elif self.table.finished:
            self.show_final()

    async def draw_table(self) -> None:
        await self.painter.paint(self.table.view, self.choice, self.busy)

    def after_showdown(self, _: bool | None) -> None:
        if self.table.finished:
            self.show_final()

    def final_screen(self, review: Callable[[], Screen[Any]]) -> Screen[bool]:
        return final_screen(self.table.view, review)

    def sheet_screen(self) -> Screen[Any]:
        return sheet_screen(self.table.view)

    def help_screen(self) -> Screen[Any]:
        table = self.table
        return help_screen(
            table.view, table.web_link(), table.resume_command(), table.serve_command()
        )

    # -- moves ---------------------------------------------------------------------------

    def play(self, action: str) -> None:
        if self.busy:
            return
        refusal = render.refusal(self.table.view, action)
        if refusal is not None:
            self.note(refusal)
            return
        self.busy = True
        self.painter.turn(self.table.view, busy=True)
        self.painter.buttons(self.table.view, self.selected, busy=True)
        self.worker.act(action)

    async def on_move_done(self, message: MoveDone[Update]) -> None:
        await self.applied(message.update)

    # -- keys ----------------------------------------------------------------------------

    def action_play(self, action: str) -> None:
        self.play(action)

    def action_move(self, step: int) -> None:
        card = step_card(self.query_one(HandView).order, self.selected, step)
        if card is not None:
            self.choose(card)

    def choose(self, card: Card | None) -> None:
        self.choice.selected = card
        self.query_one(HandView).mark("-selected", set() if card is None else {card})
        self.painter.hand_info(self.table.view, card)
        self.painter.buttons(self.table.view, card, self.busy)

    def action_discard(self) -> None:
        card = self.selected
        if card is None:
            return
        legal = self.table.view.legal_actions
        if f"discard {card}" in legal:
            self.play(f"discard {card}")
        elif any(text.startswith("discard") for text in legal):
            self.note(f"You may not discard the {card} now.")
        else:
            self.play("discard")

    def action_knock(self) -> None:
        if self.busy:
            return
        view = self.table.view
        choices = render.numbered_choices(view.knock_options)
        if not choices:
            self.note(render.no_knock(view))
            return
        start = render.first_of(choices, self.selected)

        def chosen(action: str | None) -> None:
            if action:
                self.play(action)

        self.app.push_screen(KnockScreen(choices, start, self.ascii_only), chosen)

    async def show_hint(self, advice: HintView) -> None:
        card = advice.card
        self.choice.hinted = set() if card is None else {card}
        self.query_one(HandView).mark("-hinted", self.choice.hinted)
        self.note(render.hint_line(advice, self.ascii_only))

        def answer(play: bool | None) -> None:
            if play:
                self.play(advice.action)

        self.app.push_screen(hint_screen(advice, self.ascii_only), answer)

    # -- the mouse -----------------------------------------------------------------------

    def on_card_view_chosen(self, message: CardView.Chosen) -> None:
        if message.card is not None and message.card in self.query_one(HandView).order:
            self.choose(message.card)

    def on_pile_clicked(self, message: Pile.Clicked) -> None:
        self.play("draw" if message.pile.id == "stock" else "take")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        key = str(event.button.id).removeprefix("act-")
        if key == "discard":
            self.action_discard()
        elif key in ("knock", "gin"):
            self.action_knock()
        else:
            self.play(key)
