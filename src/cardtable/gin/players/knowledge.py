"""What one seat can infer about the opponent's hand from the public record.

Every card the seat has not seen is either in the stock or hidden in the opponent's hand.
Public events shift the odds: a card the opponent took from the discard pile makes its rank
and suit neighbours likelier in their hand; a card they threw, or passed over, makes them
less likely. The result is a weight per unseen card, from which opponent hands consistent
with the observation can be sampled.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Observation
from cardtable.gin.melds import best_discard

__all__ = ["Knowledge", "related_cards"]


def _related(card: int) -> tuple[tuple[int, float], ...]:
    """Cards that meld with ``card``, with how strongly: same rank, then suit neighbours."""
    rank, suit = card % 13, card // 13
    out: list[tuple[int, float]] = [(s * 13 + rank, 1.0) for s in range(4) if s != suit]
    for step, strength in ((1, 1.0), (2, 0.6)):
        for r in (rank - step, rank + step):
            if 0 <= r < 13:
                out.append((suit * 13 + r, strength))
    return tuple(out)


RELATED: Final = tuple(_related(c) for c in range(52))


def related_cards(card: int) -> tuple[tuple[int, float], ...]:
    return RELATED[card]


# How much each public event moves the weight of a related card (by strength 1.0).
_TOOK: Final = 2.2
_THREW: Final = 0.45
_DECLINED: Final = 0.75


@dataclass
class Knowledge:
    """A seat's picture of the unseen cards.

    ``unseen`` holds cards in the stock or hidden with the opponent; ``hidden`` is how many
    of the opponent's cards are unknown; ``weights`` is each unseen card's relative chance
    of being one of them.
    """

    hand: int
    opponent_known: int
    unseen: int
    hidden: int
    stock: int
    weights: dict[int, float]
    opponent_draws: int
    opponent_took: int

    @classmethod
    def from_observation(cls, obs: Observation, infer: bool = True) -> Knowledge:
        hand = obs.hand.mask
        known = obs.opponent_known.mask
        pile = 0
        for card in obs.discard_pile:
            pile |= 1 << card
        unseen = ((1 << 52) - 1) & ~(hand | known | pile)
        hidden = obs.opponent_card_count - known.bit_count()
        weights = {c: 1.0 for c in range(52) if unseen >> c & 1}
        opponent = 1 - obs.seat
        draws = 0
        took = 0
        # Replay the pile to know which card was on top at each decision.
        stack = [int(obs.upcard)]
        for event in obs.events:
            kind = event.kind
            top = stack[-1] if stack else -1
            mine = event.seat != opponent
            if kind is ActionKind.DRAW_DISCARD:
                if stack:
                    stack.pop()
                if not mine:
                    draws += 1
                    took += 1
                    if infer and top >= 0:
                        _shift(weights, top, _TOOK)
            elif kind is ActionKind.DISCARD:
                if event.card is not None:
                    stack.append(int(event.card))
                    if not mine and infer:
                        _shift(weights, int(event.card), _THREW)
            elif kind in (ActionKind.PASS, ActionKind.DRAW_STOCK) and not mine:
                if kind is ActionKind.DRAW_STOCK:
                    draws += 1
                if infer and top >= 0:
                    _shift(weights, top, _DECLINED)
        return cls(hand, known, unseen, max(hidden, 0), obs.stock_count, weights, draws, took)

    def opponent_probability(self) -> dict[int, float]:
        """The chance that each unseen card is in the opponent's hand."""
        total = sum(self.weights.values())
        if total <= 0 or not self.hidden:
            return dict.fromkeys(self.weights, 0.0)
        scale = self.hidden / total
        return {c: min(0.97, w * scale) for c, w in self.weights.items()}

    def sample_opponent(self, rng: random.Random, organise: float = 0.0) -> int:
        """One opponent hand consistent with the observation, drawn by the weights.

        With ``organise``, the hand then plays ``round(organise * opponent_draws)`` turns
        of solitaire on unseen cards, keeping what lowers its deadwood. A real opponent has
        spent its turns keeping melds and throwing loose cards, so a hand drawn at random
        is far worse than theirs: measured against simple, knock values computed on
        random hands came out at twice the points the knocks really made."""
        hand = self._draw_hidden(rng)
        steps = round(organise * self.opponent_draws)
        if steps <= 0:
            return hand
        pool = [c for c in self.weights if not hand >> c & 1]
        for _ in range(steps):
            if not pool:
                break
            index = rng.randrange(len(pool))
            drawn = pool[index]
            # Throw what leaves the least deadwood, never a card they are known to hold.
            _, loosest = best_discard(hand | 1 << drawn, self.opponent_known)
            hand = (hand | 1 << drawn) ^ 1 << loosest
            pool[index] = loosest  # the thrown card is unseen by us either way
        return hand

    def _draw_hidden(self, rng: random.Random) -> int:
        """The known cards plus hidden ones drawn by the weights."""
        cards = list(self.weights)
        weights = [self.weights[c] for c in cards]
        chosen = self.opponent_known
        for _ in range(self.hidden):
            total = sum(weights)
            pick = rng.random() * total
            acc = 0.0
            index = len(cards) - 1
            for i, w in enumerate(weights):
                acc += w
                if acc >= pick:
                    index = i
                    break
            chosen |= 1 << cards[index]
            cards.pop(index)
            weights.pop(index)
        return chosen


def _shift(weights: dict[int, float], card: int, factor: float) -> None:
    for other, strength in RELATED[card]:
        if other in weights:
            weights[other] *= factor**strength
