"""The table's refusals, on top of the games' own (all are ``ValueError`` subclasses)."""

from __future__ import annotations

from cardtable.errors import CardTableError, IllegalActionError

__all__ = ["AccessDeniedError", "NotFoundError", "NotYourTurnError", "StaleActionError"]


class NotFoundError(CardTableError):
    """No match (or lesson) with that id."""


class AccessDeniedError(CardTableError):
    """The seat token does not open a seat of that match."""


class NotYourTurnError(IllegalActionError):
    """The seat acted (or asked for a hint) when it is not its turn, or the match is over."""


class StaleActionError(IllegalActionError):
    """The action was meant for an earlier state (another action got there first)."""
