"""Eights through the research kit, with no edit outside tests/eights: PettingZoo's
api_test and seed_test, Gymnasium's check_env, and a policy seated as a player."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

from cardtable.env import PolicyPlayer, aec_env, gym_env, research_of
from cardtable.errors import IllegalActionError
from cardtable.games import game


def test_the_kit_finds_eights_research_through_the_registry() -> None:
    assert game("eights").research == "eights.research:RESEARCH"
    assert research_of("eights").game == "eights"


@pytest.mark.parametrize("reward", ["hand", "match"])
def test_the_aec_env_passes_pettingzoo_api_and_seed_tests(reward: str) -> None:
    api_test(aec_env("eights", reward=reward), num_cycles=300)
    seed_test(lambda: aec_env("eights", reward=reward), num_cycles=300)


def test_the_gym_env_passes_gymnasium_check_env() -> None:
    check_env(gym_env("eights", "simple"), skip_render_check=True)


def test_random_deals_pay_zero_sum_the_score_the_game_keeps() -> None:
    environment = aec_env("eights", reward="match", settings={"target": 20})
    rng = np.random.default_rng(1)
    for episode in range(5):
        environment.reset(seed=episode)
        totals = dict.fromkeys(environment.possible_agents, 0.0)
        for agent in environment.agent_iter(max_iter=5000):
            observation, reward, terminated, truncated, _info = environment.last()
            totals[agent] += reward
            if terminated or truncated:
                environment.step(None)
                continue
            mask = observation["action_mask"]
            assert mask.any() and not observation["observation"][52 + 52 :].max() > 1
            environment.step(int(rng.choice(np.flatnonzero(mask))))
        scores = game("eights").scores(environment.core.match)  # type: ignore[attr-defined]
        assert totals["player_0"] == -totals["player_1"] == scores[0] - scores[1] != 0


def test_a_policy_plays_eights_and_an_illegal_choice_is_named() -> None:
    from eights.engine import Match

    match = Match.new(game("eights").make_rules(None, None), "policy", 0)  # type: ignore[arg-type]
    seat = match.to_act
    assert seat is not None
    first = PolicyPlayer(lambda vector, mask: int(mask.nonzero()[0][0]), game="eights")
    assert first.act(match.observation(seat)) in match.legal_actions()
    wrong = PolicyPlayer(lambda vector, mask: int((mask == 0).nonzero()[0][0]), game="eights")
    with pytest.raises(IllegalActionError, match="not legal"):
        wrong.act(match.observation(seat))
