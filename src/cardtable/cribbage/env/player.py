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

from cardtable.cribbage.actions import Action
from cardtable.cribbage.env.research import RESEARCH
from cardtable.cribbage.match import MatchObservation
from cardtable.env.player import Policy
from cardtable.env.player import PolicyPlayer as _PolicyPlayer

__all__ = ["Policy", "PolicyPlayer"]


class PolicyPlayer(_PolicyPlayer):
    """Wrap ``policy(vector, mask) -> id`` as a Cribbage player; an illegal id raises."""

    def __init__(self, policy: Policy, name: str = "policy") -> None:
        super().__init__(policy, name, game=RESEARCH)

    def act(self, observation: MatchObservation) -> Action:
        return RESEARCH.policy_action(self.policy, observation)
