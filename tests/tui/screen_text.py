"""The text of a Textual app's screen, read from its SVG screenshot: what the player sees at
each row and column, and whether a phrase is on screen (or on a dialog's page, wrapped)."""

from __future__ import annotations

import html
import re
from typing import Any

SIZES = [(80, 24), (120, 40)]
SIZE_IDS = ["80x24", "120x40"]
# A row of text in Textual's SVG screenshot: its x, its row and its characters.
_ROW = re.compile(
    r'<text [^>]*x="([\d.]+)"[^>]*clip-path="url\(#[\w-]+-line-(\d+)\)">([^<]*)</text>'
)
CELL_WIDTH = 12.2  # the screenshot's pixels a column


def screen_rows(app: Any) -> list[str]:
    """The terminal's rows as the player sees them, each character at its column."""
    width, height = app.size
    rows = [[" "] * width for _ in range(height)]
    for x, row, text in _ROW.findall(app.export_screenshot()):
        start = round(float(x) / CELL_WIDTH)
        for offset, char in enumerate(html.unescape(text).replace("\xa0", " ")):
            if int(row) < height and start + offset < width:
                rows[int(row)][start + offset] = char
    return ["".join(row) for row in rows]


def on_screen(app: Any, text: str) -> bool:
    return any(text in row for row in screen_rows(app))


def on_page(app: Any, text: str) -> bool:
    """``text`` on screen, maybe wrapped or folded onto the next rows of a dialog (the rows
    joined without the dialog's border, the scroll bar or the space at their ends)."""
    edges = "█▌▐▀▄▁▂▃▄▅▆▇ \n"
    return text in "".join(row.strip(edges) for row in screen_rows(app))
