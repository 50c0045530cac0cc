"""Bad input to ``cardtable play`` and ``lesson`` (issue 37 §4): one line on standard error,
exit status 2, no match opened; a reader that goes away (``| head -1``) ends the table
quietly."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli.main import main
from cardtable.store import Store
from cardtable.table import TableService

CLI = [sys.executable, "-c", "import sys; from cardtable.cli.main import main; sys.exit(main())"]


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``cardtable ARGV`` with an input that would quit; the one line it refuses with."""
    out = io.StringIO()
    status = main(argv, out)
    err = capsys.readouterr().err
    assert status == 2, (status, out.getvalue(), err)
    assert out.getvalue() == "", out.getvalue()
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardtable: "), err
    assert "Traceback" not in err
    return lines[0]


def no_matches(url: str) -> bool:
    store = Store(url)
    try:
        return TableService(store).list_matches() == []
    finally:
        store.close()


@pytest.mark.parametrize(
    ("flag", "value"),
    [("--seed", "\udcff"), ("--name", "Ann\udcfe"), ("--level", "\udcff"), ("--rules", "\udcff")],
)
def test_an_argument_that_is_not_text_is_refused(
    db_url: str, flag: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(["play", "--plain", flag, value, "--database", db_url], capsys)
    assert f"{flag} is not text" in line and "\\udc" in line
    assert no_matches(db_url)


@pytest.mark.parametrize("seed", ["", "   "])
def test_an_empty_seed_is_refused(
    db_url: str, seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(["play", "--plain", "--seed", seed, "--database", db_url], capsys)
    assert "--seed is empty" in line
    assert no_matches(db_url)


@pytest.mark.parametrize(
    "url", ["sqlite:////nonexistent/dir/x.db", "bogus://", "not a url", "sqlite:///{notdb}"]
)
def test_a_database_that_cannot_be_opened_is_one_line(
    url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    notdb = tmp_path / "not-a-database.db"
    notdb.write_text("these are not the tables you are looking for\n" * 100)
    url = url.format(notdb=notdb)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    line = refused(["play", "--plain", "--seed", "x", "--database", url], capsys)
    assert "database" in line
    # The same through the environment variable.
    monkeypatch.setenv("GINRUMMY_DATABASE_URL", url)
    assert "database" in refused(["play", "--plain", "--seed", "x"], capsys)


def test_an_unknown_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["lesson", "--game", "nope"], ["play", "--game", "nope"]):
        line = refused(argv, capsys)
        assert "invalid choice: 'nope'" in line and "'cribbage'" in line


def test_a_reader_that_goes_away_ends_the_table_quietly(db_url: str) -> None:
    command = [*CLI, "play", "--plain", "--seed", "pipe", "--database", db_url]
    with subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        assert process.stdout is not None and process.stdin is not None
        first = process.stdout.readline()
        process.stdout.close()  # ``| head -1``
        try:
            process.stdin.write("legal\nscore\nlook\n" * 200 + "quit\n")
            process.stdin.close()
        except BrokenPipeError:
            pass
        assert process.wait(timeout=120) == 0
        assert process.stderr is not None
        err = process.stderr.read()
    assert first.startswith("Match ")
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
