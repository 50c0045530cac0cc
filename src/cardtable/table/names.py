"""Players' names as the table keeps them: short, printable, shown to both seats.

A name is shown at the table, in the lists and in the statistics of both players, in the
browser and in the terminal, so one rule holds for every front end: at most
:data:`MAX_NAME` characters after trimming, and no control character (a newline or an
escape sequence would break a terminal's layout, or forge a line of its log).

>>> player_name("  Ada ")
'Ada'
>>> player_name("", default="Friend")
'Friend'
>>> try:
...     player_name("Ada\\x1b[31m")
... except BadNameError as error:
...     print(error)
a name may not hold control characters (such as newlines)
"""

from __future__ import annotations

import unicodedata
from typing import Final

from cardtable.errors import IllegalActionError

__all__ = ["MAX_NAME", "BadNameError", "player_name"]

MAX_NAME: Final = 24
_REFUSED: Final = frozenset({"Cc", "Zl", "Zp"})
_BIDI: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class BadNameError(IllegalActionError):
    """A name that is too long, not text, or holds control characters."""


def player_name(value: object, default: str = "") -> str:
    """``value`` trimmed, or ``default`` when it is empty; raises :class:`BadNameError` for
    anything else than a short printable text."""
    if not isinstance(value, str):
        raise BadNameError(f"a name is text, not {type(value).__name__}")
    # Refused rather than silently dropped, so that the player sees the name they get:
    # controls (Cc), line and paragraph separators, and the bidirectional overrides that
    # would turn the rest of a line around.
    if any(unicodedata.category(char) in _REFUSED or char in _BIDI for char in value):
        raise BadNameError("a name may not hold control characters (such as newlines)")
    name = value.strip()
    if len(name) > MAX_NAME:
        raise BadNameError(f"a name is at most {MAX_NAME} characters, not {len(name)}")
    return name or default
