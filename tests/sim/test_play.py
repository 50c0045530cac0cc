"""One game: its points, deals and first dealer."""

from __future__ import annotations

import pytest

from cardtable.cards import fair_cut
from cardtable.gin.record import load
from cardtable.gin.rules import Rules
from cardtable.sim import play_game


def test_hand_points_leave_the_match_bonuses_out() -> None:
    match = play_game(["simple", "random"], Rules(target=60), "hp")
    hand = play_game(["simple", "random"], Rules(), "hp", unit="hand")
    assert hand.hand_points == hand.points
    assert match.winner is not None
    assert 0 < sum(match.hand_points) < sum(match.points)  # game and line bonuses
    loser = 1 - match.winner
    assert match.hand_points[loser] <= match.points[loser]


@pytest.mark.parametrize("seed", ["fd-1", "fd-2", "fd-3"])
def test_the_first_dealer_is_the_fair_cut_unless_named(seed: str) -> None:
    rules = Rules(target=40)
    fair = play_game(["simple", "simple"], rules, seed, keep_record=True)
    assert fair.first_dealer == fair_cut(seed)
    other = 1 - fair_cut(seed)
    named = play_game(["simple", "simple"], rules, seed, keep_record=True, first_dealer=other)
    assert named.first_dealer == other
    for game in (fair, named):
        assert game.record is not None
        match = load(game.record)
        assert match.first_dealer == match.hands[0].dealer == game.first_dealer
        assert game.next_first_dealer == match.next_first_dealer()
    hand = play_game(["simple", "simple"], rules, seed, unit="hand", first_dealer=other)
    assert hand.first_dealer == other and hand.next_first_dealer is None


def test_seats_are_checked() -> None:
    with pytest.raises(ValueError, match="seats"):
        play_game(["simple", "simple"], Rules(), "s", seats=(0, 0))
