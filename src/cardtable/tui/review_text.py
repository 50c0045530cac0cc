"""The coach's review in words, for the full-screen table's review dialog.

The table service sends the review as JSON (``TableService.review``: the seat's own
decisions, its worst mistakes, its accuracy, a summary per hand); this module reads that
into small records and words them as the browser's replay does (web/static/js/review.js):
the action, ``best`` or the points it cost with the better move, and why.

The JSON names its game. Gin's hands end with an outcome and a winner; Cribbage's with the
board (its hands have no winner), its lay-away is two cards, and near a game's end its
verdicts are in percentage points of the chance of winning (``unit`` ``win %``) rather
than points; each is worded by what the JSON holds, and an action by the words its game's
terminal screens give it (:func:`cardtable.tui.front.review_words`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardtable.tui.front import review_words

__all__ = [
    "WORST_MARK",
    "Decision",
    "HandReview",
    "Review",
    "accuracy_text",
    "action_text",
    "decision_line",
    "hand_heading",
    "loss_text",
    "parse_review",
    "verdict_text",
    "worst_text",
]

WORST_MARK: Final = "*"
ACTION_WIDTH: Final = 14  # "discard QD", "knock KD", "lay away AS 5H": the verdicts line up
WIN_UNIT: Final = "win %"  # the Cribbage review's unit near a game's end


@dataclass(frozen=True, slots=True)
class Decision:
    """One of the seat's decisions and the expert's verdict on it."""

    deal: int
    index: int
    action: str
    best: str
    loss: float
    forced: bool
    worst: bool
    why: str
    unit: str = "points"
    game: str = ""


@dataclass(frozen=True, slots=True)
class HandReview:
    """One finished hand: how it ended and the seat's accuracy in it."""

    deal: int
    outcome: str
    winner: int | None
    points: int
    accuracy: float | None
    decisions: tuple[Decision, ...]
    game_number: int | None = None  # Cribbage: the game of the match the hand was in
    dealer: int | None = None  # Cribbage: who dealt (and so owned the crib)
    pegs: tuple[int, int] | None = None  # Cribbage: the front pegs when the hand was over


@dataclass(frozen=True, slots=True)
class Review:
    """A seat's review of one deal (``deal``) or of every finished deal (``deal`` None)."""

    seat: int
    deal: int | None
    accuracy: float | None
    worst: tuple[Decision, ...]
    hands: tuple[HandReview, ...]
    game: str = ""

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(d for hand in self.hands for d in hand.decisions)


def _decision(item: Mapping[str, Any], game: str) -> Decision:
    return Decision(
        deal=int(item["deal"]),
        index=int(item["index"]),
        action=str(item["action"]),
        best=str(item["best"]),
        loss=float(item["loss"]),
        forced=bool(item["forced"]),
        worst=bool(item["worst"]),
        why=str(item["why"]),
        unit=str(item.get("unit") or "points"),
        game=game,
    )


def _hand(hand: Mapping[str, Any], seat: int, decisions: Sequence[Decision]) -> HandReview:
    deal = int(hand["deal"])
    pegs = hand.get("pegs")
    return HandReview(
        deal=deal,
        outcome=str(hand.get("outcome") or ""),
        winner=None if hand.get("winner") is None else int(hand["winner"]),
        points=int(hand.get("points") or 0),
        accuracy=_accuracy(hand.get("accuracy") or {}, seat),
        decisions=tuple(d for d in decisions if d.deal == deal),
        game_number=None if hand.get("game") is None else int(hand["game"]),
        dealer=None if hand.get("dealer") is None else int(hand["dealer"]),
        pegs=None if pegs is None else (int(pegs[0]), int(pegs[1])),
    )


def _accuracy(values: Mapping[str, Any], seat: int) -> float | None:
    value = values.get(str(seat))
    return None if value is None else float(value)


def parse_review(data: Mapping[str, Any]) -> Review:
    """The service's JSON review as records (its decisions grouped by their hand)."""
    seat = int(data["seat"])
    game = str(data.get("game") or "")
    decisions = [_decision(item, game) for item in data["decisions"]]
    hands = tuple(_hand(hand, seat, decisions) for hand in data["hands"])
    deal = data.get("deal")
    return Review(
        seat=seat,
        deal=None if deal is None else int(deal),
        accuracy=_accuracy(data["accuracy"], seat),
        worst=tuple(_decision(item, game) for item in data["worst"]),
        hands=hands,
        game=game,
    )


def action_text(action: str, game: str = "") -> str:
    """An action as the review of ``game`` words it: the game's own words for the terminal
    (:attr:`cardtable.tui.front.FullScreen.review_action`), else its text as it is."""
    return review_words(game)(action)


def loss_text(decision: Decision) -> str:
    """``-X.X pts``, or near a Cribbage game's end ``-N% win`` (the chance of winning)."""
    if decision.unit == WIN_UNIT:
        return f"-{decision.loss:.0f}% win"
    return f"-{decision.loss:.1f} pts"


def verdict_text(decision: Decision) -> str:
    """``best``, ``forced``, or ``-X.X pts, better: Y`` (``-N% win, better: Y``)."""
    if decision.forced:
        return "forced"
    if decision.loss == 0:
        return "best"
    return f"{loss_text(decision)}, better: {action_text(decision.best, decision.game)}"


def decision_line(decision: Decision) -> str:
    """One decision's line: the worst mark (or a space), the action and the verdict."""
    mark = WORST_MARK if decision.worst else " "
    action = action_text(decision.action, decision.game)
    return f"{mark} {action:<{ACTION_WIDTH}} {verdict_text(decision)}"


def accuracy_text(accuracy: float | None, decisions: Sequence[Decision], what: str) -> str:
    """``Hand accuracy 68.8% (11 of 16 choices best)``, as the service counts it."""
    if accuracy is None:
        return f"{what} accuracy: no choices to judge"
    choices = [d for d in decisions if not d.forced]
    best = sum(1 for d in choices if d.loss == 0)
    return f"{what} accuracy {accuracy:.1f}% ({best} of {len(choices)} choices best)"


def hand_heading(hand: HandReview, seat: int) -> str:
    """``Hand 2: knock, you won 23 points``; Cribbage: ``Hand 2 (game 1), you dealt:
    you 31, your opponent 24`` (a hand has no winner there, the board says how it went)."""
    if hand.pegs is not None and not hand.outcome:
        dealt = "you dealt" if hand.dealer == seat else "your opponent dealt"
        game = "" if hand.game_number is None else f" (game {hand.game_number})"
        mine, theirs = hand.pegs[seat], hand.pegs[1 - seat]
        return f"Hand {hand.deal}{game}, {dealt}: you {mine}, your opponent {theirs}"
    outcome = hand.outcome.replace("_", " ")
    if hand.winner is None:
        return f"Hand {hand.deal}: {outcome}, no points"
    who = "you" if hand.winner == seat else "your opponent"
    return f"Hand {hand.deal}: {outcome}, {who} won {hand.points} points"


def worst_text(review: Review) -> str:
    """The worst mistakes in a line (they are marked with ``*`` below)."""
    if not review.worst:
        return "No costly mistakes."
    listed = ", ".join(
        f"{action_text(d.action, d.game)} "
        + (loss_text(d) if d.unit == WIN_UNIT else f"-{d.loss:.1f}")
        + ("" if review.deal is not None else f" (hand {d.deal})")
        for d in review.worst
    )
    return f"Worst mistakes ({WORST_MARK}): {listed}"
