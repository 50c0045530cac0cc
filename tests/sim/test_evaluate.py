"""The evaluator: duplicate deals, intervals, the agent's process and what it is handed, and
every way an agent or its caller can get it wrong."""

from __future__ import annotations

import math
import os
import re
from pathlib import Path

import pytest

from cardtable.errors import CardTableError
from cardtable.gin.match import Match
from cardtable.gin.players import make_player
from cardtable.gin.rules import Rules
from cardtable.sim.evaluate import evaluate, figures
from cardtable.sim.remote_agent import AgentError, RemoteAgent
from cardtable.sim.seeds import deal_seed

from .agents import LOG
from .helpers import fingerprint


def test_duplicate_deals_the_same_for_every_opponent() -> None:
    evaluation = evaluate("random", ["simple", "random"], games=6, unit="hand", seed="dup")
    assert evaluation.opponents == ("simple", "random") and not evaluation.secret
    for result in evaluation.results:
        assert result.players[0] == "random" and result.games == 6
        assert [g.seats for g in result.results] == [(0, 1), (1, 0)] * 3
        assert [g.seed for g in result.results] == [deal_seed("dup", i // 2) for i in range(6)]
    again = evaluate("random", ["simple", "random"], games=6, unit="hand", seed="dup")
    assert [fingerprint(r) for r in again.results] == [fingerprint(r) for r in evaluation.results]


def test_a_secret_seed_is_revealed_and_repeats_the_run() -> None:
    first = evaluate("random", ["simple"], games=4, unit="hand")
    assert first.secret and re.fullmatch(r"[0-9a-f]{32}", first.seed)
    assert first.to_dict()["secret_seed"] is True and first.to_dict()["seed"] == first.seed
    assert "--seed " + first.seed in first.summary()
    again = evaluate("random", ["simple"], games=4, unit="hand", seed=first.seed)
    assert fingerprint(again.results[0]) == fingerprint(first.results[0])
    assert "public" in again.summary() and "--seed" not in again.summary()


def test_the_figures_and_the_margin_interval_over_pairs() -> None:
    evaluation = evaluate("random", ["simple"], games=8, unit="match", seed="figures")
    result = evaluation.results[0]
    data = figures(result)
    assert data["games"] == 8 and sum(data["wins"]) + data["undecided"] == 8
    assert data["hands"] == sum(g.deals for g in result.results)
    assert data["hands_won"] == [sum(g.hands_won[k] for g in result.results) for k in (0, 1)]
    # The margin's interval is over the 4 pairs' means, written out here.
    pairs = [(result.results[i].margin + result.results[i + 1].margin) / 2 for i in (0, 2, 4, 6)]
    mean = sum(pairs) / 4
    half = 1.96 * math.sqrt(sum((p - mean) ** 2 for p in pairs) / 3) / 2
    assert data["mean_margin"] == round(mean, 3)
    assert data["mean_margin_ci95"] == [round(mean - half, 3), round(mean + half, 3)]
    low, high = data["win_rate_ci95"]
    assert 0 <= low <= data["win_rate"] <= high <= 1
    lines = evaluation.summary().splitlines()
    assert lines[0] == "random against simple: 8 matches on 4 duplicate deals (seats exchanged)"
    assert "of the matches decided (95% CI" in lines[1] and "hands decided" in lines[2]
    assert lines[3].startswith("  margin ") and "over the pairs" in lines[3]


def test_the_agent_gets_its_own_observations_over_the_pipe(agent_dir: Path) -> None:
    # Drive the agent by hand over a whole match, every hand included (the events are sent
    # as they grow, and afresh at each hand): it sees exactly what the seat's observation is.
    log = agent_dir / "seen.txt"
    match = Match.new(Rules(), seed="pipe")
    opponent = make_player("simple", 1)
    sent: list[str] = []
    with RemoteAgent("tests.sim.agents:Recorder", environment={LOG: str(log)}) as agent:
        player = agent.new_player(5)
        while not match.is_over:
            seat = match.to_act
            assert seat is not None
            observation = match.observation(seat)
            if seat == 0:
                sent.append(repr(observation).replace("\n", " "))
                match.apply(player.act(observation), seat)
            else:
                match.apply(opponent.act(observation), seat)
        assert agent.decisions == len(sent)
    assert len(match.hands) > 1
    assert log.read_text(encoding="utf-8").splitlines() == sent


def test_the_agent_runs_in_another_process(agent_dir: Path) -> None:
    agent = RemoteAgent("tests.sim.agents:Recorder", environment={LOG: str(agent_dir / "log")})
    with agent:
        process = agent._process
        assert process is not None and process.pid != os.getpid() and process.poll() is None
    assert process.poll() is not None  # stopped on leaving


@pytest.mark.parametrize(
    ("agent", "message"),
    [
        ("tests.sim.agents:raising", r"failed: RuntimeError: the agent gave up on two lines"),
        ("tests.sim.agents:illegal", r"chose 'discard .*', which is not legal now"),
        ("tests.sim.agents:dying", r"its process ended \(exit code 3\)"),
        ("tests.sim.agents:BadLayout", r"played '(knock|gin) .*': the meld .* not in the hand"),
        ("tests.sim.agents:Nobody", r"cannot start agent .*no attribute 'Nobody'"),
        ("nowhere.at.all:agent", r"cannot start agent .*No module named 'nowhere'"),
    ],
    ids=["raising", "illegal", "dying", "bad-layout", "no-attribute", "no-module"],
)
def test_a_failing_agent_is_one_line_of_error(agent: str, message: str) -> None:
    with pytest.raises(AgentError, match=message) as caught:
        evaluate(agent, ["simple"], games=2)
    assert "\n" not in str(caught.value)


def test_an_agent_that_hangs_is_stopped() -> None:
    with pytest.raises(AgentError, match=r"did not answer within 0.5 s"):
        evaluate("tests.sim.agents:sleepy", ["simple"], games=2, timeout=0.5)


def test_the_agents_prints_stay_off_standard_output(capfd: pytest.CaptureFixture[str]) -> None:
    evaluate("tests.sim.agents:Chatty", ["simple"], games=2, unit="hand", seed=1)
    captured = capfd.readouterr()
    assert "chatty thinks" in captured.err and "chatty thinks" not in captured.out


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"games": 3}, ValueError, "even number"),
        ({"games": 0}, ValueError, "even number"),
        ({"against": []}, ValueError, "at least one opponent"),
        ({"against": ["grandmaster"]}, CardTableError, "unknown player 'grandmaster'"),
        ({"agent": "grandmaster"}, CardTableError, "unknown player 'grandmaster'"),
        ({"agent": lambda seed: make_player("simple", seed)}, ValueError, "spec it can import"),
        ({"timeout": 0}, ValueError, "positive number of seconds"),
        ({"settings": {"target": "0"}}, CardTableError, "target"),
    ],
    ids=["odd", "zero", "no-opponent", "bad-opponent", "bad-agent", "lambda", "timeout", "rules"],
)
def test_bad_arguments_are_refused_before_any_game(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    arguments: dict[str, object] = {"agent": "random", "against": ["simple"], "games": 2}
    arguments.update(kwargs)
    with pytest.raises(error, match=message):
        evaluate(**arguments)  # type: ignore[arg-type]
