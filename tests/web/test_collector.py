"""A server process tunes Python's cyclic collector once its app is made: what exists then
is frozen out of the collector's sight and young collections are rarer (the reason and the
measurement are in ``cardtable.web.server``). Checked in a process of its own, as served."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PROBE = """
import gc, json, sys
from cardtable.store import Store
from cardtable.web.server import YOUNG_THRESHOLD, _app
before = (gc.get_threshold()[0], gc.get_freeze_count())
_app(Store(sys.argv[1]), None, None)
print(json.dumps({"before": before, "after": [gc.get_threshold()[0], gc.get_freeze_count()],
                  "wanted": YOUNG_THRESHOLD}))
"""


def test_a_served_app_freezes_its_start_and_collects_young_objects_less_often(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'probe.db'}"
    done = subprocess.run(
        [sys.executable, "-c", PROBE, url], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["before"] == [700, 0]  # Python's defaults until the app is made
    assert seen["after"][0] == seen["wanted"] > 700
    assert seen["after"][1] > 10_000  # the modules and the app: frozen
