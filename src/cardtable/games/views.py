"""The parts of a seat's view that every game shares: who sits where, the rules as JSON, and
the small summary of a seat's table that a generic screen shows for any game.

A game's views are frozen dataclasses built once by the table service from the engine's
observation of one seat (a game's ``views`` package: :mod:`cardtable.gin.views`,
:mod:`cardtable.cribbage.views`); each has one ``to_json()`` for the web table and the
terminal's JSON mode, and front ends format their fields without parsing or recomputing
anything. They are built from what this module holds, which is below every game.
"""

from __future__ import annotations

import dataclasses
import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, Generic, Literal, Protocol, TypeVar

from cardtable.cards import Card, parse_card
from cardtable.errors import InvalidCardError

__all__ = [
    "Basics",
    "Choice",
    "HumanOrComputer",
    "MadeOnce",
    "PlainView",
    "PlayerView",
    "SeatHead",
    "TableHeader",
    "action_label",
    "choices_of",
    "plain_fields",
    "rules_json",
    "seat_words",
    "turn_status",
]

HumanOrComputer = Literal["human", "computer"]


# The types a view's JSON holds as they are (most fields: checked first, as views are turned
# to JSON often).
_AS_THEY_ARE: Final = frozenset({int, str, bool, float, type(None)})


def plain_fields(view: Any) -> dict[str, Any]:
    """A view (a dataclass) as JSON: every field by name, in order; a card as its name
    (``"7S"``), a tuple as a list of the same, a view as its own ``to_json()``, anything else
    (numbers, text, ``None``) as it is. A view that writes some field otherwise (rounded,
    renamed, left out) writes its own ``to_json``."""
    data = {}
    for name in _field_names(type(view)):
        value = getattr(view, name)
        data[name] = value if type(value) in _AS_THEY_ARE else _plain(value)
    return data


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    """A dataclass's field names, looked up once per class (views are turned to JSON often)."""
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(field.name for field in dataclasses.fields(kind))
    return names


def _plain(value: Any) -> Any:
    kind = type(value)
    if kind in _AS_THEY_ARE:
        return value
    if kind is tuple:  # most often cards
        return [str(item) if type(item) is Card else _plain(item) for item in value]
    if isinstance(value, Card):
        return str(value)
    to_json = getattr(value, "to_json", None)
    return value if to_json is None else to_json()


class PlainView:
    """A view (a dataclass) whose JSON is its fields as they are: :func:`plain_fields`."""

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        return plain_fields(self)


T = TypeVar("T")


class MadeOnce(Generic[T]):
    """Values made once per object, for objects that never change (a view, a finished
    hand): kept by the object's identity for the ``kept`` latest objects, each object held
    beside its value so that its id stays its own while the value is kept. Safe across
    threads (two threads may both make a value; either is kept)."""

    def __init__(self, kept: int) -> None:
        self._kept = kept
        self._values: OrderedDict[int, tuple[object, T]] = OrderedDict()
        self._guard = threading.Lock()

    def get(self, key: object, make: Callable[[], T]) -> T:
        with self._guard:
            found = self._values.get(id(key))
            if found is not None and found[0] is key:
                return found[1]
        value = make()
        with self._guard:
            self._values[id(key)] = (key, value)
            while len(self._values) > self._kept:
                self._values.popitem(last=False)
        return value


class _Rules(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


@functools.lru_cache(maxsize=256)
def rules_json(rules: _Rules) -> Mapping[str, Any]:
    """A game's rules (immutable, and few in play) by setting, made once per rules: every
    view names them. Read-only: a view's ``to_json`` copies them."""
    return MappingProxyType(rules.to_dict())


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Who sits in a seat, as anyone at the table may know it (never a seat's token)."""

    kind: HumanOrComputer
    name: str
    level: str | None = None
    client: str | None = None

    @classmethod
    def from_stored(cls, seat: Mapping[str, Any]) -> PlayerView:
        kind: HumanOrComputer = "computer" if seat.get("kind") == "computer" else "human"
        level = seat.get("level")
        client = seat.get("client")
        return cls(
            kind=kind,
            name=str(seat.get("name") or ""),
            level=None if level is None else str(level),
            client=None if client is None else str(client),
        )

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "name": self.name}
        if self.level is not None:
            data["level"] = self.level
        if self.client is not None:
            data["client"] = self.client
        return data


@dataclass(frozen=True, slots=True)
class TableHeader:
    """What the table knows of a match besides the game: its id, seats and progress."""

    match_id: str
    game: str
    players: tuple[PlayerView, PlayerView]
    action_count: int
    next_match: str | None = None


@dataclass(frozen=True, slots=True)
class SeatHead:
    """What every game's seat view begins with: the match, the seat and the players, the
    rules, whether the match is over and how many actions it has had. A game's seat view
    derives from it and adds its own table."""

    match_id: str
    game: str
    seat: int
    players: tuple[PlayerView, PlayerView]
    rules: Mapping[str, Any]
    status: str  # active or finished
    action_count: int

    @staticmethod
    def fields_of(header: TableHeader, seat: int, rules: Any, over: bool) -> dict[str, Any]:
        """The head's fields for ``seat`` at a match (keyword arguments of a seat view)."""
        return {
            "match_id": header.match_id,
            "game": header.game,
            "seat": seat,
            "players": header.players,
            "rules": rules_json(rules),
            "status": "finished" if over else "active",
            "action_count": header.action_count,
        }

    def basics_of(
        self,
        turn: tuple[bool, int | None, int | None],
        scores: tuple[int, int],
        hand: Iterable[Card],
        public: tuple[str, ...],
        events: tuple[str, ...],
        actions: tuple[str, ...],
        between: str = "",
    ) -> Basics:
        """The seat's :class:`Basics` from its game's words for its table: ``turn`` is
        (my turn, the seat to act, the match's winner once it is over), ``actions`` the
        texts the buttons send, ``between`` the status between turns."""
        my_turn, to_act, winner = turn
        return Basics(
            seat=self.seat,
            my_turn=my_turn,
            to_act=to_act,
            finished=self.status == "finished",
            status=turn_status(self.players, self.seat, winner, my_turn, to_act, between),
            scores=scores,
            hand=tuple(card.symbol() for card in hand),
            public=public,
            events=events,
            choices=choices_of(actions),
        )

    def head_json(self) -> dict[str, Any]:
        """The head's part of the seat view's JSON, first in it."""
        return {
            "match_id": self.match_id,
            "game": self.game,
            "seat": self.seat,
            "players": [player.to_json() for player in self.players],
            "rules": dict(self.rules),
            "status": self.status,
            "action_count": self.action_count,
        }


@dataclass(frozen=True, slots=True)
class Choice(PlainView):
    """One legal action as a generic screen offers it: the text to send, and a label."""

    action: str
    label: str


@dataclass(frozen=True, slots=True)
class Basics:
    """A seat's table in the few words any front end can show for any game (the generic
    screen: its hand, what is public, the events, its legal actions as buttons and keys).

    A game's seat view offers it as ``basics()`` beside its own fields; the game's own
    screens show far more, and a game with no screen of its own is played from this alone.
    Every text is for a person to read; ``hand`` holds the seat's own cards only.
    """

    seat: int
    my_turn: bool
    to_act: int | None
    finished: bool
    status: str
    scores: tuple[int, int]
    hand: tuple[str, ...]
    public: tuple[str, ...]
    events: tuple[str, ...]
    choices: tuple[Choice, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "my_turn": self.my_turn,
            "to_act": self.to_act,
            "finished": self.finished,
            "status": self.status,
            "scores": list(self.scores),
            "hand": list(self.hand),
            "public": list(self.public),
            "events": list(self.events),
            "choices": [choice.to_json() for choice in self.choices],
        }


def action_label(action: str) -> str:
    """An action's text as a button says it: its first word capitalised, its cards with
    their suit symbols (``discard QD``: ``Discard Q♦``; ``count 10``: ``Count 10``).

    >>> action_label("discard QD"), action_label("play 10h"), action_label("pass")
    ('Discard Q♦', 'Play T♥', 'Pass')
    """
    words = []
    for word in action.split():
        try:
            words.append(parse_card(word).symbol())
        except InvalidCardError:
            words.append(word.replace("_", " "))
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def choices_of(actions: tuple[str, ...]) -> tuple[Choice, ...]:
    """The legal actions as a generic screen offers them."""
    return tuple(Choice(action, action_label(action)) for action in actions)


def seat_words(players: tuple[PlayerView, PlayerView], seat: int, other: int) -> str:
    """How a seat's view names the seat ``other``: "You", or the player's name."""
    if other == seat:
        return "You"
    return players[other].name or ("The computer" if players[other].is_computer else "Opponent")


def turn_status(
    players: tuple[PlayerView, PlayerView],
    seat: int,
    winner: int | None,
    my_turn: bool,
    to_act: int | None,
    between: str,
) -> str:
    """The status line of a seat's basics: who won once the match is over (``winner``, None
    while it goes on), else whose turn it is, else the game's words for a pause between
    turns (``between``).

    >>> players = (PlayerView("human", "Ann"), PlayerView("computer", ""))
    >>> turn_status(players, 0, 1, False, None, "")
    'The match is over: The computer won.'
    >>> turn_status(players, 0, None, True, 0, ""), turn_status(players, 1, None, False, 0, "")
    ('Your turn.', 'Ann to play.')
    >>> turn_status(players, 0, None, False, None, "The hand is over.")
    'The hand is over.'
    """
    if winner is not None:
        return f"The match is over: {seat_words(players, seat, winner)} won."
    if my_turn:
        return "Your turn."
    if to_act is not None:
        return f"{seat_words(players, seat, to_act)} to play."
    return between
