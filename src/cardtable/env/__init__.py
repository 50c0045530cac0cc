"""The research kit: one set of environments for every game that declares research.

Needs the ``env`` extra (``pip install 'cardtable[env]'``: numpy, gymnasium, pettingzoo).
Names are loaded on first use: importing the package costs no numpy import.

* :func:`aec_env` / :class:`GameEnv`: the two-agent PettingZoo AEC environment of a game;
* :func:`gym_env` / :class:`GameGymEnv`: one learner against one of the game's computer
  players (Gymnasium);
* :func:`vector_env` / :class:`GameVectorEnv`: ``num_envs`` games stepped together, numpy
  in and out (Gymnasium's ``VectorEnv``), with :func:`random_actions` over its masks;
* :class:`PolicyPlayer`: a policy over (vector, mask) as a computer player of the game;
* :class:`Research` / :class:`Core` and :func:`research_of`: what a game declares (named in the
  ``research`` facet of its :class:`~cardtable.games.interface.Game`) and how the kit finds
  it through the registry.

>>> from cardtable.env import aec_env
>>> environment = aec_env("gin")
>>> environment.metadata["name"], environment.core.num_actions
('ginrummy_v0', 108)

The kit imports no game: it finds each game's declarations through the registry. The full
description is in ``docs/research.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.env.lazy import lazy_names

if TYPE_CHECKING:
    from cardtable.env.aec import GameEnv, aec_env
    from cardtable.env.gym import GameGymEnv, gym_env
    from cardtable.env.player import PolicyPlayer
    from cardtable.env.research import Core, NoResearchError, Policy, Research, research_of
    from cardtable.env.vector import GameVectorEnv, random_actions, vector_env

__all__ = [
    "Core",
    "GameEnv",
    "GameGymEnv",
    "GameVectorEnv",
    "NoResearchError",
    "Policy",
    "PolicyPlayer",
    "Research",
    "aec_env",
    "gym_env",
    "random_actions",
    "research_of",
    "vector_env",
]

_WHERE = {
    "aec": ("GameEnv", "aec_env"),
    "gym": ("GameGymEnv", "gym_env"),
    "player": ("PolicyPlayer",),
    "research": ("Core", "NoResearchError", "Policy", "Research", "research_of"),
    "vector": ("GameVectorEnv", "random_actions", "vector_env"),
}


__getattr__, __dir__ = lazy_names(__name__, _WHERE, __all__)
