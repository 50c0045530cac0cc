"""The small interface a game offers the table: a Protocol, not a framework.

The table service (:mod:`cardtable.table`) creates, stores, replays and plays matches of any
game through these few functions, and never reaches into a game's engine for them. A game
package implements it once (Gin Rummy: :data:`cardtable.gin.game.GIN`); the typed seat views,
which are particular to each game, are built in the table from the game's own observation.

The table speaks to a game in text: an action is the text a player sends (``"discard QD"``)
and the text stored for it (canonical, so that replaying the stored texts rebuilds the match
exactly); rules are stored as the plain dictionary of their settings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Self, TypeVar

__all__ = ["Computer", "Game", "GameMatch", "GameRules"]


class GameRules(Protocol):
    """A game's rules value: frozen, validated, and stored as its settings by name."""

    def to_dict(self) -> dict[str, Any]: ...


class GameMatch(Protocol):
    """What the table needs to know of a match in progress, whatever the game."""

    @property
    def seed(self) -> str | None: ...

    @property
    def first_dealer(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def to_act(self) -> int | None:
        """The seat whose action the match waits for (a computer there plays next)."""
        ...

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` may act now: the seat to act, or in a game where both act at
        once (Cribbage's lay-away) either one that has not yet."""
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


class Game(Protocol[M]):
    """One game, as the table sees it."""

    @property
    def name(self) -> str:
        """The short name used in commands, URLs and the database (``"gin"``)."""
        ...

    @property
    def title(self) -> str:
        """The name people read (``"Gin Rummy"``)."""
        ...

    def make_rules(
        self, preset: str | None = None, settings: Mapping[str, object] | None = None
    ) -> GameRules:
        """Rules from a preset name and settings (typed, or text from a form or a command
        line); a bad one raises :class:`~cardtable.errors.InvalidRulesError` naming it."""
        ...

    def presets(self) -> dict[str, dict[str, Any]]:
        """The named presets, each as its settings by name."""
        ...

    def settings_help(self) -> dict[str, str]:
        """A one-line explanation of every setting, with its range (what the lobby shows)."""
        ...

    def settings_bounds(self) -> dict[str, tuple[int, int]]:
        """The lowest and highest value of every integer setting."""
        ...

    def rules_from_dict(self, data: Mapping[str, Any]) -> GameRules:
        """Rules from their stored settings (the output of ``to_dict``)."""
        ...

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

    def computer(self, level: str, seed: int) -> Computer[M]:
        """A computer player of a level, seeded; an unknown level raises naming the levels."""
        ...

    def levels(self) -> list[str]:
        """The computer levels there are, by name."""
        ...

    def record(self, match: M) -> str:
        """The match as a replayable text record."""
        ...

    def summary(self, match: M) -> dict[str, Any]:
        """A few public figures for lists of matches (scores, hand number, winner)."""
        ...
