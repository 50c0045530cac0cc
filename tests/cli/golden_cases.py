"""The ``ginrummy`` command's outputs as they were when the package became ``cardtable``.

``CASES`` are command lines (with their standard input); :func:`run_case` runs one in this
process through a ``main(argv, out) -> int`` and returns what a script would see: the exit
status, standard output and standard error, with the few parts that differ from run to run
(random match ids and seat tokens, timings) masked. ``ginrummy_golden.json`` holds the outputs
recorded from the ``ginrummy`` package before the redesign; the tests compare today's
``ginrummy`` and ``cardtable gin`` with them byte for byte.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

Main = Callable[[Sequence[str], "io.TextIOBase"], int]

RECORD = "{record}"  # replaced by a file path the case may write and later cases read
DATABASE = "{database}"  # replaced by a fresh SQLite URL per run of the cases


@dataclass(frozen=True)
class Case:
    name: str
    argv: tuple[str, ...]
    stdin: str = ""


def _c(name: str, *argv: str, stdin: str = "") -> Case:
    return Case(name, argv, stdin)


HAND = ("7S", "7H", "7D", "4H", "5H", "6H", "KS", "2S", "9C", "QD")
ELEVEN = ("2S", "2C", "3C", "4C", "5C", "5D", "6D", "7D", "8D", "2H", "5H")
KNOCKER = ("--knocker", "7H 7S 7D 9C TC JC QC KC 4C 3D")
DEFENDER = ("--defender", "2H 2S 2D 2C 4H 5H 6H KS 9H 5C")

CASES: tuple[Case, ...] = (
    _c("help", "--help"),
    *(
        _c(f"help-{sub}", sub, "--help")
        for sub in (
            "deadwood",
            "showdown",
            "rules",
            "replay",
            "match",
            "tournament",
            "serve",
            "verify",
            "play",
            "lesson",
            "simulate",
        )
    ),
    _c("no-command"),
    _c("unknown-command", "shuffle"),
    _c("deadwood-text", "deadwood", *HAND),
    _c("deadwood-json", "deadwood", *HAND, "--json"),
    _c("deadwood-eleven", "deadwood", *ELEVEN),
    _c("deadwood-eleven-json", "deadwood", *ELEVEN, "--json"),
    _c("deadwood-symbols", "deadwood", "10h", "J♥", "qh", "kc"),
    _c("deadwood-stdin", "deadwood", stdin="AS 2S 3S\n\n10h jh qh kh 2c\n7S 7H 7D 7C KS\n"),
    _c("deadwood-stdin-bad", "deadwood", stdin="AS 2S\nXX 3S\n"),
    _c("deadwood-unknown", "deadwood", "7S", "ZZ"),
    _c("deadwood-repeat", "deadwood", "7S", "7s"),
    _c("deadwood-twelve", "deadwood", *ELEVEN, "KD"),
    _c("showdown-text", "showdown", *KNOCKER, *DEFENDER, "--rules", "pagat"),
    _c("showdown-json", "showdown", *KNOCKER, *DEFENDER, "--rules", "pagat", "--json"),
    _c(
        "showdown-melds",
        "showdown",
        *KNOCKER,
        *DEFENDER,
        "--knocker-melds",
        "7S 7H 7D | 9C TC JC QC KC",
        "--set",
        "undercut_bonus=20",
        "--json",
    ),
    _c(
        "showdown-gin",
        "showdown",
        "--knocker",
        "AS 2S 3S 4H 5H 6H 7C 7D 7S 7H",
        "--defender",
        "2H 3H KD QD JD 9C 8C 5D 4D 3D",
    ),
    _c(
        "showdown-oklahoma",
        "showdown",
        *KNOCKER,
        *DEFENDER,
        "--rules",
        "oklahoma",
        "--upcard",
        "7S",
        "--json",
    ),
    _c("showdown-too-much", "showdown", "--knocker", "KS KH QD JD 9C 8C 5D 4D 3D 2H", *DEFENDER),
    _c("showdown-bad-meld", "showdown", *KNOCKER, *DEFENDER, "--knocker-melds", "7S 9C TC"),
    _c("showdown-missing", "showdown", *KNOCKER),
    *(
        _c(f"rules-{p}", "rules", p)
        for p in ("standard", "pagat", "digital", "straight", "oklahoma")
    ),
    _c("rules-json", "rules", "pagat", "--json"),
    _c("rules-set", "rules", "standard", "--set", "target=150", "--set", "big_gin_bonus=31"),
    _c("rules-bad-preset", "rules", "texas"),
    _c("rules-bad-setting", "rules", "--set", "knock_threshold=11"),
    _c("rules-unknown-setting", "rules", "--set", "colour=red"),
    _c("rules-bad-set-form", "rules", "--set", "target"),
    _c("match-text", "match", "--seed", "42"),
    _c("match-json", "match", "--seed", "42", "--json"),
    _c(
        "match-levels",
        "match",
        "--players",
        "expert",
        "intermediate",
        "--seed",
        "7",
        "--target",
        "60",
        "--rules",
        "pagat",
        "--record",
        RECORD,
    ),
    _c("replay-text", "replay", RECORD),
    _c("replay-json", "replay", RECORD, "--json"),
    _c(
        "match-oklahoma",
        "match",
        "--players",
        "beginner",
        "random",
        "--seed",
        "ok",
        "--rules",
        "oklahoma",
        "--target",
        "40",
        "--json",
    ),
    _c("match-bad-level", "match", "--players", "wizard", "simple"),
    _c("replay-missing", "replay", "/nonexistent/record.txt"),
    _c(
        "tournament-json",
        "tournament",
        "simple",
        "random",
        "--hands",
        "8",
        "--seed",
        "3",
        "--workers",
        "1",
        "--json",
    ),
    _c(
        "tournament-text",
        "tournament",
        "intermediate",
        "simple",
        "--matches",
        "4",
        "--seed",
        "5",
        "--workers",
        "1",
        "--rules",
        "straight",
    ),
    _c("tournament-too-few", "tournament", "simple", "random", "--matches", "1"),
    _c("tournament-bad-workers", "tournament", "simple", "random", "--workers", "-1"),
    _c(
        "simulate-json",
        "simulate",
        "simple",
        "random",
        "--games",
        "4",
        "--unit",
        "hand",
        "--seed",
        "s",
        "--json",
    ),
    _c(
        "simulate-text",
        "simulate",
        "simple",
        "random",
        "beginner",
        "--games",
        "2",
        "--unit",
        "hand",
        "--seed",
        "rr",
    ),
    _c("simulate-one-player", "simulate", "simple"),
    _c("simulate-bad-set", "simulate", "simple", "random", "--set", "gin_bonus=-1"),
    _c(
        "verify-text",
        "verify",
        "example",
        "ccc4aa352c1046b7d48f1c3c8a4a9d4c9b7e4bd1e1f1c33f3a7c9c1c4f5fd1f0",
    ),
    _c("verify-good", "verify", "example"),
    _c("verify-json", "verify", "example", "--json"),
    _c(
        "verify-hand",
        "verify",
        "example",
        "--hand",
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS",
        "--upcard",
        "KD",
    ),
    _c(
        "lesson-plain",
        "lesson",
        "--plain",
        "--ascii",
        stdin="\n".join(
            [
                "7S 7H",
                "h",
                "7S 7H 7D",
                "4H 5H 6H",
                "",
                "pass",
                "take",
                "discard 3H",
                "discard QD",
                "d",
                "discard KS",
                "draw",
                "d 9C",
                "draw",
                "knock KD",
                "",
            ]
        )
        + "\n",
    ),
    _c(
        "play-plain",
        "play",
        "--plain",
        "--ascii",
        "--seed",
        "golden",
        "--level",
        "simple",
        "--name",
        "Ann",
        "--database",
        DATABASE,
        stdin="\n".join(
            [
                "?",
                "legal",
                "s",
                "l",
                "take",
                "pass",
                "draw",
                "layouts",
                "discard ZZ",
                "q",
            ]
        )
        + "\n",
    ),
    _c(
        "play-plain-json",
        "play",
        "--plain",
        "--json",
        "--seed",
        "golden2",
        "--level",
        "random",
        "--name",
        "Bo",
        "--database",
        DATABASE,
        stdin="pass\ndraw\nq\n",
    ),
    _c("play-json-needs-plain", "play", "--json"),
    _c("play-resume-with-level", "play", "--resume", "--level", "simple"),
)

_MASKS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b[0-9a-f]{16}\b"), "<match-id>"),
    (re.compile(r"token=[\w-]+"), "token=<token>"),
    (re.compile(r'"token": "[\w-]+"'), '"token": "<token>"'),
    (re.compile(r'"(seconds|games_per_second)": [0-9.e+-]+'), r'"\1": <t>'),
    (re.compile(r'"ms_per_decision": \[[^\]]*\]'), '"ms_per_decision": <t>'),
    (re.compile(r'"(created_at|updated_at)": "[^"]*"'), r'"\1": <t>'),
    (re.compile(r"ms per decision: .*"), "ms per decision: <t>"),
    (re.compile(r"\d+\.\d+ s, [\d.]+ (\w+)/s, [\d.]+ deals/s"), r"<t> s, <t> \1/s, <t> deals/s"),
)


def mask(text: str) -> str:
    for pattern, replacement in _MASKS:
        text = pattern.sub(replacement, text)
    return text


def run_case(main: Main, case: Case, workdir: Path) -> dict[str, object]:
    """Run ``case`` in this process; what a script would see, masked."""
    record = str(workdir / "record.txt")
    database = f"sqlite:///{workdir / 'golden.db'}"
    argv = [a.replace(RECORD, record).replace(DATABASE, database) for a in case.argv]
    out = io.StringIO()
    err = io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(case.stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv, out)
            except SystemExit as exit_:  # argparse's --help
                code = exit_.code if isinstance(exit_.code, int) else 0
    finally:
        sys.stdin = old_stdin
    return {
        "argv": list(case.argv),
        "status": code,
        "stdout": mask(out.getvalue().replace(record, RECORD)),
        "stderr": mask(err.getvalue().replace(record, RECORD)),
    }
