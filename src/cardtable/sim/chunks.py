"""Chunks: runs of games sent to one worker, and the deal, seats and first dealer of each game.

A chunk is plain data (spawn- and Ray-safe) and :func:`play_chunk` plays it anywhere with the
same results: a game depends only on the run's seed, its index and, in a series, the games
before it in the same chunk. Its deal seed and its players' seeds are drawn from the run's
seed by :mod:`cardtable.sim.seeds`; the players are handed their own seeds and nothing else.

>>> deal_and_seats(5, paired=True), deal_and_seats(5, paired=False)
((2, (1, 0)), (5, (1, 0)))
>>> game_seed("s", 5, paired=True) == (deal_seed("s", 2), (1, 0))
True
>>> [match_in_series(i, 3, paired=True) for i in range(8)]
[0, 0, 1, 1, 2, 2, 0, 0]
>>> [deal_and_seats(i, paired=False, series=2)[1][0] for i in range(6)]
[0, 0, 1, 1, 0, 0]
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.games import GameRules
from cardtable.games.simulation import GameResult, Unit
from cardtable.sim.facets import game_of, simulation_of
from cardtable.sim.players import PlayerSpec, load_player
from cardtable.sim.seeds import deal_seed, player_seed

__all__ = [
    "Chunk",
    "deal_and_seats",
    "default_chunk_size",
    "game_seed",
    "games_of",
    "make_chunks",
    "match_in_series",
    "play_chunk",
    "series_span",
]


def deal_and_seats(index: int, paired: bool, series: int = 1) -> tuple[int, tuple[int, int]]:
    """The deal number of game ``index`` and the seats of its players.

    Paired, games ``2k`` and ``2k + 1`` share deal ``k`` with the seats exchanged. Unpaired,
    every game has its own deal and the seats are exchanged from one series to the next
    (from one game to the next without series), so the games of a series share their seats.
    """
    deal = index // 2 if paired else index
    turn = index % 2 if paired else (index // series) % 2
    return deal, (0, 1) if turn == 0 else (1, 0)


def game_seed(
    seed: str, index: int, paired: bool, series: int = 1, game: str | None = None
) -> tuple[str, tuple[int, int]]:
    """The deal seed of game ``index`` of the run seeded ``seed``, and its players' seats."""
    deal, seats = deal_and_seats(index, paired, series)
    return deal_seed(seed, deal, game), seats


def series_span(series: int, paired: bool) -> int:
    """Games in one series: both sides of each of its pairs when paired."""
    return series * (2 if paired else 1)


def match_in_series(index: int, series: int, paired: bool) -> int:
    """Which match of its series game ``index`` is (0 for the first)."""
    return (index // (2 if paired else 1)) % series


@dataclass(frozen=True)
class Chunk:
    """A run of games of one pairing, sent to one worker; it holds whole series. ``game``
    is the game's name in the registry (``None``: the registry's default)."""

    pairing: int
    players: tuple[PlayerSpec, PlayerSpec]
    rules: dict[str, Any]
    unit: Unit
    seed: str  # the run's seed: the simulator's workers hold it, its players never see it
    paired: bool
    keep_records: bool
    start: int
    stop: int
    series: int = 1
    game: str | None = None

    def __post_init__(self) -> None:
        if self.series > 1 and self.start % series_span(self.series, self.paired):
            raise ValueError(f"a chunk starts a series, not game {self.start}")


def games_of(chunk: Chunk) -> Iterator[GameResult]:
    """Play the chunk's games in order.

    Without series every match's first dealer is the fair cut of its seed; in a series, that
    of the first match, and each next match (at the same seats) is dealt first by the seat
    that the previous one names (``GameResult.next_first_dealer``).
    """
    simulation = simulation_of(chunk.game)
    rules = game_of(chunk.game).rules_from_dict(chunk.rules)
    step = 2 if chunk.paired else 1
    last: dict[int, GameResult] = {}  # side (0 or 1 when paired, else 0) -> its last game
    for index in range(chunk.start, chunk.stop):
        deal, seats = deal_and_seats(index, chunk.paired, chunk.series)
        seeds = (
            player_seed(chunk.seed, deal, 0, chunk.game),
            player_seed(chunk.seed, deal, 1, chunk.game),
        )
        side = index % step
        first_dealer = None
        if match_in_series(index, chunk.series, chunk.paired) > 0:
            first_dealer = last[side].next_first_dealer
        players = [load_player(chunk.players[k], seeds[k], chunk.game) for k in (0, 1)]
        game = simulation.play(
            players,
            rules,
            deal_seed(chunk.seed, deal, chunk.game),
            seats=seats,
            unit=chunk.unit,
            index=index,
            keep_record=chunk.keep_records,
            first_dealer=first_dealer,
        )
        last[side] = game
        yield game


def play_chunk(chunk: Chunk) -> tuple[int, list[GameResult]]:
    """Play one chunk (a worker's entry point; top level so spawned processes find it)."""
    return chunk.pairing, list(games_of(chunk))


def _whole(size: int, span: int) -> int:
    """``size`` rounded up to a multiple of ``span``."""
    return -(-size // span) * span


def make_chunks(
    pairings: Sequence[tuple[PlayerSpec, PlayerSpec]],
    games: int,
    size: int,
    *,
    rules: GameRules,
    unit: Unit,
    seed: str,
    paired: bool,
    keep_records: bool,
    series: int = 1,
    game: str | None = None,
) -> list[Chunk]:
    """Chunks of ``size`` games of every pairing (rounded up to whole series)."""
    if series > 1:
        size = _whole(size, series_span(series, paired))
    data = rules.to_dict()
    return [
        Chunk(
            pairing=number,
            players=pair,
            rules=data,
            unit=unit,
            seed=seed,
            paired=paired,
            keep_records=keep_records,
            start=start,
            stop=min(start + size, games),
            series=series,
            game=game,
        )
        for number, pair in enumerate(pairings)
        for start in range(0, games, size)
    ]


def default_chunk_size(games: int, pairings: int, workers: int, *, span: int, often: bool) -> int:
    """Games per chunk: a few chunks per worker balance the load; more only add overhead.

    ``often`` (a progress callback, or partial results on Ctrl-C) asks for about 200 chunks
    at most, so that results come in steadily. A chunk holds a multiple of ``span`` games
    (whole pairs, whole series: :func:`series_span`).

    >>> [default_chunk_size(n, 1, 2, span=2, often=False) for n in (1000, 9)]
    [126, 2]
    """
    total = games * pairings
    size = max(1, math.ceil(total / (4 * workers)))
    if often:
        size = min(size, max(1, math.ceil(total / 200)))
    return min(_whole(size, span), games)
