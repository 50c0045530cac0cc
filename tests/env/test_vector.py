"""The kit's vector environment (:mod:`cardtable.env.vector`): any game's research core, N
games stepped together, agreeing with the scalar environments action for action."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import RecordEpisodeStatistics

from cardtable.cribbage.env import PolicyPlayer as CribbagePolicyPlayer
from cardtable.env import GameVectorEnv, NoResearchError, random_actions, vector_env
from cardtable.errors import IllegalActionError, UnknownGameError
from tests.env.vector_checks import (
    lowest_legal,
    next_step_loop_runs_through_endings,
    opponent_play_agrees_with_gym,
    self_play_agrees_with_aec,
)


def cribbage_lowest() -> CribbagePolicyPlayer:
    return CribbagePolicyPlayer(lambda vector, mask: int(np.argmax(mask)), name="lowest")


# -- agreeing with the scalar environments ----------------------------------------------------


def test_cribbage_self_play_agrees_with_the_aec_environment_hand_by_hand() -> None:
    # About 14 decisions a hand: some 450 hands, every step compared.
    finished = self_play_agrees_with_aec("cribbage", num=24, steps=280, seed=11, reward="hand")
    assert finished > 350


def test_cribbage_self_play_agrees_with_the_aec_environment_over_matches() -> None:
    finished = self_play_agrees_with_aec(
        "cribbage", num=6, steps=400, seed=5, reward="match", settings={"target": 61}
    )
    assert finished >= 6


@pytest.mark.parametrize(
    ("seat", "reward", "autoreset"),
    [
        (0, "hand", AutoresetMode.NEXT_STEP),
        (None, "hand", AutoresetMode.NEXT_STEP),
        (1, "hand", AutoresetMode.SAME_STEP),
        (None, "match", AutoresetMode.NEXT_STEP),
    ],
)
def test_cribbage_against_a_policy_agrees_with_the_gym_environment(
    seat: int | None, reward: str, autoreset: AutoresetMode
) -> None:
    """Against a batch policy the vector environment is Gymnasium's SyncVectorEnv of the
    scalar environment with that policy seated as its opponent: the same seats, deals,
    observations, masks and rewards (the opponent's points paid with the learner's step)."""
    finished = opponent_play_agrees_with_gym(
        "cribbage", 16, 160, 21, cribbage_lowest, seat=seat, reward=reward, autoreset=autoreset
    )
    assert finished > (0 if reward == "match" else 200)


def test_gin_self_play_agrees_with_the_aec_environment() -> None:
    """Gin's core through the same vector environment: the environment knows no game."""
    finished = self_play_agrees_with_aec("gin", num=8, steps=200, seed=2, reward="hand")
    assert finished > 5


def test_the_comparison_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A vector environment that pays one point too many is caught."""
    original = GameVectorEnv.step

    def wrong(self: GameVectorEnv, actions: npt.ArrayLike):  # type: ignore[no-untyped-def]
        observations, rewards, terminated, truncated, info = original(self, actions)
        return observations, rewards + terminated, terminated, truncated, info

    monkeypatch.setattr(GameVectorEnv, "step", wrong)
    with pytest.raises(AssertionError):
        self_play_agrees_with_aec("cribbage", num=4, steps=60, seed=1, reward="hand")
    with pytest.raises(AssertionError):
        opponent_play_agrees_with_gym("cribbage", 4, 60, 1, cribbage_lowest)


# -- the API --------------------------------------------------------------------------------


@pytest.mark.parametrize("num_envs", [1, 3])
def test_the_documented_loop_runs_through_endings_at_any_size(num_envs: int) -> None:
    """Issue 39 §2: at N=1 ``random_actions`` met a finished game's all-zero mask."""
    assert next_step_loop_runs_through_endings("cribbage", num_envs, 120) >= num_envs


@pytest.mark.parametrize("copies", [1, 5])  # row by row (a few games), and batched
def test_random_actions_give_a_row_without_legal_ids_zero(copies: int) -> None:
    rng = np.random.default_rng(3)
    masks = np.zeros((4, 53), dtype=np.int8)
    masks[0, 17] = 1
    masks[2, [3, 50]] = 1
    masks = np.tile(masks, (copies, 1))
    seen = set()
    for _ in range(60):
        chosen = random_actions(masks, rng).reshape(copies, 4)
        assert (chosen[:, 0] == 17).all() and np.isin(chosen[:, 2], (3, 50)).all()
        assert (chosen[:, 1] == 0).all() and (chosen[:, 3] == 0).all()
        seen.update(chosen[:, 2].tolist())
    assert seen == {3, 50}
    assert random_actions(np.zeros((1, 53), dtype=np.int8), rng).tolist() == [0]


def test_the_random_opponent_leaves_the_learner_to_act_in_every_live_game() -> None:
    environment = vector_env("cribbage", 32, seat=1, reward="hand")
    observations, info = environment.reset(seed=2)
    assert (info["seat"] == 1).all() and observations.shape == (32, 584)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(60):
        observations, rewards, terminated, _, info = environment.step(
            random_actions(info["action_mask"], rng)
        )
        live = ~terminated
        assert (info["action_mask"][live].sum(axis=1) > 0).all()
        assert not info["action_mask"][terminated].any()
        assert np.array_equal(info["rewards"][:, 1], rewards)
        assert (info["rewards"].sum(axis=1) == 0).all()
        ended += int(terminated.sum())
    assert ended > 32


def test_bad_arguments_are_refused_naming_them() -> None:
    with pytest.raises(ValueError, match="vectorization_mode='sync'"):
        GameVectorEnv("cribbage", 2, opponent="expert")
    with pytest.raises(TypeError):
        GameVectorEnv("cribbage", 2, opponent=3)  # type: ignore[arg-type]
    for bad in (
        {"seat": 2},
        {"autoreset_mode": "later"},
        {"reward": "x"},
        {"max_episode_steps": 0},
        {"render_mode": "human"},
        {"illegal_action": "ignore"},
    ):
        with pytest.raises(ValueError):
            GameVectorEnv("cribbage", 2, **bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="num_envs"):
        GameVectorEnv("cribbage", 0)
    with pytest.raises(UnknownGameError):
        GameVectorEnv("whist", 2)
    with pytest.raises(TypeError, match="unknown option"):
        GameVectorEnv("cribbage", 2, layouts=True)
    environment = GameVectorEnv("cribbage", 2)
    with pytest.raises(RuntimeError, match="reset"):
        environment.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match="unknown reset options"):
        environment.reset(options={"colour": 1})
    with pytest.raises(ValueError, match="seed must be an integer"):
        environment.reset(seed="s")  # type: ignore[arg-type]
    assert issubclass(NoResearchError, LookupError)


def test_seeds_repeat_episodes_exactly() -> None:
    def run(seed: int) -> list[npt.NDArray[np.float32]]:
        environment = GameVectorEnv("cribbage", 6, seat=None, reward="hand")
        observations, info = environment.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = [observations]
        for _ in range(40):
            observations, *_, info = environment.step(random_actions(info["action_mask"], rng))
            seen.append(observations)
        return seen

    first, again, other = run(1), run(np.int64(1)), run(2)  # type: ignore[arg-type]
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))


def test_next_step_autoreset_ignores_the_action_after_an_ending() -> None:
    environment = GameVectorEnv("cribbage", 8, opponent="self", max_episode_steps=3)
    _, info = environment.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(3):
        _, rewards, terminated, truncated, info = environment.step(
            random_actions(info["action_mask"], rng)
        )
    assert truncated.all() and not terminated.any()  # three picks cannot end a hand
    assert not info["action_mask"].any()
    # Any id, even out of range, is ignored by the games being dealt again.
    _, rewards, terminated, truncated, info = environment.step(np.full(8, 999))
    assert not rewards.any() and not terminated.any() and not truncated.any()
    assert (info["action_mask"].sum(axis=1) == 6).all()  # a fresh deal: lay away from six


def test_same_step_autoreset_returns_the_final_observation_in_info() -> None:
    environment = GameVectorEnv("cribbage", 8, opponent="self", autoreset_mode="SameStep")
    assert environment.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    _, info = environment.reset(seed=8)
    rng = np.random.default_rng(8)
    ended = 0
    for _ in range(120):
        _, _, terminated, _, info = environment.step(random_actions(info["action_mask"], rng))
        assert (info["action_mask"].sum(axis=1) > 0).all()  # always a live decision
        if terminated.any():
            ended += int(terminated.sum())
            assert (info["_final_obs"] == terminated).all()
            assert info["final_obs"][terminated].any(axis=1).all()
            assert not info["final_obs"][~terminated].any()
    assert ended > 30


def test_disabled_autoreset_waits_for_a_reset_mask() -> None:
    environment = GameVectorEnv(
        "cribbage", 4, opponent="self", autoreset_mode=AutoresetMode.DISABLED, max_episode_steps=2
    )
    _, info = environment.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(2):
        _, _, _, truncated, info = environment.step(random_actions(info["action_mask"], rng))
    assert truncated.all()
    with pytest.raises(RuntimeError, match="reset it first"):
        environment.step(np.zeros(4, dtype=np.int64))
    mask = np.array([True, False, True, False])
    _, info = environment.reset(options={"reset_mask": mask})
    assert (info["action_mask"][mask].sum(axis=1) == 6).all()
    assert not info["action_mask"][~mask].any()  # still finished
    with pytest.raises(ValueError, match="reset_mask"):
        environment.reset(options={"reset_mask": np.ones(3, dtype=np.bool_)})


def test_illegal_ids_end_the_episode_or_raise_and_change_nothing() -> None:
    environment = GameVectorEnv("cribbage", 4, opponent="self", reward="hand")
    _, info = environment.reset(seed=6)
    actions = random_actions(info["action_mask"], np.random.default_rng(0))
    actions[2] = 52  # "go" is never legal while laying away
    _, rewards, terminated, _, info = environment.step(actions)
    assert terminated.tolist() == [False, False, True, False]
    assert rewards[2] == environment.illegal_reward < -100
    assert info["rewards"][2].tolist() == [
        environment.illegal_reward if info["seat"][2] == s else 0.0 for s in (0, 1)
    ]

    strict = GameVectorEnv("cribbage", 3, opponent="self", illegal_action="raise")
    _, info = strict.reset(seed=6)
    legal = random_actions(info["action_mask"], np.random.default_rng(0))
    bad = legal.copy()
    bad[1] = 52
    with pytest.raises(IllegalActionError, match="game 1: action 52 is not legal now"):
        strict.step(bad)
    with pytest.raises(IllegalActionError, match="one integer action id per game"):
        strict.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(IllegalActionError, match="one integer action id per game"):
        strict.step(np.zeros(3, dtype=np.float64))
    # Nothing changed: the legal ids still step from the same observations.
    again, *_ = strict.step(legal)
    fresh = GameVectorEnv("cribbage", 3, opponent="self", illegal_action="raise")
    fresh.reset(seed=6)
    expected, *_ = fresh.step(legal)
    assert np.array_equal(again, expected)


def test_a_broken_opponent_policy_is_named() -> None:
    def wrong(observations: npt.NDArray[np.float32], masks: npt.NDArray[np.int8]) -> object:
        return np.full(len(observations), 52)

    environment = GameVectorEnv("cribbage", 4, opponent=wrong, seat=0)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="opponent policy chose action 52"):
        environment.reset(seed=1)
        for _ in range(5):
            environment.step(random_actions(environment._masks, np.random.default_rng(0)))
    short = GameVectorEnv("cribbage", 4, opponent=lambda o, m: [0], seat=1)
    with pytest.raises(IllegalActionError, match="one integer id per game"):
        short.reset(seed=1)


def test_the_opponent_policy_is_called_once_for_all_the_games_it_moves_in() -> None:
    calls: list[int] = []

    def policy(observations: npt.NDArray[np.float32], masks: npt.NDArray[np.int8]) -> object:
        assert observations.shape == (len(masks), 584)
        calls.append(len(masks))
        return lowest_legal(observations, masks)

    environment = GameVectorEnv("cribbage", 12, opponent=policy, seat=1)
    _, info = environment.reset(seed=0, options={"dealer": 1})
    assert calls == [12, 12]  # seat 0, not dealing, lays away two cards in every game first
    environment.step(random_actions(info["action_mask"], np.random.default_rng(0)))
    assert max(calls) <= 12


def test_gymnasiums_vector_wrappers_run_on_it() -> None:
    vector = RecordEpisodeStatistics(GameVectorEnv("cribbage", 16, opponent="self"))
    _, info = vector.reset(seed=5)
    rng = np.random.default_rng(5)
    episodes = 0
    for _ in range(100):
        _, _, _, _, info = vector.step(random_actions(info["action_mask"], rng))
        if "episode" in info:
            episodes += int(info["_episode"].sum())
    assert episodes > 50
    environment = vector.unwrapped
    assert isinstance(environment, GameVectorEnv)
    assert environment.action_masks().dtype == np.bool_
    assert environment.observation_space.shape == (16, 584)
    assert environment.action_space.shape == (16,)
    vector.close()


def test_the_documented_snippet_runs() -> None:
    """docs/research.md's example of the vector environment runs as written."""
    import re

    from tests.paths import ROOT

    text = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    start = text.index("### The vector environment (any game)")
    (code,) = re.findall(r"```python\n(.*?)```", text[start : text.index("\n**", start)], re.S)
    namespace: dict[str, object] = {"__name__": "research_doc"}
    exec(compile(code, "docs/research.md", "exec"), namespace)
    assert getattr(namespace["observations"], "shape", None) == (256, 584)
