"""What the opponent holds, weighed by how likely its own play makes each guess.

:mod:`~cardtable.gin.players.knowledge` moves per-card weights by fixed factors for each
public event. This module instead samples whole histories consistent with one seat's
observation (the opponent's hidden cards now, and which of them each stock draw brought,
uniformly: the same walk back as :mod:`cardtable.gin.worlds`, on masks only) and weighs each
by the likelihood of every decision the opponent was seen to make under a softened model of
its play: it takes a discard that melds and passes one that does not, throws the card that
leaves least deadwood, and knocks when it can. A guess under which the opponent would have
played otherwise (kept a king while throwing a five, passed a card that made a set, not
knocked with four deadwood) loses most of its weight. The weighted hands give the chance of
each card being held, the chance that a discard feeds the opponent a meld (joint, not per
card), and opponent hands for the expert's knock search and play-outs.

What it is worth (measured against simple; the expert's ``posterior_*`` options, all off):
the per-card and danger readings rank no better than the knowledge weights (danger AUC
0.76-0.82 against 0.82: from public play there is little more to read, and weighing
uniform guesses leaves few that count), but the chance that a knock is undercut comes out
right (Brier 0.08, against 0.19 for the organised samples, which predict 30 points more
undercuts than happen). In play that accuracy loses matches: see the expert's options.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from cardtable.cards import VALUES, card_numbers
from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Observation
from cardtable.gin.melds import deadwood, knock_discards

__all__ = ["DEFAULT_MODEL", "OpponentModel", "Posterior"]

_PASS: Final = ActionKind.PASS
_STOCK: Final = ActionKind.DRAW_STOCK
_TAKE: Final = ActionKind.DRAW_DISCARD
_DISCARD: Final = ActionKind.DISCARD

# Decision kinds of the parsed history (small ints: the walk is the hot loop).
_D_DECLINE: Final = 0  # passed the upcard or drew from the stock instead of the top card
_D_FORCED: Final = 1  # drew from the stock with no choice (after both passed the upcard)
_D_TAKE: Final = 2
_D_DISCARD: Final = 3


@dataclass(frozen=True, slots=True)
class OpponentModel:
    """A softened simple-like player: how the opponent's decisions are scored.

    ``take_slip`` is the chance it takes a top card that melds nothing (or passes one that
    melds); ``sharpness`` how strongly it throws the card leaving least deadwood (per point
    of deadwood, on a log scale); ``knock_slip`` the chance it plays on when it could knock.
    """

    take_slip: float = 0.15
    sharpness: float = 0.7
    knock_slip: float = 0.3


DEFAULT_MODEL: Final = OpponentModel()


@dataclass(frozen=True, slots=True)
class _Step:
    kind: int
    card: int  # the top card declined or taken, or the card thrown
    taken: int  # for a discard: the card taken this turn (it may not be thrown), else -1
    held_openly: int  # for a forced or chosen stock draw: the cards known in the hand then


def _parse(obs: Observation) -> list[_Step]:
    """The opponent's decisions in the order they were made, with the top card at each."""
    opponent = 1 - obs.seat
    steps: list[_Step] = []
    stack = [int(obs.upcard)]
    openly = 0
    taken = -1
    previous: ActionKind | None = None
    passes = 0
    for event in obs.events:
        kind = event.kind
        top = stack[-1] if stack else -1
        theirs = event.seat == opponent
        if kind is _PASS:
            passes += 1
            if theirs:
                steps.append(_Step(_D_DECLINE, top, -1, openly))
        elif kind is _STOCK:
            # After both seats passed the upcard, the non-dealer must draw from the stock.
            forced = previous is _PASS and passes == 2
            if theirs:
                steps.append(_Step(_D_FORCED if forced else _D_DECLINE, top, -1, openly))
                taken = -1
        elif kind is _TAKE:
            if stack:
                stack.pop()
            if theirs:
                steps.append(_Step(_D_TAKE, top, -1, openly))
                openly |= 1 << top
                taken = top
        elif kind is _DISCARD and event.card is not None:
            card = int(event.card)
            stack.append(card)
            if theirs:
                steps.append(_Step(_D_DISCARD, card, taken, openly))
                openly &= ~(1 << card)
                taken = -1
        previous = kind
    return steps


class Posterior:
    """Weighted opponent hands for one observation (see the module).

    ``hands`` are the opponent's full hands now (known cards included), ``weights`` their
    normalised importance weights.
    """

    __slots__ = ("_melded", "hands", "unseen", "weights")

    def __init__(self, hands: list[int], weights: list[float], unseen: int) -> None:
        self.hands = hands
        self.weights = weights
        self.unseen = unseen
        self._melded: list[int] | None = None

    @classmethod
    def sample(
        cls,
        obs: Observation,
        n: int,
        rng: random.Random,
        model: OpponentModel | None = None,
        prior: dict[int, float] | None = None,
        proposal: Callable[[random.Random], int] | None = None,
        moves: int = 0,
        chains: int = 40,
    ) -> Posterior:
        """``n`` weighted guesses at the opponent's hand now. With ``prior`` (a weight per
        unseen card) the hidden cards are drawn by it rather than uniformly, and the
        weights do not undo that: the prior's reading is kept, the likelihood added.
        ``proposal`` (a sampler of whole opponent hands now, such as the knowledge's
        organised samples) replaces both, in the same spirit.

        With ``moves``, ``chains`` of the guesses (drawn by weight) then each take that
        many Metropolis steps, swapping one hidden card for another unseen card, and the
        posterior is their end points, equally weighted. Weighing uniform guesses alone
        leaves few that matter (the opponent's play rules most hands out), so its picture
        stays close to a random hand; the steps move towards the hands that fit."""
        walk = _Walk(obs, model or DEFAULT_MODEL)
        unseen = obs.unseen.mask
        unseen_cards = card_numbers(unseen)
        known = walk.known
        hidden = max(0, min(len(unseen_cards), obs.opponent_card_count - known.bit_count()))
        hands: list[int] = []
        logs: list[float] = []
        for _ in range(n):
            hand = known
            if proposal is not None:
                hand = proposal(rng)
                picked = []
            elif prior is None:
                picked = rng.sample(unseen_cards, hidden)
            else:
                odds = [prior[c] for c in unseen_cards]
                picked = _weighted_sample(rng, unseen_cards, odds, hidden)
            for card in picked:
                hand |= 1 << card
            hands.append(hand)
            logs.append(walk.log_likelihood(hand, rng))
        weights = _normalise(logs)
        if moves <= 0 or not hidden or len(unseen_cards) <= hidden or not hands:
            return cls(hands, weights, unseen)
        out: list[int] = []
        for start in rng.choices(range(len(hands)), weights, k=chains):
            hand, log = hands[start], logs[start]
            for _ in range(moves):
                inside = card_numbers(hand & ~known)
                outside = [c for c in unseen_cards if not hand >> c & 1]
                proposed = hand ^ 1 << rng.choice(inside) ^ 1 << rng.choice(outside)
                # Pseudo-marginal: the stock draws are walked at random each time, so the
                # likelihood is an unbiased estimate and the chain keeps the posterior.
                new = walk.log_likelihood(proposed, rng)
                if new >= log or rng.random() < math.exp(new - log):
                    hand, log = proposed, new
            out.append(hand)
        return cls(out, [1.0 / len(out)] * len(out), unseen)

    def effective_size(self) -> float:
        """How many equally weighted hands the weights are worth."""
        return 1.0 / max(1e-12, sum(w * w for w in self.weights))

    def probability(self) -> dict[int, float]:
        """The chance that each unseen card is in the opponent's hand."""
        out = dict.fromkeys(card_numbers(self.unseen), 0.0)
        for hand, w in zip(self.hands, self.weights, strict=True):
            rest = hand & self.unseen
            while rest:
                low = rest & -rest
                rest ^= low
                out[low.bit_length() - 1] += w
        return out

    def danger(self, card: int) -> float:
        """The chance that ``card``, thrown now, melds with the opponent's hand."""
        if self._melded is None:
            self._melded = [deadwood(hand) for hand in self.hands]
        value = VALUES[card]
        bit = 1 << card
        return sum(
            w
            for hand, dw, w in zip(self.hands, self._melded, self.weights, strict=True)
            if w and deadwood(hand | bit) < dw + value
        )

    def knock_chance(self, threshold: int, rng: random.Random, hands: int = 24) -> float:
        """The chance that the opponent can knock (or go gin) after its next draw from the
        stock: over ``hands`` hands drawn by the weights, the share of the cards it could
        draw that let it."""
        cards = card_numbers(self.unseen)
        total = 0.0
        for hand in rng.choices(self.hands, self.weights, k=hands):
            stock = [c for c in cards if not hand >> c & 1]
            if not stock:
                continue
            good = sum(1 for c in stock if knock_discards(hand | 1 << c, threshold))
            total += good / len(stock)
        return total / hands

    def draw(self, rng: random.Random) -> int:
        """One opponent hand, drawn by the weights."""
        return rng.choices(self.hands, self.weights)[0]


class _Walk:
    """The likelihood of one guess at the opponent's hand now, by walking its history back."""

    __slots__ = ("known", "log_knock", "log_slip", "log_take", "sharp", "steps", "threshold")

    def __init__(self, obs: Observation, model: OpponentModel) -> None:
        self.steps = _parse(obs)[::-1]
        self.known = obs.opponent_known.mask
        self.threshold = obs.threshold
        self.log_take = math.log(1.0 - model.take_slip)
        self.log_slip = math.log(model.take_slip)
        self.log_knock = math.log(model.knock_slip)
        self.sharp = model.sharpness

    def log_likelihood(self, hand: int, rng: random.Random) -> float:
        """Log chance of the opponent's seen decisions if it holds ``hand`` now; each stock
        draw gives back, at random, one of the cards it did not hold openly."""
        total = 0.0
        log_take, log_slip, sharp = self.log_take, self.log_slip, self.sharp
        for step in self.steps:
            kind = step.kind
            if kind == _D_DISCARD:
                card = step.card
                hand |= 1 << card
                total += _discard_log(hand, card, step.taken, sharp)
                if _can_knock(hand, self.threshold, step.taken):
                    total += self.log_knock
            elif kind == _D_TAKE:
                hand ^= 1 << step.card
                total += log_take if _joins(hand, step.card) else log_slip
            else:
                if hand.bit_count() == 11:
                    hand ^= 1 << rng.choice(card_numbers(hand & ~step.held_openly))
                if kind == _D_DECLINE and step.card >= 0:
                    total += log_slip if _joins(hand, step.card) else log_take
        return total


def _normalise(logs: list[float]) -> list[float]:
    top = max(logs, default=0.0)
    raw = [math.exp(x - top) for x in logs]
    norm = sum(raw) or 1.0
    return [w / norm for w in raw]


def _weighted_sample(
    rng: random.Random, cards: list[int], weights: list[float], k: int
) -> list[int]:
    """``k`` distinct cards, each pick by the weights of those left."""
    cards = list(cards)
    weights = list(weights)
    out: list[int] = []
    for _ in range(k):
        pick = rng.random() * sum(weights)
        index = len(cards) - 1
        acc = 0.0
        for i, w in enumerate(weights):
            acc += w
            if acc >= pick:
                index = i
                break
        out.append(cards.pop(index))
        weights.pop(index)
    return out


def _joins(hand: int, card: int) -> bool:
    """Whether ``card`` melds with ``hand`` (it lowers the deadwood by more than it adds)."""
    return deadwood(hand | 1 << card) < deadwood(hand) + VALUES[card]


def _can_knock(hand: int, threshold: int, taken: int) -> bool:
    return any(c != taken for c, _ in knock_discards(hand, threshold))


def _discard_log(hand: int, thrown: int, taken: int, sharp: float) -> float:
    """Log chance of throwing ``thrown`` from the eleven cards of ``hand``: a softmax over
    the deadwood each legal throw leaves."""
    lefts: list[int] = []
    mine = 0
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        if card == taken:
            continue
        left = deadwood(hand ^ low)
        if card == thrown:
            mine = left
        lefts.append(left)
    least = min(lefts)
    z = sum(math.exp(-sharp * (left - least)) for left in lefts)
    return -sharp * (mine - least) - math.log(z)
