"""Agents for the evaluator's tests, each failing in its own way (or recording what it sees).

They are ``module:attribute`` specs (``tests.sim.agents:raising``), built in the agent's own
process; ``$AGENT_LOG`` names a file where :class:`Recorder` writes what it is handed.
"""

from __future__ import annotations

import os
import time

from cardtable.cards import CARDS
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.hand import Observation
from cardtable.gin.melds import Meld
from cardtable.gin.players import make_player
from cardtable.gin.players.simple import SimplePlayer

LOG = "AGENT_LOG"


class _Failing:
    name = "failing"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, observation: Observation) -> Action:
        raise NotImplementedError


class Raising(_Failing):
    def act(self, observation: Observation) -> Action:
        raise RuntimeError("the agent gave up\non two lines")


class Illegal(_Failing):
    def act(self, observation: Observation) -> Action:
        missing = next(c for c in CARDS if c not in observation.hand)
        return Action(ActionKind.DISCARD, missing)


class Sleepy(_Failing):
    def act(self, observation: Observation) -> Action:
        time.sleep(30)
        raise AssertionError("woke up")


class Dying(_Failing):
    def act(self, observation: Observation) -> Action:
        os._exit(3)


class Chatty(SimplePlayer):
    """The simple player, printing as it goes (the evaluator's output must stay clean)."""

    def act(self, observation: Observation) -> Action:
        print("chatty thinks")
        return super().act(observation)


class BadLayout(SimplePlayer):
    """The simple player, except that it lays out a meld it cannot hold when it knocks."""

    def act(self, observation: Observation) -> Action:
        action = super().act(observation)
        if action.kind in (ActionKind.KNOCK, ActionKind.GIN) and action.card is not None:
            card = action.card  # discarded, so out of the melds: no layout may use it
            others = [c for c in CARDS if c.rank == card.rank and c != card]
            action = action.with_melds((Meld([card, *others[:2]]),))
        return action


class Recorder:
    """A random player that writes the ``repr`` of every observation it gets to $AGENT_LOG."""

    name = "recorder"

    def __init__(self, seed: int) -> None:
        self._random = make_player("random", seed)

    def act(self, observation: Observation) -> Action:
        with open(os.environ[LOG], "a", encoding="utf-8") as handle:
            handle.write(repr(observation).replace("\n", " ") + "\n")
        return self._random.act(observation)


raising, illegal, sleepy, dying = Raising, Illegal, Sleepy, Dying
