"""The interface a game offers everything above it: Protocols, not a framework.

The table service, the store, the simulator, the research kit, the commands and both front
ends play any game through :class:`Game` alone, found by name in the registry
(:mod:`cardtable.games`). They speak to a game in text: an action is the text a player sends
(``"discard QD"``) and the text stored for it (canonical, so that replaying the stored texts
rebuilds the match exactly); rules are stored as the plain dictionary of their settings.

What a game must offer is the engine's part (rules, dealing, rebuilding and applying
actions, its computer players, its record) and its typed views (a seat's view, a finished
deal's replay, a hint). What it may leave out has a default above it: a game with no
lesson, no coach or no statistics of its own is played without them, a game without
screens of its own is played on the generic screen (each seat view's :class:`Basics`), and
a game without a research adapter or commands of its own gets the common ones only.

The heavier parts a game offers (its screens, its commands, its research adapters) are
named as ``"module:attribute"`` references (:data:`Ref`) and loaded by the layer that uses
them, when it uses them: a game's engine imports none of Textual, Starlette or numpy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, Self, TypeVar

from cardtable.coach import MatchReview
from cardtable.games.lessons import LessonHintView
from cardtable.games.views import Basics, TableHeader

__all__ = [
    "About",
    "Computer",
    "Game",
    "GameMatch",
    "GameRules",
    "GameView",
    "Lesson",
    "LessonOutcome",
    "Ref",
    "SeatStats",
    "Setting",
]


@dataclass(frozen=True, slots=True)
class About:
    """What a lobby says of a game: a tagline, words beside each computer level and each
    preset, the cards it shows, and the lesson's title and line (``None``: no lesson)."""

    tagline: str
    levels: Mapping[str, str] = field(default_factory=dict)
    presets: Mapping[str, str] = field(default_factory=dict)
    hero: tuple[str, ...] = ()
    learn: tuple[str, str] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "tagline": self.tagline,
            "levels": dict(self.levels),
            "presets": dict(self.presets),
            "hero": list(self.hero),
            "learn": None if self.learn is None else list(self.learn),
        }


# A reference to a module's attribute, ``"package.module:name"``, loaded when it is needed.
Ref = str


@dataclass(frozen=True, slots=True)
class Setting:
    """One setting of a game's rules as a form or a command line offers it.

    ``kind``: ``"int"`` (a whole number from ``low`` to ``high``; ``optional`` when it may be
    left out, meaning off), ``"choice"`` (one of ``choices``, each with its words) or
    ``"switch"`` (on or off). ``label`` is a short name for a form, ``help`` a line that
    explains it.
    """

    name: str
    kind: Literal["int", "choice", "switch"]
    label: str
    help: str
    low: int | None = None
    high: int | None = None
    optional: bool = False
    choices: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "label": self.label,
            "help": self.help,
        }
        if self.kind == "int":
            data.update(low=self.low, high=self.high, optional=self.optional)
        if self.kind == "choice":
            data["choices"] = [[value, words] for value, words in self.choices]
        return data


class GameRules(Protocol):
    """A game's rules value: frozen, validated, and stored as its settings by name."""

    def to_dict(self) -> dict[str, Any]: ...


class GameView(Protocol):
    """Any typed view a game hands out: a frozen value with one ``to_json()``."""

    def to_json(self) -> dict[str, Any]: ...


class SeatView(GameView, Protocol):
    """A seat's view of its table: the game's own fields, and the :class:`Basics` that a
    generic screen shows for any game."""

    @property
    def game(self) -> str: ...

    @property
    def seat(self) -> int: ...

    @property
    def action_count(self) -> int: ...

    def basics(self) -> Basics: ...


class GameMatch(Protocol):
    """What the table needs to know of a match in progress, whatever the game."""

    @property
    def seed(self) -> str | None: ...

    @property
    def first_dealer(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def to_act(self) -> int | None: ...

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` has an action to take now (two seats may, where both choose at
        once: Cribbage's lay-away)."""
        ...

    def copy(self) -> Self:
        """An independent copy: the table applies a move to a copy, stores it, then swaps."""
        ...

    def next_first_dealer(self) -> int:
        """Who deals first in the next match of a series between the same seats."""
        ...


M = TypeVar("M", bound=GameMatch)
M_contra = TypeVar("M_contra", bound=GameMatch, contravariant=True)


class Computer(Protocol[M_contra]):
    """A computer player at one seat. It is handed the match only to look up its own seat's
    view there (the game's code does that); it returns the text of its action."""

    def move(self, match: M_contra, seat: int) -> str: ...


class LessonOutcome(Protocol):
    """What a lesson says of the learner's last answer: right or not, and why."""

    @property
    def ok(self) -> bool: ...

    @property
    def message(self) -> str: ...


class Lesson(Protocol):
    """A game's guided lesson: a script on a real deal, played one answer at a time.

    A session is rebuilt from the answers given so far (``kind`` ``"select"``, ``"act"`` or
    ``"advance"``, with their text), so that any process can carry on a lesson that another
    began (:class:`cardtable.table.Lessons` keeps the answers in the store).
    """

    def start(self) -> Any:
        """A new session at the lesson's first step."""
        ...

    def answer(self, session: Any, kind: str, text: str) -> LessonOutcome | None:
        """Apply one answer to ``session``; a wrong one changes nothing and is explained by
        the outcome (which is ``None`` for an answer that needs no word)."""
        ...

    def view(self, lesson_id: str, session: Any, outcome: LessonOutcome | None) -> GameView:
        """The learner's view of the session (with ``outcome``, the word on the last
        answer)."""
        ...

    def hint(self, session: Any) -> LessonHintView:
        """The lesson's own hint for the step the learner is at (never the expert's)."""
        ...


class SeatStats(Protocol):
    """A game's own figures for one seat, summed over matches with ``+``: as JSON (each
    figure by name) and as lines a person reads (a label and the figure in words)."""

    def __add__(self, other: Any) -> Any: ...

    def to_json(self) -> dict[str, Any]: ...

    def lines(self) -> tuple[tuple[str, str], ...]: ...


class Game(Protocol[M]):
    """One game, as everything above the games sees it."""

    # -- who it is --------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The short name used in commands, URLs and the database (``"gin"``)."""
        ...

    @property
    def title(self) -> str:
        """The name people read (``"Gin Rummy"``)."""
        ...

    @property
    def order(self) -> int:
        """Where the game stands in lists (the lobby, ``cardtable --help``): lowest first;
        the first game is the one a command plays when none is named."""
        ...

    @property
    def about(self) -> About:
        """What a lobby and a command's help say of the game."""
        ...

    # -- rules ------------------------------------------------------------------------

    def make_rules(
        self, preset: str | None = None, settings: Mapping[str, object] | None = None
    ) -> GameRules:
        """Rules from a preset name and settings (typed, or text from a form or a command
        line); a bad one raises :class:`~cardtable.errors.InvalidRulesError` naming it."""
        ...

    def presets(self) -> dict[str, dict[str, Any]]:
        """The named presets, each as its settings by name; the first is the default."""
        ...

    def settings(self) -> tuple[Setting, ...]:
        """Every setting, with its kind, its bounds and a line of help each."""
        ...

    def rules_from_dict(self, data: Mapping[str, Any]) -> GameRules:
        """Rules from their stored settings (the output of ``to_dict``)."""
        ...

    # -- play -------------------------------------------------------------------------

    def deal(self, rules: GameRules, seed: str | None, first_dealer: int | None) -> M:
        """A new match: its seed random when ``None``, its first dealer a fair cut of the
        seed when ``None``."""
        ...

    def rebuild(
        self,
        rules: Mapping[str, Any],
        seed: str,
        first_dealer: int,
        actions: Sequence[tuple[int, str]],
    ) -> M:
        """The match again from its setup and its stored actions (seat, text), in order."""
        ...

    def apply(self, match: M, seat: int, action: str) -> str:
        """Apply ``seat``'s action, given as text; return the text to store for it. An illegal
        action raises :class:`~cardtable.errors.IllegalActionError` and changes nothing."""
        ...

    def legal_actions(self, match: M, seat: int) -> tuple[str, ...]:
        """The texts of the actions ``seat`` may take now (none when it is not to act)."""
        ...

    def scores(self, match: M) -> tuple[int, int]:
        """The match's score so far, a number per seat (points, or game points)."""
        ...

    def deals_finished(self, match: M) -> int:
        """How many deals of the match are over (those a replay or a review may show)."""
        ...

    def winner(self, match: M) -> int | None:
        """The seat that won the finished match; ``None`` while it goes on (or drawn)."""
        ...

    # -- players ----------------------------------------------------------------------

    def computer(self, level: str, seed: int) -> Computer[M]:
        """A computer player of a level, seeded; an unknown level raises naming the levels."""
        ...

    def player(self, level: str, seed: int) -> Any:
        """The player of a level that :meth:`computer` wraps: ``act(observation)`` returns
        its action (its text is what :meth:`apply` takes). The simulator and the
        evaluator play it on :meth:`observation`, the seat's own view and nothing else."""
        ...

    def observation(self, match: M, seat: int) -> Any:
        """What ``seat``'s player is handed to act on: its own view only (picklable: an
        agent in a process of its own receives it)."""
        ...

    def levels(self) -> list[str]:
        """The computer levels there are, by name, in the order a lobby offers them."""
        ...

    @property
    def default_level(self) -> str:
        """The level a lobby or a command offers first."""
        ...

    # -- records ----------------------------------------------------------------------

    def record(self, match: M) -> str:
        """The match as a replayable text record."""
        ...

    def load_record(self, text: str) -> M:
        """The match a record holds, replayed; a malformed record, or one cut short (not
        finished), raises :class:`~cardtable.errors.InvalidRecordError` saying so."""
        ...

    def summary(self, match: M) -> dict[str, Any]:
        """A few public figures for lists of matches (scores, hand number, winner)."""
        ...

    # -- views ------------------------------------------------------------------------

    def seat_view(self, match: M, seat: int, header: TableHeader, aids: bool) -> SeatView:
        """The table as ``seat`` sees it (built from its observation alone), with the
        learning aids when ``aids``."""
        ...

    def replay(self, match: M, seat: int, deal: int) -> GameView:
        """A finished deal (1-based) step by step, as ``seat`` may see it; a deal not
        finished raises :class:`~cardtable.errors.IllegalActionError`."""
        ...

    def hint(self, match: M, seat: int) -> GameView:
        """Advice on ``seat``'s turn, from its view alone; raises
        :class:`~cardtable.errors.IllegalActionError` when there is none to give."""
        ...

    # -- what a game may leave out (``None``: the layers above do without) ------------

    @property
    def lesson(self) -> Lesson | None:
        """The guided lesson, if the game has one."""
        ...

    def review(
        self, match: M, seats: tuple[int, ...], deals: tuple[int, ...] | None
    ) -> MatchReview[Any] | None:
        """The coach's review of ``seats``' decisions in the finished deals (or ``deals``),
        each judged from that seat's view; ``None``: the game has no coach yet."""
        ...

    def seat_stats(self, match: M, seat: int) -> SeatStats | None:
        """The game's own figures of ``seat`` in the match's finished deals (``None``: the
        game is counted by its matches only)."""
        ...

    @property
    def screens(self) -> Mapping[str, Ref]:
        """The game's own screens by front end: ``"tui"`` (a
        :class:`cardtable.tui.front.FullScreen`: its Textual screens, seat and style sheet),
        ``"plain"`` (a :class:`cardtable.tui.front.Plain`: its line-by-line table),
        ``"web"`` (a folder of static files whose ``table.js`` exports the table). A front
        end not named uses its generic screen."""
        ...

    @property
    def commands(self) -> Ref | None:
        """A function ``add(subparsers)`` adding the game's own commands (``cardtable gin
        deadwood``) beside the common ones."""
        ...

    @property
    def research(self) -> Ref | None:
        """The game's research declarations (:mod:`cardtable.env`: the observation encoding
        and the action ids), loaded by the research kit."""
        ...

    @property
    def simulation(self) -> Ref | None:
        """The game's own fast way to play many deals between computer players
        (:mod:`cardtable.sim`); ``None``: the simulator plays it through this interface."""
        ...
