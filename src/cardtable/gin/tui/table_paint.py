"""Drawing the match screen from the seat's view: the title bar, the opponent, the piles,
the hand in its melds, the turn, the buttons and the score sheet.

The painter only puts the service's view (and the words of :mod:`cardtable.gin.tui.render`) into
the screen's widgets; which card is chosen is :class:`CardChoice`'s business.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from textual.screen import Screen
from textual.widgets import Button, Static

from cardtable.cards import Card
from cardtable.gin.tui import render
from cardtable.gin.tui.dialogs import group_hand
from cardtable.gin.views import SeatView
from cardtable.tui.widgets import Group, HandView, Pile, colour_cards, markup_escape

__all__ = [
    "ACTION_BUTTONS",
    "KEYS_TEXT",
    "LOG_LINES",
    "CardChoice",
    "TablePainter",
    "new_card",
]

ACTION_BUTTONS: Final = (
    ("draw", "Draw (d)"),
    ("take", "Take (t)"),
    ("pass", "Pass (p)"),
    ("discard", "Discard (⏎)"),
    ("knock", "Knock (k)"),
    ("gin", "Gin (g)"),
    ("big_gin", "Big gin (b)"),
)
LOG_LINES: Final = 3
KEYS_TEXT: Final = (
    "t take · p pass · d draw\n←→ choose a card · ⏎ discard\nk knock or gin · h hint\n"
    "s score sheet · v review\ni statistics · ? help · q quit"
)


def new_card(view: SeatView) -> Card | None:
    """The card the seat just drew, while it still has to discard."""
    hand = view.hand
    if hand.phase != "discard" or hand.to_act != view.seat:
        return None
    for event in reversed(hand.events):
        if event.seat == view.seat and event.kind in ("draw", "take"):
            return event.card
    return None


def last_card(groups: Sequence[Group]) -> Card | None:
    """The rightmost card of the hand."""
    for group in reversed(groups):
        if group.cards:
            return group.cards[-1]
    return None


def throwable(view: SeatView) -> set[Card]:
    """The cards the seat may discard now (none outside its discard): a card just taken
    from the pile is not one of them when the rules forbid throwing it straight back."""
    hand = view.hand
    if hand.phase != "discard" or hand.to_act != view.seat:
        return set()
    legal = set(view.legal_actions)
    return {card for card in view.hand.hand if f"discard {card}" in legal}


def last_throwable(groups: Sequence[Group], allowed: set[Card]) -> Card | None:
    """The rightmost card of the hand that may be discarded (the deadwood comes last)."""
    order = [card for group in groups for card in group.cards]
    return next((card for card in reversed(order) if card in allowed), last_card(groups))


@dataclass
class CardChoice:
    """The chosen card of the hand (a card just drawn is chosen once, then the arrows move
    on from it) and the cards a hint named."""

    selected: Card | None = None
    last_new: Card | None = None
    hinted: set[Card] = field(default_factory=set)

    def reset(self) -> None:
        self.selected = None
        self.hinted = set()

    def arrange(self, view: SeatView) -> tuple[list[Group], dict[Card, set[str]]]:
        """The hand's groups and each card's marks (chosen, just drawn, hinted)."""
        groups = group_hand(view.arrangement)
        order = [card for group in groups for card in group.cards]
        new = new_card(view)
        fresh = new is not None and new != self.last_new
        if fresh:
            self.selected = new
        elif self.selected not in order:
            self.selected = last_card(groups)
            fresh = True
        allowed = throwable(view)
        if fresh and allowed and self.selected not in allowed:
            # The card just taken may not go straight back: start on one that may.
            self.selected = last_throwable(groups, allowed)
        self.last_new = new
        marks: dict[Card, set[str]] = {card: set() for card in order}
        if self.selected in marks:
            marks[self.selected].add("-selected")
        if new in marks:
            marks[new].add("-new")
        for card in self.hinted & set(order):
            marks[card].add("-hinted")
        return groups, marks


class TablePainter:
    """Puts a seat's view into the match screen's widgets."""

    def __init__(self, screen: Screen[Any], ascii_only: bool) -> None:
        self.screen = screen
        self.ascii_only = ascii_only

    def static(self, selector: str) -> Static:
        return self.screen.query_one(selector, Static)

    async def paint(self, view: SeatView, choice: CardChoice, busy: bool) -> None:
        """The whole table."""
        self.header(view)
        self.piles(view)
        groups, marks = choice.arrange(view)
        hand = self.screen.query_one(HandView)
        if [g.cards for g in hand.groups] != [g.cards for g in groups] or hand.marks != marks:
            await hand.show(groups, marks)
        self.turn(view, busy)
        self.hand_info(view, choice.selected)
        self.buttons(view, choice.selected, busy)
        self.static("#sheet").update(colour_cards("\n".join(render.side_sheet_lines(view))))

    def header(self, view: SeatView) -> None:
        """The title bar, and the opponent: known cards face up, the rest as card backs."""
        self.title(view)
        opponent = self.static("#opponent")
        opponent.update(colour_cards(render.opponent_cards(view, self.ascii_only)))
        opponent.border_title = markup_escape(render.opponent_heading(view, self.ascii_only))
        opponent.border_subtitle = markup_escape(render.dealer_note(view))

    def title(self, view: SeatView) -> None:
        """The title bar, fitted to the terminal's width (less its padding)."""
        top = render.top_line(view, self.screen.app.size.width - 2)
        self.static("#top").update(markup_escape(top))

    def piles(self, view: SeatView) -> None:
        legal = set(view.legal_actions)
        hand = view.hand
        stock = self.screen.query_one("#stock", Pile)
        stock.update(str(hand.stock_count))
        stock.border_title = "stock"
        stock.border_subtitle = "d" if "draw" in legal else ""
        stock.set_class("draw" in legal, "-live")
        pile = self.screen.query_one("#discard", Pile)
        top = hand.top_discard
        pile.update("empty" if top is None else colour_cards(render.face(top, self.ascii_only)))
        pile.set_class(top is None, "-empty")
        pile.border_title = "discard"
        under = len(hand.discard_pile) - 1
        pile.border_subtitle = "t" if "take" in legal else (f"+{under}" if under > 0 else "")
        pile.set_class("take" in legal, "-live")

    def turn(self, view: SeatView, busy: bool) -> None:
        text = render.screen_turn(view, busy, self.ascii_only)
        self.static("#turn").update(colour_cards(render.key_words(text, self.ascii_only)))

    def hand_info(self, view: SeatView, selected: Card | None) -> None:
        text = render.hand_info(view, selected, self.ascii_only)
        self.static("#handinfo").update(colour_cards(text))

    def buttons(self, view: SeatView, selected: Card | None, busy: bool) -> None:
        """The buttons of the legal verbs (none while a move is on its way)."""
        legal = view.legal_actions
        verbs = {text.split()[0] for text in legal}
        top = view.hand.top_discard
        for key, label in ACTION_BUTTONS:
            button = self.screen.query_one(f"#act-{key}", Button)
            button.display = key in verbs and not busy
            if key == "take" and top is not None:
                label = f"Take {render.face(top, self.ascii_only)} (t)"
            elif key == "discard" and selected is not None:
                label = f"Discard {render.face(selected, self.ascii_only)} (⏎)"
            button.label = render.key_words(label, self.ascii_only)
            button.disabled = key == "discard" and f"discard {selected}" not in legal
