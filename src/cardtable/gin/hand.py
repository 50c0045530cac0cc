"""One hand of Gin Rummy as an explicit state machine (RULES.md sections 1 to 3).

>>> from cardtable.gin.rules import Rules
>>> hand = Hand.deal(Rules(), dealer=0, seed=7)
>>> hand.phase, hand.to_act, hand.stock_count
(<Phase.OFFER: 'offer'>, 1, 31)
>>> hand.legal_actions()
[Action.parse('take'), Action.parse('pass')]
>>> record = hand.apply(Action.parse("pass"))
>>> record.seat, hand.to_act
(1, 0)
>>> hand.apply(Action.parse("draw"))
Traceback (most recent call last):
...
cardtable.errors.IllegalActionError: the upcard is on offer: take it or pass (the upcard ritual)
"""

from __future__ import annotations

import enum
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from cardtable.cards import CARDS, FULL_DECK, Card, CardSet, shuffled_deck
from cardtable.errors import IllegalActionError
from cardtable.gin.actions import (
    BIG_GIN,
    DISCARDS,
    DRAW_DISCARD,
    DRAW_STOCK,
    GINS,
    KNOCKS,
    PASS,
    Action,
    ActionKind,
)
from cardtable.gin.deal import split_deck
from cardtable.gin.melds import RUN_DEADWOOD, SET_RELIEF, deadwood, knock_discards
from cardtable.gin.rules import Rules
from cardtable.gin.showdown import HandResult, Outcome, score_showdown

__all__ = [
    "ActionRecord",
    "Hand",
    "Observation",
    "Phase",
    "PublicEvent",
    "SeenMasks",
    "legal_actions_for",
]


class Phase(enum.Enum):
    """Where a hand stands. ``OFFER`` is the opening upcard ritual."""

    OFFER = "offer"
    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """An applied action: who did it, what, and the card drawn (for draws)."""

    seat: int
    action: Action
    drawn: Card | None = None

    def __str__(self) -> str:
        if self.action.kind is _KIND_STOCK and self.drawn is not None:
            return f"{self.seat}: draw {self.drawn}"
        return f"{self.seat}: {self.action}"


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """An action as one seat saw it: the card is ``None`` where it was hidden from that seat."""

    seat: int
    kind: ActionKind
    card: Card | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind.value,
            "card": None if self.card is None else str(self.card),
        }


_DECK_ORDER: Final = list(range(52))
_BITS: Final = tuple(1 << c for c in range(52))
# Module-level names for enum members: on Python 3.11 reading ``Phase.DRAW`` goes through
# the enum metaclass's attribute hook and costs about as much as a short function call.
_OFFER: Final = Phase.OFFER
_DRAW: Final = Phase.DRAW
_DISCARD: Final = Phase.DISCARD
_OVER: Final = Phase.OVER
_KIND_PASS: Final = ActionKind.PASS
_KIND_STOCK: Final = ActionKind.DRAW_STOCK
_KIND_TAKE: Final = ActionKind.DRAW_DISCARD
_KIND_DISCARD: Final = ActionKind.DISCARD
_KIND_KNOCK: Final = ActionKind.KNOCK
_KIND_GIN: Final = ActionKind.GIN
_KIND_BIG_GIN: Final = ActionKind.BIG_GIN
_DEAD: Final = Outcome.DEAD

# Records are immutable values, so the ones play makes most (a pass, a draw or take of each
# card, a discard of each card, per seat) are built once and shared instead of per action.
_PASS_RECORDS: Final = tuple(ActionRecord(seat, PASS) for seat in (0, 1))
_STOCK_RECORDS: Final = tuple(
    tuple(ActionRecord(seat, DRAW_STOCK, CARDS[c]) for c in range(52)) for seat in (0, 1)
)
_TAKE_RECORDS: Final = tuple(
    tuple(ActionRecord(seat, DRAW_DISCARD, CARDS[c]) for c in range(52)) for seat in (0, 1)
)
_DISCARD_RECORDS: Final = tuple(
    tuple(ActionRecord(seat, DISCARDS[c]) for c in range(52)) for seat in (0, 1)
)

# The events each seat is told, built once like the records. Whoever draws from the stock
# sees the card; the other seat sees only that a card was drawn. Everything else is public.
_PASS_EVENTS: Final = tuple(PublicEvent(seat, _KIND_PASS, None) for seat in (0, 1))
_HIDDEN_STOCK_EVENTS: Final = tuple(PublicEvent(seat, _KIND_STOCK, None) for seat in (0, 1))
_STOCK_EVENTS: Final = tuple(
    tuple(PublicEvent(seat, _KIND_STOCK, CARDS[c]) for c in range(52)) for seat in (0, 1)
)
_TAKE_EVENTS: Final = tuple(
    tuple(PublicEvent(seat, _KIND_TAKE, CARDS[c]) for c in range(52)) for seat in (0, 1)
)
_DISCARD_EVENTS: Final = tuple(
    tuple(PublicEvent(seat, _KIND_DISCARD, CARDS[c]) for c in range(52)) for seat in (0, 1)
)


class SeenMasks(NamedTuple):
    """One seat's view of a hand as masks (see :meth:`Hand.masks_seen_by`)."""

    hand: int
    pile: int
    top: int
    opponent_known: int
    opponent_discards: int
    opponent_passed_up: int
    taken: int
    stock_only: bool

    def planes(self) -> tuple[int, int, int, int, int, int, int, int]:
        """The eight card planes of the research encoding, in its order: the hand, the top
        discard, the pile below it, the opponent's known cards, its discards, the cards it
        passed up, the unseen cards and the card just taken (the environments' encoder and
        the ``neural`` player read them)."""
        hand, pile, top, known = self.hand, self.pile, self.top, self.opponent_known
        return (
            hand,
            top,
            pile ^ top,
            known,
            self.opponent_discards,
            self.opponent_passed_up,
            FULL_DECK & ~(hand | pile | known),
            self.taken,
        )


class _Told:
    """What each seat has been told of a hand: the one place that decides which cards a seat
    sees. Whoever draws from the stock sees the card, the other seat only that a card was
    drawn; every other action is public (a knock's card too: the hand is over at once).

    It follows the hand's history when a view is asked for rather than at every action, so
    play itself pays nothing for it. It also keeps two public facts per seat: the cards it
    discarded and the cards it passed up (the top of the pile when it passed the upcard or
    chose the stock), which the research encoding reads.
    """

    __slots__ = (
        "dealer",
        "declined",
        "discarded",
        "events",
        "pile",
        "pile_mask",
        "stock_only",
        "told",
    )

    def __init__(self, upcard: int, dealer: int) -> None:
        self.dealer = dealer
        self.told = 0
        self.events: tuple[list[PublicEvent], list[PublicEvent]] = ([], [])
        self.discarded = [0, 0]
        self.declined = [0, 0]
        self.pile = [upcard]  # the discard pile as of the last record told
        self.pile_mask = 1 << upcard
        self.stock_only = False

    def copy(self) -> _Told:
        new = object.__new__(_Told)
        new.dealer = self.dealer
        new.told = self.told
        new.events = (list(self.events[0]), list(self.events[1]))
        new.discarded = list(self.discarded)
        new.declined = list(self.declined)
        new.pile = list(self.pile)
        new.pile_mask = self.pile_mask
        new.stock_only = self.stock_only
        return new

    def up_to_date(self, history: list[ActionRecord]) -> _Told:
        """Take in the records not yet told (in order, each once) and return self."""
        if self.told == len(history):
            return self
        mine, theirs = self.events
        for record in history[self.told :]:
            seat = record.seat
            action = record.action
            kind = action.kind
            card = action.card
            if kind is _KIND_STOCK:
                drawn = record.drawn
                assert drawn is not None
                if not self.stock_only:
                    self.declined[seat] |= 1 << self.pile[-1]
                self.stock_only = False
                self.events[seat].append(_STOCK_EVENTS[seat][drawn])
                self.events[1 - seat].append(_HIDDEN_STOCK_EVENTS[seat])
                continue
            if kind is _KIND_DISCARD:
                assert card is not None
                self.pile.append(card)
                self.pile_mask |= 1 << card
                self.discarded[seat] |= 1 << card
                event = _DISCARD_EVENTS[seat][card]
            elif kind is _KIND_TAKE:
                self.pile_mask ^= 1 << self.pile.pop()
                assert record.drawn is not None
                event = _TAKE_EVENTS[seat][record.drawn]
            elif kind is _KIND_PASS:
                self.declined[seat] |= 1 << self.pile[-1]
                # Once the dealer passes too, the non-dealer must draw from the stock.
                self.stock_only = seat == self.dealer
                event = _PASS_EVENTS[seat]
            else:  # knock, gin, big gin
                event = PublicEvent(seat, kind, card)
            mine.append(event)
            theirs.append(event)
        self.told = len(history)
        return self


# Per suit, the discard actions of each 13-bit block of cards in card order, so a hand's
# discards are four lookups instead of a loop over its cards. Filled on first use: built
# eagerly, the four tables would cost 3 MB and tens of milliseconds at every import, while
# play only ever meets the blocks of ten or eleven cards (and a long run fills them slowly).
_SUIT_DISCARDS: Final[tuple[list[tuple[Action, ...] | None], ...]] = tuple(
    [None] * (1 << 13) for _ in range(4)
)
_S0, _S1, _S2, _S3 = _SUIT_DISCARDS


def _suit_discards(suit: int, block: int) -> tuple[Action, ...]:
    found = _SUIT_DISCARDS[suit][block]
    if found is None:
        found = tuple(DISCARDS[suit * 13 + r] for r in range(13) if block >> r & 1)
        _SUIT_DISCARDS[suit][block] = found
    return found


def _discard_actions(cards: int, taken: int, threshold: int, big_gin: bool) -> list[Action]:
    """The legal actions after drawing: discards, then knocks and gins, then big gin."""
    a = cards & 8191
    b = cards >> 13 & 8191
    c = cards >> 26 & 8191
    d = cards >> 39
    # An empty block's () is falsy too and takes the (cheap) call.
    actions = [
        *(_S0[a] or _suit_discards(0, a)),
        *(_S1[b] or _suit_discards(1, b)),
        *(_S2[c] or _suit_discards(2, c)),
        *(_S3[d] or _suit_discards(3, d)),
    ]
    if taken >= 0 and cards >> taken & 1:
        # The discards are in card order: the taken card's place is the count below it.
        del actions[(cards & ((1 << taken) - 1)).bit_count()]
    # A lower bound on the deadwood, from the blocks at hand (see melds.knock_discards): a
    # hand that far from knocking, the usual case, needs no exact solve.
    least = RUN_DEADWOOD
    sets = (a & b & (c | d)) | (c & d & (a | b))
    floor = least[a] + least[b] + least[c] + least[d] - SET_RELIEF[sets]
    if floor - threshold <= 10:
        for card, left in knock_discards(cards, threshold):
            if card != taken:
                actions.append(GINS[card] if left == 0 else KNOCKS[card])
    if big_gin and floor <= 0 and deadwood(cards) == 0:
        actions.append(BIG_GIN)
    return actions


def legal_actions_for(
    phase: Phase, cards: int, taken: int, stock_only: bool, threshold: int, big_gin: bool
) -> list[Action]:
    """The legal actions of the player to act, from what that player can see."""
    if phase is _DISCARD:
        return _discard_actions(cards, taken, threshold, big_gin)
    if phase is _DRAW:
        return [DRAW_STOCK] if stock_only else [DRAW_STOCK, DRAW_DISCARD]
    if phase is _OFFER:
        return [DRAW_DISCARD, PASS]
    return []


class Hand:
    """The state of one hand: deal, upcard ritual, draws and discards, and the showdown.

    ``apply`` checks an action against the rules and either raises
    :class:`~cardtable.errors.IllegalActionError` naming the rule, changing nothing, or applies
    it and returns its :class:`ActionRecord` (also appended to :attr:`history`).
    """

    __slots__ = (
        "_hands",
        "_knock_discard",
        "_known",
        "_pile",
        "_stock",
        "_stock_only",
        "_taken",
        "_told",
        "dealer",
        "deck",
        "history",
        "multiplier",
        "phase",
        "result",
        "rules",
        "seed",
        "threshold",
        "to_act",
        "upcard",
    )

    rules: Rules
    dealer: int
    seed: str | None
    deck: tuple[int, ...]
    upcard: Card
    threshold: int
    multiplier: int
    phase: Phase
    to_act: int
    history: list[ActionRecord]
    result: HandResult | None
    _hands: list[int]
    _known: list[int]
    _stock: list[int]
    _pile: list[int]
    _taken: int
    _stock_only: bool
    _knock_discard: int
    _told: _Told

    def __init__(
        self, rules: Rules, dealer: int, deck: Sequence[int], seed: str | None = None
    ) -> None:
        if dealer not in (0, 1):
            raise IllegalActionError(f"the dealer is seat 0 or 1, not {dealer!r}")
        order = tuple(map(int, deck))
        if sorted(order) != _DECK_ORDER:
            raise IllegalActionError("a deck must hold each of the 52 cards exactly once")
        self.rules = rules
        self.dealer = dealer
        self.seed = seed
        self.deck = order
        non_dealer = 1 - dealer
        dealt_first, dealt_second, upcard, stock = split_deck(order)
        hands = [0, 0]
        hands[non_dealer] = dealt_first
        hands[dealer] = dealt_second
        self._hands = hands
        self._known = [0, 0]
        self.upcard = CARDS[upcard]
        self._pile = [upcard]
        self._stock = list(reversed(stock))  # popped from the end: the top is stock[0]
        self.threshold = rules.hand_threshold(self.upcard)
        self.multiplier = rules.hand_multiplier(self.upcard)
        self.phase = _OFFER
        self.to_act = non_dealer
        self._taken = -1
        self._stock_only = False
        self._knock_discard = -1
        self.history = []
        self.result = None
        self._told = _Told(upcard, dealer)

    @classmethod
    def deal(
        cls, rules: Rules | None = None, dealer: int = 0, seed: str | int | None = None
    ) -> Hand:
        """Shuffle with ``seed`` (a fresh random seed when ``None``) and deal."""
        text = secrets.token_hex(16) if seed is None else str(seed)
        return cls(rules or Rules(), dealer, shuffled_deck(text), text)

    # -- what can be seen -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def stock_count(self) -> int:
        return len(self._stock)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile from bottom to top."""
        return tuple(CARDS[c] for c in self._pile)

    @property
    def top_discard(self) -> Card | None:
        return CARDS[self._pile[-1]] if self._pile else None

    def cards(self, seat: int) -> CardSet:
        """The cards ``seat`` holds (engine-side; players see only their :meth:`observation`)."""
        return CardSet.from_mask(self._hands[seat])

    def masks_seen_by(self, seat: int) -> SeenMasks:
        """What ``seat`` sees, as masks: the facts of :meth:`observation` that a research
        encoder reads, without building the observation (the environments' fast path)."""
        told = self._told.up_to_date(self.history)
        other = 1 - seat
        taken = self._taken
        pile = self._pile
        return SeenMasks(  # positional: this is the hot path of the environments
            self._hands[seat],
            told.pile_mask,
            1 << pile[-1] if pile else 0,
            self._known[other],
            told.discarded[other],
            told.declined[other],
            1 << taken if taken >= 0 and self.to_act == seat else 0,
            self._stock_only,
        )

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act (none once the hand is over)."""
        phase = self.phase
        if phase is _DISCARD:
            return _discard_actions(
                self._hands[self.to_act],
                self._taken,
                self.threshold,
                self.rules.big_gin_bonus is not None,
            )
        if phase is _DRAW:
            return [DRAW_STOCK] if self._stock_only else [DRAW_STOCK, DRAW_DISCARD]
        if phase is _OFFER:
            return [DRAW_DISCARD, PASS]
        return []

    def is_legal(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    # -- checking an action --------------------------------------------------------------

    def verify(self, action: Action, seat: int | None = None) -> None:
        """Raise :class:`IllegalActionError` naming the broken rule if ``action`` is illegal."""
        self._check(action, seat)

    def _check(self, action: Action, seat: int | None) -> HandResult | None:
        """Verify ``action``; for one that ends the hand, return its scored result."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        phase = self.phase
        if phase is _OVER:
            raise IllegalActionError("the hand is over")
        if seat is not None and seat != self.to_act:
            raise IllegalActionError(f"it is not seat {seat}'s turn: seat {self.to_act} is to act")
        kind = action.kind
        if phase is _OFFER:
            if kind not in (_KIND_TAKE, _KIND_PASS):
                raise IllegalActionError(
                    "the upcard is on offer: take it or pass (the upcard ritual)"
                )
            return None
        if phase is _DRAW:
            if kind is _KIND_TAKE and self._stock_only:
                raise IllegalActionError(
                    "both players passed the upcard, so the non-dealer draws from the stock"
                )
            if kind.is_draw:
                return None
            raise IllegalActionError(
                f"draw first: from the stock or the discard pile, not {kind.value}"
            )
        cards = self._hands[self.to_act]
        if kind is _KIND_BIG_GIN:
            if self.rules.big_gin_bonus is None:
                raise IllegalActionError("big gin is off under these rules")
            if deadwood(cards) != 0:
                raise IllegalActionError("big gin needs all eleven cards in melds")
            return self._layout(cards, action)
        if kind not in (_KIND_DISCARD, _KIND_KNOCK, _KIND_GIN):
            raise IllegalActionError(f"you have drawn: discard, knock or go gin, not {kind.value}")
        card = action.card
        assert card is not None
        if not cards >> card & 1:
            raise IllegalActionError(f"{card} is not in your hand")
        if card == self._taken:
            raise IllegalActionError(
                f"you may not discard {card}, the card you just took from the discard pile"
            )
        if kind is _KIND_DISCARD:
            return None
        left = deadwood(cards ^ 1 << card)
        if kind is _KIND_KNOCK:
            if left == 0:
                raise IllegalActionError(
                    f"discarding {card} leaves no deadwood: that is gin, not a knock"
                )
            if left > self.threshold:
                raise IllegalActionError(
                    f"the knock threshold is {self.threshold}: discarding {card} "
                    f"leaves {left} deadwood at best"
                )
        elif left != 0:
            raise IllegalActionError(
                f"gin needs every card melded: discarding {card} leaves {left} deadwood"
            )
        return self._layout(cards ^ 1 << card, action)

    def _layout(self, cards: int, action: Action) -> HandResult:
        defender = 1 - self.to_act
        card = action.card
        return score_showdown(
            self.rules,
            CardSet.from_mask(cards),
            CardSet.from_mask(self._hands[defender]),
            action.melds,
            knocker_seat=self.to_act,
            threshold=self.threshold,
            multiplier=self.multiplier,
            knock_discard=card,
            declared_gin=action.kind is _KIND_GIN,
        )

    # -- applying an action --------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> ActionRecord:
        """Apply a legal action (optionally checking it is ``seat``'s turn) and record it."""
        # Fast paths for the actions of ordinary play, each taken only where _check would
        # pass it and score nothing; anything else (illegal actions included) goes the full
        # way below, so errors and their messages are the same.
        player = self.to_act
        if seat is None or seat == player:
            phase = self.phase
            record: ActionRecord
            if phase is _DISCARD:
                if action.__class__ is Action and action.kind is _KIND_DISCARD:
                    card = action.card
                    if card is not None and self._hands[player] >> card & 1 and card != self._taken:
                        self._discard(player, int(card))
                        if action is DISCARDS[card]:
                            record = _DISCARD_RECORDS[player][card]
                        else:
                            record = ActionRecord(player, action)
                        self.history.append(record)
                        return record
            elif action is DRAW_STOCK:
                if phase is _DRAW:
                    record = _STOCK_RECORDS[player][self._draw_stock(player)]
                    self.history.append(record)
                    return record
            elif action is DRAW_DISCARD:
                if phase is _OFFER or (phase is _DRAW and not self._stock_only):
                    record = _TAKE_RECORDS[player][self._take(player)]
                    self.history.append(record)
                    return record
            elif action is PASS and phase is _OFFER:
                self._pass(player)
                record = _PASS_RECORDS[player]
                self.history.append(record)
                return record
        return self._apply_checked(action, seat)

    # The state changes of the plain actions, shared by the fast and the checked paths.

    def _draw_stock(self, player: int) -> int:
        card = self._stock.pop()
        self._hands[player] |= 1 << card
        self._taken = -1
        self._stock_only = False
        self.phase = _DISCARD
        return card

    def _take(self, player: int) -> int:
        card = self._pile.pop()
        self._hands[player] |= 1 << card
        self._known[player] |= 1 << card
        self._taken = card
        self.phase = _DISCARD
        return card

    def _pass(self, player: int) -> None:
        if player == self.dealer:
            self._stock_only = True
            self.phase = _DRAW
        self.to_act = 1 - player

    def _discard(self, player: int, card: int) -> None:
        self._hands[player] ^= 1 << card
        self._known[player] &= ~(1 << card)
        self._pile.append(card)
        self._taken = -1
        if len(self._stock) <= 2:
            # RULES.md 2: an ordinary discard with two stock cards left kills the hand.
            self.phase = _OVER
            self.result = HandResult(_DEAD, multiplier=self.multiplier)
        else:
            self.phase = _DRAW
            self.to_act = 1 - player

    def _apply_checked(self, action: Action, seat: int | None) -> ActionRecord:
        result = self._check(action, seat)
        player = self.to_act
        kind = action.kind
        drawn: Card | None = None
        if kind is _KIND_STOCK:
            drawn = CARDS[self._draw_stock(player)]
        elif kind is _KIND_TAKE:
            drawn = CARDS[self._take(player)]
        elif kind is _KIND_PASS:
            self._pass(player)
        elif kind is _KIND_DISCARD:
            assert action.card is not None
            self._discard(player, int(action.card))
        else:
            assert result is not None
            if action.card is not None:
                self._hands[player] ^= 1 << action.card
                self._known[player] &= ~(1 << action.card)
                self._knock_discard = action.card
            self._taken = -1
            self.phase = _OVER
            self.result = result
            layout = result.knocker_layout
            if action.melds is None and layout is not None:
                action = action.with_melds(layout.melds)
        record = ActionRecord(player, action, drawn)
        self.history.append(record)
        return record

    # -- taking an action back -----------------------------------------------------------

    def undo(self) -> ActionRecord:
        """Take back the last action exactly (the hand equals the one before it) and return
        its record; raise :class:`~cardtable.errors.IllegalActionError` when none is left.

        What an action changed is read back from the history, so ``apply`` pays nothing
        for this: the record names the seat, the action and the card drawn, and the rest
        (the card taken this turn, whether a card was known, whether the stock was forced)
        follows from the records before it.

        >>> from cardtable.gin.rules import Rules
        >>> hand = Hand.deal(Rules(), dealer=0, seed=7)
        >>> fresh = hand.copy()
        >>> _ = hand.apply(Action.parse("pass"))
        >>> str(hand.undo()), hand == fresh
        ('1: pass', True)
        >>> hand.undo()
        Traceback (most recent call last):
        ...
        cardtable.errors.IllegalActionError: nothing to undo: no action has been played in this hand
        """
        history = self.history
        if not history:
            raise IllegalActionError("nothing to undo: no action has been played in this hand")
        record = history.pop()
        player = record.seat
        kind = record.action.kind
        if self._told.told > len(history):
            # What the seats were told ran past the new end: tell it again when asked.
            self._told = _Told(int(self.upcard), self.dealer)
        self.to_act = player
        self.result = None
        if kind is _KIND_PASS:
            self.phase = _OFFER
            self._stock_only = False
            return record
        if kind is _KIND_STOCK:
            assert record.drawn is not None
            card = int(record.drawn)
            self._hands[player] ^= 1 << card
            self._stock.append(card)
            self._taken = -1
            self.phase = _DRAW
            # Only the first draw after both players passed the upcard was forced.
            self._stock_only = len(history) == 2 and history[1].action.kind is _KIND_PASS
            return record
        if kind is _KIND_TAKE:
            assert record.drawn is not None
            card = int(record.drawn)
            self._hands[player] ^= 1 << card
            self._known[player] &= ~(1 << card)
            self._pile.append(card)
            self._taken = -1
            # The upcard ritual lasts until someone takes or both pass.
            self.phase = _OFFER if all(r.action.kind is _KIND_PASS for r in history) else _DRAW
            self._stock_only = False
            return record
        # A discard, knock, gin or big gin: the player had drawn this turn.
        previous = history[-1]
        self._taken = (
            int(previous.drawn)
            if previous.action.kind is _KIND_TAKE and previous.drawn is not None
            else -1
        )
        self.phase = _DISCARD
        thrown = record.action.card
        if thrown is None:  # big gin: nothing left the hand
            return record
        bit = 1 << thrown
        if kind is _KIND_DISCARD:
            self._pile.pop()
        else:
            self._knock_discard = -1
        self._hands[player] |= bit
        # A card is known exactly when it came to this hand from the pile: only a take
        # brings a card back to a hand that once held it.
        if any(
            r.seat == player and r.drawn == thrown and r.action.kind is _KIND_TAKE for r in history
        ):
            self._known[player] |= bit
        return record

    # -- copies, equality, checks --------------------------------------------------------

    def copy(self) -> Hand:
        """An independent copy (cheap: a few ints and short lists)."""
        new = object.__new__(Hand)
        new.rules = self.rules
        new.dealer = self.dealer
        new.seed = self.seed
        new.deck = self.deck
        new.upcard = self.upcard
        new.threshold = self.threshold
        new.multiplier = self.multiplier
        new.phase = self.phase
        new.to_act = self.to_act
        new.history = list(self.history)
        new.result = self.result
        new._hands = list(self._hands)
        new._known = list(self._known)
        new._stock = list(self._stock)
        new._pile = list(self._pile)
        new._taken = self._taken
        new._stock_only = self._stock_only
        new._knock_discard = self._knock_discard
        new._told = self._told.copy()
        return new

    def _key(self) -> tuple[object, ...]:
        return (
            self.rules,
            self.dealer,
            self.deck,
            self.phase,
            self.to_act,
            tuple(self._hands),
            tuple(self._known),
            tuple(self._stock),
            tuple(self._pile),
            self._taken,
            self._stock_only,
            self._knock_discard,
            tuple(self.history),
            self.result,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def check_invariants(self) -> None:
        """Raise :class:`AssertionError` if the state is inconsistent (used by the tests)."""
        parts = [*self._hands, sum(1 << c for c in self._stock), sum(1 << c for c in self._pile)]
        if self._knock_discard >= 0:
            parts.append(1 << self._knock_discard)
        total = 0
        for part in parts:
            if total & part:
                raise AssertionError(f"a card is in two places: {CardSet.from_mask(total & part)}")
            total |= part
        if total != FULL_DECK or sum(p.bit_count() for p in parts) != 52:
            raise AssertionError("the 52 cards are not all accounted for")
        sizes = sorted(h.bit_count() for h in self._hands)
        if self.phase is _DISCARD and sizes != [10, 11]:
            raise AssertionError(f"discard phase with hand sizes {sizes}")
        if self.phase in (_OFFER, _DRAW) and sizes != [10, 10]:
            raise AssertionError(f"{self.phase.value} phase with hand sizes {sizes}")
        if self.phase is not _OVER and len(self._stock) < 2:
            raise AssertionError("fewer than two stock cards during play")
        if (self.result is None) != (self.phase is not _OVER):
            raise AssertionError("a result exists exactly when the hand is over")
        for seat in (0, 1):
            if self._known[seat] & ~self._hands[seat]:
                raise AssertionError("a known card is not in its holder's hand")

    # -- what one seat may see -----------------------------------------------------------

    def observation(self, seat: int, scores: tuple[int, int] | None = None) -> Observation:
        """The view of ``seat``: never the opponent's hidden cards or the stock order."""
        if seat not in (0, 1):
            raise IllegalActionError(f"a seat is 0 or 1, not {seat!r}")
        over = self.phase is _OVER
        pile = self._pile
        return Observation(
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            phase=self.phase,
            to_act=None if over else self.to_act,
            threshold=self.threshold,
            multiplier=self.multiplier,
            upcard=self.upcard,
            hand=CardSet.from_mask(self._hands[seat]),
            discard_pile=tuple(CARDS[c] for c in pile),
            stock_count=len(self._stock),
            opponent_card_count=self._hands[1 - seat].bit_count(),
            opponent_known=CardSet.from_mask(self._known[1 - seat]),
            taken=CARDS[self._taken] if self._taken >= 0 and self.to_act == seat else None,
            stock_only=self._stock_only,
            events=tuple(self._told.up_to_date(self.history).events[seat]),
            result=self.result,
            opponent_hand=CardSet.from_mask(self._hands[1 - seat]) if over else None,
            scores=scores,
        )


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything one seat may know during a hand, and nothing more.

    ``opponent_known`` holds the cards the opponent took from the discard pile and still
    holds; ``dead_cards`` the discards buried under the top card. Once the hand is over the
    opponent's hand and the result are public.
    """

    seat: int
    rules: Rules
    dealer: int
    phase: Phase
    to_act: int | None
    threshold: int
    multiplier: int
    upcard: Card
    hand: CardSet
    discard_pile: tuple[Card, ...]
    stock_count: int
    opponent_card_count: int
    opponent_known: CardSet
    taken: Card | None
    stock_only: bool
    events: tuple[PublicEvent, ...]
    result: HandResult | None = None
    opponent_hand: CardSet | None = None
    scores: tuple[int, int] | None = None

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def dead_cards(self) -> CardSet:
        """Discards below the top of the pile: out of play for the rest of the hand."""
        return CardSet(self.discard_pile[:-1])

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def unseen(self) -> CardSet:
        """Cards this seat has not seen: in the stock or hidden in the opponent's hand."""
        seen = self.hand.mask | self.opponent_known.mask
        for card in self.discard_pile:
            seen |= 1 << card
        return CardSet.from_mask(FULL_DECK & ~seen)

    def masks_seen(self) -> SeenMasks:
        """This view as masks, the same as :meth:`Hand.masks_seen_by` gives for the seat: the
        opponent's discards and passed-up cards are read back from the public ``events``."""
        other = 1 - self.seat
        pile = [int(self.upcard)]
        discarded = declined = 0
        events = self.events
        for index, event in enumerate(events):
            kind = event.kind
            if kind is ActionKind.DISCARD:
                assert event.card is not None
                pile.append(int(event.card))
                if event.seat == other:
                    discarded |= 1 << event.card
            elif kind is ActionKind.DRAW_DISCARD:
                pile.pop()
            elif event.seat == other and kind in (ActionKind.PASS, ActionKind.DRAW_STOCK):
                # The first draw after two passes is forced to the stock: not a choice.
                forced = (
                    kind is ActionKind.DRAW_STOCK
                    and index == 2
                    and all(e.kind is ActionKind.PASS for e in events[:2])
                )
                if not forced:
                    declined |= 1 << pile[-1]
        top = self.top_discard
        pile_mask = 0
        for card in self.discard_pile:
            pile_mask |= 1 << card
        taken = self.taken
        return SeenMasks(
            self.hand.mask,
            pile_mask,
            0 if top is None else 1 << top,
            self.opponent_known.mask,
            discarded,
            declined,
            0 if taken is None else 1 << taken,
            self.stock_only,
        )

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions (empty when it is not its turn)."""
        if self.to_act != self.seat:
            return []
        return legal_actions_for(
            self.phase,
            self.hand.mask,
            -1 if self.taken is None else int(self.taken),
            self.stock_only,
            self.threshold,
            self.rules.big_gin_bonus is not None,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form with canonical card strings."""
        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "phase": self.phase.value,
            "to_act": self.to_act,
            "threshold": self.threshold,
            "multiplier": self.multiplier,
            "upcard": str(self.upcard),
            "hand": [str(c) for c in self.hand],
            "discard_pile": [str(c) for c in self.discard_pile],
            "stock_count": self.stock_count,
            "opponent_card_count": self.opponent_card_count,
            "opponent_known": [str(c) for c in self.opponent_known],
            "dead_cards": [str(c) for c in self.dead_cards],
            "taken": None if self.taken is None else str(self.taken),
            "stock_only": self.stock_only,
            "events": [event.to_dict() for event in self.events],
            "result": None if self.result is None else self.result.to_dict(),
            "opponent_hand": None
            if self.opponent_hand is None
            else [str(c) for c in self.opponent_hand],
            "scores": None if self.scores is None else list(self.scores),
            "legal_actions": [str(a) for a in self.legal_actions()],
        }
