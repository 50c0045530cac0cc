"""Research environments: PettingZoo (AEC) and Gymnasium, over the exact-rules engine.

Needs the ``env`` extra (``pip install 'cardtable[env]'``: numpy, gymnasium, pettingzoo).
Names are loaded on first use: importing the package costs no numpy import.

* :func:`env` / :func:`raw_env` / :class:`GinRummyEnv`: the two-agent AEC environment;
* :class:`GinRummyGymEnv`: one learner against any computer player (by name or instance);
* :func:`encode_observation`, :func:`action_mask`, :data:`OBS_SIZE`, :data:`NUM_ACTIONS`:
  the documented encoding and action ids, usable on any :class:`~cardtable.gin.hand.Observation`;
* :class:`PolicyPlayer`: a policy over (vector, mask) as a :class:`~cardtable.gin.players.Player`,
  to seat a trained agent at a table or in the simulator;
* ``layouts=True`` on :class:`GinRummyEnv` / :class:`GinRummyGymEnv`: the knocker chooses its
  layout (ids from :data:`LAYOUT_BASE`, :func:`layout_choices`);
* :mod:`cardtable.gin.env.openspiel_game`: the same game registered with OpenSpiel as
  ``python_cardtable_gin_rummy`` (needs ``pip install open-spiel``; import it to register);
* :class:`GinRummyVectorEnv`: many games stepped together as numpy arrays (a Gymnasium vector
  environment, registered as ``cardtable/GinRummy-v0``), and :class:`Collector` /
  :class:`Trajectories`: batched self-play data over worker processes or Ray.

The full description is in ``docs/research.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.env.lazy import lazy_names

if TYPE_CHECKING:
    from cardtable.gin.env.actions import (
        LAYOUT_BASE,
        MAX_LAYOUTS,
        NUM_ACTIONS,
        NUM_ACTIONS_WITH_LAYOUTS,
        action_id,
        describe_action,
        layout_choices,
        legal_ids,
    )
    from cardtable.gin.env.aec import GinRummyEnv, env, raw_env
    from cardtable.gin.env.batch import random_actions
    from cardtable.gin.env.collect import Collector, Trajectories
    from cardtable.gin.env.core import GameCore, default_illegal_reward
    from cardtable.gin.env.encoding import (
        OBS_SIZE,
        OBS_SIZE_WITH_LAYOUTS,
        action_mask,
        encode_observation,
        layout,
    )
    from cardtable.gin.env.gym import GinRummyGymEnv
    from cardtable.gin.env.player import PolicyPlayer
    from cardtable.gin.env.vector import GinRummyVectorEnv

__all__ = [
    "LAYOUT_BASE",
    "MAX_LAYOUTS",
    "NUM_ACTIONS",
    "NUM_ACTIONS_WITH_LAYOUTS",
    "OBS_SIZE",
    "OBS_SIZE_WITH_LAYOUTS",
    "Collector",
    "GameCore",
    "GinRummyEnv",
    "GinRummyGymEnv",
    "GinRummyVectorEnv",
    "PolicyPlayer",
    "Trajectories",
    "action_id",
    "action_mask",
    "default_illegal_reward",
    "describe_action",
    "encode_observation",
    "env",
    "layout",
    "layout_choices",
    "legal_ids",
    "random_actions",
    "raw_env",
]

_WHERE = {
    "actions": (
        "LAYOUT_BASE",
        "MAX_LAYOUTS",
        "NUM_ACTIONS",
        "NUM_ACTIONS_WITH_LAYOUTS",
        "action_id",
        "describe_action",
        "layout_choices",
        "legal_ids",
    ),
    "aec": ("GinRummyEnv", "env", "raw_env"),
    "batch": ("random_actions",),
    "collect": ("Collector", "Trajectories"),
    "core": ("GameCore", "default_illegal_reward"),
    "encoding": (
        "OBS_SIZE",
        "OBS_SIZE_WITH_LAYOUTS",
        "action_mask",
        "encode_observation",
        "layout",
    ),
    "gym": ("GinRummyGymEnv",),
    "player": ("PolicyPlayer",),
    "vector": ("GinRummyVectorEnv",),
}


__getattr__, __dir__ = lazy_names(__name__, _WHERE, __all__)
