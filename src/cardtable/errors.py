"""The few precise errors the engine raises; all are :class:`ValueError` subclasses."""

from __future__ import annotations

__all__ = [
    "CardTableError",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidRecordError",
    "InvalidRulesError",
    "NotYourTurnError",
    "UnknownGameError",
]


class CardTableError(ValueError):
    """Base class of every error this package raises for bad input."""


class InvalidCardError(CardTableError):
    """A card or list of cards could not be parsed, or repeats a card."""


class InvalidMeldError(CardTableError):
    """A group of cards is not a set or a run, or an arrangement does not fit the hand."""


class InvalidRulesError(CardTableError):
    """A rules setting is unknown or out of range."""


class IllegalActionError(CardTableError):
    """An action breaks a rule; the message names the rule. The state is left unchanged."""


class InvalidRecordError(CardTableError):
    """A match record is malformed; ``line`` is the 1-based line number of the problem."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)


class UnknownGameError(CardTableError, LookupError):
    """No game of that name is installed (the message names those there are)."""


class NotYourTurnError(IllegalActionError):
    """The seat acted (or asked for a hint) when it is not its turn, or the match is over."""
