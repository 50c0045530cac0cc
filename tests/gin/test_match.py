"""RULES.md section 4: the match, dealer rotation, dead hands, score sheet and final totals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import fair_cut
from cardtable.errors import IllegalActionError
from cardtable.gin.actions import ActionKind
from cardtable.gin.match import Match, final_score
from cardtable.gin.rules import Rules


def play_until_hand_ends(match: Match, rng: random.Random, allow_end: bool) -> None:
    """Random legal play until the hand in play ends (knocks only when ``allow_end``)."""
    start = match.deal_number
    while not match.is_over and match.deal_number == start:
        legal = match.legal_actions()
        quiet = [a for a in legal if not a.kind.ends_hand]
        ending = [a for a in legal if a.kind.ends_hand]
        choice = rng.choice(ending) if allow_end and ending else rng.choice(quiet)
        match.apply(choice)


def test_final_totals_pagat_worked_example() -> None:
    final = final_score(Rules.preset("pagat"), (104, 61), (4, 2), reached=0)
    assert final.totals == (284, 101)
    assert final.winner == 0
    assert final.margin == 183
    assert final.line_bonus == (80, 40)
    assert final.game_bonus == (100, 0)
    assert final.shutout_bonus == (0, 0)


def test_shutout_doubles_game_bonus_under_standard() -> None:
    final = final_score(Rules(), (110, 0), (3, 0), reached=0)
    assert final.shutout
    assert final.game_bonus == (100, 0)
    assert final.shutout_bonus == (100, 0)
    assert final.totals == (110 + 75 + 200, 0)


def test_shutout_doubles_winners_total_under_digital() -> None:
    final = final_score(Rules.preset("digital"), (104, 0), (2, 0), reached=0)
    assert final.totals == ((104 + 50 + 100) * 2, 0)
    assert final.shutout_bonus == (104 + 50 + 100, 0)


def test_digital_line_bonus_goes_to_the_winner_only() -> None:
    final = final_score(Rules.preset("digital"), (100, 80), (3, 4), reached=0)
    assert final.line_bonus == (75, 0)
    assert final.totals == (275, 80)


def test_higher_total_wins_even_without_reaching_the_target() -> None:
    final = final_score(Rules(), (100, 95), (1, 9), reached=0)
    assert final.totals == (225, 95 + 225)
    assert final.winner == 1
    assert final.margin == 95


def test_equal_totals_go_to_the_player_who_reached_the_target() -> None:
    # 100 + 25 + 100 = 225 against 50 + 7 * 25 = 225.
    final = final_score(Rules(), (100, 50), (1, 7), reached=0)
    assert final.totals[0] == final.totals[1]
    assert final.winner == 0
    assert final.margin == 0


def test_first_dealer_by_fair_cut_unless_named() -> None:
    dealers = {Match.new(seed=f"cut-{i}").first_dealer for i in range(40)}
    assert dealers == {0, 1}
    assert Match.new(seed="x").first_dealer == fair_cut("x")
    assert Match.new(seed="x", first_dealer=1).dealer == 1


def test_dead_hand_redealt_by_same_dealer_with_hand_number_unchanged() -> None:
    match = Match.new(seed="dead", first_dealer=0)
    rng = random.Random(5)
    play_until_hand_ends(match, rng, allow_end=False)
    dead = match.hands[-1]
    assert dead.result is not None and dead.result.is_dead
    assert dead.history[-1].action.kind is ActionKind.DISCARD
    assert dead.stock_count == 2
    assert match.sheet == []
    assert match.scores == [0, 0]
    assert match.hand_number == 1
    assert match.deal_number == 2
    assert match.dealer == 0
    assert match.current.deck != dead.deck


@pytest.mark.parametrize(
    ("rule", "expected"), [("winner", "winner"), ("loser", "loser"), ("alternate", "alternate")]
)
def test_next_dealer_follows_the_setting(rule: str, expected: str) -> None:
    rules = Rules(next_dealer=rule)  # type: ignore[arg-type]
    for seed in range(30):
        match = Match.new(rules, seed=f"rot-{seed}", first_dealer=seed % 2)
        rng = random.Random(seed)
        while not match.sheet:
            play_until_hand_ends(match, rng, allow_end=True)
        line = match.sheet[0]
        if match.is_over:
            continue
        want = {
            "winner": line.winner,
            "loser": 1 - line.winner,
            "alternate": 1 - line.dealer,
        }[expected]
        assert match.dealer == want
        assert match.hand_number == 2
        return
    pytest.fail("no scored hand was reached")


def test_match_ends_when_a_score_reaches_the_target() -> None:
    rules = Rules(target=30)
    match = Match.new(rules, seed="target", first_dealer=0)
    rng = random.Random(2)
    while not match.is_over:
        play_until_hand_ends(match, rng, allow_end=True)
    final = match.final
    assert final is not None
    reached = final.reached_target
    assert match.scores[reached] >= 30
    assert match.scores[1 - reached] < 30
    assert sum(line.result.points for line in match.sheet) == sum(match.scores)
    assert list(match.boxes) == [
        sum(1 for line in match.sheet if line.winner == seat) for seat in (0, 1)
    ]
    with pytest.raises(IllegalActionError, match="match is over"):
        match.apply(match.hands[-1].history[0].action)
    sheet = match.score_sheet(("Ann", "Bob"))
    assert ("Ann" if final.winner == 0 else "Bob") + f" wins by {final.margin}" in sheet


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), target=st.integers(1, 60))
def test_scores_add_up(seed: int, target: int) -> None:
    match = Match.new(Rules(target=target), seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        play_until_hand_ends(match, rng, allow_end=True)
    running = [0, 0]
    for line in match.sheet:
        assert line.result.points > 0
        running[line.winner] += line.result.points
        assert line.totals == tuple(running)
    final = match.final
    assert final is not None
    for seat in (0, 1):
        assert final.totals[seat] == (
            final.hand_points[seat]
            + final.line_bonus[seat]
            + final.game_bonus[seat]
            + final.shutout_bonus[seat]
        )
    assert final.margin == abs(final.totals[0] - final.totals[1])
    assert final.totals[final.winner] >= final.totals[1 - final.winner]


def test_observation_carries_match_scores() -> None:
    match = Match.new(seed="obs", first_dealer=0)
    match.scores[:] = [12, 30]
    assert match.observation(0).scores == (12, 30)
