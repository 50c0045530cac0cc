"""The words and the text board of the terminal Cribbage table, as unit tests on the render
functions: pegs at the right holes for every score, the skunk lines, the compact bar, the
sentences for the play and the show, and that nothing shows the opponent's unplayed cards."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.cards import Card
from cardtable.cribbage.tui import render as words
from cardtable.cribbage.tui.session import CribbageTable
from cardtable.cribbage.views import (
    BoardView,
    EventView,
    GameLineView,
    ScoreView,
    ShowItemView,
    ShowView,
)
from cardtable.table import TableService

from .test_cribbage_plain import hidden_cards

NAMES = ("You", "Simple")
HOLE_CELLS = {"·", "●", "○", ".", "@", "o"}


def cells(board: BoardView, ascii_only: bool = False, width: int = 100) -> list[dict[str, Any]]:
    """Each row of the board: its first hole and, per player, the cells of its track."""
    lines = words.board_lines(board, NAMES, ascii_only, width)
    label = max(len(n) for n in NAMES) + 1
    rows: list[dict[str, Any]] = []
    first = 1
    for index in range(0, len(lines) - 1, 3):
        tracks = [lines[index + 1][label:], lines[index + 2][label:]]
        rows.append({"first": first, "tracks": tracks, "ruler": lines[index][label:]})
        first += sum(1 for c in tracks[0][1:] if c in HOLE_CELLS)
    return rows


def where(board: BoardView, seat: int, peg: str, ascii_only: bool = False) -> int | None:
    """The hole the peg stands in, read off the drawn board (0 the start, the target the
    finish hole)."""
    rows = cells(board, ascii_only)
    for number, row in enumerate(rows):
        track = row["tracks"][seat]
        if number == 0 and track[0] == peg:
            return 0
        if number == len(rows) - 1 and track.rstrip()[-1] == peg:
            return board.target
        hole = int(row["first"])
        for cell in track[1:]:
            if cell == peg:
                return hole
            if cell in HOLE_CELLS:
                hole += 1
    return None


@pytest.mark.parametrize(("target", "skunk", "double"), [(121, 91, 61), (61, 31, None)])
@pytest.mark.parametrize("ascii_only", [False, True])
def test_every_score_puts_the_pegs_in_their_holes(
    target: int, skunk: int, double: int | None, ascii_only: bool
) -> None:
    front, back = ("@", "o") if ascii_only else ("●", "○")
    for points in range(target + 1):
        earlier = max(0, points - 7)
        board = BoardView((points, 3), (earlier, 0), target, skunk, double)
        assert where(board, 0, front, ascii_only) == points, points
        assert where(board, 1, front, ascii_only) == 3
        if earlier != points:
            assert where(board, 0, back, ascii_only) == earlier, points
        assert where(board, 1, back, ascii_only) == 0


def test_points_past_the_target_stand_in_the_finish_hole() -> None:
    board = BoardView((76, 28), (60, 20), 61, 31, None)
    assert where(board, 0, "●") == 61
    assert where(board, 0, "○") == 60


def hole_cell(board: BoardView, hole: int) -> tuple[str, str]:
    """The cells just before and at ``hole`` on the first player's track."""
    for row in cells(board):
        track = row["tracks"][0]
        number = row["first"]
        for index, cell in enumerate(track):
            if index == 0:
                continue
            if cell in HOLE_CELLS:
                if number == hole:
                    return track[index - 1], cell
                number += 1
    raise AssertionError(hole)


def test_the_skunk_lines_stand_just_before_their_holes() -> None:
    board = BoardView((0, 0), (0, 0), 121, 91, 61)
    assert hole_cell(board, 91)[0] == "┃"  # 90 or less is skunked
    assert hole_cell(board, 61)[0] == "╏"  # double skunk below 61
    assert hole_cell(board, 31)[0] == " "  # an ordinary group of five
    lines = words.board_lines(board, NAMES)
    assert "a loser below ┃ 91 is skunked, below ╏ 61 double-skunked." in lines[-1]
    # A line that is not at a group's start is drawn between its holes too.
    odd = BoardView((0, 0), (0, 0), 100, 73, None)
    assert hole_cell(odd, 73)[0] == "┃"
    assert hole_cell(odd, 72)[0] == "·"
    no_lines = BoardView((0, 0), (0, 0), 121, None, None)
    assert not any("┃" in line or "╏" in line for line in words.board_lines(no_lines, NAMES))


def test_rows_follow_the_width_and_the_ruler_numbers_the_holes() -> None:
    board = BoardView((0, 0), (0, 0), 121, 91, 61)
    wide = words.board_lines(board, NAMES, width=100)
    narrow = words.board_lines(board, NAMES, width=80)
    assert len(wide) == 2 * 3 + 1  # two rows of 60 holes, and the legend
    assert len(narrow) == 3 * 3 + 1  # three rows of 40
    assert all(len(line) <= 80 for line in narrow)
    short = words.board_lines(BoardView((0, 0), (0, 0), 61, 31, None), NAMES, width=100)
    assert len(short) == 3 + 1  # one row of 60
    first_ruler = cells(BoardView((0, 0), (0, 0), 61, 31, None))[0]
    track = first_ruler["tracks"][0]
    ten = first_ruler["ruler"].index("10") + 1  # the 0 of 10 stands over hole 10
    assert sum(1 for c in track[1 : ten + 1] if c in HOLE_CELLS) == 10


def test_the_compact_bar() -> None:
    lines = words.board_bar(BoardView((40, 12), (31, 12), 61, 31, None), NAMES, True, 50)
    assert len(lines) == 2
    assert lines[0].endswith(" 40 (+9)") and lines[1].endswith(" 12")
    assert lines[0].count("|") == lines[1].count("|") == 1
    assert lines[0].index("|") == lines[1].index("|")
    assert lines[0].count("=") > lines[1].count("=")


def test_events_as_sentences() -> None:
    def say(event: EventView, count: int | None = None) -> str:
        return words.describe_event(event, 0, NAMES, True, count)

    assert say(EventView(1, "play 8H", (ScoreView(1, 2, "fifteen"),)), 15) == (
        "Simple plays 8H (count 15): fifteen for 2."
    )
    assert say(EventView(0, "play 8D", (ScoreView(0, 6, "pair royal"), ScoreView(0, 2, "31")))) == (
        "You play 8D: pair royal for 6, thirty-one for 2."
    )
    assert say(EventView(0, "discard 5H JD", ())) == "You lay 5H JD away to the crib."
    assert say(EventView(1, "discard", (ScoreView(1, 2, "his heels"),))) == (
        "Simple lays two cards away to the crib. Simple pegs 2 for his heels."
    )
    assert (
        say(EventView(1, "go", (ScoreView(0, 1, "go"),))) == "Simple says go. You peg 1 for the go."
    )
    assert say(EventView(0, "count 7", (ScoreView(0, 7, "crib"),))) == "You count 7 for your crib."
    assert say(EventView(1, "muggins", (ScoreView(1, 3, "muggins"),))) == (
        "Simple calls muggins and takes 3."
    )
    assert say(EventView(0, "accept", ())) == "You accept the count."
    last = EventView(0, "play 4C", (ScoreView(0, 1, "last card"), ScoreView(1, 5, "hand")))
    assert say(last) == "You play 4C: last card for 1. Simple pegs 5 for the hand."


def test_the_show_combination_by_combination() -> None:
    five, jack = Card("5H"), Card("JD")
    show = ShowView(
        seat=1,
        kind="hand",
        cards=(Card("5S"), Card("5C"), five, jack),
        starter=Card("5D"),
        items=(ShowItemView("fifteen", (five, jack), 2), ShowItemView("nobs", (jack,), 1)),
        total=29,
        stated=27,
        muggins=2,
        pegged=27,
    )
    lines = words.show_lines(show, dealer=0, names=NAMES, ascii_only=True)
    assert lines[0] == "Simple's hand (non-dealer): 5S 5C 5H JD + starter 5D"
    assert lines[1].split() == ["fifteen", "5H", "JD", "2"]
    assert lines[2].split() == ["nobs", "JD", "1"]
    assert lines[3].split() == ["total", "29"]
    assert lines[4] == "  Simple counts 27; You took 2 by muggins."
    game = GameLineView(1, 0, (61, 25), "skunk", 2, 6)
    assert words.game_line(game, NAMES) == "You win game 1, 61 to 25: a skunk, 2 game points."


def test_the_view_never_shows_the_opponents_unplayed_cards(service: TableService) -> None:
    rules = service.make_rules("cribbage", "short", None)
    table = CribbageTable.start(service, rules, level="simple", seed="crib-render")
    for _ in range(8):
        view = table.view
        text = "\n".join(
            [
                *words.describe_state(view, True),
                words.opponent_cards(view, True),
                words.opponent_heading(view),
                words.describe_turn(view, True),
                words.legal_summary(view),
            ]
        )
        assert words.opponent_cards(view, True).split().count("##") == view.opponent_cards
        hidden = hidden_cards(service, table.match_id, table.seat)
        assert len(hidden) >= view.opponent_cards > 0
        shown = {w.strip(".,:;()") for w in text.split()}
        assert not shown & hidden, shown & hidden
        if not view.legal_actions:
            break
        table.act(view.legal_actions[0])


def test_the_you_may_line_never_lists_the_counts() -> None:
    from dataclasses import replace

    # A count's legal actions run up to the truth: the line must not give it away.
    view = _any_view()
    counting = replace(view, phase="count", legal_actions=tuple(f"count {n}" for n in range(13)))
    assert words.legal_summary(counting) == "count N"
    answering = replace(view, phase="answer", legal_actions=("muggins", "accept"))
    assert words.legal_summary(answering) == "muggins; accept"


def _any_view() -> Any:
    import tempfile

    from cardtable.store import Store

    store = Store(f"sqlite:///{tempfile.mkdtemp()}/v.db")
    try:
        service = TableService(store)
        rules = service.make_rules("cribbage", "short", None)
        return CribbageTable.start(service, rules, level="random", seed="v").view
    finally:
        store.close()


def test_a_new_deal_keeps_the_back_pegs_where_the_last_points_left_them(
    service: TableService,
) -> None:
    rules = service.make_rules("cribbage", "short", None)
    table = CribbageTable.start(service, rules, level="simple", seed="crib-pegs")
    while table.view.deal_number == 1:
        table.act(table.view.legal_actions[0])
    view = table.view
    board = table.board
    assert board.pegs == view.board.pegs
    for seat in (0, 1):
        if board.pegs[seat] > 0:  # whoever has points moved a peg to them
            assert board.back_pegs[seat] < board.pegs[seat]
    assert any(board.pegs)
