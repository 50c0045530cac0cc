"""Cribbage computer players: legal, deterministic, fair (blind to hidden cards), sensible.

The fairness check plays a position, then deals the cards the deciding seat has not seen
(the opponent's hand, its two crib cards and the rest of the deck) differently, replays the
same public history on that deck, and asks the same player again: the decision must not move.
"""

from __future__ import annotations

import random

import pytest

from cardtable.cards import parse_card, parse_cards, shuffled_deck
from cardtable.cribbage.actions import GO, Action, ActionKind
from cardtable.cribbage.hand import Hand, Observation, Phase
from cardtable.cribbage.match import Match, MatchObservation
from cardtable.cribbage.players import LEVELS, make_player, player_names
from cardtable.cribbage.players.board import dealer_wins, discard_win_chances
from cardtable.cribbage.players.discard import crib_value, discard_options
from cardtable.cribbage.players.expert import expert_discards, expert_plays
from cardtable.cribbage.players.opponent import (
    RANK_VALUES,
    OpponentModel,
    opponent_candidates,
    opponent_deals,
    opponent_floor,
    peg_points,
    rank_chances,
)
from cardtable.cribbage.players.pegging import Solver
from cardtable.cribbage.rules import Rules
from cardtable.cribbage.score import peg_score
from cardtable.errors import CardTableError, IllegalActionError

ALL_LEVELS = ("random", "beginner", "simple", "intermediate", "expert")


def deck_for(non_dealer: str, dealer: str, starter: str) -> list[int]:
    """A deck dealing these six cards each (one at a time, the non-dealer first: deck[0:12]
    alternating) and this starter (deck[12]); the rest in index order."""
    first = [parse_card(c) for c in non_dealer.split()]
    second = [parse_card(c) for c in dealer.split()]
    top = [card for pair in zip(first, second, strict=True) for card in pair]
    top.append(parse_card(starter))
    assert len(set(top)) == 13
    return top + [c for c in range(52) if c not in top]


def wrap(view: Observation) -> MatchObservation:
    return MatchObservation(view, game_number=1, hand_number=1, game_points=(0, 0), games=())


def decide(level: str, view: Observation, seed: int = 0) -> Action:
    return make_player(level, seed).act(wrap(view))


def test_every_level_is_registered() -> None:
    assert set(ALL_LEVELS) <= set(player_names())
    assert set(LEVELS) == {"beginner", "intermediate", "expert"}
    with pytest.raises(CardTableError, match="unknown player 'wizard'"):
        make_player("wizard")


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_plays_only_legal_actions(level: str) -> None:
    """Whole hands against a random opponent, from 0-0 and from close to the end, under each
    preset (muggins brings the count and answer steps)."""
    rng = random.Random(level)
    hands = 2 if level == "expert" else 6
    for index in range(hands):
        preset = ("standard", "muggins", "short")[index % 3]
        rules = Rules.preset(preset)
        pegs = (0, 0)
        if index % 2:
            pegs = (rules.target - rng.randrange(2, 20), rules.target - rng.randrange(2, 20))
        hand = Hand(rules, index % 2, shuffled_deck(f"legal-{level}-{index}"), pegs)
        players = [make_player(level, index), make_player("random", index)]
        seat_of_level = index % 2
        if seat_of_level:
            players.reverse()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action = players[seat].act(wrap(hand.observation(seat)))
            assert action in hand.legal_actions(), (level, str(action))
            hand.apply(action, seat)


def test_a_whole_match_with_every_level() -> None:
    """A short match between the expert and the intermediate, and one between the beginner
    and the simple player, each action legal, to the end."""
    for first, second in (("expert", "intermediate"), ("beginner", "simple")):
        match = Match.new(Rules.preset("short"), seed=f"match-{first}")
        players = [make_player(first, 1), make_player(second, 2)]
        while not match.is_over:
            seat = match.to_act
            assert seat is not None
            action = players[seat].act(match.observation(seat))
            assert action in match.legal_actions()
            match.apply(action, seat)
        assert match.final is not None


def sampled_positions(count: int, seed: int) -> list[Hand]:
    """Hands played by simple and random players to a random point where a seat must act,
    some near the end of the game so that the expert plays for the board."""
    rng = random.Random(seed)
    positions: list[Hand] = []
    while len(positions) < count:
        rules = Rules.preset("muggins" if rng.random() < 0.2 else "standard")
        pegs = (0, 0) if rng.random() < 0.6 else (rng.randrange(95, 119), rng.randrange(95, 119))
        hand = Hand(rules, rng.randrange(2), shuffled_deck(f"fair-{seed}-{len(positions)}"), pegs)
        players = [make_player("simple"), make_player("random", seed)]
        stop = rng.randrange(0, 14)
        for _ in range(stop):
            if hand.is_over:
                break
            seat = hand.to_act
            assert seat is not None
            hand.apply(players[seat].act(wrap(hand.observation(seat))), seat)
        if not hand.is_over:
            positions.append(hand)
    return positions


def redeal(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """The same public history on a deck whose cards hidden from ``seat`` are dealt anew.

    Hidden cards are permuted among themselves: the opponent's hand, its crib cards and the
    deck (the starter too while it is face down). The opponent's discard names its new
    cards; a permutation under which a past go of the opponent would no longer be legal (it
    would now hold a card that fits) is not consistent with the view, and another is drawn.
    """
    hidden = sorted(hand.observation(seat).unseen())
    for _ in range(500):
        shuffled = hidden[:]
        rng.shuffle(shuffled)
        mapping = dict(zip(hidden, shuffled, strict=True))
        deck = [mapping.get(card, card) for card in hand.deck]
        other = Hand(hand.rules, hand.dealer, deck, hand.start_pegs)
        try:
            for record in hand.history:
                action = record.action
                if record.seat != seat and action.kind is ActionKind.DISCARD:
                    first, second = (mapping.get(c, c) for c in action.cards)
                    action = Action.discard(first, second)
                other.apply(action, record.seat)
        except IllegalActionError:
            continue
        # A count the engine ended by itself says the opponent had no card that fits: a
        # re-deal that gives it one leaves the play elsewhere, and is not consistent either.
        if other.observation(seat) == hand.observation(seat):
            return other
    raise AssertionError("no consistent re-deal found")


@pytest.mark.parametrize(
    ("level", "count"),
    [("random", 40), ("simple", 40), ("beginner", 40), ("intermediate", 40), ("expert", 24)],
)
def test_decisions_do_not_depend_on_hidden_cards(level: str, count: int) -> None:
    rng = random.Random(f"fair-{level}")
    moved = 0
    for index, hand in enumerate(sampled_positions(count, seed=len(level))):
        seat = hand.to_act
        assert seat is not None
        other = redeal(hand, seat, rng)
        view, other_view = hand.observation(seat), other.observation(seat)
        assert view == other_view
        if other.cards[1 - seat] != hand.cards[1 - seat] or other.deck[13:] != hand.deck[13:]:
            moved += 1
        first = decide(level, view, seed=index)
        second = decide(level, other_view, seed=index)
        assert first == second, (level, index, str(first), str(second))
        assert first in hand.legal_actions()
    # The re-deals must really move hidden cards, or the test proves nothing.
    assert moved >= count * 0.9


def test_redeal_keeps_the_view_and_moves_the_opponents_cards() -> None:
    hand = Hand(Rules(), 0, deck_for("5H 5S JD QC 2C 9S", "7H 8H 9D KS KH 4D", "AH"), (0, 0))
    hand.apply(Action.parse("discard 2C 9S"), 1)
    hand.apply(Action.parse("discard KS KH"), 0)
    hand.apply(Action.parse("play 5H"), 1)
    other = redeal(hand, 1, random.Random(3))
    assert other.observation(1) == hand.observation(1)
    assert other.cards[0] != hand.cards[0]
    assert other.laid_away[0] != hand.laid_away[0]


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_decisions_are_deterministic_for_a_seed(level: str) -> None:
    for hand in sampled_positions(6, seed=11):
        seat = hand.to_act
        assert seat is not None
        view = hand.observation(seat)
        player = make_player(level, 5)
        first = player.act(wrap(view))
        if level != "random":  # random draws from its generator, so a second call differs
            assert player.act(wrap(view)) == first
        assert make_player(level, 5).act(wrap(view)) == first


# --- the expert's discards -------------------------------------------------------------------


def test_the_expert_keeps_the_fives_with_a_jack_and_a_queen() -> None:
    """5-5-J-Q is the best hand in 5H 5S JD QC 2C 9S whoever owns the crib: two fives and two
    ten-cards make four fifteens and a pair (10 points) before the starter."""
    cards = tuple(parse_cards("5H 5S JD QC 2C 9S"))
    for dealer in (True, False):
        best = discard_options(cards, own_crib=dealer)[0]
        assert sorted(best.kept) == sorted(parse_cards("5H 5S JD QC"))
        assert best.hand_ev == pytest.approx(sum(best.hand_points) / 46)
        assert len(best.starters) == 46


def test_the_expert_does_not_throw_fives_to_the_opponents_crib() -> None:
    """5H 6S 7D 8C KH QD: keeping 5-6-7-8 (a run, 15 with 7-8) and laying away the K-Q gives
    the opponent's crib little; keeping the K-Q with 5s instead would hand it a five."""
    cards = tuple(parse_cards("5H 6S 7D 8C KH QD"))
    pone = discard_options(cards, own_crib=False)
    assert sorted(pone[0].thrown) == sorted(parse_cards("KH QD"))


def test_the_dealer_lays_fives_in_its_own_crib_when_it_pays() -> None:
    """QS KS 5H QH JD 5C: the dealer keeps J-Q-Q-K (a double run, 8 points) and lays the two
    fives in its own crib (about 9 points there); the non-dealer keeps 5-5-Q-Q (four fifteens
    and two pairs) rather than give the fives to the opponent's crib."""
    cards = tuple(parse_cards("QS KS 5H QH JD 5C"))
    dealer = discard_options(cards, own_crib=True)[0]
    assert sorted(dealer.thrown) == sorted(parse_cards("5H 5C"))
    assert crib_value(parse_card("5H"), parse_card("5C")) > 8.5
    pone = discard_options(cards, own_crib=False)[0]
    assert sorted(pone.kept) == sorted(parse_cards("5H 5C QS QH"))


def test_the_crib_table_orders_pairs_of_cards_sensibly() -> None:
    five = parse_card("5S")
    assert crib_value(five, parse_card("5H")) > crib_value(five, parse_card("TH"))
    assert crib_value(five, parse_card("TH")) > crib_value(parse_card("KS"), parse_card("9H"))
    assert crib_value(parse_card("KS"), parse_card("AH")) < 4.0


# --- playing the score -------------------------------------------------------------------------


def test_the_board_knows_who_is_ahead() -> None:
    assert dealer_wins(121, 121) > 0.5  # the first crib is an advantage
    assert dealer_wins(5, 50) > 0.9 and dealer_wins(50, 5) < 0.15
    assert dealer_wins(0, 10) == 1.0 and dealer_wins(10, 0) == 0.0
    # Each point the dealer still needs lowers its chance, each the other needs raises it.
    assert dealer_wins(40, 40) > dealer_wins(41, 40)
    assert dealer_wins(40, 41) > dealer_wins(40, 40)


def test_needing_few_points_the_expert_keeps_the_sure_points() -> None:
    """The non-dealer needs 6 and counts first. 4C 4D 7H 8S 9C KD: keeping 4-4-7-8 holds 6
    points for sure (the pair and two fifteens), which wins the game in the show, unless the
    dealer pegs out first; the expert takes the discard with the best chance of that."""
    cards = "4C 4D 7H 8S 9C KD"
    hand = Hand(Rules(), 0, deck_for(cards, "2S 3S 6H TH QH AH", "AS"), (80, 115))
    view = hand.observation(1)
    options = expert_discards(view)
    chances = discard_win_chances(view, options)
    assert chances[0] == max(chances)
    assert options[0].chance_of(6) == 1.0
    # Far from the end the same cards are valued by points alone.
    far = Hand(Rules(), 0, deck_for(cards, "2S 3S 6H TH QH AH", "AS"), (0, 0))
    assert expert_discards(far.observation(1)) == discard_options(
        tuple(parse_cards(cards)), own_crib=False
    )


def test_needing_two_the_expert_pegs_out() -> None:
    """The dealer needs 2: after the non-dealer's 10 it plays the 5 for 15 and the game."""
    hand = Hand(Rules(), 0, deck_for("TC 9C 2H 3D KS QS", "5H 8S 7D AC KH KD", "4S"), (119, 100))
    hand.apply(Action.parse("discard KS QS"), 1)
    hand.apply(Action.parse("discard KH KD"), 0)
    hand.apply(Action.parse("play TC"), 1)
    assert decide("expert", hand.observation(0)) == Action.parse("play 5H")


def test_the_opponent_about_to_peg_out_is_not_given_a_fifteen() -> None:
    """The non-dealer needs 6 and its 5H 4C KD 9S show 6 with the ace turned, counted first;
    the dealer needs 2, so the non-dealer must get through the play without giving 2 away.
    Leading the 5 lets any of the sixteen ten-cards make 15 and the game; the expert leads
    anything else, and values the 5 well below its choice."""
    deck = deck_for("5H 4C KD 9S 2C 2D", "7H 8H 9D KS KH 6D", "AH")
    hand = Hand(Rules(), 0, deck, (119, 115))
    hand.apply(Action.parse("discard 2C 2D"), 1)
    hand.apply(Action.parse("discard KS KH"), 0)
    values = expert_plays(hand.observation(1))
    by_card = {str(v.action): v.value for v in values}
    assert values[0].action != Action.parse("play 5H")
    assert by_card["play 5H"] == min(by_card.values())
    assert by_card["play 5H"] < values[0].value - 0.3


# --- the play -------------------------------------------------------------------------------


def test_peg_points_agrees_with_the_engine() -> None:
    rng = random.Random(4)
    for _ in range(3000):
        cards = rng.sample(range(52), rng.randint(1, 8))
        count = sum(min(c % 13 + 1, 10) for c in cards)
        if count <= 31:
            assert peg_points(tuple(c % 13 for c in cards), count) == peg_score(cards).points


def test_a_go_tells_what_the_opponent_cannot_hold() -> None:
    """The opponent said go at 25: every card it still holds is worth more than 6."""
    hand = Hand(Rules(), 0, deck_for("5H 4C KD QS 2C 2D", "TH JH QD KS 9H 9D", "AH"), (0, 0))
    hand.apply(Action.parse("discard 2C 2D"), 1)
    hand.apply(Action.parse("discard 9H 9D"), 0)
    for seat, text in ((1, "play 5H"), (0, "play TH"), (1, "play KD")):
        hand.apply(Action.parse(text), seat)
    hand.apply(GO, 0)  # the dealer holds J-Q-K: none fits on 25
    view = hand.observation(1)
    assert view.my_turn and opponent_floor(view) == 6
    assert all(c % 13 + 1 > 6 for c in opponent_candidates(view))
    chances = rank_chances(opponent_candidates(view), view.opponent_cards)
    assert chances[3] == 0.0 and chances[12] > 0.3  # no four; a king likely


def test_the_expert_makes_fifteen_and_avoids_leaving_twenty_one() -> None:
    """On the opponent's 8 the expert's 7 makes 15. On a count of 11 (8, ace, 2) with 7, 10
    and 4 in hand, the 4 makes 15 and the 10 would leave 21 for any ten-card to make 31."""
    deck = deck_for("8C 2H KD QS 2C 2D", "7H TH 4D AS 9H 9D", "3H")
    hand = Hand(Rules(), 0, deck, (0, 0))
    hand.apply(Action.parse("discard 2C 2D"), 1)
    hand.apply(Action.parse("discard 9H 9D"), 0)
    hand.apply(Action.parse("play 8C"), 1)
    assert decide("expert", hand.observation(0)) == Action.parse("play 7H")
    hand.apply(Action.parse("play AS"), 0)
    hand.apply(Action.parse("play 2H"), 1)
    values = {str(v.action): v.value for v in expert_plays(hand.observation(0))}
    assert max(values, key=lambda k: values[k]) == "play 4D"
    assert values["play TH"] < values["play 4D"] - 1


def test_a_go_with_no_card_that_fits() -> None:
    hand = Hand(Rules(), 0, deck_for("5H 4C KD QS 2C 2D", "TH JH QD KS 9H 9D", "AH"), (0, 0))
    hand.apply(Action.parse("discard 2C 2D"), 1)
    hand.apply(Action.parse("discard 9H 9D"), 0)
    for seat, text in ((1, "play 5H"), (0, "play TH"), (1, "play KD")):
        hand.apply(Action.parse(text), seat)
    view = hand.observation(0)
    assert view.phase is Phase.PLAY
    for level in ALL_LEVELS:
        assert decide(level, view) == GO


def _random_play_position(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seat's ranks and one hand of the opponent's, to start a count (the seat leads)."""
    deck = [rank for rank in range(13) for _ in range(4)]
    rng.shuffle(deck)
    size = rng.randint(1, 4)
    return tuple(sorted(deck[:size])), tuple(sorted(deck[4 : 4 + rng.randint(size - 1, size)]))


def test_a_high_card_that_pegs_nothing_tells_the_opponent_holds_no_lower() -> None:
    """On a lead of 2 the opponent plays a king that pegs nothing: under a model that, with
    no points to take, plays low cards first, it is unlikely to hold anything lower (a 2
    would have pegged a pair), so the cards of the deals drawn rank far higher on average
    than those of deals drawn without that preference."""
    hand = Hand(Rules(), 0, deck_for("2H QC JD TS 3C 4D", "KH 8H 9D KS 5H 5D", "AH"), (0, 0))
    hand.apply(Action.parse("discard 3C 4D"), 1)
    hand.apply(Action.parse("discard 5H 5D"), 0)
    hand.apply(Action.parse("play 2H"), 1)
    hand.apply(Action.parse("play KH"), 0)
    view = hand.observation(1)

    def mean_rank(model: OpponentModel) -> float:
        deals = opponent_deals(view, random.Random(1), False, model)
        cards = sum(d.weight * len(d.ranks) for d in deals)
        return sum(d.weight * sum(d.ranks) for d in deals) / cards

    assert mean_rank(OpponentModel(low_weight=1.0)) > mean_rank(OpponentModel(low_weight=0.0)) + 2


def test_near_the_end_pegging_out_now_is_never_worth_less_than_later() -> None:
    """Points pegged past the target break no ties: a card that reaches the target now is
    valued at least as high as any other card, whatever the others would peg on the way."""
    rng = random.Random(23)
    checked = 0
    for _ in range(300):
        mine, theirs = _random_play_position(rng)
        need = (rng.randint(1, 4), rng.randint(5, 30))
        solver = Solver(win=1.0, terminal=lambda a, b: 0.5, blend=(0.0, 1.0), greed=3.0)
        seq, count = (rng.randint(0, 12),), 0
        count = RANK_VALUES[seq[0]]
        fits = sorted({r for r in mine if RANK_VALUES[r] <= 31 - count})
        outs = [r for r in fits if peg_points((*seq, r), count + RANK_VALUES[r]) >= need[0]]
        if not outs or len(fits) < 2:
            continue
        values = {r: solver.play((mine, theirs), seq, count, 0, r, need) for r in fits}
        assert max(values[r] for r in outs) >= max(values.values()) - 1e-12
        checked += 1
    assert checked >= 10
