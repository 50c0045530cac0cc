"""What one seat did in a Cribbage match, for a player's statistics
(:mod:`cardtable.table.stats`), counted from the match's finished hands and games:

- ``games``, ``games_won``, ``skunks``: finished games, those the seat won, and those it won
  by a skunk or a double skunk;
- ``hands``: finished hands (a hand cut short by a win counts: it was played);
- ``hand_shows`` and ``hand_show_points``: the seat's own hands counted in the show, and
  their true totals (what the hand held, not what was stated under muggins);
- ``crib_shows`` and ``crib_points``: the same for its crib, when it dealt;
- ``pegged``: the points it pegged in the play (fifteens, pairs, runs, 31, go and last
  card; his heels is a cut, not a play, and is left out).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from cardtable.cribbage.actions import ActionKind
from cardtable.cribbage.match import Match
from cardtable.games.figures import Counts, per, share

__all__ = ["CribbageFigures", "cribbage_figures", "per"]

_PLAY_KINDS: Final = (ActionKind.PLAY, ActionKind.GO)  # the actions that peg in the play
_SHOWN: Final = ("hand", "crib")  # points a play's record may carry from the show it starts
_SKUNKS: Final = ("skunk", "double skunk")


@dataclass(frozen=True, slots=True)
class CribbageFigures(Counts):
    """One seat's figures in one Cribbage match (see the module's docstring), summable."""

    games: int = 0
    games_won: int = 0
    skunks: int = 0
    hands: int = 0
    hand_shows: int = 0
    hand_show_points: int = 0
    crib_shows: int = 0
    crib_points: int = 0
    pegged: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "games_won": self.games_won,
            "skunks": self.skunks,
            "hands": self.hands,
            "average_hand_show": per(self.hand_show_points, self.hand_shows),
            "average_crib": per(self.crib_points, self.crib_shows),
            "pegged_per_hand": per(self.pegged, self.hands),
        }

    def lines(self) -> tuple[tuple[str, str], ...]:
        games = share(self.games_won, self.games)
        if self.skunks:
            games += f" ({self.skunks} skunk{'' if self.skunks == 1 else 's'})"
        show = per(self.hand_show_points, self.hand_shows)
        crib = per(self.crib_points, self.crib_shows)
        pegged = per(self.pegged, self.hands)
        return (
            ("Games won", games),
            ("Hands played", str(self.hands)),
            ("Hand show", "none yet" if show is None else f"{show} on average"),
            ("Crib", "none yet" if crib is None else f"{crib} on average, when you dealt"),
            ("Pegged per hand", "none yet" if pegged is None else str(pegged)),
        )


def cribbage_figures(match: Match, seat: int) -> CribbageFigures:
    """Count ``seat``'s games, hands, shows and pegging in the match's finished hands."""
    won = [game for game in match.games if game.winner == seat]
    shows = hand_points = cribs = crib_points = pegged = 0
    for hand in match.hands:
        for show in hand.shows:
            if show.seat != seat:
                continue
            if show.kind == "crib":
                cribs += 1
                crib_points += show.total
            else:
                shows += 1
                hand_points += show.total
        for record in hand.history:
            if record.action.kind in _PLAY_KINDS:  # the last card may start the show too
                pegged += sum(
                    s.points for s in record.scores if s.seat == seat and s.reason not in _SHOWN
                )
    return CribbageFigures(
        games=len(match.games),
        games_won=len(won),
        skunks=sum(game.kind in _SKUNKS for game in won),
        hands=len(match.hands),
        hand_shows=shows,
        hand_show_points=hand_points,
        crib_shows=cribs,
        crib_points=crib_points,
        pegged=pegged,
    )
