"""A policy over the encoded observation, seated as a :class:`~cardtable.gin.players.Player`.

A trained agent usually maps (observation vector, action mask) to an action id. Wrapped in
:class:`PolicyPlayer` it acts on an engine :class:`~cardtable.gin.hand.Observation`, so it can sit
at any table, play in :mod:`cardtable.sim`, or be the opponent of
:class:`~cardtable.gin.env.gym.GinRummyGymEnv`.

>>> import numpy as np
>>> from cardtable.gin.match import Match
>>> def first_legal(vector: np.ndarray, mask: np.ndarray) -> int:
...     return int(mask.nonzero()[0][0])
>>> player = PolicyPlayer(first_legal, name="first-legal")
>>> match = Match.new(seed="policy", first_dealer=0)
>>> print(player.act(match.observation(1)))
take
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from cardtable.errors import IllegalActionError
from cardtable.gin.actions import Action
from cardtable.gin.env.actions import NUM_ACTIONS, legal_ids
from cardtable.gin.env.encoding import FloatArray, encode_observation
from cardtable.gin.hand import Observation

__all__ = ["Policy", "PolicyPlayer"]

Policy = Callable[[FloatArray, npt.NDArray[np.int8]], int]


class PolicyPlayer:
    """Wrap ``policy(vector, mask) -> id`` as a player; an illegal id raises."""

    def __init__(self, policy: Policy, name: str = "policy") -> None:
        self.policy = policy
        self.name = name

    def act(self, observation: Observation) -> Action:
        legal = legal_ids(observation.legal_actions())
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[list(legal)] = 1
        chosen = int(self.policy(encode_observation(observation), mask))
        action = legal.get(chosen)
        if action is None:
            raise IllegalActionError(f"the policy chose action {chosen}, which is not legal")
        return action
