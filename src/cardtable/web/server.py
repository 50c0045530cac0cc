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
_HOSTS = "CARDTABLE_ALLOWED_HOSTS"
_CONNECTIONS = "CARDTABLE_MAX_CONNECTIONS"
# Descriptors a process needs besides its connections: the database pool and its listener,
# the log, the event loop, the modules and static files it opens.
SPARE_DESCRIPTORS = 128


def serve(
    host: str,
    port: int,
    database: str | None,
    out: TextIO,
    title: str = "Gin Rummy table",
    workers: int = 1,
    job_lease: float | None = None,
    cache_size: int | None = None,
    max_connections: int | None = None,
    allowed_hosts: str | None = None,
) -> int:
    """Serve the web table at ``host:port`` on the database ``database`` until Ctrl-C, in
    ``workers`` processes; the first line printed names it ``title`` (``ginrummy serve``
    keeps its own words). Each process holds at most ``max_connections`` connections (when
    ``None``, ``$CARDTABLE_MAX_CONNECTIONS`` or 1000) and answers for ``allowed_hosts``
    (names separated by commas, or ``*``; when ``None``, ``$CARDTABLE_ALLOWED_HOSTS``, else
    loopback names when ``host`` is loopback and any name otherwise)."""
    import uvicorn

    from cardtable.store import Store
    from cardtable.web.connections import ConnectionLimits, GuardedHttp
    from cardtable.web.hosts import Hosts
    from cardtable.web.hub import MAX_MESSAGE

    if workers < 1:
        out.write(f"error: --workers is at least 1, not {workers}\n")
        return 2
    if max_connections is not None:
        if max_connections < 1:
            out.write(f"error: --max-connections is at least 1, not {max_connections}\n")
            return 2
        os.environ[_CONNECTIONS] = str(max_connections)
    try:
        limits = ConnectionLimits.from_environment(os.environ)
        hosts_text = allowed_hosts if allowed_hosts is not None else os.environ.get(_HOSTS)
        hosts = Hosts.for_address(host) if hosts_text is None else Hosts.parse(hosts_text)
    except ValueError as error:
        out.write(f"error: {error}\n")
        return 2
    problem = _descriptors_for(limits.max_connections)
    if problem is not None:
        out.write(f"error: {problem}\n")
        return 2
    os.environ[_HOSTS] = hosts.shown()
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
        # httptools with the connection guards: how many, a head's size and time, idle.
        http=GuardedHttp,
        timeout_keep_alive=int(limits.idle_seconds),
    )
    return 0


def _descriptors_for(connections: int) -> str | None:
    """Make room for ``connections`` in the process's file descriptor limit: its soft limit
    raised towards the hard one (a shell's default of 1,024 is often far below it); what
    is wrong when even the hard limit is too low, else ``None``. Past the limit the server
    cannot accept (and answer) anyone: every request failed with 1,100 idle connections."""
    try:
        import resource
    except ImportError:  # not on this system (Windows): nothing to raise
        return None
    needed = connections + SPARE_DESCRIPTORS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return None
    if hard != resource.RLIM_INFINITY and hard < needed:
        return (
            f"{connections} connections need {needed} file descriptors and this process may "
            f"open {hard}: raise the limit (ulimit -n, LimitNOFILE= in the systemd unit) or "
            "lower --max-connections"
        )
    resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    return None


def app_from_environment() -> Starlette:
    """The app of one worker process, configured by :func:`serve` through the environment
    (``CARDTABLE_DATABASE_URL``, ``CARDTABLE_JOB_LEASE``, ``CARDTABLE_CACHE_SIZE``,
    ``CARDTABLE_ALLOWED_HOSTS``; the connection limits are read by the protocol)."""
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
    from cardtable.web.hosts import Hosts

    service = TableService(
        store,
        computers="worker",
        cache_size=CACHE_SIZE if cache_size is None else cache_size,
        job_lease=JOB_LEASE if job_lease is None else job_lease,
    )
    app = create_app(service, hosts=Hosts.parse(os.environ.get(_HOSTS, "*")))
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
