"""Batch play between computer players: simulations, round robins and duplicate tournaments,
in one process, on worker processes or over Ray. Above the games: it plays through their
engines and players and never reaches into a table, a store or a front end.

Many hands or matches between computer players, for self-play, evaluation and data
generation, on every core (``workers``) or over a Ray cluster (``backend="ray"``, the ``ray``
extra). Games are seeded so that results do not depend on the number of workers, the
backend or the chunking (:mod:`cardtable.sim.batch` tells how). A run's seed is secret unless
one is given: fresh randomness that no player is handed, revealed in the results (``seed``)
so the run can be repeated; every deal and player seed is an HMAC value keyed by it
(:mod:`cardtable.sim.seeds`). A seed given by hand is public: an agent that knows or guesses
it can work out every deal from its own seed.

:func:`evaluate` is the standard evaluation of an agent: duplicate deals against fixed
opponents, 95% intervals, a secret seed, and the agent in a process of its own that is
handed only its own observations (:mod:`cardtable.sim.evaluate`,
:mod:`cardtable.sim.remote_agent`): players of a simulation share the process that holds the
deck, and could read it.

Any game of the registry (:mod:`cardtable.games`): ``game=NAME`` (:func:`simulate`,
:func:`round_robin`, :func:`run_tournament`, :func:`evaluate`; ``None``, the default, is the
registry's default game) plays it the same way, with its own fast path when it offers one
(its ``simulation`` facet), else through its interface (:mod:`~cardtable.sim.facets`).

Players are the game's computer levels (``random``, ``simple``, ...),
``"module:attribute"`` paths to a factory ``f(seed) -> Player`` (how an outside agent joins a
tournament run), or, in this process or with Ray, any factory callable.

``progress`` is called with the running result as games come in (after every game in one
process, after every chunk of games otherwise), and with ``partial_on_interrupt`` Ctrl-C
(``KeyboardInterrupt``) stops the workers and returns the games finished so far, marked
``interrupted``, instead of raising.

The modules: :mod:`~cardtable.sim.facets` (the game, and how it is played),
:mod:`~cardtable.sim.players` (player specs), :mod:`~cardtable.sim.seeds` (run,
deal and player seeds), :mod:`~cardtable.sim.play` (one game), :mod:`~cardtable.sim.results`
(statistics), :mod:`~cardtable.sim.chunks` (runs of games for one worker, their seeding and
series), :mod:`~cardtable.sim.workers` (one process, a process pool or Ray),
:mod:`~cardtable.sim.batch` (:func:`simulate`, :func:`round_robin`),
:mod:`~cardtable.sim.tournament`, a layer over :func:`simulate`, and the evaluator
(:mod:`~cardtable.sim.evaluate` over :mod:`~cardtable.sim.remote_agent`).

>>> result = simulate(["simple", "random"], games=4, unit="hand", seed="doc")
>>> result.games, len(result.results), result.wins[0] + result.wins[1] + result.undecided
(4, 4, 4)
>>> again = simulate(["simple", "random"], games=4, unit="hand", seed="doc", workers=1)
>>> [g.points for g in again.results] == [g.points for g in result.results]
True

>>> crib = simulate(["simple", "random"], games=2, unit="hand", seed="doc", game="cribbage")
>>> crib.game, [g.seats for g in crib.results], crib.results[0].seed == crib.results[1].seed
('cribbage', [(0, 1), (1, 0)], True)

From the shell: ``cardtable gin simulate simple random --games 1000 --workers 8``,
``cardtable cribbage tournament simple random --matches 100`` and ``cardtable gin evaluate
mypackage.agents:make_agent --against simple,expert``.
"""

from cardtable.sim.batch import round_robin, simulate
from cardtable.sim.evaluate import Evaluation, evaluate
from cardtable.sim.play import GameResult, play_game
from cardtable.sim.players import PlayerSpec, load_player
from cardtable.sim.remote_agent import AgentError
from cardtable.sim.results import SimulationResult, wilson_interval
from cardtable.sim.tournament import TournamentResult, run_tournament
from cardtable.sim.workers import BACKENDS

__all__ = [
    "BACKENDS",
    "AgentError",
    "Evaluation",
    "GameResult",
    "PlayerSpec",
    "SimulationResult",
    "TournamentResult",
    "evaluate",
    "load_player",
    "play_game",
    "round_robin",
    "run_tournament",
    "simulate",
    "wilson_interval",
]
