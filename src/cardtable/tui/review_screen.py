"""The coach's review dialog: every decision of the person's seat in a finished hand (or in
the whole match) with the expert's verdict, the worst mistakes marked, and the accuracy.

Judging a match takes a second or two, so the review is asked of the table service in a
worker thread (as a game's table sends its moves) while the dialog says
"Reviewing…"; the answer comes back as a message on the screen's own thread. A failure
(a store that cannot be read, a deal still in play) is one line in the dialog.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static

from cardtable.errors import CardTableError
from cardtable.tui.cards import symbolise
from cardtable.tui.dialogs import InfoScreen
from cardtable.tui.review_text import (
    Review,
    accuracy_text,
    decision_line,
    hand_heading,
    parse_review,
    worst_text,
)
from cardtable.tui.widgets import colour_cards, markup_escape

__all__ = ["ReviewFailed", "ReviewReady", "ReviewScreen", "ReviewSource"]

# Asks the service for the review (``TerminalTable.review`` with its deal bound).
ReviewSource = Callable[[], Mapping[str, Any]]


@dataclass
class ReviewReady(Message):
    """The review arrived (``on_review_ready``)."""

    review: Review


@dataclass
class ReviewFailed(Message):
    """No review, and why, in one line (``on_review_failed``)."""

    reason: str


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


class ReviewScreen(InfoScreen):
    """The review of ``deal`` (1-based) or of the whole match (``deal`` None)."""

    def __init__(self, source: ReviewSource, deal: int | None, ascii_only: bool = False) -> None:
        title = "The coach's review of the match" if deal is None else f"Review of hand {deal}"
        super().__init__(title, "", ok="Close (⏎)", screen_id="review")
        self.source = source
        self.deal = deal
        self.ascii_only = ascii_only
        self.review: Review | None = None

    def words(self, text: str) -> str:
        """Text as markup, its cards with suit symbols (unless ASCII only), the red ones red."""
        return colour_cards(symbolise(text, self.ascii_only))

    def compose_body(self) -> ComposeResult:
        yield Static("Reviewing… (the expert is judging your decisions)", id="review-status")
        yield Vertical(id="review-lines")

    def on_mount(self) -> None:
        super().on_mount()
        self.run_worker(
            partial(self._fetch, self.source), thread=True, exclusive=True, group="review"
        )

    def _fetch(self, source: ReviewSource) -> None:
        try:
            review = parse_review(source())
        except CardTableError as error:  # a deal in play, a match the store lacks
            self.post_message(ReviewFailed(_one_line(error)))
        except Exception as error:  # the store unreachable, a reply it cannot read: a line
            self.post_message(ReviewFailed(f"{type(error).__name__}: {_one_line(error)}"))
        else:
            self.post_message(ReviewReady(review))

    def on_review_failed(self, message: ReviewFailed) -> None:
        status = self.query_one("#review-status", Static)
        status.update(markup_escape(f"No review: {message.reason}"))
        status.add_class("-error")

    async def on_review_ready(self, message: ReviewReady) -> None:
        review = self.review = message.review
        what = "Match" if review.deal is None else "Hand"
        status = accuracy_text(review.accuracy, review.decisions, what)
        self.query_one("#review-status", Static).update(markup_escape(status))
        await self.query_one("#review-lines", Vertical).mount_all(self.lines(review))

    def lines(self, review: Review) -> list[Static]:
        """The worst mistakes, then each hand: its heading, and a line and its reason for
        each decision (the worst ones marked and coloured)."""
        lines = [Static(self.words(worst_text(review)), classes="review-worst")]
        for hand in review.hands:
            heading = hand_heading(hand, review.seat)
            if review.deal is None:  # the match: each hand's own accuracy too
                heading += " · " + accuracy_text(hand.accuracy, hand.decisions, "hand")
            lines.append(Static(markup_escape(heading), classes="review-hand"))
            if not hand.decisions:
                lines.append(Static("No decisions of yours.", classes="review-why"))
            for decision in hand.decisions:
                marked = "review-decision -worst" if decision.worst else "review-decision"
                lines.append(Static(self.words(decision_line(decision)), classes=marked))
                lines.append(Static(self.words(decision.why), classes="review-why"))
        return lines
