"""The learning aids of a Cribbage seat's view (issue 12, point 4), worked out from the seat's
own observation: the tracker marks the 52 cards as the view's public fields have them and
never names a card the seat has not seen; the lay-away advisor is the expert's own ranking
and figures; the play risk is a probability, equal to a brute-force count of the opponent's
possible hands scored by the pegging rules of CRIBBAGE.md (``tests/cribbage/reference.py``);
and two worlds that differ only in cards hidden from the seat give it the very same aids."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import VALUES, Card, parse_card, shuffled_deck
from cardtable.cribbage.actions import Action, ActionKind
from cardtable.cribbage.hand import Hand, Observation, Phase
from cardtable.cribbage.match import Match
from cardtable.cribbage.players.expert import expert_discards
from cardtable.cribbage.players.opponent import opponent_candidates
from cardtable.cribbage.rules import Rules
from cardtable.cribbage.views import seat_view
from cardtable.cribbage.views.aids import (
    LAY_AWAY_SHOWN,
    TRACKER_STATES,
    CribbageAids,
    PlayRisk,
    lay_away_advice,
    play_risks,
    tracker,
)
from cardtable.errors import IllegalActionError
from cardtable.table.views import PlayerView, TableHeader
from tests.cribbage import reference
from tests.cribbage.deals import deck_for

HEADER = TableHeader("m1", "cribbage", (PlayerView("human", "Ann"), PlayerView("human", "Bo")), 0)


def short_rules(muggins: bool) -> Rules:
    return Rules.preset("short", muggins=muggins)


def random_match(seed: int, muggins: bool, steps: int) -> Iterator[Match]:
    """A match of random legal moves, the match after each (and before the first)."""
    match = Match(short_rules(muggins), seed % 2, seed=f"crib-aids-{seed}")
    rng = random.Random(seed)
    yield match
    for _ in range(steps):
        if match.is_over:
            return
        match.apply(rng.choice(match.legal_actions()))
        yield match


def reference_tracker(view: dict[str, Any]) -> dict[str, str]:
    """Where each card is, from the view's own public fields: the hand, the crib cards laid
    away, the events of the play (who played what), the starter, the shows and the count
    being stated (the opponent's cards in them that it did not play)."""
    me = view["seat"]
    states = dict.fromkeys((str(Card(c)) for c in range(52)), "unseen")
    played = set()
    for event in view["events"]:
        kind, *cards = event["action"].split()
        if kind == "play":
            states[cards[0]] = "my_play" if event["seat"] == me else "their_play"
            played.add(cards[0])
    shown = [c for s in view["shows"] for c in s["cards"]]
    if view["counting"] is not None:
        shown += view["counting"]["cards"]
    mine = set(view["laid_away"]) | set(view["hand"])
    for card in shown:
        if card not in played and card not in mine:
            states[card] = "their_shown"
    if view["starter"] is not None:
        states[view["starter"]] = "starter"
    for card in view["laid_away"]:
        states[card] = "my_crib"
    for card in view["hand"]:
        states[card] = "mine"
    return states


@settings(max_examples=12)
@given(seed=st.integers(0, 10**6), muggins=st.booleans())
def test_the_tracker_follows_the_public_events_and_names_no_hidden_card(
    seed: int, muggins: bool
) -> None:
    states_seen: set[str] = set()
    for match in random_match(seed, muggins, 160):
        hand = match.hands[-1] if match.is_over else match.current
        for seat in (0, 1):
            view = seat_view(match, seat, HEADER).to_json()
            named = view["aids"]["tracker"]  # the cards seen; those left out are unseen
            assert set(named.values()) <= set(TRACKER_STATES) - {"unseen"}
            states = {**dict.fromkeys((str(Card(c)) for c in range(52)), "unseen"), **named}
            assert states == reference_tracker(view)
            states_seen.update(states.values())
            # Against the hidden truth: every card marked theirs is one the opponent
            # played or showed; all the opponent still holds, and its crib half until the
            # crib is shown, are unseen.
            other = 1 - seat
            theirs = {str(c) for c in hand.dealt[other]}
            for card, state in states.items():
                if state == "their_play":
                    assert card in {str(p.card) for p in hand.plays if p.seat == other}
                elif state == "their_shown":
                    assert card in theirs
                elif state == "mine":
                    assert card in {str(c) for c in hand.cards[seat]}
            assert all(states[str(c)] == "unseen" for c in hand.cards[other])
            if not hand.shows and hand.phase is not Phase.ANSWER:
                assert all(states[str(c)] == "unseen" for c in hand.laid_away[other])
            counts = {s: sum(1 for v in states.values() if v == s) for s in TRACKER_STATES}
            assert sum(counts.values()) == 52
            assert counts["mine"] == len(hand.cards[seat])
            assert counts["my_crib"] == len(hand.laid_away[seat])
    assert {"mine", "my_crib", "my_play", "their_play", "starter", "unseen"} <= states_seen


def test_the_tracker_at_the_show_of_a_muggins_hand() -> None:
    """With muggins the crib is counted face up: the opponent's two crib cards show."""
    deck = deck_for("5H 5S JD QC 2C 9S", "4H 6S 7D 8C KD AS", "3H")
    hand = Hand(short_rules(True), dealer=0, deck=deck, pegs=(0, 0))
    rng = random.Random(3)
    while hand.phase is not Phase.COUNT or len(hand.shows) < 2:
        hand.apply(rng.choice(hand.legal_actions()))
    states = tracker(hand.observation(1))  # the pone, at the dealer's crib
    theirs = set(hand.laid_away[0])
    assert {c for c, s in states.items() if s == "their_shown"} == theirs
    assert {c for c, s in states.items() if s == "my_crib"} == set(hand.laid_away[1])
    assert states[parse_card("3H")] == "starter"


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), dealer=st.integers(0, 1), pegs=st.integers(0, 58))
def test_the_lay_away_advice_is_the_experts_own_ranking(seed: int, dealer: int, pegs: int) -> None:
    # Pegs up to 58 of 61 bring the board's endgame ranking in too.
    hand = Hand(short_rules(False), dealer, shuffled_deck(f"lay-{seed}"), (pegs, 61 - pegs - 1))
    for seat in (1 - dealer, dealer):
        obs = hand.observation(seat)
        advice = lay_away_advice(obs)
        best = expert_discards(obs)[:LAY_AWAY_SHOWN]
        assert len(advice) == LAY_AWAY_SHOWN
        assert [a.cards for a in advice] == [o.thrown for o in best]
        for item, option in zip(advice, best, strict=True):
            assert set(item.cards) | set(item.kept) == set(obs.hand)
            assert item.own_crib is (seat == dealer)
            sign = 1 if item.own_crib else -1
            assert item.value == pytest.approx(item.hand + sign * item.crib)
            assert (item.hand, item.crib) == (option.hand_ev, option.crib_ev)
            assert 0 <= item.hand <= 29 and 0 <= item.crib <= 29
        if seat == 1 - dealer:
            hand.apply(Action.discard(*advice[0].cards))
    # Once laid away, the seat is advised no more.
    assert lay_away_advice(hand.observation(1 - dealer)) == ()


def brute_force_risk(obs: Observation, card: Card, candidates: list[Card]) -> PlayRisk:
    """Every hand of the opponent's size among ``candidates``, equally likely; the opponent
    plays its best scoring reply (by CRIBBAGE.md 2, through the reference scorer)."""
    count = obs.count + VALUES[card]
    opponent = 1 - obs.seat
    if count == 31 or obs.said_go[opponent] or obs.opponent_cards == 0:
        return PlayRisk(0.0, 0.0)
    seq = [*obs.count_cards, card]
    best_of = {
        reply: reference.peg_points([*seq, reply])["points"]
        if count + reference.value(reply) <= 31
        else 0
        for reply in candidates
    }
    scoring = 0
    total_points = 0
    hands = 0
    for held in combinations(candidates, obs.opponent_cards):
        best = max(best_of[c] for c in held)
        hands += 1
        scoring += best > 0
        total_points += best
    return PlayRisk(scoring / hands, total_points / hands)


def play_turns(seed: int) -> Iterator[tuple[Hand, Observation]]:
    """Every turn in the play of a hand of random moves, with the seat's observation."""
    rng = random.Random(seed)
    hand = Hand(short_rules(False), seed % 2, shuffled_deck(f"risk-{seed}"), (0, 0))
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        if hand.phase is Phase.PLAY:
            yield hand, hand.observation(seat)
        hand.apply(rng.choice(hand.legal_actions()))


@settings(max_examples=10)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 7))
def test_the_play_risk_is_a_brute_force_count_over_the_opponents_hands(
    seed: int, pick: int
) -> None:
    turns = [(h.copy(), o) for h, o in play_turns(seed)]
    hand, obs = turns[pick % len(turns)]
    risks = play_risks(obs)
    playable = {a.cards[0] for a in obs.legal if a.kind is ActionKind.PLAY}
    assert set(risks) == playable
    if not playable:
        return
    candidates = opponent_candidates(obs)
    # The candidates are cards the seat has not seen, and (the go rule never lies) they hold
    # every card the opponent really has.
    assert set(candidates) <= set(obs.unseen())
    assert set(hand.cards[1 - obs.seat]) <= set(candidates)
    for card, risk in risks.items():
        expected = brute_force_risk(obs, card, candidates)
        assert risk.chance == pytest.approx(expected.chance, abs=1e-9)
        assert risk.points == pytest.approx(expected.points, abs=1e-9)


def test_a_known_count_the_opponent_pegs_on() -> None:
    """The pone leads from 7 7 8 K: whichever it leads, some of the dealer's possible hands
    peg on it (a pair, or a 15) and some do not; the chance and the points are the count's,
    and the two sevens, alike in the play, are alike in risk."""
    deck = deck_for("7H 7S 8C KD 2C 9S", "4H 6S TD QC KH AS", "3H")
    hand = Hand(short_rules(False), dealer=0, deck=deck, pegs=(0, 0))
    hand.apply(Action.discard(parse_card("2C"), parse_card("9S")))
    hand.apply(Action.discard(parse_card("KH"), parse_card("AS")))
    obs = hand.observation(1)
    risks = play_risks(obs)
    assert set(risks) == {parse_card(c) for c in ("7H", "7S", "8C", "KD")}
    for card, risk in risks.items():
        expected = brute_force_risk(obs, card, opponent_candidates(obs))
        assert (risk.chance, risk.points) == pytest.approx((expected.chance, expected.points))
        assert 0 < risk.chance < 1 and risk.points > 0
    assert risks[parse_card("7H")] == risks[parse_card("7S")]


@settings(max_examples=40)
@given(
    seed=st.integers(0, 10**6),
    muggins=st.booleans(),
    steps=st.integers(0, 30),
    seat=st.integers(0, 1),
)
def test_every_aid_is_in_the_range_it_claims(
    seed: int, muggins: bool, steps: int, seat: int
) -> None:
    match = list(random_match(seed, muggins, steps))[-1]
    obs = match.observation(seat).hand
    aids = CribbageAids.of(obs)
    for risk in aids.play_risk.values():
        assert 0.0 <= risk.chance <= 1.0
        assert 0.0 <= risk.points <= 14.0  # a double pair royal and a 31 at most
        assert (risk.chance == 0.0) == (risk.points == 0.0)
    if aids.play_risk:
        assert obs.phase is Phase.PLAY and obs.my_turn
    if aids.lay_away:
        assert obs.phase is Phase.DISCARD and not obs.laid_away


def _world_without(match: Match, seat: int, seed: int) -> Match | None:
    """The same match dealt again with the cards ``seat`` has not seen shuffled among
    themselves (the opponent's laid-away cards renamed to follow), replayed to the same
    point, where the seat's observation is the same; None when it cannot be."""
    if match.hands:
        return None
    hand = match.current
    hidden = sorted(hand.observation(seat).unseen())
    rng = random.Random(seed)
    for keep_values in (False, True):
        # A shuffle of any hidden cards may make a past go of the opponent illegal (it would
        # hold a card that fits); one that keeps every card's value cannot.
        if keep_values:
            moved: dict[int, int] = {}
            for value in {VALUES[c] for c in hidden}:
                same = [c for c in hidden if VALUES[c] == value]
                moved.update(zip(same, rng.sample(same, len(same)), strict=True))
        else:
            moved = dict(zip(hidden, rng.sample(hidden, len(hidden)), strict=True))
        deck = [moved.get(c, c) for c in hand.deck]
        other = Match(match.rules, match.first_dealer, decks=[deck, shuffled_deck("next")])
        try:
            for record in hand.history:
                action = record.action
                if action.kind is ActionKind.DISCARD and record.seat != seat:
                    action = Action.discard(*(Card(moved.get(c, c)) for c in action.cards))
                other.apply(action, record.seat)
        except IllegalActionError:
            continue
        if other.hands or other.current.observation(seat) != hand.observation(seat):
            continue  # the shuffle changed what the seat saw: the other way, then
        return other
    return None


@settings(max_examples=30)
@given(
    seed=st.integers(0, 10**6),
    muggins=st.booleans(),
    steps=st.integers(0, 24),
    seat=st.integers(0, 1),
)
def test_worlds_that_differ_only_in_hidden_cards_give_the_same_aids(
    seed: int, muggins: bool, steps: int, seat: int
) -> None:
    first = list(random_match(seed, muggins, steps))[-1]
    if first.hands:  # the hand ended: the next one's deck is another matter
        first = Match(short_rules(muggins), seed % 2, seed=f"crib-aids-{seed}")
    rebuilt = Match(
        first.rules, first.first_dealer, decks=[first.current.deck, shuffled_deck("next")]
    )
    for record in first.current.history:
        rebuilt.apply(record.action, record.seat)
    other = _world_without(rebuilt, seat, seed)
    assert other is not None
    assert other.current.observation(seat) == rebuilt.current.observation(seat)
    mine = seat_view(rebuilt, seat, HEADER).to_json()["aids"]
    theirs = seat_view(other, seat, HEADER).to_json()["aids"]
    assert mine == theirs


def test_the_hidden_worlds_really_differ() -> None:
    """The shuffle of hidden cards changes the opponent's hand (so the test above compares
    two different truths), at the lay-away and in the play."""
    for steps in (0, 6):
        match = list(random_match(11, False, steps))[-1]
        assert not match.hands
        rebuilt = Match(
            match.rules, match.first_dealer, decks=[match.current.deck, shuffled_deck("next")]
        )
        for record in match.current.history:
            rebuilt.apply(record.action, record.seat)
        seat = 0
        other = _world_without(rebuilt, seat, 5)
        assert other is not None
        assert other.current.cards[1] != rebuilt.current.cards[1]
