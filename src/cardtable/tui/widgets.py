"""Widgets of the full-screen table: cards, a hand grouped into melds, the two piles, the
action buttons, the move log's box, and the keys that choose a card of the hand.

Colours come from the theme's variables (``$text-error`` for red suits, ``$accent`` for the
selected card), so the same table reads well on the dark and the light theme.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Static

from cardtable.cards import Card
from cardtable.tui.cards import card_back, face, is_red

__all__ = [
    "CardGroup",
    "CardView",
    "Group",
    "HandView",
    "LogBox",
    "Pile",
    "action_button",
    "colour_cards",
    "hand_keys",
    "markup_escape",
]

_CARD_TOKEN: Final = re.compile(r"(?<![\w$])((?:10|[A2-9TJQK])[♥♦HD])(?!\w)")


def markup_escape(text: str) -> str:
    """Text that Textual markup shows as it is (every bracket escaped)."""
    return text.replace("\\", "\\\\").replace("[", "\\[")


def colour_cards(text: str) -> str:
    """Escape ``text`` for markup and colour the red suits' cards with the theme's red."""
    return _CARD_TOKEN.sub(r"[$text-error]\1[/]", markup_escape(text))


class CardView(Static):
    """One card face up (or a card back when ``card`` is ``None``); a click chooses it."""

    DEFAULT_CSS = """
    CardView {
        width: 4;
        height: 3;
        border: round $foreground 50%;
        background: $surface;
        color: $text;
        content-align: center middle;
        text-style: bold;
    }
    CardView.-red { color: $text-error; }
    CardView.-back { color: $text-muted; background: $panel; }
    CardView.-selected { border: heavy $accent; background: $accent 25%; }
    CardView.-picked { background: $success 30%; }
    CardView.-hinted { border: double $success; }
    CardView.-new { border: round $primary; }
    CardView.-new.-selected { border: heavy $accent; }
    """

    @dataclass
    class Chosen(Message):
        card: Card | None

    def __init__(
        self,
        card: Card | None,
        ascii_only: bool = False,
        *,
        id: str | None = None,
        classes: str = "",
    ) -> None:
        text = card_back(ascii_only) if card is None else face(card, ascii_only)
        extra = "-back" if card is None else ("-red" if is_red(card) else "")
        super().__init__(text, id=id, classes=f"{classes} {extra}".strip(), markup=False)
        self.card = card

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.card))


@dataclass(frozen=True, slots=True)
class Group:
    """Cards shown together under a title: a meld, or the deadwood."""

    title: str
    cards: tuple[Card, ...]
    kind: str = "meld"


class CardGroup(Horizontal):
    DEFAULT_CSS = """
    CardGroup {
        width: auto;
        height: 5;
        border: round $primary 60%;
        border-title-color: $text-primary;
        border-title-align: center;
        margin-right: 1;
    }
    CardGroup.-deadwood {
        border: round $warning 60%;
        border-title-color: $text-warning;
        min-width: 15;
    }
    CardGroup.-layoff { border: round $success 60%; border-title-color: $text-success; }
    """


class HandView(Widget):
    """A hand shown as groups (melds, then deadwood); rebuilt when the hand changes."""

    DEFAULT_CSS = """
    HandView { height: 5; width: 1fr; layout: horizontal; }
    """

    def __init__(
        self,
        ascii_only: bool = False,
        *,
        groups: Sequence[Group] = (),
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.ascii_only = ascii_only
        self.groups: list[Group] = list(groups)
        self.marks: dict[Card, set[str]] = {}

    def compose(self) -> ComposeResult:
        for group in self.groups:
            box = CardGroup(classes="" if group.kind == "meld" else f"-{group.kind}")
            box.border_title = group.title
            with box:
                for card in group.cards:
                    marks = " ".join(sorted(self.marks.get(card, set())))
                    card_id = f"card-{card}" if self.id == "hand" else None
                    yield CardView(card, self.ascii_only, id=card_id, classes=marks)

    @property
    def order(self) -> list[Card]:
        """The cards left to right."""
        return [card for group in self.groups for card in group.cards]

    async def show(self, groups: Sequence[Group], marks: dict[Card, set[str]]) -> None:
        self.groups = list(groups)
        self.marks = marks
        await self.recompose()

    def mark(self, name: str, cards: set[Card]) -> None:
        """Set the class ``name`` on exactly ``cards`` (no rebuild)."""
        for marks in self.marks.values():
            marks.discard(name)
        for card in cards:
            self.marks.setdefault(card, set()).add(name)
        for view in self.query(CardView):
            view.set_class(view.card in cards, name)


class Pile(Static):
    """The stock or the discard pile; a click draws from it."""

    DEFAULT_CSS = """
    Pile {
        width: 13;
        height: 5;
        border: round $foreground 50%;
        border-title-align: center;
        border-subtitle-align: center;
        content-align: center middle;
        text-style: bold;
        background: $surface;
    }
    Pile.-empty { color: $text-muted; }
    Pile.-live { border: heavy $accent; }
    """

    @dataclass
    class Clicked(Message):
        pile: Pile

    def on_click(self) -> None:
        self.post_message(self.Clicked(self))


def action_button(key: str, label: str, variant: str = "default") -> Button:
    """A compact button ``#act-KEY`` that never takes the focus (the keys stay the table's)."""
    button = Button(label, id=f"act-{key}", compact=True, variant=variant)  # type: ignore[arg-type]
    button.can_focus = False
    return button


class LogBox(VerticalScroll):
    """A box of text that scrolls (a table's move log), around one :class:`Static` of id
    ``text_id``. It never takes the focus: the keys stay the table's."""

    can_focus = False

    def __init__(self, text_id: str, *, id: str) -> None:
        super().__init__(Static(id=text_id), id=id)


def hand_keys(label: str = "Choose") -> list[BindingType]:
    """The keys every table and lesson chooses a card of the hand with: ← and → step
    through it (shown once in the footer, as ``label``)."""
    return [
        Binding("left", "move(-1)", label, key_display="←→"),
        Binding("right", "move(1)", label, show=False),
    ]
