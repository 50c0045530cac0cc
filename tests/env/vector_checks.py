"""Side-by-side plays of the kit's vector environment and the scalar environments, for any
game that declares research (used by test_vector.py for Cribbage and gin and by
test_vector_eights.py for the test-only third game).

After ``reset(seed=s)`` game ``g`` of :class:`~cardtable.env.vector.GameVectorEnv` must play,
action for action, what the scalar environment plays after ``reset(seed=s + g)``: in
self-play the AEC environment, against a batch policy the Gymnasium environment with the same
policy seated as its opponent, vectorized by Gymnasium's own ``SyncVectorEnv`` (which seeds
its copies ``s + g`` too). Every observation, mask, seat, reward, termination and truncation
is compared at every step, through the episodes' ends and the autoresets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode

from cardtable.env import GameVectorEnv, aec_env, gym_env, random_actions, research_of
from cardtable.env.aec import AGENTS

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]


def lowest_legal(observations: npt.NDArray[np.float32], masks: I8) -> I64:
    """A deterministic batch policy: each row's lowest legal id."""
    chosen: I64 = np.argmax(masks, axis=1).astype(np.int64)
    return chosen


def self_play_agrees_with_aec(
    game: str, num: int, steps: int, seed: int, reward: str | None = None, **kwargs: Any
) -> int:
    """Self-play ``num`` games of the vector environment beside ``num`` AEC environments;
    the episodes finished (every step compared)."""
    vector = GameVectorEnv(game, num, opponent="self", reward=reward, **kwargs)
    observations, info = vector.reset(seed=seed)
    scalars = [aec_env(game, reward=reward, **kwargs) for _ in range(num)]
    for index, scalar in enumerate(scalars):
        scalar.reset(seed=seed + index)
    rng = np.random.default_rng(seed)
    waiting = np.zeros(num, dtype=np.bool_)
    finished = 0
    for _ in range(steps):
        for index, scalar in enumerate(scalars):
            if waiting[index]:
                continue
            agent = scalar.agent_selection
            assert AGENTS[info["seat"][index]] == agent
            seen = scalar.observe(agent)
            assert np.array_equal(observations[index], seen["observation"])
            assert np.array_equal(info["action_mask"][index], seen["action_mask"])
        actions = random_actions(info["action_mask"], rng)
        observations, rewards, terminated, truncated, info = vector.step(actions)
        assert not truncated.any()
        for index, scalar in enumerate(scalars):
            if waiting[index]:
                # Next-step autoreset: the action was ignored, the next episode dealt.
                scalar.reset()
                assert rewards[index] == 0 and not terminated[index]
                waiting[index] = False
                continue
            agent = scalar.agent_selection
            scalar.step(int(actions[index]))
            paid = (scalar.rewards[AGENTS[0]], scalar.rewards[AGENTS[1]])
            assert tuple(info["rewards"][index]) == paid
            assert rewards[index] == scalar.rewards[agent]
            over = all(scalar.terminations.values())
            assert terminated[index] == over
            if over:
                finished += 1
                waiting[index] = True
                assert info["seat"][index] == AGENTS.index(agent)
                assert np.array_equal(observations[index], scalar.observe(agent)["observation"])
                assert not info["action_mask"][index].any()
    return finished


def opponent_play_agrees_with_gym(
    game: str,
    num: int,
    steps: int,
    seed: int,
    opponent_player: Callable[[], Any],
    *,
    seat: int | None = 0,
    reward: str | None = None,
    autoreset: AutoresetMode = AutoresetMode.NEXT_STEP,
) -> int:
    """``num`` games of the vector environment against :func:`lowest_legal` beside
    Gymnasium's ``SyncVectorEnv`` of the scalar environment against ``opponent_player()``
    (the same policy as a player of the game); the episodes finished."""
    vector = GameVectorEnv(
        game, num, opponent=lowest_legal, seat=seat, reward=reward, autoreset_mode=autoreset
    )
    synced = gymnasium.vector.SyncVectorEnv(
        [
            lambda: gym_env(game, opponent_player(), seat=seat, reward=reward)
            for _ in range(num)
        ],
        autoreset_mode=autoreset,
    )
    observations, info = vector.reset(seed=seed)
    expected, expected_info = synced.reset(seed=seed)
    rng = np.random.default_rng(seed)
    finished = 0
    seats: set[int] = set()
    for _ in range(steps):
        assert np.array_equal(observations, expected)
        assert np.array_equal(info["action_mask"], expected_info["action_mask"])
        assert np.array_equal(info["seat"], expected_info["seat"])
        seats.update(info["seat"].tolist())
        actions = random_actions(info["action_mask"], rng)
        observations, rewards, terminated, truncated, info = vector.step(actions)
        expected, paid, ended, cut, expected_info = synced.step(actions)
        assert np.array_equal(rewards, paid)
        assert np.array_equal(terminated, ended)
        assert np.array_equal(truncated, cut)
        if autoreset is AutoresetMode.SAME_STEP and ended.any():
            assert np.array_equal(info["_final_obs"], expected_info["_final_obs"])
            for row in np.flatnonzero(ended):
                assert np.array_equal(info["final_obs"][row], expected_info["final_obs"][row])
        finished += int(terminated.sum())
    if seat is None:
        assert seats == {0, 1}
    synced.close()
    return finished


def next_step_loop_runs_through_endings(game: str, num_envs: int, steps: int) -> int:
    """The documented loop (random legal ids, next-step autoreset) past several endings;
    every id sent to a game still playing is legal. The episodes finished."""
    environment = GameVectorEnv(game, num_envs, opponent="self")
    _, info = environment.reset(seed=9)
    rng = np.random.default_rng(9)
    ended = 0
    for _ in range(steps):
        masks = info["action_mask"]
        actions = random_actions(masks, rng)
        live = masks.any(axis=1)
        assert masks[live, actions[live]].all()
        _, _, terminated, _, info = environment.step(actions)
        ended += int(terminated.sum())
    return ended


def sizes_of(game: str) -> tuple[int, int]:
    declared = research_of(game)
    core = declared.new_core(None, None, declared.reward_modes[0], {})
    return core.obs_size, core.num_actions
