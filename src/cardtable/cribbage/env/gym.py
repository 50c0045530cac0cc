"""A single-agent Gymnasium environment: one learner against one of our computer players.

The observation is the 584-value vector of :mod:`cardtable.cribbage.env.encoding`; the legal
ids are in ``info["action_mask"]`` and from :meth:`CribbageGymEnv.action_masks` (the method
``sb3_contrib``'s maskable algorithms call). The opponent acts on its own seat's
:class:`~cardtable.cribbage.match.MatchObservation` between the learner's steps. Importing
this module registers it as ``cribbage/Cribbage-v0``;
``gymnasium.make("cardtable.cribbage.env.gym:cribbage/Cribbage-v0")`` imports it on the way.

>>> environment = CribbageGymEnv(opponent="simple", reward="hand")
>>> observation, info = environment.reset(seed=7)
>>> observation.shape, int(info["action_mask"].sum())
((584,), 6)
>>> total, terminated = 0.0, False
>>> while not terminated:
...     legal = info["action_mask"].nonzero()[0]
...     observation, reward, terminated, truncated, info = environment.step(int(legal[0]))
...     total += reward
>>> pegs = info["hand_pegs"]
>>> total == pegs[info["seat"]] - pegs[1 - info["seat"]]
True
"""

from __future__ import annotations

from typing import Final

from cardtable.cribbage.env.core import GameCore
from cardtable.cribbage.env.research import RESEARCH
from cardtable.env.gym import OneGameGymEnv, register

__all__ = ["ENV_ID", "CribbageGymEnv"]

ENV_ID: Final = "cribbage/Cribbage-v0"


class CribbageGymEnv(OneGameGymEnv):
    """The learner plays ``seat`` (0, 1, or ``None`` for a random seat each episode) against
    ``opponent``: a player name for :func:`~cardtable.cribbage.players.make_player` (seeded
    from the episode seed) or any :class:`~cardtable.cribbage.players.Player` instance.

    ``reward``, ``rules``, ``settings``, ``illegal_action`` and ``illegal_reward`` are as in
    :class:`~cardtable.cribbage.env.aec.CribbageEnv`. The learner always acts in every hand
    (each player lays away), so no episode ends before its first step; points the opponent's
    moves earn or cost the learner are paid with the learner's next step.
    """

    declared = RESEARCH
    core: GameCore


register(ENV_ID, f"{__name__}:CribbageGymEnv")
