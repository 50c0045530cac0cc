"""Many hands (or matches) of gin at once, as numpy arrays: the engine of the vector environment.

:class:`GinBatch` holds ``num`` games side by side and applies one action id per game in a
handful of numpy calls per kind of action, with the rules of :class:`~cardtable.gin.hand.Hand`
and :class:`~cardtable.gin.match.Match` (RULES.md 1 to 4) and the encoding and ids of
:mod:`cardtable.gin.env.encoding` and :mod:`cardtable.gin.env.actions`. Tests play thousands of
games through it and through the engine side by side and compare every observation, mask,
reward and outcome.

State, per game (a hand, or any set of cards, is a 52-bit mask in a ``uint64``):

* ``deck`` (the 52 cards in dealt order), ``stock_pos`` (the deck position of the top of the
  stock: 21 after the deal), ``pile``/``pile_len``/``pile_mask`` (the discard pile, bottom
  first), ``phase``, ``to_act``, ``dealer``, ``taken`` (the card taken from the pile this
  turn, -1 if none), ``stock_only``, ``threshold``, ``multiplier``;
* per seat (``[game, seat]``): ``hands``, ``known`` (taken from the pile and still held),
  ``discarded`` and ``declined`` (what the other seat is told it threw and passed up),
  ``deadwood`` (of the hand held now);
* for the seat to act after a draw: ``knocks`` (the cards it may knock or go gin with),
  ``gins`` (those that leave no deadwood) and ``big_gin``;
* per match: ``scores``, ``boxes``, ``deal_number``.

Gin and big gin are scored over the batch. The rarer moments stay with the engine itself, one
game at a time: an ordinary knock is scored by
:func:`~cardtable.gin.showdown.score_showdown` (the knocker's layout decides the defender's
lay-offs), a match's end by :func:`~cardtable.gin.match.final_score`.

>>> batch = GinBatch(Rules(), 2, "hand")
>>> batch.start(np.arange(2), decks=np.array([shuffled_deck("a"), shuffled_deck("b")]),
...             dealers=np.array([0, 1]))
>>> batch.settle()
>>> batch.to_act.tolist(), batch.phase.tolist()
([1, 0], [0, 0])
>>> obs, masks = batch.encode(batch.rows, batch.to_act)
>>> obs.shape, [int(i) for i in np.flatnonzero(masks[0])]
((2, 429), [1, 2])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from cardtable.cards import CARDS, CardSet, derive_seed, fair_cut, shuffled_deck
from cardtable.env.arrays import F32, F64, I8, I64, U64, Bools
from cardtable.gin.env.actions import BIG_GIN_ID, DISCARD_BASE, KNOCK_BASE, NUM_ACTIONS, PASS_ID
from cardtable.gin.env.core import RewardMode
from cardtable.gin.env.encoding import OBS_SIZE
from cardtable.gin.env.kernels import BIT, deadwood, knockable, masks_of_decks
from cardtable.gin.match import final_score
from cardtable.gin.rules import Rules
from cardtable.gin.showdown import Outcome, score_showdown

__all__ = [
    "DISCARD",
    "DRAW",
    "OFFER",
    "OUTCOMES",
    "OVER",
    "DeckSource",
    "EngineDecks",
    "FastDecks",
    "GinBatch",
    "StepOutcome",
    "random_actions",
]


# Phases as small ints (the order of Phase and of the one-hot columns of the encoding).
OFFER: Final = 0
DRAW: Final = 1
DISCARD: Final = 2
OVER: Final = 3

# Outcome codes of ``StepOutcome.outcome`` and ``info["outcome"]``: ``OUTCOMES[code]``, code 0
# (``None``) when no hand ended. docs/research.md lists them (tested).
OUTCOMES: Final = (
    None,
    Outcome.KNOCK,
    Outcome.UNDERCUT,
    Outcome.GIN,
    Outcome.BIG_GIN,
    Outcome.DEAD,
)
_CODE: Final = {outcome: code for code, outcome in enumerate(OUTCOMES) if outcome is not None}
_DEAD: Final = _CODE[Outcome.DEAD]

_FULL_DECK: Final = np.uint64((1 << 52) - 1)
_STOCK_AT_DEAL: Final = 21
# Float scalars of the encoding, worked out in double precision and rounded to float32 once,
# exactly as the scalar encoder packs them (a float32 division could differ in the last bit).
_STOCK_FRACTION: Final = np.array([k / 31.0 for k in range(53)], dtype=np.float32)
_DEADWOOD_FRACTION: Final = np.array([min(k, 100) / 100.0 for k in range(129)], dtype=np.float32)
_THRESHOLD_FRACTION: Final = np.array([k / 10.0 for k in range(11)], dtype=np.float32)
_PHASE_ROWS: Final = np.eye(4, dtype=np.float32)


@dataclass
class StepOutcome:
    """What one call of :meth:`GinBatch.apply` did, per game of the batch.

    ``rewards[g, seat]`` are the points of RULES.md paid to each seat under the reward mode;
    ``hand_over`` marks the games where a hand ended, with its ``outcome`` code (index of
    :data:`OUTCOMES`), ``winner`` (-1 for a dead hand) and ``points``; ``episode_over`` the
    games whose episode (the hand, or the match) ended.
    """

    rewards: F64
    hand_over: Bools
    outcome: I8
    winner: I8
    points: I64
    episode_over: Bools

    @classmethod
    def empty(cls, num: int) -> StepOutcome:
        return cls(
            rewards=np.zeros((num, 2), dtype=np.float64),
            hand_over=np.zeros(num, dtype=np.bool_),
            outcome=np.zeros(num, dtype=np.int8),
            winner=np.full(num, -1, dtype=np.int8),
            points=np.zeros(num, dtype=np.int64),
            episode_over=np.zeros(num, dtype=np.bool_),
        )


class DeckSource:
    """Where the decks of new deals come from (see :class:`FastDecks`, :class:`EngineDecks`)."""

    def first_dealers(self, rows: I64) -> I64:
        """The first dealer of each new episode in ``rows`` (a fair cut)."""
        raise NotImplementedError

    def decks(self, rows: I64, deal_numbers: I64) -> I8:
        """The decks (dealt order) of deal ``deal_numbers[i]`` of the episode in ``rows[i]``."""
        raise NotImplementedError

    def new_episodes(self, rows: I64) -> None:
        """Note that the games in ``rows`` start new episodes."""


class FastDecks(DeckSource):
    """Uniform shuffles from a numpy generator: every deal new, all in one call."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def first_dealers(self, rows: I64) -> I64:
        dealers: I64 = self.rng.integers(0, 2, size=len(rows), dtype=np.int64)
        return dealers

    def decks(self, rows: I64, deal_numbers: I64) -> I8:
        order = np.broadcast_to(np.arange(52, dtype=np.int8), (len(rows), 52))
        shuffled: I8 = self.rng.permuted(order, axis=1)
        return shuffled


class EngineDecks(DeckSource):
    """The engine's seeded SHA-256 shuffles: game ``g``'s ``k``-th episode has the seed
    ``f"{base}/{g}/{k}"`` and deals what :class:`~cardtable.gin.env.core.GameCore` deals from
    that seed (a hand: ``Hand.deal``; a match: ``Match.new``), first dealer included.
    Slower (a few microseconds of hashing per deal), for checks against the scalar
    environments and for deals that must be the same on every platform."""

    def __init__(self, base: str, num: int, match: bool) -> None:
        self.base = base
        self.match = match
        self.episodes = np.full(num, -1, dtype=np.int64)

    def seed_of(self, row: int) -> str:
        return f"{self.base}/{row}/{int(self.episodes[row])}"

    def new_episodes(self, rows: I64) -> None:
        self.episodes[rows] += 1

    def first_dealers(self, rows: I64) -> I64:
        return np.array([fair_cut(self.seed_of(int(r))) for r in rows], dtype=np.int64)

    def decks(self, rows: I64, deal_numbers: I64) -> I8:
        seeds = [self.seed_of(int(r)) for r in rows]
        if self.match:
            seeds = [derive_seed(s, int(n)) for s, n in zip(seeds, deal_numbers, strict=True)]
        return np.array([shuffled_deck(s) for s in seeds], dtype=np.int8).reshape(-1, 52)


class GinBatch:
    """``num`` games of gin under ``rules``, each an episode of the ``reward`` mode.

    Per-seat arrays are ``[game, seat]``; the hot paths read and write them through flat
    views by *slot* ``2 * game + seat`` (one gather instead of a two-index one).
    """

    def __init__(
        self, rules: Rules, num: int, reward: RewardMode, source: DeckSource | None = None
    ) -> None:
        if num < 1:
            raise ValueError(f"a batch holds at least one game, not {num!r}")
        self.rules = rules
        self.num = num
        self.reward: RewardMode = reward
        self.source: DeckSource = source or FastDecks(np.random.default_rng())
        self.rows: Final = np.arange(num, dtype=np.int64)
        self.big_gin_on = rules.big_gin_bonus is not None
        self._threshold_of = np.array([rules.hand_threshold(c) for c in range(52)], np.int64)
        self._multiplier_of = np.array([rules.hand_multiplier(c) for c in range(52)], np.int64)
        n = num
        self.deck = np.zeros((n, 52), dtype=np.int8)
        self.stock_pos = np.full(n, _STOCK_AT_DEAL, dtype=np.int64)
        self.pile = np.zeros((n, 52), dtype=np.int64)
        self.pile_len = np.zeros(n, dtype=np.int64)
        self.pile_mask = np.zeros(n, dtype=np.uint64)
        self.phase = np.full(n, OVER, dtype=np.int64)
        self.to_act = np.zeros(n, dtype=np.int64)
        self.dealer = np.zeros(n, dtype=np.int64)
        self.taken = np.full(n, -1, dtype=np.int64)
        self.stock_only = np.zeros(n, dtype=np.bool_)
        self.threshold = np.zeros(n, dtype=np.int64)
        self.multiplier = np.ones(n, dtype=np.int64)
        self.hands = np.zeros((n, 2), dtype=np.uint64)
        self.known = np.zeros((n, 2), dtype=np.uint64)
        self.discarded = np.zeros((n, 2), dtype=np.uint64)
        self.declined = np.zeros((n, 2), dtype=np.uint64)
        self.deadwood = np.zeros((n, 2), dtype=np.int64)
        self.knocks = np.zeros(n, dtype=np.uint64)
        self.gins = np.zeros(n, dtype=np.uint64)
        self.big_gin = np.zeros(n, dtype=np.bool_)
        self.scores = np.zeros((n, 2), dtype=np.int64)
        self.boxes = np.zeros((n, 2), dtype=np.int64)
        self.deal_number = np.zeros(n, dtype=np.int64)
        self.totals = np.zeros((n, 2), dtype=np.int64)  # final totals of a finished match
        self._hands = self.hands.reshape(-1)
        self._known = self.known.reshape(-1)
        self._discarded = self.discarded.reshape(-1)
        self._declined = self.declined.reshape(-1)
        self._deadwood = self.deadwood.reshape(-1)
        self._pile_flat = self.pile.reshape(-1)
        self._deck_flat = self.deck.reshape(-1)
        # Hands whose deadwood is still to be worked out, as (slots, masks) per change, solved
        # together by settle(); and the games that drew, whose knocks follow.
        self._pending: list[tuple[I64, U64]] = []
        self._drew: list[I64] = []

    # -- deals ---------------------------------------------------------------------------

    def start(self, rows: I64, decks: I8 | None = None, dealers: I64 | None = None) -> None:
        """Start new episodes in ``rows``: a first deal (by the deck source unless ``decks``
        are given) with the dealer by a fair cut unless ``dealers`` are given."""
        if not len(rows):
            return
        self.source.new_episodes(rows)
        if dealers is None:
            dealers = self.source.first_dealers(rows)
        if self.reward != "hand":
            self.scores[rows] = 0
            self.boxes[rows] = 0
            self.totals[rows] = 0
            self.deal_number[rows] = 0
        self._deal(rows, dealers, decks)

    def _deal(self, rows: I64, dealers: I64, decks: I8 | None = None) -> None:
        if decks is None:
            decks = self.source.decks(rows, self.deal_number[rows])
        first, second, upcard = masks_of_decks(decks)
        non_dealers = 1 - dealers
        slots = np.concatenate([2 * rows + non_dealers, 2 * rows + dealers])
        masks = np.concatenate([first, second])
        self.deck[rows] = decks
        self._hands[slots] = masks
        self.known[rows] = 0
        self.discarded[rows] = 0
        self.declined[rows] = 0
        self.pile[rows, 0] = upcard
        self.pile_len[rows] = 1
        self.pile_mask[rows] = BIT[upcard]
        self.stock_pos[rows] = _STOCK_AT_DEAL
        self.phase[rows] = OFFER
        self.to_act[rows] = non_dealers
        self.dealer[rows] = dealers
        self.taken[rows] = -1
        self.stock_only[rows] = False
        self.threshold[rows] = self._threshold_of[upcard]
        self.multiplier[rows] = self._multiplier_of[upcard]
        self.knocks[rows] = 0
        self.gins[rows] = 0
        self.big_gin[rows] = False
        self._pending.append((slots, masks))

    def settle(self) -> None:
        """Work out the deadwood of every hand changed since the last call, in one batch, and
        the knocks and big gin of the games that drew."""
        if self._pending:
            pending = self._pending
            self._pending = []
            if len(pending) == 1:
                slots, masks = pending[0]
                self._deadwood[slots] = deadwood(masks)
            else:
                # One solve for all; then the writes in order, so that a hand dealt after
                # another ended in the same game (a match going on) has the last word.
                values = deadwood(np.concatenate([p[1] for p in pending]))
                start = 0
                for slots, masks in pending:
                    self._deadwood[slots] = values[start : start + len(masks)]
                    start += len(masks)
        if self._drew:
            drew = self._drew[0] if len(self._drew) == 1 else np.concatenate(self._drew)
            self._drew = []
            slots = 2 * drew + self.to_act[drew]
            whole = self._deadwood[slots]
            taken = self.taken[drew]
            keep = np.where(taken >= 0, BIT[np.maximum(taken, 0)], np.uint64(0))
            self.knocks[drew], self.gins[drew] = knockable(
                self._hands[slots], whole, self.threshold[drew], keep
            )
            if self.big_gin_on:
                self.big_gin[drew] = whole == 0

    # -- actions -------------------------------------------------------------------------

    def apply(self, rows: I64, actions: I64, out: StepOutcome | None = None) -> StepOutcome:
        """Apply one action id per game of ``rows``, for the seat to act; hands that end are
        scored, matches go on with their next deal. Call :meth:`settle` before reading
        views again.

        What happened is added to ``out`` when given (rewards add up, the hand that ended
        shows), else to a new :class:`StepOutcome`. Legality is the caller's to check
        (against the masks of :meth:`encode`): an illegal id here breaks the game's state.
        """
        result = StepOutcome.empty(self.num) if out is None else out
        seats = self.to_act[rows]
        drawing = actions <= 1
        if drawing.all():  # half of all steps: skip the sorting below
            self._draw(rows, seats, actions == 1)
            return result
        if drawing.any():
            self._draw(rows[drawing], seats[drawing], actions[drawing] == 1)
        passing = actions == PASS_ID
        if passing.any():
            self._pass(rows[passing], seats[passing])
        discards = (actions >= DISCARD_BASE) & (actions < KNOCK_BASE)
        if discards.any():
            dead = self._discard(rows[discards], seats[discards], actions[discards] - DISCARD_BASE)
            if len(dead):
                count = len(dead)
                self._hand_over(
                    dead,
                    np.full(count, -1, dtype=np.int64),
                    np.zeros(count, dtype=np.int64),
                    np.full(count, _DEAD, dtype=np.int64),
                    result,
                )
        ends = actions >= KNOCK_BASE
        if ends.any():
            self._showdowns(rows[ends], seats[ends], actions[ends], result)
        return result

    def _draw(self, rows: I64, seats: I64, take: Bools) -> None:
        slots = 2 * rows + seats
        top = self._pile_flat[52 * rows + self.pile_len[rows] - 1]
        stock_pos = self.stock_pos[rows]
        card = np.where(take, top, self._deck_flat[52 * rows + np.minimum(stock_pos, 51)])
        bit = BIT[card]
        hands = self._hands[slots] | bit
        self._hands[slots] = hands
        stock = ~take
        if stock.any():
            # A draw from the stock by choice passes up the top of the pile (what the other
            # seat is told: it declined that card); after both passed it is forced.
            rs = rows[stock]
            chose = ~self.stock_only[rs]
            self._declined[slots[stock][chose]] |= BIT[top[stock][chose]]
            self.stock_pos[rs] = stock_pos[stock] + 1
            self.stock_only[rs] = False
            self.taken[rs] = -1
        if take.any():
            rt = rows[take]
            self.pile_len[rt] -= 1
            self.pile_mask[rt] ^= bit[take]
            self._known[slots[take]] |= bit[take]
            self.taken[rt] = card[take]
        self.phase[rows] = DISCARD
        self._pending.append((slots, hands))
        self._drew.append(rows)

    def _pass(self, rows: I64, seats: I64) -> None:
        top = self._pile_flat[52 * rows + self.pile_len[rows] - 1]
        self._declined[2 * rows + seats] |= BIT[top]
        # Once the dealer passes too, the non-dealer must draw from the stock.
        second = rows[seats == self.dealer[rows]]
        self.stock_only[second] = True
        self.phase[second] = DRAW
        self.to_act[rows] = 1 - seats

    def _discard(self, rows: I64, seats: I64, cards: I64) -> I64:
        slots = 2 * rows + seats
        bit = BIT[cards]
        hands = self._hands[slots] ^ bit
        self._hands[slots] = hands
        self._known[slots] &= ~bit
        pile_len = self.pile_len[rows]
        self._pile_flat[52 * rows + pile_len] = cards
        self.pile_len[rows] = pile_len + 1
        self.pile_mask[rows] |= bit
        self._discarded[slots] |= bit
        self.taken[rows] = -1
        self._pending.append((slots, hands))
        # RULES.md 2: an ordinary discard with two stock cards left kills the hand.
        dead = self.stock_pos[rows] >= 50
        if not dead.any():
            self.phase[rows] = DRAW
            self.to_act[rows] = 1 - seats
            return rows[:0]
        live = ~dead
        self.phase[rows[live]] = DRAW
        self.to_act[rows[live]] = 1 - seats[live]
        dead_rows: I64 = rows[dead]
        self.phase[dead_rows] = OVER
        return dead_rows

    def _showdowns(self, rows: I64, seats: I64, actions: I64, result: StepOutcome) -> None:
        """Knocks, gins and big gins: the hand ends and is scored (RULES.md 2 and 3).

        Gin and big gin cannot be undercut and allow no lay-offs: the knocker wins the
        defender's whole deadwood (already known) plus the bonus, for all the games at once.
        An ordinary knock is scored by the engine, one game at a time: the defender's
        lay-offs depend on the melds the knocker lays out.
        """
        slots = 2 * rows + seats
        big = actions == BIG_GIN_ID
        cards = np.where(big, 0, actions - KNOCK_BASE)
        bit = np.where(big, np.uint64(0), BIT[cards])
        gin = ~big & (self.gins[rows] & bit != 0)
        hands = self._hands[slots] ^ bit  # a knock or gin lays the card aside, face down
        self._hands[slots] = hands
        self._known[slots] &= ~bit
        defender = self._deadwood[slots ^ 1]
        bonus = np.where(big, self.rules.big_gin_bonus or 0, self.rules.gin_bonus)
        winners = seats.copy()
        points = (defender + bonus) * self.multiplier[rows]
        codes = np.where(big, _CODE[Outcome.BIG_GIN], _CODE[Outcome.GIN])
        rules = self.rules
        for i in np.flatnonzero(~big & ~gin).tolist():
            row, slot, card = int(rows[i]), int(slots[i]), int(cards[i])
            outcome = score_showdown(
                rules,
                CardSet.from_mask(int(hands[i])),
                CardSet.from_mask(int(self._hands[slot ^ 1])),
                None,
                knocker_seat=slot & 1,
                threshold=int(self.threshold[row]),
                multiplier=int(self.multiplier[row]),
                knock_discard=CARDS[card],
            )
            assert outcome.winner is not None
            winners[i] = outcome.winner
            points[i] = outcome.points
            codes[i] = _CODE[outcome.outcome]
        self.taken[rows] = -1
        self.phase[rows] = OVER
        self._pending.append((slots, hands))
        self._hand_over(rows, winners, points, codes, result)

    def _hand_over(
        self, rows: I64, winners: I64, points: I64, codes: I64, result: StepOutcome
    ) -> None:
        """Pay a finished hand under the reward mode; in a match, score it and deal on."""
        result.hand_over[rows] = True
        result.outcome[rows] = codes
        result.winner[rows] = winners
        result.points[rows] = points
        scored = winners >= 0
        sr, sw, sp = rows[scored], winners[scored], points[scored]
        if self.reward != "match":
            result.rewards[sr, sw] += sp
            result.rewards[sr, 1 - sw] -= sp
        if self.reward == "hand":
            result.episode_over[rows] = True
            return
        self.scores[sr, sw] += sp
        self.boxes[sr, sw] += 1
        reached = self.scores[sr, sw] >= self.rules.target
        for row, winner in zip(sr[reached].tolist(), sw[reached].tolist(), strict=True):
            scores, boxes = self.scores[row].tolist(), self.boxes[row].tolist()
            final = final_score(self.rules, scores, boxes, winner)
            self.totals[row] = final.totals
            diff = final.totals[0] - final.totals[1]
            if self.reward == "match_dense":
                # The hands were paid as they were scored; the bonuses make up the rest.
                diff -= scores[0] - scores[1]
            result.rewards[row, 0] += diff
            result.rewards[row, 1] -= diff
            result.episode_over[row] = True
        # The match goes on: a dead hand is dealt again by the same dealer (RULES.md 2).
        going = np.ones(len(rows), dtype=np.bool_)
        going[np.flatnonzero(scored)[reached]] = False
        on = rows[going]
        if not len(on):
            return
        dealers = self.dealer[on]
        won = winners[going]
        self.deal_number[on] += 1
        self._deal(on, np.where(won >= 0, self.rules.dealer_after(won, dealers), dealers))

    # -- views ---------------------------------------------------------------------------

    def encode(self, rows: I64 | None, seats: I64) -> tuple[F32, I8]:
        """The observation vectors and action masks of ``seats`` in ``rows`` (``None``: every
        game, in order), from the settled state."""
        assert not self._pending and not self._drew, "call settle() first"
        if rows is None:
            count = self.num
            slots = 2 * self.rows + seats
            phase, to_act, pile_len = self.phase, self.to_act, self.pile_len
            pile, taken, dealer = self.pile_mask, self.taken, self.dealer
            stock_pos, threshold, multiplier = self.stock_pos, self.threshold, self.multiplier
            stock_only, knocks, big_gin = self.stock_only, self.knocks, self.big_gin
            top_at = 52 * self.rows + np.maximum(pile_len - 1, 0)
        else:
            count = len(rows)
            slots = 2 * rows + seats
            phase, to_act, pile_len = self.phase[rows], self.to_act[rows], self.pile_len[rows]
            pile, taken, dealer = self.pile_mask[rows], self.taken[rows], self.dealer[rows]
            stock_pos, threshold = self.stock_pos[rows], self.threshold[rows]
            multiplier, stock_only = self.multiplier[rows], self.stock_only[rows]
            knocks, big_gin = self.knocks[rows], self.big_gin[rows]
            top_at = 52 * rows + np.maximum(pile_len - 1, 0)
        others = slots ^ 1
        turn = (phase != OVER) & (to_act == seats)
        mine = self._hands[slots]
        top = np.where(pile_len > 0, BIT[self._pile_flat[top_at]], np.uint64(0))
        known = self._known[others]
        taken_bit = np.where((taken >= 0) & turn, BIT[np.maximum(taken, 0)], np.uint64(0))
        discarding = turn & (phase == DISCARD)
        planes = np.empty((count, 10), dtype=np.uint64)
        planes[:, 0] = mine
        planes[:, 1] = top
        planes[:, 2] = pile ^ top
        planes[:, 3] = known
        planes[:, 4] = self._discarded[others]
        planes[:, 5] = self._declined[others]
        planes[:, 6] = _FULL_DECK & ~(mine | pile | known)
        planes[:, 7] = taken_bit
        planes[:, 8] = (mine & ~taken_bit) * discarding
        planes[:, 9] = knocks * discarding
        # One call turns the ten 52-bit planes into bits (little-endian: bit c is entry c).
        bits = np.unpackbits(planes.view(np.uint8), bitorder="little").reshape(count, 10, 64)
        obs = np.empty((count, OBS_SIZE), dtype=np.float32)
        obs[:, :416].reshape(count, 8, 52)[...] = bits[:, :8, :52]
        # The scalars go to a small array first: a column of the wide one is a cache miss
        # per row.
        tail = np.empty((count, OBS_SIZE - 416), dtype=np.float32)
        tail[:, :4] = _PHASE_ROWS[phase]
        tail[:, 4] = turn
        tail[:, 5] = dealer == seats
        tail[:, 6] = stock_only
        tail[:, 7] = _STOCK_FRACTION[52 - stock_pos]
        tail[:, 8] = _THRESHOLD_FRACTION[threshold]
        tail[:, 9] = multiplier == 2
        tail[:, 10] = _DEADWOOD_FRACTION[self._deadwood[slots]]
        if self.reward == "hand":
            tail[:, 11:] = 0.0
        else:
            scores = self.scores.reshape(-1)
            target = float(self.rules.target)
            tail[:, 11] = np.minimum(scores[slots] / target, 1.0)
            tail[:, 12] = np.minimum(scores[others] / target, 1.0)
        obs[:, 416:] = tail
        masks = np.zeros((count, NUM_ACTIONS), dtype=np.int8)
        drawing = turn & (phase == DRAW)
        offered = turn & (phase == OFFER)
        masks[:, 0] = drawing
        masks[:, 1] = offered | (drawing & ~stock_only)
        masks[:, 2] = offered
        masks[:, DISCARD_BASE:BIG_GIN_ID].reshape(count, 2, 52)[...] = bits[:, 8:, :52]
        if self.big_gin_on:
            masks[:, BIG_GIN_ID] = discarding & big_gin
        return obs, masks

    def masks(self, rows: I64, seats: I64) -> I8:
        """The action masks alone, as :meth:`encode` gives them (what a player that needs no
        observation, such as the random opponent, reads: a third of the cost)."""
        assert not self._pending and not self._drew, "call settle() first"
        count = len(rows)
        phase = self.phase[rows]
        turn = (phase != OVER) & (self.to_act[rows] == seats)
        taken = self.taken[rows]
        taken_bit = np.where((taken >= 0) & turn, BIT[np.maximum(taken, 0)], np.uint64(0))
        discarding = turn & (phase == DISCARD)
        planes = np.empty((count, 2), dtype=np.uint64)
        planes[:, 0] = (self._hands[2 * rows + seats] & ~taken_bit) * discarding
        planes[:, 1] = self.knocks[rows] * discarding
        bits = np.unpackbits(planes.view(np.uint8), bitorder="little").reshape(count, 2, 64)
        masks = np.zeros((count, NUM_ACTIONS), dtype=np.int8)
        drawing = turn & (phase == DRAW)
        offered = turn & (phase == OFFER)
        masks[:, 0] = drawing
        masks[:, 1] = offered | (drawing & ~self.stock_only[rows])
        masks[:, 2] = offered
        masks[:, DISCARD_BASE:BIG_GIN_ID].reshape(count, 2, 52)[...] = bits[:, :, :52]
        if self.big_gin_on:
            masks[:, BIG_GIN_ID] = discarding & self.big_gin[rows]
        return masks


_FEW_ROWS: Final = 8


def random_actions(masks: I8, rng: np.random.Generator) -> I64:
    """One uniformly random legal id per row of ``masks``; 0 for a row with none (a game
    that has just ended, whose next step resets it and ignores its action).

    >>> masks = np.zeros((3, NUM_ACTIONS), dtype=np.int8); masks[0, [1, 2]] = 1; masks[2, 7] = 1
    >>> random_actions(masks, np.random.default_rng(0))[1:]
    array([0, 7])
    """
    rows, width = masks.shape
    if rows <= _FEW_ROWS:
        # A few games: the same draws and picks row by row (the vector calls below cost
        # about 9 microseconds whatever the rows; a row here costs under one).
        draws: list[float] = np.asarray(rng.random(rows)).tolist()
        picked = []
        for row, draw in enumerate(draws):
            ids = masks[row].nonzero()[0]
            count = len(ids)
            picked.append(int(ids[count - 1 - int(draw * count)]) if count else 0)
        return np.array(picked, dtype=np.int64)
    legal = np.flatnonzero(np.ascontiguousarray(masks).view(np.bool_))  # row * width + id
    counts = np.bincount(legal // width, minlength=rows)
    pick = np.cumsum(counts) - 1 - (rng.random(rows) * counts).astype(np.int64)
    if legal.size and counts.all():
        chosen: I64 = legal[pick] - width * np.arange(rows, dtype=np.int64)
        return chosen
    # A row without a legal id would pick the last id of the row before it (or fall off the
    # front at row 0): it gets 0 instead, and the others what they would have had.
    chosen = np.zeros(rows, dtype=np.int64)
    some = np.flatnonzero(counts)
    chosen[some] = legal[pick[some]] - width * some
    return chosen
