"""``cardtable gin evaluate``: its text and JSON, the seed printed after the run, and one-line
refusals (exit 2) of bad input and failing agents."""

from __future__ import annotations

import io
import json
import re

import pytest

from cardtable.cli.gin import main as gin_main
from cardtable.cli.main import main as cardtable_main

FAST = ["--against", "simple", "--games", "4", "--unit", "hand"]


def evaluate(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return cardtable_main(["gin", "evaluate", *argv], out), out.getvalue()


def comparable(data: dict[str, object]) -> dict[str, object]:
    """The JSON less its timings."""
    opponents = [
        {k: v for k, v in o.items() if k not in ("ms_per_decision", "seconds")}
        for o in data["opponents"]  # type: ignore[attr-defined]
    ]
    return {**data, "opponents": opponents}


def test_json_reveals_the_secret_seed_and_the_seed_repeats_the_run() -> None:
    status, text = evaluate("random", *FAST, "--json")
    assert status == 0
    data = json.loads(text)
    assert data["agent"] == "random" and data["unit"] == "hand" and data["secret_seed"] is True
    assert re.fullmatch(r"[0-9a-f]{32}", data["seed"])
    (simple,) = data["opponents"]
    assert simple["opponent"] == "simple" and simple["games"] == 4
    assert set(simple) >= {"win_rate", "win_rate_ci95", "hand_win_rate", "mean_margin",
                           "mean_margin_ci95", "wins", "hands"}  # fmt: skip
    status, again = evaluate("random", *FAST, "--json", "--seed", data["seed"])
    repeated = json.loads(again)
    assert status == 0 and repeated["secret_seed"] is False
    assert comparable(repeated) == {**comparable(data), "secret_seed": False}


def test_text_per_opponent_then_the_seed() -> None:
    status, text = evaluate("random", "--against", "simple,random", "--games", "2", "--seed", "t")
    assert status == 0
    lines = text.splitlines()
    assert lines[0] == "random against simple: 2 matches on 1 duplicate deals (seats exchanged)"
    assert sum(line.startswith("random against ") for line in lines) == 2
    assert lines[-1] == (
        "seed t: given, so public: an agent that knows or guesses it can work out every deal"
    )
    status, text = evaluate("random", *FAST)
    assert status == 0
    assert re.fullmatch(
        r"seed ([0-9a-f]{32}): secret while the games were played; --seed \1 plays them again",
        text.splitlines()[-1],
    )


def test_ginrummy_evaluate_is_the_same_command() -> None:
    out = io.StringIO()
    assert gin_main(["evaluate", "random", *FAST, "--seed", "same", "--json"], out) == 0
    status, text = evaluate("random", *FAST, "--seed", "same", "--json")
    assert status == 0 and comparable(json.loads(text)) == comparable(json.loads(out.getvalue()))


def test_the_help_says_what_a_given_seed_costs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        evaluate("--help")
    text = " ".join(capsys.readouterr().out.split())
    assert "duplicate deals" in text and "process of its own" in text
    assert "a seed given here is public" in text and "work out every deal" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["grandmaster"], "unknown player 'grandmaster'"),
        (["random", "--against", "simple,wizard"], "unknown player 'wizard'"),
        (["random", "--against", " , "], "--against names at least one opponent"),
        (["random", "--games", "3"], "even number of at least 2"),
        (["random", "--games", "0"], "even number of at least 2"),
        (["random", "--games", "many"], "invalid int value: 'many'"),
        (["random", "--timeout", "0"], "positive number of seconds"),
        (["random", "--set", "target=0"], "target"),
        (["nowhere.at.all:agent", *FAST], "cannot start agent 'nowhere.at.all:agent'"),
        (["tests.sim.agents:raising", *FAST], "failed: RuntimeError: the agent gave up"),
        ([], "the following arguments are required: agent"),
    ],
    ids=["agent", "opponent", "no-opponent", "odd", "zero", "not-a-number", "timeout",
         "rules", "no-module", "raising", "missing"],
)  # fmt: skip
def test_bad_input_exits_2_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, text = evaluate(*argv)
    err = capsys.readouterr().err
    assert status == 2 and text == ""
    assert err.startswith("cardtable gin: ") and err.count("\n") == 1 and message in err, err
