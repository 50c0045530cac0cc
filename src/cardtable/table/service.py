"""The table service: every front end plays through it.

It creates and resumes matches of any game in the catalog, checks each request's seat token,
asks the game whether an action is legal, stores the action in the same transaction that
accepts it, runs the computer seats' turns the same way, and only then tells listeners that
the match changed. Each seat's view is a typed value built from that seat's observation
alone (:mod:`cardtable.table.gin_views`, :mod:`cardtable.table.cribbage_views`); front ends
format it.

A move travels like this: ``act(match, token, "discard QD", expected)`` finds the live match
(reloading it if another process stored actions meanwhile), checks the token and the turn,
applies the action to a copy, stores it (the action number is in the store's primary key, so
a racing writer loses), makes the copy the live match, plays the computer's answer the same
way, and notifies the listeners (the web table's sockets), who ask for each seat's view.
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardtable.errors import IllegalActionError
from cardtable.games import Computer, GameMatch, GameRules
from cardtable.store import ActionConflictError, SeriesConflictError, Store, StoredMatch
from cardtable.table.catalog import AnyHint, AnyReplay, AnySeatView, TableGame, table_game
from cardtable.table.errors import (
    AccessDeniedError,
    NotFoundError,
    NotYourTurnError,
    StaleActionError,
)
from cardtable.table.seats import MatchCreated, SeatSpec
from cardtable.table.views import MatchSummary, PlayerView, TableHeader

__all__ = ["MAX_ACTION_TEXT", "TableService"]

MAX_ACTION_TEXT = 200


@dataclass
class _Live:
    """A match in play in this process, with its computer players and stored action count."""

    stored: StoredMatch
    entry: TableGame
    match: Any  # the game's match type (a GameMatch)
    computers: dict[int, Computer[Any]]
    count: int
    lock: threading.RLock = field(default_factory=threading.RLock)


Listener = Callable[[str], None]


class TableService:
    """Matches for people and computer players, persisted in a :class:`Store`."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._live: dict[str, _Live] = {}
        self._guard = threading.Lock()
        self._listeners: dict[str, list[Listener]] = {}

    @property
    def database_url(self) -> str:
        return self._store.url

    # -- matches -------------------------------------------------------------------------

    def make_rules(
        self, game: str, preset: str | None, settings: Mapping[str, object] | None
    ) -> GameRules:
        """The rules of a match of ``game`` from a preset and settings (as a lobby sends
        them); a bad one raises naming it."""
        return table_game(game).game.make_rules(preset, settings)

    def create_match(
        self,
        seats: tuple[SeatSpec, SeatSpec],
        rules: GameRules | None = None,
        seed: str | None = None,
        first_dealer: int | None = None,
        game: str = "gin",
    ) -> MatchCreated:
        """Create a match and run any computer turns; returns the human seats' tokens."""
        entry = table_game(game)
        tokens = tuple(
            secrets.token_urlsafe(18) if spec.kind == "human" else None for spec in seats
        )
        match_id = self._store_new(entry, seats, tokens, rules, seed, first_dealer, None)
        return MatchCreated(match_id, (tokens[0], tokens[1]))

    def next_match(self, match_id: str, token: str) -> str:
        """The next match of the series at this table: the same seats (each person keeps the
        same token), the same rules, and the first dealer the rules give a series
        (``next_first_dealer``). Asked again (by the other seat too), it is the same match."""
        self.seat_of(match_id, token)
        live = self._fresh(match_id)
        with live.lock:
            if not live.match.is_over:
                raise NotYourTurnError("the match is not over yet")
            dealer = live.match.next_first_dealer()
            rules = live.entry.game.rules_from_dict(live.stored.rules)
        existing = self._store.next_of(match_id)
        if existing is not None:
            return existing.id
        seats = live.stored.seats
        specs = (SeatSpec.from_stored(seats[0]), SeatSpec.from_stored(seats[1]))
        tokens = (_token(seats[0]), _token(seats[1]))
        try:
            created = self._store_new(live.entry, specs, tokens, rules, None, dealer, match_id)
        except SeriesConflictError:  # the other seat asked at the same moment
            found = self._store.next_of(match_id)
            assert found is not None
            return found.id
        self._notify(match_id)  # the finished match's views now name the next one
        return created

    def _store_new(
        self,
        entry: TableGame,
        seats: tuple[SeatSpec, SeatSpec],
        tokens: tuple[str | None, ...],
        rules: GameRules | None,
        seed: str | None,
        first_dealer: int | None,
        follows: str | None,
    ) -> str:
        game = entry.game
        for spec in seats:
            if spec.kind == "computer":
                game.computer(spec.level, 0)  # refuses an unknown level now
        chosen = rules or game.make_rules()
        match: GameMatch = game.deal(chosen, seed, first_dealer)
        assert match.seed is not None
        match_id = secrets.token_hex(8)
        self._store.create_match(
            match_id,
            chosen.to_dict(),
            match.seed,
            match.first_dealer,
            [spec.to_stored(token) for spec, token in zip(seats, tokens, strict=True)],
            game=game.name,
            follows=follows,
        )
        live = self._load(match_id)
        with live.lock:
            self._run_computers(live)
        return match_id

    def list_matches(self, status: str | None = None) -> list[MatchSummary]:
        """Summaries of stored matches (no tokens, no hidden cards), newest first."""
        return [_summary(stored) for stored in self._store.list_matches(status)]

    def summary(self, match_id: str) -> MatchSummary:
        return _summary(self._stored(match_id))

    def find_match(self, prefix: str) -> str:
        """The id of the match ``prefix`` names: an id, or the unambiguous start of one."""
        if isinstance(prefix, str) and len(prefix) <= 64 and self._store.get_match(prefix):
            return prefix
        ids = [m.id for m in self._store.list_matches() if m.id.startswith(str(prefix))]
        if len(ids) == 1:
            return ids[0]
        if not ids:
            raise NotFoundError(f"no match {prefix!r}")
        raise NotFoundError(f"{prefix!r} is the start of {len(ids)} match ids: give more of it")

    def seat_of(self, match_id: str, token: str) -> int:
        """The seat that ``token`` opens in the match; raises :class:`AccessDeniedError`."""
        stored = self._stored(match_id)
        for seat, spec in enumerate(stored.seats):
            saved = spec.get("token")
            if saved and hmac.compare_digest(str(saved), str(token)):
                return seat
        raise AccessDeniedError("this link does not open a seat at that table")

    def token_of(self, match_id: str, seat: int) -> str | None:
        """The token of a human seat, for a front end that owns the database (the terminal)."""
        return _token(self._stored(match_id).seats[seat])

    def action_count(self, match_id: str) -> int:
        """How many actions are stored: a front end compares it with its view's to see that
        another client moved meanwhile."""
        return self._store.action_count(match_id)

    # -- playing -------------------------------------------------------------------------

    def view(self, match_id: str, token: str) -> AnySeatView:
        """The table as ``token``'s seat sees it."""
        seat = self.seat_of(match_id, token)
        live = self._fresh(match_id)
        with live.lock:
            return self._seat_view(live, seat)

    def act(
        self, match_id: str, token: str, action: str, expected: int | None = None
    ) -> AnySeatView:
        """Apply a seat's action, store it, run computer turns, and return the seat's view.

        ``expected`` is the number of actions the client saw; if another action was accepted
        since, this one is refused as stale. A refused action changes nothing.
        """
        if not isinstance(action, str):
            raise IllegalActionError(f"an action is text, not {action!r}")
        if len(action) > MAX_ACTION_TEXT:
            raise IllegalActionError(f"an action is at most {MAX_ACTION_TEXT} characters")
        seat = self.seat_of(match_id, token)
        live = self._fresh(match_id)
        with live.lock:
            if expected is not None and expected != live.count:
                raise StaleActionError(
                    f"the table has moved on (action {live.count}, not {expected}): refresh"
                )
            _check_turn(live.match, seat)
            self._commit(live, seat, action)
            self._run_computers(live)
            view = self._seat_view(live, seat)
        self._notify(match_id)
        return view

    def resume(self, match_id: str) -> None:
        """Load a match and play any pending computer turns (after a restart)."""
        live = self._fresh(match_id)
        with live.lock:
            moved = self._run_computers(live)
        if moved:
            self._notify(match_id)

    def resume_unfinished(self, on_error: Callable[[str, Exception], None]) -> None:
        """Resume every unfinished match; one that cannot be rebuilt is reported to
        ``on_error`` and the others go on."""
        for stored in self._store.list_matches("active"):
            try:
                self.resume(stored.id)
            except Exception as error:  # a damaged match must not keep the others from play
                on_error(stored.id, error)

    def hint(self, match_id: str, token: str) -> AnyHint:
        """The expert's advice for the seat's current turn (seeing only that seat's view)."""
        seat = self.seat_of(match_id, token)
        live = self._fresh(match_id)
        with live.lock:
            match = live.match.copy()
        return live.entry.hint(match, seat)

    def replay_hand(self, match_id: str, token: str, deal: int) -> AnyReplay:
        """A finished deal, step by step: every action, both hands and the revealed seed."""
        seat = self.seat_of(match_id, token)
        live = self._fresh(match_id)
        with live.lock:
            return live.entry.replay(live.match, seat, deal)

    # -- listeners (web sockets) -----------------------------------------------------------

    def subscribe(self, match_id: str, listener: Listener) -> Callable[[], None]:
        """Call ``listener(match_id)`` after each change; returns the unsubscribe function."""
        with self._guard:
            self._listeners.setdefault(match_id, []).append(listener)

        def unsubscribe() -> None:
            with self._guard:
                items = self._listeners.get(match_id, [])
                if listener in items:
                    items.remove(listener)

        return unsubscribe

    def _notify(self, match_id: str) -> None:
        with self._guard:
            listeners = list(self._listeners.get(match_id, []))
        for listener in listeners:
            listener(match_id)

    # -- internals -----------------------------------------------------------------------

    def _stored(self, match_id: str) -> StoredMatch:
        if not isinstance(match_id, str) or len(match_id) > 64:
            raise NotFoundError("no such match")
        stored = self._store.get_match(match_id)
        if stored is None:
            raise NotFoundError(f"no match {match_id!r}")
        return stored

    def _load(self, match_id: str) -> _Live:
        stored = self._stored(match_id)
        entry = table_game(stored.game)
        game = entry.game
        actions = self._store.actions(match_id)
        match = game.rebuild(
            stored.rules, stored.seed, stored.first_dealer, [(a.seat, a.action) for a in actions]
        )
        computers = {
            seat: game.computer(str(spec["level"]), seat + 1)
            for seat, spec in enumerate(stored.seats)
            if spec["kind"] == "computer"
        }
        live = _Live(stored, entry, match, computers, len(actions))
        with self._guard:
            self._live[match_id] = live
        return live

    def _fresh(self, match_id: str) -> _Live:
        """The live match, reloaded if another process stored actions since."""
        with self._guard:
            live = self._live.get(match_id)
        if live is None or self._store.action_count(match_id) != live.count:
            return self._load(match_id)
        return live

    def _commit(self, live: _Live, seat: int, action: str) -> None:
        """Apply the move to a copy, store it, and only then make the copy the live match."""
        game = live.entry.game
        trial = live.match.copy()
        stored = game.apply(trial, seat, action)
        try:
            self._store.append_actions(
                live.stored.id,
                live.count,
                [(seat, stored)],
                "finished" if trial.is_over else "active",
                game.summary(trial),
            )
        except ActionConflictError:
            self._load(live.stored.id)
            raise StaleActionError("another action was accepted first: refresh") from None
        live.match = trial
        live.count += 1

    def _run_computers(self, live: _Live) -> bool:
        moved = False
        while not live.match.is_over:
            seat = live.match.to_act
            computer = live.computers.get(seat)
            if computer is None:
                break
            self._commit(live, seat, computer.move(live.match, seat))
            moved = True
        return moved

    def _seat_view(self, live: _Live, seat: int) -> AnySeatView:
        stored = live.stored
        nxt = self._store.next_of(stored.id) if live.match.is_over else None
        header = TableHeader(
            match_id=stored.id,
            game=stored.game,
            players=_players(stored),
            action_count=live.count,
            next_match=None if nxt is None else nxt.id,
        )
        return live.entry.seat_view(live.match, seat, header)


def _check_turn(match: GameMatch, seat: int) -> None:
    if match.is_over:
        raise NotYourTurnError("the match is over")
    if match.to_act != seat:
        raise NotYourTurnError("it is not your turn: wait for your opponent")


def _token(seat: dict[str, Any]) -> str | None:
    token = seat.get("token")
    return None if token is None else str(token)


def _players(stored: StoredMatch) -> tuple[PlayerView, PlayerView]:
    return (PlayerView.from_stored(stored.seats[0]), PlayerView.from_stored(stored.seats[1]))


def _summary(stored: StoredMatch) -> MatchSummary:
    return MatchSummary(
        id=stored.id,
        game=stored.game,
        status=stored.status,
        created_at=stored.created_at,
        updated_at=stored.updated_at,
        players=_players(stored),
        rules=stored.rules,
        figures=stored.summary,
    )
