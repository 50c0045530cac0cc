"""One hand of Cribbage: laying away, the starter, the play with go and last card, the show
in order, and the game ending the moment the target is reached."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import parse_card
from cardtable.cribbage.actions import GO, MUGGINS, Action
from cardtable.cribbage.hand import Hand, Phase
from cardtable.cribbage.rules import Rules
from cardtable.cribbage.score import show_score
from cardtable.errors import IllegalActionError
from tests.cribbage.deals import deck_for


def _hand(
    non_dealer: str,
    dealer: str,
    starter: str,
    pegs: tuple[int, int] = (0, 0),
    rules: Rules | None = None,
) -> Hand:
    return Hand(rules or Rules(), dealer=0, deck=deck_for(non_dealer, dealer, starter), pegs=pegs)


def _act(hand: Hand, seat: int, text: str) -> list[tuple[int, int, str]]:
    record = hand.apply(Action.parse(text), seat)
    return [(s.seat, s.points, s.reason) for s in record.scores]


def test_the_deal_alternates_from_the_non_dealer_and_each_lays_away_two() -> None:
    hand = _hand("7S 8D 8C 2H 3H 9C", "8H 8S KS KH 4D 5D", "AH")
    assert [str(c) for c in hand.cards[1]] == ["7S", "2H", "3H", "8D", "8C", "9C"]
    assert hand.to_act == 1 and hand.phase is Phase.DISCARD
    _act(hand, 1, "discard 2H 3H")
    assert hand.to_act == 0 and hand.starter is None
    _act(hand, 0, "discard 4D 5D")
    assert str(hand.starter) == "AH" and hand.phase is Phase.PLAY and hand.to_act == 1
    assert [str(c) for c in hand.crib] == ["2H", "3H", "4D", "5D"]


def test_both_lay_away_at_the_same_time_the_dealer_may_go_first() -> None:
    """CRIBBAGE.md 1: either may lay away first, neither waits for the other."""
    hand = _hand("7S 8D 8C 2H 3H 9C", "8H 8S KS KH 4D 5D", "AH")
    assert hand.may_act(0) and hand.may_act(1)
    assert hand.observation(0).my_turn and hand.observation(1).my_turn
    assert len(hand.observation(0).legal) == len(hand.legal_actions(0)) == 15
    _act(hand, 0, "discard 4D 5D")  # the dealer first
    assert not hand.may_act(0) and hand.legal_actions(0) == []
    seen = hand.observation(1)
    assert seen.opponent_laid_away and seen.my_turn and hand.starter is None
    assert hand.to_act == 1 and hand.phase is Phase.DISCARD
    _act(hand, 1, "discard 2H 3H")
    assert str(hand.starter) == "AH" and hand.phase is Phase.PLAY and hand.to_act == 1
    assert [str(c) for c in hand.crib] == ["2H", "3H", "4D", "5D"]
    hand.check_invariants()
    # The dealer's lay-away first, undone and replayed, is the same hand.
    assert str(hand.undo()) == "1 discard 2H 3H" and hand.laid_away[1] == ()
    assert hand.laid_away[0] and hand.may_act(1) and not hand.may_act(0)


def test_fifteen_pair_and_pair_royal_with_thirty_one() -> None:
    hand = _hand("7S 8D 8C 2H 3H 9C", "8H 8S KS KH 4D 5D", "AH")
    _act(hand, 1, "discard 2H 3H")
    _act(hand, 0, "discard 4D 5D")
    assert _act(hand, 1, "play 7S") == []
    assert _act(hand, 0, "play 8H") == [(0, 2, "fifteen")]
    assert _act(hand, 1, "play 8D") == [(1, 2, "pair")]
    assert hand.count == 23
    assert _act(hand, 0, "play 8S") == [(0, 2, "31"), (0, 6, "pair royal")]
    assert hand.count == 0 and hand.to_act == 1  # reset; the other player leads


def test_go_then_thirty_one_scores_two_and_the_dealer_leads() -> None:
    hand = _hand("5C QC 4C 2C 9D 8D", "KS KH QH JH 7S 6S", "3H")
    _act(hand, 1, "discard 8D 9D")
    _act(hand, 0, "discard 6S 7S")
    _act(hand, 1, "play 5C")
    _act(hand, 0, "play KS")
    _act(hand, 1, "play QC")
    assert hand.count == 25 and hand.to_act == 0
    assert hand.legal_actions() == [GO]
    assert _act(hand, 0, "go") == []
    assert hand.to_act == 1  # the non-dealer plays on alone
    assert _act(hand, 1, "play 4C") == []
    assert _act(hand, 1, "play 2C") == [(1, 2, "31")]  # 31 for 2 in all, not 2 + 1
    assert hand.count == 0 and hand.to_act == 0
    _act(hand, 0, "play KH")
    _act(hand, 0, "play QH")
    scores = _act(hand, 0, "play JH")  # the non-dealer has no cards: skipped, not asked
    assert scores[:2] == [(0, 3, "run of 3"), (0, 1, "last card")]
    assert {s[2] for s in scores[2:]} <= {"hand", "crib"}  # the show follows at once
    assert [(s.seat, s.kind) for s in hand.shows] == [(1, "hand"), (0, "hand"), (0, "crib")]


def test_a_go_point_when_neither_can_play_below_thirty_one() -> None:
    hand = _hand("KC QC JC TC 2D 3D", "KS KH QH 9S 4S 6S", "AH")
    _act(hand, 1, "discard 2D 3D")
    _act(hand, 0, "discard 4S 6S")
    _act(hand, 1, "play KC")
    _act(hand, 0, "play KS")
    _act(hand, 1, "play QC")  # 30: nobody can play; the last card's player pegs 1 for go
    assert hand.count == 0
    assert hand.history[-1].scores[-1].reason == "go"
    assert hand.pegs == [2, 1]  # the dealer's pair of kings, then the go


def test_refused_actions_name_the_rule_and_change_nothing() -> None:
    hand = _hand("5C QC 4C 2C 9D 8D", "KS KH QH JH 7S 6S", "3H")
    before = hand.copy()
    with pytest.raises(IllegalActionError, match="not in your hand"):
        hand.apply(Action.parse("discard KS KH"), 1)
    _act(hand, 1, "discard 8D 9D")
    with pytest.raises(IllegalActionError, match="laid away your two cards already"):
        hand.apply(Action.parse("discard 4C 5C"), 1)
    _act(hand, 0, "discard 6S 7S")
    with pytest.raises(IllegalActionError, match="seat 1's turn"):
        hand.apply(Action.parse("play KS"), 0)  # the non-dealer leads
    _act(hand, 1, "play 5C")
    _act(hand, 0, "play KS")
    _act(hand, 1, "play QC")
    with pytest.raises(IllegalActionError, match="may not pass 31"):
        hand.apply(Action.parse("play KH"), 0)
    with pytest.raises(IllegalActionError, match="lays away"):
        before.apply(Action.parse("play 5C"), 1)
    assert before.pegs == [0, 0] and len(before.history) == 0
    hand2 = _hand("5C QC 4C 2C 9D 8D", "KS KH QH JH 7S 6S", "3H")
    _act(hand2, 1, "discard 8D 9D")
    _act(hand2, 0, "discard 6S 7S")
    with pytest.raises(IllegalActionError, match="must play"):
        hand2.apply(GO, 1)


def test_his_heels_pegs_two_and_can_win_the_game() -> None:
    hand = _hand("5C QC 4C 2C 9D 8D", "KS KH QH JH 7S 6S", "JD", pegs=(119, 0))
    _act(hand, 1, "discard 8D 9D")
    assert _act(hand, 0, "discard 6S 7S") == [(0, 2, "his heels")]
    assert hand.is_over and hand.winner == 0 and hand.shows == []


def test_the_card_that_wins_the_game_scores_in_full() -> None:
    """CRIBBAGE.md 4: the non-dealer on 119 plays A, 7, 7: fifteen and pair, 123 (not 121);
    nothing after the winning card is pegged."""
    hand = _hand("AH 7S KC KD 2C 3C", "7D 9S QH JH 4S 6S", "5D", pegs=(100, 119))
    _act(hand, 1, "discard 2C 3C")
    _act(hand, 0, "discard 4S 6S")
    _act(hand, 1, "play AH")
    _act(hand, 0, "play 7D")
    assert _act(hand, 1, "play 7S") == [(1, 2, "fifteen"), (1, 2, "pair")]
    assert hand.is_over and hand.winner == 1 and hand.pegs == [100, 123]
    hand.check_invariants()


def test_the_non_dealer_counts_first_and_can_win_before_the_dealer_counts() -> None:
    hand = _hand("5H 5S 5C JD 2C 3C", "KS KH QH JH 7S 6S", "5D", pegs=(0, 100))
    _act(hand, 1, "discard 2C 3C")
    _act(hand, 0, "discard 6S 7S")
    rng = random.Random(0)
    while hand.phase is Phase.PLAY:
        hand.apply(rng.choice(hand.legal_actions()))
    assert hand.winner == 1 and [s.kind for s in hand.shows] == ["hand"]
    assert hand.shows[0].score.total == 29


def _to_the_show(pegs: tuple[int, int] = (0, 0)) -> Hand:
    """A muggins hand at its show: the non-dealer (seat 1) holds 5H 5S 5C JD with the
    starter 5D (29); the dealer keeps KS KH QH JH."""
    hand = _hand("5H 5S 5C JD 2C 3C", "KS KH QH JH 7S 6S", "5D", pegs, Rules.preset("muggins"))
    _act(hand, 1, "discard 2C 3C")
    _act(hand, 0, "discard 6S 7S")
    while hand.phase is Phase.PLAY:
        hand.apply(hand.legal_actions()[0])
    assert hand.phase is Phase.COUNT and hand.to_act == 1
    return hand


def test_muggins_a_statement_is_final_and_answered_before_it_is_pegged() -> None:
    """CRIBBAGE.md 4: too few, the opponent takes the difference; the statement is final."""
    hand = _to_the_show()
    before = list(hand.pegs)
    # Every number a show may hold may be stated, whatever this one holds: the list of
    # statements tells nothing of the count.
    assert [str(a) for a in hand.legal_actions()] == [f"count {n}" for n in range(30)]
    with pytest.raises(IllegalActionError, match="at most 29"):
        hand.apply(Action.count(30), 1)
    assert _act(hand, 1, "count 20") == []  # nothing pegged before the answer
    assert hand.phase is Phase.ANSWER and hand.to_act == 0 and hand.pegs == before
    with pytest.raises(IllegalActionError, match="seat 0's turn"):
        hand.apply(Action.count(29), 1)  # final: no second statement
    assert _act(hand, 0, "muggins") == [(1, 20, "hand"), (0, 9, "muggins")]
    assert hand.pegs == [before[0] + 9, before[1] + 20]
    assert hand.shows[0].pegged == 20 and hand.shows[0].muggins == 9 and hand.shows[0].called
    assert hand.to_act == 0 and hand.phase is Phase.COUNT  # the dealer's hand next
    assert hand.observation(0).counting == hand.kept(0)  # face up to be counted
    truth = show_score(hand.kept(0), hand.starter).total  # type: ignore[arg-type]
    _act(hand, 0, f"count {truth}")
    assert _act(hand, 1, "muggins") == [(0, truth, "hand")]  # exact: nothing to take
    _act(hand, 0, "count 0")
    assert _act(hand, 1, "accept") == []
    assert hand.is_over
    assert MUGGINS not in hand.legal_actions()
    hand.check_invariants()


def test_muggins_too_many_pegs_the_truth_and_gives_the_excess_or_stands_if_accepted() -> None:
    """CRIBBAGE.md 4: the stater pegs only the true total, the opponent the excess; an
    opponent who accepts lets it stand as stated."""
    hand = _to_the_show()
    _act(hand, 1, "count 29")  # exact
    _act(hand, 0, "accept")
    truth = show_score(hand.kept(0), hand.starter).total  # type: ignore[arg-type]
    before = list(hand.pegs)
    _act(hand, 0, f"count {truth + 5}")  # five too many: final, taken at once
    assert hand.phase is Phase.ANSWER and hand.pegs == before
    assert _act(hand, 1, "muggins") == [(0, truth, "hand"), (1, 5, "muggins")]
    shown = hand.shows[-1]
    assert (shown.stated, shown.total, shown.pegged, shown.muggins) == (truth + 5, truth, truth, 5)
    crib = show_score(hand.crib, hand.starter, crib=True).total  # type: ignore[arg-type]
    _act(hand, 0, f"count {crib + 3}")
    assert _act(hand, 1, "accept") == [(0, crib + 3, "crib")]  # it stands as stated
    assert hand.shows[-1].pegged == crib + 3 and not hand.shows[-1].called
    assert hand.pegs == [before[0] + truth + crib + 3, before[1] + 5]
    hand.check_invariants()


def test_muggins_a_statement_too_high_to_win_is_answered_first() -> None:
    """A statement that would reach the target wins nothing before the answer: called, the
    stater pegs only the true total (16 here, short of the game); accepted, it stands and
    wins, scoring in full."""
    played = _to_the_show().pegs[0]  # what the dealer pegs in the play
    for answer, scores, pegs, winner in (
        ("muggins", [(0, 16, "hand"), (1, 4, "muggins")], 119, None),
        ("accept", [(0, 20, "hand")], 123, 0),
    ):
        hand = _to_the_show(pegs=(121 - 18 - played, 0))  # the dealer needs 18
        _act(hand, 1, "count 29")
        _act(hand, 0, "accept")
        assert _act(hand, 0, "count 20") == []  # 4 more than its 16
        assert hand.phase is Phase.ANSWER and not hand.is_over and hand.pegs[0] == 103
        assert _act(hand, 1, answer) == scores
        assert hand.pegs[0] == pegs and hand.winner == winner
        hand.check_invariants()


def test_observations_hide_the_opponents_cards_and_crib_half() -> None:
    hand = _hand("5C QC 4C 2C 9D 8D", "KS KH QH JH 7S 6S", "3H")
    _act(hand, 1, "discard 8D 9D")
    view = hand.observation(0)
    assert view.starter is None and view.opponent_laid_away
    text = repr(view)
    for hidden in ("5C", "QC", "8D", "9D", "3H"):
        assert hidden not in text and parse_card(hidden) in view.unseen()
    _act(hand, 0, "discard 6S 7S")
    view = hand.observation(1)
    assert str(view.starter) == "3H" and view.laid_away == (parse_card("8D"), parse_card("9D"))
    assert all(str(c) not in repr(view) for c in ("KS", "7S", "6S"))


def test_random_hands_keep_their_invariants() -> None:
    from cardtable.cards import shuffled_deck

    for seed in range(200):
        rng = random.Random(seed)
        rules = Rules.preset("muggins") if seed % 3 == 0 else Rules()
        hand = Hand(
            rules, seed % 2, shuffled_deck(seed), pegs=(rng.randrange(120), rng.randrange(120))
        )
        while not hand.is_over:
            hand.check_invariants()
            legal = hand.legal_actions()
            assert legal, "a hand in play always offers an action"
            hand.apply(rng.choice(legal))
        hand.check_invariants()
        if hand.winner is None:
            assert len(hand.shows) == 3 and max(hand.pegs) < 121
        else:
            assert hand.pegs[hand.winner] >= 121 > hand.start_pegs[hand.winner]
