"""The inference bench (bench/inference.py), whose figures the README quotes: its
knock-chance copy reads the opponent's real hand (for the measurement only) and the plain
expert never does, and bad options are refused with one line."""

from __future__ import annotations

import random

from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Hand, Phase
from cardtable.gin.melds import knock_discards
from cardtable.gin.players import make_player
from cardtable.gin.rules import Rules
from tests.helpers import load_bench, run_bench


def test_the_knock_chance_copy_reads_the_real_hand_and_only_while_told_it() -> None:
    bench = load_bench("inference.py")
    oracle = bench._UrgencyOracle(posterior_worlds=1, posterior_search=False, posterior_urgency=2.0)
    hand = Hand.deal(Rules(), dealer=0, seed="inference-test")
    players = [make_player("simple"), make_player("simple")]
    # A few turns in, at a discard: the opponent has drawn and thrown.
    while hand.observation(hand.to_act).phase is not Phase.DISCARD or hand.stock_count > 28:
        seat = hand.to_act
        hand.apply(players[seat].act(hand.observation(seat)), seat)
    assert not hand.is_over
    seat = hand.to_act
    view = hand.observation(seat)
    real = hand.cards(1 - seat).mask
    try:
        bench._TRUTH[0] = real
        posterior = oracle._posterior(view, view.legal_actions(), None, random.Random(0))
    finally:
        bench._TRUTH[0] = -1
    assert posterior.hands == [real]
    stock = [c for c in range(52) if view.unseen.mask >> c & 1 and not real >> c & 1]
    expected = sum(1 for c in stock if knock_discards(real | 1 << c, view.threshold)) / len(stock)
    assert posterior.knock_chance(view.threshold, random.Random(1)) == expected
    assert oracle._posterior(view, view.legal_actions(), None, random.Random(0)) is None
    assert any(a.kind is ActionKind.DISCARD for a in view.legal_actions())


def test_the_script_prints_what_knowing_the_knock_chance_is_worth() -> None:
    out = run_bench("inference.py", "--deals", "3", "--urgency", "2")
    assert out.returncode == 0, out.stderr
    assert "knowing when the opponent can knock is worth" in out.stdout
    assert "perfect danger knowledge is worth" in out.stdout


def test_bad_options_are_refused_with_one_line() -> None:
    for args, words in (
        (("--deals", "1"), "--deals must be"),
        (("--urgency", "-1"), "negative"),
        (("--opponent", "wizard"), "unknown player 'wizard'"),
    ):
        out = run_bench("inference.py", *args)
        assert out.returncode == 2 and words in out.stderr and "Traceback" not in out.stderr


def test_the_opponent_is_a_setting() -> None:
    out = run_bench("inference.py", "--deals", "2", "--opponent", "intermediate")
    assert out.returncode == 0, out.stderr
    assert "expert vs intermediate, 2 deals both ways" in out.stdout
