"""The ``simulate`` subcommand: JSON and records, round robins, refusals, Ctrl-C."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cardtable.cli.gin import main as gin_main
from cardtable.cli.sim import add_simulate
from cardtable.cli.usage import Parser
from tests.sim.test_simulate import _BUILT

INTERRUPTING = "tests.sim.test_simulate:interrupting_simple"


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
    _BUILT[0] = 0  # the counter of the interrupting player in tests/sim
    out = io.StringIO()
    status = main(
        [f"{INTERRUPTING}", "random", "--games", "8", "--unit", "hand"], out
    )
    assert status == 130
    text = out.getvalue()
    assert "(interrupted)" in text and ": 4 hands" in text
