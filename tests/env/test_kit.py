"""The research kit (:mod:`cardtable.env`): one set of environments for every game that
declares research, found through the registry."""

from __future__ import annotations

import subprocess
import sys
import types

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

import cardtable.env.research as research_module
from cardtable.cribbage.env import CribbageEnv
from cardtable.env import GameEnv, NoResearchError, PolicyPlayer, aec_env, gym_env, research_of
from cardtable.env.lazy import lazy_names
from cardtable.errors import UnknownGameError
from cardtable.games import game_names
from cardtable.gin.env import GinRummyEnv
from cardtable.gin.match import Match

GAMES_WITH_RESEARCH = ("gin", "cribbage")


@pytest.mark.parametrize("name", GAMES_WITH_RESEARCH)
def test_each_game_is_found_through_the_registry(name: str) -> None:
    declared = research_of(name)
    assert declared.game == name
    assert name in game_names()


@pytest.mark.parametrize("name", GAMES_WITH_RESEARCH)
def test_the_kit_env_of_a_game_passes_pettingzoo_api_and_seed_tests(name: str) -> None:
    api_test(aec_env(name), num_cycles=200)
    seed_test(lambda: aec_env(name), num_cycles=200)


@pytest.mark.parametrize("name", GAMES_WITH_RESEARCH)
def test_the_kit_gym_env_passes_gymnasium_check_env(name: str) -> None:
    check_env(gym_env(name, "simple"), skip_render_check=True)


@pytest.mark.parametrize(
    ("name", "own"), [("gin", GinRummyEnv), ("cribbage", CribbageEnv)], ids=["gin", "cribbage"]
)
def test_the_kit_env_plays_exactly_as_the_games_own_env(name: str, own: type[GameEnv]) -> None:
    """The same seed and the same choices: the same observations, masks, rewards and ends."""
    kit, mine = aec_env(name), own()
    assert kit.metadata["name"] == mine.metadata["name"]
    rng = np.random.default_rng(5)
    for episode in range(6):
        seed = 11 if episode == 0 else None
        kit.reset(seed=seed)
        mine.reset(seed=seed)
        for agent in kit.agent_iter(max_iter=2000):
            assert agent == mine.agent_selection
            a, b = kit.last(), mine.last()
            np.testing.assert_array_equal(a[0]["observation"], b[0]["observation"])
            np.testing.assert_array_equal(a[0]["action_mask"], b[0]["action_mask"])
            assert a[1:4] == b[1:4]
            if a[2] or a[3]:
                kit.step(None)
                mine.step(None)
                continue
            choice = int(rng.choice(np.flatnonzero(a[0]["action_mask"])))
            kit.step(choice)
            mine.step(choice)
        assert not kit.agents and not mine.agents, "the deal should have ended"
        assert kit.core.mark() == mine.core.mark() == 1


def test_an_unknown_game_is_named() -> None:
    with pytest.raises(UnknownGameError, match="nosuchgame"):
        research_of("nosuchgame")


def test_a_game_that_declares_no_research_gets_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bare = types.SimpleNamespace(name="bare", research=None)
    monkeypatch.setattr(research_module, "game", lambda name: bare)
    with pytest.raises(NoResearchError, match="'bare' declares no research"):
        aec_env("bare")


def test_an_option_the_game_does_not_have_is_refused() -> None:
    with pytest.raises(TypeError, match="layouts"):
        aec_env("cribbage", layouts=True)
    with pytest.raises(TypeError, match="bogus"):
        aec_env("gin", bogus=1)


def test_a_reward_mode_the_game_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match="reward must be one of hand, match"):
        aec_env("cribbage", reward="match_dense")


def test_the_policy_player_plays_any_game_by_its_declarations() -> None:
    def first_legal(vector: np.ndarray, mask: np.ndarray) -> int:
        return int(mask.nonzero()[0][0])

    player = PolicyPlayer(first_legal, game="gin")
    match = Match.new(seed="policy", first_dealer=0)
    assert str(player.act(match.observation(1))) == "take"


def test_the_kit_imports_no_game() -> None:
    code = (
        "import sys, cardtable.env.aec, cardtable.env.gym, cardtable.env.player;"
        "print(sorted(m for m in sys.modules if m.startswith(('cardtable.gin', "
        "'cardtable.cribbage'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_a_policy_player_of_no_game_is_refused() -> None:
    with pytest.raises(TypeError, match="needs the game it plays"):
        PolicyPlayer(lambda vector, mask: 0)


def test_a_games_own_classes_play_their_declared_game() -> None:
    """The game's own environment and player need no game: their class names it."""
    environment = GinRummyEnv("pagat", reward="match")
    assert environment.research.game == "gin" and environment.core.reward == "match"
    assert CribbageEnv().metadata["name"] == "cribbage_v0"


def test_lazy_names_must_cover_the_packages_all_exactly() -> None:
    with pytest.raises(ImportError, match=r"differ in \['missing'\]"):
        lazy_names("cardtable.env", {"aec": ("GameEnv",)}, ["GameEnv", "missing"])
