"""A player's statistics: what its seats did in the matches it holds, counted from the
stored matches themselves (their finished deals) and the coach's review, game by game.

The player is whoever holds the seats: a browser sends the seat tokens it keeps, the
terminal names its own seats (:meth:`TableService.player_stats`); nothing is counted that
those seats could not see. A game is listed once one of its deals is over. For each:

- ``matches``, ``matches_won``, ``unfinished``: finished matches, those won, and those in
  play (an unfinished match counts its finished deals in the game's own figures);
- ``accuracy``, ``choices``, ``reviewed_matches``: over the reviewed finished matches, the
  share of the seat's real choices (forced moves left out) that lost nothing against the
  game's expert (the game's coach: :meth:`cardtable.games.Game.review`), in percent;
- ``recent``: the latest finished matches, newest last, for a chart;
- ``figures`` and ``lines``: the game's own figures (:meth:`cardtable.games.Game.seat_stats`:
  gin's hands, gins, undercuts and knocks; Cribbage's games, skunks, shows and pegging), by
  name and as a person reads them. A game without figures of its own has none.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardtable import coach
from cardtable.games import AnyGame, SeatStats, game, games
from cardtable.games.views import PlainView
from cardtable.table.views import MatchSummary

__all__ = [
    "RECENT",
    "Choices",
    "GameStats",
    "MatchLine",
    "PlayerStats",
    "SeatMatch",
    "choices_of",
    "player_stats",
]

RECENT: Final = 12  # finished matches the chart shows


@dataclass(frozen=True, slots=True)
class Choices:
    """A seat's real choices in a reviewed match, and how many of them lost nothing."""

    best: int
    total: int

    @property
    def accuracy(self) -> float | None:
        return None if not self.total else round(100.0 * self.best / self.total, 1)

    def __add__(self, other: Choices) -> Choices:
        return Choices(self.best + other.best, self.total + other.total)


def choices_of(review: coach.MatchReview[Any], seat: int) -> Choices:
    """The seat's choices (forced moves left out) in a match review."""
    real = [d for d in review.decisions if d.seat == seat and not d.forced]
    return Choices(sum(d.is_best for d in real), len(real))


@dataclass(frozen=True, slots=True)
class SeatMatch:
    """One match the player holds a seat in, as the service found it: its summary, the
    seat, a copy of the match, and the seat's choices in it once it was reviewed."""

    summary: MatchSummary
    seat: int
    match: Any
    choices: Choices | None = None

    @property
    def game(self) -> AnyGame:
        return game(self.summary.game)

    @property
    def reviewable(self) -> bool:
        """A finished match (whether its game has a coach is asked when it is reviewed)."""
        return bool(self.match.is_over)

    def review(self) -> Choices | None:
        """The coach's review of the seat's choices in the match (a second or two), or
        ``None`` for a game without a coach."""
        review = self.game.review(self.match, (self.seat,), None)
        return None if review is None else choices_of(review, self.seat)


@dataclass(frozen=True, slots=True)
class MatchLine(PlainView):
    """A finished match in the chart: when, against whom, the final scores (mine first),
    whether the player won, and its accuracy there if it was reviewed."""

    match_id: str
    game: str
    date: str
    opponent: str
    scores: tuple[int, int]
    won: bool
    accuracy: float | None


@dataclass(frozen=True, slots=True)
class GameStats:
    """A player's figures in one game over its matches (see the module's docstring)."""

    game: str
    title: str
    matches: int
    matches_won: int
    unfinished: int
    choices: Choices
    reviewed_matches: int
    recent: tuple[MatchLine, ...]
    figures: SeatStats | None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "matches": self.matches,
            "matches_won": self.matches_won,
            "unfinished": self.unfinished,
            "accuracy": self.choices.accuracy,
            "choices": self.choices.total,
            "reviewed_matches": self.reviewed_matches,
            "recent": [line.to_json() for line in self.recent],
            "figures": {} if self.figures is None else self.figures.to_json(),
            "lines": [] if self.figures is None else [list(line) for line in self.figures.lines()],
        }


@dataclass(frozen=True, slots=True)
class PlayerStats(PlainView):
    """A player's figures, a :class:`GameStats` per game it has matches of, in the
    registry's order."""

    games: tuple[GameStats, ...]

    def of(self, name: str) -> GameStats | None:
        return next((stats for stats in self.games if stats.game == name), None)


def _line(found: SeatMatch) -> MatchLine:
    summary, seat = found.summary, found.seat
    scores = found.game.scores(found.match)
    return MatchLine(
        match_id=summary.id,
        game=summary.game,
        date=summary.updated_at,
        opponent=summary.players[1 - seat].name,
        scores=(scores[seat], scores[1 - seat]),
        won=summary.figures.get("winner") == seat,
        accuracy=None if found.choices is None else found.choices.accuracy,
    )


def _game_stats(name: str, found: Sequence[SeatMatch]) -> GameStats:
    played = game(name)
    figures: SeatStats | None = None
    choices = Choices(0, 0)
    reviewed = matches = won = unfinished = 0
    finished: list[SeatMatch] = []
    for item in found:
        mine = played.seat_stats(item.match, item.seat)
        if mine is not None:
            figures = mine if figures is None else figures + mine
        if not item.summary.finished:
            unfinished += 1
            continue
        matches += 1
        won += item.summary.figures.get("winner") == item.seat
        finished.append(item)
        if item.choices is not None:
            reviewed += 1
            choices += item.choices
    finished.sort(key=lambda item: item.summary.updated_at)
    recent = tuple(_line(item) for item in finished[-RECENT:])
    return GameStats(
        name, played.title, matches, won, unfinished, choices, reviewed, recent, figures
    )


def player_stats(found: Iterable[SeatMatch]) -> PlayerStats:
    """Sum the figures of every match the player holds a seat in (each match once), game
    by game."""
    by_game: dict[str, list[SeatMatch]] = {}
    seen: set[str] = set()
    for item in found:
        if item.summary.id in seen:
            continue
        seen.add(item.summary.id)
        by_game.setdefault(item.summary.game, []).append(item)
    order = {name: index for index, name in enumerate(g.name for g in games())}
    names = sorted(
        (name for name in by_game if name in order and _played(name, by_game[name])),
        key=lambda name: order[name],
    )
    return PlayerStats(tuple(_game_stats(name, by_game[name]) for name in names))


def _played(name: str, found: Sequence[SeatMatch]) -> bool:
    """Whether there is anything to count yet: a finished match or a finished deal."""
    played = game(name)
    return any(item.summary.finished or played.deals_finished(item.match) for item in found)
