"""Research environments for Cribbage: PettingZoo (AEC) and Gymnasium, over the engine.

Needs the ``env`` extra (``pip install 'cardtable[env]'``: numpy, gymnasium, pettingzoo).
Names are loaded on first use: importing the package costs no numpy import.

* :func:`env` / :func:`raw_env` / :class:`CribbageEnv`: the two-agent AEC environment;
* :class:`CribbageGymEnv`: one learner against any computer player (by name or instance);
* :class:`CribbageVectorEnv`: ``num_envs`` games stepped together, numpy in and out
  (:mod:`cardtable.env.vector`), registered as ``cardtable/Cribbage-v0``'s
  ``vector_entry_point``;
* :func:`encode_observation`, :func:`action_mask`, :data:`OBS_SIZE`, :data:`NUM_ACTIONS`:
  the documented encoding and action ids, usable on any
  :class:`~cardtable.cribbage.match.MatchObservation`;
* :class:`PolicyPlayer`: a policy over (vector, mask) as a Cribbage player, to seat a trained
  agent at a table or in the simulator.

An agent's observation is made from its own seat's ``match.observation(seat)`` only. The full
description is in ``docs/research.md`` (the Cribbage section).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.env.lazy import lazy_names

if TYPE_CHECKING:
    from cardtable.cribbage.env.actions import (
        GO_ID,
        NUM_ACTIONS,
        action_id,
        describe_action,
        legal_ids,
    )
    from cardtable.cribbage.env.aec import CribbageEnv, env, raw_env
    from cardtable.cribbage.env.core import GameCore, default_illegal_reward
    from cardtable.cribbage.env.encoding import OBS_SIZE, action_mask, encode_observation, layout
    from cardtable.cribbage.env.gym import CribbageGymEnv
    from cardtable.cribbage.env.player import PolicyPlayer
    from cardtable.cribbage.env.vector import CribbageVectorEnv

__all__ = [
    "GO_ID",
    "NUM_ACTIONS",
    "OBS_SIZE",
    "CribbageEnv",
    "CribbageGymEnv",
    "CribbageVectorEnv",
    "GameCore",
    "PolicyPlayer",
    "action_id",
    "action_mask",
    "default_illegal_reward",
    "describe_action",
    "encode_observation",
    "env",
    "layout",
    "legal_ids",
    "raw_env",
]

_WHERE = {
    "actions": ("GO_ID", "NUM_ACTIONS", "action_id", "describe_action", "legal_ids"),
    "aec": ("CribbageEnv", "env", "raw_env"),
    "core": ("GameCore", "default_illegal_reward"),
    "encoding": ("OBS_SIZE", "action_mask", "encode_observation", "layout"),
    "gym": ("CribbageGymEnv",),
    "player": ("PolicyPlayer",),
    "vector": ("CribbageVectorEnv",),
}


__getattr__, __dir__ = lazy_names(__name__, _WHERE, __all__)
