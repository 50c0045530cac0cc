"""Our Cribbage as an OpenSpiel game: it loads under every preset, passes OpenSpiel's own
random simulation checks, and agrees with our engine on legal actions, views and returns."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pyspiel
import pytest

from cardtable.cribbage.env.actions import GO_ID, NUM_ACTIONS
from cardtable.cribbage.env.core import GameCore
from cardtable.cribbage.env.encoding import OBS_SIZE
from cardtable.cribbage.env.openspiel_game import GAME_NAME, CribbageState, load
from cardtable.cribbage.match import Match
from cardtable.cribbage.rules import PRESETS, make_rules

PRESET_NAMES = sorted(PRESETS)


def chance(state: CribbageState, rng: np.random.RandomState) -> None:
    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
    assert abs(sum(probabilities) - 1.0) < 1e-9
    state.apply_action(int(rng.choice(outcomes, p=probabilities)))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_loads_and_passes_openspiels_random_simulation(preset: str) -> None:
    game = pyspiel.load_game(GAME_NAME, {"rules": preset})
    assert game.num_distinct_actions() == NUM_ACTIONS
    assert game.information_state_tensor_size() == OBS_SIZE
    assert game.observation_tensor_size() == OBS_SIZE
    assert game.max_chance_outcomes() == 52
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_match_scoring_and_a_target_pass_openspiels_random_simulation() -> None:
    game = load("short", scoring="match", target=31)
    assert game.rules.target == 31
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(Exception, match="preset"):
        load("nonsense")
    with pytest.raises(Exception, match="scoring"):
        load("standard", scoring="forever")
    with pytest.raises(Exception, match="dealer"):
        load("standard", dealer=2)
    with pytest.raises(Exception, match="target"):
        load("standard", target=12)


def play_out(
    state: CribbageState, rng: np.random.RandomState
) -> tuple[list[int], list[dict[str, Any]]]:
    """Play ``state`` out at random: the chance outcomes in order and, for every player's
    step, what the state said before it (legal ids, tensors and views of both seats) and
    the id chosen."""
    outcomes: list[int] = []
    steps: list[dict[str, Any]] = []
    while not state.is_terminal():
        if state.is_chance_node():
            chance(state, rng)
            outcomes.append(int(state.history()[-1]))
            continue
        legal = state.legal_actions()
        steps.append(
            {
                "seat": state.current_player(),
                "legal": legal,
                "tensors": [np.array(state.information_state_tensor(p)) for p in (0, 1)],
                "views": [state.observation(p) for p in (0, 1)],
                "id": int(rng.choice(legal)),
            }
        )
        state.apply_action(steps[-1]["id"])
    return outcomes, steps


def engine_decks(outcomes: list[int]) -> list[list[int]]:
    """The engine's decks for these chance outcomes: 13 a deal (12 cards, the starter) and
    then the cards left, in order (the engine never looks past the starter)."""
    assert len(outcomes) % 13 == 0
    decks = []
    for start in range(0, len(outcomes), 13):
        top = outcomes[start : start + 13]
        decks.append([*top, *(c for c in range(52) if c not in top)])
    return decks


def replay_in_the_engine(core: GameCore, steps: list[dict[str, Any]]) -> list[int]:
    """Replay the steps' ids in the environments' core over our engine, checking at each
    step that it offers the same ids and shows both seats the same; the rewards summed."""
    total = [0, 0]
    for step in steps:
        assert core.to_act == step["seat"]
        assert core.legal_ids() == step["legal"]
        for seat in (0, 1):
            np.testing.assert_array_equal(core.encode(seat), step["tensors"][seat])
            assert core.view(seat) == step["views"][seat]
        rewards = core.apply(step["id"])
        total = [total[0] + rewards[0], total[1] + rewards[1]]
    assert core.over
    return total


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_legal_actions_views_and_returns_agree_with_the_engine(preset: str) -> None:
    game = load(preset)
    rng = np.random.RandomState(PRESET_NAMES.index(preset))
    gos = nonzero = 0
    for _ in range(25):
        state = game.new_initial_state()
        outcomes, steps = play_out(state, rng)
        (deck,) = engine_decks(outcomes)
        core = GameCore(PRESETS[preset], "hand")
        core.reset("unused", dealer=1)
        core.match = Match(PRESETS[preset], 1, decks=[deck, deck])  # it deals a next hand
        total = replay_in_the_engine(core, steps)
        assert state.returns() == [float(total[0]), float(total[1])]
        gos += sum(step["id"] == GO_ID for step in steps)
        nonzero += total[0] != 0
    assert gos > 0 and nonzero > 10


def test_match_scoring_agrees_with_the_engines_match() -> None:
    rules = make_rules("short", {"target": 31})
    game = load("short", scoring="match", target=31, dealer=0)
    rng = np.random.RandomState(7)
    margins = set()
    for _ in range(4):
        state = game.new_initial_state()
        outcomes, steps = play_out(state, rng)
        decks = engine_decks(outcomes)
        assert len(decks) > 1
        core = GameCore(rules, "match")
        core.reset("unused", dealer=0)
        core.match = Match(rules, 0, decks=decks)
        total = replay_in_the_engine(core, steps)
        assert core.final is not None
        margin = core.final.game_points[0] - core.final.game_points[1]
        assert total == [margin, -margin]
        assert state.returns() == [float(margin), float(-margin)]
        margins.add(margin)
    assert margins - {0}


def mid_play(seed: int, plays: int) -> CribbageState:
    """A standard hand after its discards and ``plays`` more player steps."""
    rng = np.random.RandomState(seed)
    state = load("standard").new_initial_state()
    while state.is_chance_node() or len(state.history()) < 17 + plays:
        if state.is_chance_node():
            chance(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert not state.is_terminal() and state.hand is not None
    return state


@pytest.mark.parametrize("plays", [0, 3])
def test_resampled_states_keep_the_seats_view_and_change_the_hidden_cards(plays: int) -> None:
    state = mid_play(3, plays)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seat = state.current_player()
    other = 1 - seat
    assert state.hand is not None
    changed = 0
    for _ in range(20):
        world = state.resample_from_infostate(seat, sampler)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_string(seat) == state.observation_string(seat)
        np.testing.assert_array_equal(
            world.information_state_tensor(seat), state.information_state_tensor(seat)
        )
        assert world.legal_actions() == state.legal_actions()
        assert len(world.history()) == len(state.history())
        assert world.hand is not None
        changed += world.hand.dealt[other] != state.hand.dealt[other]
    assert changed > 15


def test_resampling_while_the_opponent_lays_away() -> None:
    rng = np.random.RandomState(5)
    state = load("standard").new_initial_state()
    for _ in range(12):
        chance(state, rng)
    first = state.current_player()
    state.apply_action(state.legal_actions()[0])  # the first seat's first pick
    world = state.resample_from_infostate(1 - first, pyspiel.UniformProbabilitySampler(0, 1))
    assert world.current_player() == first
    assert world.information_state_string(1 - first) == state.information_state_string(1 - first)
    assert world.hand is not None and world.picked in world.hand.cards[first]


def test_the_information_state_remembers_the_order_of_the_picks() -> None:
    rng = np.random.RandomState(9)
    state = load("standard").new_initial_state()
    for _ in range(12):
        chance(state, rng)
    seat = state.current_player()
    a, b = state.legal_actions()[:2]
    one, two = state.clone(), state.clone()
    one.apply_action(a)
    one.apply_action(b)
    two.apply_action(b)
    two.apply_action(a)
    assert one.observation_string(seat) == two.observation_string(seat)
    assert one.information_state_string(seat) != two.information_state_string(seat)
    assert one.information_state_string(1 - seat) == two.information_state_string(1 - seat)


def test_clones_are_independent() -> None:
    state = mid_play(1, 2)
    length = len(state.history())
    copy = state.clone()
    play_out(copy, np.random.RandomState(2))
    assert len(state.history()) == length and not state.is_terminal()
    assert copy.history()[:length] == state.history()


def test_illegal_actions_are_refused() -> None:
    state = load("standard").new_initial_state()
    state.apply_action(5)
    with pytest.raises(Exception, match="not left to deal"):
        state.apply_action(5)
    for card in range(6, 17):
        state.apply_action(card)
    assert not state.is_chance_node()
    illegal = next(a for a in range(NUM_ACTIONS) if a not in state.legal_actions())
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(illegal)


def test_information_set_mcts_runs_on_the_game() -> None:
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    game = load("short")
    rng = np.random.RandomState(4)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        uct_c=2.0,
        max_simulations=8,
        random_state=rng,
        allow_inconsistent_action_sets=False,
    )
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance(state, rng)
        elif state.current_player() == 0:
            action = int(bot.step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert moves >= 6


def test_a_missing_openspiel_names_the_package() -> None:
    code = (
        "import sys; sys.modules['pyspiel'] = None\nimport cardtable.cribbage.env.openspiel_game\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode != 0
    assert "pip install open-spiel" in done.stderr


def test_resampling_in_a_later_deal_of_a_match_replays_the_earlier_deals() -> None:
    game = load("short", scoring="match", target=31)
    rng = np.random.RandomState(1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                chance(state, rng)
                continue
            seat = state.current_player()
            if state.match.hands and rng.random_sample() < 0.3:
                world = state.resample_from_infostate(seat, sampler)
                assert world.information_state_string(seat) == state.information_state_string(seat)
                assert world.legal_actions() == state.legal_actions()
                assert world.match.hands[0].deck == state.match.hands[0].deck
                checked += 1
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked > 10


def test_a_first_pick_of_the_ace_of_spades_shows_in_the_seats_view() -> None:
    state = load("standard").new_initial_state()
    for card in range(12):  # card 0, the ace of spades, goes to player 0, the non-dealer
        state.apply_action(card)
    before, theirs = state.observation_string(0), state.observation_string(1)
    state.apply_action(0)
    assert state.picked == 0
    assert state.observation_string(0) != before and "picked AS" in state.observation_string(0)
    assert state.observation_string(1) == theirs  # the opponent sees nothing of a pick
    assert "AS" not in theirs
