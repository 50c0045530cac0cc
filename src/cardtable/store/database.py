"""Matches and their actions in a SQL database.

A match is stored as its setup (game, rules, seed, first dealer, seats, the match it follows
in a series) plus the ordered list of accepted actions; the table service rebuilds any match
by replaying them. The action number is part of the primary key, so two writers racing for the
same turn cannot both succeed; ``follows`` is unique, so a series cannot fork either. This
module imports nothing from the games: it stores their rules and actions as text.

A database made before a column existed gains it when it is opened (:func:`_upgrade`), so
no stored match is ever lost to an upgrade.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    create_engine,
    event,
    func,
    inspect,
    select,
)
from sqlalchemy import (
    text as sql,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

__all__ = [
    "ActionConflictError",
    "SeriesConflictError",
    "Store",
    "StoredAction",
    "StoredMatch",
    "default_url",
]


class ActionConflictError(Exception):
    """Another action was stored for this turn first."""


class SeriesConflictError(Exception):
    """Another match already follows this one in its series."""


class _Base(DeclarativeBase):
    pass


class _MatchRow(_Base):
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
    game: Mapped[str] = mapped_column(String(16), default="gin", server_default="gin")
    follows: Mapped[str | None] = mapped_column(String(32), nullable=True, default=None)


class _ActionRow(_Base):
    __tablename__ = "actions"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    created_at: Mapped[str] = mapped_column(String(32))


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
    game: str = "gin"
    follows: str | None = None


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


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL lets the web and terminal tables read while the other writes; FULL sync makes an
    # accepted action survive a killed process.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


class Store:
    """The database of matches. ``url`` is any SQLAlchemy URL (SQLite by default)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        kwargs: dict[str, Any] = {}
        if self.url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 5}
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        _Base.metadata.create_all(self.engine)
        _upgrade(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    def create_match(
        self,
        match_id: str,
        rules: dict[str, Any],
        seed: str,
        first_dealer: int,
        seats: list[dict[str, Any]],
        game: str = "gin",
        follows: str | None = None,
    ) -> None:
        """Store a new match; raises :class:`SeriesConflictError` if another match already
        follows ``follows``."""
        now = _now()
        try:
            with self._sessions.begin() as session:
                session.add(
                    _MatchRow(
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
                    )
                )
        except IntegrityError:
            if follows is None:
                raise
            raise SeriesConflictError(f"a match already follows {follows}") from None

    def get_match(self, match_id: str) -> StoredMatch | None:
        with self._sessions() as session:
            row = session.get(_MatchRow, match_id)
            return None if row is None else _stored(row)

    def next_of(self, match_id: str) -> StoredMatch | None:
        """The match that follows ``match_id`` in its series, if one was started."""
        with self._sessions() as session:
            row = session.scalars(select(_MatchRow).where(_MatchRow.follows == match_id)).first()
            return None if row is None else _stored(row)

    def list_matches(self, status: str | None = None) -> list[StoredMatch]:
        with self._sessions() as session:
            query = select(_MatchRow).order_by(_MatchRow.updated_at.desc())
            if status is not None:
                query = query.where(_MatchRow.status == status)
            return [_stored(row) for row in session.scalars(query)]

    def actions(self, match_id: str) -> list[StoredAction]:
        with self._sessions() as session:
            rows = session.scalars(
                select(_ActionRow)
                .where(_ActionRow.match_id == match_id)
                .order_by(_ActionRow.number)
            )
            return [StoredAction(r.number, r.seat, r.action) for r in rows]

    def action_count(self, match_id: str) -> int:
        with self._sessions() as session:
            count = session.scalar(
                select(func.count()).select_from(_ActionRow).where(_ActionRow.match_id == match_id)
            )
            return int(count or 0)

    def append_actions(
        self,
        match_id: str,
        first_number: int,
        actions: list[tuple[int, str]],
        status: str,
        summary: dict[str, Any],
    ) -> None:
        """Store actions numbered from ``first_number`` and the match status, in one
        transaction; raises :class:`ActionConflictError` if any number is taken."""
        now = _now()
        try:
            with self._sessions.begin() as session:
                self._append(session, match_id, first_number, actions, now)
                row = session.get(_MatchRow, match_id)
                if row is None:
                    raise KeyError(match_id)
                row.updated_at = now
                row.status = status
                row.summary = json.dumps(summary)
        except IntegrityError:
            raise ActionConflictError(f"action {first_number} of {match_id} exists") from None

    @staticmethod
    def _append(
        session: Session, match_id: str, first: int, actions: list[tuple[int, str]], now: str
    ) -> None:
        for offset, (seat, text) in enumerate(actions):
            session.add(
                _ActionRow(
                    match_id=match_id, number=first + offset, seat=seat, action=text, created_at=now
                )
            )
        session.flush()


def _stored(row: _MatchRow) -> StoredMatch:
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
        game=row.game or "gin",
        follows=row.follows,
    )


def _upgrade(engine: Engine) -> None:
    """Add the columns a database made by an earlier version lacks (every match there is a
    gin match, and none follows another)."""
    columns = {column["name"] for column in inspect(engine).get_columns("matches")}
    with engine.begin() as connection:
        if "game" not in columns:
            connection.execute(
                sql("ALTER TABLE matches ADD COLUMN game VARCHAR(16) NOT NULL DEFAULT 'gin'")
            )
        if "follows" not in columns:
            connection.execute(sql("ALTER TABLE matches ADD COLUMN follows VARCHAR(32)"))
    # The index exists already in a new database; checkfirst makes this a no-op there.
    for index in _Base.metadata.tables["matches"].indexes:
        index.create(engine, checkfirst=True)
