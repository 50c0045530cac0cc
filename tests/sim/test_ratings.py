"""Ratings from a results file that evaluations append to (issue 39 §5).

The fit is checked against what Bradley-Terry's definition says, written here from it alone:
between two players the maximum-likelihood strengths are in the ratio of their wins (with the
prior's half win each); with more players, the fitted strengths solve the likelihood
equations (each player's wins equal the wins the model expects of it). Then the file:
evaluations append to it, bad lines are refused by number, and ``cardtable NAME ratings``
rates everyone in it, an outside opponent included (which runs in its own process).
"""

from __future__ import annotations

import io
import json
import math
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardtable.cli.main import main
from cardtable.errors import CardTableError
from cardtable.sim.evaluate import evaluate
from cardtable.sim.ratings import PRIOR, append_results, rate, read_results

ELO = 400 / math.log(10)


def games(a: str, b: str, a_wins: int, b_wins: int, run: str = "r") -> list[dict[str, Any]]:
    rows = [{"a": a, "b": b, "winner": a} for _ in range(a_wins)]
    rows += [{"a": a, "b": b, "winner": b} for _ in range(b_wins)]
    for number, row in enumerate(rows):
        row.update(game="gin", unit="hand", pair=[run, number])
    return rows


@given(st.integers(0, 30), st.integers(0, 30))
@settings(max_examples=40, deadline=None)
def test_two_players_are_rated_by_their_wins(a_wins: int, b_wins: int) -> None:
    assume(a_wins + b_wins > 0)  # players who never met have nothing to be rated by
    table = {r.name: r for r in rate(games("a", "b", a_wins, b_wins), resamples=1)}
    expected = ELO * math.log((a_wins + PRIOR) / (b_wins + PRIOR))
    assert table["a"].rating - table["b"].rating == pytest.approx(expected, abs=1e-6)
    assert table["a"].rating + table["b"].rating == pytest.approx(0, abs=1e-6)  # centred
    assert (table["a"].wins, table["a"].games) == (a_wins, a_wins + b_wins)


MEETING = st.tuples(st.integers(0, 12), st.integers(0, 12)).filter(lambda c: sum(c) > 0)


@given(st.lists(MEETING, min_size=3, max_size=3))
@settings(max_examples=40, deadline=None)
def test_three_players_solve_the_likelihood_equations(meetings: list[tuple[int, int]]) -> None:
    counts = [count for meeting in meetings for count in meeting]
    names = ("x", "y", "z")
    rows: list[dict[str, Any]] = []
    wins: dict[tuple[str, str], float] = {}
    for k, (i, j) in enumerate([("x", "y"), ("x", "z"), ("y", "z")]):
        rows += games(i, j, counts[2 * k], counts[2 * k + 1], run=f"{i}{j}")
        wins[i, j] = counts[2 * k] + PRIOR
        wins[j, i] = counts[2 * k + 1] + PRIOR
    strength = {r.name: math.exp(r.rating / ELO) for r in rate(rows, resamples=1)}
    for i in names:
        observed = sum(wins[i, j] for j in names if j != i)
        expected = sum(
            (wins[i, j] + wins[j, i]) * strength[i] / (strength[i] + strength[j])
            for j in names
            if j != i
        )
        assert observed == pytest.approx(expected, rel=1e-5)


def test_the_intervals_hold_the_rating_and_a_table_repeats() -> None:
    rows = games("strong", "weak", 30, 10) + games("strong", "mid", 20, 20, run="s")
    first, again = rate(rows, resamples=100), rate(rows, resamples=100)
    assert first == again
    for rating in first:
        assert rating.low <= rating.rating <= rating.high and rating.low < rating.high
    assert [r.name for r in first] == ["strong", "mid", "weak"]


def test_a_results_file_is_read_strictly(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    lines = [*games("a", "b", 1, 1), games("a", "a", 1, 0)[0]]
    lines.append({**games("c", "d", 1, 0)[0], "game": "cribbage"})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert len(read_results(path, "gin")) == 2  # itself against itself, another game: out
    assert len(read_results(path, "cribbage")) == 1
    assert read_results(path, "gin", "match") == []
    with path.open("a", encoding="utf-8") as out:
        out.write('{"a": "x"}\n')
    with pytest.raises(CardTableError, match=r"line 5: not the result of a game"):
        read_results(path, "gin")
    with pytest.raises(CardTableError, match="at least two players"):
        rate(games("a", "b", 1, 0)[:0])


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out), out.getvalue()


def test_evaluations_append_and_the_command_rates_everyone(
    tmp_path: Path, agent_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "results.jsonl"
    first = evaluate("random", ["beginner"], games=4, unit="hand", seed="a")
    assert append_results(results, first, "gin") == 4
    # An outside agent as the opponent: it plays in a process of its own (not this one).
    os.environ["SNOOP_DIR"] = str(agent_dir)
    try:
        status, text = run(
            "gin", "evaluate", "simple", "--against", "random,tests.sim.snoop:Snoop",
            "--games", "4", "--unit", "hand", "--results", str(results), "--agent-env",
            "SNOOP_DIR", "--json",
        )  # fmt: skip
    finally:
        del os.environ["SNOOP_DIR"]
    assert status == 0, capsys.readouterr().err
    [report] = [json.loads(p.read_text()) for p in agent_dir.glob("snoop-*.json")]
    assert report["pid"] != os.getpid() and report["parent"] == os.getpid()
    assert len(results.read_text().splitlines()) == 12
    status, text = run("gin", "ratings", str(results), "--resamples", "20")
    assert status == 0
    lines = text.splitlines()
    assert lines[0] == f"Gin Rummy: 12 games in {results}"
    named = {line.split()[0] for line in lines[2:-1]}
    assert named == {"random", "beginner", "simple", "tests.sim.snoop:Snoop"}
    status, text = run("gin", "ratings", str(results), "--json", "--resamples", "20")
    assert status == 0 and {row["name"] for row in json.loads(text)} == named


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["gin", "ratings", "/no/such/file"], "cannot read the results file /no/such/file"),
        (["cribbage", "ratings", "RESULTS"], "holds no Cribbage games to rate"),
        (["gin", "ratings", "RESULTS", "--resamples", "0"], "--resamples must be at least 1"),
    ],
)
def test_bad_ratings_input_is_one_line(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text(json.dumps(games("a", "b", 1, 0)[0]) + "\n", encoding="utf-8")
    status, _ = run(*[str(results) if word == "RESULTS" else word for word in argv])
    error = capsys.readouterr().err
    assert status == 2 and len(error.strip().splitlines()) == 1 and message in error
