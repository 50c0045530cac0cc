"""One terminal player's seat at a Cribbage match of the table service.

The cribbage twin of :class:`cardtable.tui.session.TerminalTable`: the same seat token, the
same browser link, the same "what happened since the last look", over the cribbage views
(:mod:`cardtable.table.cribbage_views`). A finished hand comes back whole (its show, and the
rest of its actions as this seat was told them), so both the full-screen table and the plain
prompt can lay the show out before the next deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from cardtable.table import GameRules, SeatSpec, TableService
from cardtable.table.cribbage_views import (
    BoardView,
    EventView,
    HandEndView,
    HandReplay,
    HintView,
    SeatView,
)
from cardtable.tui.session import (
    CLIENT,
    WEB_BASE,
    NoMatchError,
    default_level,
    person_token,
    resumable_matches,
)

__all__ = ["GAME", "CribbageTable", "CribbageUpdate"]

GAME: Final = "cribbage"


@dataclass(frozen=True, slots=True)
class CribbageUpdate:
    """What changed since the last look: a finished hand (if any) with the rest of its
    actions, and the new actions of the hand in play, each as the seat saw it."""

    finished: HandEndView | None = None
    finished_events: tuple[EventView, ...] = ()
    events: tuple[EventView, ...] = ()

    def __bool__(self) -> bool:
        return self.finished is not None or bool(self.events)


def _cribbage(view: object) -> SeatView:
    """The cribbage view this table plays (the service serves every game's views)."""
    if not isinstance(view, SeatView):
        raise NoMatchError("that match is not a cribbage match")
    return view


def _deals_done(view: SeatView) -> int:
    return 0 if view.last_hand is None else view.last_hand.deal


class CribbageTable:
    """A person's seat in one cribbage match, seen through the table service."""

    game: Final = GAME

    def __init__(self, service: TableService, match_id: str, token: str) -> None:
        self.service = service
        self.match_id = match_id
        self.token = token
        self.seat = service.seat_of(match_id, token)
        self.view: SeatView = _cribbage(service.view(match_id, token))
        self._deals_seen = _deals_done(self.view)
        self._events_seen = 0

    # -- opening a seat ------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        service: TableService,
        rules: GameRules,
        level: str | None = None,
        seed: str | None = None,
        name: str = "",
    ) -> CribbageTable:
        """A new match against a computer player; the person sits in seat 0."""
        seats = (
            SeatSpec("human", name=name, client=CLIENT),
            SeatSpec("computer", level=level or default_level(GAME)),
        )
        created = service.create_match(seats, rules=rules, seed=seed, game=GAME)
        token = created.tokens[0]
        assert token is not None
        return cls(service, created.match_id, token)

    @classmethod
    def resume(cls, service: TableService, match_id: str | None = None) -> CribbageTable:
        """The most recent unfinished terminal cribbage match, or the match ``match_id``."""
        if not match_id:
            found = resumable_matches(service, GAME)
            if not found:
                raise NoMatchError(
                    "no unfinished terminal cribbage match to resume: start one with "
                    "'cardtable play --game cribbage'"
                )
            match_id = found[0].id
        match_id, token = person_token(service, match_id)
        return cls(service, match_id, token)

    def next_match(self) -> CribbageTable:
        """The same seat at the next match of the series (asked again, the same match)."""
        return CribbageTable(
            self.service, self.service.next_match(self.match_id, self.token), self.token
        )

    # -- playing -------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.view.finished

    @property
    def board(self) -> BoardView:
        """The board: front pegs, and back pegs where the last points left them."""
        return self.view.board

    @property
    def my_turn(self) -> bool:
        return self.view.my_turn

    def web_link(self, base: str = WEB_BASE) -> str:
        """The browser link of this same seat."""
        return f"{base}/match/{self.match_id}?token={self.token}"

    def resume_command(self) -> str:
        return f"cardtable play --resume {self.match_id}"

    def act(self, action: str) -> CribbageUpdate:
        """Play an action; the computer answers before this returns. Raises the service's
        errors (an illegal action changes nothing)."""
        view = self.service.act(self.match_id, self.token, action, expected=self.view.action_count)
        return self._take(_cribbage(view))

    def changed_elsewhere(self) -> bool:
        """True when another client (the web table) stored an action since the last look."""
        return self.service.action_count(self.match_id) != self.view.action_count

    def refresh(self) -> CribbageUpdate:
        return self._take(_cribbage(self.service.view(self.match_id, self.token)))

    def catch_up(self) -> CribbageUpdate:
        """Everything of the hand in play so far (for the first look at a table)."""
        return self._take(self.view)

    def hint(self) -> HintView:
        advice = self.service.hint(self.match_id, self.token)
        if not isinstance(advice, HintView):
            raise NoMatchError("that match is not a cribbage match")
        return advice

    def review(self, deal: int | None = None) -> dict[str, Any]:
        """The coach's review (JSON, ``"game": "cribbage"``) of this seat's lay-aways and
        plays in ``deal``, or in every finished deal; a deal in play is refused
        (``IllegalActionError``)."""
        return dict(self.service.review(self.match_id, self.token, deal))

    def _take(self, view: SeatView) -> CribbageUpdate:
        done = _deals_done(view)
        finished: HandEndView | None = None
        told: tuple[EventView, ...] = ()
        if done > self._deals_seen:
            finished = view.last_hand
            if done == self._deals_seen + 1 and finished is not None:
                replay = self.service.replay_hand(self.match_id, self.token, done)
                if isinstance(replay, HandReplay):
                    told = replay.steps[self._events_seen :]
            self._events_seen = 0
        events = () if view.finished else view.events[self._events_seen :]
        self._deals_seen = done
        self._events_seen = len(view.events)
        self.view = view
        return CribbageUpdate(finished, told, events)
