"""The standard evaluation of an agent: duplicate deals against fixed opponents, 95% intervals,
the agent in a process of its own, and a run seed nobody at the table knows.

:func:`evaluate` plays ``games`` games (matches, or single hands with ``unit="hand"``) of the
agent against each opponent. Games ``2k`` and ``2k + 1`` are the same deal with the seats
exchanged, so the luck of the cards cancels out; every opponent gets the same deals. The
agent runs in its own process (:class:`~cardtable.sim.remote_agent.RemoteAgent`) and is handed
only its seed and its own seat's observations; this process holds the deck, the run's seed
and the opponents. The run's seed is secret unless one is given (:mod:`cardtable.sim.seeds`):
with a seed the agent could know or guess, it could work out every deal from its own seed,
so give one only to repeat a run.

With ``workers=N`` the games are split into chunks of whole duplicate pairs and played on
``N`` worker processes (or Ray actors, ``backend="ray"``), each an :class:`EvaluationWorker`:
undumpable from its start, before the chunks (and with them the run's seed) reach it, and
running an agent process of its own, kept from it as the one agent of ``workers=1`` is kept
from the evaluator. The games, their order and the figures are the same whatever the workers.

Per opponent: the agent's win rate over the games decided (a dead single hand decides
nothing) and over the hands decided, each with its Wilson 95% interval, and its mean points
margin per game with a 95% interval computed over the duplicate pairs (the two games of a
pair share their deal, so the pairs, not the games, are the independent draws).

``game`` names the game from the registry (by default its default game): ``game="cribbage"``
evaluates a Cribbage agent the same way, with Cribbage's rules, players and engine (a match's
points are game points, a hand's the points each player scored in it, and a tied hand decides
nothing), and so for any game.

>>> evaluation = evaluate("random", against=["simple"], games=4, unit="hand")
>>> evaluation.opponents, evaluation.results[0].games, evaluation.secret
(('simple',), 4, True)
>>> [game.seats for game in evaluation.results[0].results]
[(0, 1), (1, 0), (0, 1), (1, 0)]
"""

from __future__ import annotations

import dataclasses
import functools
import math
import pickle
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardtable.errors import CardTableError
from cardtable.games import GameRules
from cardtable.games.simulation import GameResult, Unit, wilson_interval
from cardtable.sim.batch import rules_of
from cardtable.sim.chunks import Chunk, default_chunk_size, games_of, make_chunks
from cardtable.sim.isolation import AgentUser, isolation_words, make_undumpable
from cardtable.sim.isolation import agent_user as resolve_user
from cardtable.sim.players import PlayerSpec, check_game, check_names, load_player, spec_name
from cardtable.sim.remote_agent import AgentError, RemoteAgent
from cardtable.sim.results import SimulationResult
from cardtable.sim.seeds import run_seed
from cardtable.sim.workers import BACKENDS, Backend, check_picklable, execute

__all__ = [
    "DEFAULT_OPPONENTS",
    "AgentSetup",
    "Evaluation",
    "EvaluationWorker",
    "evaluate",
    "figures",
]

DEFAULT_OPPONENTS: Final = ("simple", "expert")

Progress = Callable[[str, SimulationResult], None]


@dataclass(frozen=True)
class Evaluation:
    """An evaluation's games, one :class:`SimulationResult` per opponent (the agent is
    player 0 in each), and the run's seed, revealed now that the games are over."""

    agent: str
    seed: str
    secret: bool  # the seed was drawn fresh for the run, not given
    results: tuple[SimulationResult, ...]
    isolation: str = ""  # what kept the agent from the evaluator (isolation_words)
    workers: int = 1  # the processes (or Ray actors) that played the games
    backend: Backend = "process"

    @property
    def opponents(self) -> tuple[str, ...]:
        return tuple(result.players[1] for result in self.results)

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly figures: the run, then each opponent's (:func:`figures`)."""
        first = self.results[0]
        return {
            "agent": self.agent,
            "unit": first.unit,
            "rules": first.rules.to_dict(),
            "seed": self.seed,
            "secret_seed": self.secret,
            "isolation": self.isolation,
            "workers": self.workers,
            "backend": self.backend,
            "opponents": [figures(result) for result in self.results],
        }

    def workers_words(self) -> str:
        """Where the games were played, for people."""
        if self.backend == "ray":
            # Up to: an actor that waits for a CPU the cluster does not have is sent nothing.
            many = f"{self.workers} Ray actor" + ("s" if self.workers != 1 else "")
            return f"played on up to {many}, each undumpable, each with an agent process of its own"
        if self.workers > 1:
            return (
                f"played on {self.workers} worker processes, each undumpable, each with an "
                "agent process of its own"
            )
        return "played in this process (1 worker), the agent in one process of its own"

    def summary(self) -> str:
        """A few lines per opponent for people, and the seed."""
        lines: list[str] = []
        for result in self.results:
            data = figures(result)
            unit, per = ("hands", "hand") if data["unit"] == "hand" else ("matches", "match")
            low, high = data["win_rate_ci95"]
            a, b = self.agent, data["opponent"]
            lines += [
                f"{a} against {b}: {data['games']} {unit} on {data['games'] // 2} duplicate "
                "deals (seats exchanged)",
                f"  {a} wins {data['win_rate']:.1%} of the {unit} decided "
                f"(95% CI {low:.1%} to {high:.1%})",
            ]
            if data["unit"] == "match":
                low, high = data["hand_win_rate_ci95"]
                lines.append(
                    f"  {a} wins {data['hand_win_rate']:.1%} of the {data['hands_decided']} "
                    f"hands decided (95% CI {low:.1%} to {high:.1%})"
                )
            margin_ci = data["mean_margin_ci95"]
            lines.append(
                f"  margin {data['mean_margin']:+.2f} points per {per}"
                + (
                    f" (95% CI {margin_ci[0]:+.2f} to {margin_ci[1]:+.2f}, over the pairs)"
                    if margin_ci is not None
                    else ""
                )
            )
            ms = data["ms_per_decision"]
            lines.append(
                f"  ms per decision: {a} {ms[0]:.3f} (in its own process), {b} {ms[1]:.3f}"
            )
        lines.append(f"workers: {self.workers_words()}")
        if self.isolation:
            lines.append(f"isolation: {self.isolation}")
        if self.secret:
            lines.append(
                f"seed {self.seed}: secret while the games were played; "
                f"--seed {self.seed} plays them again"
            )
        else:
            lines.append(
                f"seed {self.seed}: given, so public: an agent that knows or guesses it can "
                "work out every deal"
            )
        return "\n".join(lines)


def _pair_margins(result: SimulationResult) -> list[float]:
    """The mean margin of each whole duplicate pair (the agent's points minus the other's)."""
    by_index = {game.index: game for game in result.results}
    return [
        (game.margin + by_index[game.index + 1].margin) / 2
        for game in result.results
        if game.index % 2 == 0 and game.index + 1 in by_index
    ]


def figures(result: SimulationResult) -> dict[str, Any]:
    """One opponent's figures: games, wins, win rates with 95% intervals, the points margin.

    >>> from cardtable.sim import simulate
    >>> data = figures(simulate(["simple", "random"], games=2, unit="hand", seed="doc"))
    >>> data["opponent"], data["games"], data["wins"], data["mean_margin_ci95"]
    ('random', 2, [2, 0], None)
    """
    won = result.hands_won
    decided = won[0] + won[1]
    hand_low, hand_high = wilson_interval(won[0], decided)
    pairs = _pair_margins(result)
    interval: list[float] | None = None
    if len(pairs) >= 2:
        mean = sum(pairs) / len(pairs)
        spread = math.sqrt(sum((m - mean) ** 2 for m in pairs) / (len(pairs) - 1))
        half = 1.96 * spread / math.sqrt(len(pairs))
        interval = [round(mean - half, 3), round(mean + half, 3)]
    ms = result.ms_per_decision()
    return {
        "opponent": result.players[1],
        "unit": result.unit,
        **result.win_figures(),
        "hands": result.deals,
        "hands_decided": decided,
        "hands_won": list(won),
        "hand_win_rate": round(won[0] / decided, 4) if decided else 0.0,
        "hand_win_rate_ci95": [round(hand_low, 4), round(hand_high, 4)],
        "mean_margin": round(result.mean_margin, 3),
        "mean_margin_ci95": interval,
        "ms_per_decision": [round(ms[0], 4), round(ms[1], 4)],
        "seconds": round(result.seconds, 3),
    }


class _Marked:
    """A player that notes itself as the last to have moved, so an illegal action is
    blamed on the right side (the engine checks the layouts of melds)."""

    def __init__(self, player: Any, who: str, last: list[tuple[str, Any]]) -> None:
        self.name = getattr(player, "name", who)
        self._player = player
        self._who = who
        self._last = last

    def act(self, observation: Any) -> Any:
        action = self._player.act(observation)
        self._last[:] = [(self._who, action)]
        return action


def _check(
    games: int,
    against: Sequence[PlayerSpec],
    agent: PlayerSpec,
    game: str,
    options: tuple[float, int, str],
) -> None:
    timeout, workers, backend = options
    if games < 2 or games % 2:
        raise ValueError(
            f"games must be an even number of at least 2 (duplicate pairs), not {games}"
        )
    if not against:
        raise ValueError("name at least one opponent")
    if not timeout > 0:
        raise ValueError(f"the timeout must be a positive number of seconds, not {timeout}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if isinstance(agent, str) and ":" not in agent:
        # A level of this package: refused here if unknown.
        load_player(agent, 0, game)
    # The levels are checked here; an outside agent only in its own process, never here.
    check_names([spec for spec in against if not _is_outside(spec)], game)


def _is_outside(spec: PlayerSpec) -> bool:
    """An agent named by its ``module:attribute`` path, run in a process of its own (levels
    of this package, and factories the caller hands in, play in the evaluator)."""
    return isinstance(spec, str) and ":" in spec


@dataclass(frozen=True)
class AgentSetup:
    """How every agent process of a run is started: what each worker is handed as it starts.
    Nothing secret: the run's seed reaches a worker only inside the chunks it is sent."""

    timeout: float
    user: AgentUser  # resolved once, in the evaluator (agent_user)
    environment: tuple[tuple[str, str], ...]


class EvaluationWorker:
    """What plays an evaluation's chunks, in the evaluator or in one of its workers.

    Built as its worker starts, before any chunk (and so the run's seed) reaches it, it
    makes its process undumpable; it runs the agent of ``chunk.players[0]`` (and any
    opponent that is an outside agent) in a process of its own
    (:class:`~cardtable.sim.remote_agent.RemoteAgent`, isolated as :class:`AgentSetup`
    says), started at the first chunk that needs it and kept for the next; the other
    opponents are built here. :meth:`close` stops the agents' processes.
    """

    def __init__(self, setup: AgentSetup) -> None:
        self.undumpable = make_undumpable()  # before any chunk: the seed comes with them
        self._setup = setup
        self._agents: dict[tuple[str, bytes | int, str | None], RemoteAgent] = {}

    def _agent(self, side: str, spec: PlayerSpec, game: str | None) -> RemoteAgent:
        """The process of the agent on ``side`` (an agent playing itself has two)."""
        try:
            key: tuple[str, bytes | int, str | None] = (side, pickle.dumps(spec), game)
        except (pickle.PicklingError, AttributeError, TypeError):
            key = (side, id(spec), game)  # which RemoteAgent refuses, saying why
        if key not in self._agents:
            setup = self._setup
            remote = RemoteAgent(
                spec,
                timeout=setup.timeout,
                game=game,
                user=setup.user,
                environment=dict(setup.environment),
            )
            self._agents[key] = remote  # before it starts: close() stops a starting one too
            try:
                remote.start()
            except BaseException:
                del self._agents[key]  # it closed itself
                raise
        return self._agents[key]

    def games(self, chunk: Chunk) -> Iterator[GameResult]:
        """The chunk's games, in order; an illegal move is blamed on the side that made it."""
        game = chunk.game
        agent_spec, opponent = chunk.players
        name = spec_name(agent_spec)
        agent = self._agent("agent", agent_spec, game)
        there = self._agent("opponent", opponent, game) if _is_outside(opponent) else None
        last: list[tuple[str, Any]] = []

        def agent_player(player_seed: int) -> Any:
            return _Marked(agent.new_player(player_seed), "agent", last)

        def opponent_player(player_seed: int) -> Any:
            player = (
                load_player(opponent, player_seed, game)
                if there is None
                else there.new_player(player_seed)
            )
            return _Marked(player, "opponent", last)

        played = games_of(dataclasses.replace(chunk, players=(agent_player, opponent_player)))
        while True:
            try:
                finished = next(played, None)
            except AgentError:
                raise
            except CardTableError as error:  # the engine refused a move
                if last and last[0][0] == "agent":
                    raise AgentError(
                        f"agent {name!r} played {str(last[0][1])!r}: {error}"
                    ) from None
                raise
            if finished is None:
                return
            yield finished

    def close(self) -> None:
        """Stop every agent process this worker started."""
        agents, self._agents = self._agents, {}
        for remote in agents.values():
            remote.close()


def evaluate(
    agent: PlayerSpec,
    against: Sequence[PlayerSpec] = DEFAULT_OPPONENTS,
    games: int = 200,
    *,
    unit: Unit = "match",
    rules: GameRules | str | None = None,
    settings: dict[str, Any] | None = None,
    seed: str | int | None = None,
    timeout: float = 60.0,
    progress: Progress | None = None,
    game: str | None = None,
    agent_user: str | None = None,
    agent_environment: Mapping[str, str] | None = None,
    workers: int = 1,
    backend: Backend = "process",
    ray_address: str | None = None,
) -> Evaluation:
    """Evaluate ``agent`` against each of ``against`` over ``games`` games (an even number).

    ``agent`` is a player name, a ``"module:attribute"`` path to a factory ``f(seed) ->
    Player`` or a top-level factory; it is imported in the agent's own process only.
    Opponents that are levels (or factories handed in) are built here, like the simulator's
    players; an opponent named by its ``"module:attribute"`` path is another agent and runs
    in a process of its own, as the agent does. ``seed=None`` (the default) draws
    a secret run seed, revealed in the result. ``timeout`` bounds the seconds the agent may
    take over one decision. ``progress(opponent, result)`` gets the running result after
    every duplicate pair (with workers, as each chunk of pairs comes in). A failing agent
    (unknown, raising, hanging, illegal) raises :class:`~cardtable.sim.remote_agent.AgentError`.
    ``game`` is a game's name in the registry (``None``: its default game); ``rules`` a
    preset or rules of that game.

    ``workers`` processes (spawned) share the games, in chunks of whole duplicate pairs;
    ``backend="ray"`` plays them on as many Ray actors instead (a local instance, the
    cluster at ``ray_address``, or the instance already initialised). Each worker makes
    itself undumpable as it starts, before it is sent any chunk (the run's seed comes only
    in them), and runs an agent process of its own, isolated as the one agent of
    ``workers=1`` is; the opponents that are levels are built in the workers. The results
    are the same, game for game and in the same order, whatever the workers and backend.

    Before the seed exists this process makes itself undumpable (for good: see
    :mod:`cardtable.sim.isolation`); ``agent_user`` chooses whom the agent runs as (by
    default, under root a user of its own) and ``agent_environment`` holds the only variables
    it is handed. The result says what isolation the agent had (``Evaluation.isolation``).
    """
    game = check_game(game)
    _check(games, against, agent, game, (timeout, workers, backend))
    the_rules = rules_of(game, rules, settings)
    undumpable = make_undumpable()  # before the secret exists: no process may read it here
    user = resolve_user(agent_user)  # one probe of the agent's user, for every worker
    setup = AgentSetup(timeout, user, tuple((agent_environment or {}).items()))
    text, secret = run_seed(seed)
    name = spec_name(agent)
    size = default_chunk_size(games, len(against), workers, span=2, often=progress is not None)
    chunks = make_chunks(
        [(agent, opponent) for opponent in against],
        games,
        size if workers > 1 or backend == "ray" else games,  # one process: a chunk each
        rules=the_rules,
        unit=unit,
        seed=text,
        paired=True,
        keep_records=False,
        game=game,
    )
    parallel = backend == "ray" or (workers > 1 and len(chunks) > 1)
    used = min(workers, len(chunks)) if parallel else 1
    if parallel and backend == "process":
        check_picklable(chunks)
    results = [
        SimulationResult(
            (name, spec_name(opponent)),
            unit,
            the_rules,
            text,
            workers=used,
            backend=backend,
            game=game,
        )
        for opponent in against
    ]
    worker = functools.partial(EvaluationWorker, setup)
    played = execute(chunks, used, backend, ray_address, worker)
    start = previous = time.perf_counter()
    began: dict[int, float] = {}  # when each opponent's games began
    try:
        for number, finished in played:
            result = results[number]
            # One process plays the opponents one after the other; workers, all at once.
            began.setdefault(number, previous if not parallel else start)
            in_order = not result.results or result.results[-1].index < finished[0].index
            result.results.extend(finished)
            if not in_order:  # a chunk came in before one of its predecessors
                result.results.sort(key=lambda played_game: played_game.index)
            previous = time.perf_counter()
            result.seconds = previous - began[number]
            if progress is not None and len(result.results) % 2 == 0:
                progress(result.players[1], result)
    finally:
        played.close()
    return Evaluation(
        name,
        text,
        secret,
        tuple(results),
        isolation_words(setup.user, undumpable),
        workers=used,
        backend=backend,
    )
