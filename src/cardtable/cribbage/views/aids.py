"""Learning aids for a Cribbage seat, from that seat's observation only: the card tracker,
the lay-away advisor and the risk of each playable card in the play.

- The tracker says where each of the 52 cards is as far as the seat knows.
- The lay-away advisor gives the expert's own figures for its best few lay-aways
  (:func:`~cardtable.cribbage.players.expert.expert_discards`: the kept hand's expected show
  over the 46 possible starters, and what the two cards are worth to the crib, added for the
  dealer and taken off for the pone; near the end of a game ranked by the chance of winning).
- The play risk is, for each card the seat may play, the chance that the opponent can peg on
  it at once (15, 31, a pair, a run) and the points it is expected to peg so, over the hands
  the opponent may hold: every set of that many cards among those the seat has not seen that
  the opponent's goes allow
  (:func:`~cardtable.cribbage.players.opponent.opponent_candidates`, the cards the expert's
  hint reasons over), each set equally likely, the opponent taking its best reply. It is
  exact (counted, not sampled), so the same view always gives the same numbers.

Nothing here reads more than the :class:`~cardtable.cribbage.hand.Observation`.

>>> from cardtable.cards import shuffled_deck
>>> from cardtable.cribbage.hand import Hand
>>> from cardtable.cribbage.rules import Rules
>>> hand = Hand(Rules(), dealer=0, deck=shuffled_deck("crib-aids-doc"), pegs=(0, 0))
>>> aids = CribbageAids.of(hand.observation(1))
>>> sorted(set(aids.tracker.values())), len(aids.tracker), len(aids.lay_away), aids.play_risk
(['mine', 'unseen'], 52, 3, {})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any, Final

from cardtable.cards import VALUES, Card
from cardtable.cribbage.actions import ActionKind
from cardtable.cribbage.hand import Observation, Phase
from cardtable.cribbage.players.expert import expert_discards
from cardtable.cribbage.players.opponent import opponent_candidates, peg_points

__all__ = [
    "LAY_AWAY_SHOWN",
    "TRACKER_STATES",
    "CribbageAids",
    "LayAwayAdvice",
    "PlayRisk",
    "lay_away_advice",
    "play_risks",
    "reply_points",
    "tracker",
]

# Where each of the 52 cards is, as far as the seat knows.
TRACKER_STATES: Final = (
    "mine",  # in the seat's hand
    "my_crib",  # laid away to the crib by the seat
    "my_play",  # played in the play by the seat
    "their_play",  # played in the play by the opponent
    "starter",  # the starter, once turned
    "their_shown",  # the opponent's cards in a hand or crib shown (and not played)
    "unseen",  # in the opponent's hand, its half of the crib or the rest of the deck
)

# How many of the expert's lay-aways the advisor names, best first.
LAY_AWAY_SHOWN: Final = 3


def tracker(observation: Observation) -> dict[Card, str]:
    """Every card's state (one of :data:`TRACKER_STATES`), from the seat's view alone.

    A card the seat kept and played is ``my_play``, its own two crib cards ``my_crib`` even
    once the crib is shown; the opponent's cards seen in a show (its crib cards: the four it
    kept were all played before) are ``their_shown``."""
    o = observation
    states = {Card(c): "unseen" for c in range(52)}
    mine = set(o.dealt)
    for show in o.shows:
        for card in show.cards:
            if card not in mine:
                states[card] = "their_shown"
    for card in o.counting:  # with muggins, the hand or crib face up to be counted
        if card not in mine:
            states[card] = "their_shown"
    for play in o.plays:
        states[play.card] = "my_play" if play.seat == o.seat else "their_play"
    if o.starter is not None:
        states[o.starter] = "starter"
    for card in o.laid_away:
        states[card] = "my_crib"
    for card in o.hand:
        states[card] = "mine"
    return states


@dataclass(frozen=True, slots=True)
class LayAwayAdvice:
    """One lay-away by the expert's figures: the two cards to the crib, the four kept, the
    kept hand's expected show, the crib's expected show for the two (``crib``, the seat's own
    when ``own_crib``) and the expert's value, hand plus or minus crib."""

    cards: tuple[Card, Card]
    kept: tuple[Card, ...]
    hand: float
    crib: float
    own_crib: bool
    value: float

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": [str(c) for c in self.cards],
            "kept": [str(c) for c in self.kept],
            "hand": round(self.hand, 2),
            "crib": round(self.crib, 2),
            "own_crib": self.own_crib,
            "value": round(self.value, 2),
        }


def lay_away_advice(observation: Observation) -> tuple[LayAwayAdvice, ...]:
    """The expert's best few lay-aways while the seat still holds its six cards (else none)."""
    o = observation
    if o.phase is not Phase.DISCARD or o.laid_away or len(o.hand) != 6:
        return ()
    return tuple(
        LayAwayAdvice(
            (option.thrown[0], option.thrown[1]),
            option.kept,
            option.hand_ev,
            option.crib_ev,
            option.own_crib,
            option.value,
        )
        for option in expert_discards(o)[:LAY_AWAY_SHOWN]
    )


@dataclass(frozen=True, slots=True)
class PlayRisk:
    """A playable card: the chance the opponent can peg on it at once, and the points it is
    expected to peg so (0 where it cannot)."""

    chance: float
    points: float

    def to_json(self) -> dict[str, Any]:
        return {"chance": round(self.chance, 4), "points": round(self.points, 3)}


def reply_points(seq: Sequence[int], count: int, reply: Card) -> int:
    """What the opponent pegs by playing ``reply`` on a count of ``count`` whose ranks are
    ``seq`` (0 when it would pass 31)."""
    total = count + VALUES[reply]
    return 0 if total > 31 else peg_points((*seq, reply % 13), total)


def _risk(candidates: Sequence[Card], held: int, points: Sequence[int]) -> PlayRisk:
    """The chance that ``held`` cards drawn from ``candidates`` (``points[i]`` what the i-th
    pegs) include one that pegs, and the expected best of what they peg: by counting, level by
    level of points, the hands that hold nothing better."""
    total = len(candidates)
    if held <= 0 or total < held:
        return PlayRisk(0.0, 0.0)
    hands = comb(total, held)
    levels = sorted({p for p in points if p > 0}, reverse=True)
    expected = 0.0
    at_least_before = 0.0  # the chance the best reply pegs more than the current level
    worse = total  # cards that peg less than the level being counted
    for level in levels:
        worse -= sum(1 for p in points if p == level)
        at_least = 1.0 - comb(worse, held) / hands
        expected += level * (at_least - at_least_before)
        at_least_before = at_least
    return PlayRisk(at_least_before, expected)


def play_risks(observation: Observation) -> dict[Card, PlayRisk]:
    """For each card the seat may play now, the opponent's chance to peg on it at once."""
    o = observation
    if o.phase is not Phase.PLAY or not o.my_turn:
        return {}
    plays = [a.cards[0] for a in o.legal if a.kind is ActionKind.PLAY]
    if not plays:
        return {}
    opponent = 1 - o.seat
    # An opponent with no cards, or one that said go in this count, plays no card on it.
    silent = o.opponent_cards == 0 or o.said_go[opponent]
    candidates = [] if silent else opponent_candidates(o)
    seq = tuple(c % 13 for c in o.count_cards)
    out: dict[Card, PlayRisk] = {}
    for card in plays:
        count = o.count + VALUES[card]
        if silent or count == 31:  # 31 starts a new count: nothing can be pegged on it
            out[card] = PlayRisk(0.0, 0.0)
            continue
        after = (*seq, card % 13)
        points = [reply_points(after, count, reply) for reply in candidates]
        out[card] = _risk(candidates, o.opponent_cards, points)
    return out


@dataclass(frozen=True, slots=True)
class CribbageAids:
    """The aids of one seat's view (the page shows each only when the player asks). Each is
    ``None`` in the view of a seat that did not ask for the aids: they cost more than the
    rest of its view, and most players never turn them on."""

    tracker: Mapping[Card, str] | None
    lay_away: tuple[LayAwayAdvice, ...] | None
    play_risk: Mapping[Card, PlayRisk] | None

    @classmethod
    def of(cls, observation: Observation, asked: bool = True) -> CribbageAids:
        if not asked:
            return _NOT_ASKED
        return cls(tracker(observation), lay_away_advice(observation), play_risks(observation))

    def to_json(self) -> dict[str, Any]:
        # The tracker names the cards the seat has seen, by state; every card it leaves out
        # is unseen (so that no view ever names a card hidden from its seat, even as such).
        return {
            "tracker": None
            if self.tracker is None
            else {
                str(card): state
                for card, state in sorted(self.tracker.items())
                if state != "unseen"
            },
            "lay_away": None
            if self.lay_away is None
            else [advice.to_json() for advice in self.lay_away],
            "play_risk": None
            if self.play_risk is None
            else {str(card): risk.to_json() for card, risk in self.play_risk.items()},
        }


_NOT_ASKED = CribbageAids(None, None, None)
