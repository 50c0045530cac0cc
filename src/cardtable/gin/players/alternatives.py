"""An action the expert weighed, with its value: what a hint and a review list beside the
chosen one (below both the expert and the hints, so neither imports the other back)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.gin.actions import Action

__all__ = ["Alternative"]


@dataclass(frozen=True, slots=True)
class Alternative:
    """An action with its estimated value (higher is better) and a short note."""

    action: Action
    value: float
    note: str

    def to_dict(self) -> dict[str, Any]:
        return {"action": str(self.action), "value": round(self.value, 2), "note": self.note}
