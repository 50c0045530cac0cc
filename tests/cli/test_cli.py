"""The ``ginrummy`` command line: JSON outputs, and bad input exiting 2 with one clear line."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli.gin import main
from cardtable.gin.match import Match
from cardtable.gin.record import dump
from cardtable.gin.rules import PRESETS


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out)
    return code, out.getvalue()


def run_json(*argv: str) -> Any:
    code, text = run(*argv, "--json")
    assert code == 0
    return json.loads(text)


def test_deadwood_json_for_ten_cards() -> None:
    data = run_json("deadwood", "7S", "7H", "7D", "4H", "5H", "6H", "KS", "2S", "9C", "QD")
    assert data["deadwood"] == 31
    assert sorted(map(sorted, data["melds"])) == [["4H", "5H", "6H"], ["7D", "7H", "7S"]]
    assert sorted(data["unmatched"]) == ["2S", "9C", "KS", "QD"]
    assert "discards" not in data


def test_deadwood_json_for_eleven_cards_lists_every_discard_ascending() -> None:
    cards = ["2S", "2C", "3C", "4C", "5C", "5D", "6D", "7D", "8D", "2H", "5H"]
    data = run_json("deadwood", *cards)
    assert data["deadwood"] == 4
    discards = data["discards"]
    assert sorted(d["card"] for d in discards) == sorted(cards)
    values = [d["deadwood"] for d in discards]
    assert values == sorted(values)
    assert discards[0] == {"card": "5H", "deadwood": 0}


def test_deadwood_reads_hands_from_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("AS 2S 3S\n\n10h jh qh kh 2c\n"))
    code, text = run("deadwood")
    assert code == 0
    rows = [json.loads(line) for line in text.splitlines()]
    assert [row["deadwood"] for row in rows] == [0, 2]
    assert rows[1]["cards"] == ["TH", "JH", "QH", "KH", "2C"]


def test_showdown_pagat_knock() -> None:
    data = run_json(
        "showdown",
        "--knocker",
        "7H 7S 7D 9C TC JC QC KC 4C 3D",
        "--defender",
        "2H 2S 2D 2C 4H 5H 6H KS 9H 5C",
        "--rules",
        "pagat",
    )
    assert data["outcome"] == "knock"
    assert data["winner"] == "knocker"
    assert data["points"] == 17
    assert (data["knocker_deadwood"], data["defender_deadwood"]) == (7, 24)
    assert data["layoffs"] == []


def test_showdown_with_chosen_melds_and_layoffs() -> None:
    data = run_json(
        "showdown",
        "--knocker",
        "5H 6H 7H 9S 9D 9C AC 2C 3C 4S",
        "--defender",
        "8H 9H KS QS JS 2D 3D 4D 7C 7D",
        "--knocker-melds",
        "5H 6H 7H | 9S 9D 9C | AC 2C 3C",
    )
    assert data["outcome"] == "knock"
    # 9H fits either after 8H on the run or as the fourth nine; 8H only on the run.
    assert sorted(lay["card"] for lay in data["layoffs"]) == ["8H", "9H"]
    assert {"card": "8H", "onto": "5H 6H 7H"} in data["layoffs"]
    assert data["defender_deadwood"] == 7 + 7
    assert data["points"] == 14 - 4


def test_rules_json_for_every_preset() -> None:
    for name, rules in PRESETS.items():
        data = run_json("rules", name)
        assert data["settings"] == rules.to_dict()
    data = run_json("rules", "standard", "--set", "target=150", "--set", "gin-bonus=20")
    assert data["settings"]["target"] == 150
    assert data["settings"]["gin_bonus"] == 20


def test_replay_prints_the_score_sheet(tmp_path: Path) -> None:
    code, _ = run("match", "--seed", "cli", "--target", "40", "--record", str(tmp_path / "m.txt"))
    assert code == 0
    data = run_json("replay", str(tmp_path / "m.txt"))
    final = data["final"]
    assert final is not None
    assert sum(line["result"]["points"] for line in data["hands"]) == sum(data["scores"])
    code, text = run("replay", str(tmp_path / "m.txt"))
    assert code == 0
    assert f"wins by {final['margin']}" in text


def test_match_is_reproducible_from_its_seed() -> None:
    first = run_json("match", "--seed", "same", "--target", "50")
    second = run_json("match", "--seed", "same", "--target", "50")
    assert first == second
    assert first["final"]["totals"][first["final"]["winner"]] >= max(first["final"]["totals"])


BAD_INPUTS = [
    (["deadwood", "ZZ"], "unknown card 'ZZ'"),
    (["deadwood", "AS", "as"], "repeated"),
    (
        ["deadwood", *["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"]],
        "at most 11 cards",
    ),
    (
        ["showdown", "--knocker", "AS 2S 3S 4S 5S 6S 7S 8S KD QD", "--defender", "AH 2H 3H"],
        "the defender holds 10 cards, not 3",
    ),
    (
        [
            "showdown",
            "--knocker",
            "AS 2S 3S 4S 5S 6S 7S 8S KD QD",
            "--defender",
            "AH 2H 3H 4H 5H 6H 7H 8H 9H TH",
        ],
        "knock threshold is 10",
    ),
    (["rules", "--set", "knock_threshold=11"], "knock_threshold"),
    (["rules", "bogus"], "unknown rules preset 'bogus'"),
    (["replay", "/nonexistent/record.txt"], "cannot read"),
    (["frobnicate"], "invalid choice"),
]


@pytest.mark.parametrize(("argv", "message"), BAD_INPUTS)
def test_bad_input_exits_2_with_one_line(argv: list[str], message: str) -> None:
    process = subprocess.run(
        [sys.executable, "-m", "cardtable.cli.gin", *argv],
        capture_output=True,
        text=True,
        check=False,
    )
    assert process.returncode == 2
    assert "Traceback" not in process.stderr
    lines = process.stderr.strip().splitlines()
    assert len(lines) == 1
    assert message in lines[0]


def test_corrupt_record_exits_2_naming_the_line(tmp_path: Path) -> None:
    match = Match.new(seed="bad", first_dealer=0)
    match.apply(match.legal_actions()[0])
    lines = dump(match).splitlines()
    lines.append("0 knock QS")
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines) + "\n")
    process = subprocess.run(
        [sys.executable, "-m", "cardtable.cli.gin", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert process.returncode == 2
    assert f"line {len(lines)}:" in process.stderr
    assert len(process.stderr.strip().splitlines()) == 1


def test_tournament_plays_under_the_chosen_preset_and_settings() -> None:
    def hands(*options: str) -> Any:
        return run_json(
            "tournament", "simple", "random", "--hands", "6", "--seed", "3", "--workers", "1",
            *options,
        )  # fmt: skip

    standard = hands()
    straight = hands("--rules", "straight")
    richer = hands("--rules", "straight", "--set", "gin_bonus=100")
    # Straight gin has no knocks: every hand is gin or dead.
    assert sum(standard["gin_rate"]) + standard["dead_hand_rate"] < 1
    assert sum(straight["gin_rate"]) + straight["dead_hand_rate"] == pytest.approx(1)
    # The same deals with a gin worth 75 more: each gin adds exactly that.
    gins = sum(straight["gin_rate"]) * straight["hands"]
    more = sum(richer["points_per_hand"]) - sum(straight["points_per_hand"])
    assert gins > 0 and more * straight["hands"] == pytest.approx(75 * gins, abs=0.1)
    code, _ = run("tournament", "simple", "random", "--set", "gin_bonus=abc")
    assert code == 2
