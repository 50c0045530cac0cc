"""Cribbage agents for the evaluator's tests, built in the agent's own process from their
``module:attribute`` specs (``tests.cribbage.agents:Illegal``)."""

from __future__ import annotations

import os

from cardtable.cards import CARDS
from cardtable.cribbage.actions import Action
from cardtable.cribbage.match import MatchObservation
from cardtable.cribbage.players import make_player

LOG = "AGENT_LOG"


class Illegal:
    """Plays a card it does not hold."""

    name = "illegal"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, observation: MatchObservation) -> Action:
        return Action.play(next(c for c in CARDS if c not in observation.hand.hand))


class Recorder:
    """A random player that writes, for every observation it gets, its type, its seat, the
    seat to act and the cards in its hand to $AGENT_LOG."""

    name = "recorder"

    def __init__(self, seed: int) -> None:
        self._random = make_player("random", seed)

    def act(self, observation: MatchObservation) -> Action:
        view = observation.hand
        with open(os.environ[LOG], "a", encoding="utf-8") as handle:
            cards = " ".join(str(c) for c in view.hand)
            handle.write(f"{type(observation).__name__} {view.seat} {view.to_act} {cards}\n")
        return self._random.act(observation)
