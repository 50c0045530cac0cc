"""The score sheet and the final totals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.games.views import PlainView
from cardtable.gin.match import FinalScore, Match, SheetLine

# -- the score sheet ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SheetLineView(PlainView):
    number: int
    dealer: int
    winner: int
    outcome: str
    points: int
    totals: tuple[int, int]

    @classmethod
    def of(cls, line: SheetLine) -> SheetLineView:
        return cls(
            line.number,
            line.dealer,
            line.winner,
            line.result.outcome.value,
            line.result.points,
            line.totals,
        )


FinalView = FinalScore
"""The final totals with every bonus itemised (RULES.md 4): the engine's own, all plain
values."""


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """One line per scored hand, the hands won (boxes), the running score, the final."""

    lines: tuple[SheetLineView, ...]
    boxes: tuple[int, int]
    scores: tuple[int, int]
    target: int
    final: FinalView | None

    @classmethod
    def of(cls, match: Match) -> ScoreSheet:
        return cls(
            tuple(SheetLineView.of(line) for line in match.sheet),
            (match.boxes[0], match.boxes[1]),
            (match.scores[0], match.scores[1]),
            match.rules.target,
            match.final,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "boxes": list(self.boxes),
            "sheet": [line.to_json() for line in self.lines],
            "final": None if self.final is None else self.final.to_json(),
        }
