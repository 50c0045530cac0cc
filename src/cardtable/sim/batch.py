"""Many games between computer players: :func:`simulate` (one pairing) and :func:`round_robin`.

The run's seed is secret by default: fresh randomness that no player is handed, revealed
afterwards as ``SimulationResult.seed`` (giving it as ``seed`` plays the same games again).
Game ``i`` is dealt from deal ``i // 2`` of the run and, with ``paired`` (the default), games
``2k`` and ``2k + 1`` are the same deals with the players' seats exchanged, so the luck of the
cards cancels out of the comparison. A game is a match from its deal seed, or with
``unit="hand"`` only its first deal (a dead deal included). Every player is built fresh for
every game with its own seed; deal and player seeds are HMAC-SHA256 values keyed by the run's
seed (:mod:`cardtable.sim.seeds`), so a player's seed tells it nothing about the deals unless
it can guess the run's seed: a seed given by hand is public, and an agent that knows or
guesses it can work out every deal. Results do not depend on the number of workers, the
backend or the chunking.

With ``series=n`` (matches only), consecutive matches at the same seats form series of ``n``
(RULES.md 5): paired, game ``i`` is match ``(i // 2) % n`` of its series on side ``i % 2``;
unpaired, match ``i % n`` of series ``i // n`` (the seats change from series to series).
The first match of a series is dealt first by the fair cut of its seed, each next one by
the seat its predecessor names by ``series_first_player``. ``series=1``: independent matches.

``game`` names the game from the registry (:mod:`cardtable.games`; by default its default
game): ``game="cribbage"`` plays Cribbage with the same seeding, duplicate pairs and series,
its rules, players and engine (its own fast path: :mod:`cardtable.sim.facets`). In a series
each next match is dealt first by the seat the game names (Cribbage: ``next_game_dealer``).

>>> three = simulate(["simple", "random"], games=6, seed="doc", series=3, paired=False)
>>> [g.first_dealer for g in three.results[1:3]] == [
...     g.next_first_dealer for g in three.results[0:2]]
True
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypedDict, Unpack

from cardtable.errors import InvalidRulesError
from cardtable.games import GameRules
from cardtable.games.simulation import Unit
from cardtable.sim.chunks import default_chunk_size, make_chunks, series_span
from cardtable.sim.facets import game_of
from cardtable.sim.players import PlayerSpec, check_game, check_names, spec_name
from cardtable.sim.results import SimulationResult
from cardtable.sim.seeds import run_seed
from cardtable.sim.workers import BACKENDS, Backend, Played, check_picklable, execute

__all__ = ["Progress", "round_robin", "simulate"]

Progress = Callable[[SimulationResult], None]


def _check_arguments(
    games: int, workers: int, backend: str, unit: str, series: int, chunk_size: int | None
) -> None:
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if unit not in ("hand", "match"):
        raise ValueError(f"unit must be hand or match, not {unit!r}")
    if series < 1:
        raise ValueError(f"series must be at least 1, not {series}")
    if series > 1 and unit == "hand":
        raise ValueError(f"a series is of matches, not single hands: series {series}")
    if chunk_size is not None and chunk_size < 1:
        raise ValueError(f"chunk size must be at least 1, not {chunk_size}")


def rules_of(
    game: str, rules: GameRules | str | None, settings: Mapping[str, Any] | None
) -> GameRules:
    """The run's rules: a preset name or a value of the game's rules, with settings over it.
    A value of another game's rules is refused."""
    the_game = game_of(game)
    if rules is None or isinstance(rules, str):
        return the_game.make_rules(rules, settings)
    if not isinstance(rules, type(the_game.make_rules(None, None))):
        raise InvalidRulesError(f"{the_game.title} is played under its own rules, not {rules!r}")
    return rules if not settings else the_game.make_rules(None, {**rules.to_dict(), **settings})


def _collect(
    played: Played,
    results: list[SimulationResult],
    progress: Progress | None,
    partial_on_interrupt: bool,
) -> None:
    """Gather the games as they come in, each pairing's sorted, and stop the workers."""
    start = time.perf_counter()
    try:
        for number, finished in played:
            result = results[number]
            result.results.extend(finished)
            if progress is not None:
                result.results.sort(key=lambda game: game.index)
                result.seconds = time.perf_counter() - start
                progress(result)
    except KeyboardInterrupt:
        if not partial_on_interrupt:
            raise
        for result in results:
            result.interrupted = True
    finally:
        played.close()
    elapsed = time.perf_counter() - start
    for result in results:
        result.results.sort(key=lambda game: game.index)
        result.seconds = elapsed


def round_robin(
    players: Sequence[PlayerSpec],
    games: int = 100,
    *,
    unit: Unit = "match",
    rules: GameRules | str | None = None,
    settings: Mapping[str, Any] | None = None,
    seed: str | int | None = None,
    workers: int = 1,
    backend: Backend = "process",
    paired: bool = True,
    keep_records: bool = False,
    chunk_size: int | None = None,
    ray_address: str | None = None,
    progress: Progress | None = None,
    partial_on_interrupt: bool = False,
    series: int = 1,
    game: str | None = None,
) -> list[SimulationResult]:
    """Every pairing of ``players`` plays ``games`` games, all pairings in one pool.

    ``progress(result)`` gets the running result of a pairing whenever games of it come in
    (its games sorted, its ``seconds`` so far). With ``partial_on_interrupt``, Ctrl-C returns
    the games finished so far, every result marked ``interrupted``; without, it raises. Either
    way the workers are stopped. ``series`` is matches per series (module docstring); a
    ``chunk_size`` is rounded up to whole series. ``game`` is a game's name in the registry
    (``None``: its default game).
    ``seed=None`` (the default) draws a secret run seed, revealed in every result's ``seed``.

    >>> table = round_robin(["simple", "random", "simple"], games=2, unit="hand", seed=3)
    >>> [r.players for r in table]
    [('simple', 'random'), ('simple', 'simple'), ('random', 'simple')]
    """
    _check_arguments(games, workers, backend, unit, series, chunk_size)
    game = check_game(game)
    if len(players) < 2:
        raise ValueError("a round robin needs at least two players")
    the_rules = rules_of(game, rules, settings)
    check_names(players, game)
    pairings = [(players[i], players[j]) for i, j in itertools.combinations(range(len(players)), 2)]
    if chunk_size is None:
        often = progress is not None or partial_on_interrupt
        span = series_span(series, paired)
        chunk_size = default_chunk_size(games, len(pairings), workers, span=span, often=often)
    text, _ = run_seed(seed)
    chunks = make_chunks(
        pairings,
        games,
        chunk_size,
        rules=the_rules,
        unit=unit,
        seed=text,
        paired=paired,
        keep_records=keep_records,
        series=series,
        game=game,
    )
    if backend == "process" and workers > 1 and len(chunks) > 1:
        check_picklable(chunks)
    names = [(spec_name(a), spec_name(b)) for a, b in pairings]
    results = [
        SimulationResult(pair, unit, the_rules, text, workers=workers, backend=backend, game=game)
        for pair in names
    ]
    played = execute(chunks, workers, backend, ray_address)
    _collect(played, results, progress, partial_on_interrupt)
    return results


class RunOptions(TypedDict, total=False):
    """The keyword options of :func:`round_robin`, which :func:`simulate` passes on as they
    are (their defaults and meaning are :func:`round_robin`'s)."""

    unit: Unit
    rules: GameRules | str | None
    settings: Mapping[str, Any] | None
    seed: str | int | None
    workers: int
    backend: Backend
    paired: bool
    keep_records: bool
    chunk_size: int | None
    ray_address: str | None
    progress: Progress | None
    partial_on_interrupt: bool
    series: int
    game: str | None


def simulate(
    players: Sequence[PlayerSpec] = ("simple", "simple"),
    games: int = 100,
    **options: Unpack[RunOptions],
) -> SimulationResult:
    """Play ``games`` games between two players; see the module docstring for the seeding.

    ``workers`` processes (spawned) share the games; ``backend="ray"`` sends them to Ray
    instead (a local instance of ``workers`` CPUs, the cluster at ``ray_address``, or the
    instance already initialised). ``keep_records`` keeps every game's match record.
    Every keyword option (:class:`RunOptions`) is :func:`round_robin`'s, with its default.

    >>> seen = []
    >>> result = simulate(["simple", "random"], games=4, unit="hand", progress=seen.append)
    >>> len(seen), result.games, result.interrupted
    (4, 4, False)
    """
    if len(players) != 2:
        raise ValueError(f"simulate takes two players, not {len(players)}: see round_robin")
    return round_robin(players, games, **options)[0]
