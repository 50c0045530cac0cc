"""A move stored on SQLite with the driver's own statements, inside a shared transaction.

Storing a move takes a conditional update of the match row (its action count moves on only
from the count the writer saw), the new action rows, and the computer's job written or
deleted. Through SQLAlchemy's Core each of those statements costs some 50 microseconds of
this process's CPU (its execution context, parameter processing and result set) against a
few for SQLite to run it: a good part of a move. Here they go to the ``sqlite3`` cursor of
the connection's own transaction (:mod:`cardtable.store.group_commit` shares its commit),
as plain SQL written once; the driver's errors come back as SQLAlchemy's, so the store
tells a conflict from a database that does not answer as it does for any statement.

PostgreSQL has its own single statement (:mod:`cardtable.store.pg_moves`).
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any, Final

from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from cardtable.store.jobs import Job, new_job
from cardtable.store.pg_moves import Move

__all__ = ["append_on_sqlite"]

_MOVE: Final = (
    "UPDATE matches SET action_count = ?, updated_at = ?, status = ?, summary = ?"
    " WHERE id = ? AND action_count = ?"
)
_ADD: Final = (
    "INSERT INTO actions (match_id, number, seat, action, created_at) VALUES (?, ?, ?, ?, ?)"
)
# One job a match (its primary key): a new one replaces any older one, as jobs.schedule does.
_SCHEDULE: Final = (
    "INSERT OR REPLACE INTO jobs (match_id, due_at, attempts, locked_by, locked_until,"
    " last_error) VALUES (?, ?, ?, ?, ?, NULL)"
)
_UNSCHEDULE: Final = "DELETE FROM jobs WHERE match_id = ?"


def append_on_sqlite(
    connection: Connection, move: Move, job: tuple[float, str | None, float] | None
) -> tuple[bool, Job | None]:
    """Store ``move`` in the connection's transaction; ``job`` (due time, claimed by,
    lease) writes the computer's job, ``None`` deletes any. Whether the match row moved
    (false: another action was stored first, or there is no such match: nothing was
    written), and the job written. A failure of the driver is raised as SQLAlchemy's
    (``IntegrityError``, ``OperationalError``...)."""
    count = move.first_number + len(move.actions)
    raw: Any = connection.connection.driver_connection
    cursor = raw.cursor()
    statement = _MOVE
    try:
        cursor.execute(
            _MOVE,
            (count, move.now, move.status, json.dumps(move.summary), move.match_id,
             move.first_number),
        )  # fmt: skip
        if cursor.rowcount != 1:
            return False, None
        statement = _ADD
        cursor.executemany(
            _ADD,
            [
                (move.match_id, move.first_number + offset, seat, text, move.now)
                for offset, (seat, text) in enumerate(move.actions)
            ],
        )
        written = None
        if job is not None:
            statement = _SCHEDULE
            written = new_job(move.match_id, *job)
            cursor.execute(
                _SCHEDULE,
                (written.match_id, written.due_at, written.attempts, written.locked_by,
                 written.locked_until),
            )  # fmt: skip
        else:
            statement = _UNSCHEDULE
            cursor.execute(_UNSCHEDULE, (move.match_id,))
        return True, written
    except sqlite3.Error as error:
        raise DBAPIError.instance(statement, None, error, sqlite3.Error) from error
    finally:
        cursor.close()
