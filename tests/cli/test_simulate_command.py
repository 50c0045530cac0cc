"""The ``simulate`` subcommand: JSON and records, round robins, refusals, Ctrl-C, secret
seeds, and a Ray cluster that is not there."""

from __future__ import annotations

import io
import json
import re
import socket
import sys
from pathlib import Path

import pytest

from cardtable.cli.common import add_game_commands
from cardtable.cli.gin import main as gin_main
from cardtable.cli.usage import Parser
from cardtable.games import game as registered
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


def test_the_common_commands_plug_into_a_command() -> None:
    parser = Parser(prog="ginrummy")
    add_game_commands(parser.add_subparsers(dest="command"), registered("gin"))
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


HEX32 = r"[0-9a-f]{32}"


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "simple", "random", "--games", "2", "--unit", "hand", "--json"],
        ["tournament", "simple", "random", "--hands", "2", "--workers", "1", "--json"],
    ],
    ids=["simulate", "tournament"],
)
def test_without_a_seed_the_run_is_secret_and_its_seed_printed_after(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    out = io.StringIO()
    assert gin_main(argv, out) == 0
    err = capsys.readouterr().err
    found = re.fullmatch(rf"seed ({HEX32}): secret while the games were played; "
                         rf"--seed ({HEX32}) plays them again\n", err)  # fmt: skip
    assert found and found[1] == found[2], err
    first = json.loads(out.getvalue())
    if "seed" in first:  # simulate's JSON holds it too
        assert first["seed"] == found[1]
    again = io.StringIO()
    assert gin_main([*argv, "--seed", found[1]], again) == 0
    assert capsys.readouterr().err == ""  # a seed given is not printed again
    second = json.loads(again.getvalue())
    for data in (first, second):
        for key in ("ms_per_decision", "seconds", "games_per_second"):
            data.pop(key, None)
    assert first == second


def test_the_seed_help_says_a_given_seed_is_public(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "tournament"):
        with pytest.raises(SystemExit):
            gin_main([command, "--help"], io.StringIO())
        text = " ".join(capsys.readouterr().out.split())
        assert "fresh and secret" in text and "a seed given here is public" in text
        assert "work out every deal" in text


class NoCluster:
    """A stand-in for the ``ray`` module with no cluster anywhere."""

    def __init__(self, error: Exception) -> None:
        self.error = error
        self.addresses: list[str | None] = []

    def is_initialized(self) -> bool:
        return False

    def init(self, address: str | None = None, **options: object) -> None:
        self.addresses.append(address)
        raise self.error


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # closed again on leaving: nothing listens


@pytest.mark.parametrize(
    ("address", "error", "message"),
    [
        ("auto", ConnectionError("Could not find any running Ray instance."),
         "no Ray cluster is running here (--ray-address auto found none): start one with "
         "'ray start --head', or leave out --ray-address for a local instance"),
        ("nonsense", ValueError("Invalid address format: nonsense\nmore"),
         "cannot join the Ray cluster at nonsense: Invalid address format: nonsense"),
        ("127.0.0.1:{port}", AssertionError("Ray is not asked: nothing listens there"),
         "no Ray cluster answers at 127.0.0.1:{port}: Connection refused"),
        ("ray://127.0.0.1:{port}", AssertionError("Ray is not asked: nothing listens there"),
         "no Ray cluster answers at ray://127.0.0.1:{port}: Connection refused"),
    ],
    ids=["auto", "bad-address", "closed-port", "closed-client-port"],
)  # fmt: skip
def test_no_ray_cluster_is_one_line_and_exit_2(
    address: str,
    error: Exception,
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    port = closed_port()
    address, message = address.format(port=port), message.format(port=port)
    fake = NoCluster(error)
    monkeypatch.setitem(sys.modules, "ray", fake)
    argv = ["simple", "random", "--games", "2", "--backend", "ray", "--ray-address", address]
    out = io.StringIO()
    assert main(argv, out) == 2
    assert capsys.readouterr().err == f"ginrummy: {message}\n"
    assert out.getvalue() == ""
    asked = not isinstance(error, AssertionError)  # a closed port: Ray is never asked
    assert fake.addresses == ([address] if asked else [])


def test_no_ray_cluster_with_the_real_ray(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray")
    argv = ["simple", "random", "--games", "2", "--backend", "ray", "--ray-address", "auto"]
    status = main(argv, io.StringIO())
    err = capsys.readouterr().err
    if status == 0:
        pytest.skip("a Ray cluster is running on this machine")
    # "auto" finds any cluster on the machine: another test run's, met while it stops, is
    # refused in the same single line ("cannot join"), and is no fault of this command.
    assert status == 2, err
    assert err.startswith(
        (
            "ginrummy: no Ray cluster is running here",
            "ginrummy: cannot join the Ray cluster at auto",
        )
    ), err
    assert err.count("\n") == 1, err
