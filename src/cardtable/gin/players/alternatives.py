"""An action the expert weighed, with its value: what a hint and a review list beside the
chosen one (below both the expert and the hints, so neither imports the other back)."""

from __future__ import annotations

from cardtable.games.alternatives import Alternative as _Alternative
from cardtable.gin.actions import Action

__all__ = ["Alternative"]


class Alternative(_Alternative[Action]):
    """A gin action with its estimated value (higher is better) and a short note."""

    __slots__ = ()
