"""A single-agent Gymnasium environment: one learner against one of our computer players.

The observation is the 429-value vector of :mod:`cardtable.gin.env.encoding`; the legal ids are in
``info["action_mask"]`` and from :meth:`GinRummyGymEnv.action_masks` (the method
``sb3_contrib``'s maskable algorithms call). The opponent acts on its own seat's
:class:`~cardtable.gin.hand.Observation` between the learner's steps. Importing this module
registers it as ``ginrummy/GinRummy-v0``;
``gymnasium.make("cardtable.gin.env.gym:ginrummy/GinRummy-v0")`` imports it on the way.

>>> environment = GinRummyGymEnv(opponent="simple", reward="hand")
>>> observation, info = environment.reset(seed=7)
>>> observation.shape, int(info["action_mask"].sum()) > 0
((429,), True)
>>> terminated = False
>>> while not terminated:
...     legal = info["action_mask"].nonzero()[0]
...     observation, reward, terminated, truncated, info = environment.step(int(legal[0]))
>>> info["hand_results"][-1].winner in (0, 1, None)
True
"""

from __future__ import annotations

from typing import Final

from cardtable.env.gym import OneGameGymEnv, register
from cardtable.gin.env.core import GameCore
from cardtable.gin.env.research import RESEARCH

__all__ = ["ENV_ID", "GinRummyGymEnv"]

ENV_ID: Final = "ginrummy/GinRummy-v0"


class GinRummyGymEnv(OneGameGymEnv):
    """The learner plays ``seat`` (0, 1, or ``None`` for a random seat each episode) against
    ``opponent``: a player name for :func:`~cardtable.gin.players.make_player` (seeded from the
    episode seed) or any :class:`~cardtable.gin.players.Player` instance (the kit's
    :class:`~cardtable.env.gym.GameGymEnv` of gin).

    ``reward``, ``rules``, ``settings``, ``illegal_action`` and ``illegal_reward`` are as in
    :class:`~cardtable.gin.env.aec.GinRummyEnv`. Per-hand episodes that end before the learner can
    act (the opponent knocks on its first turn) are re-dealt and listed in
    ``info["skipped_hands"]`` of the reset; in a match, points scored before the learner's
    first action are paid with its first step. Either way an episode's return is the real
    result for the learner.

    ``layouts=True`` lets the learner choose the layout of its knocks, as in
    :class:`~cardtable.gin.env.aec.GinRummyEnv` (the opponent's knocks lay out the layout
    its player names, the best one by default).
    """

    declared = RESEARCH
    core: GameCore


register(ENV_ID, f"{__name__}:GinRummyGymEnv")
