"""The rules of Eights: its settings, a deal, a match of deals, and a seat's observation."""

from __future__ import annotations

import copy
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.cards import CARDS, Card, derive_seed, fair_cut, parse_card, shuffled_deck
from cardtable.errors import IllegalActionError, InvalidCardError, InvalidRulesError

SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
EIGHT = 7  # the rank index of an eight (ace is 0)
BOUNDS = {"target": (10, 500), "hand_size": (3, 8)}


def card_points(card: int) -> int:
    """What a card left in a hand is worth to the player who went out."""
    rank = card % 13
    if rank == EIGHT:
        return 50
    return min(rank + 1, 10)


@dataclass(frozen=True, slots=True)
class Rules:
    """The settings of Eights: the points that win the match, and the cards dealt each."""

    target: int = 50
    hand_size: int = 5

    def __post_init__(self) -> None:
        for name, (low, high) in BOUNDS.items():
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise InvalidRulesError(f"{name} must be a whole number from {low} to {high}")

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target, "hand_size": self.hand_size}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        unknown = sorted(set(data) - set(BOUNDS))
        if unknown:
            raise InvalidRulesError(f"Eights has no setting {unknown[0]!r}")
        return cls(**{name: data[name] for name in BOUNDS if name in data})


PRESETS: dict[str, Rules] = {"standard": Rules(), "short": Rules(target=20)}


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat knows: its own cards and what is on the table (never the other hand)."""

    seat: int
    hand: tuple[Card, ...]
    top: Card
    suit: int
    other_cards: int
    stock: int
    scores: tuple[int, int]
    to_act: int | None
    legal: tuple[str, ...]
    events: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DealEnd:
    """A finished deal: who scored what, and both hands as they ended (public now)."""

    number: int
    winner: int | None
    points: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    events: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Final:
    winner: int
    scores: tuple[int, int]


def parse_action(text: str) -> tuple[str, Card | None, int | None]:
    """``draw``, ``pass``, ``play XX`` or ``play 8X as SUIT``, as (verb, card, suit)."""
    words = text.strip().lower().split() if isinstance(text, str) else []
    if words in (["draw"], ["pass"]):
        return words[0], None, None
    if len(words) in (2, 4) and words[0] == "play":
        try:
            card = parse_card(words[1])
        except InvalidCardError as error:
            raise IllegalActionError(str(error)) from None
        if len(words) == 2:
            return "play", card, None
        if words[2] == "as" and words[3] in SUIT_NAMES:
            return "play", card, SUIT_NAMES.index(words[3])
    raise IllegalActionError(
        f"unknown action {text!r}: say draw, pass, play XX, or play 8X as a suit"
    )


class Deal:
    """One deal: the stock, both hands, the pile and whose turn it is."""

    def __init__(self, rules: Rules, dealer: int, deck: tuple[int, ...], number: int) -> None:
        size = rules.hand_size
        order = [CARDS[c] for c in deck]
        first = 1 - dealer
        self.number = number
        self.hands: list[list[Card]] = [[], []]
        for i in range(2 * size):
            self.hands[(first + i) % 2].append(order[i])
        self.pile: list[Card] = [order[2 * size]]
        self.stock: list[Card] = order[2 * size + 1 :]
        self.suit = self.pile[-1].suit
        self.to_act: int | None = first
        self.passes = 0
        self.events: list[str] = [f"The pile starts with {self.pile[-1].symbol()}"]
        self.end: DealEnd | None = None

    def playable(self, card: Card) -> bool:
        top = self.pile[-1]
        return card.rank == EIGHT or card.suit == self.suit or card.rank == top.rank

    def legal(self) -> tuple[str, ...]:
        if self.to_act is None:
            return ()
        found: list[str] = []
        for card in sorted(self.hands[self.to_act]):
            if not self.playable(card):
                continue
            if card.rank == EIGHT:
                found.extend(f"play {card} as {name}" for name in SUIT_NAMES)
            else:
                found.append(f"play {card}")
        if self.stock:
            found.append("draw")
        elif not found:
            found.append("pass")
        return tuple(found)


class Match:
    """A match of deals until a player reaches the target."""

    def __init__(self, rules: Rules, first_dealer: int, seed: str) -> None:
        self.rules = rules
        self.seed: str | None = seed
        self.first_dealer = first_dealer
        self.scores = [0, 0]
        self.hands: list[DealEnd] = []  # the finished deals
        self.final: Final | None = None
        self.actions: list[tuple[int, str]] = []  # every action taken, for the record
        self.deal = self._new_deal()

    @classmethod
    def new(cls, rules: Rules, seed: str | None, first_dealer: int | None) -> Match:
        text = secrets.token_hex(16) if seed is None else str(seed)
        return cls(rules, fair_cut(text) if first_dealer is None else first_dealer, text)

    def _new_deal(self) -> Deal:
        number = len(self.hands) + 1
        dealer = (self.first_dealer + number - 1) % 2
        assert self.seed is not None
        return Deal(self.rules, dealer, shuffled_deck(derive_seed(self.seed, number)), number)

    # -- what the table asks -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.final is not None

    @property
    def to_act(self) -> int | None:
        return None if self.final is not None else self.deal.to_act

    def may_act(self, seat: int) -> bool:
        return self.to_act == seat

    def copy(self) -> Match:
        return copy.deepcopy(self)

    def next_first_dealer(self) -> int:
        return 1 - self.first_dealer

    def legal_actions(self) -> tuple[str, ...]:
        return () if self.final is not None else self.deal.legal()

    def observation(self, seat: int) -> Observation:
        deal = self.deal
        return Observation(
            seat=seat,
            hand=tuple(sorted(deal.hands[seat])),
            top=deal.pile[-1],
            suit=deal.suit,
            other_cards=len(deal.hands[1 - seat]),
            stock=len(deal.stock),
            scores=(self.scores[0], self.scores[1]),
            to_act=self.to_act,
            legal=self.legal_actions() if self.to_act == seat else (),
            events=tuple(deal.events),
        )

    # -- playing -------------------------------------------------------------------------

    def apply(self, seat: int, text: str) -> str:
        """Apply ``seat``'s action; return its canonical text. Illegal: raises, changes
        nothing."""
        if self.final is not None:
            raise IllegalActionError("the match is over")
        deal = self.deal
        if deal.to_act != seat:
            raise IllegalActionError("it is not your turn")
        verb, card, suit = parse_action(text)
        canonical = verb if card is None else f"play {card}"
        if card is not None and card.rank == EIGHT:
            if suit is None:
                raise IllegalActionError("an eight names the suit to follow: play 8X as hearts")
            canonical += f" as {SUIT_NAMES[suit]}"
        elif suit is not None:
            raise IllegalActionError("only an eight names a suit")
        if canonical not in deal.legal():
            raise IllegalActionError(f"{canonical!r} is not allowed now")
        who = "Seat " + str(seat + 1)
        if verb == "draw":
            deal.hands[seat].append(deal.stock.pop())
            deal.passes = 0
            deal.events.append(f"{who} draws")
        elif verb == "pass":
            deal.passes += 1
            deal.events.append(f"{who} passes")
        else:
            assert card is not None
            deal.hands[seat].remove(card)
            deal.pile.append(card)
            deal.suit = card.suit if suit is None else suit
            deal.passes = 0
            line = f"{who} plays {card.symbol()}"
            if suit is not None:
                line += f" and names {SUIT_NAMES[suit]}"
            deal.events.append(line)
        self.actions.append((seat, canonical))
        deal.to_act = 1 - seat
        if not deal.hands[seat]:
            self._end_deal(seat, sum(card_points(c) for c in deal.hands[1 - seat]))
        elif deal.passes >= 2:
            left = [sum(card_points(c) for c in hand) for hand in deal.hands]
            low = None if left[0] == left[1] else int(left[1] < left[0])
            self._end_deal(low, 0 if low is None else abs(left[0] - left[1]))
        return canonical

    def _end_deal(self, winner: int | None, points: int) -> None:
        deal = self.deal
        if winner is not None:
            self.scores[winner] += points
            deal.events.append(f"Seat {winner + 1} scores {points}")
        else:
            deal.events.append("The deal is blocked and even: no score")
        hands = (tuple(sorted(deal.hands[0])), tuple(sorted(deal.hands[1])))
        self.hands.append(DealEnd(deal.number, winner, points, hands, tuple(deal.events)))
        deal.to_act = None
        best = max(range(2), key=lambda s: self.scores[s])
        if self.scores[best] >= self.rules.target and self.scores[0] != self.scores[1]:
            self.final = Final(best, (self.scores[0], self.scores[1]))
        else:
            self.deal = self._new_deal()
