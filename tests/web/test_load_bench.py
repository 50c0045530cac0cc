"""The load bench (bench/table_load.py) runs, briefly: a real server on loopback, matches
against the computer played over HTTP and WebSockets, every move acknowledged, no error.
Its figures belong to the bench's own runs (docs/performance.md, "The online table under
load"); this only keeps the bench working."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "table_load.py"


def test_the_load_bench_plays_matches_and_reports_them() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--matches", "1,3", "--seconds", "2", "--json"],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    rows = json.loads(done.stdout)
    assert [row["matches"] for row in rows] == [1, 3]
    for row in rows:
        assert row["errors"] == 0, row["first_errors"]
        assert row["person_moves"] > 0
        assert row["turn_ms"]["median"] >= row["ack_ms"]["median"] > 0
        assert row["server_cpu_ms_per_move"] > 0


def test_the_load_bench_moves_over_http_too_and_reports_the_median_round() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--matches", "2", "--seconds", "1", "--moves", "http",
         "--repeat", "3", "--json"],
        capture_output=True,
        text=True,
        timeout=180,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    (row,) = json.loads(done.stdout)
    assert row["moves"] == "http" and row["errors"] == 0, row["first_errors"]
    rounds = row["rounds_moves_per_s"]
    assert len(rounds) == 3 and all(moves > 0 for moves in rounds)
    assert row["person_moves_per_s"] == sorted(rounds)[1]


def test_the_load_bench_compares_two_checkouts_side_by_side() -> None:
    source = BENCH.parents[1] / "src"  # this checkout against itself: both sides run
    done = subprocess.run(
        [sys.executable, str(BENCH), "--matches", "2", "--seconds", "1", "--repeat", "2",
         "--compare", str(source)],
        capture_output=True,
        text=True,
        timeout=240,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    rounds = [line for line in done.stdout.splitlines() if "round" in line]
    assert len(rounds) == 2
    assert "this (core 0)" in rounds[0] and "this (core 1)" in rounds[1]  # cores swapped
    summary = done.stdout.splitlines()[-1]
    assert summary.startswith("   2 matches: this/other ") and "median of" in summary
    assert float(summary.split("this/other ")[1].split("x")[0]) > 0


def test_the_load_bench_refuses_a_folder_without_the_package() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--compare", str(BENCH.parent)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines()[-1].endswith("holds no cardtable package")
