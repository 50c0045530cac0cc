"""A person's seat at a match of any game, read from its seat views' :class:`Basics`.

The generic screens (:mod:`cardtable.tui.generic_screen`, :mod:`cardtable.tui.generic_plain`)
play a game that brings no terminal screens of its own through this seat: the hand, what is
public, the events and the legal actions come from ``view.basics()``, in the game's own
words, so nothing here knows a game's rules.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from cardtable.games import game
from cardtable.games.views import Basics
from cardtable.tui.seats import NoMatchError, SeatSession

__all__ = ["BasicsUpdate", "BasicsView", "GenericTable", "generic_table"]


class BasicsView(Protocol):
    """A seat view as the generic screens read it (every game's seat view is one)."""

    @property
    def game(self) -> str: ...

    @property
    def action_count(self) -> int: ...

    def basics(self) -> Basics: ...

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class BasicsUpdate:
    """What changed since the last look: the new events, as the seat's view words them."""

    events: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.events)


class GenericTable(SeatSession[Any, BasicsUpdate]):
    """A person's seat in a match of :attr:`game` (a subclass per game:
    :func:`generic_table`)."""

    game: ClassVar[str] = ""
    start_command: ClassVar[str] = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._told: tuple[str, ...] = ()
        super().__init__(*args, **kwargs)

    @classmethod
    def own_view(cls, view: object) -> Any:
        if getattr(view, "game", None) != cls.game or not callable(getattr(view, "basics", None)):
            raise NoMatchError(f"that match is not a {cls.game} match")
        return view

    @staticmethod
    def deals_done(view: Any) -> int:
        return 0  # the generic screens tell events as they come, deal or not

    @property
    def basics(self) -> Basics:
        basics: Basics = self.view.basics()
        return basics

    @property
    def my_turn(self) -> bool:
        return self.basics.my_turn

    @property
    def finished(self) -> bool:
        return self.basics.finished

    @property
    def title(self) -> str:
        return game(self.game).title

    def names(self) -> tuple[str, str]:
        """Who sits in each seat, as the table names them ("You" for this seat)."""
        players = self.service.summary(self.match_id).players
        named = [
            "You"
            if seat == self.seat
            else player.name or ("The computer" if player.kind == "computer" else "Opponent")
            for seat, player in enumerate(players)
        ]
        return named[0], named[1]

    def _take(self, view: Any) -> BasicsUpdate:
        events = view.basics().events
        told = self._told
        # The events of the deal in play: a view that no longer starts with those told is a
        # new deal's, told from its first.
        fresh = events[len(told) :] if events[: len(told)] == told else events
        self._told = events
        self.view = view
        return BasicsUpdate(tuple(fresh))


@functools.cache
def generic_table(name: str) -> type[GenericTable]:
    """The generic seat of the game ``name`` (made once per game)."""
    title = game(name).name
    return type(
        f"GenericTable_{title}",
        (GenericTable,),
        {"game": title, "start_command": f"cardtable play --game {title}"},
    )
