"""One game between two computer players: a match from a seed, or only its first deal.

>>> game = play_game(["simple", "random"], Rules(), "doc", unit="hand")
>>> game.deals, game.seats, game.next_first_dealer is None
(1, (0, 1), True)
>>> again = play_game(["simple", "random"], Rules(), "doc", unit="hand")
>>> (again.points, again.decisions) == (game.points, game.decisions)
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import Literal

from cardtable.gin.match import Match
from cardtable.gin.players.base import Player
from cardtable.gin.record import dump
from cardtable.gin.rules import Rules
from cardtable.gin.showdown import HandResult
from cardtable.sim.players import PlayerSpec, load_player
from cardtable.sim.seeds import player_seed

__all__ = ["GameResult", "Unit", "play_game"]

Unit = Literal["hand", "match"]


@dataclass
class GameResult:
    """One game, seen from the players (index 0 is the first player named, 1 the second).

    ``points`` are the hand's points (``unit="hand"``) or the final totals (a match, with its
    game, line and shutout bonuses); ``hand_points`` are the points each player scored in the
    hands it won, bonuses of the match left out (the same as ``points`` for a single hand).
    ``winner`` is ``None`` for a dead deal. ``record`` is the match record text when asked.
    ``first_dealer`` is the seat that dealt the first hand, and ``next_first_dealer`` the
    seat that deals first in the next match of a series (``Match.next_first_dealer``, by the
    rules' ``series_first_player``; ``None`` for a single hand).
    """

    index: int
    seed: str
    seats: tuple[int, int]  # the seat of player 0 and of player 1
    winner: int | None
    points: tuple[int, int]
    deals: int
    dead: int
    hands_won: tuple[int, int]
    outcomes: dict[str, list[int]]  # outcome -> [times for player 0, for player 1]
    decisions: tuple[int, int]
    think: tuple[float, float]  # seconds spent in each player's act()
    record: str | None = None
    hand_points: tuple[int, int] = (0, 0)
    _: KW_ONLY
    first_dealer: int  # a seat
    next_first_dealer: int | None = None  # a seat

    @property
    def margin(self) -> int:
        """Player 0's points minus player 1's."""
        return self.points[0] - self.points[1]


@dataclass
class _Tally:
    """One game's counts, per player (not per seat), as its hands are played."""

    who: tuple[int, int]  # the player (0 or 1) in each seat
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    think: list[float] = field(default_factory=lambda: [0.0, 0.0])
    hands_won: list[int] = field(default_factory=lambda: [0, 0])
    hand_points: list[int] = field(default_factory=lambda: [0, 0])
    outcomes: dict[str, list[int]] = field(default_factory=dict)
    dead: int = 0

    def score(self, result: HandResult) -> None:
        if result.winner is None:
            self.dead += 1
            return
        winner = self.who[result.winner]
        self.hands_won[winner] += 1
        self.hand_points[winner] += result.points
        self.outcomes.setdefault(result.outcome.value, [0, 0])[winner] += 1


def _play_hand(match: Match, by_seat: Sequence[Player], tally: _Tally) -> None:
    """Play the match's hand in play to its end (the match deals the next one)."""
    hand = match.current
    scores = (match.scores[0], match.scores[1])
    clock = time.perf_counter
    while not hand.is_over:
        seat = hand.to_act
        observation = hand.observation(seat, scores)
        start = clock()
        action = by_seat[seat].act(observation)
        tally.think[tally.who[seat]] += clock() - start
        tally.decisions[tally.who[seat]] += 1
        match.apply(action, seat)
    result = hand.result
    assert result is not None
    tally.score(result)


def _winner_and_points(
    match: Match, unit: Unit, seats: tuple[int, int], who: tuple[int, int]
) -> tuple[int | None, tuple[int, int]]:
    """The winning player (``None`` for a dead deal) and each player's points."""
    if unit == "hand":
        first = match.hands[0].result
        assert first is not None
        if first.winner is None:
            return None, (0, 0)
        winner = who[first.winner]
        return winner, (first.points, 0) if winner == 0 else (0, first.points)
    final = match.final
    assert final is not None
    return who[final.winner], (final.totals[seats[0]], final.totals[seats[1]])


def play_game(
    players: Sequence[PlayerSpec],
    rules: Rules,
    seed: str,
    *,
    seats: tuple[int, int] = (0, 1),
    unit: Unit = "match",
    index: int = 0,
    keep_record: bool = False,
    first_dealer: int | None = None,
    player_seeds: tuple[int, int] | None = None,
) -> GameResult:
    """Play one game from ``seed`` with player ``k`` in seat ``seats[k]``.

    The seat ``first_dealer`` deals first; by default the fair cut of the seed decides.
    Player ``k`` is built with ``player_seeds[k]``; by default with a seed keyed by ``seed``
    itself (:func:`~cardtable.sim.seeds.player_seed`), which a player that can guess
    ``seed`` can check its guesses against: the simulator passes seeds drawn from the run's
    secret instead.
    """
    if sorted(seats) != [0, 1]:
        raise ValueError(f"seats must be (0, 1) or (1, 0), not {seats!r}")
    seeds = player_seeds or (player_seed(seed, 0, 0), player_seed(seed, 0, 1))
    built = [load_player(players[k], seeds[k]) for k in (0, 1)]
    who = (seats.index(0), seats.index(1))
    by_seat = (built[who[0]], built[who[1]])
    match = Match.new(rules, seed=seed, first_dealer=first_dealer)
    tally = _Tally(who)
    while not match.is_over:
        _play_hand(match, by_seat, tally)
        if unit == "hand":
            break
    winner, points = _winner_and_points(match, unit, seats, who)
    return GameResult(
        index=index,
        seed=seed,
        seats=seats,
        winner=winner,
        points=points,
        deals=tally.dead + tally.hands_won[0] + tally.hands_won[1],
        dead=tally.dead,
        hands_won=(tally.hands_won[0], tally.hands_won[1]),
        outcomes=tally.outcomes,
        decisions=(tally.decisions[0], tally.decisions[1]),
        think=(tally.think[0], tally.think[1]),
        record=dump(match) if keep_record else None,
        hand_points=(tally.hand_points[0], tally.hand_points[1]),
        first_dealer=match.first_dealer,
        next_first_dealer=None if unit == "hand" else match.next_first_dealer(),
    )
