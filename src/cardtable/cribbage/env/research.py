"""Cribbage's research declarations: what :mod:`cardtable.env` needs to run Cribbage.

The registry names :data:`RESEARCH` in Cribbage's ``research`` facet; the kit builds its
environments on :class:`~cardtable.cribbage.env.core.GameCore` (the 584-value encoding of
:mod:`cardtable.cribbage.env.encoding`, the 53 action ids of
:mod:`cardtable.cribbage.env.actions`, laying away as two picks) and seats Cribbage's
computer players as opponents.

>>> RESEARCH.game, RESEARCH.env_name, RESEARCH.reward_modes
('cribbage', 'cribbage_v0', ('hand', 'match'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardtable.cards import CARDS, Card
from cardtable.cribbage.actions import Action
from cardtable.cribbage.env.actions import to_action
from cardtable.cribbage.env.core import REWARD_MODES, GameCore, make_rules
from cardtable.cribbage.env.encoding import action_mask, encode_observation
from cardtable.cribbage.match import MatchObservation
from cardtable.cribbage.players.base import Player, make_player
from cardtable.cribbage.players.counting import count_action
from cardtable.env.research import EngineResearch, Policy
from cardtable.errors import IllegalActionError

__all__ = ["RESEARCH", "CribbageResearch"]


@dataclass(frozen=True, slots=True)
class CribbageResearch(EngineResearch):
    """Cribbage's declarations (one value, :data:`RESEARCH`): laying away is two picks."""

    def policy_action(self, policy: Policy, view: MatchObservation) -> Action:
        """Lay away by asking twice (the second time with the first pick in the ``picked``
        plane); count every show in full, as every computer player does."""
        hand = view.hand
        counted = count_action(hand)
        if counted is not None:
            return counted
        picked: Card | None = None
        while True:
            mask = action_mask(view, picked)
            chosen = int(policy(encode_observation(view, picked), mask))
            if not 0 <= chosen < len(mask) or not mask[chosen]:
                raise IllegalActionError(f"the policy chose action {chosen}, which is not legal")
            action = to_action(chosen, hand.phase, hand.legal, picked)
            if action is not None:
                return action
            picked = CARDS[chosen]


RESEARCH: Final = CribbageResearch(
    "cribbage", "cribbage_v0", REWARD_MODES, GameCore, make_rules, make_player, Player
)
