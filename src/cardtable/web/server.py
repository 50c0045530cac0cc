"""Running the web table: uvicorn over :func:`cardtable.web.app.create_app` and a store.

One process by default. With ``workers`` above one, uvicorn starts that many processes on
the same port, each building its app from the environment (:func:`app_from_environment`)
and running its own computer worker and change listener; they share the matches through
PostgreSQL, which also carries each process's changes to the others (LISTEN/NOTIFY). A
SQLite file has no such channel, so it is served by one process.
"""

from __future__ import annotations

import gc
import os
from typing import TYPE_CHECKING, TextIO

from starlette.applications import Starlette

if TYPE_CHECKING:
    from cardtable.store import Store

__all__ = ["app_from_environment", "serve"]

# How the settings reach the worker processes uvicorn starts.
_URL = "CARDTABLE_DATABASE_URL"
_LEASE = "CARDTABLE_JOB_LEASE"
_CACHE = "CARDTABLE_CACHE_SIZE"


def serve(
    host: str,
    port: int,
    database: str | None,
    out: TextIO,
    title: str = "Gin Rummy table",
    workers: int = 1,
    job_lease: float | None = None,
    cache_size: int | None = None,
) -> int:
    """Serve the web table at ``host:port`` on the database ``database`` until Ctrl-C, in
    ``workers`` processes; the first line printed names it ``title`` (``ginrummy serve``
    keeps its own words)."""
    import uvicorn

    from cardtable.store import Store
    from cardtable.web.hub import MAX_MESSAGE

    if workers < 1:
        out.write(f"error: --workers is at least 1, not {workers}\n")
        return 2
    store = Store(database)  # the schema is made (or upgraded) once, before any worker
    if workers > 1 and not store.postgres:
        store.close()
        out.write(
            "error: several workers need a PostgreSQL database (--database-url "
            "postgresql+psycopg://...): a SQLite file is served by one process\n"
        )
        return 2
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    out.write(f"{title}: http://{shown}:{port}/\n")
    processes = f", {workers} processes" if workers > 1 else ""
    out.write(f"database: {_safe_url(store.url)}{processes}  (Ctrl+C stops the server)\n")
    out.flush()
    _export(store.url, job_lease, cache_size)
    target: Starlette | str = "cardtable.web.server:app_from_environment"
    if workers == 1:
        target = _app(store, job_lease, cache_size)
    else:
        if store.needs_job_scan:  # upgraded here: the workers' stores will not see it
            _schedule_pending_turns(store, out)
        store.close()  # each worker process opens its own
    uvicorn.run(
        target,
        factory=workers > 1,
        workers=workers if workers > 1 else None,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=MAX_MESSAGE * 4,
        # A pushed view is 2-3 KB: compressing every one costs more CPU than it saves.
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=3,
    )
    return 0


def app_from_environment() -> Starlette:
    """The app of one worker process, configured by :func:`serve` through the environment
    (``CARDTABLE_DATABASE_URL``, ``CARDTABLE_JOB_LEASE``, ``CARDTABLE_CACHE_SIZE``)."""
    from cardtable.store import Store

    lease = os.environ.get(_LEASE)
    cache = os.environ.get(_CACHE)
    return _app(
        Store(os.environ.get(_URL)),
        None if lease is None else float(lease),
        None if cache is None else int(cache),
    )


def _app(store: Store, job_lease: float | None, cache_size: int | None) -> Starlette:
    from cardtable.table import TableService
    from cardtable.table.live import CACHE_SIZE
    from cardtable.table.service import JOB_LEASE
    from cardtable.web.app import create_app

    service = TableService(
        store,
        computers="worker",
        cache_size=CACHE_SIZE if cache_size is None else cache_size,
        job_lease=JOB_LEASE if job_lease is None else job_lease,
    )
    app = create_app(service)
    _tune_collector()
    return app


# Young objects collected after this many new ones (Python's default is 700). A move makes
# a few thousand short-lived objects (its views, their JSON, the statements' parameters),
# nearly all freed by reference counting: at the default the cyclic collector ran several
# times a move for nothing.
YOUNG_THRESHOLD = 10_000


def _tune_collector() -> None:
    """Tune Python's cyclic garbage collector for a server, once its app is made: what
    exists by then (modules, the app, the caches' frames) lives as long as the process and
    is moved out of the collector's sight (``gc.freeze``), and young collections are
    rarer. Measured in ``bench/table_load.py``, pinned at 64 matches, three rounds against
    the defaults: 14 to 19% less server CPU a move."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, 50, 100)


def _schedule_pending_turns(store: Store, out: TextIO) -> None:
    """Jobs for the computer turns left pending in a database made before jobs existed."""
    from cardtable.table import TableService

    def report(match_id: str, error: Exception) -> None:
        out.write(f"match {match_id} could not be resumed: {error}\n")

    TableService(store, computers="worker").resume_unfinished(report)


def _export(url: str, job_lease: float | None, cache_size: int | None) -> None:
    os.environ[_URL] = url
    if job_lease is not None:
        os.environ[_LEASE] = str(job_lease)
    if cache_size is not None:
        os.environ[_CACHE] = str(cache_size)


def _safe_url(url: str) -> str:
    """The database URL without a password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
