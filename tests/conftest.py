"""Test configuration: no Hypothesis deadline (timings vary with the machine).

Helpers shared by the test modules (steered decks, brute-force references, random play) live
in ``helpers.py`` next to this file.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.database import DirectoryBasedExampleDatabase

from tests.paths import ARTIFACTS
from tests.tiers import mark

# What Hypothesis keeps (the examples it remembers, its caches) lives with the other
# artifacts, outside the checkout.
set_hypothesis_home_dir(str(ARTIFACTS / "hypothesis"))
settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=DirectoryBasedExampleDatabase(str(ARTIFACTS / "hypothesis" / "examples")),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# The tests' own PostgreSQL server (started on first use) and a fresh database on it.
# One Chromium per worker (launched by the first browser test), lent to each browser test.
from tests.chromium import browser, chromium  # noqa: E402, F401
from tests.pg import pg_url, postgres  # noqa: E402, F401


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tiers' markers (browser, postgres, ray, slow), from what each test asks for."""
    mark(items)


@pytest.fixture
def agent_dir() -> Iterator[Path]:
    """A directory an evaluated agent may write to, whatever user it runs as (under root, a
    user of its own; pytest's own temporary directories are closed to other users)."""
    path = Path(tempfile.mkdtemp(prefix="cardtable-agent-test-"))
    path.chmod(0o1777)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)
