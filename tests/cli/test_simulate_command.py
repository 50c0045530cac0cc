"""The ``simulate`` subcommand: JSON and records, round robins, refusals, Ctrl-C."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cardtable.cli.gin import main as gin_main
from cardtable.cli.sim import add_simulate
from cardtable.cli.usage import Parser
from tests.sim.helpers import BUILT

INTERRUPTING = "tests.sim.helpers:interrupting_simple"


def main(argv: list[str], out: io.StringIO) -> int:
    return gin_main(["simulate", *argv], out)


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    records = tmp_path / "games.jsonl"
    status = main(
        ["simple", "random", "--games", "4", "--unit", "hand", "--seed", "c", "--json",
         "--records", str(records), "--set", "gin_bonus=20"],
        out,
    )  # fmt: skip
    assert status == 0
    data = json.loads(out.getvalue())
    assert data["games"] == 4 and data["rules"]["gin_bonus"] == 20
    lines = records.read_text().splitlines()
    assert len(lines) == 4 and json.loads(lines[0])["players"] == ["simple", "random"]
    text = io.StringIO()
    assert main(["simple", "random", "simple", "--games", "2", "--unit", "hand"], text) == 0
    assert text.getvalue().count(" vs ") == 3
    assert main(["simple", "--games", "2"], io.StringIO()) == 2
    assert main(["simple", "random", "--set", "knock_threshold=12"], io.StringIO()) == 2
    assert main(["simple", "random", "--workers", "0"], io.StringIO()) == 2
    assert "ginrummy:" in capsys.readouterr().err


def test_add_simulate_plugs_into_a_command() -> None:
    parser = Parser(prog="ginrummy")
    add_simulate(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["simulate", "simple", "random", "--games", "2", "--unit", "hand"])
    out = io.StringIO()
    assert args.func(args, out) == 0
    assert "simple vs random: 2 hands" in out.getvalue()


def test_the_command_prints_the_games_so_far_on_ctrl_c() -> None:
    BUILT[0] = 0  # the counter of the interrupting player in tests/sim
    out = io.StringIO()
    status = main([f"{INTERRUPTING}", "random", "--games", "8", "--unit", "hand"], out)
    assert status == 130
    text = out.getvalue()
    assert "(interrupted)" in text and ": 4 hands" in text


def test_series_at_the_command_line(tmp_path: Path) -> None:
    out = io.StringIO()
    records = tmp_path / "series.jsonl"
    argv = ["simple", "simple", "--games", "8", "--series", "2", "--target", "50", "--seed",
            "cs", "--json", "--records", str(records), "--set",
            "series_first_player=loser"]  # fmt: skip
    assert main(argv, out) == 0
    assert json.loads(out.getvalue())["games"] == 8
    games = [json.loads(line) for line in records.read_text().splitlines()]
    for game in games:
        if game["index"] // 2 % 2:  # the second match of its series (paired: 2 games back)
            previous = games[game["index"] - 2]
            assert game["first_dealer"] == previous["next_first_dealer"]
            assert game["first_dealer"] == previous["seats"][previous["winner"]]  # loser first
    tournament = io.StringIO()
    command = ["tournament", "simple", "simple", "--matches", "4", "--series", "2",
               "--workers", "1", "--set", "target=50", "--json"]  # fmt: skip
    assert gin_main(command, tournament) == 0
    assert json.loads(tournament.getvalue())["games"] == 4


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "simple", "random", "--series", "0"],
        ["simulate", "simple", "random", "--series", "-2"],
        ["simulate", "simple", "random", "--series", "2", "--unit", "hand"],
        ["simulate", "simple", "random", "--series", "two"],
        ["tournament", "simple", "random", "--series", "0", "--workers", "1"],
        ["tournament", "simple", "random", "--hands", "4", "--series", "2", "--workers", "1"],
    ],
    ids=["zero", "negative", "hands", "not-a-number", "tournament-zero", "tournament-hands"],
)
def test_a_bad_series_exits_2_with_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    out = io.StringIO()
    assert gin_main(argv, out) == 2
    err = capsys.readouterr().err
    assert err.startswith("ginrummy: ") and err.count("\n") == 1 and "series" in err, err
    assert out.getvalue() == ""
