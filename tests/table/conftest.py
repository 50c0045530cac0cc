"""A table service on a fresh SQLite file per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.store import Store
from cardtable.table import TableService


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'table.db'}"


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    store = Store(db_url)
    yield store
    store.close()


@pytest.fixture
def service(store: Store) -> TableService:
    return TableService(store)
