"""The paired bench (bench/paired.py) judges two variants on the same deals.

Its figures belong to the runs quoted in the research log (docs/research/experiments.md);
this keeps the pairing honest: a variant played against itself must come out identical
match by match (a bench that dealt the two runs different cards would not), and a bad
variant is refused with one line and exit status 2 before any match is played."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.helpers import run_bench


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return run_bench("paired.py", *args)


def test_a_variant_against_itself_differs_in_nothing() -> None:
    # The same settings spelled as JSON are the same player as the level name.
    done = bench("--a", "expert", "--b", '{"wait_bias": 3}', "--matches", "6", "--json")
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["matches"] == 6
    assert report["a"]["win_rate"] == report["b"]["win_rate"]
    assert report["a"]["margin_per_match"] == report["b"]["margin_per_match"]
    assert report["difference"]["win_rate"] == 0
    assert report["difference"]["margin_per_match"] == 0
    assert report["difference"]["same_result"] == 1


def test_different_players_show_a_difference() -> None:
    # So that the first test can fail: a far weaker B loses points on the same deals.
    done = bench("--a", "expert", "--b", "random", "--matches", "4", "--json")
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["difference"]["margin_per_match"] < 0
    assert report["b"]["win_rate"] < report["a"]["win_rate"]


def test_single_hands_are_paired_as_matches_are() -> None:
    # --hands: the same variant twice is the same player hand by hand; a far weaker one
    # loses points on the same deals.
    same = bench("--b", '{"wait_bias": 3}', "--matches", "8", "--hands", "--json")
    assert same.returncode == 0, same.stderr[-3000:]
    report = json.loads(same.stdout)
    assert (report["unit"], report["matches"]) == ("hand", 8)
    assert report["difference"]["margin_per_match"] == 0
    assert report["difference"]["same_result"] == 1
    worse = bench("--b", "random", "--matches", "8", "--hands", "--json")
    assert worse.returncode == 0, worse.stderr[-3000:]
    assert json.loads(worse.stdout)["difference"]["margin_per_match"] < 0


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        ('{"no_such_setting": 1}', "no such expert setting: no_such_setting"),
        ('{"rollouts": "4"}', "rollouts must be of type int"),
        ('{"lookahead": 2}', "no such expert setting: lookahead"),
        ('{"wait_bias": ', "not JSON"),
        ("[1, 2]", "unknown player"),
        ("nobody", "unknown player 'nobody'"),
    ],
)
def test_a_bad_variant_is_refused_with_one_line(variant: str, message: str) -> None:
    done = bench("--b", variant, "--matches", "2")
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
