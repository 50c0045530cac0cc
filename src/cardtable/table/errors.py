"""The table's refusals, on top of the games' own (all are ``ValueError`` subclasses), and
the one fault it reports as such: the database did not answer."""

from __future__ import annotations

from cardtable.errors import CardTableError, IllegalActionError, NotYourTurnError

__all__ = [
    "AccessDeniedError",
    "NotFoundError",
    "NotYourTurnError",
    "StaleActionError",
    "TableUnavailableError",
    "UnplayableMatchError",
]


class NotFoundError(CardTableError):
    """No match (or lesson) with that id."""


class AccessDeniedError(CardTableError):
    """The seat token does not open a seat of that match."""


class UnplayableMatchError(CardTableError):
    """A stored match the table cannot rebuild: its rules are ones it no longer accepts
    (a setting beyond its range, stored before the ranges existed). Refused, never
    clamped: it may be deleted, not viewed or played."""


class StaleActionError(IllegalActionError):
    """The action was meant for an earlier state (another action got there first)."""


class TableUnavailableError(Exception):
    """The database did not answer while a move was being stored. Not a refusal of the
    move: the message says whether it was stored (``stored`` false), or that it could not
    be told (``stored`` None) and the table must be looked at again. A move that was stored
    never raises this: its reply is the seat's view."""

    def __init__(self, message: str, stored: bool | None) -> None:
        super().__init__(message)
        self.stored = stored
