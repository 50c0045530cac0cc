"""Gin's research declarations: what :mod:`cardtable.env` needs to run gin.

The registry names :data:`RESEARCH` in gin's ``research`` facet; the kit builds its
environments on :class:`~cardtable.gin.env.core.GameCore` (the 429-value encoding of
:mod:`cardtable.gin.env.encoding`, the 108 action ids of :mod:`cardtable.gin.env.actions`,
the rewards in real points) and seats gin's computer players as opponents.

>>> RESEARCH.game, RESEARCH.env_name, RESEARCH.reward_modes
('gin', 'ginrummy_v0', ('hand', 'match', 'match_dense'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardtable.env.research import EngineResearch, Policy, policy_choice
from cardtable.gin.actions import Action
from cardtable.gin.env.actions import NUM_ACTIONS, legal_ids
from cardtable.gin.env.core import REWARD_MODES, GameCore, make_rules
from cardtable.gin.env.encoding import encode_observation
from cardtable.gin.hand import Observation
from cardtable.gin.players.base import Player, make_player

__all__ = ["RESEARCH", "GinResearch"]


@dataclass(frozen=True, slots=True)
class GinResearch(EngineResearch):
    """Gin's declarations (one value, :data:`RESEARCH`): its core takes ``layouts``."""

    def policy_action(self, policy: Policy, view: Observation) -> Action:
        legal = legal_ids(view.legal_actions())
        return policy_choice(policy, encode_observation(view), legal, NUM_ACTIONS)


RESEARCH: Final = GinResearch(
    "gin", "ginrummy_v0", REWARD_MODES, GameCore, make_rules, make_player, Player, ("layouts",)
)
