"""What both games' ``review`` commands must do the same way: the refusals (bad arguments
and a missing, broken or binary record, each one line on stderr and exit status 2), and
each decision's reason wrapped to the terminal's width (80 columns when it is no terminal)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

Run = Callable[..., tuple[int, str, str]]


def decision_rows(text: str, count: int) -> list[tuple[str, str]]:
    """The table's first ``count`` decisions: each one's first line (it starts with the
    decision's number) and all of its text, its wrapped lines put back together (the
    words joined by one space)."""
    rows: list[tuple[str, list[str]]] = []
    for line in text.splitlines()[1:]:
        if line[:4].strip().isdigit():
            if len(rows) == count:
                break
            rows.append((line, [line]))
        elif rows and line.startswith(" "):
            rows[-1][1].append(line)
        else:  # the summary
            break
    return [(head, " ".join(" ".join(lines).split())) for head, lines in rows]


def check_wrapped(
    run: Run, record: Path, monkeypatch: pytest.MonkeyPatch, decisions: list[dict[str, Any]]
) -> None:
    """At 80 and at 120 columns no line is wider than the terminal, every decision's reason
    is there whole, and at 120 it starts beside the decision's figures."""
    for columns in (80, 120):
        monkeypatch.setenv("COLUMNS", str(columns))
        status, text, _ = run("review", str(record))
        assert status == 0
        assert max(len(line) for line in text.splitlines()) <= columns
        rows = decision_rows(text, len(decisions))
        assert len(rows) == len(decisions)
        for (head, whole), d in zip(rows, decisions, strict=True):
            assert whole.endswith(" " + " ".join(d["why"].split())), (whole, d["why"])
            assert (len(head) > 60) == (columns == 120)  # the reason beside, or under


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
