"""The dialogs every game's full screen shares: a titled page of text that scrolls (a hint,
the score sheet, help, the coach's review), and the end of the match (n for a rematch).

Each is a modal screen that answers its caller when it closes (``dismiss``): True for ⏎ (or
the first button), False for esc.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from cardtable.tui.cards import key_words
from cardtable.tui.widgets import colour_cards, markup_escape

__all__ = [
    "DIALOG_CHROME",
    "FINAL_KEYS",
    "FinalScreen",
    "InfoScreen",
    "ReviewOpener",
    "advice_screen",
    "match_over_screen",
    "page_screen",
    "rematch_line",
]


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
        return key_words(text, bool(getattr(self.app, "ascii_only", False)))

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

    @property
    def final_keys(self) -> str:
        """The keys it offers: the review's only where there is one to open."""
        if self.review_opener is None:
            return FINAL_KEYS.removesuffix(" · r: the review of the match")
        return FINAL_KEYS

    def compose_body(self) -> ComposeResult:
        yield from super().compose_body()
        yield Static(self.final_keys, id="final-keys", classes="dialog-keys")

    def compose_buttons(self) -> ComposeResult:
        for button in super().compose_buttons():
            button.can_focus = False  # the keys stay the dialog's: ⏎ presses no button
            yield button

    def action_keys_note(self) -> None:
        self.query_one("#final-keys", Static).update(
            self.keys(f"⏎ starts nothing here: {self.final_keys}.")
        )


def rematch_line(dealer: int, seat: int, names: tuple[str, str] | list[str]) -> str:
    """What the rematch will be: the same rules and players, and who deals first (the
    engine's choice by the rules' series setting, given in the view)."""
    who = "you deal" if dealer == seat else f"{names[dealer]} deals"
    return f"Rematch (n): the same rules and players; {who} first."


def match_over_screen(
    lines: Sequence[str],
    rematch_dealer: int | None,
    seat: int,
    names: tuple[str, str] | list[str],
    review: ReviewOpener | None = None,
) -> FinalScreen:
    """The end of the match: the game's final ``lines`` (its score sheet), then what the
    rematch will be when the view names its first dealer; n for the next match of the series,
    r (with ``review``) for the coach's review of the whole match."""
    shown = list(lines)
    if rematch_dealer is not None:  # the engine's choice by the rules' series setting
        shown += ["", rematch_line(rematch_dealer, seat, names)]
    return FinalScreen(
        "The match is over",
        colour_cards("\n".join(shown)),
        ok="Rematch (n)",
        cancel="Quit (q)",
        screen_id="final",
        review=review,
    )


def page_screen(title: str, lines: Sequence[str], screen_id: str | None = None) -> InfoScreen:
    """A page of the game's ``lines`` over the table (its score sheet, help), the red cards
    in colour; ⏎ closes it."""
    return InfoScreen(title, colour_cards("\n".join(lines)), ok="Close (⏎)", screen_id=screen_id)


def advice_screen(lines: Sequence[str]) -> InfoScreen:
    """The computer's hint over the table, in the game's ``lines``; ⏎ plays it."""
    return InfoScreen(
        "Hint",
        colour_cards("\n".join(lines)),
        ok="Play it (⏎)",
        cancel="Close (esc)",
        screen_id="hint",
    )
