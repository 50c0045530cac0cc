"""Cribbage's vector environment: ``num_envs`` games stepped together, numpy in and out.

The kit's :class:`~cardtable.env.vector.GameVectorEnv` over Cribbage's research core (the
584-value observation, the 53 action ids, laying away as two picks, the ``"hand"`` and
``"match"`` rewards); the module :mod:`cardtable.env.vector` describes the opponents, the
seeds and the autoreset modes.

Importing this module registers ``cardtable/Cribbage-v0`` (the scalar environment
:class:`~cardtable.cribbage.env.gym.CribbageGymEnv` as its ``entry_point``, this one as its
``vector_entry_point``):

>>> import gymnasium
>>> vector = gymnasium.make_vec("cardtable/Cribbage-v0", num_envs=8,
...                             vectorization_mode="vector_entry_point", opponent="self")
>>> type(vector.unwrapped).__name__, vector.num_envs, vector.single_observation_space.shape
('CribbageVectorEnv', 8, (584,))
"""

from __future__ import annotations

from typing import Final

from cardtable.cribbage.env.research import RESEARCH
from cardtable.env.vector import OneGameVectorEnv, register_vector

__all__ = ["ENV_ID", "CribbageVectorEnv"]

ENV_ID: Final = "cardtable/Cribbage-v0"


class CribbageVectorEnv(OneGameVectorEnv):
    """Cribbage's :class:`~cardtable.env.vector.GameVectorEnv`: ``CribbageVectorEnv(num_envs,
    opponent=..., seat=..., reward=..., ...)``."""

    declared = RESEARCH


register_vector(
    ENV_ID,
    "cardtable.cribbage.env.gym:CribbageGymEnv",
    f"{__name__}:CribbageVectorEnv",
)
