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

from cardtable.env.player import Policy
from cardtable.env.player import PolicyPlayer as _PolicyPlayer
from cardtable.gin.actions import Action
from cardtable.gin.env.research import RESEARCH
from cardtable.gin.hand import Observation

__all__ = ["Policy", "PolicyPlayer"]


class PolicyPlayer(_PolicyPlayer):
    """Wrap ``policy(vector, mask) -> id`` as a gin player; an illegal id raises."""

    def __init__(self, policy: Policy, name: str = "policy") -> None:
        super().__init__(policy, name, game=RESEARCH)

    def act(self, observation: Observation) -> Action:
        action: Action = RESEARCH.policy_action(self.policy, observation)
        return action
