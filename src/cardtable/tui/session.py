"""One terminal player's seat at a table of the table service.

The terminal owns its database, so it keeps the seat's token and can print the browser link
of the same seat: a match started here can be finished in the web table, and the other way
round. :class:`TerminalTable` also tells what happened since the player last looked (the
computer's moves, a hand that ended), for both the full-screen app and the plain prompt.

:class:`TerminalTable` is a gin seat; a cribbage seat is
:class:`cardtable.tui.crib_session.CribbageTable`, which shares the functions here that find a
match and its person's seat (:func:`resumable_matches`, :func:`person_token`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from cardtable.errors import CardTableError
from cardtable.table import (
    EventView,
    GameRules,
    HandReplay,
    HandSummary,
    HintView,
    MatchSummary,
    NotFoundError,
    SeatSpec,
    SeatView,
    TableService,
)
from cardtable.table.options import lobby_options

__all__ = [
    "CLIENT",
    "WEB_BASE",
    "NoMatchError",
    "TerminalTable",
    "Update",
    "default_level",
    "finished_events",
    "match_game",
    "person_token",
    "resumable_matches",
]

CLIENT: Final = "terminal"
WEB_BASE: Final = "http://127.0.0.1:8000"


class NoMatchError(CardTableError):
    """No match to resume, or an id that opens no seat for a person."""


def default_level(game: str = "gin") -> str:
    """The level a lobby suggests (``intermediate`` when that computer player exists)."""
    return lobby_options(game).default_level


@dataclass(frozen=True, slots=True)
class Update:
    """What changed since the last look: a finished hand (if any) with the rest of its
    events, and the new events of the hand in play, each as the seat saw it."""

    finished: HandSummary | None = None
    finished_events: tuple[EventView, ...] = ()
    events: tuple[EventView, ...] = ()

    def __bool__(self) -> bool:
        return self.finished is not None or bool(self.events)


def finished_events(replay: HandReplay) -> tuple[EventView, ...]:
    """Every event of a finished hand as this seat was told it during the hand (the engine
    decides which cards it saw: the opponent's stock draws stay hidden)."""
    return replay.told


def _gin(view: object) -> SeatView:
    """The gin view this table plays (the service serves every game's views)."""
    if not isinstance(view, SeatView):
        raise NoMatchError("that match is not a gin match")
    return view


def _gin_hint(advice: object) -> HintView:
    if not isinstance(advice, HintView):
        raise NoMatchError("that match is not a gin match")
    return advice


def _deals_done(view: SeatView) -> int:
    return 0 if view.last_hand is None else view.last_hand.deal


class TerminalTable:
    """A person's seat in one match, seen through the table service."""

    def __init__(self, service: TableService, match_id: str, token: str) -> None:
        self.service = service
        self.match_id = match_id
        self.token = token
        self.seat = service.seat_of(match_id, token)
        self.view: SeatView = _gin(service.view(match_id, token))
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
    ) -> TerminalTable:
        """A new match against a computer player; the person sits in seat 0."""
        seats = (
            SeatSpec("human", name=name, client=CLIENT),
            SeatSpec("computer", level=level or default_level()),
        )
        created = service.create_match(seats, rules=rules, seed=seed)
        token = created.tokens[0]
        assert token is not None
        return cls(service, created.match_id, token)

    @classmethod
    def resume(cls, service: TableService, match_id: str | None = None) -> TerminalTable:
        """The most recent unfinished terminal match, or the match ``match_id`` (an id or an
        unambiguous prefix of one), at its person's seat."""
        if not match_id:
            found = resumable_matches(service, "gin")
            if not found:
                raise NoMatchError(
                    "no unfinished terminal match to resume: start one with 'ginrummy play'"
                )
            match_id = found[0].id
        match_id, token = person_token(service, match_id)
        return cls(service, match_id, token)

    def next_match(self) -> TerminalTable:
        """The same seat at the next match of the series (the same seats and tokens; the
        first dealer the rules give a series). Asked again, it is the same match."""
        return TerminalTable(
            self.service, self.service.next_match(self.match_id, self.token), self.token
        )

    # -- playing -------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.view.finished

    @property
    def my_turn(self) -> bool:
        return self.view.my_turn

    def web_link(self, base: str = WEB_BASE) -> str:
        """The browser link of this same seat (the web table's ``/match/{id}?token=`` route)."""
        return f"{base}/match/{self.match_id}?token={self.token}"

    def act(self, action: str) -> Update:
        """Play an action; the computer answers before this returns. Raises the service's
        errors: an illegal action changes nothing, and an action meant for a table that has
        moved on meanwhile (a move in the web table) raises ``StaleActionError``; then
        :meth:`refresh` shows what happened."""
        view = self.service.act(self.match_id, self.token, action, expected=self.view.action_count)
        return self._take(_gin(view))

    def changed_elsewhere(self) -> bool:
        """True when another client (the web table) stored an action since the last look."""
        return self.service.action_count(self.match_id) != self.view.action_count

    def refresh(self) -> Update:
        return self._take(_gin(self.service.view(self.match_id, self.token)))

    def catch_up(self) -> Update:
        """Everything of the hand in play so far (for the first look at a table)."""
        return self._take(self.view)

    def hint(self) -> HintView:
        return _gin_hint(self.service.hint(self.match_id, self.token))

    def review(self, deal: int | None = None) -> dict[str, Any]:
        """The coach's review (JSON) of this seat's decisions in ``deal``, or in every
        finished deal; a deal in play is refused (``IllegalActionError``)."""
        return dict(self.service.review(self.match_id, self.token, deal))

    def stats(self) -> dict[str, Any]:
        """The person's statistics (JSON) over every match a person played from this
        terminal (:func:`terminal_seats`)."""
        return self.service.player_stats(terminal_seats(self.service)).to_json()

    def _take(self, view: SeatView) -> Update:
        done = _deals_done(view)
        finished: HandSummary | None = None
        told: tuple[EventView, ...] = ()
        if done > self._deals_seen:
            finished = view.last_hand
            if done == self._deals_seen + 1:
                replay = self.service.replay_hand(self.match_id, self.token, done)
                assert isinstance(replay, HandReplay)
                told = finished_events(replay)[self._events_seen :]
            self._events_seen = 0
        events = view.hand.events[self._events_seen :]
        self._deals_seen = done
        self._events_seen = len(view.hand.events)
        self.view = view
        return Update(finished, told, events)


def resumable_matches(service: TableService, game: str | None = None) -> list[MatchSummary]:
    """Unfinished matches (of ``game``, or of any game) with a person's seat opened from the
    terminal, newest first."""
    return [
        summary
        for summary in service.list_matches("active")
        if any(p.kind == "human" and p.client == CLIENT for p in summary.players)
        and (game is None or summary.game == game)
    ]


def terminal_seats(service: TableService) -> list[tuple[str, str]]:
    """The seats (match id, token) a person opened from the terminal, newest first: the
    terminal's player is whoever sits there (the terminal owns its database)."""
    seats = []
    for summary in service.list_matches():
        for seat, player in enumerate(summary.players):
            token = service.token_of(summary.id, seat) if player.client == CLIENT else None
            if player.kind == "human" and token is not None:
                seats.append((summary.id, token))
                break
    return seats


def match_game(service: TableService, match_id: str) -> tuple[str, str]:
    """The full id of the match ``match_id`` names (an id or an unambiguous prefix of one)
    and its game."""
    try:
        found = service.find_match(match_id)
    except NotFoundError as error:
        raise NoMatchError(str(error)) from None
    return found, service.summary(found).game


def person_token(service: TableService, match_id: str) -> tuple[str, str]:
    """The full id of the match ``match_id`` names and the token of its person's seat (the
    one opened from the terminal first), with any pending computer turns played."""
    match_id, _ = match_game(service, match_id)
    players = service.summary(match_id).players
    people = [seat for seat, player in enumerate(players) if player.kind == "human"]
    if not people:
        raise NoMatchError(f"match {match_id} has no seat for a person")
    people.sort(key=lambda seat: players[seat].client != CLIENT)
    token = service.token_of(match_id, people[0])
    assert token is not None
    service.resume(match_id)
    return match_id, token
