"""A player's statistics: what its seats did in the matches it holds, counted from the
stored matches themselves (their finished hands) and the coach's review.

The player is whoever holds the seats: a browser sends the seat tokens it keeps, the
terminal names its own seats (:meth:`TableService.player_stats`); nothing is counted that
those seats could not see. The figures, per seat and summed over matches:

- ``matches``, ``matches_won``: finished matches (an unfinished one counts its hands only);
- ``hands``, ``hands_won``: scored Gin Rummy hands (dead hands score nothing and are left
  out);
- ``gins``: hands the seat went gin (big gin included);
- ``undercuts``: hands the seat won by undercutting the knocker; ``undercut_against``: its
  knocks that were undercut;
- ``knocks`` and ``average_knock_deadwood``: the seat's knocks with deadwood (a gin is
  counted as a gin, not as a knock of 0);
- ``accuracy``: over the reviewed finished matches, the share of the seat's real choices
  (forced moves left out) that lost nothing against the expert's best
  (:mod:`cardtable.gin.review`), each choice counted once, in percent;
- ``recent``: the latest finished matches, newest last, for a chart.

Cribbage has its own figures (``cribbage``, :mod:`cardtable.table.cribbage_stats`):
matches, games and skunks won, hands, the average show of the seat's hand and of its crib,
points pegged per hand, and the accuracy from the Cribbage review
(:mod:`cardtable.cribbage.review`), reviewed as gin's is, and its own ``recent`` matches
(the scores those of the last game). Any other game is counted by its matches only
(``other_games``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from cardtable import coach
from cardtable.cribbage import review as cribbage_review
from cardtable.cribbage.match import Match as CribbageMatch
from cardtable.gin.match import Match
from cardtable.gin.review import review_match
from cardtable.gin.showdown import Outcome
from cardtable.table.cribbage_stats import CribbageFigures, cribbage_figures, per
from cardtable.table.views import MatchSummary

__all__ = [
    "RECENT",
    "Choices",
    "CribbageStats",
    "MatchLine",
    "PlayerStats",
    "SeatFigures",
    "SeatMatch",
    "choices_of",
    "counted",
    "crib_reviewed",
    "player_stats",
    "reviewed",
    "seat_figures",
    "seat_match",
]

RECENT: Final = 12  # finished matches the chart shows
_GINS: Final = (Outcome.GIN, Outcome.BIG_GIN)


@dataclass(frozen=True, slots=True)
class Choices:
    """A seat's real choices in a reviewed match, and how many of them lost nothing."""

    best: int
    total: int

    @property
    def accuracy(self) -> float | None:
        return None if not self.total else round(100.0 * self.best / self.total, 1)


def choices_of(review: coach.MatchReview[Any], seat: int) -> Choices:
    """The seat's choices (forced moves left out) in a match review."""
    real = [d for d in review.decisions if d.seat == seat and not d.forced]
    return Choices(sum(d.is_best for d in real), len(real))


def reviewed(match: Match, seat: int) -> Choices:
    """The coach's review of the seat's decisions in the match, as its choices (about a
    second for a match of ten hands)."""
    return choices_of(review_match(match, seats=(seat,)), seat)


def crib_reviewed(match: CribbageMatch, seat: int) -> Choices:
    """The Cribbage review of the seat's decisions in the match, as its choices (about a
    second and a half for a short match)."""
    return choices_of(cribbage_review.review_match(match, seats=(seat,)), seat)


def counted(match: object) -> Match | None:
    """The match, when its hands are counted here (Gin Rummy's); ``None`` for another
    game's, which is counted by its matches only."""
    return match if isinstance(match, Match) else None


@dataclass(frozen=True, slots=True)
class SeatFigures:
    """What one seat did in the finished hands of one Gin Rummy match."""

    hands: int = 0
    hands_won: int = 0
    gins: int = 0
    undercuts: int = 0
    undercut_against: int = 0
    knocks: int = 0
    knock_deadwood: int = 0  # summed over ``knocks``

    def __add__(self, other: SeatFigures) -> SeatFigures:
        return SeatFigures(*(getattr(self, name) + getattr(other, name) for name in self.__slots__))


def seat_figures(match: Match, seat: int) -> SeatFigures:
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
    return SeatFigures(hands, won, gins, undercuts, against, knocks, deadwood)


@dataclass(frozen=True, slots=True)
class SeatMatch:
    """One match the player holds a seat in, as the service found it: its summary, the
    seat, the match itself (``None`` for a game without hands counted here; a Cribbage
    match comes as ``cribbage``) and the seat's choices in it when its review was at
    hand."""

    summary: MatchSummary
    seat: int
    match: Match | None
    choices: Choices | None = None
    cribbage: CribbageMatch | None = None

    @property
    def reviewable(self) -> bool:
        """A finished match of a game the coach reviews (Gin Rummy's or Cribbage's)."""
        game = self.match if self.match is not None else self.cribbage
        return game is not None and game.is_over

    def review(self) -> Choices:
        """The coach's review of the seat's choices in the match (a second or two)."""
        if self.match is not None:
            return reviewed(self.match, self.seat)
        assert self.cribbage is not None  # only a reviewable match is reviewed
        return crib_reviewed(self.cribbage, self.seat)


def seat_match(summary: MatchSummary, seat: int, match: object) -> SeatMatch:
    """The seat's match as the statistics count it, by its game."""
    crib = match if isinstance(match, CribbageMatch) else None
    return SeatMatch(summary, seat, counted(match), cribbage=crib)


@dataclass(frozen=True, slots=True)
class MatchLine:
    """A finished match in the chart: when, against whom, the final scores (mine first),
    whether the player won, and its accuracy there if it was reviewed."""

    match_id: str
    game: str
    date: str
    opponent: str
    scores: tuple[int, int]
    won: bool
    accuracy: float | None

    def to_json(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "game": self.game,
            "date": self.date,
            "opponent": self.opponent,
            "scores": list(self.scores),
            "won": self.won,
            "accuracy": self.accuracy,
        }


@dataclass(frozen=True, slots=True)
class CribbageStats:
    """A player's Cribbage figures over its matches (see the module's docstring)."""

    matches: int = 0
    matches_won: int = 0
    unfinished: int = 0
    figures: CribbageFigures = field(default_factory=CribbageFigures)
    choices: Choices = field(default_factory=lambda: Choices(0, 0))
    reviewed_matches: int = 0
    recent: tuple[MatchLine, ...] = ()

    def to_json(self) -> dict[str, Any]:
        f = self.figures
        return {
            "matches": self.matches,
            "matches_won": self.matches_won,
            "unfinished": self.unfinished,
            "games": f.games,
            "games_won": f.games_won,
            "skunks": f.skunks,
            "hands": f.hands,
            "average_hand_show": per(f.hand_show_points, f.hand_shows),
            "average_crib": per(f.crib_points, f.crib_shows),
            "pegged_per_hand": per(f.pegged, f.hands),
            "accuracy": self.choices.accuracy,
            "choices": self.choices.total,
            "reviewed_matches": self.reviewed_matches,
            "recent": [line.to_json() for line in self.recent],
        }


def _cribbage_stats(found: Iterable[SeatMatch]) -> CribbageStats:
    """Sum the Cribbage figures of the matches found (each given once)."""
    figures = CribbageFigures()
    best = total = reviewed = matches = won = unfinished = 0
    finished: list[SeatMatch] = []
    for item in found:
        assert item.cribbage is not None
        figures += cribbage_figures(item.cribbage, item.seat)
        if not item.summary.finished:
            unfinished += 1
            continue
        matches += 1
        won += item.summary.figures.get("winner") == item.seat
        finished.append(item)
        if item.choices is not None:
            reviewed += 1
            best += item.choices.best
            total += item.choices.total
    finished.sort(key=lambda item: item.summary.updated_at)
    recent = tuple(_line(item) for item in finished[-RECENT:])
    return CribbageStats(matches, won, unfinished, figures, Choices(best, total), reviewed, recent)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's Gin Rummy figures over its matches (see the module's docstring)."""

    matches: int
    matches_won: int
    unfinished: int
    figures: SeatFigures
    choices: Choices
    reviewed_matches: int
    recent: tuple[MatchLine, ...]
    other_games: dict[str, tuple[int, int]]  # game: (finished matches, won)
    cribbage: CribbageStats = field(default_factory=CribbageStats)

    @property
    def average_knock_deadwood(self) -> float | None:
        f = self.figures
        return None if not f.knocks else round(f.knock_deadwood / f.knocks, 1)

    def to_json(self) -> dict[str, Any]:
        f = self.figures
        return {
            "game": "gin",
            "matches": self.matches,
            "matches_won": self.matches_won,
            "unfinished": self.unfinished,
            "hands": f.hands,
            "hands_won": f.hands_won,
            "gins": f.gins,
            "undercuts": f.undercuts,
            "undercut_against": f.undercut_against,
            "knocks": f.knocks,
            "average_knock_deadwood": self.average_knock_deadwood,
            "accuracy": self.choices.accuracy,
            "choices": self.choices.total,
            "reviewed_matches": self.reviewed_matches,
            "recent": [line.to_json() for line in self.recent],
            "other_games": {
                game: {"matches": played, "matches_won": won}
                for game, (played, won) in sorted(self.other_games.items())
            },
            "cribbage": self.cribbage.to_json(),
        }


def _scores(summary: MatchSummary, seat: int) -> tuple[int, int]:
    raw = summary.figures.get("scores")
    scores: Sequence[Any] = raw if isinstance(raw, list) and len(raw) == 2 else (0, 0)
    return int(scores[seat]), int(scores[1 - seat])


def _line(found: SeatMatch) -> MatchLine:
    summary, seat = found.summary, found.seat
    mine, theirs = _scores(summary, seat)
    if found.match is not None and found.match.final is not None:
        totals = found.match.final.totals
        mine, theirs = totals[seat], totals[1 - seat]
    return MatchLine(
        match_id=summary.id,
        game=summary.game,
        date=summary.updated_at,
        opponent=summary.players[1 - seat].name,
        scores=(mine, theirs),
        won=summary.figures.get("winner") == seat,
        accuracy=None if found.choices is None else found.choices.accuracy,
    )


def player_stats(found: Iterable[SeatMatch]) -> PlayerStats:
    """Sum the figures of every match the player holds a seat in (each match once)."""
    figures = SeatFigures()
    best = total = reviewed = matches = won = unfinished = 0
    finished: list[SeatMatch] = []
    other: dict[str, tuple[int, int]] = {}
    cribbage: list[SeatMatch] = []
    seen: set[str] = set()
    for item in found:
        summary = item.summary
        if summary.id in seen:
            continue
        seen.add(summary.id)
        is_winner = summary.figures.get("winner") == item.seat
        if item.cribbage is not None:
            cribbage.append(item)
            continue
        if item.match is None:  # another game: its matches only
            if summary.finished:
                played, wins = other.get(summary.game, (0, 0))
                other[summary.game] = (played + 1, wins + is_winner)
            continue
        figures += seat_figures(item.match, item.seat)
        if not summary.finished:
            unfinished += 1
            continue
        matches += 1
        won += is_winner
        finished.append(item)
        if item.choices is not None:
            reviewed += 1
            best += item.choices.best
            total += item.choices.total
    finished.sort(key=lambda item: item.summary.updated_at)
    return PlayerStats(
        matches=matches,
        matches_won=won,
        unfinished=unfinished,
        figures=figures,
        choices=Choices(best, total),
        reviewed_matches=reviewed,
        recent=tuple(_line(item) for item in finished[-RECENT:]),
        other_games=other,
        cribbage=_cribbage_stats(cribbage),
    )
