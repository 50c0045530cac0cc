"""The table service shared by every front end (web, terminal)."""

from cardtable.table.service import (
    AccessDeniedError,
    MatchCreated,
    NotFoundError,
    NotYourTurnError,
    SeatSpec,
    StaleActionError,
    TableService,
)

__all__ = [
    "AccessDeniedError",
    "MatchCreated",
    "NotFoundError",
    "NotYourTurnError",
    "SeatSpec",
    "StaleActionError",
    "TableService",
]
