"""The few precise errors the engine raises; all are :class:`ValueError` subclasses."""

from __future__ import annotations

__all__ = [
    "GinRummyError",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidRecordError",
    "InvalidRulesError",
]


class GinRummyError(ValueError):
    """Base class of every error this package raises for bad input."""


class InvalidCardError(GinRummyError):
    """A card or list of cards could not be parsed, or repeats a card."""


class InvalidMeldError(GinRummyError):
    """A group of cards is not a set or a run, or an arrangement does not fit the hand."""


class InvalidRulesError(GinRummyError):
    """A rules setting is unknown or out of range."""


class IllegalActionError(GinRummyError):
    """An action breaks a rule; the message names the rule. The state is left unchanged."""


class InvalidRecordError(GinRummyError):
    """A match record is malformed; ``line`` is the 1-based line number of the problem."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)
