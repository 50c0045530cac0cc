"""What the opponent may hold, from the seat's view alone: the hidden cards' possible deals,
weighted by how well each explains what the opponent did.

Every card the seat has not seen (the opponent's hand, its two crib cards, the rest of the
deck) could be anywhere, but not with equal chance:

- a go is certain knowledge: when the opponent could not play at a count ``c`` (it said go,
  or a count ended short of 31), every card it still holds is worth more than ``31 - c``
  (:func:`opponent_floor`);
- players keep good hands: a deal of the hidden cards gives the opponent six cards (the four
  it kept, those it played and those it holds, and its two crib cards), and the deal is
  weighted by the chance that a player who likes points keeps those four, a softmax over its
  15 ways to lay away of ``keep_weight`` times what the four make together (fifteens, pairs,
  runs, a flush) plus or minus ``crib_weight`` times what the two laid away give a crib;
- players take points in the play, and else play their low cards first (keeping the high
  ones for later counts): each card it played is weighted against the others it could have
  played then (:func:`play_chances`): a softmax of ``play_weight`` times what each would have
  pegged, and among the cards that peg alike a softmax of ``low_weight`` times how low it
  is. So a king played on a count where it pegs nothing says the opponent likely holds no
  lower card that would not have pegged either. A lead says little of the kind (players lead
  for other reasons than a card's rank), so ``lead_low_weight`` is 0.

Deals are drawn uniformly (the opponent's cards among those the floor allows, its crib cards
among the rest), weighted, and drawn again in proportion to their weights (sampling
importance resampling), all from a generator seeded from the view, so a view always gives
the same deals. Nothing here looks at a card the seat has not seen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from math import comb, exp
from typing import Final

from cardtable.cards import VALUES, Card
from cardtable.cribbage.hand import Observation
from cardtable.cribbage.players.discard import crib_value
from cardtable.cribbage.score import kept_points

__all__ = [
    "Deal",
    "OpponentModel",
    "kept_points",
    "opponent_candidates",
    "opponent_deals",
    "opponent_floor",
    "peg_points",
    "play_chances",
    "rank_chances",
]

RANK_VALUES: Final = tuple(min(rank + 1, 10) for rank in range(13))
_PAIRS: Final = (0, 0, 2, 6, 12)
_SPLITS: Final = tuple(combinations(range(6), 2))


def peg_points(ranks: Sequence[int], count: int) -> int:
    """What the last of ``ranks`` (the current count's ranks, in play order) pegs when the
    count reaches ``count``: 15 and 31 for 2, pairs 2, 6 or 12, the longest run ending it.

    >>> peg_points((2, 4, 3), 12)  # 3, 5, 4: a run of three
    3
    >>> peg_points((6, 7, 7), 23)  # 7, 8, 8: a pair
    2
    >>> peg_points((6, 7, 6), 22)  # 7, 8, 7: no pair (not the card just before), no run
    0
    >>> peg_points((3, 5, 3, 4), 19)  # 4-6-4-5: the last three run, not four
    3
    """
    points = 2 if count in (15, 31) else 0
    last = ranks[-1]
    size = len(ranks)
    same = 1
    index = size - 2
    while index >= 0 and ranks[index] == last:
        same += 1
        index -= 1
    if same > 1:
        # A pair ends the count, so no run can: a run needs distinct ranks.
        return points + _PAIRS[same]
    for length in range(size, 2, -1):
        window = ranks[size - length :]
        low = min(window)
        if max(window) - low == length - 1 and len(set(window)) == length:
            return points + length
    return points


def play_chances(
    points: Sequence[int], ranks: Sequence[int], greed: float, low: float
) -> list[float]:
    """How likely a player is to play each of its cards (their ``points`` pegged now and
    ``ranks``): points first, a softmax of ``greed`` times them; then, among the cards that
    peg alike, low cards first, a softmax of ``-low`` times the rank. The rank only shares out
    what a level of points gets, so a low card never outweighs a card that pegs.

    >>> [round(c, 3) for c in play_chances([0, 0, 2], [0, 9, 12], 3.0, 0.0)]
    [0.002, 0.002, 0.995]
    >>> [round(c, 3) for c in play_chances([0, 0, 2], [0, 9, 12], 3.0, 1.0)]
    [0.005, 0.0, 0.995]
    """
    top = max(points)
    level: dict[int, float] = {}
    within = [exp(-low * r) for r in ranks]
    for p, w in zip(points, within, strict=True):
        level[p] = level.get(p, 0.0) + w
    counts: dict[int, int] = {}
    for p in points:
        counts[p] = counts.get(p, 0) + 1
    chances = [
        exp(greed * (p - top)) * counts[p] * w / level[p]
        for p, w in zip(points, within, strict=True)
    ]
    total = sum(chances)
    return [c / total for c in chances]


def opponent_floor(view: Observation) -> int:
    """The opponent's cards are all worth more than this, from the counts at which it could
    not play (0 when nothing is known)."""
    opponent = 1 - view.seat
    floor = 0
    plays = view.plays
    starts = _count_starts(view)
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(plays)
        segment = plays[start:end]
        for first, second in pairwise(segment):
            # Two cards in a row from the seat: the opponent was asked and said go (or had no
            # cards, and then the floor says nothing about cards it does not hold).
            if first.seat != opponent and second.seat != opponent:
                floor = max(floor, 31 - first.count)
        if start < view.count_start and segment[-1].count != 31:
            # A count ends short of 31 only when neither player can add a card to it.
            floor = max(floor, 31 - segment[-1].count)
    if view.said_go[opponent]:
        floor = max(floor, 31 - view.count)
    return floor


def _count_starts(view: Observation) -> list[int]:
    """Where each count of the play began, as indexes into ``view.plays``: a count that ends
    before the play does is at 22 or more (or 31), and the next one starts at 10 or less."""
    return [
        index
        for index, play in enumerate(view.plays)
        if index == 0 or play.count <= view.plays[index - 1].count
    ]


def opponent_candidates(view: Observation) -> list[Card]:
    """The unseen cards the opponent may hold now (sorted), by :func:`opponent_floor`."""
    floor = opponent_floor(view)
    unseen = list(view.unseen())
    fitting = [card for card in unseen if VALUES[card] > floor]
    # A view that contradicts itself cannot happen in a real hand; keep to the unseen cards.
    return fitting if len(fitting) >= view.opponent_cards else unseen


def rank_chances(candidates: Sequence[Card], cards: int) -> list[float]:
    """For each rank, the chance that a hand of ``cards`` drawn from ``candidates`` holds at
    least one card of it (each rank alone; no weighting)."""
    total = len(candidates)
    by_rank = [0] * 13
    for card in candidates:
        by_rank[card % 13] += 1
    if cards <= 0 or total == 0:
        return [0.0] * 13
    none = comb(total, cards)
    return [1.0 - comb(total - n, cards) / none for n in by_rank]


@dataclass(frozen=True, slots=True)
class OpponentModel:
    """How the opponent is assumed to choose (see the module docstring), and how many deals
    are drawn: ``draws`` weighted, then ``samples`` by the number of cards it still holds
    drawn again by weight (deals that come up more than once are merged).

    ``their_blend`` is for the play search (:class:`~cardtable.cribbage.players.pegging.
    Solver`): how far the opponent's replies there follow ``play_weight`` and ``low_weight``
    (taking points, else its low cards) rather than a minimax that would see the seat's cards.
    ``lead_low_weight`` is ``low_weight`` for a lead. The defaults were tuned on the strength
    bench (``bench/cribbage_strength.py``) within the time a decision may take.
    """

    keep_weight: float = 0.5
    crib_weight: float = 0.5
    play_weight: float = 3.0
    low_weight: float = 1.0
    lead_low_weight: float = 0.0
    draws: int = 300
    their_blend: float = 1.0
    samples: tuple[tuple[int, int], ...] = ((0, 24), (1, 60), (2, 60), (3, 60), (4, 48))

    def samples_for(self, cards: int) -> int:
        return dict(self.samples).get(cards, 32)


@dataclass(frozen=True, slots=True)
class Deal:
    """One possible deal of the hidden cards, from the seat's side: the ranks of the
    opponent's hand (sorted), its weight, and the cards (the hand and the crib's hidden half)
    for counting the show near the end of a game."""

    ranks: tuple[int, ...]
    weight: float
    cards: tuple[Card, ...] = ()
    crib: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class _PlayContext:
    """One card the opponent played: the count's ranks and count before it."""

    seq: tuple[int, ...]
    count: int
    card: Card


def _play_contexts(view: Observation) -> list[_PlayContext]:
    opponent = 1 - view.seat
    contexts = []
    starts = set(_count_starts(view))
    seq: list[int] = []
    for index, play in enumerate(view.plays):
        if index in starts:
            seq = []
        if play.seat == opponent:
            contexts.append(_PlayContext(tuple(seq), play.count - VALUES[play.card], play.card))
        seq.append(play.card % 13)
    return contexts


def _keep_likelihood(
    kept: Sequence[Card], thrown: Sequence[Card], their_crib: bool, model: OpponentModel
) -> float:
    """The chance that the opponent lays away ``thrown`` from these six cards."""
    six = [*kept, *thrown]
    sign = 1.0 if their_crib else -1.0
    scores = []
    for i, j in _SPLITS:
        four = [six[k] for k in range(6) if k != i and k != j]
        score = model.keep_weight * kept_points(four)
        if model.crib_weight:
            score += sign * model.crib_weight * crib_value(six[i], six[j])
        scores.append(score)
    chosen = scores[_SPLITS.index((4, 5))]
    top = max(scores)
    return exp(chosen - top) / sum(exp(s - top) for s in scores)


def _play_likelihood(
    kept: Sequence[Card], contexts: Sequence[_PlayContext], model: OpponentModel
) -> float:
    """The chance that the opponent plays the cards it played, in order, holding ``kept``."""
    held = list(kept)
    chance = 1.0
    for context in contexts:
        room = 31 - context.count
        options = [c for c in held if VALUES[c] <= room]
        if len(options) > 1:
            low = model.low_weight if context.seq else model.lead_low_weight
            points = [
                peg_points((*context.seq, c % 13), context.count + VALUES[c]) for c in options
            ]
            chances = play_chances(points, [c % 13 for c in options], model.play_weight, low)
            chance *= chances[options.index(context.card)]
        held.remove(context.card)
    return chance


def opponent_deals(
    view: Observation, rng: random.Random, with_cards: bool, model: OpponentModel
) -> list[Deal]:
    """Deals of the hidden cards drawn by their weight given the opponent's choices, merged
    by the ranks of its hand unless ``with_cards`` (when the show will be counted)."""
    k = view.opponent_cards
    candidates = opponent_candidates(view)
    unseen = list(view.unseen())
    played = [p.card for p in view.plays if p.seat != view.seat]
    contexts = _play_contexts(view)
    their_crib = not view.is_dealer
    # The crib's hidden half: the opponent's two cards, from when it has laid away until the
    # crib is shown.
    crib_hidden = view.opponent_laid_away and not any(s.kind == "crib" for s in view.shows)
    drawn: list[tuple[tuple[Card, ...], tuple[Card, ...]]] = []
    weights: list[float] = []
    for _ in range(model.draws if (k or with_cards) else 1):
        hand = tuple(sorted(rng.sample(candidates, k))) if k else ()
        crib: tuple[Card, ...] = ()
        if crib_hidden:
            pool = [c for c in unseen if c not in hand]
            crib = tuple(sorted(rng.sample(pool, 2)))
        weight = 1.0
        if crib_hidden and (model.keep_weight or model.crib_weight):
            weight *= _keep_likelihood([*played, *hand], crib, their_crib, model)
        if contexts and model.play_weight:
            weight *= _play_likelihood([*played, *hand], contexts, model)
        drawn.append((hand, crib))
        weights.append(weight)
    if not k and not with_cards:
        return [Deal((), 1.0)]
    if not sum(weights):  # every draw explains the play too badly to count: take them alike
        weights = [1.0] * len(drawn)
    picks = rng.choices(range(len(drawn)), weights=weights, k=model.samples_for(k))
    if with_cards:
        return [
            Deal(tuple(sorted(c % 13 for c in drawn[i][0])), 1.0, drawn[i][0], drawn[i][1])
            for i in picks
        ]
    grouped: dict[tuple[int, ...], float] = {}
    for i in picks:
        ranks = tuple(sorted(c % 13 for c in drawn[i][0]))
        grouped[ranks] = grouped.get(ranks, 0.0) + 1.0
    return [Deal(ranks, weight) for ranks, weight in sorted(grouped.items())]
