"""Gin's research declarations: what :mod:`cardtable.env` needs to run gin.

The registry names :data:`RESEARCH` in gin's ``research`` facet; the kit builds its
environments on :class:`~cardtable.gin.env.core.GameCore` (the 429-value encoding of
:mod:`cardtable.gin.env.encoding`, the 108 action ids of :mod:`cardtable.gin.env.actions`,
the rewards in real points) and seats gin's computer players as opponents.

>>> RESEARCH.game, RESEARCH.env_name, RESEARCH.reward_modes
('gin', 'ginrummy_v0', ('hand', 'match', 'match_dense'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from cardtable.env.research import Policy
from cardtable.errors import IllegalActionError
from cardtable.gin.actions import Action
from cardtable.gin.env.actions import NUM_ACTIONS, legal_ids
from cardtable.gin.env.core import REWARD_MODES, GameCore, RewardMode, make_rules
from cardtable.gin.env.encoding import encode_observation
from cardtable.gin.hand import Observation
from cardtable.gin.players.base import Player, make_player

__all__ = ["RESEARCH", "GinResearch"]


@dataclass(frozen=True, slots=True)
class GinResearch:
    """Gin's declarations (one value, :data:`RESEARCH`)."""

    game: str = "gin"
    env_name: str = "ginrummy_v0"
    reward_modes: tuple[str, ...] = REWARD_MODES

    def new_core(
        self,
        rules: Any,
        settings: Mapping[str, Any] | None,
        reward: str,
        options: Mapping[str, Any],
    ) -> GameCore:
        unknown = sorted(set(options) - {"layouts"})
        if unknown:
            raise TypeError(f"unknown option {unknown[0]!r} for gin (its option is layouts)")
        mode: RewardMode = reward  # type: ignore[assignment]  # GameCore checks it
        return GameCore(make_rules(rules, settings), mode, options.get("layouts", False))

    def make_player(self, spec: str, seed: int | None) -> Player:
        return make_player(spec) if seed is None else make_player(spec, seed)

    def is_player(self, value: object) -> bool:
        return isinstance(value, Player)

    def policy_action(self, policy: Policy, view: Observation) -> Action:
        legal = legal_ids(view.legal_actions())
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[list(legal)] = 1
        chosen = int(policy(encode_observation(view), mask))
        action = legal.get(chosen)
        if action is None:
            raise IllegalActionError(f"the policy chose action {chosen}, which is not legal")
        return action


RESEARCH: Final = GinResearch()
