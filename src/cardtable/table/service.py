"""The table service: every front end plays through it.

It creates and resumes matches of any game in the catalog, checks each request's seat token,
asks the game whether an action is legal, stores the action in the same transaction that
accepts it, and only then tells listeners that the match changed. Each seat's view is a
typed value built from that seat's observation alone (:mod:`cardtable.gin.views`,
:mod:`cardtable.cribbage.views`); front ends format it.

A move travels like this: ``act(match, token, "discard QD", expected)`` reads the match by
its id (one primary-key read that also says how many actions are stored), brings the live
copy up to date with the actions stored since (:mod:`cardtable.table.live`), checks the
token and the turn, applies the action to a copy, stores it (a racing writer loses: the
stored count moves only from the one it saw), makes the copy the live match, and notifies
the listeners (the web table's sockets), who ask for each seat's view.

When a computer seat is to act next, the same transaction writes its pending turn (a job,
:mod:`cardtable.store.jobs`). The computer's answer is then durable work:

- ``computers="worker"`` (the web table): ``act`` returns once the person's move is stored;
  a :class:`~cardtable.table.worker.ComputerWorker` of any process claims the job, plays
  the computer's moves, stores them and deletes the job in one transaction, and notifies.
- ``computers="inline"`` (the terminal table, commands): the service plays the job itself
  right after the person's move, through the same job row; if that fails the move stays
  stored, the reply is the person's view, and the turn is tried again (by a worker, or on
  the next call here).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hmac
import logging
import os
import secrets
import socket
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from cardtable.errors import IllegalActionError, InvalidRulesError
from cardtable.games import AnyGame, GameMatch, GameRules, default_game
from cardtable.store import (
    ActionConflictError,
    Append,
    Job,
    SeriesConflictError,
    Store,
    StoredMatch,
    StoreUnavailableError,
)
from cardtable.table.catalog import AnyHint, AnyReplay, AnySeatView, table_game
from cardtable.table.errors import (
    AccessDeniedError,
    NotFoundError,
    NotYourTurnError,
    StaleActionError,
    TableUnavailableError,
    UnplayableMatchError,
)
from cardtable.table.live import CACHE_SIZE, LiveMatch, LruCache, computer_seat
from cardtable.table.names import BadNameError, player_name
from cardtable.table.options import rules_label
from cardtable.table.seats import MatchCreated, SeatSpec
from cardtable.table.stats import Choices, PlayerStats, SeatMatch, player_stats
from cardtable.table.views import MatchSummary, PlayerView, TableHeader

__all__ = [
    "JOB_LEASE",
    "MAX_ACTION_TEXT",
    "Computers",
    "TableService",
    "TurnFailed",
    "retry_delay",
]

MAX_ACTION_TEXT = 200
JOB_LEASE = 15.0  # seconds a claimed computer turn is kept from other workers
MAX_TURN_ACTIONS = 64  # computer actions stored per transaction (two computer seats play on)
HEARD_BUCKETS = 4096  # buckets of the announcements heard (see TableService._heard)
REVIEWS_PER_CALL = 8  # finished matches a statistics request may have reviewed (each ~1 s)

Computers = Literal["inline", "worker"]
Listener = Callable[[str], None]

_log = logging.getLogger("cardtable.table")


@dataclass(frozen=True, slots=True)
class _Turn:
    """A computer's turn thought out on ``trial`` (a copy of ``live``'s match at action
    ``start``), to be stored as ``write``; ``index`` is its job's place in a batch."""

    index: int
    live: LiveMatch
    start: int
    trial: GameMatch
    write: Append


@dataclass(frozen=True, slots=True)
class TurnFailed:
    """A computer's turn that failed: tried again in ``delay`` seconds. ``held`` when it
    could not even be given back (the database is away): it is still claimed by the one
    that ran it, who tries again itself (anyone else would wait for its lease to end)."""

    delay: float
    held: bool


def retry_delay(attempts: int) -> float:
    """Seconds before a failed computer turn is tried again: quick at first, then every
    ten seconds at most, so a match continues soon after the database is back."""
    return float(min(0.25 * 2 ** max(attempts - 1, 0), 10.0))


def process_name() -> str:
    """Who holds a claimed job: host, process and a random part (two workers of one
    process never share a name)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(3)}"


class TableService:
    """Matches for people and computer players, persisted in a :class:`Store`.

    ``computers`` says who plays the computer's turns (see the module's docstring);
    ``cache_size`` bounds the matches kept live in memory; ``job_lease`` is how long a
    claimed computer turn is kept from other workers.
    """

    def __init__(
        self,
        store: Store,
        computers: Computers = "inline",
        cache_size: int = CACHE_SIZE,
        job_lease: float = JOB_LEASE,
    ) -> None:
        if computers not in ("inline", "worker"):
            raise ValueError(f"computers is 'inline' or 'worker', not {computers!r}")
        self._store = store
        self.computers: Computers = computers
        self.job_lease = job_lease
        self._live: LruCache[LiveMatch] = LruCache(cache_size)
        # A finished match's review never changes: each seat's choices, kept by match id.
        self._reviewed: LruCache[Choices] = LruCache(cache_size)
        self._guard = threading.Lock()
        self._listeners: dict[str, list[Listener]] = {}
        self._worker_owner: str | None = None
        self._worker_take: Callable[[Job | None], None] | None = None
        self._owner = f"inline:{process_name()}"
        self._feed_listening: Callable[[], bool] | None = None
        self._epoch = 0  # moves past each gap in the feed: every live copy is checked again
        # Announcements heard that this process did not know yet, by match (in a bounded
        # number of buckets: two matches may share one, which only costs a reading).
        self._heard = [0] * HEARD_BUCKETS

    @property
    def database_url(self) -> str:
        return self._store.url

    @property
    def store(self) -> Store:
        return self._store

    @property
    def live_matches(self) -> int:
        """How many matches are live in memory (at most ``cache_size``)."""
        return len(self._live)

    def attach_worker(self, owner: str | None, take: Callable[[Job | None], None] | None) -> None:
        """The computer worker of this process (``None``, ``None`` to detach it): a person's
        move that leaves the computer to act writes its job already claimed for ``owner``,
        and ``take(job)`` hands it over (no transaction to claim it, and no wait for a
        poll); ``take(None)`` wakes the worker to look for due jobs."""
        self._worker_owner = owner
        self._worker_take = take

    def _signal_worker(self) -> None:
        take = self._worker_take
        if take is not None:
            take(None)

    # -- matches -------------------------------------------------------------------------

    def make_rules(
        self, game: str, preset: str | None, settings: Mapping[str, object] | None
    ) -> GameRules:
        """The rules of a match of ``game`` from a preset and settings (as a lobby sends
        them); a bad one raises naming it."""
        return table_game(game).make_rules(preset, settings)

    def create_match(
        self,
        seats: tuple[SeatSpec, SeatSpec],
        rules: GameRules | None = None,
        seed: str | None = None,
        first_dealer: int | None = None,
        game: str | None = None,
    ) -> MatchCreated:
        """Create a match of ``game`` (the registry's first when ``None``) and, inline, play
        any computer turns; returns the human seats' tokens."""
        entry = default_game() if game is None else table_game(game)
        # Every front end's names pass the same check (a terminal's --name as a page's).
        seats = (_named(seats[0]), _named(seats[1]))
        tokens = tuple(
            secrets.token_urlsafe(18) if spec.kind == "human" else None for spec in seats
        )
        match_id = self._store_new(entry, seats, tokens, rules, seed, first_dealer, None)
        return MatchCreated(match_id, (tokens[0], tokens[1]))

    def next_match(self, match_id: str, token: str) -> str:
        """The next match of the series at this table: the same seats (each person keeps the
        same token), the same rules, and the first dealer the rules give a series
        (``next_first_dealer``). Asked again (by the other seat too), it is the same match."""
        _, live = self._opened(match_id, token)
        with live.lock:
            if not live.match.is_over:
                raise NotYourTurnError("the match is not over yet")
            dealer = live.match.next_first_dealer()
            rules = live.game.rules_from_dict(live.stored.rules)
        existing = self._store.next_of(match_id)
        if existing is not None:
            return existing.id
        seats = live.stored.seats
        specs = (SeatSpec.from_stored(seats[0]), SeatSpec.from_stored(seats[1]))
        tokens = (_token(seats[0]), _token(seats[1]))
        try:
            created = self._store_new(live.game, specs, tokens, rules, None, dealer, match_id)
        except SeriesConflictError:  # the other seat asked at the same moment
            found = self._store.next_of(match_id)
            assert found is not None
            return found.id
        # The finished match's views now name the next one, here and in other processes.
        self._notify(match_id)
        try:
            self._store.announce(match_id)
        except StoreUnavailableError as error:  # the next match exists: a page finds it later
            _log.warning("the next match of %s was not announced: %s", match_id, error)
        return created

    def _store_new(
        self,
        game: AnyGame,
        seats: tuple[SeatSpec, SeatSpec],
        tokens: tuple[str | None, ...],
        rules: GameRules | None,
        seed: str | None,
        first_dealer: int | None,
        follows: str | None,
    ) -> str:
        computers = {}
        for seat, spec in enumerate(seats):
            if spec.kind == "computer":
                computers[seat] = game.computer(spec.level, 0)  # refuses an unknown level now
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
            computer_next=computer_seat(match, computers) is not None,
        )
        live = self._current(self._stored(match_id))
        self._computer_due(live, force=True)
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
        return _seat_in(self._stored(match_id), token)

    def token_of(self, match_id: str, seat: int) -> str | None:
        """The token of a human seat, for a front end that owns the database (the terminal)."""
        return _token(self._stored(match_id).seats[seat])

    def action_count(self, match_id: str) -> int:
        """How many actions are stored: a front end compares it with its view's to see that
        another client moved meanwhile."""
        return self._current(self._stored(match_id)).count

    def rename_seat(self, match_id: str, token: str, name: str) -> PlayerView:
        """Name the seat ``token`` opens (a friend who joined by link says who it is); the
        name is checked as every name is (:func:`~cardtable.table.names.player_name`) and
        both seats' pages are told."""
        chosen = player_name(name)
        if not chosen:
            raise BadNameError("a name is needed: at least one letter")
        seat, live = self._opened(match_id, token)
        if not self._store.set_seat_name(match_id, seat, chosen):
            raise NotFoundError(f"no match {match_id!r}")
        with live.lock:
            live.take_seats(self._stored(match_id))
        self._notify(match_id)
        return PlayerView.from_stored(live.stored.seats[seat])

    def delete_match(self, match_id: str, token: str) -> None:
        """Remove a match from the store, for a player who holds one of its seats (anyone
        else is refused, and nothing is removed). The pages open at it are told, and find
        it gone."""
        self.seat_of(match_id, token)  # refuses a token that opens no seat there
        self._store.delete_match(match_id)
        self._live.forget(match_id)
        for seat in (0, 1):
            self._reviewed.forget(f"{match_id}:{seat}")
        self._notify(match_id)

    def player_stats(
        self, seats: Sequence[tuple[str, str]], review_at_most: int = REVIEWS_PER_CALL
    ) -> PlayerStats:
        """The statistics of the player who holds ``seats`` (match id, token): each seat
        whose token opens it is counted, any other left out (as in a lookup). The review of
        a finished match (of a game with a coach) is made once (and kept); ``review_at_most``
        new ones are made per call, newest first, so that a long history is not judged all
        at once."""
        held: list[tuple[MatchSummary, int, object]] = []
        for match_id, token in seats:
            try:
                seat, live = self._opened(match_id, token)
                summary = _summary(self._stored(match_id))  # its latest status and date
            except (NotFoundError, AccessDeniedError, UnplayableMatchError):
                continue
            with live.lock:
                held.append((summary, seat, live.match.copy()))
        held.sort(key=lambda item: item[0].updated_at, reverse=True)
        found: list[SeatMatch] = []
        to_review = review_at_most
        for summary, seat, any_match in held:
            item = SeatMatch(summary, seat, any_match)
            if item.reviewable:
                key = f"{summary.id}:{seat}"
                choices = self._reviewed.get(key)
                if choices is None and to_review > 0:
                    to_review -= 1
                    choices = item.review()  # None: the game has no coach
                    if choices is not None:
                        self._reviewed.put(key, choices)
                item = dataclasses.replace(item, choices=choices)
            found.append(item)
        return player_stats(found)

    # -- playing -------------------------------------------------------------------------

    def view(self, match_id: str, token: str, aids: bool = False) -> AnySeatView:
        """The table as ``token``'s seat sees it, with the learning aids when ``aids``
        (made only for a seat that asks: they cost as much as the rest of the view)."""
        seat, live = self._opened(match_id, token)
        with live.lock:
            return self._seat_view(live, seat, aids)

    def ready_view(self, match_id: str, token: str, aids: bool = False) -> AnySeatView | None:
        """The seat's view if it is already made and current, without waiting or reading
        the store (``None`` otherwise: ask :meth:`view`). For a push after a change this
        process made, which the seat that made it usually has just had in its reply."""
        live = self._live.peek(match_id)
        if live is None or live.behind or not live.lock.acquire(blocking=False):
            return None
        try:
            seat = _seat_in(live.stored, token)
            kept = live.views.get((seat, aids))
            ready: AnySeatView | None = (
                kept[1] if kept is not None and kept[0] == live.count else None
            )
            return ready
        finally:
            live.lock.release()

    def prepare_view(self, match_id: str, token: str, aids: bool = False) -> None:
        """Make the seat's view of the live match now, in the caller's thread, when it can be
        made without reading the store (the copy is current as far as this process knows):
        for a push after a change this process made, so that :meth:`ready_view` finds it
        and the event loop sends it without a round through a thread pool."""
        live = self._live.peek(match_id)
        if live is None or live.behind or live.match.is_over:
            return
        with live.lock:
            try:
                seat = _seat_in(live.stored, token)
            except AccessDeniedError:
                return
            self._seat_view(live, seat, aids)

    def act(
        self,
        match_id: str,
        token: str,
        action: str,
        expected: int | None = None,
        aids: bool = False,
    ) -> AnySeatView:
        """Apply a seat's action, store it, and return the seat's view, with the learning
        aids when ``aids`` (inline, after the computer's answer; with a worker, at once: the
        answer follows as a change).

        ``expected`` is the number of actions the client saw; if another action was accepted
        since, this one is refused as stale. A refused action changes nothing; a database
        that does not answer raises :class:`TableUnavailableError`, saying whether the
        action was stored.
        """
        if not isinstance(action, str):
            raise IllegalActionError(f"an action is text, not {action!r}")
        if len(action) > MAX_ACTION_TEXT:
            raise IllegalActionError(f"an action is at most {MAX_ACTION_TEXT} characters")
        try:
            seat, live = self._opened(match_id, token, fresh=False)
            if expected is not None and expected > live.count:  # seen through another process
                seat, live = self._opened(match_id, token, fresh=None)
        except StoreUnavailableError as error:
            raise TableUnavailableError(
                "the database did not answer: your move was not stored; try it again", False
            ) from error
        with live.lock:
            if expected is not None and expected != live.count:
                raise StaleActionError(
                    f"the table has moved on (action {live.count}, not {expected}): refresh"
                )
            _check_turn(live.match, seat)
            job = self._commit_move(live, seat, action)
            view = self._seat_view(live, seat, aids)
        # From here on the move is stored: nothing below may turn the reply into an error.
        self._notify(match_id)
        if job is not None and self._hand_over(job, live):
            with live.lock:
                view = self._seat_view(live, seat, aids)
        return view

    def resume(self, match_id: str) -> None:
        """Load a match and see to a pending computer turn (after a restart): inline, play
        it now; with a worker, make sure it has a job."""
        live = self._current(self._stored(match_id))
        self._computer_due(live, force=True)

    def resume_unfinished(self, on_error: Callable[[str, Exception], None]) -> None:
        """Resume every unfinished match (once, for a database made before computer turns
        had jobs); one that cannot be rebuilt is reported to ``on_error`` and the others
        go on."""
        for stored in self._store.list_matches("active"):
            try:
                self.resume(stored.id)
            except Exception as error:  # a damaged match must not keep the others from play
                on_error(stored.id, error)

    def hint(self, match_id: str, token: str) -> AnyHint:
        """The expert's advice for the seat's current turn (seeing only that seat's view)."""
        seat, live = self._opened(match_id, token)
        with live.lock:
            match = live.match.copy()
        return live.game.hint(match, seat)

    def replay_hand(self, match_id: str, token: str, deal: int) -> AnyReplay:
        """A finished deal, step by step: every action, both hands and the revealed seed."""
        seat, live = self._opened(match_id, token)
        with live.lock:
            return live.game.replay(live.match, seat, deal)

    def review(self, match_id: str, token: str, deal: int | None = None) -> dict[str, object]:
        """The coach's review of the seat's own decisions in its finished deals (or in
        ``deal``), from what it saw at each, as JSON; a deal in play is refused (the typed
        view: :func:`cardtable.table.review.seat_review`)."""
        from cardtable.table.review import seat_review

        seat, live = self._opened(match_id, token)
        with live.lock:  # judged on a copy: a whole match takes seconds, play goes on
            match = live.match.copy()
        return seat_review(live.game, match, match_id, seat, deal).to_json()

    # -- the computer's turns -------------------------------------------------------------

    def run_claimed(self, job: Job, owner: str) -> TurnFailed | None:
        """Play the computer's turn of a job ``owner`` has claimed: its moves are stored and
        the job deleted in one transaction (or rescheduled, if a computer plays on). On a
        failure the job is given back with a backoff and the error, and the failure says
        when it falls due; ``None`` when the turn was played or had been already."""
        return self.run_claimed_many([job], owner)[0]

    def run_claimed_many(self, jobs: Sequence[Job], owner: str) -> list[TurnFailed | None]:
        """:meth:`run_claimed` for the jobs of several matches at once, their moves stored
        together (on SQLite in shared commits, waited for once): a worker with many turns in
        hand would otherwise wait for a commit per turn."""
        return self._run_jobs([(job, None) for job in jobs], owner)

    def _run_job(self, job: Job, owner: str, live: LiveMatch | None) -> TurnFailed | None:
        return self._run_jobs([(job, live)], owner)[0]

    def _run_jobs(
        self, jobs: Sequence[tuple[Job, LiveMatch | None]], owner: str
    ) -> list[TurnFailed | None]:
        """Each job's turn (from its live match, when given; else this process's copy, or the
        store's), thought out one by one and stored together; each job's outcome."""
        outcomes: list[TurnFailed | None] = [None] * len(jobs)
        turns: list[_Turn] = []
        for index, (job, given) in enumerate(jobs):
            try:
                turn = self._computer_turn(index, job, given)
            except Exception as error:  # any fault: the turn stays pending, tried again
                outcomes[index] = self._turn_failed(job, owner, error)
                continue
            if turn is None:  # stored already (by a worker whose lease ran out) or stale
                self._release(job, owner, 0.0, None)
            else:
                turns.append(turn)
        for turn, failure in self._store_turns(turns):
            job = jobs[turn.index][0]
            if failure is None:
                continue
            if isinstance(failure, ActionConflictError):  # this copy was behind
                try:
                    self._live_at(self._stored(turn.live.id))  # caught up for the next try
                except Exception as error:
                    outcomes[turn.index] = self._turn_failed(job, owner, error)
                else:
                    self._release(job, owner, 0.0, None)
            else:
                outcomes[turn.index] = self._turn_failed(job, owner, failure)
        return outcomes

    def _computer_turn(self, index: int, job: Job, given: LiveMatch | None) -> _Turn | None:
        if given is not None:
            return self._think(index, given)
        live = self._live.get(job.match_id)
        turn = None if live is None else self._think(index, live)
        if turn is None:  # not live here, or behind another process: read the store
            turn = self._think(index, self._live_at(self._stored(job.match_id)))
        return turn

    def _think(self, index: int, live: LiveMatch) -> _Turn | None:
        """The computer seats' moves from the live match on, thought out on a copy without
        the lock (the seats' views stay quick meanwhile); ``None`` when no computer is to
        act there (nothing to do)."""
        with live.lock:
            trial = live.match.copy()
            start = live.count
        game = live.game
        moves: list[tuple[int, str]] = []
        while len(moves) < MAX_TURN_ACTIONS:
            seat = computer_seat(trial, live.computers)
            if seat is None:
                break
            moves.append((seat, game.apply(trial, seat, live.computers[seat].move(trial, seat))))
        if not moves:
            return None
        write = Append(
            live.id,
            start,
            moves,
            "finished" if trial.is_over else "active",
            game.summary(trial),
            computer_next=computer_seat(trial, live.computers) is not None,
        )
        return _Turn(index, live, start, trial, write)

    def _store_turns(self, turns: list[_Turn]) -> list[tuple[_Turn, Exception | None]]:
        """Store the turns' moves (each live match locked until its moves are stored or
        refused, then made the live one) and announce them; each turn's failure, if any."""
        with contextlib.ExitStack() as locked:
            for turn in turns:
                locked.enter_context(turn.live.lock)
            current = [turn for turn in turns if turn.live.count == turn.start]
            failures: list[tuple[_Turn, Exception | None]] = [
                (turn, ActionConflictError("another process stored this turn meanwhile"))
                for turn in turns
                if turn.live.count != turn.start
            ]
            stored = self._store.append_many([turn.write for turn in current])
            for turn, outcome in zip(current, stored, strict=True):
                if isinstance(outcome, Exception):
                    failures.append((turn, outcome))
                    continue
                turn.live.match = turn.trial
                turn.live.count = turn.start + len(turn.write.actions)
                failures.append((turn, None))
        more = False
        for turn, failure in failures:
            if failure is None:
                self._notify(turn.live.id)
                more = more or turn.write.computer_next
        if more:
            self._signal_worker()  # two computer seats: the rest of their play is due now
        return failures

    def _turn_failed(self, job: Job, owner: str, error: Exception) -> TurnFailed:
        delay = retry_delay(job.attempts)
        _log.warning(
            "the computer's turn in match %s failed (attempt %d, again in %.2gs): %s",
            job.match_id,
            job.attempts,
            delay,
            error,
        )
        released = self._release(job, owner, delay, f"{type(error).__name__}: {error}")
        return TurnFailed(delay, held=not released)

    def _release(self, job: Job, owner: str, delay: float, error: str | None) -> bool:
        try:
            self._store.release_job(job.match_id, owner, delay, error)
        except StoreUnavailableError as failure:  # still ``owner``'s: it tries again itself
            _log.warning("the job of match %s stays claimed: %s", job.match_id, failure)
            return False
        return True

    def _computer_due(self, live: LiveMatch, force: bool = False) -> bool:
        """A computer is (perhaps) to act in ``live``: inline, play its job now (``force``:
        even before a retry falls due); with a worker, wake it. True when its job was run
        here (played, or given back after a failure)."""
        if live.computer_to_act() is None:
            return False
        if self.computers == "worker":
            self._signal_worker()
            return False
        try:
            job = self._store.claim_job(live.id, self._owner, self.job_lease, force)
        except StoreUnavailableError as error:
            _log.warning("the computer's turn in match %s waits: %s", live.id, error)
            return False
        if job is None:  # none due (a retry later), or another worker holds it
            return False
        self._run_job(job, self._owner, live)
        return True

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
                if not items:
                    self._listeners.pop(match_id, None)

        return unsubscribe

    def changed_elsewhere(self, match_id: str, count: int | None) -> None:
        """Another process (or this one) announced a change: the listeners here are told,
        unless this process made it (its live copy has the count already). Their views
        bring the live match up to date from the store."""
        live = self._live.peek(match_id)
        if live is not None and count is not None:
            if live.count >= count:  # (a copy's count only grows: no lock needed to see it)
                return
            # A move of this process is announced as it commits, maybe before its thread
            # has counted it in the copy: that thread holds the lock until it has.
            with live.lock:
                if live.count >= count:
                    return  # news of what this copy holds (this process's own moves)
        self._heard[_bucket(match_id)] += 1
        if live is not None:
            live.behind = True
        self._notify(match_id)

    def refresh_watched(self) -> None:
        """Announcements may have been missed (the listening connection was lost): every
        match someone watches here is looked at again."""
        self._epoch += 1
        with self._guard:
            watched = list(self._listeners)
        for match_id in watched:
            self._notify(match_id)

    def _notify(self, match_id: str) -> None:
        with self._guard:
            listeners = list(self._listeners.get(match_id, []))
        for listener in listeners:
            try:
                listener(match_id)
            except Exception:  # a broken listener must not undo what was stored
                _log.exception("a listener of match %s failed", match_id)

    # -- internals -----------------------------------------------------------------------

    def _stored(self, match_id: str) -> StoredMatch:
        if not isinstance(match_id, str) or len(match_id) > 64:
            raise NotFoundError("no such match")
        stored = self._store.get_match(match_id)
        if stored is None:
            raise NotFoundError(f"no match {match_id!r}")
        return stored

    def _opened(
        self, match_id: str, token: str, fresh: bool | None = True
    ) -> tuple[int, LiveMatch]:
        """The seat ``token`` opens (checked before anything is rebuilt) and the live match.

        A match live here is used without reading its whole row: a move (``fresh`` false)
        needs no reading at all, since storing it fails if another process moved first; a
        view is brought up to date when the change feed says another process moved, or,
        with no feed to tell (SQLite), when the stored action count is ahead. ``fresh``
        ``None`` reads the store whatever the copy."""
        live = self._live.get(match_id) if isinstance(match_id, str) else None
        if live is not None and fresh is not None and (not fresh or self._up_to_date(live)):
            seat = _seat_in(live.stored, token)
            if self.computers == "inline" and live.computer_to_act() is not None:
                self._computer_due(live)
            return seat, live
        # An announcement that arrives while the store is read may be for a later action
        # than the one read: then the copy counts as behind still.
        bucket = _bucket(match_id) if isinstance(match_id, str) else 0
        heard, epoch = self._heard[bucket], self._epoch
        stored = self._stored(match_id)
        seat = _seat_in(stored, token)
        live = self._current(stored)
        live.behind = self._heard[bucket] != heard
        live.epoch = epoch
        return seat, live

    def _up_to_date(self, live: LiveMatch) -> bool:
        """Whether the live copy holds every stored action (as far as this process knows)."""
        if self._feed_listening is not None:
            return self._feed_listening() and not live.behind and live.epoch == self._epoch
        return self._store.action_count(live.id) <= live.count

    def trust_feed(self, listening: Callable[[], bool]) -> None:
        """Another process's changes reach this one through a feed (PostgreSQL's
        announcements) while ``listening()`` is true: a view then reads nothing stored unless
        the feed named its match (see :meth:`changed_elsewhere`)."""
        self._feed_listening = listening

    def _current(self, stored: StoredMatch) -> LiveMatch:
        """The live copy of the stored match, brought up to date. Inline, a computer turn
        left pending by a failure is tried again here."""
        live = self._live_at(stored)
        if self.computers == "inline" and live.computer_to_act() is not None:
            self._computer_due(live)
        return live

    def _live_at(self, stored: StoredMatch) -> LiveMatch:
        """The live copy of ``stored``, with every action stored up to its reading."""
        live = self._live.get(stored.id)
        if live is None:
            return self._load(stored)
        if stored.seats != live.stored.seats:
            with live.lock:
                live.take_seats(stored)
        if stored.action_count > live.count:
            with live.lock:
                if stored.action_count > live.count and not live.catch_up(
                    self._store.actions(stored.id, since=live.count)
                ):
                    return self._load(stored)
        return live

    def _load(self, stored: StoredMatch) -> LiveMatch:
        """Rebuild the match from every stored action (once; then it is kept live)."""
        game = table_game(stored.game)
        actions = self._store.actions(stored.id)
        try:
            match = game.rebuild(
                stored.rules,
                stored.seed,
                stored.first_dealer,
                [(a.seat, a.action) for a in actions],
            )
        except InvalidRulesError as error:  # stored before the settings had their ranges
            raise UnplayableMatchError(
                f"this match was stored with rules the table no longer accepts ({error}): "
                "it can be deleted, not played"
            ) from None
        computers = {
            seat: game.computer(str(spec["level"]), seat + 1)
            for seat, spec in enumerate(stored.seats)
            if spec["kind"] == "computer"
        }
        live = LiveMatch(stored, game, match, computers, len(actions))
        self._live.put(stored.id, live)
        if live.computer_to_act() is not None:
            self._ensure_job(live)
        return live

    def _ensure_job(self, live: LiveMatch) -> None:
        """A pending computer turn without a job (a database written before jobs, or a job
        lost by hand) gets one; a stale one is harmless: the worker finds nothing to do."""
        try:
            if self._store.ensure_job(live.id, live.count) and self.computers == "worker":
                self._computer_due(live)
        except StoreUnavailableError as error:
            _log.warning("no job for the computer's turn in %s yet: %s", live.id, error)

    def _commit_move(self, live: LiveMatch, seat: int, action: str) -> Job | None:
        """Apply the move to a copy, store it (with the computer's job when a computer is to
        act next, claimed for whoever plays it here), and only then make the copy the live
        match; the job written, if any. Hold ``live.lock``."""
        game = live.game
        trial = live.match.copy()
        text = game.apply(trial, seat, action)
        computer_next = computer_seat(trial, live.computers) is not None
        job = None
        try:
            job = self._store.append_actions(
                live.id,
                live.count,
                [(seat, text)],
                "finished" if trial.is_over else "active",
                game.summary(trial),
                computer_next=computer_next,
                claim_for=self._owner if self.computers == "inline" else self._worker_owner,
                lease=self.job_lease,
            )
        except ActionConflictError:
            self._live_at(self._stored(live.id))
            raise StaleActionError("another action was accepted first: refresh") from None
        except KeyError:  # deleted (by a seat holder, maybe in another process) under us
            self._live.forget(live.id)
            raise NotFoundError(f"no match {live.id!r}: it was deleted") from None
        except StoreUnavailableError as error:
            if not (error.maybe_stored and self._was_stored(live, seat, text)):
                raise TableUnavailableError(
                    "the database did not answer: your move was not stored; try it again", False
                ) from error
            # Stored after all, its job with it: any worker takes that once it is free.
            self._signal_worker()
        live.match = trial
        live.count += 1
        return job

    def _hand_over(self, job: Job, live: LiveMatch) -> bool:
        """The job just written with a move goes to whoever claimed it: played here
        (inline; true), or handed to this process's worker."""
        if job.locked_by is not None and job.locked_by == self._owner:
            self._run_job(job, self._owner, live)
            return True
        take = self._worker_take
        if job.locked_by is not None and take is not None and job.locked_by == self._worker_owner:
            take(job)
            return False
        return self._computer_due(live, force=True)  # not claimed: wake whoever may

    def _was_stored(self, live: LiveMatch, seat: int, text: str) -> bool:
        """After a commit that was not confirmed: whether the move is there after all."""
        try:
            found = self._store.actions(live.id, since=live.count)
        except StoreUnavailableError as error:
            raise TableUnavailableError(
                "the database did not confirm your move: it may have been stored;"
                " look at the table again in a moment",
                None,
            ) from error
        if not found:
            return False
        if (found[0].seat, found[0].action) == (seat, text):
            return True
        raise StaleActionError("another action was accepted first: refresh")

    def _seat_view(self, live: LiveMatch, seat: int, aids: bool) -> AnySeatView:
        # A change is shown to every page of the match, and the seat that made it has just
        # had its view in the reply: the view of a count is made once. (A finished match's
        # view is not kept: it names the next match once one is started.)
        kept = live.views.get((seat, aids))
        if kept is not None and kept[0] == live.count:
            made: AnySeatView = kept[1]
            return made
        view = self._make_seat_view(live, seat, aids)
        if not live.match.is_over:
            live.views[(seat, aids)] = (live.count, view)
        return view

    def _make_seat_view(self, live: LiveMatch, seat: int, aids: bool) -> AnySeatView:
        stored = live.stored
        nxt = None
        if live.match.is_over:
            try:
                nxt = self._store.next_of(stored.id)
            except StoreUnavailableError:  # named by a later view once the database answers
                nxt = None
        header = TableHeader(
            match_id=stored.id,
            game=stored.game,
            players=_players(stored),
            action_count=live.count,
            next_match=None if nxt is None else nxt.id,
        )
        return live.game.seat_view(live.match, seat, header, aids)


def _bucket(match_id: str) -> int:
    return hash(match_id) % HEARD_BUCKETS


def _named(spec: SeatSpec) -> SeatSpec:
    """The seat with its name checked and trimmed (:func:`player_name`)."""
    return dataclasses.replace(spec, name=player_name(spec.name))


def _seat_in(stored: StoredMatch, token: str) -> int:
    for seat, spec in enumerate(stored.seats):
        saved = spec.get("token")
        if saved and hmac.compare_digest(str(saved), str(token)):
            return seat
    raise AccessDeniedError("this link does not open a seat at that table")


def _check_turn(match: GameMatch, seat: int) -> None:
    if match.is_over:
        raise NotYourTurnError("the match is over")
    if not match.may_act(seat):
        raise NotYourTurnError("it is not your turn: wait for your opponent")


def _token(seat: dict[str, object]) -> str | None:
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
        rules_label=rules_label(stored.game, stored.rules).to_json(),
    )
