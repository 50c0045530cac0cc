"""Fixtures for the web table: an app on a temporary SQLite file, a test client, a real
server in a thread (for races and the browser), and the engine-side truth used to check
that no response leaks a hidden card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

import warnings

from starlette.applications import Starlette
from starlette.exceptions import StarletteDeprecationWarning

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 for its test client
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

from cardtable.store import Store
from cardtable.table import TableService
from cardtable.web.app import create_app
from cardtable.web.limits import WebLimits

from .webhelpers import LiveServer


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'table.db'}"


@pytest.fixture
def service(db_url: str) -> Iterator[TableService]:
    """As the server runs it: the computer's turns played by the app's worker, so that a
    move is answered before the computer's reply, which follows by push (and GET)."""
    store = Store(db_url)
    yield TableService(store, computers="worker")
    store.close()


@pytest.fixture
def limits() -> WebLimits:
    """No rate limits: these tests play whole matches at machine speed, which is what the
    limits exist to stop. The limits' own tests (``test_limits.py``) override this."""
    return WebLimits.unlimited()


@pytest.fixture
def app(service: TableService, limits: WebLimits) -> Starlette:
    return create_app(service, limits=limits)


@pytest.fixture
def client(app: Starlette) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def live_server(app: Starlette) -> Iterator[LiveServer]:
    with LiveServer(app) as server:
        yield server
