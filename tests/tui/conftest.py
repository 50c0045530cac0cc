"""Fixtures for the terminal table: a temporary database and the screenshot folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.store import Store
from cardtable.table import TableService
from tests.paths import SCREENSHOTS

# A folder of its own: the web table's browser tests save theirs beside it.
SHOTS = SCREENSHOTS / "tui"


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh SQLite database, also set as GINRUMMY_DATABASE_URL (never the user's own)."""
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    monkeypatch.setenv("GINRUMMY_DATABASE_URL", url)
    return url


@pytest.fixture
def service(db_url: str) -> Iterator[TableService]:
    store = Store(db_url)
    yield TableService(store)
    store.close()


@pytest.fixture
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


@pytest.fixture(autouse=True)
def _a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests here that open the full-screen table through the command line stand in
    for a terminal (their standard streams are pytest's captures): without one, ``play``
    and ``lesson`` would fall back to the line-by-line table (tests/tui/test_issue12_tui.py
    checks that, through real pipes)."""
    from cardtable.tui import launch

    monkeypatch.setattr(launch, "full_screen_possible", lambda out: True)
