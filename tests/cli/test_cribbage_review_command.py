"""``cardtable cribbage review RECORD [--seat N] [--json]``: a line per lay-away and play with
the expert's verdict and a summary, JSON with the issue's fields, a seat filter, and one-line
refusals (exit 2) of bad input."""

from __future__ import annotations

import contextlib
import io
import json
import random
from pathlib import Path

import pytest

from cardtable.cli.main import main
from cardtable.cribbage.match import Match
from cardtable.cribbage.record import dump
from cardtable.cribbage.rules import Rules

from .review_cases import (
    BAD_ARGUMENTS,
    check_bad_arguments,
    check_bad_records,
    check_wrapped,
    decision_rows,
)

JUDGED = ("discard", "play", "go")


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    match = Match.new(Rules.preset("short"), seed="cli-crib-review", first_dealer=0)
    rng = random.Random(5)
    while not match.is_over:  # a record is reviewed when the match is over
        match.apply(rng.choice(match.legal_actions()))
    path = tmp_path_factory.mktemp("crib-review") / "match.txt"
    path.write_text(dump(match), encoding="utf-8")
    return path


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(["cribbage", *argv], out)
    return status, out.getvalue(), err.getvalue()


def _judged_lines(record: Path) -> list[str]:
    finished = record.read_text().splitlines()  # the whole match: every hand is reviewed
    return [line for line in finished if line[:2] in ("0 ", "1 ") and line[2:].startswith(JUDGED)]


def test_json_has_every_lay_away_and_play_with_the_issues_fields(record: Path) -> None:
    status, text, err = run("review", str(record), "--json")
    assert status == 0 and err == ""
    data = json.loads(text)
    decisions = data["decisions"]
    actions = _judged_lines(record)
    assert len(decisions) == len(actions) > 8
    for d, line in zip(decisions, actions, strict=True):
        assert {"hand", "seat", "action", "best", "loss", "why", "unit"} <= set(d)
        assert d["seat"] == int(line[0]) and line[2:] == d["action"]
        assert d["loss"] >= 0 and (d["loss"] == 0) == (d["action"] == d["best"] or d["forced"])
    assert set(data["accuracy"]) == {"0", "1"}
    assert 0 < len(data["worst"]) <= 6 and all(w["worst"] for w in data["worst"])


def test_text_prints_a_line_per_decision_and_the_summary(record: Path) -> None:
    status, text, _ = run("review", str(record))
    data = json.loads(run("review", str(record), "--json")[1])
    assert status == 0
    lines = text.splitlines()
    assert lines[0].split()[:5] == ["hand", "seat", "action", "best", "loss"]
    rows = decision_rows(text, len(data["decisions"]))
    body = [head for head, _ in rows]
    for (line, whole), d in zip(rows, data["decisions"], strict=True):
        assert line.split()[1] == str(d["seat"])
        assert whole.endswith(" " + " ".join(d["why"].split()))
        assert line[11:25].strip() == d["action"] and line[26:40].strip() == d["best"]
        assert float(line[40:45]) == pytest.approx(d["loss"], abs=0.051)
        assert (line[50:51] == "*") == d["worst"]
    for seat in (0, 1):
        assert f"seat {seat}: accuracy {data['accuracy'][str(seat)]:.1f}%" in text
    assert "in play" not in text  # the record is of a finished match
    assert sum(line[50:51] == "*" for line in body) == len(data["worst"]) > 0


def test_the_seat_filter(record: Path) -> None:
    status, text, _ = run("review", str(record), "--seat", "1", "--json")
    assert status == 0
    data = json.loads(text)
    assert data["seats"] == [1] and {d["seat"] for d in data["decisions"]} == {1}


@pytest.mark.parametrize(("argv", "words"), BAD_ARGUMENTS)
def test_bad_arguments_exit_2_with_one_line(record: Path, argv: list[str], words: str) -> None:
    check_bad_arguments(run, record, argv, words, "cardtable cribbage: ")


def test_a_missing_or_broken_record_exits_2_naming_the_problem(
    record: Path, tmp_path: Path
) -> None:
    check_bad_records(run, record, tmp_path)


def test_the_reasons_wrap_to_the_terminal(record: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reason runs to hundreds of characters: it wraps to the terminal's width, beside
    the figures in a wide terminal and under them at 80 columns (issue 36)."""
    decisions = json.loads(run("review", str(record), "--json")[1])["decisions"]
    check_wrapped(run, record, monkeypatch, decisions)
