"""A move stored on PostgreSQL in one statement, which is a transaction by itself.

Storing a move takes a conditional update of the match row (its action count moves on only
from the count the writer saw), the new action rows, the computer's job written or deleted,
and the announcement to the other processes. As separate statements in a transaction that
is seven round trips to the server (the pool's ping, ``BEGIN``, four statements,
``COMMIT``), and each costs this process about a tenth of a millisecond of CPU: most of a
move's cost on PostgreSQL. Here they are one statement, data-modifying ``WITH`` clauses
keyed on the updated row, run without a transaction of its own (autocommit: a statement is
atomic and durable by itself). When the count has moved on, no row is updated and nothing
else happens; the ``NOTIFY`` is delivered when (and only if) the statement commits.

The statement goes to the driver's connection (psycopg) as a prepared statement, without
SQLAlchemy's execution machinery: building an execution context, processing the eleven
parameters and wrapping the result cost this process more CPU than the statement costs the
server (as on SQLite, :mod:`cardtable.store.sqlite_moves`).

SQLite keeps the statements of :meth:`cardtable.store.Store.append_actions`, whose writes
share a commit already (:mod:`cardtable.store.group_commit`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from cardtable.store.feed import CHANNEL, payload
from cardtable.store.jobs import Job, new_job

__all__ = ["Move", "append_on_driver"]

_STATEMENT = """
WITH moved AS (
    UPDATE matches
    SET action_count = :action_count, updated_at = :now, status = :status, summary = :summary
    WHERE id = :match_id AND action_count = :first_number
    RETURNING id
), added AS (
    INSERT INTO actions (match_id, number, seat, action, created_at)
    SELECT moved.id, a.number, a.seat, a.action, :now
    FROM moved, unnest(
        CAST(:numbers AS integer[]), CAST(:seats AS integer[]), CAST(:texts AS text[])
    ) AS a(number, seat, action)
    RETURNING 1
), job AS (
    {job}
), told AS (
    SELECT pg_notify(:channel, :payload) FROM moved
)
SELECT (SELECT count(*) FROM moved) AS moved, (SELECT count(*) FROM told) AS told
"""

_SCHEDULE = """
    INSERT INTO jobs (match_id, due_at, attempts, locked_by, locked_until, last_error)
    SELECT id, :due_at, :attempts, :locked_by, :locked_until, NULL FROM moved
    ON CONFLICT (match_id) DO UPDATE SET
        due_at = EXCLUDED.due_at, attempts = EXCLUDED.attempts,
        locked_by = EXCLUDED.locked_by, locked_until = EXCLUDED.locked_until,
        last_error = NULL
    RETURNING 1
"""

_UNSCHEDULE = "DELETE FROM jobs WHERE match_id IN (SELECT id FROM moved) RETURNING 1"


def _driver_style(text: str) -> str:
    """The statement with psycopg's named parameters (``%(name)s``) for ``:name``."""
    return re.sub(r"(?<![:\w]):(\w+)", r"%(\1)s", text)


# Built once.
_DRIVER_WITH_JOB = _driver_style(_STATEMENT.format(job=_SCHEDULE))
_DRIVER_WITHOUT_JOB = _driver_style(_STATEMENT.format(job=_UNSCHEDULE))
_EXISTS = "SELECT id FROM matches WHERE id = %(match_id)s"


@dataclass(frozen=True, slots=True)
class Move:
    """Actions to store from ``first_number`` on, with the match's new status and figures,
    at the time ``now``."""

    match_id: str
    first_number: int
    actions: list[tuple[int, str]]
    status: str
    summary: dict[str, Any]
    now: str


def _params(
    move: Move, job: tuple[float, str | None, float] | None
) -> tuple[dict[str, Any], Job | None]:
    count = move.first_number + len(move.actions)
    params: dict[str, Any] = {
        "match_id": move.match_id,
        "first_number": move.first_number,
        "action_count": count,
        "now": move.now,
        "status": move.status,
        "summary": json.dumps(move.summary),
        "numbers": [move.first_number + offset for offset in range(len(move.actions))],
        "seats": [seat for seat, _ in move.actions],
        "texts": [text for _, text in move.actions],
        "channel": CHANNEL,
        "payload": payload(move.match_id, count),
    }
    written = None
    if job is not None:
        written = new_job(move.match_id, *job)
        params.update(
            due_at=written.due_at,
            attempts=written.attempts,
            locked_by=written.locked_by,
            locked_until=written.locked_until,
        )
    return params, written


def append_on_driver(
    driver: Any, move: Move, job: tuple[float, str | None, float] | None
) -> tuple[bool, bool, Job | None]:
    """Store ``move`` on a psycopg connection in autocommit, as a prepared statement;
    ``job`` (due time, claimed by, lease) writes the computer's job, ``None`` deletes any.
    Whether the match row moved (false: another action was stored first, or there is no
    such match: nothing was written), whether the match exists (asked only when it did not
    move), and the job written. The driver's errors are raised as they come."""
    params, written = _params(move, job)
    statement = _DRIVER_WITH_JOB if job is not None else _DRIVER_WITHOUT_JOB
    row = driver.execute(statement, params, prepare=True).fetchone()
    if row is not None and row[0]:
        return True, True, written
    exists = driver.execute(_EXISTS, {"match_id": move.match_id}).fetchone() is not None
    return False, exists, None
