"""An action the expert weighed, with its value: what a hint and a review list beside the
chosen one, in every game.

>>> Alternative("take", 1.23456, "the upcard makes a set").to_dict()
{'action': 'take', 'value': 1.23, 'note': 'the upcard makes a set'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

__all__ = ["Alternative"]

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Alternative(Generic[A]):
    """An action with the expert's value for it (higher is better) and a short note; a game
    names its action type and, in :attr:`digits`, how finely its values are shown."""

    digits: ClassVar[int] = 2

    action: A
    value: float
    note: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "value": round(self.value, self.digits),
            "note": self.note,
        }
