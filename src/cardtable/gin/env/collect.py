"""Trajectories from vector environments on worker processes or Ray: what a learner trains on.

A :class:`Collector` keeps ``workers`` vector environments of ``num_envs`` games each (in
this process, in spawned processes, or in Ray actors), and each :meth:`Collector.collect`
plays ``steps`` steps of every game with a policy and returns them stacked, time first, as
:class:`Trajectories` (observation, mask, action, reward, log-probability, seat, done
flags). Episodes go on from one call to the next, so a training loop calls it again with
its updated policy.

The environments reset in the same step (``autoreset_mode="SameStep"``), so every row is a
real decision with at least one legal id; ``terminated[t, g]`` marks the step that ended
game ``g``'s episode, whose next row starts a new one.

A policy is ``policy(observations, masks, rng) -> (ids, log_probs)`` over the rows of one
environment (``[num_envs, 429]``, ``[num_envs, 108]``, a numpy generator). For worker
processes and Ray it travels by pickle: a module-level function, an instance of a
module-level class (weights as numpy arrays), or a ``"module:attribute"`` path.

>>> with Collector(num_envs=8, seed=1, opponent="self") as collector:
...     batch = collector.collect(uniform_policy, steps=50)
>>> batch.observations.shape, batch.actions.shape, batch.log_probs.dtype
((50, 8, 429), (50, 8), dtype('float32'))
>>> bool((batch.masks.reshape(-1, 108)[np.arange(400), batch.actions.reshape(-1)] == 1).all())
True
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import socket
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt

from cardtable.env.arrays import F32, I8
from cardtable.errors import CardTableError
from cardtable.gin.env.vector import GinRummyVectorEnv

__all__ = [
    "BACKENDS",
    "Backend",
    "Collector",
    "Trajectories",
    "TrajectoryPolicy",
    "collect",
    "uniform_policy",
]

TrajectoryPolicy = Callable[[F32, I8, np.random.Generator], tuple[npt.ArrayLike, npt.ArrayLike]]
Backend = Literal["inline", "process", "ray"]
BACKENDS: Final = ("inline", "process", "ray")
RAY_CONNECT_SECONDS: Final = 5.0


@dataclass(frozen=True)
class Trajectories:
    """Steps of many games, time first: row ``[t, g]`` is game ``g``'s decision at step ``t``.

    ``rewards[t, g]`` is what that step paid the seat that acted (``seats[t, g]``; with an
    opponent, the learner; in self-play the other seat got the opposite, the game being
    zero-sum). Games from several workers sit side by side: worker ``w``'s games are columns
    ``w * num_envs`` to ``(w + 1) * num_envs - 1``.
    """

    observations: F32
    masks: I8
    actions: npt.NDArray[np.int64]
    log_probs: F32
    rewards: npt.NDArray[np.float64]
    seats: npt.NDArray[np.int8]
    terminated: npt.NDArray[np.bool_]
    truncated: npt.NDArray[np.bool_]

    @property
    def steps(self) -> int:
        return int(self.actions.shape[0])

    @property
    def games(self) -> int:
        return int(self.actions.shape[1])

    @classmethod
    def concatenate(cls, parts: list[Trajectories]) -> Trajectories:
        """Worker results side by side (along the games axis)."""
        if len(parts) == 1:
            return parts[0]
        names = cls.__dataclass_fields__
        return cls(
            **{name: np.concatenate([getattr(p, name) for p in parts], axis=1) for name in names}
        )


def uniform_policy(
    observations: F32, masks: I8, rng: np.random.Generator
) -> tuple[npt.NDArray[np.int64], F32]:
    """A uniformly random legal id per row, with its log-probability (``-log(legal ids)``)."""
    from cardtable.gin.env.batch import random_actions

    counts = masks.sum(axis=1, dtype=np.float32)
    return random_actions(masks, rng), -np.log(counts)


def resolve_policy(policy: TrajectoryPolicy | str) -> TrajectoryPolicy:
    """A policy, or the one a ``"module:attribute"`` path names."""
    if callable(policy):
        return policy
    if not isinstance(policy, str) or ":" not in policy:
        raise CardTableError(f"a policy is a callable or 'module:attribute', not {policy!r}")
    module, _, name = policy.partition(":")
    try:
        found = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as error:
        raise CardTableError(f"cannot load the policy {policy!r}: {error}") from None
    if not callable(found):
        raise CardTableError(f"the policy {policy!r} is not callable")
    resolved: TrajectoryPolicy = found
    return resolved


class _Worker:
    """One vector environment and its generator; plays ``steps`` steps per call."""

    def __init__(self, num_envs: int, seed: int, options: Mapping[str, Any]) -> None:
        self.environment = GinRummyVectorEnv(num_envs, autoreset_mode="SameStep", **options)
        self.observations, self.info = self.environment.reset(seed=seed)
        self.rng = np.random.default_rng(seed)

    def collect(self, policy: TrajectoryPolicy | str, steps: int) -> Trajectories:
        act = resolve_policy(policy)
        environment = self.environment
        num = environment.num_envs
        observations = np.empty((steps, num, self.observations.shape[1]), dtype=np.float32)
        masks = np.empty((steps, num, self.info["action_mask"].shape[1]), dtype=np.int8)
        actions = np.empty((steps, num), dtype=np.int64)
        log_probs = np.empty((steps, num), dtype=np.float32)
        rewards = np.empty((steps, num), dtype=np.float64)
        seats = np.empty((steps, num), dtype=np.int8)
        terminated = np.empty((steps, num), dtype=np.bool_)
        truncated = np.empty((steps, num), dtype=np.bool_)
        current, info = self.observations, self.info
        for t in range(steps):
            observations[t] = current
            masks[t] = info["action_mask"]
            seats[t] = info["seat"]
            chosen, chosen_log_probs = act(current, info["action_mask"], self.rng)
            actions[t] = chosen
            log_probs[t] = chosen_log_probs
            current, rewards[t], terminated[t], truncated[t], info = environment.step(actions[t])
        self.observations, self.info = current, info
        return Trajectories(
            observations, masks, actions, log_probs, rewards, seats, terminated, truncated
        )


def _serve(connection: Connection, num_envs: int, seed: int, options: dict[str, Any]) -> None:
    """A worker process: build its environment, then answer ``(policy, steps)`` requests."""
    try:
        worker = _Worker(num_envs, seed, options)
        connection.send(("ready", None))
        while True:
            request = connection.recv()
            if request is None:
                return
            policy, steps = request
            try:
                connection.send(("ok", worker.collect(policy, steps)))
            except Exception as error:  # sent back to the caller, who raises it
                connection.send(("error", f"{type(error).__name__}: {error}"))
    except (EOFError, KeyboardInterrupt):
        return
    except Exception:
        connection.send(("error", traceback.format_exc().strip().splitlines()[-1]))


class Collector:
    """``workers`` vector environments of ``num_envs`` games; see the module.

    ``backend`` is ``"inline"`` (this process; the default for one worker), ``"process"``
    (spawned processes; the default for more) or ``"ray"`` (Ray actors: the instance already
    initialised, else a local one, or the cluster at ``ray_address``). ``seed`` seeds worker
    ``w`` with an independent stream; ``options`` go to every
    :class:`~cardtable.gin.env.vector.GinRummyVectorEnv` (``opponent``, ``rules``,
    ``reward``, ...; an opponent policy must pickle for processes and Ray).
    """

    def __init__(
        self,
        num_envs: int = 1024,
        *,
        workers: int = 1,
        backend: Backend | None = None,
        ray_address: str | None = None,
        seed: int | None = None,
        **options: Any,
    ) -> None:
        if not isinstance(workers, int) or workers < 1:
            raise CardTableError(f"workers must be a positive integer, not {workers!r}")
        backend = backend or ("inline" if workers == 1 else "process")
        if backend not in BACKENDS:
            raise CardTableError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
        if backend == "inline" and workers != 1:
            raise CardTableError("the inline backend runs one worker: use 'process' or 'ray'")
        if "autoreset_mode" in options:
            raise CardTableError("a collector's environments reset in the same step (SameStep)")
        self.backend: Backend = backend
        self.workers = workers
        self.num_envs = num_envs
        streams = np.random.SeedSequence(seed).spawn(workers)
        seeds = [int(s.generate_state(1)[0]) for s in streams]
        self._inline: _Worker | None = None
        self._pipes: list[tuple[Any, Connection]] = []
        self._actors: list[Any] = []
        self._ray: Any = None
        self._started_ray = False
        if backend == "inline":
            self._inline = _Worker(num_envs, seeds[0], options)
        elif backend == "process":
            self._start_processes(seeds, options)
        else:
            self._start_ray(seeds, options, ray_address)

    def _start_processes(self, seeds: list[int], options: dict[str, Any]) -> None:
        # Spawn, not fork: safe on every platform and with threads in the parent.
        context = multiprocessing.get_context("spawn")
        try:
            for seed in seeds:
                mine, theirs = context.Pipe()
                process = context.Process(
                    target=_serve, args=(theirs, self.num_envs, seed, options), daemon=True
                )
                process.start()
                theirs.close()
                self._pipes.append((process, mine))
            for _, pipe in self._pipes:
                self._answer(pipe)
        except BaseException:
            self.close()
            raise

    def _start_ray(self, seeds: list[int], options: dict[str, Any], address: str | None) -> None:
        try:
            import ray
        except ImportError:
            raise CardTableError(
                "the ray backend needs Ray: pip install 'cardtable[ray]'"
            ) from None
        self._ray = ray
        if not ray.is_initialized():
            join_ray(ray, self.workers, address)
            self._started_ray = True
        remote = ray.remote(num_cpus=1)(_Worker)
        try:
            self._actors = [remote.remote(self.num_envs, seed, options) for seed in seeds]
        except BaseException:
            self.close()
            raise

    @staticmethod
    def _answer(pipe: Connection) -> Any:
        try:
            status, value = pipe.recv()
        except EOFError:
            raise CardTableError(
                "a collector worker process died (a script that starts worker processes "
                "must do it under: if __name__ == '__main__':)"
            ) from None
        if status == "error":
            raise CardTableError(f"a collector worker failed: {value}")
        return value

    def collect(self, policy: TrajectoryPolicy | str, steps: int) -> Trajectories:
        """Play ``steps`` steps of every game with ``policy``; the steps, games side by side."""
        if not isinstance(steps, int) or steps < 1:
            raise CardTableError(f"steps must be a positive integer, not {steps!r}")
        if self._inline is not None:
            return self._inline.collect(policy, steps)
        if self._pipes:
            for _, pipe in self._pipes:
                pipe.send((policy, steps))
            return Trajectories.concatenate([self._answer(pipe) for _, pipe in self._pipes])
        if self._actors:
            ray = self._ray
            refs = [actor.collect.remote(policy, steps) for actor in self._actors]
            return Trajectories.concatenate(list(ray.get(refs)))
        raise CardTableError("the collector is closed")

    def close(self) -> None:
        """Stop the workers (and a Ray instance started here)."""
        self._inline = None
        for process, pipe in self._pipes:
            with contextlib.suppress(BrokenPipeError, OSError):  # already gone
                pipe.send(None)
            pipe.close()
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()
        self._pipes = []
        if self._ray is not None:
            for actor in self._actors:
                self._ray.kill(actor)
            self._actors = []
            if self._started_ray:
                self._ray.shutdown()
                self._started_ray = False

    def __enter__(self) -> Collector:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def collect(
    policy: TrajectoryPolicy | str, steps: int, num_envs: int = 1024, **kwargs: Any
) -> Trajectories:
    """One collection with a collector made for it (keywords as :class:`Collector`)."""
    with Collector(num_envs, **kwargs) as collector:
        return collector.collect(policy, steps)


def join_ray(ray: Any, workers: int, address: str | None) -> None:
    """Start a local Ray instance of ``workers`` CPUs, or join the cluster at ``address``.

    A cluster that cannot be joined is one :class:`CardTableError` line, not Ray's
    traceback; a ``host:port`` where nothing listens is refused at once (Ray itself would
    retry for minutes).
    """
    options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
    if not address:
        ray.init(num_cpus=max(1, workers), **options)
        return
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if sep and port.isdigit() and host:
        try:
            socket.create_connection((host.strip("[]"), int(port)), RAY_CONNECT_SECONDS).close()
        except OSError as error:
            reason = error.strerror or str(error) or type(error).__name__
            raise CardTableError(f"no Ray cluster is reachable at {address}: {reason}") from None
    try:
        ray.init(address=address, **options)
    except (ConnectionError, TimeoutError, RuntimeError, ValueError) as error:
        if address == "auto" and isinstance(error, ConnectionError):
            raise CardTableError(
                "no Ray cluster is running here (address 'auto' found none): start one with "
                "'ray start --head', or give no address for a local instance"
            ) from None
        lines = str(error).strip().splitlines()
        reason = lines[0] if lines else type(error).__name__
        raise CardTableError(f"no Ray cluster is reachable at {address}: {reason}") from None
