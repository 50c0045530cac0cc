"""The inference bench (bench/inference.py), whose figures docs/performance.md quotes: its
danger copy reads the opponent's real hand (for the measurement only) and only while the
script tells it, the plain expert never does, and bad options are refused with one line."""

from __future__ import annotations

from cardtable.gin.hand import Hand, Phase
from cardtable.gin.players import make_player
from cardtable.gin.players.expert import EXPERT
from cardtable.gin.players.knowledge import Knowledge
from cardtable.gin.players.simple import joins_meld
from cardtable.gin.rules import Rules
from tests.helpers import load_bench, run_bench


def test_the_danger_copy_reads_the_real_hand_and_only_while_told_it() -> None:
    bench = load_bench("inference.py")
    oracle = bench._as(bench._DangerOracle)
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
    knowledge = Knowledge.from_observation(view)
    chance = knowledge.opponent_probability()
    known = knowledge.opponent_known
    try:
        bench._TRUTH[0] = real
        told = {card: oracle._danger(card, chance, known) for card in view.hand}
    finally:
        bench._TRUTH[0] = -1
    assert told == {card: float(joins_meld(real, card)) for card in view.hand}
    plain = {card: EXPERT._danger(card, chance, known) for card in view.hand}
    assert {card: oracle._danger(card, chance, known) for card in view.hand} == plain
    assert told != plain


def test_the_script_prints_the_calibration_and_what_knowing_the_danger_is_worth() -> None:
    out = run_bench("inference.py", "--deals", "3")
    assert out.returncode == 0, out.stderr
    assert "AUC" in out.stdout
    assert "perfect danger knowledge is worth" in out.stdout


def test_bad_options_are_refused_with_one_line() -> None:
    for args, words in (
        (("--deals", "1"), "--deals must be"),
        (("--opponent", "wizard"), "unknown player 'wizard'"),
    ):
        out = run_bench("inference.py", *args)
        assert out.returncode == 2 and words in out.stderr and "Traceback" not in out.stderr


def test_the_opponent_is_a_setting() -> None:
    out = run_bench("inference.py", "--deals", "2", "--opponent", "intermediate")
    assert out.returncode == 0, out.stderr
    assert "expert vs intermediate, 2 deals both ways" in out.stdout
