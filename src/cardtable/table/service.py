"""The table service: every front end plays through it.

It creates and resumes matches, checks each request's seat token, asks the engine whether an
action is legal, stores the action in the same transaction that accepts it, runs the computer
seats' turns the same way, and only then tells listeners that the match changed. Each seat's
view is built from that seat's observation alone.
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from cardtable.cards import CARDS, commitment
from cardtable.errors import CardTableError, IllegalActionError
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.hand import Hand
from cardtable.gin.match import Match
from cardtable.gin.melds import best_arrangement
from cardtable.gin.players.base import Player, make_player
from cardtable.gin.rules import Rules
from cardtable.store import ActionConflictError, Store, StoredMatch

__all__ = [
    "AccessDeniedError",
    "MatchCreated",
    "NotFoundError",
    "NotYourTurnError",
    "SeatSpec",
    "StaleActionError",
    "TableService",
]

MAX_ACTION_TEXT = 200


class NotFoundError(CardTableError):
    """No match with that id."""


class AccessDeniedError(CardTableError):
    """The seat token does not open a seat of that match."""


class NotYourTurnError(IllegalActionError):
    """The seat acted (or asked for a hint) when it is not its turn, or the match is over."""


class StaleActionError(IllegalActionError):
    """The action was meant for an earlier state (another action got there first)."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits in a seat: a person (``name``) or a computer player of a ``level``.

    ``client`` names the front end that opened a person's seat (``"terminal"``, ``"web"``); it
    is stored with the seat so a front end can find its own unfinished matches again.
    """

    kind: Literal["human", "computer"]
    name: str = ""
    level: str = "intermediate"
    client: str = ""

    def to_dict(self, token: str | None) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "name": self.name or self.level.title()}
        if self.kind == "computer":
            data["level"] = self.level
        else:
            data["token"] = token
            if self.client:
                data["client"] = self.client
        return data


@dataclass(frozen=True, slots=True)
class MatchCreated:
    match_id: str
    tokens: tuple[str | None, str | None]


@dataclass
class _Live:
    stored: StoredMatch
    match: Match
    players: dict[int, Player]
    count: int
    lock: threading.RLock = field(default_factory=threading.RLock)


Listener = Callable[[str], None]


class TableService:
    """Matches for people and computer players, persisted in a :class:`Store`."""

    def __init__(
        self,
        store: Store,
        player_factory: Callable[[str, int], Player] = make_player,
    ) -> None:
        self.store = store
        self._player_factory = player_factory
        self._live: dict[str, _Live] = {}
        self._guard = threading.Lock()
        self._listeners: dict[str, list[Listener]] = {}

    # -- matches -------------------------------------------------------------------------

    def create_match(
        self,
        seats: tuple[SeatSpec, SeatSpec],
        rules: Rules | None = None,
        seed: str | None = None,
        first_dealer: int | None = None,
    ) -> MatchCreated:
        """Create a match and run any computer turns; returns the human seats' tokens."""
        for spec in seats:
            if spec.kind == "computer":
                self._player_factory(spec.level, 0)  # refuses an unknown level now
        match = Match.new(rules or Rules(), seed=seed, first_dealer=first_dealer)
        assert match.seed is not None
        tokens = tuple(
            secrets.token_urlsafe(18) if spec.kind == "human" else None for spec in seats
        )
        match_id = secrets.token_hex(8)
        self.store.create_match(
            match_id,
            match.rules.to_dict(),
            match.seed,
            match.first_dealer,
            [spec.to_dict(token) for spec, token in zip(seats, tokens, strict=True)],
        )
        live = self._load(match_id)
        with live.lock:
            self._run_computers(live)
        return MatchCreated(match_id, (tokens[0], tokens[1]))

    def list_matches(self, status: str | None = None) -> list[dict[str, Any]]:
        """Summaries of stored matches (no tokens, no hidden cards), newest first."""
        return [
            {
                "id": m.id,
                "status": m.status,
                "created_at": m.created_at,
                "updated_at": m.updated_at,
                "players": [{k: v for k, v in seat.items() if k != "token"} for seat in m.seats],
                "rules": m.rules,
                **m.summary,
            }
            for m in self.store.list_matches(status)
        ]

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
        token = self._stored(match_id).seats[seat].get("token")
        return None if token is None else str(token)

    # -- playing -------------------------------------------------------------------------

    def view(self, match_id: str, token: str) -> dict[str, Any]:
        """The table as ``token``'s seat sees it."""
        seat = self.seat_of(match_id, token)
        live = self._fresh(match_id)
        with live.lock:
            return self._seat_view(live, seat)

    def act(
        self, match_id: str, token: str, action: str | Action, expected: int | None = None
    ) -> dict[str, Any]:
        """Apply a seat's action, store it, run computer turns, and return the seat's view.

        ``expected`` is the number of actions the client saw; if another action was accepted
        since, this one is refused as stale. A refused action changes nothing.
        """
        if isinstance(action, str):
            if len(action) > MAX_ACTION_TEXT:
                raise IllegalActionError(f"an action is at most {MAX_ACTION_TEXT} characters")
            action = Action.parse(action)
        seat = self.seat_of(match_id, token)
        live = self._fresh(match_id)
        with live.lock:
            if expected is not None and expected != live.count:
                raise StaleActionError(
                    f"the table has moved on (action {live.count}, not {expected}): refresh"
                )
            _check_turn(live.match, seat)
            self._commit(live, [(seat, action)])
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

    def resume_all(self) -> None:
        for stored in self.store.list_matches("active"):
            self.resume(stored.id)

    def hint(self, match_id: str, token: str) -> dict[str, Any]:
        """The expert's advice for the seat's current turn (seeing only that seat's view)."""
        from cardtable.gin.players.hints import hint

        seat = self.seat_of(match_id, token)
        live = self._fresh(match_id)
        with live.lock:
            observation = live.match.observation(seat)
        if not observation.legal_actions():
            raise NotYourTurnError("it is not your turn: no hint to give")
        return hint(observation).to_dict()

    def replay_hand(self, match_id: str, token: str, deal: int) -> dict[str, Any]:
        """A finished deal, step by step: every action, both hands and the revealed seed."""
        self.seat_of(match_id, token)
        live = self._fresh(match_id)
        with live.lock:
            hands = live.match.hands
            if not 1 <= deal <= len(hands):
                raise IllegalActionError(f"deal {deal} is not finished (deals 1 to {len(hands)})")
            return _hand_replay(hands[deal - 1], deal)

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
        stored = self.store.get_match(match_id)
        if stored is None:
            raise NotFoundError(f"no match {match_id!r}")
        return stored

    def _load(self, match_id: str) -> _Live:
        stored = self._stored(match_id)
        match = Match(Rules.from_dict(stored.rules), stored.first_dealer, seed=stored.seed)
        actions = self.store.actions(match_id)
        for item in actions:
            match.apply(Action.parse(item.action), item.seat)
        players = {
            seat: self._player_factory(str(spec["level"]), seat + 1)
            for seat, spec in enumerate(stored.seats)
            if spec["kind"] == "computer"
        }
        live = _Live(stored, match, players, len(actions))
        with self._guard:
            self._live[match_id] = live
        return live

    def _fresh(self, match_id: str) -> _Live:
        """The live match, reloaded if another process stored actions since."""
        with self._guard:
            live = self._live.get(match_id)
        if live is None or self.store.action_count(match_id) != live.count:
            return self._load(match_id)
        return live

    def _commit(self, live: _Live, moves: list[tuple[int, Action]]) -> None:
        """Apply moves to a copy, store them, and only then make the copy the live match."""
        trial = _copy_match(live.match)
        texts = []
        for seat, action in moves:
            record = trial.apply(action, seat)
            texts.append((seat, str(record.action)))
        try:
            self.store.append_actions(
                live.stored.id, live.count, texts, _status(trial), _summary(trial)
            )
        except ActionConflictError:
            self._load(live.stored.id)
            raise StaleActionError("another action was accepted first: refresh") from None
        live.match = trial
        live.count += len(moves)

    def _run_computers(self, live: _Live) -> bool:
        moved = False
        while not live.match.is_over:
            seat = live.match.to_act
            assert seat is not None
            player = live.players.get(seat)
            if player is None:
                break
            action = player.act(live.match.observation(seat))
            self._commit(live, [(seat, action)])
            moved = True
        return moved

    def _seat_view(self, live: _Live, seat: int) -> dict[str, Any]:
        match = live.match
        stored = live.stored
        observation = match.observation(seat)
        hand = match.hands[-1] if match.is_over else match.current
        arrangement = best_arrangement(observation.hand)
        legal = observation.legal_actions()
        last = match.hands[-1] if match.hands else None
        return {
            "match_id": stored.id,
            "seat": seat,
            "players": [{k: v for k, v in spec.items() if k != "token"} for spec in stored.seats],
            "rules": match.rules.to_dict(),
            "status": _status(match),
            "action_count": live.count,
            "hand_number": match.hand_number if not match.is_over else len(match.sheet),
            "deal_number": match.deal_number,
            "dealer": hand.dealer,
            "scores": list(match.scores),
            "boxes": list(match.boxes),
            "sheet": [
                {
                    "number": line.number,
                    "dealer": line.dealer,
                    "winner": line.winner,
                    "outcome": line.result.outcome.value,
                    "points": line.result.points,
                    "totals": list(line.totals),
                }
                for line in match.sheet
            ],
            "final": None if match.final is None else match.final.to_dict(),
            "observation": observation.to_dict(),
            "arrangement": {
                "melds": [[str(c) for c in meld.cards] for meld in arrangement.melds],
                "unmatched": [str(c) for c in arrangement.unmatched],
                "deadwood": arrangement.deadwood,
            },
            "legal_actions": [str(a) for a in legal],
            "can_knock": any(a.kind is ActionKind.KNOCK for a in legal),
            "can_gin": any(a.kind in (ActionKind.GIN, ActionKind.BIG_GIN) for a in legal),
            "commitment": None if match.is_over else commitment(hand.seed or ""),
            "last_hand": None if last is None else _hand_summary(last, len(match.hands)),
        }


def _check_turn(match: Match, seat: int) -> None:
    if match.is_over:
        raise NotYourTurnError("the match is over")
    if match.to_act != seat:
        raise NotYourTurnError("it is not your turn: wait for your opponent")


def _copy_match(match: Match) -> Match:
    clone = object.__new__(Match)
    clone.__dict__.update(match.__dict__)
    clone.hands = list(match.hands)
    clone.sheet = list(match.sheet)
    clone.scores = list(match.scores)
    clone.boxes = list(match.boxes)
    clone.current = match.current.copy()
    return clone


def _status(match: Match) -> str:
    return "finished" if match.is_over else "active"


def _summary(match: Match) -> dict[str, Any]:
    return {
        "scores": list(match.scores),
        "hand_number": match.hand_number,
        "winner": None if match.final is None else match.final.winner,
    }


def _hand_summary(hand: Hand, deal: int) -> dict[str, Any]:
    """A finished hand: public in full, its seed revealed for checking the commitment."""
    result = hand.result
    assert result is not None
    return {
        "deal": deal,
        "dealer": hand.dealer,
        "result": result.to_dict(),
        "hands": [[str(c) for c in hand.cards(seat)] for seat in (0, 1)],
        "upcard": str(hand.upcard),
        "seed": hand.seed,
        "commitment": commitment(hand.seed or ""),
    }


def _hand_replay(hand: Hand, deal: int) -> dict[str, Any]:
    data = _hand_summary(hand, deal)
    deck = [int(c) for c in hand.deck]
    dealt: list[list[str]] = [[], []]
    dealt[hand.non_dealer] = [str(CARDS[c]) for c in deck[0:20:2]]
    dealt[hand.dealer] = [str(CARDS[c]) for c in deck[1:20:2]]
    data["dealt"] = dealt
    data["actions"] = [
        {
            "seat": r.seat,
            "action": str(r.action),
            "drawn": None if r.drawn is None else str(r.drawn),
        }
        for r in hand.history
    ]
    return data
