"""Who sits at a table: a person or a computer player in each seat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

__all__ = ["MatchCreated", "SeatSpec"]


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits in a seat: a person (``name``, "You" when none is given) or a computer
    player of a ``level`` (named by it unless ``name`` says otherwise).

    ``client`` names the front end that opened a person's seat (``"terminal"``, ``"web"``); it
    is stored with the seat so a front end can find its own unfinished matches again.
    """

    kind: Literal["human", "computer"]
    name: str = ""
    level: str = "intermediate"
    client: str = ""

    def to_stored(self, token: str | None) -> dict[str, Any]:
        """The seat as the store keeps it (a person's seat with its token)."""
        # A computer is named by its level; a person who gave no name is "You" to itself
        # (never a level's name: a person has none).
        default = self.level.title() if self.kind == "computer" else "You"
        data: dict[str, Any] = {"kind": self.kind, "name": self.name or default}
        if self.kind == "computer":
            data["level"] = self.level
        else:
            data["token"] = token
            if self.client:
                data["client"] = self.client
        return data

    @classmethod
    def from_stored(cls, seat: dict[str, Any]) -> SeatSpec:
        if seat.get("kind") == "computer":
            level = str(seat.get("level") or "intermediate")
            return cls("computer", name=str(seat.get("name") or ""), level=level)
        return cls("human", name=str(seat.get("name") or ""), client=str(seat.get("client") or ""))


@dataclass(frozen=True, slots=True)
class MatchCreated:
    """A new match and the tokens of its people's seats (``None`` for a computer's)."""

    match_id: str
    tokens: tuple[str | None, str | None]
