"""One terminal player's seat at a table of the table service.

The terminal owns its database, so it keeps the seat's token and can print the browser link
of the same seat: a match started here can be finished in the web table, and the other way
round. :class:`TerminalTable` also works out what happened since the player last looked (the
computer's moves, a hand that ended), for both the full-screen app and the plain prompt.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardtable.errors import CardTableError
from cardtable.gin.rules import Rules
from cardtable.table.service import SeatSpec, TableService

__all__ = [
    "CLIENT",
    "WEB_BASE",
    "NoMatchError",
    "TerminalTable",
    "Update",
    "default_level",
    "resumable_matches",
]

CLIENT = "terminal"
WEB_BASE = "http://127.0.0.1:8000"
_PREFERRED_LEVELS = ("intermediate", "simple", "random")


class NoMatchError(CardTableError):
    """No match to resume, or an id that opens no seat for a person."""


def default_level() -> str:
    """``intermediate`` when that computer player exists, else the best one available."""
    from cardtable.gin.players import player_names

    names = player_names()
    for name in _PREFERRED_LEVELS:
        if name in names:
            return name
    return names[0]


@dataclass(frozen=True, slots=True)
class Update:
    """What changed since the last look: a finished hand (if any) and new events of the hand
    in play, both as the seat may see them."""

    finished: Mapping[str, Any] | None = None
    finished_events: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return self.finished is not None or bool(self.events)


def _deals_done(view: Mapping[str, Any]) -> int:
    last = view.get("last_hand")
    return 0 if not last else int(last["deal"])


def _event_from_action(item: Mapping[str, Any], me: int) -> dict[str, Any]:
    """A replayed action as the public event ``me`` saw (the opponent's stock draw hidden)."""
    seat = int(item["seat"])
    verb, _, rest = str(item["action"]).partition(" ")
    card: str | None = rest.split()[0] if rest.split() else None
    if verb == "take":
        card = item.get("drawn")
    elif verb == "draw":
        card = item.get("drawn") if seat == me else None
    elif verb in ("pass", "big_gin"):
        card = None
    return {"seat": seat, "kind": verb, "card": card}


class TerminalTable:
    """A person's seat in one match, seen through the table service."""

    def __init__(self, service: TableService, match_id: str, token: str) -> None:
        self.service = service
        self.match_id = match_id
        self.token = token
        self.seat = service.seat_of(match_id, token)
        self.view: dict[str, Any] = service.view(match_id, token)
        self._deals_seen = _deals_done(self.view)
        self._events_seen = 0

    # -- opening a seat ------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        service: TableService,
        rules: Rules,
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
            found = resumable_matches(service)
            if not found:
                raise NoMatchError(
                    "no unfinished terminal match to resume: start one with 'ginrummy play'"
                )
            match_id = str(found[0]["id"])
        else:
            match_id = _full_id(service, match_id)
        stored = service.store.get_match(match_id)
        assert stored is not None
        people = [s for s, spec in enumerate(stored.seats) if spec.get("kind") == "human"]
        if not people:
            raise NoMatchError(f"match {match_id} has no seat for a person")
        people.sort(key=lambda s: stored.seats[s].get("client") != CLIENT)
        token = service.token_of(match_id, people[0])
        assert token is not None
        service.resume(match_id)
        return cls(service, match_id, token)

    # -- playing -------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return bool(self.view["status"] == "finished")

    @property
    def my_turn(self) -> bool:
        return bool(self.view["legal_actions"])

    def web_link(self, base: str = WEB_BASE) -> str:
        """The browser link of this same seat (the web table's ``/match/{id}?token=`` route)."""
        return f"{base}/match/{self.match_id}?token={self.token}"

    def act(self, action: str) -> Update:
        """Play an action; the computer answers before this returns. Raises the service's
        errors: an illegal action changes nothing, and an action meant for a table that has
        moved on meanwhile (a move in the web table) raises ``StaleActionError``; then
        :meth:`refresh` shows what happened."""
        view = self.service.act(
            self.match_id, self.token, action, expected=int(self.view["action_count"])
        )
        return self._take(view)

    def changed_elsewhere(self) -> bool:
        """True when another client (the web table) stored an action since the last look."""
        return self.service.store.action_count(self.match_id) != int(self.view["action_count"])

    def refresh(self) -> Update:
        return self._take(self.service.view(self.match_id, self.token))

    def catch_up(self) -> Update:
        """Everything of the hand in play so far (for the first look at a table)."""
        return self._take(self.view)

    def hint(self) -> dict[str, Any]:
        return self.service.hint(self.match_id, self.token)

    def _take(self, view: dict[str, Any]) -> Update:
        done = _deals_done(view)
        finished: Mapping[str, Any] | None = None
        finished_events: list[dict[str, Any]] = []
        if done > self._deals_seen:
            finished = view["last_hand"]
            if done == self._deals_seen + 1:
                replay = self.service.replay_hand(self.match_id, self.token, done)
                finished_events = [
                    _event_from_action(item, self.seat)
                    for item in replay["actions"][self._events_seen :]
                ]
            self._events_seen = 0
        events = list(view["observation"]["events"][self._events_seen :])
        self._deals_seen = done
        self._events_seen = len(view["observation"]["events"])
        self.view = view
        return Update(finished, finished_events, events)


def resumable_matches(service: TableService) -> list[dict[str, Any]]:
    """Unfinished matches with a person's seat opened from the terminal, newest first."""
    return [
        summary
        for summary in service.list_matches("active")
        if any(p.get("kind") == "human" and p.get("client") == CLIENT for p in summary["players"])
    ]


def _full_id(service: TableService, prefix: str) -> str:
    if service.store.get_match(prefix) is not None:
        return prefix
    ids = [str(m["id"]) for m in service.list_matches() if str(m["id"]).startswith(prefix)]
    if len(ids) == 1:
        return ids[0]
    if not ids:
        raise NoMatchError(f"no match {prefix!r}")
    raise NoMatchError(f"{prefix!r} is the start of {len(ids)} match ids: give more of it")
