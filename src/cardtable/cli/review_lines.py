"""What a ``review`` command's table shares between the games: each decision's line with its
reason wrapped to the terminal, and the end: each seat's accuracy and mean loss, the hand
still in play (not reviewed), and the worst mistakes."""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Callable
from typing import Any, Final, TextIO

from cardtable.coach import MatchReview

__all__ = ["decision_lines", "terminal_width", "write_summary"]

# The narrowest "why" column beside a decision's figures; narrower, the reason goes under.
WHY_COLUMN: Final = 40
WHY_INDENT: Final = 6


def terminal_width() -> int:
    """The terminal's columns (``COLUMNS`` if set; 80 when the output is no terminal)."""
    return max(WHY_COLUMN, shutil.get_terminal_size((80, 24)).columns)


def decision_lines(head: str, why: str, width: int) -> list[str]:
    """A decision's line, ``head`` (its figures) then ``why``, wrapped to ``width``: the
    reason's next lines under its first, or, when the column beside the figures would be
    narrower than :data:`WHY_COLUMN`, the whole reason indented under the figures.

    >>> for line in decision_lines("   1 0  play 5C ", "Play the 5C: it makes 15 for 2.", 40):
    ...     print(line)
       1 0  play 5C
          Play the 5C: it makes 15 for 2.
    >>> decision_lines("   1 0  go  ", "Nothing fits.", 60)
    ['   1 0  go  Nothing fits.']
    """
    if width - len(head) >= WHY_COLUMN:
        rows = textwrap.wrap(why, width - len(head)) or [""]
        return [head + rows[0], *(" " * len(head) + row for row in rows[1:])]
    indent = " " * WHY_INDENT
    rows = textwrap.wrap(why, width, initial_indent=indent, subsequent_indent=indent)
    return [head.rstrip(), *rows]


def write_summary(
    review: MatchReview[Any],
    out: TextIO,
    unit: str,
    in_play: int | None,
    short: Callable[[Any], str] = str,
) -> None:
    """Write the summary lines; ``unit`` names a match's part ("deal", "hand"), ``in_play``
    is the number of the part in play (``None`` when none is), ``short`` writes an action."""
    accuracy, mean_loss = review.accuracy, review.mean_loss
    for seat in review.seats:
        choices = [d for d in review.decisions if d.seat == seat and not d.forced]
        best = sum(d.is_best for d in choices)
        shown = "n/a" if accuracy[seat] is None else f"{accuracy[seat]:.1f}%"
        out.write(
            f"seat {seat}: accuracy {shown} ({best} of {len(choices)} choices best), "
            f"mean loss {mean_loss[seat] or 0.0:.2f} points a choice\n"
        )
    if in_play is not None:
        out.write(f"{unit} {in_play} is in play: not reviewed\n")
    out.write("worst mistakes (*):" + ("" if review.worst else " none") + "\n")
    for d in review.worst:
        out.write(
            f"  {unit} {d.deal} seat {d.seat}: {short(d.action)} lost {d.loss:.1f} points"
            f" (better: {short(d.best)})\n"
        )
