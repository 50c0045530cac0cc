"""``cardtable eights simulate|tournament|evaluate|replay|review|verify``: the common commands
play a game that only the registry knows of, through its interface, with no edit outside
tests/eights (issue 37 §2)."""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli.main import main
from cardtable.games import game


def run(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stderr(err):
            status = main(list(argv), out)
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


def run_json(*argv: str) -> Any:
    status, out, err = run(*argv, "--json")
    assert status == 0, err
    return json.loads(out)


@pytest.fixture
def record(tmp_path: Path) -> tuple[Path, str]:
    eights = game("eights")
    match = eights.deal(eights.make_rules("short", None), "eights-cli", 0)
    rng = random.Random(3)
    while not match.is_over:
        seat = match.to_act if match.to_act is not None else (0 if match.may_act(0) else 1)
        eights.apply(match, seat, rng.choice(eights.legal_actions(match, seat)))
    text = eights.record(match)
    path = tmp_path / "eights.txt"
    path.write_text(text, encoding="utf-8")
    return path, text


def test_the_top_command_lists_the_game_from_the_registry(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0 and "eights" in out and "Eights" in out
    with pytest.raises(SystemExit) as done:
        main(["eights", "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    for command in ("simulate", "tournament", "evaluate", "replay", "review", "verify"):
        assert command in out


def test_simulate_plays_hands_and_matches_the_same_from_the_same_seed() -> None:
    hands = run_json("eights", "simulate", "simple", "random", "--games", "6", "--unit",
                     "hand", "--seed", "e")  # fmt: skip
    assert (
        hands["game"] == "eights"
        and hands["games"] == 6
        and hands["players"]
        == [
            "simple",
            "random",
        ]
    )
    assert hands["deals"] == 6 and hands["wins"][0] + hands["wins"][1] + hands["undecided"] == 6
    again = run_json("eights", "simulate", "simple", "random", "--games", "6", "--unit",
                     "hand", "--seed", "e", "--workers", "2", "--chunk-size", "2")  # fmt: skip
    assert again["wins"] == hands["wins"] and again["mean_margin"] == hands["mean_margin"]
    matches = run_json("eights", "simulate", "--games", "2", "--rules", "short", "--seed", "m")
    assert matches["unit"] == "match" and matches["undecided"] == 0
    assert matches["rules"] == game("eights").make_rules("short", None).to_dict()


def test_tournament_and_its_text() -> None:
    status, out, err = run("eights", "tournament", "simple", "random", "--hands", "4",
                           "--seed", "t", "--workers", "1")  # fmt: skip
    assert status == 0, err
    assert out.splitlines()[0] == "simple vs random: 4 Eights hands on duplicate deals"
    data = run_json("eights", "tournament", "simple", "random", "--matches", "2", "--rules",
                    "short", "--seed", "t", "--workers", "1")  # fmt: skip
    assert data["game"] == "eights" and data["games"] == 2 and data["unit"] == "match"


def test_evaluate_runs_the_agent_in_its_own_process() -> None:
    data = run_json("eights", "evaluate", "random", "--games", "2", "--unit", "hand")
    assert data["secret_seed"] is True
    (opponent,) = data["opponents"]  # the default: the game's baseline level
    assert opponent["opponent"] == "simple" and opponent["games"] == 2
    status, _, err = run("eights", "evaluate", "wizard", "--games", "2")
    assert status == 2 and err.startswith("cardtable eights: ") and err.count("\n") == 1


def test_replay_from_a_file_and_from_standard_input(record: tuple[Path, str]) -> None:
    path, text = record
    from_file = run_json("eights", "replay", str(path))
    status, out, _ = run("eights", "replay", "-", "--json", stdin=text)
    assert status == 0 and json.loads(out) == from_file
    assert from_file["winner"] in (0, 1)
    status, out, _ = run("eights", "replay", str(path))
    assert status == 0 and out.startswith("Eights: ")


def test_a_record_not_finished_and_a_game_without_a_coach(record: tuple[Path, str]) -> None:
    path, text = record
    lines = text.splitlines()
    status, out, err = run("eights", "replay", "-", stdin="\n".join(lines[:-1]) + "\n")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("cardtable eights: ")
    status, _, err = run("eights", "review", str(path))
    assert status == 2 and "no coach" in err and err.count("\n") == 1


def test_verify_checks_the_commitment_like_every_game() -> None:
    data = run_json("eights", "verify", "example")
    assert data["seed"] == "example" and data["ok"] is True
    status, _, err = run("eights", "verify", "example", "zz")
    assert status == 2 and "64 hex digits" in err
