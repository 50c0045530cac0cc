"""Persistence of matches behind the table service (SQLAlchemy; SQLite by default,
PostgreSQL for several server processes): matches, their actions, the computer's pending
turns, and the announcements of changes between processes."""

from cardtable.store.database import (
    ActionConflictError,
    Append,
    SeriesConflictError,
    Store,
    StoredAction,
    StoredMatch,
    StoreUnavailableError,
    default_url,
)
from cardtable.store.feed import ChangeFeed
from cardtable.store.jobs import Job

__all__ = [
    "ActionConflictError",
    "Append",
    "ChangeFeed",
    "Job",
    "SeriesConflictError",
    "Store",
    "StoreUnavailableError",
    "StoredAction",
    "StoredMatch",
    "default_url",
]
