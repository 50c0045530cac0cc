"""The Eights plug-in on the path for these tests only: its folder goes first on sys.path
(and on PYTHONPATH, for the processes a test starts), so the ``cardtable.games`` entry point
of its ``.dist-info`` is found; the registry looks again before and after."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.games import reload_games

PLUGIN = str(Path(__file__).parent / "plugin")

# The plug-in's own files are a game package, not tests.
collect_ignore = ["plugin"]


@pytest.fixture(autouse=True, scope="module")
def eights_installed() -> Iterator[None]:
    sys.path.insert(0, PLUGIN)
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = PLUGIN if not before else PLUGIN + os.pathsep + before
    reload_games()
    try:
        yield
    finally:
        sys.path.remove(PLUGIN)
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before
        for name in [n for n in sys.modules if n == "eights" or n.startswith("eights.")]:
            del sys.modules[name]
        reload_games()
