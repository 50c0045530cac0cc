"""Issue 12's command-line defects: ``verify`` refuses malformed input (exit 2, one line),
``replay`` reads a record as a stream (non-UTF-8, a BOM, a huge record), and a command
without its subcommand shows its help."""

from __future__ import annotations

import io
import random
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from cardtable.cli.gin import main as gin_main
from cardtable.cli.main import main as cardtable_main
from cardtable.cribbage.match import Match as CribbageMatch
from cardtable.cribbage.record import dump as cribbage_dump
from cardtable.cribbage.rules import Rules as CribbageRules
from cardtable.gin.match import Match
from cardtable.gin.record import dump
from cardtable.gin.rules import Rules


def cribbage_main(argv: list[str], out: io.StringIO) -> int:
    return cardtable_main(["cribbage", *argv], out)


GOOD = "ccc4aa352c1046b7fb606cae186e9b96cb6f62e5ae65c1cd023cf608f3e119ec"  # of "example"


def command(module: str, *argv: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", module, *argv], capture_output=True, check=False, timeout=120
    )


def one_line_exit_2(done: subprocess.CompletedProcess[bytes], *words: str) -> str:
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    for word in words:
        assert word in err
    return err


@pytest.mark.parametrize(
    ("commitment", "words"),
    [
        (GOOD[:12] + "…", ["cut short", "64 hex digits"]),
        (GOOD[:12] + "...", ["cut short"]),
        ("zz", ["64 hex digits", "'zz'"]),
        (GOOD + "0", ["64 hex digits"]),
        (GOOD[:-1] + "g", ["64 hex digits"]),
        ("ｃｃｃ", ["64 hex digits"]),
    ],
)
def test_verify_refuses_a_malformed_commitment(commitment: str, words: list[str]) -> None:
    one_line_exit_2(command("cardtable.cli.gin", "verify", "example", commitment), *words)
    one_line_exit_2(command("cardtable.cli.main", "gin", "verify", "example", commitment), *words)


def test_verify_refuses_a_seed_that_is_not_text() -> None:
    done = subprocess.run(
        [sys.executable.encode(), b"-m", b"cardtable.cli.gin", b"verify", b"\xffseed"],
        capture_output=True,
        check=False,
        timeout=120,
    )
    one_line_exit_2(done, "seed")
    one_line_exit_2(command("cardtable.cli.gin", "verify", "a\tb"), "control characters")


def test_verify_still_checks_a_well_formed_commitment() -> None:
    assert gin_main(["verify", "example", GOOD.upper()], io.StringIO()) == 0
    assert gin_main(["verify", "example", "0" * 64], io.StringIO()) == 1


# --- replay ---------------------------------------------------------------------------------


def gin_record() -> str:
    """A finished match's record (one not finished is refused)."""
    match = Match.new(Rules.preset("standard", target=30), seed="stream", first_dealer=0)
    rng = random.Random(3)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    return dump(match)


def test_replay_of_a_non_utf8_file_exits_2_naming_the_line(tmp_path: Path) -> None:
    lines = gin_record().encode().splitlines(keepends=True)
    lines.insert(3, b"# caf\xe9\n")
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"".join(lines))
    one_line_exit_2(command("cardtable.cli.gin", "replay", str(path)), "line 4", "UTF-8")


def test_replay_accepts_a_utf8_bom(tmp_path: Path) -> None:
    plain, bom = tmp_path / "plain.txt", tmp_path / "bom.txt"
    plain.write_text(gin_record(), encoding="utf-8")
    bom.write_text(gin_record(), encoding="utf-8-sig")
    assert bom.read_bytes().startswith(b"\xef\xbb\xbf")
    want, got = io.StringIO(), io.StringIO()
    assert gin_main(["replay", str(plain)], want) == 0
    assert gin_main(["replay", str(bom)], got) == 0
    assert got.getvalue() == want.getvalue()


def test_replay_stops_at_the_first_bad_line_of_a_huge_record(tmp_path: Path) -> None:
    """A bad line near the start of a 60 MB record: refused there, without reading it all."""
    path = tmp_path / "huge.txt"
    lines = gin_record().splitlines()
    lines.insert(6, "0 knock ZZ")  # an illegal move in the first deal
    with path.open("w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
        chunk = "# " + "x" * 98 + "\n"
        handle.write(chunk * 600_000)
    tracemalloc.start()
    try:
        err = io.StringIO()
        sys_stderr, sys.stderr = sys.stderr, err
        try:
            assert gin_main(["replay", str(path)], io.StringIO()) == 2
        finally:
            sys.stderr = sys_stderr
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "line 7:" in err.getvalue()
    assert peak < 5_000_000, peak


def test_replay_refuses_an_endless_line_without_reading_it_whole(tmp_path: Path) -> None:
    path = tmp_path / "one-line.txt"
    path.write_bytes(b"ginrummy-record 1\n" + b"x" * 50_000_000)
    tracemalloc.start()
    try:
        assert gin_main(["replay", str(path)], io.StringIO()) == 2
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000, peak
    one_line_exit_2(command("cardtable.cli.gin", "replay", str(path)), "line 2", "longer")


def cribbage_record() -> str:
    """A finished match's record (one not finished is refused)."""
    match = CribbageMatch.new(CribbageRules.preset("short"), seed="stream", first_dealer=0)
    rng = random.Random(3)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    return cribbage_dump(match)


def test_cribbage_replay_non_utf8_bom_and_long_lines(tmp_path: Path) -> None:
    text = cribbage_record()
    bad = tmp_path / "bad.txt"
    bad.write_bytes(text.encode().replace(b"\n", b"\n# \xff\n", 2))
    one_line_exit_2(
        command("cardtable.cli.main", "cribbage", "replay", str(bad)), "line 2", "UTF-8"
    )
    bom, plain = tmp_path / "bom.txt", tmp_path / "plain.txt"
    bom.write_text(text, encoding="utf-8-sig")
    plain.write_text(text, encoding="utf-8")
    want, got = io.StringIO(), io.StringIO()
    assert cribbage_main(["replay", str(plain)], want) == 0
    assert cribbage_main(["replay", str(bom)], got) == 0
    assert got.getvalue() == want.getvalue()
    endless = tmp_path / "endless.txt"
    endless.write_bytes(b"cribbage-record 1\n" + b"y" * 20_000_000)
    one_line_exit_2(
        command("cardtable.cli.main", "cribbage", "replay", str(endless)), "line 2", "longer"
    )


# --- a command alone ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("main", "argv", "usage"),
    [
        (gin_main, [], "usage: ginrummy"),
        (cardtable_main, [], "usage: cardtable"),
        (cardtable_main, ["gin"], "usage: cardtable gin"),
        (cardtable_main, ["cribbage"], "usage: cardtable cribbage"),
    ],
)
def test_a_command_alone_shows_its_help_on_stderr_with_status_2(
    main: object, argv: list[str], usage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = io.StringIO()
    assert callable(main)
    assert main(argv, out) == 2
    err = capsys.readouterr().err
    assert out.getvalue() == ""
    assert err.startswith(usage)
    assert "positional arguments:" in err and "-h, --help" in err
