"""The end of a ``review`` command's table, the same for both games: each seat's accuracy
and mean loss, the hand still in play (not reviewed), and the worst mistakes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

from cardtable.coach import MatchReview

__all__ = ["write_summary"]


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
