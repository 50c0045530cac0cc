"""Our gin as an OpenSpiel game: it loads under every preset, passes OpenSpiel's own random
simulation checks, and agrees with our engine on legal actions, views and returns."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import numpy as np
import pyspiel
import pytest

from cardtable.gin.env.actions import LAYOUT_BASE, NUM_ACTIONS, action_id, legal_ids
from cardtable.gin.env.encoding import OBS_SIZE, encode_observation
from cardtable.gin.env.openspiel_game import GAME_NAME, GinState, load
from cardtable.gin.hand import Hand
from cardtable.gin.match import Match
from cardtable.gin.players import make_player
from cardtable.gin.rules import PRESETS
from tests.paths import ROOT

PRESET_NAMES = sorted(PRESETS)


def deal_of(state: GinState, start: int) -> list[int]:
    """The deck the chance nodes from ``start`` dealt (51 outcomes, the last card left)."""
    dealt = [int(a) for a in state.history()[start : start + 51]]
    return [*dealt, next(c for c in range(52) if c not in dealt)]


def chooser(rng: np.random.RandomState, knock: float) -> object:
    """Mostly our simple player (so hands are knocked and won), sometimes a random action;
    a knock or gin id, when legal, with probability ``knock``."""
    simple = make_player("simple", int(rng.randint(2**31)))

    def choose(state: GinState) -> int:
        legal = state.legal_actions()
        ends = [a for a in legal if a >= 55]
        if ends and rng.random_sample() < knock:
            return int(rng.choice(ends))
        if rng.random_sample() < 0.8:
            seat = state.current_player()
            return action_id(simple.act(state.observation(seat)))
        return int(rng.choice(legal))

    return choose


def play_out(state: GinState, rng: np.random.RandomState, knock: float = 0.5) -> None:
    choose = chooser(rng, knock)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            assert abs(sum(probabilities) - 1.0) < 1e-9
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(choose(state))  # type: ignore[operator]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_loads_and_passes_openspiels_random_simulation(preset: str) -> None:
    game = pyspiel.load_game(GAME_NAME, {"rules": preset})
    assert game.num_distinct_actions() == NUM_ACTIONS
    assert game.information_state_tensor_size() == OBS_SIZE
    assert game.observation_tensor_size() == OBS_SIZE
    assert game.max_chance_outcomes() == 52
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_layouts_and_match_scoring_pass_openspiels_random_simulation() -> None:
    game = load("pagat", layouts=True)
    assert game.num_distinct_actions() > LAYOUT_BASE
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    pyspiel.random_sim_test(load("standard", scoring="match", target=5), 1, False, False)


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(Exception, match="preset"):
        load("nonsense")
    with pytest.raises(Exception, match="scoring"):
        load("standard", scoring="forever")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_legal_actions_views_and_returns_agree_with_the_engine(preset: str) -> None:
    game = load(preset)
    rng = np.random.RandomState(PRESET_NAMES.index(preset))
    outcomes = set()
    for _ in range(12):
        state = game.new_initial_state()
        for _ in range(51):
            assert state.is_chance_node()
            outcomes_now = state.chance_outcomes()
            assert len(outcomes_now) == 52 - len(state.history())
            state.apply_action(int(rng.choice([o for o, _ in outcomes_now])))
        hand = Hand(PRESETS[preset], 1, deal_of(state, 0))
        choose = chooser(rng, 0.5)
        while not state.is_terminal():
            seat = state.current_player()
            assert seat == hand.to_act
            engine = legal_ids(hand.legal_actions())
            assert state.legal_actions() == sorted(engine)
            for player in (0, 1):
                seen = hand.observation(player)
                np.testing.assert_array_equal(
                    state.information_state_tensor(player), encode_observation(seen)
                )
                assert state.observation(player) == seen
            index = choose(state)  # type: ignore[operator]
            state.apply_action(index)
            hand.apply(engine[index])
        assert hand.is_over and hand.result is not None
        result = hand.result
        outcomes.add(result.outcome.value)
        expected = [0.0, 0.0]
        if result.winner is not None:
            expected[result.winner] = result.points
            expected[1 - result.winner] = -result.points
        assert state.returns() == expected
    assert outcomes - {"dead"}  # some hands were won, so the returns were not all zero


def test_match_scoring_agrees_with_the_engines_match() -> None:
    rules = PRESETS["standard"].replace(target=30)
    game = load("standard", scoring="match", target=30, dealer=0)
    rng = np.random.RandomState(7)
    choose = chooser(rng, 0.9)
    for _ in range(3):
        state = game.new_initial_state()
        decks: list[list[int]] = []
        actions: list[int] = []
        while not state.is_terminal():
            if state.is_chance_node():
                start = len(state.history())
                for _ in range(51):
                    state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
                decks.append(deal_of(state, start))
            else:
                index = choose(state)  # type: ignore[operator]
                actions.append(index)
                state.apply_action(index)
        match = Match(rules, 0, decks=decks)
        for index in actions:
            match.apply(legal_ids(match.legal_actions())[index])
        assert match.final is not None and len(match.hands) == len(decks)
        margin = match.final.totals[0] - match.final.totals[1]
        assert state.returns() == [margin, -margin]


def test_resampled_states_keep_the_seats_view_and_change_the_hidden_cards() -> None:
    game = load("standard")
    rng = np.random.RandomState(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    while len(state.history()) < 51 + 30 or state.is_chance_node():
        if state.is_chance_node():
            state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert not state.is_terminal()
    seat = state.current_player()
    other = 1 - seat
    assert state.hand is not None
    changed = 0
    for _ in range(20):
        world = state.resample_from_infostate(seat, sampler)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_string(seat) == state.observation_string(seat)
        assert world.legal_actions() == state.legal_actions()
        assert len(world.history()) == len(state.history())
        assert world.hand is not None
        changed += world.hand.cards(other) != state.hand.cards(other)
    assert changed > 10


def test_clones_are_independent() -> None:
    game = load("digital", layouts=True)
    state = game.new_initial_state()
    play_out(state, np.random.RandomState(1))
    start = game.new_initial_state()
    for action in state.history()[:60]:
        start.apply_action(action)
    copy = start.clone()
    play_out(copy, np.random.RandomState(2))
    assert len(start.history()) == 60 and not start.is_terminal()
    assert copy.history()[:60] == start.history()


def test_a_missing_openspiel_names_the_package() -> None:
    code = "import sys; sys.modules['pyspiel'] = None\nimport cardtable.gin.env.openspiel_game\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode != 0
    assert "pip install open-spiel" in done.stderr


def test_the_ismcts_example_plays_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "examples" / "openspiel_ismcts.py"
    spec = importlib.util.spec_from_file_location("openspiel_ismcts", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--hands", "1", "--simulations", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "hand 1: ISMCTS in seat 0 scores" in out
    assert "ISMCTS (4 simulations a move) against random" in out
    assert module.main(["--hands", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_illegal_actions_are_refused() -> None:
    state = load("standard").new_initial_state()
    state.apply_action(5)
    with pytest.raises(Exception, match="not left to deal"):
        state.apply_action(5)
    for card in range(6, 56):
        if state.is_chance_node():
            state.apply_action(card % 52)
    assert not state.is_chance_node()
    illegal = next(a for a in range(NUM_ACTIONS) if a not in state.legal_actions())
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(illegal)
