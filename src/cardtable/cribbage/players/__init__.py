"""Cribbage computer players: each is given only its own seat's observation."""

from cardtable.cribbage.players.base import Player, make_player, player_names, register
from cardtable.cribbage.players.random_player import RandomPlayer
from cardtable.cribbage.players.simple import SimplePlayer

register("random", RandomPlayer)
register("simple", SimplePlayer)

__all__ = ["Player", "RandomPlayer", "SimplePlayer", "make_player", "player_names", "register"]
