"""Bad input at the command line, the same for every game (issue 37 §4): one line on stderr
and exit status 2, never a traceback; a record read from standard input as ``-``; a reader
that goes away (``| head -1``) ends the command quietly."""

from __future__ import annotations

import contextlib
import io
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli.arguments import check_database, check_seed
from cardtable.cli.gin import main as ginrummy_main
from cardtable.cli.main import main as cardtable_main
from cardtable.cli.usage import UsageError
from cardtable.games import game, game_names

GAMES = game_names()


def run(argv: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stderr(err):
            status = cardtable_main(argv, out)
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


def one_line(status: int, err: str, prog: str, *words: str) -> None:
    assert status == 2, err
    assert err.startswith(f"{prog}: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    for word in words:
        assert word in err, err


def finished_record(name: str) -> str:
    """A finished match of ``name`` between random moves, as its record."""
    of = game(name)
    target = {"target": 30} if any(s.name == "target" for s in of.settings()) else {}
    try:
        rules = of.make_rules(None, target)
    except ValueError:  # a game whose target cannot be so low
        rules = of.make_rules(None, None)
    match = of.deal(rules, "bad-input", 0)
    rng = random.Random(7)
    while not match.is_over:
        seat = match.to_act if match.to_act is not None else (0 if match.may_act(0) else 1)
        of.apply(match, seat, rng.choice(of.legal_actions(match, seat)))
    return of.record(match)


@pytest.mark.parametrize("name", GAMES)
def test_verify_refuses_a_seed_that_is_not_text_with_one_line(name: str) -> None:
    done = subprocess.run(
        [sys.executable.encode(), b"-m", b"cardtable.cli.main", name.encode(), b"verify",
         b"\xff\xfe", b"x"],
        capture_output=True,
        check=False,
        timeout=120,
    )  # fmt: skip
    err = done.stderr.decode("utf-8", "replace")
    one_line(done.returncode, err, f"cardtable {name}", "not valid text")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("commitment", ["zz", "ab12…", "0" * 63])
def test_a_malformed_commitment_is_exit_2_for_every_game(name: str, commitment: str) -> None:
    status, out, err = run([name, "verify", "example", commitment])
    assert out == ""
    one_line(status, err, f"cardtable {name}", "commitment")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--seed", ""],
        ["tournament", "a", "b", "--seed", " "],
        ["evaluate", "random", "--seed", ""],
        ["verify", ""],
    ],
)
def test_an_empty_seed_is_refused(name: str, argv: list[str]) -> None:
    status, out, err = run([name, *argv])
    one_line(status, err, f"cardtable {name}", "seed is empty")
    assert out == ""


def test_the_shared_checks_for_play_and_lesson() -> None:
    assert check_seed("golden") == "golden" and check_seed(None) is None
    for bad, words in (("", "empty"), ("\udcff", "not valid text"), ("a\tb", "control")):
        with pytest.raises(UsageError, match=words):
            check_seed(bad)


@pytest.fixture
def not_a_database(tmp_path: Path) -> str:
    path = tmp_path / "notes.db"
    path.write_text("these are notes, not a database\n" * 100, encoding="utf-8")
    return f"sqlite:///{path}"


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("sqlite:////nonexistent/dir/x.db", ["cannot open", "unable to open"]),
        ("bogus://", ["no database driver", "'bogus'"]),
        ("not a url", ["is not a database URL"]),
    ],
)
def test_a_bad_database_url_is_one_line_for_serve(url: str, words: list[str]) -> None:
    status, out, err = run(["serve", "--database", url])
    one_line(status, err, "cardtable", "--database", *words)
    out, err_io = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err_io):
        status = ginrummy_main(["serve", "--database", url], out)
    one_line(status, err_io.getvalue(), "ginrummy", *words)


def test_a_file_that_is_not_a_database_is_one_line(not_a_database: str) -> None:
    status, _, err = run(["serve", "--database", not_a_database])
    one_line(status, err, "cardtable", "not a database")


def test_the_environment_variable_is_checked_and_named(
    monkeypatch: pytest.MonkeyPatch, not_a_database: str
) -> None:
    monkeypatch.setenv("CARDTABLE_DATABASE_URL", "bogus://")
    status, _, err = run(["serve"])
    one_line(status, err, "cardtable", "$CARDTABLE_DATABASE_URL", "no database driver")
    monkeypatch.delenv("CARDTABLE_DATABASE_URL")
    monkeypatch.setenv("GINRUMMY_DATABASE_URL", not_a_database)
    with pytest.raises(UsageError, match=r"\$GINRUMMY_DATABASE_URL: cannot open .*database"):
        check_database(None)


def test_a_good_database_passes_and_is_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "good.db"
    check_database(f"sqlite:///{path}")
    with sqlite3.connect(path) as connection:  # a database the store can use now
        assert connection.execute("select count(*) from sqlite_master").fetchone()[0] > 0


@pytest.mark.parametrize("name", GAMES)
def test_replay_reads_standard_input_as_dash(name: str, tmp_path: Path) -> None:
    text = finished_record(name)
    path = tmp_path / "match.txt"
    path.write_text(text, encoding="utf-8")
    from_file = run([name, "replay", str(path), "--json"])
    from_stdin = run([name, "replay", "-", "--json"], stdin=text)
    assert from_file[0] == 0 and from_stdin == from_file


@pytest.mark.parametrize("name", GAMES)
def test_a_record_cut_short_is_not_finished_for_every_game(name: str) -> None:
    lines = finished_record(name).splitlines()
    for cut in (lines[: len(lines) // 2], lines[:-1]):
        for command in ("replay", "review"):
            status, out, err = run([name, command, "-"], stdin="\n".join(cut) + "\n")
            assert out == ""
            one_line(status, err, f"cardtable {name}", "not finished")


def test_a_reader_that_goes_away_ends_the_command_quietly(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("AS 2S 3S 4H 5H\n" * 200_000)  # far more output than a pipe holds
    with hands.open("rb") as stdin:
        process = subprocess.Popen(
            [sys.executable, "-m", "cardtable.cli.main", "gin", "deadwood"],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
    assert process.stdout is not None
    first = process.stdout.readline()
    process.stdout.close()  # like head -1
    status = process.wait(timeout=120)
    err = process.stderr.read().decode() if process.stderr else ""
    assert first.startswith(b'{"cards"')
    assert err == "" and status == 1


@pytest.mark.parametrize("name", ["gin", "cribbage"])  # the games with a ``match`` command
def test_a_match_record_that_cannot_be_written_is_one_line(name: str, tmp_path: Path) -> None:
    # Gin's ended in a FileNotFoundError traceback, after playing the whole match.
    path = tmp_path / "no" / "match.txt"
    status, out, err = run([name, "match", "--seed", "1", "--record", str(path)])
    assert out == ""
    one_line(status, err, f"cardtable {name}", "cannot write", str(path))
    assert not path.parent.exists()
