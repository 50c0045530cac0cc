"""The cribbage board: both players' pegs (front and back), the target and the skunk lines;
and the games of the match so far."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.cribbage.hand import Hand
from cardtable.cribbage.match import GameResult
from cardtable.cribbage.rules import Rules
from cardtable.games.views import PlainView

__all__ = ["BoardView", "GameLineView", "board_view"]


@dataclass(frozen=True, slots=True)
class BoardView(PlainView):
    """Where the pegs stand: ``pegs`` are the front pegs, ``back_pegs`` where each front peg
    stood before its last move (a board's two pegs per player)."""

    pegs: tuple[int, int]
    back_pegs: tuple[int, int]
    target: int
    skunk_line: int | None
    double_skunk_line: int | None


def board_view(rules: Rules, hands: Sequence[Hand]) -> BoardView:
    """The board after ``hands``, the deals of one game so far in order (the one in play
    last): each peg move leaves the back peg where the front one stood, across hands."""
    front = [0, 0]
    back = [0, 0]
    for hand in hands:
        for record in hand.history:
            for score in record.scores:
                back[score.seat] = front[score.seat]
                front[score.seat] += score.points
    last = hands[-1]
    return BoardView(
        pegs=(last.pegs[0], last.pegs[1]),
        back_pegs=(back[0], back[1]),
        target=rules.target,
        skunk_line=rules.skunk_line,
        double_skunk_line=rules.double_skunk_line,
    )


@dataclass(frozen=True, slots=True)
class GameLineView(PlainView):
    """A finished game: who won, the points, and what the win counted (a skunk counts 2)."""

    number: int
    winner: int
    pegs: tuple[int, int]
    kind: str
    game_points: int
    hands: int

    @classmethod
    def of(cls, result: GameResult) -> GameLineView:
        return cls(
            result.number, result.winner, result.pegs, result.kind, result.game_points, result.hands
        )
