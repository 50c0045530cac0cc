"""The SQLAlchemy engine of each database the store supports, and how it waits for locks.

SQLite (the embedded default) runs in WAL mode with full sync, so an acknowledged action
survives a killed process, and waits ``lock_timeout`` for another writer (``busy_timeout``).
PostgreSQL (``postgresql+psycopg://``) gets the same wait as ``lock_timeout``, a bound on any
one statement, and a pool that checks a connection that has lain idle before lending it, so
that a restarted server costs the requests of the restart and not every request after it.
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DisconnectionError

__all__ = ["conninfo", "is_postgres", "make_engine"]

STATEMENT_TIMEOUT = 30.0  # seconds: no request waits on the database longer than this
MAX_CONNECTIONS = 24  # a process's pool on PostgreSQL (docs/deploy.md counts them)
# A connection back in the pool for longer than this is checked before it is lent again.
PING_AFTER_IDLE = 2.0  # seconds


def is_postgres(url: str) -> bool:
    return make_url(url).get_backend_name() == "postgresql"


def conninfo(url: str) -> str:
    """The libpq connection string of a PostgreSQL URL (for the listening connection)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def make_engine(url: str, lock_timeout: float) -> Engine:
    if is_postgres(url):
        return _postgres(url, lock_timeout)
    if make_url(url).get_backend_name() == "sqlite":
        return _sqlite(url, lock_timeout)
    return create_engine(url)


def _sqlite(url: str, lock_timeout: float) -> Engine:
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": lock_timeout})
    busy_ms = int(lock_timeout * 1000)

    def pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={busy_ms}")
        # WAL lets the web and terminal tables read while the other writes; FULL sync makes
        # an accepted action survive a killed process. Turning WAL on takes the file for a
        # moment, and may meet another connection doing the same without waiting for it:
        # so it is tried again, within the lock timeout.
        deadline = time.monotonic() + lock_timeout
        while True:
            try:
                cursor.execute("PRAGMA journal_mode=WAL")
                break
            except sqlite3.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.01)
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.close()

    event.listen(engine, "connect", pragmas)
    return engine


def _postgres(url: str, lock_timeout: float) -> Engine:
    options = (
        f"-c lock_timeout={int(lock_timeout * 1000)}"
        f" -c statement_timeout={int(STATEMENT_TIMEOUT * 1000)}"
    )
    engine = create_engine(
        url,
        connect_args={"options": options, "connect_timeout": 5},
        # Every connection is kept: a pool of 8 with 16 more under load closed those 16 as
        # they came back and opened them again for the next move, a new server process each
        # time (at 64 matches, 229 / 261 -> 331 / 353 moves a second, bench/table_load.py).
        pool_size=MAX_CONNECTIONS,
        max_overflow=0,
        pool_timeout=10,
    )
    _ping_when_idle(engine)
    return engine


def _ping_when_idle(engine: Engine) -> None:
    """Check a connection before lending it only when it lay idle for ``PING_AFTER_IDLE``
    seconds. SQLAlchemy's ``pool_pre_ping`` checks every one, a round trip before each
    statement: under load that was half of a move's round trips (a person's move and the
    computer's answer took four; bench/table_load.py). A connection in use within the last
    seconds is alive but for a restart of the server in between, which its next statement
    finds: that statement fails (nothing stored, or the store asks whether it was), and the
    pool then drops every connection opened before it, so only the requests of the restart
    pay for it, as with a check of every connection."""

    def checked_in(_dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    def checked_out(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.pop("idle_since", None)
        if since is None or time.monotonic() - since < PING_AFTER_IDLE:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as error:
            # The pool closes this connection and lends a new one.
            raise DisconnectionError(f"an idle connection was lost: {error}") from error

    event.listen(engine, "checkin", checked_in)
    event.listen(engine, "checkout", checked_out)
