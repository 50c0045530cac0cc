"""A policy over the encoded observation, seated as a Cribbage
:class:`~cardtable.cribbage.players.Player`.

A trained agent maps (observation vector, action mask) to an action id. Wrapped in
:class:`PolicyPlayer` it acts on an engine :class:`~cardtable.cribbage.match.MatchObservation`,
so it can sit at a table, play in :mod:`cardtable.sim` (``game="cribbage"``) or be the opponent
of :class:`~cardtable.cribbage.env.gym.CribbageGymEnv`. Laying away asks the policy twice, as
the environments do: the second time with the first pick in the ``picked`` plane. With muggins
on it counts every show in full, as every computer player does.

>>> import numpy as np
>>> from cardtable.cribbage.match import Match
>>> def first_legal(vector: np.ndarray, mask: np.ndarray) -> int:
...     return int(mask.nonzero()[0][0])
>>> player = PolicyPlayer(first_legal, name="first-legal")
>>> match = Match.new(seed="policy", first_dealer=0)
>>> print(player.act(match.observation(1)))
discard 6S 9S
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from cardtable.cards import CARDS
from cardtable.cribbage.actions import Action
from cardtable.cribbage.env.actions import to_action
from cardtable.cribbage.env.encoding import FloatArray, action_mask, encode_observation
from cardtable.cribbage.match import MatchObservation
from cardtable.cribbage.players.counting import count_action
from cardtable.errors import IllegalActionError

__all__ = ["Policy", "PolicyPlayer"]

Policy = Callable[[FloatArray, npt.NDArray[np.int8]], int]


class PolicyPlayer:
    """Wrap ``policy(vector, mask) -> id`` as a player; an illegal id raises."""

    def __init__(self, policy: Policy, name: str = "policy") -> None:
        self.policy = policy
        self.name = name

    def act(self, observation: MatchObservation) -> Action:
        view = observation.hand
        counted = count_action(view)
        if counted is not None:
            return counted
        picked = None
        while True:
            mask = action_mask(observation, picked)
            chosen = int(self.policy(encode_observation(observation, picked), mask))
            if not 0 <= chosen < len(mask) or not mask[chosen]:
                raise IllegalActionError(f"the policy chose action {chosen}, which is not legal")
            action = to_action(chosen, view.phase, view.legal, picked)
            if action is not None:
                return action
            picked = CARDS[chosen]
