"""The random player: a uniformly random legal action (the floor of every strength table)."""

from __future__ import annotations

import random

from cardtable.cribbage.actions import Action
from cardtable.cribbage.match import MatchObservation
from cardtable.cribbage.players.counting import count_action

__all__ = ["RandomPlayer"]


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def act(self, observation: MatchObservation) -> Action:
        view = observation.hand
        counted = count_action(view)
        if counted is not None:
            return counted
        return self._rng.choice(view.legal)
