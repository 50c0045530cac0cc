"""Play-outs (cardtable.gin.players.rollout): both seats play the simple policy, knocking at
their first chance, and a hand that reaches the wall is dead."""

from __future__ import annotations

from cardtable.cards import parse_cards
from cardtable.gin.players.rollout import playout
from cardtable.gin.rules import Rules

KNOCKER = parse_cards("2H 3H 4H 5S 5D 5C 9C TC JC AS KD").mask  # three melds, AS and KD
OTHER = parse_cards("KS QH 8D 6C 3S 7H JD 4C 9S 2C").mask


def test_a_seat_knocks_at_its_first_chance_and_scores_the_showdown() -> None:
    """Seat 1 holds eleven cards that knock with 1 (KD thrown): it knocks at once, and the
    points go to it (negative for seat 0): the defender's 69 pips, with nothing to lay off,
    less its 1."""
    stock = [int(c) for c in parse_cards("6D 8S QC")]
    args = (Rules(), 10, 1, [OTHER, KNOCKER], stock, -1, 1, True)
    assert playout(*args) == -(69 - 1)
    # The multiplier (Oklahoma's spades) doubles it.
    assert playout(Rules(), 10, 2, [OTHER, KNOCKER], stock, -1, 1, True) == -2 * 68


def test_a_hand_that_reaches_the_wall_is_dead() -> None:
    """Seat 0 throws with two stock cards left and nobody can knock: no points; with a third
    stock card seat 1 draws it, cannot knock either, and the hand dies at its throw."""
    eleven = OTHER | parse_cards("AD").mask
    loose = parse_cards("AS 2S 4S 6S 8S TS QS AC 3C 5C").mask
    for stock_text in ("6D 9H", "KH 6D 9H"):
        stock = [int(c) for c in parse_cards(stock_text)]
        assert playout(Rules(), 10, 1, [eleven, loose], stock, -1, 0, True) == 0
