"""What every game's statistics figures (the ``seat_stats`` of a game, a
:class:`~cardtable.games.interface.SeatStats`) count and say alike: counts that add up
field by field over matches, an average to a tenth, and a share in words.

>>> share(3, 5), share(0, 0), per(7, 2), per(7, 0)
('3 of 5', 'none yet', 3.5, None)
"""

from __future__ import annotations

from typing import Self

__all__ = ["Counts", "per", "share"]


class Counts:
    """A base for a game's figures as a slotted dataclass of whole counts: two of them add
    up field by field (a seat's figures over many matches)."""

    __slots__ = ()

    def __add__(self, other: Self) -> Self:
        names: tuple[str, ...] = self.__slots__  # the subclass's: its fields, in order
        return type(self)(*(getattr(self, name) + getattr(other, name) for name in names))


def per(points: int, count: int) -> float | None:
    """``points`` averaged over ``count``, to a tenth; ``None`` when there is nothing."""
    return None if not count else round(points / count, 1)


def share(part: int, whole: int) -> str:
    """``part of whole`` in words, or ``none yet`` when there is no whole."""
    return f"{part} of {whole}" if whole else "none yet"
