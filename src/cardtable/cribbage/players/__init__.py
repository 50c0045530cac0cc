"""Cribbage computer players: each is given only its own seat's observation.

Levels, weakest first: ``random``, ``beginner``, ``simple``, ``intermediate``, ``expert``
(each module's docstring says how it decides); :func:`~.hints.hint` explains the expert's
choice for a person.
"""

from cardtable.cribbage.players.base import Player, make_player, player_names, register
from cardtable.cribbage.players.beginner import BeginnerPlayer
from cardtable.cribbage.players.expert import ExpertPlayer
from cardtable.cribbage.players.intermediate import IntermediatePlayer
from cardtable.cribbage.players.neural import NeuralPlayer, register_level
from cardtable.cribbage.players.random_player import RandomPlayer
from cardtable.cribbage.players.simple import SimplePlayer
from cardtable.games.levels import LEARNING_PATH as LEVELS

register("random", RandomPlayer)
register("simple", SimplePlayer)
register("beginner", BeginnerPlayer)
register("intermediate", IntermediatePlayer)
register("expert", ExpertPlayer)
register_level()  # "neural", unlisted: the policy trained by self-play (docs/trained-baseline.md)

__all__ = [
    "LEVELS",
    "BeginnerPlayer",
    "ExpertPlayer",
    "IntermediatePlayer",
    "NeuralPlayer",
    "Player",
    "RandomPlayer",
    "SimplePlayer",
    "make_player",
    "player_names",
    "register",
]
