"""Trajectory collection over vector environments: inline, on worker processes, on Ray."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import numpy.typing as npt
import pytest

from cardtable.errors import CardTableError
from cardtable.gin.env.collect import Collector, Trajectories, collect, uniform_policy
from cardtable.gin.env.encoding import layout
from tests.helpers import start_ray
from tests.paths import ROOT


def same(a: Trajectories, b: Trajectories) -> bool:
    return all(
        np.array_equal(getattr(a, name), getattr(b, name))
        for name in Trajectories.__dataclass_fields__
    )


def test_rows_are_legal_decisions_with_their_log_probabilities() -> None:
    batch = collect(uniform_policy, steps=120, num_envs=16, seed=3, opponent="self")
    assert batch.steps == 120 and batch.games == 16
    flat_masks = batch.masks.reshape(-1, batch.masks.shape[-1])
    chosen = batch.actions.reshape(-1)
    assert (flat_masks[np.arange(len(chosen)), chosen] == 1).all()  # every row a live decision
    counts = flat_masks.sum(axis=1)
    assert np.allclose(batch.log_probs.reshape(-1), -np.log(counts))
    # The seat of each row is the seat to act in its observation (the my_turn entry).
    turn = layout()["my_turn"][0]
    assert (batch.observations[..., turn] == 1).all()
    assert set(np.unique(batch.seats)) == {0, 1}
    # Self-play: a step pays the seat that acted, and only the step that ends a hand pays.
    assert not batch.rewards[~batch.terminated].any()
    assert batch.terminated.any()


def test_episodes_go_on_from_one_call_to_the_next() -> None:
    with Collector(8, seed=11) as collector:  # against the built-in random opponent
        first, second = collector.collect(uniform_policy, 40), collector.collect(uniform_policy, 40)
    with Collector(8, seed=11) as collector:
        whole = collector.collect(uniform_policy, 80)
    joined = Trajectories(
        **{
            name: np.concatenate([getattr(first, name), getattr(second, name)])
            for name in Trajectories.__dataclass_fields__
        }
    )
    assert same(joined, whole)
    assert (whole.seats == 0).all()  # the learner's seat, by default 0


def test_worker_processes_give_each_worker_its_own_stream() -> None:
    with Collector(6, workers=2, backend="process", seed=5, opponent="self") as collector:
        assert collector.backend == "process"
        spread = collector.collect("cardtable.gin.env.collect:uniform_policy", 30)
    assert spread.games == 12
    # Worker 0 draws the stream an inline collector of the same seed draws.
    alone = collect(uniform_policy, steps=30, num_envs=6, seed=5, opponent="self")
    left = Trajectories(
        **{name: getattr(spread, name)[:, :6] for name in Trajectories.__dataclass_fields__}
    )
    assert same(left, alone)
    right = spread.observations[:, 6:]
    assert not np.array_equal(right, spread.observations[:, :6])


def test_a_policy_that_fails_in_a_worker_is_reported() -> None:
    with Collector(4, workers=2, seed=1) as collector, pytest.raises(CardTableError,
            match=r"worker failed: .*cannot load the policy"):  # fmt: skip
        collector.collect("cardtable.gin.env.collect:no_such_policy", 5)
    with pytest.raises(CardTableError, match="callable or 'module:attribute'"):
        collect("not a path", steps=1, num_envs=2)  # type: ignore[arg-type]


def test_bad_settings_are_refused() -> None:
    with pytest.raises(CardTableError, match="workers"):
        Collector(4, workers=0)
    with pytest.raises(CardTableError, match="backend"):
        Collector(4, backend="threads")  # type: ignore[arg-type]
    with pytest.raises(CardTableError, match="SameStep"):
        Collector(4, autoreset_mode="NextStep")


def test_no_ray_cluster_is_one_line() -> None:
    for address, words in [
        ("127.0.0.1:1", "no Ray cluster is reachable at 127.0.0.1:1"),
        ("auto", "no Ray cluster is running here"),
    ]:
        with pytest.raises(CardTableError) as caught:
            Collector(4, backend="ray", ray_address=address)
        message = str(caught.value)
        assert words in message and "\n" not in message


def test_ray_actors_collect_what_processes_collect() -> None:
    import ray  # the test extra installs it: a missing Ray must fail, not skip

    start_ray()
    try:
        with Collector(4, workers=2, backend="ray", seed=9, opponent="self") as collector:
            remote = collector.collect(uniform_policy, 20)
    finally:
        ray.shutdown()
    with Collector(4, workers=2, backend="process", seed=9, opponent="self") as collector:
        local = collector.collect(uniform_policy, 20)
    assert same(remote, local)


def greedy(
    observations: npt.NDArray[np.float32], masks: npt.NDArray[np.int8], rng: np.random.Generator
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """The highest legal id (a deterministic policy, log-probability 0)."""
    chosen = masks.shape[1] - 1 - np.argmax(masks[:, ::-1], axis=1)
    return chosen.astype(np.int64), np.zeros(len(masks), dtype=np.float32)


def test_a_module_level_policy_runs_in_workers() -> None:
    with Collector(4, workers=2, seed=2) as collector:
        batch = collector.collect(greedy, 10)
    highest = batch.masks.shape[-1] - 1 - np.argmax(batch.masks[..., ::-1], axis=-1)
    assert np.array_equal(batch.actions, highest)


def test_the_self_play_example_runs() -> None:
    # A subprocess, as a user runs it: its policy class must pickle from ``__main__``.
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "collect_selfplay.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("update 0:") and lines[-1].startswith("update 2:")
    assert "steps collected" in lines[-1]
