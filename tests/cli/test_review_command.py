"""``ginrummy review RECORD [--seat N] [--json]``: one line per decision and a summary, JSON
with the issue's fields, a seat filter, and one-line refusals (exit 2) of bad input."""

from __future__ import annotations

import contextlib
import io
import json
import random
from pathlib import Path

import pytest

from cardtable.cli.gin import main as gin_main
from cardtable.cli.main import main as cardtable_main
from cardtable.gin.match import Match
from cardtable.gin.record import dump
from cardtable.gin.rules import Rules

from .review_cases import (
    BAD_ARGUMENTS,
    check_bad_arguments,
    check_bad_records,
    check_wrapped,
    decision_rows,
)


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    match = Match.new(Rules.preset("standard", target=30), seed="cli-review", first_dealer=0)
    rng = random.Random(5)
    while not match.is_over:  # two deals: a record is reviewed when the match is over
        match.apply(rng.choice(match.legal_actions()))
    path = tmp_path_factory.mktemp("review") / "match.txt"
    path.write_text(dump(match), encoding="utf-8")
    return path


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        status = gin_main(list(argv), out)
    return status, out.getvalue(), err.getvalue()


def test_json_has_every_decision_with_the_issues_fields(record: Path) -> None:
    status, text, err = run("review", str(record), "--json")
    assert status == 0 and err == ""
    data = json.loads(text)
    decisions = data["decisions"]
    finished = record.read_text().splitlines()  # the whole match: every deal is reviewed
    actions = [line for line in finished if line[:2] in ("0 ", "1 ")]
    assert len(decisions) == len(actions)
    for d, line in zip(decisions, actions, strict=True):
        assert {"hand", "seat", "action", "best", "loss", "why"} <= set(d)
        assert d["seat"] == int(line[0]) and line[2:].startswith(d["action"].split(" [")[0])
        assert d["loss"] >= 0 and (d["loss"] == 0) == (d["action"] == d["best"] or d["forced"])
    assert set(data["accuracy"]) == {"0", "1"}
    assert 0 < len(data["worst"]) <= 6 and all(w["worst"] for w in data["worst"])


def test_text_prints_a_line_per_decision_and_the_summary(record: Path) -> None:
    status, text, _ = run("review", str(record))
    data = json.loads(run("review", str(record), "--json")[1])
    assert status == 0
    lines = text.splitlines()
    assert lines[0].split()[:5] == ["deal", "hand", "seat", "action", "best"]
    rows = decision_rows(text, len(data["decisions"]))
    body = [head for head, _ in rows]
    for (line, whole), d in zip(rows, data["decisions"], strict=True):
        assert line.split()[2] == str(d["seat"])
        assert whole.endswith(" " + " ".join(d["why"].split()))
        assert float(line[43:48]) == pytest.approx(d["loss"], abs=0.051)
        assert (line[48:49] == "*") == d["worst"]
    for seat in (0, 1):
        assert f"seat {seat}: accuracy {data['accuracy'][str(seat)]:.1f}%" in text
    assert "worst mistakes (*):" in text
    assert "in play" not in text  # the record is of a finished match
    assert sum(line[48:49] == "*" for line in body) == len(data["worst"]) > 0


def test_seat_filter_and_cardtable_gin_prints_the_same(record: Path) -> None:
    status, text, _ = run("review", str(record), "--seat", "1", "--json")
    assert status == 0
    assert {d["seat"] for d in json.loads(text)["decisions"]} == {1}
    out = io.StringIO()
    assert cardtable_main(["gin", "review", str(record), "--seat", "1", "--json"], out) == 0
    assert out.getvalue() == text


@pytest.mark.parametrize(("argv", "words"), BAD_ARGUMENTS)
def test_bad_arguments_exit_2_with_one_line(record: Path, argv: list[str], words: str) -> None:
    check_bad_arguments(run, record, argv, words, "ginrummy: ")


def test_a_missing_or_broken_record_exits_2_naming_the_problem(
    record: Path, tmp_path: Path
) -> None:
    check_bad_records(run, record, tmp_path)


def test_the_reasons_wrap_to_the_terminal(record: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reason runs to hundreds of characters: it wraps to the terminal's width, beside
    the figures in a wide terminal and under them at 80 columns (issue 36)."""
    decisions = json.loads(run("review", str(record), "--json")[1])["decisions"]
    check_wrapped(run, record, monkeypatch, decisions)


def test_a_record_not_finished_is_refused(record: Path, tmp_path: Path) -> None:
    lines = record.read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.txt"
    cut.write_text("\n".join(lines[: len(lines) // 2]) + "\n", encoding="utf-8")
    final = tmp_path / "no-final.txt"
    final.write_text(
        "\n".join(line for line in lines if not line.startswith("final")) + "\n",
        encoding="utf-8",
    )
    for path in (cut, final):
        for command in ("review", "replay"):
            status, text, err = run(command, str(path))
            assert (status, text) == (2, "")
            assert err.startswith("ginrummy: ") and err.count("\n") == 1
            assert "not finished" in err
