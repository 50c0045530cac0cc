"""One adapter base for the games: what every game's :class:`~cardtable.games.Game` does the
same way, so that a game's own adapter says only what is particular to it.

A game built on an engine of the usual shape (a rules value with presets, a match that
applies parsed actions and gives each seat its observation, players that act on an
observation, a text record) subclasses :class:`GameBase`, names those parts once in an
:class:`Engine` (and its settings' words as class attributes), and writes the few functions
that read its match (scores, summary) and build its views. A game of another shape writes
the hooks (``_new_match``, ``_dump``, ...) itself instead. Everything here goes through the
game's engine; nothing here knows any game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from cardtable.coach import MatchReview
from cardtable.errors import IllegalActionError, InvalidRulesError
from cardtable.games.interface import (
    About,
    GameMatch,
    GameView,
    Lesson,
    Ref,
    SeatStats,
    SeatView,
    Setting,
)
from cardtable.games.levels import LEARNING_PATH
from cardtable.games.views import TableHeader
from cardtable.numbers import help_with_ranges

__all__ = [
    "About",
    "Engine",
    "GameBase",
    "ObservingComputer",
    "finished_deal",
    "ordered_levels",
    "settings_of",
]

# The order lobbies list computer levels in: the learning path, then the baselines.
LEVEL_ORDER: tuple[str, ...] = (*LEARNING_PATH, "simple", "random")


class _Rules(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


class _Player(Protocol):
    def act(self, observation: Any, /) -> object: ...


class _Match(GameMatch, Protocol):
    """A match of the usual shape: what the table needs, and its engine's parts."""

    @property
    def hands(self) -> Sequence[Any]: ...

    def legal_actions(self) -> Sequence[object]: ...

    def observation(self, seat: int) -> Any: ...


M = TypeVar("M", bound=_Match)
R = TypeVar("R", bound=_Rules)
M_co = TypeVar("M_co", bound=_Match, covariant=True)
R_contra = TypeVar("R_contra", bound=_Rules, contravariant=True)


class _MatchType(Protocol[M_co, R_contra]):
    """A match class of the usual shape: ``Match(rules, first_dealer, seed)`` starts one to
    replay stored actions into, ``Match.new(rules, seed, first_dealer)`` deals a new one."""

    def __call__(self, rules: R_contra, first_dealer: int, seed: str) -> M_co: ...

    def new(self, rules: R_contra, seed: str | None, first_dealer: int | None) -> M_co: ...


@dataclass(frozen=True, slots=True)
class Engine(Generic[M, R]):
    """A game engine's parts of the usual shape, named once: :class:`GameBase`'s hooks use
    them, so that a game's adapter does not forward each of them by hand.

    ``review`` and ``seat_stats`` are optional (``None``: no coach, no statistics)."""

    match: _MatchType[M, R]
    presets: Mapping[str, R]
    make_rules: Callable[[str | None, Mapping[str, object] | None], R]
    make_player: Callable[[str, int], _Player]
    player_names: Callable[[], Sequence[str]]
    dump: Callable[[M], str]
    load: Callable[[str], M]
    seat_view: Callable[[M, int, TableHeader, bool], SeatView] | None = None
    review: Callable[..., MatchReview[Any]] | None = None
    seat_stats: Callable[[M, int], SeatStats] | None = None


@dataclass(frozen=True, slots=True)
class ObservingComputer(Generic[M]):
    """A computer player at a seat: it acts on its seat's observation only."""

    player: _Player

    def move(self, match: M, seat: int) -> str:
        return str(self.player.act(match.observation(seat)))


def ordered_levels(names: Sequence[str]) -> list[str]:
    """Levels in a lobby's order: the learning path first, then the rest by name."""
    known = [name for name in LEVEL_ORDER if name in names]
    return known + sorted(name for name in names if name not in LEVEL_ORDER)


def settings_of(
    labels: Mapping[str, str],
    help: Mapping[str, str],
    bounds: Mapping[str, tuple[int, int]],
    choices: Mapping[str, Mapping[str, str]] | None = None,
    optional: Sequence[str] = (),
) -> tuple[Setting, ...]:
    """A game's settings in the order of ``labels``: a whole number where ``bounds`` has
    its range, one of ``choices`` where it has its words, a switch otherwise."""
    found: list[Setting] = []
    for name, label in labels.items():
        words = (choices or {}).get(name)
        if name in bounds:
            low, high = bounds[name]
            found.append(
                Setting(name, "int", label, help[name], low, high, optional=name in optional)
            )
        elif words is not None:
            found.append(Setting(name, "choice", label, help[name], choices=tuple(words.items())))
        else:
            found.append(Setting(name, "switch", label, help[name]))
    return tuple(found)


def finished_deal(hands: Sequence[Any], deal: int) -> Any:
    """The finished deal ``deal`` (1-based) of a match's hands, or a refusal naming them."""
    if not isinstance(deal, int) or not 1 <= deal <= len(hands):
        if not hands:
            raise IllegalActionError(f"deal {deal} is not finished: no deal is over yet")
        raise IllegalActionError(f"deal {deal} is not finished (deals 1 to {len(hands)})")
    return hands[deal - 1]


class GameBase(Generic[M, R]):
    """The parts of a game adapter that are the same for every game (see the module).

    A subclass sets the class attributes below, gives its :class:`Engine` (or writes the
    hooks that would read it), and writes :meth:`scores`, :meth:`summary`, :meth:`replay`
    and :meth:`hint` (and :meth:`seat_view` where its engine does not name one); the rest it
    may leave as they are (no lesson, no coach, no statistics, no screens or commands of its
    own) or override.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    order: ClassVar[int] = 100
    about: ClassVar[About]
    rules_type: ClassVar[type[Any]]
    screens: ClassVar[Mapping[str, Ref]] = {}
    commands: ClassVar[Ref | None] = None
    research: ClassVar[Ref | None] = None
    simulation: ClassVar[Ref | None] = None
    lesson: ClassVar[Lesson | None] = None
    # Its settings as :meth:`settings` lists them (none when ``setting_labels`` is empty):
    # the label of each by name, in order; the words of each choice; those that may be off.
    setting_labels: ClassVar[Mapping[str, str]] = {}
    setting_choices: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    optional_settings: ClassVar[tuple[str, ...]] = ()

    def __init__(self, engine: Engine[M, R] | None = None) -> None:
        self._engine = engine

    # -- what the subclass names: its engine's parts ---------------------------------

    @property
    def engine(self) -> Engine[M, R]:
        """The engine's parts, for a game that gave them (the hooks below read them)."""
        if self._engine is None:
            raise NotImplementedError(f"{type(self).__name__} names no engine: write its hooks")
        return self._engine

    def _presets(self) -> Mapping[str, R]:
        return self.engine.presets

    def _make_rules(self, preset: str | None, settings: Mapping[str, object] | None) -> R:
        return self.engine.make_rules(preset, settings)

    def _new_match(self, rules: R, seed: str | None, first_dealer: int | None) -> M:
        return self.engine.match.new(rules, seed, first_dealer)

    def _empty_match(self, rules: R, first_dealer: int, seed: str) -> M:
        return self.engine.match(rules, first_dealer, seed)

    def _apply(self, match: M, seat: int, action: str, stored: bool) -> str:
        """Apply a text action (``stored``: one read back from a table or a record)."""
        raise NotImplementedError

    def _player(self, level: str, seed: int) -> _Player:
        return self.engine.make_player(level, seed)

    def _level_names(self) -> Sequence[str]:
        return self.engine.player_names()

    def _dump(self, match: M) -> str:
        return self.engine.dump(match)

    def _load(self, text: str) -> M:
        return self.engine.load(text)

    # -- the interface, the same for every game ---------------------------------------

    def make_rules(
        self, preset: str | None = None, settings: Mapping[str, object] | None = None
    ) -> R:
        return self._make_rules(preset, settings)

    def presets(self) -> dict[str, dict[str, Any]]:
        return {name: rules.to_dict() for name, rules in self._presets().items()}

    def settings(self) -> tuple[Setting, ...]:
        if not self.setting_labels:
            return ()
        rules = self.rules_type  # a RulesBase: its settings' help and ranges
        help = help_with_ranges(rules.describe(), rules.bounds())
        return settings_of(
            self.setting_labels,
            help,
            rules.bounds(),
            self.setting_choices,
            optional=self.optional_settings,
        )

    def rules_from_dict(self, data: Mapping[str, Any]) -> R:
        if not isinstance(data, Mapping):
            raise InvalidRulesError(f"rules are stored as settings by name, not {data!r}")
        rules: R = self.rules_type.from_dict(data)
        return rules

    def deal(self, rules: object, seed: str | None, first_dealer: int | None) -> M:
        if not isinstance(rules, self.rules_type):
            raise InvalidRulesError(f"{self.title} is played under its own rules, not {rules!r}")
        return self._new_match(rules, seed, first_dealer)

    def rebuild(
        self,
        rules: Mapping[str, Any],
        seed: str,
        first_dealer: int,
        actions: Sequence[tuple[int, str]],
    ) -> M:
        match = self._empty_match(self.rules_from_dict(rules), first_dealer, seed)
        for seat, text in actions:
            self._apply(match, seat, text, True)
        return match

    def apply(self, match: M, seat: int, action: str) -> str:
        return self._apply(match, seat, action, False)

    def legal_actions(self, match: M, seat: int) -> tuple[str, ...]:
        if not match.may_act(seat):
            return ()
        return tuple(str(action) for action in match.legal_actions())

    def deals_finished(self, match: M) -> int:
        return len(match.hands)

    def winner(self, match: M) -> int | None:
        final = getattr(match, "final", None)
        return None if final is None else int(final.winner)

    def computer(self, level: str, seed: int) -> ObservingComputer[M]:
        return ObservingComputer(self.player(level, seed))

    def player(self, level: str, seed: int) -> Any:
        return self._player(level, seed)

    def observation(self, match: M, seat: int) -> Any:
        return match.observation(seat)

    def levels(self) -> list[str]:
        return ordered_levels(self._level_names())

    @property
    def default_level(self) -> str:
        names = self.levels()
        return next((n for n in ("intermediate", "simple") if n in names), names[0])

    def record(self, match: M) -> str:
        return self._dump(match)

    def load_record(self, text: str) -> M:
        return self._load(text)

    def review(
        self, match: M, seats: tuple[int, ...], deals: tuple[int, ...] | None
    ) -> MatchReview[Any] | None:
        review = None if self._engine is None else self._engine.review
        return None if review is None else review(match, seats=seats, deals=deals)

    def seat_stats(self, match: M, seat: int) -> SeatStats | None:
        stats = None if self._engine is None else self._engine.seat_stats
        return None if stats is None else stats(match, seat)

    # -- what every game writes for itself --------------------------------------------

    def scores(self, match: M) -> tuple[int, int]:
        raise NotImplementedError

    def summary(self, match: M) -> dict[str, Any]:
        raise NotImplementedError

    def seat_view(self, match: M, seat: int, header: TableHeader, aids: bool) -> SeatView:
        view = None if self._engine is None else self._engine.seat_view
        if view is None:
            raise NotImplementedError
        return view(match, seat, header, aids)

    def replay(self, match: M, seat: int, deal: int) -> GameView:
        raise NotImplementedError

    def hint(self, match: M, seat: int) -> GameView:
        raise NotImplementedError
