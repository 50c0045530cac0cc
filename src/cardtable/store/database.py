"""Matches and their actions in a SQL database (SQLite by default, or PostgreSQL).

A match is stored as its setup (game, rules, seed, first dealer, seats, the match it follows
in a series) plus the ordered list of accepted actions; the table service rebuilds any match
by replaying them, and keeps it current by applying only the actions stored since
(:meth:`Store.actions` with ``since``). Two writers racing for the same turn cannot both
succeed: the stored action count moves only from the count the writer saw, and the action
number is part of the primary key. ``follows`` is unique, so a series cannot fork either.

The transaction that stores actions also writes the computer's pending turn when one is due
(:mod:`cardtable.store.jobs`), and on PostgreSQL announces the match to every process
(:mod:`cardtable.store.feed`). This module imports nothing from the games: it stores their
rules and actions as text.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy import text as sql
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import (
    DisconnectionError,
    IntegrityError,
    InterfaceError,
    InternalError,
    OperationalError,
)
from sqlalchemy.exc import (
    TimeoutError as PoolTimeoutError,
)
from sqlalchemy.pool import PoolProxiedConnection

from cardtable.store import jobs
from cardtable.store.engines import conninfo, is_postgres, make_engine
from cardtable.store.feed import CHANNEL, ChangeFeed, payload
from cardtable.store.group_commit import GroupCommit
from cardtable.store.jobs import Job
from cardtable.store.pg_moves import Move, append_on_driver
from cardtable.store.schema import ACTIONS, JOBS, LESSONS, MATCHES, prepare
from cardtable.store.sqlite_moves import append_on_sqlite

__all__ = [
    "ActionConflictError",
    "SeriesConflictError",
    "Store",
    "StoreUnavailableError",
    "StoredAction",
    "StoredMatch",
    "default_url",
]

T = TypeVar("T")

# The statements of every request and move, built once (building one costs more than
# running it on SQLite).
_MATCH = select(MATCHES).where(MATCHES.c.id == bindparam("match_id"))
_COUNT = select(MATCHES.c.action_count).where(MATCHES.c.id == bindparam("match_id"))
_COUNT_SQL = f"SELECT action_count FROM {MATCHES.name} WHERE id = ?"

LOCK_TIMEOUT = 5.0  # seconds a statement waits for another writer's lock
# Connections that store a batch of moves at once on PostgreSQL (of the pool's 24, which
# every other statement of the process shares).
PARALLEL_APPENDS = 4


class ActionConflictError(Exception):
    """Another action was stored for this turn first."""


class SeriesConflictError(Exception):
    """Another match already follows this one in its series."""


class StoreUnavailableError(Exception):
    """The database did not answer: locked past the timeout, restarting, or unreachable.

    ``maybe_stored`` is false when the write surely did not happen (it failed before its
    commit), true when the commit itself failed and the write may have been kept.
    """

    def __init__(self, message: str, maybe_stored: bool = False) -> None:
        super().__init__(message)
        self.maybe_stored = maybe_stored


# What a database that is busy or away raises (a bug in a query raises something else).
_UNAVAILABLE = (OperationalError, InterfaceError, InternalError, PoolTimeoutError)


@dataclass(frozen=True, slots=True)
class StoredAction:
    number: int
    seat: int
    action: str


@dataclass(frozen=True, slots=True)
class StoredMatch:
    id: str
    created_at: str
    updated_at: str
    rules: dict[str, Any]
    seed: str
    first_dealer: int
    seats: list[dict[str, Any]]
    status: str
    summary: dict[str, Any]
    game: str  # the registry's name of the game (the store keeps it as text)
    follows: str | None = None
    action_count: int = 0


@dataclass(frozen=True, slots=True)
class Append:
    """The arguments of one :meth:`Store.append_actions`, for :meth:`Store.append_many`."""

    match_id: str
    first_number: int
    actions: list[tuple[int, str]]
    status: str
    summary: dict[str, Any]
    computer_next: bool = False
    claim_for: str | None = None
    lease: float = 0.0


def default_url() -> str:
    """``CARDTABLE_DATABASE_URL`` or ``GINRUMMY_DATABASE_URL``, else a SQLite file in the
    user's data directory."""
    url = os.environ.get("CARDTABLE_DATABASE_URL") or os.environ.get("GINRUMMY_DATABASE_URL")
    if url:
        return url
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    # The file keeps the place it had when the project was the ginrummy package, so that
    # every match saved there stays where the tables look for it.
    folder = Path(base) / "ginrummy"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'ginrummy.db'}"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _brief(error: BaseException) -> str:
    cause = getattr(error, "orig", None) or error
    return f"{type(cause).__name__}: {str(cause).strip().splitlines()[0] if str(cause) else ''}"


class Store:
    """The database of matches. ``url`` is any SQLAlchemy URL (SQLite by default;
    ``postgresql+psycopg://`` for several server processes); ``lock_timeout`` is how long a
    write waits for another writer before :class:`StoreUnavailableError`."""

    def __init__(
        self,
        url: str | None = None,
        lock_timeout: float = LOCK_TIMEOUT,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.url = url or default_url()
        self.postgres = is_postgres(self.url)
        self.clock = clock
        self.engine: Engine = make_engine(self.url, lock_timeout)
        self._lock_timeout = lock_timeout
        is_sqlite = self.engine.dialect.name == "sqlite"
        self._write_turn: threading.Lock | None = threading.Lock() if is_sqlite else None
        self._writer: Connection | None = None  # SQLite: the writers' connection, kept
        # SQLite: one writer at a time, a sync per commit; the writes waiting share one
        # (PostgreSQL's concurrent commits share their WAL flushes by themselves).
        self._group = (
            GroupCommit(
                self._writing,
                lock_timeout,
                clean=(ActionConflictError, KeyError),
                unavailable=StoreUnavailableError,
                busy=lambda: StoreUnavailableError(
                    "the database did not answer; nothing was stored (busy)"
                ),
            )
            if is_sqlite
            else None
        )
        with self._unavailable_as_error(), self.engine.begin() as connection:
            # True when this database was made by a version without the jobs table: the
            # computer turns pending there have no job yet (see TableService.resume_unfinished).
            self.needs_job_scan = prepare(connection)
        self._reader = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        self._parallel: ThreadPoolExecutor | None = None  # PostgreSQL's appends in parallel
        self._parallel_guard = threading.Lock()
        self._count_guard = threading.Lock()
        self._count_reader: PoolProxiedConnection | None = None

    def close(self) -> None:
        parallel, self._parallel = self._parallel, None
        if parallel is not None:
            parallel.shutdown(wait=True)
        turn = self._write_turn
        if turn is not None and turn.acquire(timeout=self._lock_timeout):
            try:
                if self._writer is not None:
                    with suppress(*_UNAVAILABLE):
                        self._writer.close()
                    self._writer = None
            finally:
                turn.release()
        with self._count_guard:
            if self._count_reader is not None:
                self._count_reader.close()
                self._count_reader = None
        self.engine.dispose()

    # -- transactions -------------------------------------------------------------------

    @staticmethod
    @contextmanager
    def _unavailable_as_error() -> Iterator[None]:
        try:
            yield
        except _UNAVAILABLE as error:
            raise StoreUnavailableError(f"the database did not answer ({_brief(error)})") from error

    @contextmanager
    def _reading(self) -> Iterator[Connection]:
        # Autocommit: a read needs no transaction, and so no ROLLBACK on the way back.
        with self._unavailable_as_error(), self._reader.connect() as connection:
            yield connection

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """A transaction; a failure before the commit stored nothing, one in the commit may
        have stored it (the reply was lost), and the error says which."""
        # SQLite takes one writer at a time: this process's writers queue here, in order,
        # rather than in SQLite's busy handler, which sleeps in growing steps.
        if self._write_turn is not None and not self._write_turn.acquire(
            timeout=self._lock_timeout
        ):
            raise StoreUnavailableError("the database did not answer; nothing was stored (busy)")
        connection: Connection | None = None
        committing = False
        kept = False
        try:
            # On SQLite the writers take turns (above), so one connection serves them all and
            # is kept between transactions: a checkout from the pool and back costs more of
            # this process's CPU than the statements of a move. Any failure drops it.
            connection, self._writer = self._writer, None
            if connection is None:
                connection = self.engine.connect()
            transaction = connection.begin()
            yield connection
            committing = True
            transaction.commit()
            kept = self._write_turn is not None
        except _UNAVAILABLE as error:
            if committing:
                raise StoreUnavailableError(
                    f"the database did not confirm the write ({_brief(error)})", maybe_stored=True
                ) from error
            raise StoreUnavailableError(
                f"the database did not answer; nothing was stored ({_brief(error)})"
            ) from error
        finally:
            if kept:
                self._writer = connection
            elif connection is not None:
                with suppress(*_UNAVAILABLE):  # a lost connection: the pool replaces it
                    connection.close()
            if self._write_turn is not None:
                self._write_turn.release()

    def _write(self, work: Callable[[Connection], T]) -> T:
        """``work`` in a transaction: on SQLite one shared with the writes waiting beside
        it (:mod:`cardtable.store.group_commit`), each acknowledged after its commit."""
        if self._group is not None:
            return self._group.run(work)
        with self._writing() as connection:
            return work(connection)

    @property
    def commit_stats(self) -> tuple[int, int]:
        """Writes and the commits that held them, since the store opened (SQLite)."""
        return (0, 0) if self._group is None else (self._group.writes, self._group.commits)

    def _announce(self, connection: Connection, match_id: str, count: int | None) -> None:
        if self.postgres:
            # Delivered to every listening process when (and only if) this commits.
            connection.execute(
                sql("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": payload(match_id, count)},
            )

    # -- matches ------------------------------------------------------------------------

    def create_match(
        self,
        match_id: str,
        rules: dict[str, Any],
        seed: str,
        first_dealer: int,
        seats: list[dict[str, Any]],
        game: str,
        follows: str | None = None,
        computer_next: bool = False,
    ) -> None:
        """Store a new match, with a job when a computer seat acts first; raises
        :class:`SeriesConflictError` if another match already follows ``follows``."""
        now = _now()
        try:
            with self._writing() as connection:
                connection.execute(
                    insert(MATCHES).values(
                        id=match_id,
                        created_at=now,
                        updated_at=now,
                        rules=json.dumps(rules),
                        seed=seed,
                        first_dealer=first_dealer,
                        seats=json.dumps(seats),
                        status="active",
                        summary="{}",
                        game=game,
                        follows=follows,
                        action_count=0,
                    )
                )
                if computer_next:
                    jobs.schedule(connection, match_id, self.clock())
        except IntegrityError:
            if follows is None:
                raise
            raise SeriesConflictError(f"a match already follows {follows}") from None

    def get_match(self, match_id: str) -> StoredMatch | None:
        """The match by its primary key, its action count included (one read)."""
        with self._reading() as connection:
            row = connection.execute(_MATCH, {"match_id": match_id}).first()
            return None if row is None else _stored(row)

    def next_of(self, match_id: str) -> StoredMatch | None:
        """The match that follows ``match_id`` in its series, if one was started."""
        with self._reading() as connection:
            row = connection.execute(select(MATCHES).where(MATCHES.c.follows == match_id)).first()
            return None if row is None else _stored(row)

    def list_matches(self, status: str | None = None) -> list[StoredMatch]:
        with self._reading() as connection:
            query = select(MATCHES).order_by(MATCHES.c.updated_at.desc())
            if status is not None:
                query = query.where(MATCHES.c.status == status)
            return [_stored(row) for row in connection.execute(query)]

    def delete_match(self, match_id: str) -> bool:
        """Remove a match, its actions and its pending computer turn in one transaction;
        false when there was no such match. A match of its series that follows it keeps its
        own rows (its ``follows`` then names a match that is gone)."""

        def work(connection: Connection) -> bool:
            connection.execute(delete(JOBS).where(JOBS.c.match_id == match_id))
            connection.execute(delete(ACTIONS).where(ACTIONS.c.match_id == match_id))
            gone = connection.execute(delete(MATCHES).where(MATCHES.c.id == match_id))
            self._announce(connection, match_id, None)
            return bool(gone.rowcount)

        return self._write(work)

    def set_seat_name(self, match_id: str, seat: int, name: str) -> bool:
        """Write the name of a seat (a friend naming itself on joining); false when there
        is no such match. The seats are read and written in one transaction."""

        def work(connection: Connection) -> bool:
            found = connection.scalar(select(MATCHES.c.seats).where(MATCHES.c.id == match_id))
            if found is None:
                return False
            seats = json.loads(found)
            seats[seat]["name"] = name
            connection.execute(
                update(MATCHES).where(MATCHES.c.id == match_id).values(seats=json.dumps(seats))
            )
            self._announce(connection, match_id, None)
            return True

        return self._write(work)

    # -- lessons --------------------------------------------------------------------------

    def create_lesson(self, lesson_id: str, game: str, expire_before: float) -> None:
        """A new lesson with no answer yet; lessons untouched since ``expire_before``
        (seconds since the epoch) are removed in the same transaction."""
        now = self.clock()

        def work(connection: Connection) -> None:
            connection.execute(delete(LESSONS).where(LESSONS.c.touched_at < expire_before))
            connection.execute(
                insert(LESSONS).values(
                    id=lesson_id, game=game, answers="[]", answer_count=0, touched_at=now
                )
            )

        self._write(work)

    def lesson(self, lesson_id: str) -> tuple[str, list[tuple[str, str]]] | None:
        """A lesson's game and its answers so far, in order; ``None`` when there is none."""
        with self._reading() as connection:
            row = connection.execute(
                select(LESSONS.c.game, LESSONS.c.answers).where(LESSONS.c.id == lesson_id)
            ).first()
        if row is None:
            return None
        return str(row.game), [(str(kind), str(text)) for kind, text in json.loads(row.answers)]

    def add_lesson_answer(self, lesson_id: str, answers: list[tuple[str, str]], seen: int) -> bool:
        """Store a lesson's answers (``seen`` of them were stored before, the new one
        last); false when another request stored one meanwhile or the lesson is gone."""
        now = self.clock()

        def work(connection: Connection) -> bool:
            done = connection.execute(
                update(LESSONS)
                .where(LESSONS.c.id == lesson_id, LESSONS.c.answer_count == seen)
                .values(
                    answers=json.dumps([list(answer) for answer in answers]),
                    answer_count=len(answers),
                    touched_at=now,
                )
            )
            return bool(done.rowcount)

        return self._write(work)

    def actions(self, match_id: str, since: int = 0) -> list[StoredAction]:
        """The stored actions numbered ``since`` and after, in order."""
        with self._reading() as connection:
            rows = connection.execute(
                select(ACTIONS.c.number, ACTIONS.c.seat, ACTIONS.c.action)
                .where(ACTIONS.c.match_id == match_id, ACTIONS.c.number >= since)
                .order_by(ACTIONS.c.number)
            )
            return [StoredAction(number, seat, action) for number, seat, action in rows]

    def action_count(self, match_id: str) -> int:
        """How many actions the match has stored (0 for no such match): asked before each
        view on SQLite, so it skips SQLAlchemy's statement machinery there."""
        if self._write_turn is not None:
            return self._sqlite_count(match_id)
        with self._reading() as connection:
            count = connection.scalar(_COUNT, {"match_id": match_id})
            return int(count or 0)

    def _sqlite_count(self, match_id: str) -> int:
        with self._unavailable_as_error(), self._count_guard:
            if self._count_reader is None:
                self._count_reader = self.engine.raw_connection()  # kept until close()
            try:
                row = self._count_reader.cursor().execute(_COUNT_SQL, (match_id,)).fetchone()
            except sqlite3.Error as error:
                self._count_reader.invalidate()
                self._count_reader = None
                raise StoreUnavailableError(f"the database did not answer ({error})") from error
            return int(row[0] or 0) if row else 0

    def append_actions(
        self,
        match_id: str,
        first_number: int,
        actions: list[tuple[int, str]],
        status: str,
        summary: dict[str, Any],
        computer_next: bool = False,
        claim_for: str | None = None,
        lease: float = 0.0,
    ) -> Job | None:
        """Store actions numbered from ``first_number``, the match status and whether a
        computer seat is to act next (its job written, claimed by ``claim_for`` for
        ``lease`` seconds if given; else any job of the match deleted), in one transaction;
        the job written, if any. Raises :class:`ActionConflictError` if the match has moved
        past ``first_number`` (any number is taken)."""
        return self._append_one(
            *self._prepared(
                Append(
                    match_id, first_number, actions, status, summary,
                    computer_next, claim_for, lease,
                )
            )
        )  # fmt: skip

    def append_many(self, appends: list[Append]) -> list[Job | Exception | None]:
        """Several :meth:`append_actions` (of different matches) at once, each with its own
        outcome, in order: the job written (or ``None``), or the exception that call would
        have raised. On SQLite they share commits, and the caller waits once for all."""
        moves = [self._prepared(append) for append in appends]
        if self.postgres or self._group is None:

            def one(move: Move, job: tuple[float, str | None, float] | None) -> Any:
                try:
                    return self._append_one(move, job)
                except Exception as error:
                    return error

            if not self.postgres or len(moves) < 2:
                return [one(move, job) for move, job in moves]
            # One autocommit statement each, a round trip and a commit flushed to disk:
            # sent over a few connections at once, the server flushes their commits
            # together, where one after the other each waits for the last.
            return list(self._parallel_pool().map(one, *zip(*moves, strict=True)))
        outcomes: list[Job | Exception | None] = []
        ran = self._group.run_many([self._append_work(move, job) for move, job in moves])
        for (move, _), (value, failure) in zip(moves, ran, strict=True):
            if isinstance(failure, IntegrityError):
                outcomes.append(_conflict(move))
            elif isinstance(failure, Exception):
                outcomes.append(failure)
            elif failure is not None:  # an interrupt, not an outcome
                raise failure
            else:
                outcomes.append(value)
        return outcomes

    def _prepared(self, a: Append) -> tuple[Move, tuple[float, str | None, float] | None]:
        """The move to store and its job (due now, claimed by, lease), if one is written."""
        move = Move(a.match_id, a.first_number, a.actions, a.status, a.summary, _now())
        return move, (self.clock(), a.claim_for, a.lease) if a.computer_next else None

    def _append_one(self, move: Move, job: tuple[float, str | None, float] | None) -> Job | None:
        if self.postgres:
            return self._append_in_one(move, job)
        try:
            return self._write(self._append_work(move, job))
        except IntegrityError:
            raise _conflict(move) from None

    def _parallel_pool(self) -> ThreadPoolExecutor:
        with self._parallel_guard:
            if self._parallel is None:
                self._parallel = ThreadPoolExecutor(
                    PARALLEL_APPENDS, thread_name_prefix="cardtable-append"
                )
            return self._parallel

    def _append_work(
        self, move: Move, job: tuple[float, str | None, float] | None
    ) -> Callable[[Connection], Job | None]:
        """The write of :meth:`append_actions` on SQLite, for a (group) transaction."""

        def work(connection: Connection) -> Job | None:
            # The count moves only from the one this writer saw: a racing writer finds
            # no row to update.
            moved, written = append_on_sqlite(connection, move, job)
            if not moved:
                exists = connection.scalar(
                    select(MATCHES.c.id).where(MATCHES.c.id == move.match_id)
                )
                if exists is None:
                    raise KeyError(move.match_id)
                raise _conflict(move)
            return written

        return work

    def _append_in_one(self, move: Move, job: tuple[float, str | None, float] | None) -> Job | None:
        """:meth:`append_actions` on PostgreSQL: one statement in autocommit
        (:mod:`cardtable.store.pg_moves`); ``job`` is (due, claimed by, lease), or ``None``.

        The pool lends a connection used in the last seconds without checking it (a round
        trip: see :mod:`cardtable.store.engines`), so after a restart of the server the
        first statement on it finds it lost. The statement is then sent once more on a new
        connection: it stores the move only if the count has not moved, so it cannot store
        it twice; when it finds the count moved, the first try may have stored it, and the
        error says so (the table then looks)."""
        try:
            moved, exists, written = self._append_statement(move, job)
        except StoreUnavailableError as error:
            if not error.maybe_stored:
                raise
            moved, exists, written = self._append_statement(move, job)
            if not moved and exists is not None:
                raise error from None
        if not moved:
            if exists is None:
                raise KeyError(move.match_id)
            raise _conflict(move)
        return written

    def _append_statement(
        self, move: Move, job: tuple[float, str | None, float] | None
    ) -> tuple[bool, str | None, Job | None]:
        """Whether the statement moved the match, (when not) the match's id if it exists,
        and the job written; a lost connection raises :class:`StoreUnavailableError` with
        ``maybe_stored``. The statement goes to the pooled driver connection itself
        (:func:`cardtable.store.pg_moves.append_on_driver`), in autocommit for its length."""
        import psycopg

        try:
            pooled = self.engine.raw_connection()  # (the pool raises the driver's errors)
        except (*_UNAVAILABLE, psycopg.Error, DisconnectionError) as error:
            raise StoreUnavailableError(
                f"the database did not answer; nothing was stored ({_brief(error)})"
            ) from error
        driver: Any = pooled.driver_connection
        lost = False
        try:
            driver.autocommit = True
            moved, exists, written = append_on_driver(driver, move, job)
        except psycopg.IntegrityError:
            raise _conflict(move) from None
        except psycopg.Error as error:
            # Lost on the way (the connection dropped): the server may have run it.
            # Refused by the server (a lock or statement timeout): nothing was stored.
            lost = bool(driver.closed or driver.broken)
            if lost:  # the server restarted, most likely: every pooled connection is gone
                pooled.invalidate(error)
                self.engine.dispose()
            raise StoreUnavailableError(
                f"the database did not confirm the write ({_brief(error)})"
                if lost
                else f"the database did not answer; nothing was stored ({_brief(error)})",
                maybe_stored=lost,
            ) from error
        finally:
            if not lost:
                with suppress(psycopg.Error):
                    driver.autocommit = False  # as the pool's other users expect it
            pooled.close()
        return moved, move.match_id if exists else None, written

    def announce(self, match_id: str) -> None:
        """Tell every process that something other than its actions changed in the match
        (the next match of its series was started); nothing to do on SQLite."""
        if self.postgres:
            with self._writing() as connection:
                self._announce(connection, match_id, None)

    def feed(
        self, on_change: Callable[[str, int | None], None], on_gap: Callable[[], None]
    ) -> ChangeFeed | None:
        """A listener of other processes' announcements (not started), or ``None`` on a
        database that has none (SQLite: one process serves it)."""
        if not self.postgres:
            return None
        return ChangeFeed(conninfo(self.url), on_change, on_gap, self._server_lost)

    def _server_lost(self) -> None:
        """The feed lost its connection, most likely with every other one (a restart): the
        pool's connections are dropped, so that the next requests open new ones rather than
        each find a dead one (the pool checks only those that lay idle)."""
        self.engine.dispose()

    # -- the computer's pending turns -----------------------------------------------------

    def claim_jobs(self, owner: str, lease: float, limit: int = 8) -> list[Job]:
        """Claim up to ``limit`` due jobs for ``lease`` seconds."""
        return self._write(lambda c: jobs.claim_due(c, owner, self.clock(), lease, limit))

    def claim_job(
        self, match_id: str, owner: str, lease: float, ignore_due: bool = False
    ) -> Job | None:
        """Claim the job of one match, if it has a free one (and it is due)."""
        return self._write(
            lambda c: jobs.claim_one(c, match_id, owner, self.clock(), lease, ignore_due)
        )

    def release_job(
        self, match_id: str, owner: str, delay: float = 0.0, error: str | None = None
    ) -> bool:
        """Give back ``owner``'s job, due again in ``delay`` seconds, noting ``error``."""
        return self._write(lambda c: jobs.release(c, match_id, owner, self.clock() + delay, error))

    def ensure_job(self, match_id: str, count: int) -> bool:
        """A job for a match whose computer is to act at ``count`` actions, if it has none
        (a database written before jobs existed); true when one was added."""
        return self._write(lambda c: jobs.ensure(c, match_id, count, self.clock()))

    def job(self, match_id: str) -> Job | None:
        """The match's pending turn, if any (for inspection: workers claim jobs)."""
        with self._reading() as connection:
            return jobs.find(connection, match_id)


def _stored(row: Any) -> StoredMatch:
    return StoredMatch(
        id=row.id,
        created_at=row.created_at,
        updated_at=row.updated_at,
        rules=json.loads(row.rules),
        seed=row.seed,
        first_dealer=row.first_dealer,
        seats=json.loads(row.seats),
        status=row.status,
        summary=json.loads(row.summary or "{}"),
        game=row.game,
        follows=row.follows,
        action_count=row.action_count or 0,
    )


def _conflict(move: Move) -> ActionConflictError:
    return ActionConflictError(f"action {move.first_number} of {move.match_id} exists")
