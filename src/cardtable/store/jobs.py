"""The computer's pending turns: writing, claiming with a lease, releasing for a retry.

A job is claimed by setting ``locked_by`` and ``locked_until`` (now plus the lease) on a row
that is due and not leased: on PostgreSQL the candidates are read ``FOR UPDATE SKIP LOCKED``
so that workers of several processes take different rows without waiting on each other; on
SQLite, whose writers take turns anyway, the same conditional ``UPDATE`` settles it. A worker
that dies holding a job simply lets the lease run out, and any worker takes the job then.

The job itself is deleted by the transaction that stores the computer's moves
(:meth:`cardtable.store.Store.append_actions`), whoever holds it: the row says a computer
is to act, and the stored actions decide that.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, and_, bindparam, delete, insert, or_, select, update
from sqlalchemy.engine import Connection

from cardtable.store.schema import JOBS, MATCHES

__all__ = [
    "Job",
    "claim_due",
    "claim_one",
    "ensure",
    "find",
    "new_job",
    "release",
    "schedule",
    "unschedule",
]

MAX_ERROR = 2000  # characters of an error kept in last_error


@dataclass(frozen=True, slots=True)
class Job:
    """A claimed (or inspected) pending turn. ``attempts`` counts the claims so far."""

    match_id: str
    due_at: float
    attempts: int
    locked_by: str | None
    locked_until: float | None
    last_error: str | None


def _job(row: Any) -> Job:
    return Job(
        row.match_id, row.due_at, row.attempts, row.locked_by, row.locked_until, row.last_error
    )


def _free(now: float) -> ColumnElement[bool]:
    return or_(JOBS.c.locked_until.is_(None), JOBS.c.locked_until < now)


def find(connection: Connection, match_id: str) -> Job | None:
    row = connection.execute(select(JOBS).where(JOBS.c.match_id == match_id)).first()
    return None if row is None else _job(row)


def new_job(match_id: str, now: float, owner: str | None = None, lease: float = 0.0) -> Job:
    """The job of a computer's turn due ``now``: free for any worker, or claimed by
    ``owner`` for ``lease`` seconds (its first attempt)."""
    return Job(
        match_id,
        now,
        0 if owner is None else 1,
        owner,
        None if owner is None else now + lease,
        None,
    )


def schedule(
    connection: Connection, match_id: str, now: float, owner: str | None = None, lease: float = 0.0
) -> Job:
    """The computer is to act in the match: a job due now (replacing any older one), free
    for any worker, or already claimed by ``owner`` for ``lease`` seconds (the process that
    stored the move plays the turn next, without a transaction of its own to claim it)."""
    unschedule(connection, match_id)
    job = new_job(match_id, now, owner, lease)
    connection.execute(
        _INSERT,
        {
            "match_id": job.match_id,
            "due_at": job.due_at,
            "attempts": job.attempts,
            "locked_by": job.locked_by,
            "locked_until": job.locked_until,
        },
    )
    return job


# Built once: the statements of every move (building one costs more than running it).
_DELETE = delete(JOBS).where(JOBS.c.match_id == bindparam("job_match"))
_INSERT = insert(JOBS)


def unschedule(connection: Connection, match_id: str) -> None:
    connection.execute(_DELETE, {"job_match": match_id})


def claim_due(
    connection: Connection, owner: str, now: float, lease: float, limit: int
) -> list[Job]:
    """Claim up to ``limit`` due jobs for ``owner``, oldest first."""
    query = (
        select(JOBS.c.match_id)
        .where(JOBS.c.due_at <= now, _free(now))
        .order_by(JOBS.c.due_at)
        .limit(limit)
    )
    if connection.dialect.name == "postgresql":
        query = query.with_for_update(skip_locked=True)
    ids = list(connection.scalars(query))
    return [job for match_id in ids if (job := _take(connection, match_id, owner, now, lease))]


def claim_one(
    connection: Connection,
    match_id: str,
    owner: str,
    now: float,
    lease: float,
    ignore_due: bool,
) -> Job | None:
    """Claim the job of one match if it is free or already ``owner``'s (and due, unless
    ``ignore_due``): a claimant whose release failed takes its own job up again."""
    return _take(connection, match_id, owner, now, lease, None if ignore_due else now, True)


def _take(
    connection: Connection,
    match_id: str,
    owner: str,
    now: float,
    lease: float,
    due_by: float | None = None,
    own: bool = False,
) -> Job | None:
    free = or_(_free(now), JOBS.c.locked_by == owner) if own else _free(now)
    condition = and_(JOBS.c.match_id == match_id, free)
    if due_by is not None:
        condition = and_(condition, JOBS.c.due_at <= due_by)
    taken = connection.execute(
        update(JOBS)
        .where(condition)
        .values(locked_by=owner, locked_until=now + lease, attempts=JOBS.c.attempts + 1)
    )
    if taken.rowcount != 1:
        return None
    return find(connection, match_id)


def release(
    connection: Connection, match_id: str, owner: str, due_at: float, error: str | None
) -> bool:
    """Give a claimed job back, due at ``due_at``, noting ``error``; nothing happens when
    the job is no longer ``owner``'s (its lease ran out and another worker took it, or its
    turn was stored meanwhile). True when it was released."""
    values: dict[str, object] = {"locked_by": None, "locked_until": None, "due_at": due_at}
    if error is not None:
        values["last_error"] = error[:MAX_ERROR]
    done = connection.execute(
        update(JOBS).where(JOBS.c.match_id == match_id, JOBS.c.locked_by == owner).values(**values)
    )
    return bool(done.rowcount)


def ensure(connection: Connection, match_id: str, count: int, now: float) -> bool:
    """A job for the match if it has none and still has ``count`` actions (its computer is
    to act there); true when one was added."""
    stored = connection.scalar(select(MATCHES.c.action_count).where(MATCHES.c.id == match_id))
    if stored is None or stored != count or find(connection, match_id) is not None:
        return False
    connection.execute(insert(JOBS).values(match_id=match_id, due_at=now, attempts=0))
    return True
