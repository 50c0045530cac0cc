"""Batch play between computer players: simulations, round robins and duplicate tournaments,
in one process, on worker processes or over Ray. Above the games: it plays through their
engines and players and never reaches into a table, a store or a front end."""

from cardtable.sim.simulate import (
    BACKENDS,
    GameResult,
    PlayerSpec,
    SimulationResult,
    load_player,
    play_game,
    round_robin,
    simulate,
    wilson_interval,
)
from cardtable.sim.tournament import TournamentResult, run_tournament

__all__ = [
    "BACKENDS",
    "GameResult",
    "PlayerSpec",
    "SimulationResult",
    "TournamentResult",
    "load_player",
    "play_game",
    "round_robin",
    "run_tournament",
    "simulate",
    "wilson_interval",
]
