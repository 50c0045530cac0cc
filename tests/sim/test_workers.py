"""Where the games are played: worker processes, Ctrl-C stopping them, and Ray."""

from __future__ import annotations

import multiprocessing
import time

from cardtable.sim import SimulationResult, simulate
from tests.helpers import start_ray

from .helpers import fingerprint


def test_ctrl_c_stops_the_worker_processes() -> None:
    def interrupt(result: SimulationResult) -> None:
        raise KeyboardInterrupt  # Ctrl-C as the first chunk comes in

    partial = simulate(
        ["simple", "random"],
        games=40,
        unit="hand",
        seed="stop",
        workers=2,
        chunk_size=2,
        progress=interrupt,
        partial_on_interrupt=True,
    )
    assert partial.interrupted and partial.games == 2  # one chunk, whichever came in first
    assert multiprocessing.active_children() == []
    done = {game.index for game in partial.results}
    whole = simulate(["simple", "random"], games=max(done) + 1, unit="hand", seed="stop")
    assert fingerprint(partial) == [f for f in fingerprint(whole) if f[0] in done]


def test_ray_backend_matches_processes() -> None:
    import ray  # the test extra installs it: a missing Ray must fail, not skip

    start = time.perf_counter()
    start_ray()
    seen: list[int] = []

    def interrupt(result: SimulationResult) -> None:
        raise KeyboardInterrupt

    try:
        remote = simulate(
            ["simple", "random"],
            games=6,
            unit="hand",
            seed="ray",
            backend="ray",
            workers=2,
            progress=lambda result: seen.append(result.games),
        )
        partial = simulate(
            ["simple", "random"],
            games=6,
            unit="hand",
            seed="ray",
            backend="ray",
            chunk_size=2,
            progress=interrupt,
            partial_on_interrupt=True,
        )
        series = {"series": 2, "settings": {"target": 40}, "seed": "ray", "chunk_size": 4}
        remote_series = simulate(["simple", "simple"], games=8, backend="ray", **series)
    finally:
        ray.shutdown()
    local = simulate(["simple", "random"], games=6, unit="hand", seed="ray")
    assert fingerprint(remote_series) == fingerprint(simulate(["simple", "simple"], 8, **series))
    assert fingerprint(remote) == fingerprint(local)
    assert remote.backend == "ray"
    assert seen == sorted(seen) and seen[-1] == 6
    assert partial.interrupted and partial.games == 2
    done = {game.index for game in partial.results}  # one chunk, whichever came in first
    assert fingerprint(partial) == [f for f in fingerprint(local) if f[0] in done]
    assert time.perf_counter() - start < 60
