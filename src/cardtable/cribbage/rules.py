"""The settings of a Cribbage match (CRIBBAGE.md section 4): one frozen, validated value.

>>> Rules().target, Rules().skunk_line, Rules().double_skunk_line
(121, 91, 61)
>>> short = Rules.preset("short")
>>> short.target, short.skunk_line, short.double_skunk_line
(61, 31, None)
>>> make_rules("standard", {"muggins": "on"}).muggins
True
>>> Rules(target=61)
Traceback (most recent call last):
...
cardtable.errors.InvalidRulesError: skunk_line must be below the target (61), not 91
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal

from cardtable.errors import InvalidRulesError
from cardtable.games.rules import (
    RulesBase,
    known_setting,
    on_off,
    setting_changes,
    starting_rules,
    whole_setting,
)
from cardtable.numbers import check_range, is_int, shown

__all__ = ["PRESETS", "Rules", "make_rules"]

NextGameDealer = Literal["loser", "alternate"]

_HELP: Final[dict[str, str]] = {
    "target": "points to win a game (121, 61, or any integer from 31 to 10,000)",
    "skunk_line": "a loser below this many points is skunked, or off",
    "skunk_games": "how many games a skunk counts as",
    "double_skunk_line": "a loser below this is double-skunked (below the skunk line), or off",
    "double_skunk_games": "how many games a double skunk counts as (at least a skunk's)",
    "next_game_dealer": "who deals first in the next game: loser or alternate",
    "muggins": "people state their own show, final; a count too low or too high may be "
    "called by the opponent, who takes the difference",
    "games": "games in a match: the most game points wins (more are played on a tie)",
    "match_points": "game points that win the match instead of a number of games, or off",
}
_OPTIONAL: Final = ("skunk_line", "double_skunk_line", "match_points")
# Every integer setting's range (CRIBBAGE.md section 4): none is unbounded, so no match holds
# a number that a view's JSON or a browser could not carry exactly. The skunk lines are also
# below the target (and the double below the skunk line), checked with the target.
MAX_TARGET: Final = 10_000
_BOUNDS: Final[dict[str, tuple[int, int]]] = {
    "target": (31, MAX_TARGET),
    "skunk_line": (1, MAX_TARGET - 1),
    "skunk_games": (1, 100),
    "double_skunk_line": (1, MAX_TARGET - 2),
    "double_skunk_games": (1, 100),
    "games": (1, 1_000),
    "match_points": (1, 1_000),
}


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    """Every setting of a match; construct with keywords, invalid values raise at once."""

    target: int = 121
    skunk_line: int | None = 91
    skunk_games: int = 2
    double_skunk_line: int | None = 61
    double_skunk_games: int = 4
    next_game_dealer: NextGameDealer = "loser"
    muggins: bool = False
    games: int = 1
    match_points: int | None = None

    def __post_init__(self) -> None:
        if not is_int(self.target) or self.target < 31:
            raise InvalidRulesError(
                f"target must be an integer of at least 31, not {shown(self.target)}"
            )
        check_range("target", self.target, *_BOUNDS["target"])  # too big
        skunk, double = self.skunk_line, self.double_skunk_line
        if skunk is not None and (not is_int(skunk) or not 1 <= skunk < self.target):
            raise InvalidRulesError(
                f"skunk_line must be below the target ({self.target}), not {shown(skunk)}"
            )
        if double is not None:
            if skunk is None:
                raise InvalidRulesError("double_skunk_line needs a skunk_line: set it off too")
            if not is_int(double) or not 1 <= double < skunk:
                raise InvalidRulesError(
                    f"double_skunk_line must be below the skunk line ({skunk}), not {shown(double)}"
                )
        for name in ("skunk_games", "double_skunk_games", "games"):
            value = getattr(self, name)
            if not is_int(value) or value < 1:
                raise InvalidRulesError(
                    f"{name} must be an integer of at least 1, not {shown(value)}"
                )
            check_range(name, value, *_BOUNDS[name])  # too big
        if double is not None and self.double_skunk_games < self.skunk_games:
            raise InvalidRulesError(
                f"double_skunk_games ({self.double_skunk_games}) must be at least skunk_games "
                f"({self.skunk_games}): a double skunk is worth no fewer games than a skunk"
            )
        if self.next_game_dealer not in ("loser", "alternate"):
            raise InvalidRulesError(
                f"next_game_dealer must be one of loser, alternate, not {self.next_game_dealer!r}"
            )
        if not isinstance(self.muggins, bool):
            raise InvalidRulesError(f"muggins must be on or off, not {shown(self.muggins)}")
        points = self.match_points
        if points is not None and (not is_int(points) or points < 1):
            raise InvalidRulesError(
                f"match_points must be off or an integer of at least 1, not {shown(points)}"
            )
        check_range("match_points", points, *_BOUNDS["match_points"], off=True)  # too big

    _help: ClassVar[Mapping[str, str]] = _HELP
    _bounds: ClassVar[Mapping[str, tuple[int, int]]] = _BOUNDS

    @classmethod
    def presets(cls) -> Mapping[str, Rules]:
        """CRIBBAGE.md's presets."""
        return PRESETS

    def game_value(self, loser_points: int) -> tuple[int, str]:
        """How many games a win counts as, and its kind, from the loser's points."""
        if self.double_skunk_line is not None and loser_points < self.double_skunk_line:
            return self.double_skunk_games, "double skunk"
        if self.skunk_line is not None and loser_points < self.skunk_line:
            return self.skunk_games, "skunk"
        return 1, "game"


def make_rules(
    rules: Rules | str | None = None, settings: Mapping[str, object] | None = None
) -> Rules:
    """Rules from a preset (``None``: standard) and settings, typed or as text (``"off"``,
    ``"61"``, ``"on"``); anything unknown or out of range raises naming it.

    A new target with no skunk lines given moves them with it, the way the presets pair them
    (121: 91 and 61; 61: 31 and off); other targets keep the lines when they still fit below.

    >>> make_rules(settings={"target": "61"}).skunk_line
    31
    >>> make_rules(settings={"skunk-line": "lots"})
    Traceback (most recent call last):
    ...
    cardtable.errors.InvalidRulesError: skunk_line must be an integer or off, not 'lots'
    """
    base = starting_rules(Rules, rules)
    changes = setting_changes(settings, _convert)
    if "target" in changes and not {"skunk_line", "double_skunk_line"} & set(changes):
        changes.update(_lines_for(changes["target"], base))
    return base.replace(**changes)


def _lines_for(target: object, base: Rules) -> dict[str, Any]:
    if target == 121:
        return {"skunk_line": 91, "double_skunk_line": 61}
    if target == 61:
        return {"skunk_line": 31, "double_skunk_line": None}
    if not is_int(target):
        return {}
    assert isinstance(target, int)
    skunk = base.skunk_line if base.skunk_line is not None and base.skunk_line < target else None
    double = base.double_skunk_line if skunk is not None else None
    if double is not None and skunk is not None and double >= skunk:
        double = None
    return {"skunk_line": skunk, "double_skunk_line": double}


def _convert(name: str, text: str) -> Any:
    known_setting(name, _HELP)
    if name == "muggins":
        return on_off(
            name, text, ("on", "true", "yes", "1"), ("off", "false", "no", "0"), "on or off"
        )
    if name == "next_game_dealer":
        return text.strip().lower()
    return whole_setting(name, text, _OPTIONAL)


PRESETS: Final[dict[str, Rules]] = {
    "standard": Rules(),
    "short": Rules(target=61, skunk_line=31, double_skunk_line=None),
    "muggins": Rules(muggins=True),
}
