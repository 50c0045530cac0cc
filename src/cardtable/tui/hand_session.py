"""A seat at a game played in deals, whose finished hand the terminal lays out before the next.

Gin's and Cribbage's seats are both this one (:class:`HandSession`): after each look they say
what happened since the last (:class:`HandUpdate`): the hand that ended meanwhile, if any,
with the rest of its events as this seat was told them (the service's replay of that hand),
and the new events of the hand in play. Each game's session names its own views and says
where its events are, what a replay told the seat, and which hint it gives.
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from cardtable.tui.seats import NoMatchError, PlayableView, SeatSession

__all__ = ["HandSession", "HandUpdate", "own_kind"]

H = TypeVar("H")  # a finished hand, as the game's view sums it up
E = TypeVar("E")  # an event, as the seat saw it
K = TypeVar("K")


class _Deal(Protocol):
    @property
    def deal(self) -> int: ...


class _HandView(PlayableView, Protocol):
    @property
    def last_hand(self) -> _Deal | None: ...


V = TypeVar("V", bound=_HandView)


@dataclass(frozen=True, slots=True)
class HandUpdate(Generic[H, E]):
    """What changed since the last look: a finished hand (if any) with the rest of its
    events, and the new events of the hand in play, each as the seat saw it."""

    finished: H | None = None
    finished_events: tuple[E, ...] = ()
    events: tuple[E, ...] = ()

    def __bool__(self) -> bool:
        return self.finished is not None or bool(self.events)


def own_kind(game: str, value: object, kind: type[K]) -> K:
    """``value`` as this game's ``kind`` (the service serves every game's views and hints);
    another game's raises :class:`NoMatchError`."""
    if not isinstance(value, kind):
        raise NoMatchError(f"that match is not a {game} match")
    return value


class HandSession(SeatSession[V, HandUpdate[H, E]]):
    """A person's seat in a match played in deals: views ``V``, finished hands ``H`` (the
    view's ``last_hand``), events ``E``."""

    view_type: ClassVar[type[Any]]  # the game's seat view (``V``)

    @classmethod
    def own_view(cls, view: object) -> V:
        return cast(V, own_kind(cls.game, view, cls.view_type))

    @staticmethod
    def deals_done(view: V) -> int:
        return 0 if view.last_hand is None else view.last_hand.deal

    @abstractmethod
    def hint(self) -> object:
        """The computer's advice for this seat's turn (the game's hint view)."""

    @abstractmethod
    def hand_events(self, view: V) -> tuple[E, ...]:
        """Every event of the hand in play, as the seat saw it."""

    @abstractmethod
    def told(self, replay: object) -> tuple[E, ...]:
        """Every event of a finished hand as the seat was told it during the hand (the
        service's replay of it; the engine decides which cards the seat saw)."""

    def new_events(self, view: V, seen: int) -> tuple[E, ...]:
        """The events of the hand in play from the ``seen``-th on."""
        return self.hand_events(view)[seen:]

    def _take(self, view: V) -> HandUpdate[H, E]:
        done = self.deals_done(view)
        finished: H | None = None
        told: tuple[E, ...] = ()
        if done > self._deals_seen:
            finished = cast(Any, view.last_hand)  # the game's summary of a hand: its ``H``
            if done == self._deals_seen + 1 and finished is not None:
                replay = self.service.replay_hand(self.match_id, self.token, done)
                told = self.told(replay)[self._events_seen :]
            self._events_seen = 0
        events = self.new_events(view, self._events_seen)
        self._deals_seen = done
        self._events_seen = len(self.hand_events(view))
        self.view = view
        return HandUpdate(finished, told, events)
