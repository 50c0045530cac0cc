"""A player that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from cardtable.gin.actions import Action
from cardtable.gin.hand import Observation
from cardtable.gin.players.base import register

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Uniformly random legal play, deterministic for a given seed."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def act(self, observation: Observation) -> Action:
        return self._rng.choice(observation.legal_actions())


register("random", RandomPlayer)
