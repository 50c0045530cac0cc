"""Batch self-play and evaluation: many hands or matches between computer players, on every
core (``workers``) or over a Ray cluster (``backend="ray"``, the ``ray`` extra).

Game ``i`` is dealt from the seed ``f"{seed}:{i // 2}"`` and, with ``paired`` (the default),
games ``2k`` and ``2k + 1`` are the same deals with the players' seats exchanged, so the luck
of the cards cancels out of the comparison. A game is a match from that seed, or with
``unit="hand"`` only its first deal (a dead deal included). Every player is built fresh for
every game with a seed drawn from the game seed, so results do not depend on the number of
workers, the backend or the chunking.

Players are names of :func:`cardtable.gin.players.make_player` (``random``, ``simple``, ...),
``"module:attribute"`` paths to a factory ``f(seed) -> Player`` (how an outside agent joins a
tournament run), or, in this process or with Ray, any factory callable.

``progress`` is called with the running result as games come in (after every game in one
process, after every chunk of games otherwise), and with ``partial_on_interrupt`` Ctrl-C
(``KeyboardInterrupt``) stops the workers and returns the games finished so far, marked
``interrupted``, instead of raising. :mod:`cardtable.sim.tournament` is a layer over this module.

>>> result = simulate(["simple", "random"], games=4, unit="hand", seed="doc")
>>> result.games, len(result.results), result.wins[0] + result.wins[1] + result.undecided
(4, 4, 4)
>>> again = simulate(["simple", "random"], games=4, unit="hand", seed="doc", workers=1)
>>> [g.points for g in again.results] == [g.points for g in result.results]
True

From the shell: ``cardtable gin simulate simple random --games 1000 --workers 8``.
"""

from __future__ import annotations

import hashlib
import importlib
import itertools
import math
import multiprocessing
import pickle
import signal
import time
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing import resource_tracker
from typing import Any, Final, Literal

from cardtable.errors import CardTableError
from cardtable.gin.match import Match
from cardtable.gin.players.base import Player, make_player
from cardtable.gin.record import dump
from cardtable.gin.rules import Rules, make_rules
from cardtable.gin.showdown import Outcome

__all__ = [
    "GameResult",
    "PlayerSpec",
    "SimulationResult",
    "load_player",
    "play_game",
    "round_robin",
    "simulate",
    "wilson_interval",
]

PlayerSpec = str | Callable[[int], Player]
Unit = Literal["hand", "match"]
Backend = Literal["process", "ray"]
BACKENDS: Final = ("process", "ray")


# -- players -------------------------------------------------------------------------------


def load_player(spec: PlayerSpec, seed: int) -> Player:
    """Build a player from a name, a ``"module:attribute"`` factory path or a factory.

    >>> load_player("simple", 1).name, load_player("cardtable.gin.players:RandomPlayer", 1).name
    ('simple', 'random')
    """
    if not isinstance(spec, str):
        return spec(seed)
    if ":" in spec:
        module_name, _, attribute = spec.partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError) as error:
            raise CardTableError(f"cannot load player {spec!r}: {error}") from None
        player: Player = factory(seed)
        return player
    return make_player(spec, seed)


def spec_name(spec: PlayerSpec) -> str:
    """A display name for a player spec."""
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", None) or getattr(spec, "__name__", repr(spec)))


def _player_seed(game_seed: str, who: int) -> int:
    digest = hashlib.sha256(f"ginrummy-player:{game_seed}:{who}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


# -- one game ------------------------------------------------------------------------------


@dataclass
class GameResult:
    """One game, seen from the players (index 0 is the first player named, 1 the second).

    ``points`` are the hand's points (``unit="hand"``) or the final totals (a match, with its
    game, line and shutout bonuses); ``hand_points`` are the points each player scored in the
    hands it won, bonuses of the match left out (the same as ``points`` for a single hand).
    ``winner`` is ``None`` for a dead deal. ``record`` is the match record text when asked.
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

    @property
    def margin(self) -> int:
        """Player 0's points minus player 1's."""
        return self.points[0] - self.points[1]


def play_game(
    players: Sequence[PlayerSpec],
    rules: Rules,
    seed: str,
    *,
    seats: tuple[int, int] = (0, 1),
    unit: Unit = "match",
    index: int = 0,
    keep_record: bool = False,
) -> GameResult:
    """Play one game from ``seed`` with player ``k`` in seat ``seats[k]``."""
    if sorted(seats) != [0, 1]:
        raise ValueError(f"seats must be (0, 1) or (1, 0), not {seats!r}")
    built = [load_player(players[k], _player_seed(seed, k)) for k in (0, 1)]
    who = [0, 0]  # the player (0 or 1) in each seat
    for k in (0, 1):
        who[seats[k]] = k
    by_seat = [built[who[0]], built[who[1]]]
    match = Match.new(rules, seed=seed)
    decisions = [0, 0]
    think = [0.0, 0.0]
    hands_won = [0, 0]
    hand_points = [0, 0]
    outcomes: dict[str, list[int]] = {}
    dead = 0
    clock = time.perf_counter
    while not match.is_over:
        hand = match.current
        scores = (match.scores[0], match.scores[1])
        while not hand.is_over:
            seat = hand.to_act
            observation = hand.observation(seat, scores)
            start = clock()
            action = by_seat[seat].act(observation)
            think[who[seat]] += clock() - start
            decisions[who[seat]] += 1
            match.apply(action, seat)
        result = hand.result
        assert result is not None
        if result.winner is None:
            dead += 1
        else:
            winner = who[result.winner]
            hands_won[winner] += 1
            hand_points[winner] += result.points
            outcomes.setdefault(result.outcome.value, [0, 0])[winner] += 1
        if unit == "hand":
            break
    deals = dead + hands_won[0] + hands_won[1]
    if unit == "hand":
        last = match.hands[0].result
        assert last is not None
        winner_index = None if last.winner is None else who[last.winner]
        points = [0, 0]
        if winner_index is not None:
            points[winner_index] = last.points
    else:
        final = match.final
        assert final is not None
        winner_index = who[final.winner]
        points = [final.totals[seats[0]], final.totals[seats[1]]]
    return GameResult(
        index=index,
        seed=seed,
        seats=seats,
        winner=winner_index,
        points=(points[0], points[1]),
        deals=deals,
        dead=dead,
        hands_won=(hands_won[0], hands_won[1]),
        outcomes=outcomes,
        decisions=(decisions[0], decisions[1]),
        think=(think[0], think[1]),
        record=dump(match) if keep_record else None,
        hand_points=(hand_points[0], hand_points[1]),
    )


# -- many games ----------------------------------------------------------------------------


def wilson_interval(wins: float, total: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> [round(x, 3) for x in wilson_interval(60, 100)]
    [0.502, 0.691]
    """
    if total <= 0:
        return (0.0, 1.0)
    p = wins / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class SimulationResult:
    """The games of one pairing and their totals, from the players' side.

    ``interrupted`` is true when Ctrl-C stopped the run (with ``partial_on_interrupt``):
    :attr:`results` then holds the games finished before it.
    """

    players: tuple[str, str]
    unit: Unit
    rules: Rules
    seed: str
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    workers: int = 1
    backend: str = "process"
    interrupted: bool = False

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def wins(self) -> tuple[int, int]:
        counts = [0, 0]
        for game in self.results:
            if game.winner is not None:
                counts[game.winner] += 1
        return (counts[0], counts[1])

    @property
    def undecided(self) -> int:
        """Games without a winner (dead deals of ``unit="hand"``)."""
        return sum(1 for game in self.results if game.winner is None)

    def win_rate(self, player: int = 0) -> float:
        """The share of decided games won by ``player``."""
        decided = self.games - self.undecided
        return self.wins[player] / decided if decided else 0.0

    def win_interval(self, player: int = 0) -> tuple[float, float]:
        return wilson_interval(self.wins[player], self.games - self.undecided)

    @property
    def mean_margin(self) -> float:
        """Player 0's points minus player 1's, per game."""
        return sum(g.margin for g in self.results) / self.games if self.games else 0.0

    @property
    def margin_stderr(self) -> float:
        n = self.games
        if n < 2:
            return 0.0
        mean = self.mean_margin
        variance = sum((g.margin - mean) ** 2 for g in self.results) / (n - 1)
        return math.sqrt(variance / n)

    @property
    def deals(self) -> int:
        return sum(g.deals for g in self.results)

    @property
    def dead_deals(self) -> int:
        return sum(g.dead for g in self.results)

    @property
    def hands_won(self) -> tuple[int, int]:
        """Deals won by each player, over all the games."""
        return self._per_player("hands_won")

    @property
    def hand_points(self) -> tuple[int, int]:
        """Points each player scored in the deals it won (no match bonuses)."""
        return self._per_player("hand_points")

    @property
    def player_decisions(self) -> tuple[int, int]:
        return self._per_player("decisions")

    @property
    def think(self) -> tuple[float, float]:
        """Seconds each player spent deciding, over all the games."""
        return (
            sum(g.think[0] for g in self.results),
            sum(g.think[1] for g in self.results),
        )

    def ms_per_decision(self) -> tuple[float, float]:
        think, moves = self.think, self.player_decisions
        return (1000 * think[0] / max(1, moves[0]), 1000 * think[1] / max(1, moves[1]))

    def _per_player(self, name: str) -> tuple[int, int]:
        first = second = 0
        for game in self.results:
            pair: tuple[int, int] = getattr(game, name)
            first += pair[0]
            second += pair[1]
        return (first, second)

    @property
    def decisions(self) -> int:
        return sum(sum(g.decisions) for g in self.results)

    def outcomes(self) -> dict[str, list[int]]:
        """Hands won per outcome (knock, gin, undercut, big gin) for each player."""
        total: dict[str, list[int]] = {o.value: [0, 0] for o in Outcome if o is not Outcome.DEAD}
        for game in self.results:
            for name, pair in game.outcomes.items():
                total[name][0] += pair[0]
                total[name][1] += pair[1]
        return total

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly summary (the games themselves are in :attr:`results`)."""
        low, high = self.win_interval(0)
        return {
            "players": list(self.players),
            "unit": self.unit,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "games": self.games,
            "wins": list(self.wins),
            "undecided": self.undecided,
            "win_rate": round(self.win_rate(0), 4),
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "mean_margin": round(self.mean_margin, 3),
            "margin_stderr": round(self.margin_stderr, 3),
            "deals": self.deals,
            "dead_deals": self.dead_deals,
            "outcomes": self.outcomes(),
            "decisions": self.decisions,
            "ms_per_decision": [round(ms, 4) for ms in self.ms_per_decision()],
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "workers": self.workers,
            "backend": self.backend,
            "interrupted": self.interrupted,
        }

    def summary(self) -> str:
        """A few lines for people."""
        a, b = self.players
        low, high = self.win_interval(0)
        unit = "hands" if self.unit == "hand" else "matches"
        lines = [
            f"{a} vs {b}: {self.games} {unit}, {a} won {self.wins[0]}, {b} won {self.wins[1]}"
            + (f", {self.undecided} dead" if self.undecided else "")
            + (" (interrupted)" if self.interrupted else ""),
            f"  {a} win rate {self.win_rate(0):.1%} (95% CI {low:.1%} to {high:.1%}), "
            f"margin {self.mean_margin:+.2f} ± {1.96 * self.margin_stderr:.2f} per game",
        ]
        outcomes = ", ".join(
            f"{name} {pair[0]}/{pair[1]}" for name, pair in self.outcomes().items() if sum(pair)
        )
        if outcomes:
            lines.append(f"  hands won by outcome ({a}/{b}): {outcomes}")
        if self.seconds:
            lines.append(
                f"  {self.seconds:.2f} s, {self.games / self.seconds:.1f} {unit}/s, "
                f"{self.deals / self.seconds:.1f} deals/s ({self.workers} worker(s), "
                f"{self.backend})"
            )
        return "\n".join(lines)


@dataclass(frozen=True)
class _Chunk:
    """A run of games of one pairing, sent to one worker (plain data: spawn- and Ray-safe)."""

    pairing: int
    players: tuple[PlayerSpec, PlayerSpec]
    rules: dict[str, Any]
    unit: Unit
    seed: str
    paired: bool
    keep_records: bool
    start: int
    stop: int


def _game_seed(seed: str, index: int, paired: bool) -> tuple[str, tuple[int, int]]:
    deal = index // 2 if paired else index
    seats = (0, 1) if index % 2 == 0 else (1, 0)
    return f"{seed}:{deal}", seats


def _games_of(chunk: _Chunk) -> Iterator[GameResult]:
    rules = Rules.from_dict(chunk.rules)
    for index in range(chunk.start, chunk.stop):
        seed, seats = _game_seed(chunk.seed, index, chunk.paired)
        yield play_game(
            chunk.players,
            rules,
            seed,
            seats=seats,
            unit=chunk.unit,
            index=index,
            keep_record=chunk.keep_records,
        )


def _run_chunk(chunk: _Chunk) -> tuple[int, list[GameResult]]:
    """Play one chunk (the worker's entry point; top level so spawned processes find it)."""
    return chunk.pairing, list(_games_of(chunk))


def _chunks(
    pairings: Sequence[tuple[PlayerSpec, PlayerSpec]],
    games: int,
    rules: Rules,
    unit: Unit,
    seed: str,
    paired: bool,
    keep_records: bool,
    size: int,
) -> list[_Chunk]:
    data = rules.to_dict()
    return [
        _Chunk(
            number,
            pair,
            data,
            unit,
            seed,
            paired,
            keep_records,
            start,
            min(start + size, games),
        )
        for number, pair in enumerate(pairings)
        for start in range(0, games, size)
    ]


def _chunk_size(games: int, pairings: int, workers: int, paired: bool, often: bool) -> int:
    """Games per chunk: a few chunks per worker balance the load; more only add overhead.

    ``often`` (a progress callback, or partial results on Ctrl-C) asks for about 200 chunks
    at most, so that results come in steadily. Paired, a chunk holds whole pairs.
    """
    total = games * pairings
    size = max(1, math.ceil(total / (4 * workers)))
    if often:
        size = min(size, max(1, math.ceil(total / 200)))
    if paired and size % 2:
        size += 1
    return min(size, games)


def _check_picklable(chunks: list[_Chunk]) -> None:
    for players in {id(chunk.players): chunk.players for chunk in chunks}.values():
        try:
            pickle.dumps(players)
        except (pickle.PicklingError, AttributeError, TypeError) as error:
            raise ValueError(
                f"worker processes need players they can import: give a name, a "
                f"'module:attribute' path or a top-level factory, not {players!r} ({error})"
            ) from None


Played = Generator[tuple[int, list[GameResult]], None, None]


def _execute(
    chunks: list[_Chunk], workers: int, backend: Backend, ray_address: str | None
) -> Played:
    """Play the chunks; yields ``(pairing, games)`` as they finish, in any order.

    Closing the generator (or an exception in it, Ctrl-C included) stops the workers.
    """
    if backend == "ray":
        yield from _execute_ray(chunks, workers, ray_address)
    elif workers <= 1 or len(chunks) <= 1:
        for chunk in chunks:  # game by game, for progress and for Ctrl-C
            for game in _games_of(chunk):
                yield chunk.pairing, [game]
    else:
        yield from _execute_pool(chunks, workers)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C (sent to the whole process group) to the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _block_interrupts() -> set[int | signal.Signals] | None:
    """Hold Ctrl-C back in this thread (and the processes it starts) until unblocked."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    resource_tracker.ensure_running()  # starting, it would unblock SIGINT again
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _unblock_interrupts(previous: set[int | signal.Signals] | None) -> None:
    """Undo :func:`_block_interrupts`: a Ctrl-C held back is raised now."""
    if previous is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _execute_pool(chunks: list[_Chunk], workers: int) -> Played:
    # Spawn, not fork: safe with threads in the parent and the same on every platform.
    context = multiprocessing.get_context("spawn")
    # Only the parent takes Ctrl-C, and stops the workers. They inherit SIGINT blocked (no
    # traceback if it comes while they start up; the parent gets it once they have started),
    # and the initializer ignores it where signals cannot be blocked.
    previous = _block_interrupts()
    try:
        pool = context.Pool(min(workers, len(chunks)), initializer=_ignore_interrupts)
    except BaseException:
        _unblock_interrupts(previous)
        raise
    with pool:  # leaving it terminates the workers: on Ctrl-C, an error or close()
        _unblock_interrupts(previous)
        yield from pool.imap_unordered(_run_chunk, chunks)
        pool.close()
        pool.join()


def _execute_ray(chunks: list[_Chunk], workers: int, address: str | None) -> Played:
    try:
        import ray
    except ImportError:
        raise CardTableError("the ray backend needs Ray: pip install 'ginrummy[ray]'") from None
    started = False
    if not ray.is_initialized():
        # A local instance sized to --workers, or the cluster at --ray-address.
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address:
            ray.init(address=address, **options)
        else:
            ray.init(num_cpus=max(1, workers), **options)
        started = True
    pending: list[Any] = []
    try:
        remote = ray.remote(_run_chunk)
        pending = [remote.remote(chunk) for chunk in chunks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield ray.get(ref)
    finally:
        for ref in pending:  # stopped early: Ctrl-C, an error or close()
            ray.cancel(ref)
        if started:
            ray.shutdown()


def _check_common(games: int, workers: int, backend: str, unit: str) -> None:
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if unit not in ("hand", "match"):
        raise ValueError(f"unit must be hand or match, not {unit!r}")


Progress = Callable[[SimulationResult], None]


def round_robin(
    players: Sequence[PlayerSpec],
    games: int = 100,
    *,
    unit: Unit = "match",
    rules: Rules | str | None = None,
    settings: Mapping[str, Any] | None = None,
    seed: str | int = 0,
    workers: int = 1,
    backend: Backend = "process",
    paired: bool = True,
    keep_records: bool = False,
    chunk_size: int | None = None,
    ray_address: str | None = None,
    progress: Progress | None = None,
    partial_on_interrupt: bool = False,
) -> list[SimulationResult]:
    """Every pairing of ``players`` plays ``games`` games, all pairings in one pool.

    ``progress(result)`` gets the running result of a pairing whenever games of it come in
    (its games sorted, its ``seconds`` so far). With ``partial_on_interrupt``, Ctrl-C returns
    the games finished so far, every result marked ``interrupted``; without, it raises. Either
    way the workers are stopped.

    >>> table = round_robin(["simple", "random", "simple"], games=2, unit="hand", seed=3)
    >>> [r.players for r in table]
    [('simple', 'random'), ('simple', 'simple'), ('random', 'simple')]
    """
    _check_common(games, workers, backend, unit)
    if len(players) < 2:
        raise ValueError("a round robin needs at least two players")
    the_rules = make_rules(rules, settings)
    for spec in players:  # refuse an unknown name here, not in every worker
        if isinstance(spec, str):
            load_player(spec, 0)
    pairings = [(players[i], players[j]) for i, j in itertools.combinations(range(len(players)), 2)]
    if chunk_size is None:
        often = progress is not None or partial_on_interrupt
        chunk_size = _chunk_size(games, len(pairings), workers, paired, often)
    chunks = _chunks(
        pairings, games, the_rules, unit, str(seed), paired, keep_records, chunk_size
    )
    if backend == "process" and workers > 1 and len(chunks) > 1:
        _check_picklable(chunks)
    results = [
        SimulationResult(
            (spec_name(a), spec_name(b)),
            unit,
            the_rules,
            str(seed),
            workers=workers,
            backend=backend,
        )
        for a, b in pairings
    ]
    start = time.perf_counter()
    played = _execute(chunks, workers, backend, ray_address)
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
    return results


def simulate(
    players: Sequence[PlayerSpec] = ("simple", "simple"),
    games: int = 100,
    *,
    unit: Unit = "match",
    rules: Rules | str | None = None,
    settings: Mapping[str, Any] | None = None,
    seed: str | int = 0,
    workers: int = 1,
    backend: Backend = "process",
    paired: bool = True,
    keep_records: bool = False,
    chunk_size: int | None = None,
    ray_address: str | None = None,
    progress: Progress | None = None,
    partial_on_interrupt: bool = False,
) -> SimulationResult:
    """Play ``games`` games between two players; see the module docstring for the seeding.

    ``workers`` processes (spawned) share the games; ``backend="ray"`` sends them to Ray
    instead (a local instance of ``workers`` CPUs, the cluster at ``ray_address``, or the
    instance already initialised). ``keep_records`` keeps every game's match record.
    ``progress`` and ``partial_on_interrupt`` are those of :func:`round_robin`.

    >>> seen = []
    >>> result = simulate(["simple", "random"], games=4, unit="hand", progress=seen.append)
    >>> len(seen), result.games, result.interrupted
    (4, 4, False)
    """
    if len(players) != 2:
        raise ValueError(f"simulate takes two players, not {len(players)}: see round_robin")
    return round_robin(
        players,
        games,
        unit=unit,
        rules=rules,
        settings=settings,
        seed=seed,
        workers=workers,
        backend=backend,
        paired=paired,
        keep_records=keep_records,
        chunk_size=chunk_size,
        ray_address=ray_address,
        progress=progress,
        partial_on_interrupt=partial_on_interrupt,
    )[0]
