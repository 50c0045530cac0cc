"""Cribbage's vector environment as Gymnasium finds it: ``cardtable/Cribbage-v0``'s
``vector_entry_point`` (and its scalar ``entry_point`` for the other modes)."""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode

from cardtable.cribbage.env import NUM_ACTIONS, OBS_SIZE, CribbageGymEnv, CribbageVectorEnv
from cardtable.cribbage.env.vector import ENV_ID
from cardtable.env import random_actions


def test_make_vec_returns_it_with_the_single_spaces_of_the_scalar_environment() -> None:
    vector = gymnasium.make_vec(
        ENV_ID, num_envs=8, vectorization_mode="vector_entry_point", opponent="self"
    )
    assert isinstance(vector.unwrapped, CribbageVectorEnv)
    scalar = CribbageGymEnv()
    assert vector.single_observation_space == scalar.observation_space
    assert vector.single_action_space == scalar.action_space
    assert vector.observation_space.shape == (8, OBS_SIZE)
    assert vector.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    observations, info = vector.reset(seed=0)
    assert vector.observation_space.contains(observations)
    assert info["action_mask"].shape == (8, NUM_ACTIONS) and info["action_mask"].dtype == np.int8
    actions = random_actions(info["action_mask"], np.random.default_rng(0))
    assert vector.action_space.contains(actions)
    observations, rewards, terminated, truncated, info = vector.step(actions)
    assert vector.observation_space.contains(observations)
    assert rewards.shape == terminated.shape == truncated.shape == (8,)
    # The same id vectorizes the scalar environment (any computer opponent) the usual way.
    synced = gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode="sync", opponent="simple")
    assert synced.single_observation_space == vector.single_observation_space
    synced.close()
    vector.close()


def test_keywords_reach_the_environment() -> None:
    vector = gymnasium.make_vec(
        ENV_ID,
        num_envs=3,
        vectorization_mode="vector_entry_point",
        reward="match",
        seat=1,
        settings={"target": 61},
    )
    environment = vector.unwrapped
    assert isinstance(environment, CribbageVectorEnv)
    assert environment.reward_mode == "match" and environment.rules.target == 61
    _, info = vector.reset(seed=1)
    assert (info["seat"] == 1).all()
