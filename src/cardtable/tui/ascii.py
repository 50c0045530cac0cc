"""``--ascii`` for the full-screen table: nothing but ASCII reaches the terminal.

Three layers: the style sheet draws every border with ASCII (``+-|``) instead of box-drawing
characters; the keys in the footer are spelled out (``Enter``, ``<- ->``); and the frames the
app writes to the terminal go through :func:`to_ascii`, which maps whatever is left (the
separators, dashes and symbols of the texts, Textual's own decorations) to one ASCII character
each, so the layout keeps its widths.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, Final

from textual.binding import Binding

__all__ = ["ascii_css", "key_display", "to_ascii", "wrap_driver"]

_SINGLE: Final = {
    # separators, dashes, ellipsis, arrows, marks
    "·": "-", "–": "-", "—": "-", "…": ".", "←": "<", "→": ">", "↑": "^", "↓": "v",
    "⏎": "<", "≤": "<", "≥": ">", "●": "o", "○": "o", "◎": "@", "•": "*", "✓": "v",
    "×": "x", "\xa0": " ", "▏": "|", "▕": "|", "▁": "_", "▔": "-", "█": "#", "▌": "|",
    "▐": "|", "▀": "-", "▄": "_", "░": ".", "▒": ":", "▓": "#",
    # suits (the texts use letters already under --ascii)
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}  # fmt: skip


def _box(char: str) -> str:
    """An ASCII stand-in for a box-drawing character (U+2500 to U+257F)."""
    import unicodedata

    name = unicodedata.name(char, "")
    if ("VERTICAL" in name and "HORIZONTAL" in name) or "ARC" in name or "CORNER" in name:
        return "+"
    if "DOWN" in name or "UP" in name:
        return "+" if ("LEFT" in name or "RIGHT" in name) else "|"
    if "VERTICAL" in name:
        return "|"
    if "HORIZONTAL" in name or "LEFT" in name or "RIGHT" in name:
        return "-"
    return "+"


_TABLE: Final = str.maketrans({**{chr(c): _box(chr(c)) for c in range(0x2500, 0x2580)}, **_SINGLE})


def to_ascii(text: str) -> str:
    """``text`` with one ASCII character for each other one (``?`` when none fits)."""
    text = text.translate(_TABLE)
    if text.isascii():
        return text
    return "".join(c if c.isascii() else "?" for c in text)


_BORDER: Final = re.compile(
    r"\b(border(?:-top|-right|-bottom|-left)?|outline):\s*"
    r"(round|heavy|thick|double|solid|dashed|tall|wide|outer|inner|panel|hkey|vkey|block)\b"
)


def ascii_css(*sources: str) -> str:
    """The style sheets with every border drawn in ASCII (colours kept)."""
    return "\n".join(_BORDER.sub(r"\1: ascii", source) for source in sources)


_KEYS: Final = {"⏎": "Enter", "←→": "<- ->", "↑↓": "up/down", "←": "<-", "→": "->"}


def key_display(binding: Binding, default: Callable[[Binding], str]) -> str:
    """A footer key in ASCII: ``Enter`` for ``⏎``, ``<- ->`` for the arrows."""
    shown = default(binding)
    return to_ascii(_KEYS.get(shown, shown))


def wrap_driver(driver: Any) -> None:
    """Make ``driver`` (a Textual driver) write only ASCII to the terminal."""
    if driver is None or getattr(driver, "_cardtable_ascii", False):
        return
    write = driver.write

    def ascii_write(data: str) -> None:
        write(to_ascii(data))

    driver.write = ascii_write
    driver._cardtable_ascii = True


def widget_css(classes: Iterable[type]) -> list[str]:
    """The default style sheets of ``classes`` (to restate in ASCII in the app's sheet)."""
    return [str(getattr(cls, "DEFAULT_CSS", "")) for cls in classes]
