"""The full-screen table's dialogs: how to knock, a page of text, the showdown, the final.

Each is a modal screen that answers its caller when it closes (``dismiss``): the knock dialog
with the action of the chosen layout, the others with True for ⏎ (or the first button).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.table import HandSummary, HintView, SeatView
from cardtable.tui import render
from cardtable.tui.widgets import Group, HandView, colour_cards, group_hand, markup_escape

__all__ = [
    "FinalScreen",
    "InfoScreen",
    "KnockScreen",
    "ReviewOpener",
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


# Opens the coach's review of the hand or match a dialog is about (the caller builds it: the
# review screen is a dialog of its own, :mod:`cardtable.tui.review_screen`).
ReviewOpener = Callable[[], Screen[Any]]

# The rows a dialog takes besides its page: the border, the padding, the title and its
# margin, the buttons and theirs (see styles.py; a short terminal drops the padding).
DIALOG_CHROME: Final = 8
SHORT_DIALOG_CHROME: Final = 6
SHORT_TERMINAL: Final = 30
NARROW_TERMINAL: Final = 100


class InfoScreen(ModalScreen[bool]):
    """A titled page of text; ⏎ (or the button) answers True, esc False.

    The page scrolls (↑↓, page up and down, home and end, or the mouse wheel) and is never
    taller than the terminal leaves room for, so the buttons stay in view at 80x24. With
    ``review``, a "Review (r)" button (and r) opens the coach's review over it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(False)", "Close"),
        Binding("enter", "dismiss(True)", "OK"),
        Binding("up", "scroll_page('up')", "Scroll", show=False),
        Binding("down", "scroll_page('down')", "Scroll", show=False),
        Binding("pageup", "scroll_page('page_up')", "Scroll", show=False),
        Binding("pagedown,space", "scroll_page('page_down')", "Scroll", show=False),
        Binding("home", "scroll_page('home')", "Scroll", show=False),
        Binding("end", "scroll_page('end')", "Scroll", show=False),
        Binding("r", "review", "Review", show=False),
    ]

    def __init__(
        self,
        title: str,
        body: str,
        *,
        ok: str = "Continue (⏎)",
        cancel: str | None = None,
        screen_id: str | None = None,
        review: ReviewOpener | None = None,
    ) -> None:
        super().__init__(id=screen_id)
        self.title_text = title
        self.body = body
        self.ok = ok
        self.cancel = cancel
        self.review_opener = review

    def keys(self, text: str) -> str:
        """``text`` with the keys as ``--ascii`` spells them (the app says whether)."""
        return render.key_words(text, bool(getattr(self.app, "ascii_only", False)))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(markup_escape(self.title_text), classes="dialog-title")
            with VerticalScroll(id="page"):
                yield from self.compose_body()
            with Horizontal(classes="dialog-buttons"):
                yield from self.compose_buttons()

    def compose_buttons(self) -> ComposeResult:
        yield Button(self.keys(self.ok), id="ok", variant="primary", compact=True)
        if self.cancel:
            yield Button(self.keys(self.cancel), id="cancel", compact=True)
        if self.review_opener is not None:
            yield Button("Review (r)", id="review", compact=True)

    def compose_body(self) -> ComposeResult:
        yield Static(self.keys(self.body), id="info-body")

    def on_mount(self) -> None:
        self.fit(self.app.size.width, self.app.size.height)
        self.query_one("#page", VerticalScroll).focus()

    def on_resize(self, event: Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        """Cap the page at what the terminal leaves after the dialog's frame: the rest
        scrolls, and the buttons stay on screen (a narrow terminal gets the full width)."""
        short = height < SHORT_TERMINAL
        self.set_class(short, "-short")
        self.set_class(width < NARROW_TERMINAL, "-narrow")
        # A tall terminal: the dialog may take 90% of it (styles.py); a short one: all.
        room = height if short else height * 9 // 10
        chrome = SHORT_DIALOG_CHROME if short else DIALOG_CHROME
        self.query_one("#page", VerticalScroll).styles.max_height = max(3, room - chrome)

    def action_scroll_page(self, how: str) -> None:
        page = self.query_one("#page", VerticalScroll)
        moves = {
            "up": page.scroll_up,
            "down": page.scroll_down,
            "page_up": page.scroll_page_up,
            "page_down": page.scroll_page_down,
            "home": page.scroll_home,
            "end": page.scroll_end,
        }
        moves[how](animate=False)

    def action_review(self) -> None:
        if self.review_opener is not None:
            self.app.push_screen(self.review_opener())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            self.action_review()
            return
        self.dismiss(event.button.id == "ok")


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


FINAL_KEYS: Final = "n: a rematch · q: quit · r: the review of the match"


class FinalScreen(InfoScreen):
    """The end of the match: the score sheet; n opens the next match of the series, q quits.

    A rematch is a deliberate key: n, or a click on its button. ⏎ starts nothing (it only
    says which keys do), and the buttons never take the focus, so a ⏎ meant for the last
    move or dialog cannot start a new match."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "dismiss(True)", "Rematch"),
        Binding("q,escape", "dismiss(False)", "Quit"),
        Binding("enter", "keys_note", "Keys", show=False),
    ]

    def compose_body(self) -> ComposeResult:
        yield from super().compose_body()
        yield Static(FINAL_KEYS, id="final-keys", classes="dialog-keys")

    def compose_buttons(self) -> ComposeResult:
        for button in super().compose_buttons():
            button.can_focus = False  # the keys stay the dialog's: ⏎ presses no button
            yield button

    def action_keys_note(self) -> None:
        self.query_one("#final-keys", Static).update(
            self.keys(f"⏎ starts nothing here: {FINAL_KEYS}.")
        )


# -- the match screen's pages ---------------------------------------------------------------


def rematch_line(dealer: int, seat: int, names: tuple[str, str] | list[str]) -> str:
    """What the rematch will be: the same rules and players, and who deals first (the
    engine's choice by the rules' series setting, given in the view)."""
    who = "you deal" if dealer == seat else f"{names[dealer]} deals"
    return f"Rematch (n): the same rules and players; {who} first."


def final_screen(view: SeatView, review: ReviewOpener | None = None) -> FinalScreen:
    """The final score sheet, with the way on to the next match of the series (and to the
    coach's review of the whole match)."""
    names = render.screen_names(view)
    lines = render.score_lines(view, names)
    if view.rematch_dealer is not None:  # the engine's choice by the rules' series setting
        lines = [*lines, "", rematch_line(view.rematch_dealer, view.seat, names)]
    return FinalScreen(
        "The match is over",
        colour_cards("\n".join(lines)),
        ok="Rematch (n)",
        cancel="Quit (q)",
        screen_id="final",
        review=review,
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
    text = colour_cards("\n".join(render.score_lines(view, render.screen_names(view))))
    return InfoScreen("Score sheet", text, ok="Close (⏎)", screen_id="sheet-screen")


def help_screen(view: SeatView, link: str, resume: str, serve: str) -> InfoScreen:
    text = colour_cards("\n".join(render.help_lines(view, link, resume, serve)))
    return InfoScreen("Help", text, ok="Close (⏎)")
