"""The Cribbage table's dialogs: the show after each hand, stating a count (muggins), and the
pages built from the words of :mod:`cardtable.cribbage.tui.render`.

The show is laid out combination by combination, one column per show (the non-dealer's hand,
the dealer's hand, the crib), until the player continues (⏎).
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from cardtable.cribbage.tui import render as words
from cardtable.cribbage.views import CountingView, HandEndView, HintView, SeatView
from cardtable.tui.cards import face
from cardtable.tui.dialogs import (
    FinalScreen,
    InfoScreen,
    ReviewOpener,
    advice_screen,
    match_over_screen,
    page_screen,
)
from cardtable.tui.widgets import Group, HandView, colour_cards, markup_escape

__all__ = [
    "CountScreen",
    "ShowScreen",
    "final_screen",
    "help_screen",
    "hint_screen",
    "sheet_screen",
]


class ShowScreen(InfoScreen):
    """The show of a finished hand: each hand and the crib with every combination and its
    points, then the board and, if the hand ended the game, who won it and what it was worth.
    With ``review``, r (and a button) opens the coach's review of the hand over it."""

    def __init__(
        self,
        hand: HandEndView,
        view: SeatView,
        ascii_only: bool = False,
        review: ReviewOpener | None = None,
    ) -> None:
        self.hand = hand
        self.view = view
        self.ascii_only = ascii_only
        notes = words.hand_end_notes(hand, view, ascii_only)
        starter = "" if hand.starter is None else f" · starter {face(hand.starter, ascii_only)}"
        super().__init__(
            f"The show · hand {hand.deal}{starter}",
            "\n".join(colour_cards(line) for line in notes),
            screen_id="show",
            review=review,
        )

    def compose_body(self) -> ComposeResult:
        names = words.seat_names(self.view)
        with Horizontal(classes="show-row"):
            for show in self.hand.shows:
                lines = words.show_lines(
                    show, self.hand.dealer, names, self.ascii_only, compact=True
                )
                with Vertical(classes="show-col"):
                    heading = words.show_heading(show, self.hand.dealer, names)
                    yield Static(markup_escape(heading), classes="side-label")
                    cards = HandView(
                        self.ascii_only,
                        groups=[Group(f"{show.total} points", (*show.cards, show.starter), "hand")],
                    )
                    cards.marks = {show.starter: {"-starter"}}
                    yield cards
                    yield Static("\n".join(colour_cards(line) for line in lines[1:]))
        yield Static(self.body, id="info-body")


class CountScreen(ModalScreen[int | None]):
    """With muggins on: the hand (or crib) to count with the starter, and a box for its
    points. Only a whole number goes back; what it may be is the service's business.

    It has no id (a class names it): a count refused by the service opens a new one at once,
    while the last one may still be leaving the app, and two screens may not share an id."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", "Back")]

    def __init__(self, counting: CountingView, ascii_only: bool = False) -> None:
        super().__init__(classes="count-dialog")
        self.counting = counting
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        counting = self.counting
        with Vertical(classes="dialog"):
            starter = face(counting.starter, self.ascii_only)
            yield Static(
                colour_cards(f"Count your {counting.kind} with the starter {starter}"),
                classes="dialog-title",
            )
            cards = HandView(
                self.ascii_only,
                groups=[
                    Group(f"your {counting.kind}", (*counting.cards, counting.starter), "hand")
                ],
            )
            cards.marks = {counting.starter: {"-starter"}}
            yield cards
            yield Static(
                "Fifteens 2, pairs 2, runs, flush, nobs 1. Your count is final: if it is "
                "too few or too many, your opponent may call muggins.",
                classes="dialog-keys",
            )
            yield Input(placeholder="points, then ⏎", id="points", type="integer", max_length=2)
            yield Static("", id="count-feedback")
            yield Static("⏎ count them · esc back (c opens this again)", classes="dialog-keys")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text.isdigit():
            self.query_one("#count-feedback", Static).update("Type the points as a number.")
            return
        self.dismiss(int(text))


def final_screen(view: SeatView, review: ReviewOpener | None = None) -> FinalScreen:
    """The end of the match: the games, the game points, the winner; n for the next match
    (and r for the coach's review of the whole match)."""
    names = words.seat_names(view)
    return match_over_screen(words.final_lines(view), view.rematch_dealer, view.seat, names, review)


def hint_screen(advice: HintView, ascii_only: bool = False) -> InfoScreen:
    """The hint; ⏎ plays it."""
    return advice_screen(words.hint_lines(advice, ascii_only))


def sheet_screen(view: SeatView) -> InfoScreen:
    return page_screen("The games", words.score_lines(view), screen_id="sheet-screen")


def help_screen(view: SeatView, link: str, resume: str, ascii_only: bool = False) -> InfoScreen:
    return page_screen("Help", words.help_lines(view, link, resume, ascii_only), screen_id="help")
