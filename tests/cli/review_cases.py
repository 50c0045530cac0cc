"""The refusals both games' ``review`` commands must make the same way: bad arguments and a
missing, broken or binary record, each one line on stderr and exit status 2."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

Run = Callable[..., tuple[int, str, str]]

BAD_ARGUMENTS = [
    (["--seat", "2"], "--seat is 0 or 1"),
    (["--seat", "x"], "invalid int value"),
    (["--nope"], "unrecognized arguments"),
]


def check_bad_arguments(run: Run, record: Path, argv: list[str], words: str, prefix: str) -> None:
    status, text, err = run("review", str(record), *argv)
    assert status == 2 and text == ""
    assert err.count("\n") == 1 and words in err and err.startswith(prefix)


def check_bad_records(run: Run, record: Path, tmp_path: Path) -> None:
    status, _, err = run("review", str(tmp_path / "none.txt"))
    assert status == 2 and err.count("\n") == 1 and "cannot read" in err
    lines = record.read_text().splitlines()
    first_action = next(i for i, line in enumerate(lines) if line[:2] in ("0 ", "1 "))
    lines[first_action] = lines[first_action][:2] + "juggle"
    broken = tmp_path / "broken.txt"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, _, err = run("review", str(broken))
    assert status == 2 and err.count("\n") == 1
    assert f"line {first_action + 1}" in err and "juggle" in err
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage\n")
    status, _, err = run("review", str(binary))
    assert status == 2 and err.count("\n") == 1 and "line 1" in err
