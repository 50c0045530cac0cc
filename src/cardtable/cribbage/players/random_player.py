"""The random player: a uniformly random legal action (the floor of every strength table)."""

from __future__ import annotations

import random

from cardtable.cribbage.actions import Action
from cardtable.cribbage.hand import Observation
from cardtable.cribbage.players.base import PlayerBase

__all__ = ["RandomPlayer"]


class RandomPlayer(PlayerBase):
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rng = random.Random(seed)

    def discard(self, view: Observation) -> Action:
        return self._rng.choice(view.legal)

    play = discard
