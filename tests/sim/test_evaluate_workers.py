"""``evaluate(workers=N)`` and ``evaluate --workers N`` (issue 39 §5): the same games as one
process, in the same order, with the same figures; each worker with an agent process of its
own; a failing agent stops every worker; bad values are refused in one line. The isolation
of the agents under workers is in ``test_isolation.py``."""

from __future__ import annotations

import io
import json
import multiprocessing
import tempfile
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli.main import main as cardtable_main
from cardtable.sim import SimulationResult, evaluate
from cardtable.sim.evaluate import Evaluation, figures
from cardtable.sim.remote_agent import AgentError
from tests.helpers import start_ray

from .helpers import fingerprint


def comparable(evaluation: Evaluation) -> list[dict[str, Any]]:
    """Each opponent's figures less their timings."""
    return [
        {k: v for k, v in figures(r).items() if k not in ("ms_per_decision", "seconds")}
        for r in evaluation.results
    ]


CHATTY = "tests.sim.agents:Chatty"  # gin's simple player, in a process of its own


@pytest.mark.parametrize(
    ("game", "agent", "against"),
    [("gin", CHATTY, ["simple", CHATTY]), ("cribbage", "random", ["simple", "random"])],
    ids=["gin", "cribbage"],
)
def test_two_workers_play_the_games_of_one_process(
    game: str, agent: str, against: list[str]
) -> None:
    # In gin the agent also meets itself as an outside opponent: on each worker, each side
    # has a process of its own.
    one = evaluate(agent, against, games=4, unit="hand", seed="workers", game=game)
    seen: list[tuple[str, int]] = []

    def progress(opponent: str, result: SimulationResult) -> None:
        seen.append((opponent, result.games))
        assert [g.index for g in result.results] == sorted(g.index for g in result.results)

    two = evaluate(
        agent, against, games=4, unit="hand", seed="workers", game=game, workers=2,
        progress=progress,
    )  # fmt: skip
    assert [fingerprint(r) for r in two.results] == [fingerprint(r) for r in one.results]
    assert [[g.index for g in r.results] for r in two.results] == [[0, 1, 2, 3]] * 2
    assert comparable(two) == comparable(one)
    assert (one.workers, two.workers, two.backend) == (1, 2, "process")
    assert two.to_dict()["workers"] == 2 and one.to_dict()["workers"] == 1
    assert "workers: played on 2 worker processes, each undumpable" in two.summary()
    assert "workers: played in this process (1 worker)" in one.summary()
    # Four chunks of one pair each: progress after each, every opponent to its end.
    assert len(seen) == 4 and {(name, 4) for name in ("simple", against[1])} <= set(seen)
    assert multiprocessing.active_children() == []


def test_a_failing_agent_stops_every_worker_and_its_agent(
    agent_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The agents' homes go where the test can see them (and their users may enter).
    monkeypatch.setenv("TMPDIR", str(agent_dir))
    monkeypatch.setattr(tempfile, "tempdir", None)
    with pytest.raises(AgentError, match=r"chose 'discard .*', which is not legal now") as caught:
        evaluate("tests.sim.agents:illegal", ["simple", "random"], games=4, workers=2)
    assert "\n" not in str(caught.value)
    assert multiprocessing.active_children() == []
    assert list(agent_dir.glob("cardtable-agent-*")) == []  # every agent's process closed


def test_ctrl_c_stops_every_worker_and_its_agent(
    agent_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TMPDIR", str(agent_dir))
    monkeypatch.setattr(tempfile, "tempdir", None)
    came: list[int] = []

    def interrupt(opponent: str, result: SimulationResult) -> None:
        came.append(result.games)
        raise KeyboardInterrupt  # Ctrl-C as the first chunk comes in

    with pytest.raises(KeyboardInterrupt):
        evaluate("random", ["simple", "random"], games=8, unit="hand", workers=2,
                 progress=interrupt)  # fmt: skip
    assert came == [2]
    assert multiprocessing.active_children() == []
    assert list(agent_dir.glob("cardtable-agent-*")) == []


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return cardtable_main(["gin", "evaluate", *argv], out), out.getvalue()


@pytest.mark.parametrize("workers", ["0", "-1", "two"])
def test_bad_workers_are_one_line_and_exit_2(
    workers: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, text = run("random", "--games", "2", "--workers", workers)
    error = capsys.readouterr().err
    assert status == 2 and text == ""
    assert len(error.strip().splitlines()) == 1 and "--workers" in error, error


def test_the_command_says_how_many_workers() -> None:
    status, text = run("random", "--against", "simple", "--games", "4", "--unit", "hand",
                       "--seed", "cli", "--workers", "2")  # fmt: skip
    assert status == 0
    lines = text.splitlines()
    assert lines[0] == "random against simple: 4 hands on 2 duplicate deals (seats exchanged)"
    assert (
        "workers: played on 2 worker processes, each undumpable, each with an agent process "
        "of its own"
    ) in lines
    local = evaluate("random", ["simple"], games=4, unit="hand", seed="cli")
    assert f"  random wins {figures(local.results[0])['win_rate']:.1%}" in text


def test_ray_actors_play_the_games_of_one_process(agent_dir: Path) -> None:
    import ray  # the test extra installs it: a missing Ray must fail, not skip

    start_ray()
    try:
        remote = evaluate(
            "tests.sim.snoop:Snoop",  # plays as random does, after snooping once per process
            ["simple"],
            games=4,
            unit="hand",
            seed="ray",
            backend="ray",
            workers=2,
            agent_environment={"SNOOP_DIR": str(agent_dir)},
        )
    finally:
        ray.shutdown()
    local = evaluate("random", ["simple"], games=4, unit="hand", seed="ray")
    assert fingerprint(remote.results[0]) == fingerprint(local.results[0])
    assert (remote.workers, remote.backend) == (2, "ray")
    assert "workers: played on up to 2 Ray actors, each undumpable" in remote.summary()
    reports = [json.loads(path.read_text(encoding="utf-8")) for path in agent_dir.iterdir()]
    assert len(reports) == 2  # an agent process on each actor
    for report in reports:  # the actor holding the seed is closed to its agent
        assert report["routes"]["evaluator mem"].startswith("denied"), report["routes"]
        assert "ray" not in report["candidates"]
