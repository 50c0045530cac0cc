"""Sample worlds: full hands consistent with what one seat has seen.

A seat's :class:`~cardtable.gin.hand.Observation` leaves two things hidden: the opponent's
cards (all but the ones it took from the discard pile and still holds) and the order of the
stock. :func:`sample_worlds` deals them out again, uniformly over the cards the seat has
not seen, and returns each sample as a complete :class:`~cardtable.gin.hand.Hand` whose
history replays the same public play, so ``world.observation(seat) == observation``. That is
the determinization search algorithms need (information-set MCTS, PIMC).

The distribution is the plain one: every split of the unseen cards into the opponent's
hidden cards and a stock order is equally likely. It does not weigh the opponent's choices
(a card it passed up is as likely to be in its hand as any other); a caller that wants a
posterior can weigh or reject the samples.

>>> from cardtable.gin.hand import Hand
>>> import random
>>> hand = Hand.deal(seed="worlds-doc", dealer=0)
>>> _ = hand.apply(hand.legal_actions()[1])  # seat 1 passes the upcard
>>> seen = hand.observation(0)
>>> worlds = sample_worlds(seen, 3, random.Random(1))
>>> all(world.observation(0) == seen for world in worlds)
True
>>> worlds[0].cards(1) == hand.cards(1)  # the opponent's hand is re-dealt
False
"""

from __future__ import annotations

import random
from typing import Final, cast

from cardtable.cards import FULL_DECK, card_numbers
from cardtable.errors import IllegalActionError
from cardtable.gin.actions import DRAW_DISCARD, DRAW_STOCK, PASS, Action, ActionKind
from cardtable.gin.deal import POSITIONS
from cardtable.gin.hand import Hand, Observation

__all__ = ["sample_deck", "sample_world", "sample_worlds"]

_PASS: Final = ActionKind.PASS
_STOCK: Final = ActionKind.DRAW_STOCK
_TAKE: Final = ActionKind.DRAW_DISCARD
_DISCARD: Final = ActionKind.DISCARD
# Where the deal puts each part in the deck (deal.POSITIONS, typed).
_NON_DEALER: Final = cast(tuple[int, ...], POSITIONS["non_dealer"])
_DEALER: Final = cast(tuple[int, ...], POSITIONS["dealer"])
_UPCARD: Final = cast(int, POSITIONS["upcard"])
_STOCK_AT: Final = cast(tuple[int, ...], POSITIONS["stock"])


def sample_worlds(observation: Observation, n: int, rng: random.Random | None = None) -> list[Hand]:
    """``n`` hands consistent with ``observation``, drawn independently (see the module)."""
    if n < 0:
        raise IllegalActionError(f"the number of worlds is at least 0, not {n}")
    rng = rng or random.Random()
    return [sample_world(observation, rng) for _ in range(n)]


def sample_world(observation: Observation, rng: random.Random, opponent: int | None = None) -> Hand:
    """One hand consistent with ``observation``: the opponent's hidden cards and the stock
    order drawn uniformly from the cards the seat has not seen. With ``opponent`` (a mask of
    the opponent's whole hand now, from a caller's own reading of it) only the stock order
    and the history of its draws are drawn."""
    world = Hand(observation.rules, observation.dealer, sample_deck(observation, rng, opponent))
    for action in _actions(observation):
        world.apply(action)
    return world


def sample_deck(
    observation: Observation, rng: random.Random, opponent: int | None = None
) -> list[int]:
    """The deck (in dealt order) of one world consistent with ``observation``: the deck a
    :class:`~cardtable.gin.hand.Hand` is dealt from to replay the same public history.
    ``opponent``, if given, is the opponent's hand now (see :func:`sample_world`)."""
    unseen = card_numbers(observation.unseen.mask)
    rng.shuffle(unseen)
    known = observation.opponent_known.mask
    if opponent is not None and observation.opponent_hand is None:
        hidden = observation.opponent_card_count - known.bit_count()
        if (
            opponent & known != known
            or opponent & ~(known | observation.unseen.mask)
            or opponent.bit_count() != observation.opponent_card_count
        ):
            raise IllegalActionError(
                f"a guess at the opponent's hand holds the {known.bit_count()} cards it took"
                f" and still holds and {hidden} cards this seat has not seen"
            )
        stock = [c for c in unseen if not opponent >> c & 1]
    elif observation.opponent_hand is not None:
        # The hand is over: the opponent's cards are public, only the stock is hidden.
        opponent = observation.opponent_hand.mask
        thrown = observation.result.knock_discard if observation.result else None
        # The card thrown face down at a knock is shown but lies in no pile.
        shown = opponent | (0 if thrown is None else 1 << thrown)
        stock = [c for c in unseen if not shown >> c & 1]
    else:
        hidden = observation.opponent_card_count - known.bit_count()
        opponent = known | sum(1 << c for c in unseen[:hidden])
        stock = unseen[hidden:]
    if len(stock) != observation.stock_count:
        raise IllegalActionError("the observation's card counts do not add up")
    return _deck(observation, opponent, stock, rng)


def _actions(observation: Observation) -> list[Action]:
    """The actions of the hand's history, as the seat saw them (stock draws without cards)."""
    actions: list[Action] = []
    result = observation.result
    for event in observation.events:
        kind = event.kind
        if kind is _PASS:
            actions.append(PASS)
        elif kind is _STOCK:
            actions.append(DRAW_STOCK)
        elif kind is _TAKE:
            actions.append(DRAW_DISCARD)
        else:
            melds = None
            if kind is not _DISCARD and result is not None and result.knocker_layout:
                melds = result.knocker_layout.melds
            actions.append(Action(kind, event.card, melds))
    return actions


def _deck(
    observation: Observation, opponent: int, stock: list[int], rng: random.Random
) -> list[int]:
    """Walk the public history back from the sampled present to the deal, and lay out the
    deck that deals it. Each hidden stock draw of the opponent gives back one of the cards
    it held then, chosen at random among those it had not taken from the pile."""
    seat = observation.seat
    other = 1 - seat
    events = observation.events
    # Forward: which cards the opponent held openly (taken, not yet thrown) at each event.
    openly = 0
    open_at: list[int] = []
    for event in events:
        open_at.append(openly)
        if event.seat != other or event.card is None:
            continue
        if event.kind is _TAKE:
            openly |= 1 << event.card
        elif event.kind is not _STOCK:
            openly &= ~(1 << event.card)
    hands = [0, 0]
    hands[seat] = observation.hand.mask
    hands[other] = opponent
    pile = [int(c) for c in observation.discard_pile]
    top_first = list(stock)
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        who = event.seat
        kind = event.kind
        if kind is _PASS:
            continue
        if kind is _STOCK:
            if event.card is not None:
                card = int(event.card)
            else:
                # The card the opponent drew: any it held after the draw but the ones it
                # holds openly (those came from the pile and must go back there).
                choices = card_numbers(hands[who] & ~open_at[index])
                card = rng.choice(choices)
            hands[who] ^= 1 << card
            top_first.insert(0, card)
        elif kind is _TAKE:
            assert event.card is not None
            hands[who] ^= 1 << event.card
            pile.append(int(event.card))
        elif event.card is not None:  # a discard, or the card thrown face down at a knock
            card = int(event.card)
            if kind is _DISCARD:  # the knock's card lies face down, on no pile
                top = pile.pop()
                assert top == card, "the pile does not match the history"
            hands[who] |= 1 << card
    assert len(pile) == 1 and pile[0] == int(observation.upcard), "the pile does not unwind"
    dealer = observation.dealer
    deck = [0] * 52
    for position, card in zip(_NON_DEALER, card_numbers(hands[1 - dealer]), strict=True):
        deck[position] = card
    for position, card in zip(_DEALER, card_numbers(hands[dealer]), strict=True):
        deck[position] = card
    deck[_UPCARD] = pile[0]
    for position, card in zip(_STOCK_AT, top_first, strict=True):
        deck[position] = card
    assert sum(1 << c for c in deck) == FULL_DECK
    return deck
