"""Posterior: opponent hands weighed by how likely the opponent's own decisions make them."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from cardtable.cards import parse_cards
from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Hand, Observation, Phase
from cardtable.gin.melds import deadwood
from cardtable.gin.players import make_player
from cardtable.gin.players.expert import EXPERT_2026, ExpertPlayer
from cardtable.gin.players.posterior import OpponentModel, Posterior
from cardtable.gin.players.rollout import playout
from cardtable.gin.rules import Rules

# A model under which every history is as likely as any other: no information at all.
BLIND = OpponentModel(take_slip=0.5, sharpness=0.0, knock_slip=1.0)


def views(seed: str, hands: int, seat: int = 0) -> list[tuple[Observation, int]]:
    """Every view of ``seat`` at its discards in hands of simple against simple, with the
    opponent's real hand (for checks only)."""
    out: list[tuple[Observation, int]] = []
    for index in range(hands):
        hand = Hand.deal(Rules(), dealer=index % 2, seed=f"{seed}-{index}")
        players = [make_player("simple"), make_player("simple")]
        while not hand.is_over:
            to_act = hand.to_act
            view = hand.observation(to_act)
            if to_act == seat and view.phase is Phase.DISCARD:
                out.append((view, hand.cards(1 - seat).mask))
            hand.apply(players[to_act].act(view), to_act)
    return out


def test_every_sampled_hand_fits_the_observation() -> None:
    for view, _ in views("posterior-fit", 4):
        post = Posterior.sample(view, 30, random.Random(1))
        assert len(post.hands) == 30
        assert math.isclose(sum(post.weights), 1.0)
        assert 1.0 <= post.effective_size() <= 30.0 + 1e-9
        known = view.opponent_known.mask
        for hand in post.hands:
            assert hand & known == known
            assert hand & ~(known | view.unseen.mask) == 0
            assert hand.bit_count() == view.opponent_card_count
        probability = post.probability()
        assert set(probability) == set(view.unseen)
        assert math.isclose(sum(probability.values()), view.opponent_card_count - known.bit_count())


def test_a_blind_model_weighs_every_sample_alike() -> None:
    for view, _ in views("posterior-blind", 2):
        post = Posterior.sample(view, 20, random.Random(2), BLIND)
        assert max(post.weights) == pytest.approx(min(post.weights))


def test_the_opponents_play_moves_the_weights_towards_its_real_hand() -> None:
    """Against simple, whose play the model describes, the weighted samples share more
    cards with the opponent's real hand than the same samples unweighted, and know better
    which of our cards would feed it a meld."""
    weighted = plain = 0.0
    feeding: list[float] = []
    safe: list[float] = []
    for view, truth in views("posterior-truth", 12):
        if len(view.events) < 10:
            continue
        post = Posterior.sample(view, 150, random.Random(3))
        pairs = zip(post.hands, post.weights, strict=True)
        weighted += sum(w * (h & truth).bit_count() for h, w in pairs)
        plain += sum((h & truth).bit_count() for h in post.hands) / len(post.hands)
        for card in view.hand:
            feeds = deadwood(truth | 1 << card) < deadwood(truth) + min(card % 13 + 1, 10)
            blind = Posterior(post.hands, [1 / len(post.hands)] * len(post.hands), post.unseen)
            gain = post.danger(card) - blind.danger(card)
            (feeding if feeds else safe).append(gain)
    assert weighted > plain * 1.1
    # The weights raise the danger of the cards that really feed it more than the rest's.
    assert sum(feeding) / len(feeding) > sum(safe) / len(safe) + 0.03


def test_metropolis_steps_keep_the_hands_consistent_and_move_them() -> None:
    view, _ = views("posterior-moves", 1)[-1]
    before = Posterior.sample(view, 30, random.Random(4))
    after = Posterior.sample(view, 30, random.Random(4), moves=5, chains=12)
    assert len(after.hands) == 12
    assert after.weights == [1 / 12] * 12
    known = view.opponent_known.mask
    for hand in after.hands:
        assert hand & known == known
        assert hand & ~(known | view.unseen.mask) == 0
        assert hand.bit_count() == view.opponent_card_count
    assert set(after.hands) - set(before.hands)


def test_rollout_patience_waits_on_instead_of_knocking() -> None:
    """With three stock cards left, this seat can knock with 3 deadwood; at once it wins
    the hand, waiting (patience 0) the stock runs out and the hand is dead."""
    mine = parse_cards("2H 3H 4H 5S 5D 5C 9C TC JC AS KD").mask  # three melds, AS and KD
    theirs = parse_cards("KS QH 8D 6C 3S 7H JD 4C 9S 2C").mask
    stock = [int(c) for c in parse_cards("6D 8S QC")]
    args = (Rules(), 10, 1, [mine, theirs], stock, -1, 0, True)
    assert playout(*args) > 0
    assert playout(*args, patience=0) == 0


def test_experts_with_each_posterior_option_play_legal_repeatable_hands() -> None:
    frozen = replace(EXPERT_2026, time_limit=math.inf, posterior_worlds=30)
    reasoners = [
        frozen,
        replace(frozen, posterior_search=False, posterior_danger=True, posterior_prior=True),
        replace(frozen, posterior_search=False, posterior_urgency=5.0),
        replace(frozen, posterior_organise=0.25, rollout_patience=4),
    ]
    for index, reasoner in enumerate(reasoners):
        histories = []
        for _ in range(2):
            hand = Hand.deal(Rules(), dealer=index % 2, seed=f"posterior-play-{index}")
            players = [ExpertPlayer(index, reasoner), make_player("simple")]
            chosen = []
            while not hand.is_over:
                seat = hand.to_act
                view = hand.observation(seat)
                action = players[seat].act(view)
                legal = view.legal_actions()
                kinds = {a.kind for a in legal}
                # A knock comes back with the layout the expert chose; its card is legal.
                assert action in legal or (
                    action.kind is ActionKind.KNOCK
                    and any(a.kind is ActionKind.KNOCK and a.card == action.card for a in legal)
                ), (action, kinds)
                chosen.append(action)
                hand.apply(action, seat)
            histories.append(chosen)
        assert histories[0] == histories[1]
