"""The rules of a match: one frozen, validated value with every setting of RULES.md section 5.

>>> Rules().knock_threshold, Rules().gin_bonus
(10, 25)
>>> pagat = Rules.preset("pagat")
>>> pagat.gin_bonus, pagat.undercut_bonus, pagat.line_bonus
(20, 10, 20)
>>> Rules.preset("standard", target=150).target
150
>>> Rules(knock_threshold=11)
Traceback (most recent call last):
...
cardtable.errors.InvalidRulesError: knock_threshold must be an integer from 0 to 10, not 11
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal, TypeVar

from cardtable.cards import VALUES, Card
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

if TYPE_CHECKING:  # the engine runs without numpy; only the batched environment passes arrays
    import numpy as np
    import numpy.typing as npt

__all__ = ["PRESETS", "Rules", "make_rules"]

LineBonusTo = Literal["both", "winner"]
Shutout = Literal["double_game_bonus", "double_total", "none"]
NextDealer = Literal["winner", "loser", "alternate"]
# A seat, or an array of seats (the batched environment deals many matches at once).
Seats = TypeVar("Seats", int, "npt.NDArray[np.int64]")
SeriesFirst = Literal["alternate", "loser", "winner"]

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "line_bonus_to": ("both", "winner"),
    "shutout": ("double_game_bonus", "double_total", "none"),
    "next_dealer": ("winner", "loser", "alternate"),
    "series_first_player": ("alternate", "loser", "winner"),
}
# Every integer setting's range (RULES.md section 5): none is unbounded, so no match holds a
# number that a view's JSON or a browser could not carry exactly.
MAX_TARGET: Final = 10_000
MAX_BONUS: Final = 1_000
_BOUNDS: Final[dict[str, tuple[int, int]]] = {
    "knock_threshold": (0, 10),
    "gin_bonus": (0, MAX_BONUS),
    "undercut_bonus": (0, MAX_BONUS),
    "big_gin_bonus": (0, MAX_BONUS),
    "target": (1, MAX_TARGET),
    "game_bonus": (0, MAX_BONUS),
    "line_bonus": (0, MAX_BONUS),
}
_OPTIONAL: Final = ("big_gin_bonus",)

_HELP: Final[dict[str, str]] = {
    "knock_threshold": "highest deadwood a knock may leave (0 to 10; 0 is straight gin)",
    "oklahoma": "each hand's threshold is the first upcard's value (ace: gin only); "
    "a spade upcard doubles that hand's scores",
    "gin_bonus": "bonus for gin",
    "undercut_bonus": "bonus for an undercut",
    "big_gin_bonus": "bonus for big gin (eleven cards melded), or off",
    "target": "score that ends the match",
    "game_bonus": "bonus for the player who reached the target",
    "line_bonus": "bonus per hand won (a box or line)",
    "line_bonus_to": "who gets line bonuses: both players, or the match winner only",
    "shutout": "when the loser won no hand: double_game_bonus, double_total or none",
    "next_dealer": "who deals after a scored hand: winner, loser or alternate",
    "series_first_player": "who plays first in the next match of a series",
}


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    """Every setting of a match. Construct with keywords; invalid values raise at once."""

    knock_threshold: int = 10
    oklahoma: bool = False
    gin_bonus: int = 25
    undercut_bonus: int = 25
    big_gin_bonus: int | None = None
    target: int = 100
    game_bonus: int = 100
    line_bonus: int = 25
    line_bonus_to: LineBonusTo = "both"
    shutout: Shutout = "double_game_bonus"
    next_dealer: NextDealer = "winner"
    series_first_player: SeriesFirst = "alternate"

    def __post_init__(self) -> None:
        threshold = self.knock_threshold
        if not is_int(threshold) or not 0 <= threshold <= 10:
            raise InvalidRulesError(
                f"knock_threshold must be an integer from 0 to 10, not {shown(threshold)}"
            )
        if not isinstance(self.oklahoma, bool):
            raise InvalidRulesError(f"oklahoma must be true or false, not {self.oklahoma!r}")
        for name in ("gin_bonus", "undercut_bonus", "game_bonus", "line_bonus"):
            value = getattr(self, name)
            if not is_int(value) or value < 0:
                raise InvalidRulesError(
                    f"{name} must be a non-negative integer, not {shown(value)}"
                )
        big = self.big_gin_bonus
        if big is not None and (not is_int(big) or big < 0):
            raise InvalidRulesError(
                f"big_gin_bonus must be off or a non-negative integer, not {shown(big)}"
            )
        if not is_int(self.target) or self.target < 1:
            raise InvalidRulesError(
                f"target must be an integer of at least 1, not {shown(self.target)}"
            )
        # Too big (the words above, which ``ginrummy`` prints, say what is too small).
        for name, (low, high) in _BOUNDS.items():
            check_range(name, getattr(self, name), low, high, off=name in _OPTIONAL)
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise InvalidRulesError(
                    f"{name} must be one of {', '.join(allowed)}, not {value!r}"
                )

    # ``ginrummy rules`` prints the words of describe() unchanged.
    _help: ClassVar[Mapping[str, str]] = _HELP
    _bounds: ClassVar[Mapping[str, tuple[int, int]]] = _BOUNDS

    @classmethod
    def presets(cls) -> Mapping[str, Rules]:
        """RULES.md's presets."""
        return PRESETS

    def hand_threshold(self, upcard: Card | int) -> int:
        """The knock threshold of a hand whose first upcard is ``upcard``."""
        if not self.oklahoma:
            return self.knock_threshold
        value = VALUES[upcard]
        return 0 if value == 1 else value

    def hand_multiplier(self, upcard: Card | int) -> int:
        """2 when Oklahoma doubles the hand (a spade upcard), else 1."""
        return 2 if self.oklahoma and upcard // 13 == 0 else 1

    def dealer_after(self, winner: Seats, dealer: Seats) -> Seats:
        """Who deals after a hand ``winner`` won that ``dealer`` dealt (RULES.md 5,
        ``next_dealer``): the one place the match, the OpenSpiel state and the batched
        environment read the setting."""
        if self.next_dealer == "winner":
            return winner
        if self.next_dealer == "loser":
            return 1 - winner
        return 1 - dealer


def make_rules(
    rules: Rules | str | None = None, settings: Mapping[str, object] | None = None
) -> Rules:
    """The rules of a match from a preset and settings: how every front end builds them.

    ``rules`` is a preset name (``None`` for standard) or a value to start from; ``settings``
    overrides any setting, each value typed (``150``, ``None``) or as the text of a command
    line or a form (``"150"``, ``"off"``, ``"yes"``). Anything unknown or out of range raises
    :class:`~cardtable.errors.InvalidRulesError` naming it.

    >>> make_rules("pagat", {"target": "150"}).target, make_rules(settings={"target": 50}).target
    (150, 50)
    >>> make_rules("digital", {"big-gin-bonus": "off"}).big_gin_bonus is None
    True
    >>> make_rules("standard", {"target": "lots"})
    Traceback (most recent call last):
    ...
    cardtable.errors.InvalidRulesError: target must be an integer, not 'lots'
    """
    base = starting_rules(Rules, rules)
    if not settings:
        return base
    return base.replace(**setting_changes(settings, _convert))


def _convert(name: str, text: str) -> Any:
    known_setting(name, _HELP)
    if name == "oklahoma":
        return on_off(
            name, text, ("true", "yes", "on", "1"), ("false", "no", "off", "0"), "true or false"
        )
    if name in _CHOICES:
        return text.strip().lower().replace("-", "_")
    # Gin's message never said that big gin may be off: kept as it was.
    return whole_setting(name, text, _OPTIONAL, say_off=False)


PRESETS: Final[dict[str, Rules]] = {
    "standard": Rules(),
    "pagat": Rules(gin_bonus=20, undercut_bonus=10, line_bonus=20),
    "digital": Rules(
        big_gin_bonus=31, line_bonus_to="winner", shutout="double_total", next_dealer="alternate"
    ),
    "straight": Rules(knock_threshold=0),
    "oklahoma": Rules(oklahoma=True),
}
