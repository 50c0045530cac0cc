"""Holding a database's lock from another connection, as another writer would: the whole
SQLite file (``BEGIN IMMEDIATE``), or one match's row on PostgreSQL (``FOR UPDATE``)."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.engine import make_url

__all__ = ["LockHolder", "holding_lock"]


class LockHolder:
    """A thread that takes the lock, holds it until :meth:`release`, then rolls back."""

    def __init__(self, db_url: str, match_id: str) -> None:
        self.db_url = db_url
        self.match_id = match_id
        self.held = threading.Event()
        self._release = threading.Event()
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._hold, daemon=True)

    def start(self, timeout: float = 10.0) -> LockHolder:
        self._thread.start()
        if not self.held.wait(timeout):
            raise RuntimeError(f"the lock was not taken: {self.error!r}")
        return self

    def release(self) -> None:
        self._release.set()
        self._thread.join(10)

    def _hold(self) -> None:
        try:
            url = make_url(self.db_url)
            if url.get_backend_name() == "sqlite":
                self._hold_sqlite(str(url.database))
            else:
                self._hold_postgres(url.set(drivername="postgresql").render_as_string(False))
        except BaseException as error:  # reported by start()
            self.error = error

    def _hold_sqlite(self, path: str) -> None:
        connection = sqlite3.connect(path, isolation_level=None, timeout=10)
        try:
            connection.execute("BEGIN IMMEDIATE")
            self.held.set()
            self._release.wait(60)
            connection.execute("ROLLBACK")
        finally:
            connection.close()

    def _hold_postgres(self, conninfo: str) -> None:
        import psycopg

        with psycopg.connect(conninfo) as connection:
            connection.execute("SELECT 1 FROM matches WHERE id = %s FOR UPDATE", [self.match_id])
            self.held.set()
            self._release.wait(60)
            connection.rollback()


@contextmanager
def holding_lock(db_url: str, match_id: str) -> Iterator[LockHolder]:
    holder = LockHolder(db_url, match_id).start()
    try:
        yield holder
    finally:
        holder.release()
