"""A policy over the encoded observation, seated as a computer player of its game.

A trained agent maps (observation vector, action mask) to an action id. Wrapped in
:class:`PolicyPlayer` it acts on the engine's own view of its seat, so it can sit at a table,
play in :mod:`cardtable.sim`, or be the opponent of a Gymnasium environment. The game's
declarations say how the engine view becomes vectors and masks (Cribbage lays away as two
picks, asking the policy twice, as the environments do).

>>> import numpy as np
>>> from cardtable.cribbage.match import Match
>>> def first_legal(vector: np.ndarray, mask: np.ndarray) -> int:
...     return int(mask.nonzero()[0][0])
>>> player = PolicyPlayer(first_legal, name="first-legal", game="cribbage")
>>> match = Match.new(seed="policy", first_dealer=0)
>>> print(player.act(match.observation(1)))
discard 6S 9S
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.env.research import Policy, Research, research_of

__all__ = ["Policy", "PolicyPlayer"]


class PolicyPlayer:
    """Wrap ``policy(vector, mask) -> id`` as a player of ``game``; an illegal id raises.

    A game's own subclass names its game in :attr:`declared` and needs no ``game``.
    """

    declared: ClassVar[str | Research | None] = None

    def __init__(
        self, policy: Policy, name: str = "policy", *, game: str | Research | None = None
    ) -> None:
        chosen = self.declared if game is None else game
        if chosen is None:
            raise TypeError("a PolicyPlayer needs the game it plays: give game=")
        self.policy = policy
        self.name = name
        self.research = research_of(chosen)

    def act(self, observation: Any) -> Any:
        return self.research.policy_action(self.policy, observation)
