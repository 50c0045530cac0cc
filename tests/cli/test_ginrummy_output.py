"""``ginrummy`` prints what it printed before the package became ``cardtable``, byte for byte,
and ``cardtable gin X`` prints what ``ginrummy X`` prints (scripts rely on both).

The expected outputs were recorded from the ``ginrummy`` package (``ginrummy_golden.json``);
``golden_cases.py`` holds the command lines and masks the parts that change from run to run.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli.gin import main as ginrummy_main
from cardtable.cli.main import main as cardtable_main

from .golden_cases import CASES, Case, run_case

GOLDEN: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).with_name("ginrummy_golden.json")).read_text(encoding="utf-8")
)


TEN_CARDS = ("7S", "7H", "7D", "4H", "5H", "6H", "KS", "2S", "9C", "QD")


def cardtable_gin(argv: Any, out: Any) -> int:
    return cardtable_main(["gin", *argv], out)


@pytest.fixture(autouse=True)
def _fixed_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")  # argparse wraps help to the terminal's width


def test_every_case_was_recorded() -> None:
    assert sorted(GOLDEN) == sorted(case.name for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_ginrummy_prints_what_it_always_printed(case: Case, tmp_path: Path) -> None:
    for earlier in CASES[: CASES.index(case)]:  # a replay reads what a match case wrote
        if "{record}" in " ".join(earlier.argv) and "{record}" in " ".join(case.argv):
            run_case(ginrummy_main, earlier, tmp_path)
    assert run_case(ginrummy_main, case, tmp_path) == GOLDEN[case.name]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_cardtable_gin_prints_what_ginrummy_prints(case: Case, tmp_path: Path) -> None:
    for earlier in CASES[: CASES.index(case)]:
        if "{record}" in " ".join(earlier.argv) and "{record}" in " ".join(case.argv):
            run_case(cardtable_gin, earlier, tmp_path)
    got = run_case(cardtable_gin, case, tmp_path)
    want = GOLDEN[case.name]
    # The same bytes on standard output and the same status; the usage line and the one-line
    # errors name the command as it was typed.
    assert got["status"] == want["status"]
    expected = str(want["stdout"]).replace("usage: ginrummy", "usage: cardtable gin")
    if case.name.startswith("help"):
        # The longer name re-wraps the usage lines: the same words, other line breaks.
        assert got["stdout"].split() == expected.split()
    else:
        assert got["stdout"] == expected
    assert got["stderr"] == str(want["stderr"]).replace("ginrummy: ", "cardtable gin: ")


@pytest.mark.parametrize("command", [["ginrummy"], ["cardtable", "gin"]])
def test_the_installed_commands_run(command: list[str]) -> None:
    found = shutil.which(command[0], path=str(Path(sys.executable).parent))
    assert found, f"{command[0]} is not installed beside {sys.executable}"
    done = subprocess.run(
        [found, *command[1:], "deadwood", *TEN_CARDS],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == GOLDEN["deadwood-text"]["stdout"]
