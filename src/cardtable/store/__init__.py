"""Persistence of matches behind the table service (SQLAlchemy; SQLite by default)."""

from cardtable.store.database import (
    ActionConflictError,
    SeriesConflictError,
    Store,
    StoredAction,
    StoredMatch,
    default_url,
)

__all__ = [
    "ActionConflictError",
    "SeriesConflictError",
    "Store",
    "StoredAction",
    "StoredMatch",
    "default_url",
]
