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

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from cardtable.cards import VALUES, Card
from cardtable.errors import InvalidRulesError
from cardtable.numbers import check_range, is_int, shown, whole_number

__all__ = ["PRESETS", "Rules", "make_rules"]

LineBonusTo = Literal["both", "winner"]
Shutout = Literal["double_game_bonus", "double_total", "none"]
NextDealer = Literal["winner", "loser", "alternate"]
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
class Rules:
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

    @classmethod
    def preset(cls, name: str = "standard", /, **overrides: Any) -> Rules:
        """A named preset of RULES.md, with any settings overridden."""
        try:
            base = PRESETS[name.lower()]
        except KeyError:
            raise InvalidRulesError(
                f"unknown rules preset {name!r}: choose one of {', '.join(PRESETS)}"
            ) from None
        return base.replace(**overrides)

    def replace(self, /, **overrides: Any) -> Rules:
        """A copy with some settings changed (validated like a new value)."""
        unknown = sorted(set(overrides) - set(_HELP))
        if unknown:
            raise InvalidRulesError(
                f"unknown setting {unknown[0]!r}: settings are {', '.join(_HELP)}"
            )
        return dataclasses.replace(self, **overrides)

    def hand_threshold(self, upcard: Card | int) -> int:
        """The knock threshold of a hand whose first upcard is ``upcard``."""
        if not self.oklahoma:
            return self.knock_threshold
        value = VALUES[upcard]
        return 0 if value == 1 else value

    def hand_multiplier(self, upcard: Card | int) -> int:
        """2 when Oklahoma doubles the hand (a spade upcard), else 1."""
        return 2 if self.oklahoma and upcard // 13 == 0 else 1

    @property
    def preset_name(self) -> str | None:
        """The name of the preset these rules equal, if any."""
        for name, preset in PRESETS.items():
            if preset == self:
                return name
        return None

    def to_dict(self) -> dict[str, Any]:
        """Every setting by name (JSON-friendly)."""
        return {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict` output; unknown keys are refused."""
        return cls().replace(**dict(data))

    @staticmethod
    def describe() -> dict[str, str]:
        """A one-line explanation of every setting (``ginrummy rules`` prints these words
        unchanged; :meth:`bounds` gives the ranges)."""
        return dict(_HELP)

    @staticmethod
    def bounds() -> dict[str, tuple[int, int]]:
        """The lowest and highest value of every integer setting.

        >>> Rules.bounds()["target"]
        (1, 10000)
        """
        return dict(_BOUNDS)


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
    if rules is None:
        base = PRESETS["standard"]
    elif isinstance(rules, str):
        base = Rules.preset(rules)
    elif isinstance(rules, Rules):
        base = rules
    else:
        raise InvalidRulesError(f"rules must be a Rules value or a preset name, not {rules!r}")
    if not settings:
        return base
    changes: dict[str, Any] = {}
    for key, value in settings.items():
        if not isinstance(key, str):
            raise InvalidRulesError(f"a setting is named by text, not {key!r}")
        name = _key(key)
        changes[name] = _convert(name, value) if isinstance(value, str) else value
    return base.replace(**changes)


def _key(name: str) -> str:
    return name.strip().lower().replace("-", "_")


def _convert(name: str, text: str) -> Any:
    if name not in _HELP:
        raise InvalidRulesError(f"unknown setting {name!r}: settings are {', '.join(_HELP)}")
    # A word may come with spaces around it; a number may not (see cardtable.numbers).
    lowered = text.strip().lower()
    if name == "oklahoma":
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise InvalidRulesError(f"oklahoma must be true or false, not {shown(text.strip())}")
    if name in _CHOICES:
        return lowered.replace("-", "_")
    if name in _OPTIONAL and lowered in ("off", "none", "no"):
        return None
    number = whole_number(text)
    if number is None:
        raise InvalidRulesError(f"{name} must be an integer, not {shown(text)}")
    return number


PRESETS: Final[dict[str, Rules]] = {
    "standard": Rules(),
    "pagat": Rules(gin_bonus=20, undercut_bonus=10, line_bonus=20),
    "digital": Rules(
        big_gin_bonus=31, line_bonus_to="winner", shutout="double_total", next_dealer="alternate"
    ),
    "straight": Rules(knock_threshold=0),
    "oklahoma": Rules(oklahoma=True),
}
