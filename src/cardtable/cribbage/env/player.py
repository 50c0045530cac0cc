"""A policy over the encoded observation, seated as a Cribbage
:class:`~cardtable.cribbage.players.Player`: the kit's
:class:`~cardtable.env.player.PolicyPlayer` of Cribbage (its example plays Cribbage).

A trained agent maps (observation vector, action mask) to an action id. Wrapped in
:class:`PolicyPlayer` it acts on an engine :class:`~cardtable.cribbage.match.MatchObservation`,
so it can sit at a table, play in :mod:`cardtable.sim` (``game="cribbage"``) or be the opponent
of :class:`~cardtable.cribbage.env.gym.CribbageGymEnv`. Laying away asks the policy twice, as
the environments do: the second time with the first pick in the ``picked`` plane. With muggins
on it counts every show in full, as every computer player does.
"""

from __future__ import annotations

from cardtable.cribbage.env.research import RESEARCH
from cardtable.env.player import Policy
from cardtable.env.player import PolicyPlayer as _PolicyPlayer

__all__ = ["Policy", "PolicyPlayer"]


class PolicyPlayer(_PolicyPlayer):
    """Wrap ``policy(vector, mask) -> id`` as a Cribbage player (``PolicyPlayer(policy,
    name)``); an illegal id raises."""

    declared = RESEARCH
