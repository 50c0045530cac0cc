"""Matches: the deal alternating, games to the target, skunks, game points and the match end."""

from __future__ import annotations

import itertools
import random

import pytest

from cardtable.cribbage.match import Match
from cardtable.cribbage.players import make_player
from cardtable.cribbage.rules import Rules, make_rules
from cardtable.errors import InvalidRulesError
from tests.ranges import CRIBBAGE_RANGES


def _play(match: Match, seed: int = 0) -> Match:
    players = [make_player("simple", seed), make_player("random", seed + 1)]
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        match.apply(players[seat].act(match.observation(seat)), seat)
    return match


def test_the_deal_alternates_every_hand_within_a_game() -> None:
    match = _play(Match.new(Rules(), seed="alternate", first_dealer=1))
    dealers = [hand.dealer for hand in match.hands]
    assert dealers[0] == 1
    assert all(a != b for a, b in itertools.pairwise(dealers))
    assert match.final is not None and match.hands[-1].winner == match.final.winner


def test_a_game_ends_at_the_target_with_skunks_counted() -> None:
    rules = Rules()
    assert rules.game_value(90) == (2, "skunk")
    assert rules.game_value(91) == (1, "game")
    assert rules.game_value(60) == (4, "double skunk")
    assert Rules.preset("short").game_value(30) == (2, "skunk")
    assert Rules.preset("short").game_value(0) == (2, "skunk")  # no double skunk line
    for seed in range(20):
        match = _play(Match.new(rules, seed=seed))
        game = match.games[0]
        loser_points = game.pegs[1 - game.winner]
        assert game.pegs[game.winner] >= 121 > loser_points
        assert game.game_points == rules.game_value(loser_points)[0]
        assert match.final is not None and match.final.game_points[game.winner] == game.game_points


def test_a_match_of_games_and_the_next_games_dealer() -> None:
    rules = make_rules("short", {"games": "3"})
    for seed in range(10):
        match = _play(Match.new(rules, seed=seed))
        assert len(match.games) >= 3
        assert match.final is not None
        points = match.final.game_points
        assert points[match.final.winner] > points[1 - match.final.winner]
        for before, after in zip(match.games, match.games[1:], strict=False):
            assert after.first_dealer == 1 - before.winner  # the loser deals first
    alternate = make_rules("short", {"games": "2", "next_game_dealer": "alternate"})
    match = _play(Match.new(alternate, seed="alt", first_dealer=0))
    assert [g.first_dealer for g in match.games[:2]] == [0, 1]


def test_a_match_to_game_points() -> None:
    match = _play(Match.new(make_rules("short", {"match_points": "5"}), seed=3))
    assert match.final is not None and max(match.final.game_points) >= 5
    assert sum(g.game_points for g in match.games) == sum(match.final.game_points)


def test_copy_is_independent() -> None:
    match = Match.new(Rules(), seed="copy")
    twin = match.copy()
    twin.apply(twin.legal_actions()[0])
    assert match.current.history == [] and len(twin.current.history) == 1


def test_the_observation_never_holds_the_opponents_cards() -> None:
    match = Match.new(Rules(), seed="hide", first_dealer=0)
    rng = random.Random(5)
    for _ in range(60):
        seat = match.to_act
        assert seat is not None
        view = match.observation(1 - seat).hand
        hidden = set(match.current.cards[seat]) | set(match.current.laid_away[seat])
        if match.current.starter is None or len(match.current.shows) < 3:
            assert not hidden & (set(view.hand) | set(view.laid_away))
        match.apply(rng.choice(match.legal_actions()))


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"target": "30"}, "at least 31"),
        ({"skunk_line": "130"}, "below the target"),
        ({"skunk_line": "off"}, "needs a skunk_line"),
        ({"double_skunk_line": "95"}, "below the skunk line"),
        ({"double_skunk_games": "1"}, r"double_skunk_games \(1\) must be at least skunk_games"),
        ({"skunk_games": "5"}, "a double skunk is worth no fewer games than a skunk"),
        ({"next_game_dealer": "winner"}, "loser, alternate"),
        ({"muggins": "maybe"}, "on or off"),
        ({"colour": "red"}, "unknown setting"),
    ],
)
def test_bad_settings_are_refused_by_name(settings: dict[str, str], message: str) -> None:
    with pytest.raises(InvalidRulesError, match=message):
        make_rules("standard", settings)


CRIBBAGE_BOUNDED = {
    name: pair for name, pair in CRIBBAGE_RANGES.items() if not name.endswith("_line")
}


@pytest.mark.parametrize(("name", "bounds"), sorted(CRIBBAGE_BOUNDED.items()))
def test_every_integer_setting_has_a_range(name: str, bounds: tuple[int, int]) -> None:
    """CRIBBAGE.md section 4: target at most 10,000, games and match points at most 1,000,
    skunk values at most 100; above (2**64 made a match no view could encode), refused."""
    low, high = bounds
    assert Rules.bounds()[name] == bounds
    # A skunk may count as many games as a double skunk, no more (the double follows it).
    with_double = {"double_skunk_games": str(high)} if name == "skunk_games" else {}
    assert getattr(make_rules("standard", {name: str(high), **with_double}), name) == high
    for value in (high + 1, 2**53, 2**64 + 1):
        with pytest.raises(InvalidRulesError, match=f"^{name} must be .*integer from {low:,} "):
            make_rules("standard", {name: value})
        with pytest.raises(InvalidRulesError, match=f"^{name} must be "):
            make_rules("standard", {name: str(value)})


@pytest.mark.parametrize("name", ["skunk_line", "double_skunk_line"])
def test_the_skunk_lines_stay_below_the_biggest_target(name: str) -> None:
    low, high = Rules.bounds()[name]
    assert low == 1 and high < Rules.bounds()["target"][1]
    settings: dict[str, object] = {"target": 10_000, "skunk_line": 9_999, name: 2**64}
    with pytest.raises(InvalidRulesError, match=f"^{name} must be below"):
        make_rules("standard", settings)


@pytest.mark.parametrize("text", [" 61 ", "٦١", "6_1", "61.0"])
def test_a_number_typed_is_ascii_digits_alone(text: str) -> None:
    with pytest.raises(InvalidRulesError, match=r"^target must be an integer, not "):
        make_rules("standard", {"target": text})


def test_presets() -> None:
    assert make_rules("standard") == Rules()
    short = make_rules("short")
    assert (short.target, short.skunk_line, short.double_skunk_line) == (61, 31, None)
    assert make_rules("muggins").muggins and not Rules().muggins
    assert make_rules(settings={"skunk_line": "off", "double_skunk_line": "off"}).skunk_line is None
    assert make_rules(settings={"target": "91"}).skunk_line is None
    # A double skunk worth as many games as a skunk is a choice; with no double skunk line
    # its worth does not matter.
    assert make_rules(settings={"double_skunk_games": "2"}).double_skunk_games == 2
    assert make_rules("short", {"skunk_games": "5"}).skunk_games == 5
    with pytest.raises(InvalidRulesError, match="unknown rules preset"):
        make_rules("long")
