"""The turn line every game's table says while its seat waits (tui/turns.py): the same words
for gin and Cribbage, on the line-by-line table and the full screen."""

from __future__ import annotations

from cardtable.tui.turns import screen_waiting, waiting

NAMES = ("You", "Ann")


def test_the_line_by_line_table_says_who_is_to_play() -> None:
    assert waiting(True, 0, 0, NAMES) == "The match is over."
    assert waiting(False, None, 0, NAMES) == "The hand is over."
    assert waiting(False, 1, 0, NAMES) == "Ann to play."
    assert waiting(False, 0, 0, NAMES) is None  # the seat's turn: the game's words


def test_the_full_screen_says_who_it_waits_for() -> None:
    assert screen_waiting(True, True, 0, 0, NAMES) == "The match is over."
    assert screen_waiting(False, True, 0, 0, NAMES) == "Ann is thinking…"
    assert screen_waiting(False, False, 1, 0, NAMES) == "Waiting for Ann…"
    assert screen_waiting(False, False, None, 0, NAMES) == "Waiting for …"
    assert screen_waiting(False, False, 0, 0, NAMES) is None
