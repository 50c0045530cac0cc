"""The widely published simple player, as a baseline.

It takes the upcard or the top discard only if that card joins a meld in its best
arrangement, discards its highest-value deadwood card, knocks (or goes gin) as soon as it
legally can, and lays off optimally (the engine computes the defender's optimum).
"""

from __future__ import annotations

from cardtable.cards import VALUES
from cardtable.gin.actions import DRAW_DISCARD, DRAW_STOCK, PASS, Action, ActionKind
from cardtable.gin.hand import Observation, Phase
from cardtable.gin.melds import best_masks, deadwood
from cardtable.gin.players.base import register

__all__ = ["SimplePlayer", "joins_meld"]


def joins_meld(cards: int, card: int) -> bool:
    """Whether ``card`` is in a meld of the best arrangement of ``cards`` plus it."""
    melds, _ = best_masks(cards | 1 << card)
    return any(meld >> card & 1 for meld in melds)


class SimplePlayer:
    """The simple baseline player; deterministic (it needs no seed)."""

    name = "simple"

    def __init__(self, seed: int = 0) -> None:
        del seed

    def act(self, observation: Observation) -> Action:
        legal = observation.legal_actions()
        phase = observation.phase
        hand = observation.hand.mask
        if phase in (Phase.OFFER, Phase.DRAW):
            top = observation.top_discard
            if DRAW_DISCARD in legal and top is not None and joins_meld(hand, top):
                return DRAW_DISCARD
            return PASS if phase is Phase.OFFER else DRAW_STOCK
        ending = [a for a in legal if a.kind in (ActionKind.GIN, ActionKind.BIG_GIN)]
        if not ending:
            ending = [a for a in legal if a.kind is ActionKind.KNOCK]
        if ending:
            return min(ending, key=lambda a: (a.kind is not ActionKind.BIG_GIN, _after(hand, a)))
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        _, loose = best_masks(hand)
        candidates = [a for a in discards if a.card is not None and loose >> a.card & 1]
        pool = candidates or discards
        return max(pool, key=lambda a: (VALUES[a.card or 0], -_after(hand, a)))


def _after(hand: int, action: Action) -> int:
    return 0 if action.card is None else deadwood(hand ^ 1 << action.card)


register("simple", SimplePlayer)
