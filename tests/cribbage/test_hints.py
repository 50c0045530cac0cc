"""Hints: the expert's choice, with a sentence that names the cards and the figures."""

from __future__ import annotations

import json

import pytest

from cardtable.cards import parse_card
from cardtable.cribbage.actions import GO, MUGGINS, Action
from cardtable.cribbage.hand import Hand, Phase
from cardtable.cribbage.match import MatchObservation
from cardtable.cribbage.players.expert import expert_discards
from cardtable.cribbage.players.hints import Hint, hint
from cardtable.cribbage.rules import Rules
from cardtable.errors import CardTableError
from tests.cribbage.test_players import deck_for


def _played(non_dealer: str, dealer: str, starter: str, *actions: tuple[int, str]) -> Hand:
    hand = Hand(Rules(), 0, deck_for(non_dealer, dealer, starter), (0, 0))
    for seat, text in actions:
        hand.apply(Action.parse(text), seat)
    return hand


def test_a_discard_hint_names_the_cards_the_points_and_whose_crib() -> None:
    hand = _played("5H 5S JD QC 2C 9S", "7H 8H 9D KS KH 4D", "AH")
    advice = hint(hand.observation(1))
    assert advice.kind == "discard"
    assert advice.action == Action.parse("discard 9S 2C")
    best = expert_discards(hand.observation(1))[0]
    assert "Keep 5-5-J-Q" in advice.text and "2C 9S" in advice.text
    assert f"{best.hand_ev:.1f} points expected in hand" in advice.text
    assert "46 possible starters" in advice.text
    assert "the crib is theirs" in advice.text
    assert advice.figure("hand_ev") == round(best.hand_ev, 2)
    assert advice.figure("own_crib") is False
    assert advice.alternatives[0].action == advice.action
    # The dealer's hint says the crib is its own.
    dealer = _played("7H 8H 9D KS KH 4D", "5H 5S JD QC 2C 9S", "AH", (1, "discard KS KH"))
    assert "the crib is yours" in hint(dealer.observation(0)).text


def test_a_play_hint_says_what_the_card_pegs_and_the_count_it_leaves() -> None:
    hand = _played(
        "8C 2H KD QS 2C 2D",
        "7H TH 4D AS 9H 9D",
        "3H",
        (1, "discard 2C 2D"),
        (0, "discard 9H 9D"),
        (1, "play 8C"),
    )
    advice = hint(hand.observation(0))
    assert advice.kind == "play" and advice.action == Action.parse("play 7H")
    assert advice.text.startswith("Play the 7H: it makes 15 for 2, and leaves 15")
    assert advice.figure("pegs") == 2 and advice.figure("count") == 15
    assert {str(a.action) for a in advice.alternatives} == {
        "play 7H",
        "play TH",
        "play 4D",
        "play AS",
    }


def test_a_play_hint_names_the_danger_a_worse_card_runs() -> None:
    hand = _played(
        "8C 2H KD QS 2C 2D",
        "7H TH 4D AS 9H 9D",
        "3H",
        (1, "discard 2C 2D"),
        (0, "discard 9H 9D"),
        (1, "play 8C"),
        (0, "play AS"),
        (1, "play 2H"),
    )
    advice = hint(hand.observation(0))
    assert advice.action == Action.parse("play 4D")
    assert "it makes 15 for 2" in advice.text
    assert "the TH would leave 21, where" in advice.text
    assert "would make 31 for 2" in advice.text


def test_a_go_hint() -> None:
    hand = _played(
        "5H 4C KD QS 2C 2D",
        "TH JH QD KS 9H 9D",
        "AH",
        (1, "discard 2C 2D"),
        (0, "discard 9H 9D"),
        (1, "play 5H"),
        (0, "play TH"),
        (1, "play KD"),
    )
    advice = hint(hand.observation(0))
    assert advice.action == GO and advice.kind == "go"
    assert advice.text.startswith("Say go: no card fits under 31")
    assert "the count is 25" in advice.text


def test_hints_with_muggins_never_tell_your_own_count_but_help_you_answer() -> None:
    """CRIBBAGE.md 4: no hint tells a count while it is being stated; the answer's hint
    works out the truth from the cards shown (too few or too many)."""
    rules = Rules.preset("muggins")
    deck = deck_for("5H 5S JD QC 2C 9S", "7H 8H 9D KS KH 4D", "5D")
    hand = Hand(rules, 0, deck, (0, 0))
    for seat, text in ((1, "discard 9S 2C"), (0, "discard KS KH")):
        hand.apply(Action.parse(text), seat)
    while hand.phase is Phase.PLAY:
        seat = hand.to_act
        assert seat is not None
        hand.apply(hint(hand.observation(seat)).action, seat)
    assert hand.phase is Phase.COUNT and hand.to_act == 1
    with pytest.raises(CardTableError, match="no hint while you state your count"):
        hint(hand.observation(1))
    hand.apply(Action.count(14), 1)
    answer = hint(hand.observation(0))
    assert answer.kind == "answer" and str(answer.action) == "muggins"
    assert "they stated 14, but the hand shows 21" in answer.text
    hand.apply(MUGGINS, 0)
    assert hand.phase is Phase.COUNT and hand.to_act == 0  # the dealer's hand
    hand.apply(Action.count(29), 0)  # more than the dealer's hand holds
    shown = hand.shows[-1]
    answer = hint(hand.observation(1))
    assert str(answer.action) == "muggins" and shown.total < 29
    assert f"they peg {shown.total} and you take the {29 - shown.total} too many" in answer.text


def test_a_hint_takes_a_match_observation_and_serialises() -> None:
    hand = _played("5H 5S JD QC 2C 9S", "7H 8H 9D KS KH 4D", "AH")
    view = hand.observation(1)
    advice = hint(MatchObservation(view, 1, 1, (0, 0), ()))
    assert isinstance(advice, Hint) and advice == hint(view)
    data = json.loads(json.dumps(advice.to_dict()))
    assert data["action"] == "discard 9S 2C" and data["kind"] == "discard"
    assert data["figures"]["crib"] == "theirs"
    assert len(data["alternatives"]) == 5


def test_near_the_end_a_hint_gives_the_chance_of_winning() -> None:
    hand = Hand(Rules(), 0, deck_for("4C 4D 7H 8S 9C KD", "2S 3S 6H TH QH AH", "AS"), (80, 115))
    advice = hint(hand.observation(1))
    chance = advice.figure("win_chance")
    assert isinstance(chance, float) and 0.5 < chance <= 1.0
    assert "best chance of winning" in advice.text


def test_no_hint_out_of_turn() -> None:
    hand = _played("5H 5S JD QC 2C 9S", "7H 8H 9D KS KH 4D", "AH")
    # Both lay away at once: the dealer's hint comes before the non-dealer has laid away.
    assert hint(hand.observation(0)).kind == "discard"
    hand.apply(Action.parse("discard KS KH"), 0)
    with pytest.raises(CardTableError, match="not this seat's turn"):
        hint(hand.observation(0))  # laid away: nothing more to do until the play
    hand.apply(Action.parse("discard 9S 2C"), 1)
    with pytest.raises(CardTableError, match="not this seat's turn"):
        hint(hand.observation(0))  # the non-dealer leads
    assert parse_card("5H") in hand.observation(1).hand


def test_a_lost_game_is_not_called_the_best_chance() -> None:
    """Issue 36: near the end, with the opponent all but sure to count out first, the hint
    said "the best chance of winning, 0%". The figure is right (every lay-away loses); the
    words now say that no choice gives a real chance."""
    hand = Hand(Rules(), 0, deck_for("4C 4D 7H 8S 9C KD", "2S 3S 6H TH QH AH", "AS"), (40, 117))
    hand.apply(hint(hand.observation(1)).action, 1)  # the pone, who needs 4, lays away
    advice = hint(hand.observation(0))
    chance = advice.figure("win_chance")
    assert isinstance(chance, float) and chance < 0.005
    assert "best chance of winning" not in advice.text
    assert "no lay-away gives a real chance of winning (0% for the best)" in advice.text
