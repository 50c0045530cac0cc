"""The coach's review: every decision judged from the deciding seat's own view, losses in
points that are never negative, forced moves free, the same review for the same record, and
a review that tells a random player's decisions from the expert's."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from cardtable.errors import IllegalActionError
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.deal import split_deck
from cardtable.gin.hand import Hand
from cardtable.gin.match import Match
from cardtable.gin.players.expert import ExpertPlayer, Reasoner
from cardtable.gin.players.random_player import RandomPlayer
from cardtable.gin.record import dump
from cardtable.gin.review import TOLERANCE, WORST_COUNT, MatchReview, review_decision, review_match
from cardtable.gin.rules import Rules


def random_match(seed: str, deals: int, target: int = 100) -> Match:
    """Random play until ``deals`` deals are finished (or the match is over)."""
    match = Match.new(Rules.preset("standard", target=target), seed=seed, first_dealer=0)
    rng = random.Random(seed)
    while len(match.hands) < deals and not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    return match


@pytest.fixture(scope="module")
def reviews() -> list[tuple[Match, MatchReview]]:
    out = []
    for seed in ("rv-1", "rv-2", "rv-3"):
        match = random_match(seed, deals=3)
        out.append((match, review_match(match)))
    return out


def same(a: Action, b: Action) -> bool:
    return a.kind is b.kind and a.card == b.card


def test_every_decision_of_every_finished_deal_is_reviewed(
    reviews: list[tuple[Match, MatchReview]],
) -> None:
    for match, review in reviews:
        assert len(review.hands) == len(match.hands) == 3
        for hand, reviewed in zip(match.hands, review.hands, strict=True):
            assert [d.action for d in reviewed.decisions] == [r.action for r in hand.history]
            assert [d.seat for d in reviewed.decisions] == [r.seat for r in hand.history]


def test_losses_are_points_never_negative_and_zero_exactly_for_the_best(
    reviews: list[tuple[Match, MatchReview]],
) -> None:
    positive = 0
    for _, review in reviews:
        for d in review.decisions:
            assert d.loss >= 0
            assert (d.loss == 0) == same(d.best, d.action), d.to_dict()
            assert d.loss == 0 or d.loss > TOLERANCE
            if d.alternatives:
                values = [a.value for a in d.alternatives]
                assert values == sorted(values, reverse=True)
                assert same(d.alternatives[0].action, d.best) or d.loss == 0
                chosen = next(a for a in d.alternatives if same(a.action, d.action))
                assert d.loss == pytest.approx(max(0.0, values[0] - chosen.value)) or d.loss == 0
            positive += d.loss > 0
            assert d.why and d.why[0].isalpha()
    assert positive > 10  # random play makes mistakes: the test can see a loss


def test_forced_moves_cost_nothing_and_say_so() -> None:
    found = 0
    for seed in range(60):
        match = random_match(f"forced-{seed}", deals=1)
        if [r.action.kind for r in match.hands[0].history[:2]] != [ActionKind.PASS] * 2:
            continue  # the first draw is forced only after both players pass the upcard
        for d in review_match(match).decisions:
            if d.forced:
                found += 1
                assert d.loss == 0 and d.alternatives == () and same(d.best, d.action)
                assert "both players passed" in d.why or "only legal move" in d.why
        if found >= 3:
            break
    assert found >= 3


def test_the_same_record_gives_the_same_review(
    reviews: list[tuple[Match, MatchReview]],
) -> None:
    match, review = reviews[0]
    again = review_match(dump(match))  # from the record's text, another process's view
    assert again.to_dict() == review.to_dict()


def test_seat_filter_and_deal_filter(reviews: list[tuple[Match, MatchReview]]) -> None:
    match, review = reviews[1]
    one = review_match(match, seats=(1,))
    assert {d.seat for d in one.decisions} == {1}
    assert [d.to_dict() | {"worst": None} for d in one.decisions] == [
        d.to_dict() | {"worst": None} for d in review.decisions if d.seat == 1
    ]
    second = review_match(match, deals=[2])
    assert [h.deal for h in second.hands] == [2]
    with pytest.raises(IllegalActionError, match="not finished"):
        review_match(match, deals=[4])
    with pytest.raises(IllegalActionError, match="seat"):
        review_match(match, seats=(2,))


def test_worst_mistakes_are_each_seats_costliest(
    reviews: list[tuple[Match, MatchReview]],
) -> None:
    for _, review in reviews:
        for seat in (0, 1):
            mine = [d for d in review.decisions if d.seat == seat]
            flagged = [d for d in mine if d.worst]
            assert 0 < len(flagged) <= WORST_COUNT
            least_flagged = min(d.loss for d in flagged)
            assert all(d.loss <= least_flagged for d in mine if not d.worst)
            assert all(d.loss > TOLERANCE for d in flagged)
        assert [d.loss for d in review.worst] == sorted(
            (d.loss for d in review.decisions if d.worst), reverse=True
        )


def test_accuracy_is_the_share_of_choices_that_lost_nothing(
    reviews: list[tuple[Match, MatchReview]],
) -> None:
    _, review = reviews[2]
    for seat in (0, 1):
        choices = [d for d in review.decisions if d.seat == seat and not d.forced]
        best = sum(d.loss == 0 for d in choices)
        assert review.accuracy[seat] == round(100 * best / len(choices), 1)
        assert 0 <= best < len(choices)
    data = review.to_dict()
    assert set(data["decisions"][0]) >= {"hand", "seat", "action", "best", "loss", "why"}
    assert data["accuracy"] == {"0": review.accuracy[0], "1": review.accuracy[1]}


def swapped_world(hand: Hand, seat: int) -> Hand | None:
    """The same deal with the opponent's unseen cards exchanged for cards left in the stock:
    a world ``seat`` cannot tell from the real one. None when the opponent ended the hand
    (its layout would hold the exchanged cards)."""
    result = hand.result
    assert result is not None
    if result.winner is not None and result.knocker != seat:
        return None
    opponent = 1 - seat
    dealt = split_deck(hand.deck)
    first = dealt[0] if opponent == hand.non_dealer else dealt[1]
    held = hand.cards(opponent).mask
    shown = {int(r.action.card) for r in hand.history if r.action.card is not None}
    shown |= {int(r.drawn) for r in hand.history if r.drawn is not None}
    hidden = [c for c in range(52) if first >> c & 1 and held >> c & 1 and c not in shown]
    drawn = sum(1 for r in hand.history if r.action.kind is ActionKind.DRAW_STOCK)
    stock_left = list(hand.deck[21 + drawn :])
    pairs = list(zip(hidden, stock_left, strict=False))
    if not pairs:
        return None
    deck = list(hand.deck)
    for a, b in pairs:
        i, j = deck.index(a), deck.index(b)
        deck[i], deck[j] = deck[j], deck[i]
    world = Hand(hand.rules, hand.dealer, deck)
    for record in hand.history:
        world.apply(record.action, record.seat)
    assert world.cards(opponent) != hand.cards(opponent)
    return world


def test_a_seats_review_never_depends_on_the_opponents_hidden_cards() -> None:
    checked = 0
    for seed in range(30):
        match = random_match(f"hidden-{seed}", deals=1, target=500)
        hand = match.hands[0]
        for seat in (0, 1):
            world = swapped_world(hand, seat)
            if world is None:
                continue
            other = Match(match.rules, match.first_dealer, decks=[world.deck, hand.deck])
            for record in hand.history:
                other.apply(record.action, record.seat)
            mine = review_match(match, seats=(seat,), deals=[1])
            theirs = review_match(other, seats=(seat,), deals=[1])
            assert mine.to_dict()["decisions"] == theirs.to_dict()["decisions"]
            checked += 1
    assert checked >= 10


def test_review_decision_sees_only_the_observation() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=11)
    view = hand.observation(1)
    best, loss, forced, why, alternatives = review_decision(view, Action.parse("take"))
    assert not forced and len(alternatives) == 2 and why
    assert (loss == 0) == same(best, Action.parse("take"))
    with pytest.raises(IllegalActionError):
        review_decision(view, Action.parse("draw"))


# A fixed, clock-free expert for the discrimination test: the same decisions on any machine.
STEADY = replace(Reasoner(), time_limit=math.inf, rollouts=8, knock_samples=20)


def mixed_match(seed: int, expert_seat: int) -> Match:
    """The expert against random play, up to four deals."""
    match = Match.new(Rules.preset("standard", target=250), seed=f"mix-{seed}", first_dealer=0)
    players = {expert_seat: ExpertPlayer(seed, reasoner=STEADY), 1 - expert_seat: None}
    rng = RandomPlayer(seed)
    while len(match.hands) < 4 and not match.is_over:
        seat = match.to_act
        assert seat is not None
        expert = players[seat]
        view = match.observation(seat)
        match.apply(expert.act(view) if expert else rng.act(view), seat)
    return match


def test_random_decisions_lose_clearly_more_than_the_experts() -> None:
    losses: dict[str, list[float]] = {"expert": [], "random": []}
    for seed in range(4):
        for expert_seat in (0, 1):
            review = review_match(mixed_match(seed, expert_seat))
            for d in review.decisions:
                if not d.forced:
                    who = "expert" if d.seat == expert_seat else "random"
                    losses[who].append(d.loss)
    expert = sum(losses["expert"]) / len(losses["expert"])
    chance = sum(losses["random"]) / len(losses["random"])
    assert len(losses["expert"]) > 100 and len(losses["random"]) > 100
    assert chance > 2.0  # a random choice costs points ...
    assert chance > 5 * max(expert, 0.05), (expert, chance)  # ... many times the expert's
