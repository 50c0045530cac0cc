"""The full-screen table's dialogs: how to knock, a page of text, the showdown, the final.

Each is a modal screen that answers its caller when it closes (``dismiss``): the knock dialog
with the action of the chosen layout, the others with True for ⏎ (or the first button).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.table import HandSummary, HintView, SeatView
from cardtable.tui import render
from cardtable.tui.widgets import Group, HandView, colour_cards, group_hand, markup_escape

__all__ = [
    "FinalScreen",
    "InfoScreen",
    "KnockScreen",
    "ShowdownScreen",
    "final_screen",
    "help_screen",
    "hint_screen",
    "sheet_screen",
]


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
                "↑↓ choose a layout · ⏎ or click to play it · esc back. The best layout leaves "
                "the least deadwood; another may leave your opponent fewer lay-offs.",
                classes="dialog-keys",
            )

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = self.start
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int(str(event.option.id).removeprefix("choice-"))
        self.dismiss(self.choices[index].action)


class InfoScreen(ModalScreen[bool]):
    """A titled page of text; ⏎ (or the button) answers True, esc False."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(False)", "Close"),
        Binding("enter", "dismiss(True)", "OK"),
    ]

    def __init__(
        self,
        title: str,
        body: str,
        *,
        ok: str = "Continue (⏎)",
        cancel: str | None = None,
        screen_id: str | None = None,
    ) -> None:
        super().__init__(id=screen_id)
        self.title_text = title
        self.body = body
        self.ok = ok
        self.cancel = cancel

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(markup_escape(self.title_text), classes="dialog-title")
            with VerticalScroll():
                yield from self.compose_body()
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.ok, id="ok", variant="primary", compact=True)
                if self.cancel:
                    yield Button(self.cancel, id="cancel", compact=True)

    def compose_body(self) -> ComposeResult:
        yield Static(self.body, id="info-body")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "ok")


class ShowdownScreen(InfoScreen):
    """The end of a hand: both hands as cards in their melds, the lay-offs and the points."""

    def __init__(self, hand: HandSummary, view: SeatView, ascii_only: bool = False) -> None:
        self.me = view.seat
        self.names = render.seat_names(view)
        self.hand = hand
        self.ascii_only = ascii_only
        notes = render.showdown_notes(hand, view, ascii_only)
        body = "\n".join(colour_cards(line.strip()) for line in notes)
        super().__init__("The showdown", body, screen_id="showdown")

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


class FinalScreen(InfoScreen):
    """The end of the match: the score sheet; n opens the next match of the series, q quits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "dismiss(True)", "Next match"),
        Binding("q,escape", "dismiss(False)", "Quit"),
    ]


# -- the match screen's pages ---------------------------------------------------------------


def final_screen(view: SeatView) -> FinalScreen:
    """The final score sheet, with the way on to the next match of the series."""
    return FinalScreen(
        "The match is over",
        colour_cards("\n".join(render.score_lines(view))),
        ok="Next match (n)",
        cancel="Quit (q)",
        screen_id="final",
    )


def hint_screen(advice: HintView, ascii_only: bool = False) -> InfoScreen:
    """The hint with its reasons and the options; ⏎ plays it."""
    return InfoScreen(
        "Hint",
        colour_cards("\n".join(render.hint_lines(advice, ascii_only))),
        ok="Play it (⏎)",
        cancel="Close (esc)",
        screen_id="hint",
    )


def sheet_screen(view: SeatView) -> InfoScreen:
    text = colour_cards("\n".join(render.score_lines(view)))
    return InfoScreen("Score sheet", text, ok="Close (⏎)", screen_id="sheet-screen")


def help_screen(view: SeatView, link: str) -> InfoScreen:
    text = colour_cards("\n".join(render.help_lines(view, link)))
    return InfoScreen("Help", text, ok="Close (⏎)")
