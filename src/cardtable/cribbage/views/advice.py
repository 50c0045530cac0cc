"""The expert's advice for a seat's turn at a Cribbage table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["HintView"]


@dataclass(frozen=True, slots=True)
class HintView:
    """The action the expert would take, why in a sentence, and the figures behind it."""

    action: str
    text: str
    details: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "text": self.text, **dict(self.details)}
