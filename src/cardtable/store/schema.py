"""The tables: matches, their actions, and the computer's pending turn of each match (jobs).

``matches.action_count`` is the number of stored actions, written in the same transaction as
they are, so reading one match by its primary key says whether a cached copy is current.
``jobs`` holds at most one row per match: it exists while a computer seat is to act, and is
written (or deleted) in the transaction that stores the actions leading there; a worker of
any process claims it with a lease (``locked_by``, ``locked_until``) and deletes it in the
transaction that stores the computer's moves.

A database made before a column or table existed gains it when it is opened
(:func:`prepare`), so no stored match is ever lost to an upgrade.
"""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Index, Integer, String, Table, Text, inspect
from sqlalchemy import text as sql
from sqlalchemy.engine import Connection
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "ACTIONS",
    "JOBS",
    "LESSONS",
    "MATCHES",
    "ActionRow",
    "JobRow",
    "LessonRow",
    "MatchRow",
    "prepare",
]

# Several processes may open a new database at once: on PostgreSQL the schema is made under
# this advisory lock, so that only one of them creates the tables.
_SCHEMA_LOCK = 0x636172647461  # "cardta"


class _Base(DeclarativeBase):
    pass


class MatchRow(_Base):
    __tablename__ = "matches"
    __table_args__ = (Index("ix_matches_follows", "follows", unique=True),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[str] = mapped_column(String(32))
    updated_at: Mapped[str] = mapped_column(String(32))
    rules: Mapped[str] = mapped_column(Text)
    seed: Mapped[str] = mapped_column(String(128))
    first_dealer: Mapped[int] = mapped_column(Integer)
    seats: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default="active")
    summary: Mapped[str] = mapped_column(Text, default="{}")
    game: Mapped[str] = mapped_column(String(16))
    follows: Mapped[str | None] = mapped_column(String(32), nullable=True, default=None)
    action_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class ActionRow(_Base):
    __tablename__ = "actions"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    created_at: Mapped[str] = mapped_column(String(32))


class JobRow(_Base):
    """The computer's pending turn in a match. Times are seconds since the epoch."""

    __tablename__ = "jobs"
    __table_args__ = (Index("ix_jobs_due_at", "due_at"),)

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    due_at: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    locked_by: Mapped[str | None] = mapped_column(String(96), nullable=True, default=None)
    locked_until: Mapped[float | None] = mapped_column(Float, nullable=True, default=None)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True, default=None)


class LessonRow(_Base):
    """A guided lesson in progress: its game and the learner's answers so far (a JSON list
    of ``[kind, text]``), from which any process rebuilds it. Lessons are short and not
    worth keeping: one untouched past its expiry (``touched_at``, seconds since the epoch)
    is removed."""

    __tablename__ = "lessons"
    __table_args__ = (Index("ix_lessons_touched_at", "touched_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    answers: Mapped[str] = mapped_column(Text, default="[]")
    answer_count: Mapped[int] = mapped_column(Integer, default=0)
    touched_at: Mapped[float] = mapped_column(Float)


# The tables as the store queries them (SQLAlchemy Core: no session per request).
MATCHES: Table = _Base.metadata.tables["matches"]
ACTIONS: Table = _Base.metadata.tables["actions"]
JOBS: Table = _Base.metadata.tables["jobs"]
LESSONS: Table = _Base.metadata.tables["lessons"]


def prepare(connection: Connection) -> bool:
    """Create the tables a database lacks and upgrade older ones, in the caller's
    transaction; true when the jobs table was added to a database that held matches (made
    by a version that ran the computer's turns in the request), so that the caller can
    schedule the turns that were pending there."""
    if _complete(connection):  # the usual case: no lock taken, so a busy database opens
        return False
    if connection.dialect.name == "postgresql":
        connection.execute(sql("SELECT pg_advisory_xact_lock(:key)"), {"key": _SCHEMA_LOCK})
    elif connection.dialect.name == "sqlite":
        # The write lock first (the driver would begin only at the first write): two
        # processes opening a new file must not both find it empty.
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    found = inspect(connection)
    older = found.has_table("matches") and not found.has_table("jobs")
    _Base.metadata.create_all(connection)
    _upgrade(connection)
    return older


def _complete(connection: Connection) -> bool:
    """Whether every table and column of this version is there already."""
    found = inspect(connection)
    tables = _Base.metadata.tables
    if not all(found.has_table(name) for name in tables):
        return False
    have = {column["name"] for column in found.get_columns("matches")}
    return set(tables["matches"].columns.keys()) <= have


def _upgrade(connection: Connection) -> None:
    """Add the columns a database made by an earlier version lacks (every match there is a
    gin match, and none follows another; the action count is counted once)."""
    columns = {column["name"] for column in inspect(connection).get_columns("matches")}
    if "game" not in columns:
        # A fact about old data, not a default: the versions before this column played gin.
        connection.execute(
            sql("ALTER TABLE matches ADD COLUMN game VARCHAR(16) NOT NULL DEFAULT 'gin'")
        )
    if "follows" not in columns:
        connection.execute(sql("ALTER TABLE matches ADD COLUMN follows VARCHAR(32)"))
    if "action_count" not in columns:
        connection.execute(
            sql("ALTER TABLE matches ADD COLUMN action_count INTEGER NOT NULL DEFAULT 0")
        )
        connection.execute(
            sql(
                "UPDATE matches SET action_count ="
                " (SELECT COUNT(*) FROM actions WHERE actions.match_id = matches.id)"
            )
        )
    # The indexes exist already in a new database; checkfirst makes this a no-op there.
    for table in ("matches", "jobs", "lessons"):
        for index in _Base.metadata.tables[table].indexes:
            index.create(connection, checkfirst=True)
