"""The kit's vector environment runs the test-only third game (tests/eights) with no edit to
it: the proof that the vector environment is generic. Eights declares only a
:class:`~cardtable.env.text.TextResearch`; its games agree with the scalar environments."""

from __future__ import annotations

from typing import Any

import numpy as np

from cardtable.env import GameVectorEnv, random_actions, research_of
from tests.eights.conftest import eights_installed  # noqa: F401 (the plug-in on the path)
from tests.env.vector_checks import (
    next_step_loop_runs_through_endings,
    opponent_play_agrees_with_gym,
    self_play_agrees_with_aec,
    sizes_of,
)


class LowestLegal:
    """An Eights computer player that moves as :func:`~tests.env.vector_checks.lowest_legal`
    chooses: the legal action with the lowest id."""

    def move(self, match: Any, seat: int) -> str:
        declared: Any = research_of("eights")
        view = declared.view(match, seat)
        texts: tuple[str, ...] = declared.legal_of(view)
        return min(texts, key=declared.action_id)


def test_eights_self_play_agrees_with_the_aec_environment() -> None:
    assert self_play_agrees_with_aec("eights", num=12, steps=300, seed=3, reward="hand") > 20


def test_eights_against_a_policy_agrees_with_the_gym_environment() -> None:
    finished = opponent_play_agrees_with_gym("eights", 8, 200, 4, LowestLegal, seat=None)
    assert finished > 10


def test_eights_through_endings_at_one_game() -> None:
    assert next_step_loop_runs_through_endings("eights", 1, 200) >= 1


def test_eights_spaces_are_its_declared_sizes() -> None:
    environment = GameVectorEnv("eights", 5, opponent="random", seat=1)
    observations, info = environment.reset(seed=0)
    obs_size, num_actions = sizes_of("eights")
    assert observations.shape == (5, obs_size) and info["action_mask"].shape == (5, num_actions)
    assert environment.single_action_space.n == num_actions
    rng = np.random.default_rng(0)
    for _ in range(50):
        observations, _, terminated, _, info = environment.step(
            random_actions(info["action_mask"], rng)
        )
        assert (info["action_mask"][~terminated].sum(axis=1) > 0).all()
