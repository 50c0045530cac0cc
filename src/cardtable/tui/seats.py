"""A person's seat at a match of the table service, from the terminal, whatever the game.

The terminal owns its database, so it keeps the seat's token and can print the browser link
of the same seat: a match started here can be finished in the web table, and the other way
round. :class:`SeatSession` opens a seat (a new match against the computer, a match to
resume, the next match of a series), plays it, and tells what happened since the player
last looked (the computer's moves, a hand that ended); each game's session (its own, in the
game's ``tui`` package, or :class:`cardtable.tui.generic_session.GenericTable`) says how its
views read. The functions below find a terminal's matches and its person's seat.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Final, Generic, Protocol, Self, TypeVar

from cardtable.errors import CardTableError
from cardtable.table import GameRules, MatchSummary, NotFoundError, SeatSpec, TableService
from cardtable.table.options import lobby_options

__all__ = [
    "CLIENT",
    "WEB_BASE",
    "NoMatchError",
    "PlayableView",
    "SeatSession",
    "default_level",
    "match_game",
    "person_token",
    "resumable_matches",
    "terminal_seats",
]

CLIENT: Final = "terminal"
WEB_BASE: Final = "http://127.0.0.1:8000"


class NoMatchError(CardTableError):
    """No match to resume, or an id that opens no seat for a person."""


def default_level(game: str) -> str:
    """The level a lobby suggests (``intermediate`` when that computer player exists)."""
    return lobby_options(game).default_level


class PlayableView(Protocol):
    """A seat view as a seat plays it: whether the match is over, whether it is this seat's
    turn, and how many actions the match has had."""

    @property
    def finished(self) -> bool: ...

    @property
    def my_turn(self) -> bool: ...

    @property
    def action_count(self) -> int: ...


V = TypeVar("V", bound=PlayableView)
U = TypeVar("U")


class SeatSession(ABC, Generic[V, U]):
    """A person's seat in one match of ``game``: its views ``V``, its updates ``U``."""

    game: ClassVar[str]
    # What to say when there is nothing to resume: the command that starts a match.
    start_command: ClassVar[str]
    # The command the seat's messages name (resume, serve): ``cardtable``; a gin seat
    # opened by the gin command (``ginrummy play``, ``cardtable gin play``) names
    # ``ginrummy``, as that command always printed.
    command: str = "cardtable"

    def __init__(self, service: TableService, match_id: str, token: str) -> None:
        self.service = service
        self.match_id = match_id
        self.token = token
        self.seat = service.seat_of(match_id, token)
        self.view: V = self.own_view(service.view(match_id, token))
        self._deals_seen = self.deals_done(self.view)
        self._events_seen = 0

    # -- what each game says ---------------------------------------------------------------

    @classmethod
    @abstractmethod
    def own_view(cls, view: object) -> V:
        """The view as this game's (the service serves every game's views); another game's
        raises :class:`NoMatchError`."""

    @staticmethod
    @abstractmethod
    def deals_done(view: V) -> int:
        """How many deals of the match are finished."""

    @abstractmethod
    def _take(self, view: V) -> U:
        """Take ``view`` as the latest and say what changed since the last one."""

    # -- opening a seat ------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        service: TableService,
        rules: GameRules,
        level: str | None = None,
        seed: str | None = None,
        name: str = "",
    ) -> Self:
        """A new match against a computer player; the person sits in seat 0."""
        seats = (
            SeatSpec("human", name=name, client=CLIENT),
            SeatSpec("computer", level=level or default_level(cls.game)),
        )
        created = service.create_match(seats, rules=rules, seed=seed, game=cls.game)
        token = created.tokens[0]
        assert token is not None
        return cls(service, created.match_id, token)

    @classmethod
    def resume(cls, service: TableService, match_id: str | None = None) -> Self:
        """The most recent unfinished terminal match of the game, or the match ``match_id``
        (an id or an unambiguous prefix of one), at its person's seat."""
        if not match_id:
            found = resumable_matches(service, cls.game)
            if not found:
                raise NoMatchError(
                    f"no unfinished terminal {cls.noun()} to resume: "
                    f"start one with '{cls.start_command}'"
                )
            match_id = found[0].id
        match_id, token = person_token(service, match_id)
        return cls(service, match_id, token)

    @classmethod
    def noun(cls) -> str:
        """What a message calls the game's match (``cribbage match``)."""
        return f"{cls.game} match"

    def next_match(self) -> Self:
        """The same seat at the next match of the series (the same seats and tokens; the
        first dealer the rules give a series). Asked again, it is the same match."""
        following = type(self)(
            self.service, self.service.next_match(self.match_id, self.token), self.token
        )
        following.command = self.command
        return following

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

    def resume_command(self) -> str:
        return f"{self.command} play --resume {self.match_id}"

    def serve_command(self) -> str:
        """The command that serves the web table (for the browser link)."""
        return f"{self.command} serve"

    def act(self, action: str) -> U:
        """Play an action; the computer answers before this returns. Raises the service's
        errors: an illegal action changes nothing, and an action meant for a table that has
        moved on meanwhile (a move in the web table) raises ``StaleActionError``; then
        :meth:`refresh` shows what happened."""
        view = self.service.act(self.match_id, self.token, action, expected=self.view.action_count)
        return self._take(self.own_view(view))

    def changed_elsewhere(self) -> bool:
        """True when another client (the web table) stored an action since the last look."""
        return self.service.action_count(self.match_id) != self.view.action_count

    def refresh(self) -> U:
        return self._take(self.own_view(self.service.view(self.match_id, self.token)))

    def catch_up(self) -> U:
        """Everything of the hand in play so far (for the first look at a table)."""
        return self._take(self.view)

    def review(self, deal: int | None = None) -> dict[str, Any]:
        """The coach's review (JSON) of this seat's decisions in ``deal``, or in every
        finished deal; a deal in play is refused (``IllegalActionError``)."""
        return dict(self.service.review(self.match_id, self.token, deal))

    def stats(self) -> dict[str, Any]:
        """The person's statistics (JSON) over every match a person played from this
        terminal (:func:`terminal_seats`)."""
        return self.service.player_stats(terminal_seats(self.service)).to_json()


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
