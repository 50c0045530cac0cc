"""A policy over the encoded observation, seated as a :class:`~cardtable.gin.players.Player`:
the kit's :class:`~cardtable.env.player.PolicyPlayer` of gin.

A trained agent usually maps (observation vector, action mask) to an action id. Wrapped in
:class:`PolicyPlayer` it acts on an engine :class:`~cardtable.gin.hand.Observation`, so it can sit
at any table, play in :mod:`cardtable.sim`, or be the opponent of
:class:`~cardtable.gin.env.gym.GinRummyGymEnv`.
"""

from __future__ import annotations

from cardtable.env.player import Policy
from cardtable.env.player import PolicyPlayer as _PolicyPlayer
from cardtable.gin.env.research import RESEARCH

__all__ = ["Policy", "PolicyPlayer"]


class PolicyPlayer(_PolicyPlayer):
    """Wrap ``policy(vector, mask) -> id`` as a gin player (``PolicyPlayer(policy, name)``);
    an illegal id raises."""

    declared = RESEARCH
