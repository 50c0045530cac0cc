"""Whose turn it is, in the words every game's table says when the seat has nothing to do:
the match is over, the hand is over, the other seat is to play (or thinking, on the full
screen). Each game's words then say what its seat may do on its turn."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["screen_waiting", "waiting"]


def waiting(finished: bool, to_act: int | None, seat: int, names: Sequence[str]) -> str | None:
    """The line-by-line table's turn line when it is not ``seat``'s turn (``None`` when it
    is): ``to_act`` is the seat to act, ``None`` between hands."""
    if finished:
        return "The match is over."
    if to_act is None:
        return "The hand is over."
    if to_act != seat:
        return f"{names[to_act]} to play."
    return None


def screen_waiting(
    finished: bool, busy: bool, to_act: int | None, seat: int, names: Sequence[str]
) -> str | None:
    """The full screen's turn line when the seat waits (``None`` when it is its turn):
    ``busy`` while its move is on its way and the other seat answers."""
    if finished:
        return "The match is over."
    if busy:
        return f"{names[1 - seat]} is thinking…"
    if to_act != seat:
        return f"Waiting for {'' if to_act is None else names[to_act]}…"
    return None
