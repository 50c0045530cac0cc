"""What one seat did in a Gin Rummy match, for a player's statistics
(:mod:`cardtable.table.stats`), counted from the match's finished hands:

- ``hands``, ``hands_won``: scored hands (dead hands score nothing and are left out);
- ``gins``: hands the seat went gin (big gin included);
- ``undercuts``: hands the seat won by undercutting the knocker; ``undercut_against``: its
  knocks that were undercut;
- ``knocks`` and ``average_knock_deadwood``: the seat's knocks with deadwood (a gin is
  counted as a gin, not as a knock of 0).

>>> from cardtable.gin.match import Match
>>> figures = gin_figures(Match.new(seed="stats-doc", first_dealer=0), 0)
>>> figures.hands, figures.lines()[0]
(0, ('Hands won', 'none yet'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from cardtable.games.figures import Counts, per, share
from cardtable.gin.match import Match
from cardtable.gin.showdown import Outcome

__all__ = ["GinFigures", "gin_figures"]

_GINS: Final = (Outcome.GIN, Outcome.BIG_GIN)


@dataclass(frozen=True, slots=True)
class GinFigures(Counts):
    """What one seat did in the finished hands of Gin Rummy matches (summable)."""

    hands: int = 0
    hands_won: int = 0
    gins: int = 0
    undercuts: int = 0
    undercut_against: int = 0
    knocks: int = 0
    knock_deadwood: int = 0  # summed over ``knocks``

    @property
    def average_knock_deadwood(self) -> float | None:
        return per(self.knock_deadwood, self.knocks)

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "hands_won": self.hands_won,
            "gins": self.gins,
            "undercuts": self.undercuts,
            "undercut_against": self.undercut_against,
            "knocks": self.knocks,
            "average_knock_deadwood": self.average_knock_deadwood,
        }

    def lines(self) -> tuple[tuple[str, str], ...]:
        undercuts = str(self.undercuts)
        if self.undercut_against:
            undercuts += f" (undercut {self.undercut_against}x)"
        average = self.average_knock_deadwood
        knocks = "none yet"
        if average is not None:
            knocks = f"{average} (average of {self.knocks} knock{'' if self.knocks == 1 else 's'})"
        return (
            ("Hands won", share(self.hands_won, self.hands)),
            ("Gins", str(self.gins)),
            ("Undercuts", undercuts),
            ("Deadwood at knocks", knocks),
        )


def gin_figures(match: Match, seat: int) -> GinFigures:
    """Count ``seat``'s hands, wins, gins, undercuts and knocks in the match's finished hands."""
    hands = won = gins = undercuts = against = knocks = deadwood = 0
    for hand in match.hands:
        result = hand.result
        assert result is not None  # a hand in ``match.hands`` is over
        if result.winner is None:
            continue
        hands += 1
        won += result.winner == seat
        if result.knocker != seat:
            undercuts += result.outcome is Outcome.UNDERCUT and result.winner == seat
            continue
        if result.outcome in _GINS:
            gins += 1
            continue
        knocks += 1
        deadwood += result.knocker_deadwood
        against += result.outcome is Outcome.UNDERCUT
    return GinFigures(hands, won, gins, undercuts, against, knocks, deadwood)
