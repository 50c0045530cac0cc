"""The snippets of docs/research.md's Cribbage research section run as written."""

from __future__ import annotations

import io
import re
import shlex

from cardtable.cli.main import main as cardtable_main
from tests.paths import ROOT

SECTION = "### OpenSpiel, sample worlds, undo and evaluation"


def blocks(language: str) -> list[str]:
    text = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.index("\n### ", start + len(SECTION))
    return re.findall(rf"```{language}\n(.*?)```", text[start:end], flags=re.DOTALL)


def test_the_python_snippets_run() -> None:
    found = blocks("python")
    assert len(found) == 3
    for code in found:
        exec(compile(code, "docs/research.md", "exec"), {"__name__": "research_doc"})


def test_the_runnable_command_runs() -> None:
    (commands,) = blocks("sh")
    runnable = [line for line in commands.splitlines() if "evaluate random" in line]
    assert len(runnable) == 1
    argv = shlex.split(runnable[0])[1:]
    out = io.StringIO()
    assert cardtable_main(argv, out) == 0
    assert '"secret_seed": true' in out.getvalue()
