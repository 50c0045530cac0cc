"""Each seat's view of a hand, kept up to date action by action (no numpy needed).

:meth:`Hand.observation` rebuilds a seat's view from the whole history on every call, which
is right for a table but costs more than the action itself in a simulator that asks for an
observation at every step. :class:`HandViews` follows a hand from the public records that
``Hand.apply`` returns and builds the same :class:`~cardtable.gin.hand.Observation` (equal field by
field; the tests check it after every action of many hands) from public facts only: the
records as each seat saw them, the pile, the stock count and the seat's own cards.

>>> from cardtable.gin.hand import Hand
>>> from cardtable.gin.actions import Action
>>> hand = Hand.deal(seed="views", dealer=0)
>>> views = HandViews(hand)
>>> for text in ("pass", "pass", "draw"):
...     views.update(hand.apply(Action.parse(text)))
>>> views.observation(0) == hand.observation(0), views.observation(1) == hand.observation(1)
(True, True)
>>> views.observation(0).events[-1].card is None  # seat 0 did not see seat 1's stock card
True
"""

from __future__ import annotations

from cardtable.cards import CARDS, FULL_DECK, Card, CardSet
from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import ActionRecord, Hand, Observation, Phase, PublicEvent

__all__ = ["HandViews"]

_PASS = ActionKind.PASS
_DRAW_STOCK = ActionKind.DRAW_STOCK
_DRAW_DISCARD = ActionKind.DRAW_DISCARD
_DISCARD = ActionKind.DISCARD


class HandViews:
    """What each seat knows about one hand, updated with every applied action.

    Besides what :class:`~cardtable.gin.hand.Observation` holds, it keeps two public facts per
    seat that the observation encoding uses: the cards a seat discarded and the cards it
    passed up (the top of the pile when it passed or drew from the stock by choice).
    """

    __slots__ = (
        "_events",
        "declined",
        "discarded",
        "hand",
        "known",
        "pile",
        "pile_mask",
        "stock_only",
        "taken",
    )

    hand: Hand
    pile: list[Card]
    pile_mask: int
    known: list[int]
    discarded: list[int]
    declined: list[int]
    taken: int
    stock_only: bool
    _events: tuple[list[PublicEvent], list[PublicEvent]]

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        upcard = hand.upcard
        self.pile = [upcard]
        self.pile_mask = 1 << upcard
        self.known = [0, 0]
        self.discarded = [0, 0]
        self.declined = [0, 0]
        self.taken = -1
        self.stock_only = False
        self._events = ([], [])
        for record in hand.history:  # a hand already under way: catch up
            self.update(record)

    def update(self, record: ActionRecord) -> None:
        """Take in one record returned by ``hand.apply`` (in order, each exactly once)."""
        seat = record.seat
        action = record.action
        kind = action.kind
        if kind is _DISCARD:
            card = action.card
            assert card is not None
            bit = 1 << card
            self.pile.append(card)
            self.pile_mask |= bit
            self.known[seat] &= ~bit
            self.discarded[seat] |= bit
            self.taken = -1
            event = PublicEvent(seat, kind, card)
            self._events[0].append(event)
            self._events[1].append(event)
            return
        if kind is _DRAW_STOCK:
            if not self.stock_only and self.pile:
                # Drawing from the stock by choice passes up the top discard (after both
                # passed the upcard, the non-dealer had no choice).
                self.declined[seat] |= 1 << self.pile[-1]
            self.stock_only = False
            self.taken = -1
            mine = PublicEvent(seat, kind, record.drawn)
            hidden = PublicEvent(seat, kind, None)
            self._events[seat].append(mine)
            self._events[1 - seat].append(hidden)
            return
        if kind is _DRAW_DISCARD:
            card = self.pile.pop()
            bit = 1 << card
            self.pile_mask ^= bit
            self.known[seat] |= bit
            self.taken = card
            event = PublicEvent(seat, kind, record.drawn)
        elif kind is _PASS:
            self.declined[seat] |= 1 << self.pile[-1]
            if seat == self.hand.dealer:
                self.stock_only = True
            event = PublicEvent(seat, kind, None)
        else:  # knock, gin, big gin: the hand is over, so the knock discard is public
            card = action.card
            if card is not None:
                self.known[seat] &= ~(1 << card)
            self.taken = -1
            event = PublicEvent(seat, kind, card)
        self._events[0].append(event)
        self._events[1].append(event)

    def unseen(self, seat: int) -> int:
        """The mask of cards ``seat`` has not seen (the stock and the opponent's hidden cards)."""
        return FULL_DECK & ~(self.hand.cards(seat).mask | self.pile_mask | self.known[1 - seat])

    def observation(self, seat: int, scores: tuple[int, int] | None = None) -> Observation:
        """The same value as ``hand.observation(seat, scores)``, built without a replay."""
        hand = self.hand
        over = hand.phase is Phase.OVER
        to_act = hand.to_act
        other = hand.cards(1 - seat)
        return Observation(
            seat=seat,
            rules=hand.rules,
            dealer=hand.dealer,
            phase=hand.phase,
            to_act=None if over else to_act,
            threshold=hand.threshold,
            multiplier=hand.multiplier,
            upcard=hand.upcard,
            hand=hand.cards(seat),
            discard_pile=tuple(self.pile),
            stock_count=hand.stock_count,
            opponent_card_count=len(other),
            opponent_known=CardSet.from_mask(self.known[1 - seat]),
            taken=CARDS[self.taken] if self.taken >= 0 and to_act == seat else None,
            stock_only=self.stock_only,
            events=tuple(self._events[seat]),
            result=hand.result,
            opponent_hand=other if over else None,
            scores=scores,
        )
