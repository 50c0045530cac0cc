"""``evaluate(..., game="cribbage")`` and ``cardtable cribbage evaluate``: duplicate deals, a
secret seed revealed after the run, the agent in its own process handed its own views only,
and one-line refusals of bad input and failing agents."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from cardtable.cli.main import main as cardtable_main
from cardtable.sim.evaluate import evaluate
from cardtable.sim.remote_agent import AgentError
from cardtable.sim.seeds import deal_seed

from .agents import LOG


def test_duplicate_deals_the_same_for_every_opponent_and_a_repeatable_seed() -> None:
    evaluation = evaluate(
        "random", ["simple", "random"], games=4, unit="hand", seed="dup", game="cribbage"
    )
    assert evaluation.opponents == ("simple", "random") and not evaluation.secret
    seeds = [deal_seed("dup", i // 2, "cribbage") for i in range(4)]
    for result in evaluation.results:
        assert result.game == "cribbage" and result.players[0] == "random"
        assert [g.seats for g in result.results] == [(0, 1), (1, 0)] * 2
        assert [g.seed for g in result.results] == seeds
    again = evaluate(
        "random", ["simple", "random"], games=4, unit="hand", seed="dup", game="cribbage"
    )
    assert [[g.points for g in r.results] for r in again.results] == [
        [g.points for g in r.results] for r in evaluation.results
    ]


def test_the_agent_is_handed_only_its_own_seats_views(agent_dir: Path) -> None:
    log = agent_dir / "seen.txt"
    evaluation = evaluate(
        "tests.cribbage.agents:Recorder",
        ["simple"],
        games=2,
        unit="hand",
        game="cribbage",
        agent_environment={LOG: str(log)},
    )
    assert evaluation.secret
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) >= 8 and {line.split()[1] for line in lines} == {"0", "1"}
    for line in lines:
        kind, seat, to_act, *cards = line.split()
        assert kind == "MatchObservation" and seat == to_act and len(cards) <= 6


def test_an_illegal_agent_is_an_agent_error() -> None:
    with pytest.raises(AgentError, match="not legal now"):
        evaluate("tests.cribbage.agents:Illegal", ["simple"], games=2, game="cribbage")


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return cardtable_main(["cribbage", "evaluate", *argv], out), out.getvalue()


def test_the_command_prints_json_and_the_secret_seed() -> None:
    status, text = run("random", "--against", "simple", "--games", "2", "--unit", "hand", "--json")
    assert status == 0
    data = json.loads(text)
    assert data["agent"] == "random" and data["secret_seed"] is True
    assert re.fullmatch(r"[0-9a-f]{32}", data["seed"])
    assert data["rules"]["target"] == 121  # Cribbage's rules, not gin's
    (simple,) = data["opponents"]
    assert simple["opponent"] == "simple" and simple["games"] == 2


def test_the_command_takes_cribbage_rules_and_prints_text() -> None:
    status, text = run(
        "simple", "--against", "random", "--games", "2", "--rules", "short", "--seed", "t"
    )
    assert status == 0
    lines = text.splitlines()
    assert lines[0] == "simple against random: 2 matches on 1 duplicate deals (seats exchanged)"
    assert lines[-1].startswith("seed t: given, so public")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nobody"], "unknown player 'nobody'"),
        (["random", "--games", "3"], "even number"),
        (["random", "--rules", "nonsense"], "unknown rules preset"),
        (["random", "--against", "simple", "--games", "2", "--set", "target=5"], "target"),
        (["tests.cribbage.agents:Illegal", "--against", "simple", "--games", "2"], "not legal"),
    ],
)
def test_bad_input_and_failing_agents_exit_2_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, text = run(*argv)
    assert status == 2 and text == ""
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err and "Traceback" not in err
