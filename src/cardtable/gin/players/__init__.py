"""Players: one small interface for people and computer players alike.

A player is given only the observation of its own seat and returns a legal action.
"""

from cardtable.games.levels import LEARNING_PATH as LEVELS
from cardtable.gin.players.base import Player, make_player, player_names
from cardtable.gin.players.expert import BeginnerPlayer, ExpertPlayer, IntermediatePlayer
from cardtable.gin.players.neural import NeuralPlayer, register_level
from cardtable.gin.players.random_player import RandomPlayer
from cardtable.gin.players.simple import SimplePlayer

register_level()  # "neural": the policy trained by self-play (docs/trained-baseline.md)

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
]
