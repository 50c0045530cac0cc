"""Gin's dialogs: how to knock, the showdown, and gin's pages (the final score sheet, the
hint, the sheet, help) on the framework's dialogs (:mod:`cardtable.tui.dialogs`).

Each is a modal screen that answers its caller when it closes (``dismiss``): the knock dialog
with the action of the chosen layout, the others with True for ⏎ (or the first button).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardtable.gin.tui import render
from cardtable.gin.views import HandSummary, HintView, LayoutView, SeatView
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
    "FinalScreen",
    "InfoScreen",
    "KnockScreen",
    "ReviewOpener",
    "ShowdownScreen",
    "final_screen",
    "group_hand",
    "help_screen",
    "hint_screen",
    "sheet_screen",
]


def group_hand(layout: LayoutView) -> list[Group]:
    """Groups for an arrangement from the service: each meld titled by its kind (a set or a
    run), then the loose cards with their deadwood."""
    groups = [Group(meld.kind, meld.cards) for meld in layout.melds]
    if layout.unmatched:
        groups.append(Group(f"deadwood {layout.deadwood}", layout.unmatched, "deadwood"))
    return groups


class KnockScreen(ModalScreen[str | None]):
    """Choose how to end the hand: the card thrown and the layout (the best one first)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", "Back")]

    def __init__(self, choices: Sequence[render.KnockChoice], start: int, ascii_only: bool) -> None:
        super().__init__()
        self.choices = list(choices)
        self.start = start
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                "End the hand: throw one card face down and lay out", classes="dialog-title"
            )
            yield OptionList(
                *(
                    Option(colour_cards(choice.describe(self.ascii_only)), id=f"choice-{i}")
                    for i, choice in enumerate(self.choices)
                ),
                id="choices",
            )
            yield Static(
                render.key_words(
                    "↑↓ choose a layout · ⏎ or click to play it · esc back. The best layout "
                    "leaves the least deadwood; another may leave your opponent fewer lay-offs.",
                    self.ascii_only,
                ),
                classes="dialog-keys",
            )

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = self.start
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int(str(event.option.id).removeprefix("choice-"))
        self.dismiss(self.choices[index].action)


class ShowdownScreen(InfoScreen):
    """The end of a hand: both hands as cards in their melds, the lay-offs and the points."""

    def __init__(
        self,
        hand: HandSummary,
        view: SeatView,
        ascii_only: bool = False,
        review: ReviewOpener | None = None,
    ) -> None:
        self.me = view.seat
        self.names = render.screen_names(view)
        self.hand = hand
        self.ascii_only = ascii_only
        notes = render.showdown_notes(hand, view, ascii_only)
        body = "\n".join(colour_cards(line.strip()) for line in notes)
        super().__init__("The showdown", body, screen_id="showdown", review=review)

    def sides(self) -> list[tuple[str, list[Group]]]:
        """Each seat's heading and card groups: the knocker first, then the defender with
        the cards laid off (a dead hand: both hands as they were, the viewer's first)."""
        result = self.hand.result
        if result.is_dead or result.knocker is None:
            return [
                (self.names[seat], [Group("hand", self.hand.hands[seat], "deadwood")])
                for seat in (self.me, 1 - self.me)
            ]
        knocker = result.knocker
        sides = [
            (render.showdown_label(result, knocker, self.names), group_hand(result.knocker_layout))
        ]
        groups = group_hand(result.defender_layout)
        if result.layoffs:
            groups.append(Group("laid off", tuple(lay.card for lay in result.layoffs), "layoff"))
        sides.append((render.showdown_label(result, 1 - knocker, self.names), groups))
        return sides

    def compose_body(self) -> ComposeResult:
        for label, groups in self.sides():
            yield Static(markup_escape(label), classes="side-label")
            yield HandView(self.ascii_only, groups=groups)
        yield Static(self.body, id="info-body")


# -- the match screen's pages ---------------------------------------------------------------


def final_screen(view: SeatView, review: ReviewOpener | None = None) -> FinalScreen:
    """The final score sheet, with the way on to the next match of the series (and to the
    coach's review of the whole match)."""
    names = render.screen_names(view)
    lines = render.score_lines(view, names)
    return match_over_screen(lines, view.rematch_dealer, view.seat, names, review)


def hint_screen(advice: HintView, ascii_only: bool = False) -> InfoScreen:
    """The hint with its reasons and the options; ⏎ plays it."""
    return advice_screen(render.hint_lines(advice, ascii_only))


def sheet_screen(view: SeatView) -> InfoScreen:
    lines = render.score_lines(view, render.screen_names(view))
    return page_screen("Score sheet", lines, screen_id="sheet-screen")


def help_screen(view: SeatView, link: str, resume: str, serve: str) -> InfoScreen:
    return page_screen("Help", render.help_lines(view, link, resume, serve))
