"""Whole numbers as people type them, and the ranges a game's settings allow.

Text from a form or a command line is a number only when it is ASCII digits with an optional
sign and nothing around it: Python's ``int`` also takes ``" 50 "``, ``"1_000"`` and other
scripts' digits (``"٥٠"``), which a person did not mean as the number the table would store.

>>> whole_number("150"), whole_number("-3"), whole_number("+7")
(150, -3, 7)
>>> [whole_number(text) for text in (" 50 ", "٥٠", "1_000", "²", "", "12a")]
[None, None, None, None, None, None]
>>> check_range("games", 10**12, 1, 1_000)
Traceback (most recent call last):
...
cardtable.errors.InvalidRulesError: games must be an integer from 1 to 1,000, not 1000000000000
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final, TypeGuard

from cardtable.errors import InvalidRulesError

__all__ = [
    "MAX_DIGITS",
    "check_range",
    "help_with_ranges",
    "is_int",
    "range_text",
    "shown",
    "whole_number",
]

# Longer text is no setting's number (and Python refuses to read over 4,300 digits).
MAX_DIGITS: Final = 4000
# ``[0-9]`` is the ten ASCII digits only; ``\d`` would take every script's digits.
_WHOLE: Final = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
_SHOWN: Final = 40  # characters of a refused value a message repeats


def whole_number(text: str) -> int | None:
    """The integer ``text`` spells (ASCII digits, an optional sign, nothing else), or None."""
    if _WHOLE.fullmatch(text) is None:
        return None
    return int(text)


def is_int(value: object) -> TypeGuard[int]:
    """An integer that is not a bool (JSON's ``true`` is no number of games)."""
    return isinstance(value, int) and not isinstance(value, bool)


def range_text(low: int, high: int) -> str:
    """``"from 1 to 10,000"``: how every message and help line words a range."""
    return f"from {low:,} to {high:,}"


def shown(value: object) -> str:
    """A refused value as a message repeats it: its ``repr``, cut short when long."""
    if is_int(value) and abs(value) >= 10**_SHOWN:
        return f"a number of {len(str(abs(value)))} digits"
    text = repr(value)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def check_range(name: str, value: object, low: int, high: int, *, off: bool = False) -> None:
    """Refuse ``value`` for the setting ``name`` unless it is an integer from ``low`` to
    ``high`` (or, with ``off``, ``None``), in a message that names the setting and range."""
    if value is None and off:
        return
    if is_int(value) and low <= value <= high:
        return
    kind = "off or an integer" if off else "an integer"
    raise InvalidRulesError(f"{name} must be {kind} {range_text(low, high)}, not {shown(value)}")


def help_with_ranges(
    help_text: Mapping[str, str], bounds: Mapping[str, tuple[int, int]]
) -> dict[str, str]:
    """Each setting's line of help, its range added where the words do not already give it.

    >>> help_with_ranges({"target": "score that ends the match"}, {"target": (1, 10_000)})
    {'target': 'score that ends the match (from 1 to 10,000)'}
    """
    lines = dict(help_text)
    for name, (low, high) in bounds.items():
        if f"{low:,} to {high:,}" not in lines[name]:
            lines[name] += f" ({range_text(low, high)})"
    return lines
