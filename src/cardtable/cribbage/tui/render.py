"""Words and the text board for the terminal Cribbage table.

Everything here reads the cribbage views of the table service
(:mod:`cardtable.cribbage.views`) and returns plain text, so the full-screen table and
the line-by-line prompt say the same things. Nothing is decided here: which cards may be
played, what a card pegged and what a show holds all come with the view.

>>> from cardtable.cribbage.views import EventView, ScoreView
>>> names = ("You", "Simple")
>>> describe_event(EventView(1, "play 8H", (ScoreView(1, 2, "fifteen"),)), 0, names, True, 15)
'Simple plays 8H (count 15): fifteen for 2.'
>>> describe_event(EventView(1, "discard", ()), 0, names)
'Simple lays two cards away to the crib.'
>>> describe_event(EventView(0, "go", (ScoreView(1, 1, "go"),)), 0, names)
'You say go. Simple pegs 1 for the go.'
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardtable.cards import Card, parse_card
from cardtable.cribbage.views import (
    BoardView,
    EventView,
    GameLineView,
    HandEndView,
    HintView,
    PlayedView,
    ScoreView,
    SeatView,
    ShowItemView,
    ShowView,
)
from cardtable.errors import CardTableError
from cardtable.tui.cards import (
    card_back,
    card_list,
    face,
    fit_line,
    names_of,
    option_lines,
    plural,
    symbolise,
)
from cardtable.tui.turns import screen_waiting, waiting

__all__ = [
    "KIND_WORDS",
    "BoardMarks",
    "action_cards",
    "board_bar",
    "board_lines",
    "board_marks",
    "board_summary",
    "count_line",
    "counting_line",
    "describe_event",
    "describe_rules",
    "describe_state",
    "describe_turn",
    "event_sentences",
    "final_lines",
    "game_line",
    "hand_end_lines",
    "hand_end_notes",
    "help_lines",
    "hint_line",
    "hint_lines",
    "legal_summary",
    "newest_rows",
    "news",
    "opponent_cards",
    "opponent_heading",
    "score_lines",
    "screen_turn",
    "seat_names",
    "show_columns",
    "show_heading",
    "show_lines",
    "top_line",
]

KIND_WORDS: Final = {"game": "game", "skunk": "skunk", "double skunk": "double skunk"}


# -- names and sentences ------------------------------------------------------------------


def seat_names(view: SeatView) -> tuple[str, str]:
    """Both seats' display names from the viewer's side: the viewer is "You"."""
    return names_of(view.players, view.seat)


def _verb(name: str, plain: str, third: str | None = None) -> str:
    """``You play`` and ``Simple plays``."""
    return f"{name} {plain if name == 'You' else (third or plain + 's')}"


def _whose(name: str) -> str:
    return "your" if name == "You" else f"{name}'s"


def _reason(reason: str) -> str:
    """A score's reason as the words after "for": ``the go``, ``a pair``, ``the crib``."""
    return {
        "go": "the go",
        "hand": "the hand",
        "crib": "the crib",
        "pair": "a pair",
        "fifteen": "fifteen",
        "31": "thirty-one",
    }.get(reason, reason)


# Points that are not the card's own even when its player pegs them.
_SHOW_REASONS: Final = frozenset({"hand", "crib", "his heels", "muggins"})


def _own_scores(scores: Sequence[ScoreView]) -> str:
    """Points of the card just played, as people say them: ``fifteen for 2, a pair for 2``."""
    return ", ".join(f"{_reason(s.reason).removeprefix('a ')} for {s.points}" for s in scores)


def _other_scores(scores: Sequence[ScoreView], names: Sequence[str]) -> list[str]:
    """Points that are not the card's, a sentence each: ``Simple pegs 1 for the go.``."""
    return [f"{_verb(names[s.seat], 'peg')} {s.points} for {_reason(s.reason)}." for s in scores]


def action_cards(action: str) -> tuple[Card, ...]:
    """The cards an action text names (``discard 5H JD``: two; ``go``: none)."""
    cards = []
    for word in action.split()[1:]:
        try:
            cards.append(parse_card(word))
        except CardTableError:
            continue
    return tuple(cards)


def describe_event(
    event: EventView,
    me: int,
    names: Sequence[str],
    ascii_only: bool = False,
    count: int | None = None,
) -> str:
    """One action and the points it led to, as a sentence from ``me``'s side. ``count`` is
    the count a played card made, when the view still lists the card."""
    return " ".join(event_sentences(event, me, names, ascii_only, count))


def event_sentences(
    event: EventView,
    me: int,
    names: Sequence[str],
    ascii_only: bool = False,
    count: int | None = None,
) -> list[str]:
    """:func:`describe_event` a sentence at a time: the action with what its card pegged
    first, then each score it led to that is not the card's own (the go, the shows).

    >>> names = ("You", "Simple")
    >>> event_sentences(EventView(0, "go", (ScoreView(1, 1, "go"),)), 0, names)
    ['You say go.', 'Simple pegs 1 for the go.']
    """
    who = names[event.seat]
    verb, _, rest = event.action.partition(" ")
    cards = card_list(action_cards(event.action), ascii_only)
    own = [
        s
        for s in event.scores
        if s.seat == event.seat and verb == "play" and s.reason not in _SHOW_REASONS
    ]
    other = [s for s in event.scores if s not in own]
    if verb == "discard":
        text = (
            f"{_verb(who, 'lay')} {cards} away to the crib."
            if cards
            else f"{_verb(who, 'lay')} two cards away to the crib."
        )
    elif verb == "play":
        made = "" if count is None else f" (count {count})"
        points = f": {_own_scores(own)}" if own else ""
        text = f"{_verb(who, 'play')} {cards}{made}{points}."
    elif verb == "go":
        text = f"{_verb(who, 'say')} go."
    elif verb == "count":
        text = f"{_verb(who, 'count')} {rest}."
        stated = [s for s in other if s.seat == event.seat and s.reason in ("hand", "crib")]
        if stated:
            whose = "your" if who == "You" else "the"
            text = f"{_verb(who, 'count')} {rest} for {whose} {stated[0].reason}."
            other = [s for s in other if s not in stated]
    elif verb == "muggins":
        taken = sum(s.points for s in other if s.reason == "muggins")
        text = (
            f"{_verb(who, 'call')} muggins and {'take' if who == 'You' else 'takes'} {taken}."
            if taken
            else f"{_verb(who, 'call')} muggins, but nothing was missed."
        )
        other = [s for s in other if s.reason != "muggins"]
    elif verb == "accept":
        text = f"{_verb(who, 'accept')} the count."
    else:
        text = f"{who}: {event.action}."
    return [text, *_other_scores(other, names)]


def _count_of(event: EventView, plays: Sequence[PlayedView]) -> int | None:
    """The count the event's card made, if the hand's plays (from the view) hold it."""
    if event.count is not None:
        return event.count
    if not event.action.startswith("play "):
        return None
    cards = action_cards(event.action)
    return next((p.count for p in plays if cards and p.card == cards[0]), None)


def news(
    view: SeatView,
    finished: Sequence[EventView],
    events: Sequence[EventView],
    hand: HandEndView | None,
    ascii_only: bool = False,
    apart: bool = False,
) -> list[str]:
    """The lines for what happened since the last look: the rest of a hand that ended (and
    the game, if it ended too), then the actions of the hand in play. ``apart`` gives each
    event's sentences a line each (:func:`event_sentences`), so that a short log shows the
    move and what its card pegged whole, whatever the scores that followed it."""
    names = seat_names(view)
    me = view.seat

    def told(event: EventView, count: int | None = None) -> list[str]:
        sentences = event_sentences(event, me, names, ascii_only, count)
        return sentences if apart else [" ".join(sentences)]

    lines = [line for event in finished for line in told(event)]
    if hand is not None:
        lines.append(f"Hand over: {board_summary(view, hand.pegs)}")
        if hand.winner is not None and view.games:
            lines.append(game_line(view.games[-1], names))
    for event in events:
        lines += told(event, _count_of(event, view.plays))
    return lines


def newest_rows(lines: Sequence[str], width: int, height: int) -> list[str]:
    """The rows a box ``width`` wide and ``height`` tall shows of a log kept at its end:
    ``lines`` wrapped at their spaces, the newest at the bottom, and only whole lines (an
    older line that does not fit whole is left out, never cut in the middle). A newest line
    taller than the box keeps its end.

    >>> newest_rows(["You play 4C (count 4).", "Simple plays TD (count 14)."], 14, 3)
    ['Simple plays', 'TD (count 14).']
    >>> newest_rows(["A.", "B.", "C."], 10, 2)
    ['B.', 'C.']
    """
    width, height = max(1, width), max(1, height)
    rows: list[str] = []
    for line in reversed(lines):
        wrapped = textwrap.wrap(line, width) or [""]
        if len(rows) + len(wrapped) > height:
            if not rows:
                rows = wrapped[-height:]
            break
        rows = wrapped + rows
    return rows


def game_line(line: GameLineView, names: Sequence[str]) -> str:
    """A finished game: ``You win game 1, 61 to 25: a skunk, 2 game points.``."""
    winner = names[line.winner]
    loser = 1 - line.winner
    score = f"{line.pegs[line.winner]} to {line.pegs[loser]}"
    worth = plural(line.game_points, "game point")
    kind = KIND_WORDS.get(line.kind, line.kind)
    what = f"a {kind}, {worth}" if kind != "game" else worth
    return f"{_verb(winner, 'win')} game {line.number}, {score}: {what}."


# -- the board ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardMarks:
    """The characters of the text board: holes, pegs, the lines, the finish."""

    hole: str
    front: str
    back: str
    skunk: str
    double: str
    finish: str
    bar: str
    bar_empty: str


_UNICODE_MARKS: Final = BoardMarks("·", "●", "○", "┃", "╏", "◎", "━", "─")
_ASCII_MARKS: Final = BoardMarks(".", "@", "o", "|", ":", "*", "=", "-")


def board_marks(ascii_only: bool = False) -> BoardMarks:
    return _ASCII_MARKS if ascii_only else _UNICODE_MARKS


def _columns(first: int, last: int, board: BoardView, start: bool, finish: bool) -> list[Any]:
    """The columns of one row of holes ``first``..``last``: ``("start", 0)``, ``("gap", 0)``,
    ``("line", hole)`` (a skunk line just before ``hole``), ``("hole", n)``,
    ``("finish", target)``."""
    lines = {board.skunk_line, board.double_skunk_line} - {None}
    # The first row starts with the start hole; the others with a blank in its place.
    columns: list[tuple[str, int]] = [("start", 0)] if start else [("gap", 0)]
    for hole in range(first, last + 1):
        if hole in lines:
            columns.append(("line", hole))
        elif (hole - 1) % 5 == 0:
            columns.append(("gap", 0))
        columns.append(("hole", hole))
    if finish:
        if board.target in lines:  # (a line at the target is no line: nobody is below it)
            columns.append(("gap", 0))
        columns += [("gap", 0), ("finish", board.target)]
    return columns


def _row_width(per_row: int, label: int) -> int:
    return label + 1 + per_row + per_row // 5 + 3


def _per_row(board: BoardView, label: int, width: int) -> int:
    """Holes to a row: the most that fit the width, preferring a count that splits the
    board's holes into equal rows (60 or 30 for 61 points; 60, 40 or 30 for 121)."""
    holes = board.target - 1
    fitting = [n for n in (60, 40, 30, 20, 10) if _row_width(n, label) <= width] or [10]
    even = [n for n in fitting if holes % n == 0]
    return min((even or fitting)[0], max(10, -(-holes // 10) * 10))


def _peg_char(position: int, front: int, back: int, empty: str, marks: BoardMarks) -> str:
    if position == front:
        return marks.front
    if position == back:
        return marks.back
    return empty


def board_lines(
    board: BoardView, names: Sequence[str], ascii_only: bool = False, width: int = 80
) -> list[str]:
    """The text cribbage board: the holes in rows of 5-hole groups (60 to a row when the
    width allows), a ruler over each row, a track per player with the front peg (●) and the
    back peg (○), the skunk line (┃) and double skunk line (╏) before their holes, the start
    and the finish hole (◎); then a legend.

    >>> view = BoardView((7, 0), (2, 0), 61, 31, None)
    >>> for line in board_lines(view, ("You", "Simple"), ascii_only=True):
    ...     print(line.rstrip())
                      10          20          30
    You      .o... .@... ..... ..... ..... .....
    Simple @ ..... ..... ..... ..... ..... .....
                      40          50            61
    You     |..... ..... ..... ..... ..... ..... *
    Simple  |..... ..... ..... ..... ..... ..... *
    @ front peg, o back peg; | skunk line: a loser below 31 is skunked.
    """
    marks = board_marks(ascii_only)
    label = min(8, max(len(n) for n in names))
    per_row = _per_row(board, label, width)
    last_hole = board.target - 1
    rows = [
        (first, min(first + per_row - 1, last_hole)) for first in range(1, board.target, per_row)
    ]
    out: list[str] = []
    for index, (first, last) in enumerate(rows):
        columns = _columns(first, last, board, index == 0, index == len(rows) - 1)
        out.append(" " * (label + 1) + _ruler(columns, marks))
        for seat in (0, 1):
            out.append(f"{names[seat][:label]:<{label}} " + _track(columns, board, seat, marks))
    out.append(_legend(board, marks))
    return out


def _ruler(columns: Sequence[tuple[str, int]], marks: BoardMarks) -> str:
    """Hole numbers over every tenth hole (and the finish), right-aligned to their hole."""
    cells = [" "] * len(columns)
    labels = [(i, str(n)) for i, (kind, n) in enumerate(columns) if kind == "finish"]
    labels += [(i, str(n)) for i, (kind, n) in enumerate(columns) if kind == "hole" and n % 10 == 0]
    for where, text in labels:
        span = range(where - len(text) + 1, where + 1)
        around = range(max(0, span.start - 1), min(len(cells), span.stop + 1))
        if span.start < 0 or any(cells[i] != " " for i in around):
            continue
        if any(columns[i][0] == "line" for i in span):
            continue
        for i, char in zip(span, text, strict=True):
            cells[i] = char
    return "".join(cells)


def _track(
    columns: Sequence[tuple[str, int]], board: BoardView, seat: int, marks: BoardMarks
) -> str:
    front = max(0, min(board.pegs[seat], board.target))
    back = max(0, min(board.back_pegs[seat], board.target))
    if back == front:
        back = -1  # one peg in the hole: the front one
    cells = []
    for kind, n in columns:
        if kind == "hole":
            cells.append(_peg_char(n, front, back, marks.hole, marks))
        elif kind == "start":
            cells.append(_peg_char(0, front, back, " ", marks))
        elif kind == "finish":
            cells.append(_peg_char(n, front, back, marks.finish, marks))
        elif kind == "line":
            cells.append(marks.double if n == board.double_skunk_line else marks.skunk)
        else:
            cells.append(" ")
    return "".join(cells)


def _legend(board: BoardView, marks: BoardMarks) -> str:
    """The key to the marks, in one line of at most 80 characters."""
    skunk, double = board.skunk_line, board.double_skunk_line
    if skunk is None:
        return f"{marks.front} front peg, {marks.back} back peg."
    if double is None:
        return (
            f"{marks.front} front peg, {marks.back} back peg; "
            f"{marks.skunk} skunk line: a loser below {skunk} is skunked."
        )
    return (
        f"{marks.front} front, {marks.back} back peg; a loser below {marks.skunk} {skunk} is "
        f"skunked, below {marks.double} {double} double-skunked."
    )


def board_bar(
    board: BoardView, names: Sequence[str], ascii_only: bool = False, width: int = 60
) -> list[str]:
    """The compact board, each line at most ``width`` long: one bar per player, filled up to
    its front peg (●), with its back peg (○) where it stood before the last points (a peg on
    0 stands in the start column before the bar), the skunk lines marked, and the points
    (with the last move) at the end.

    >>> for line in board_bar(BoardView((40, 12), (31, 12), 61, 31, None), ("You", "Bo"),
    ...                       ascii_only=True, width=40):
    ...     print(line)
    You  ============|o===@-------- 40 (+9)
    Bo   ====@-------|------------- 12
    >>> board_bar(BoardView((0, 3), (0, 0), 61, 31, None), ("You", "Bo"), True, 40)[0]
    'You @------------|------------- 0'
    """
    marks = board_marks(ascii_only)
    label = min(8, max(len(n) for n in names))
    lines = [
        (line, mark)
        for line, mark in ((board.skunk_line, marks.skunk), (board.double_skunk_line, marks.double))
        if line is not None
    ]
    # Room for the start column, the lines and the longest points: " 121 (+29)".
    tail = len(str(board.target)) + 7
    cells = max(10, width - label - 2 - len(lines) - tail)

    def cell(points: int) -> int:
        """The bar's cell that holds hole ``points`` (1 to the target)."""
        return min(cells, -(-points * cells // board.target)) - 1

    lines_at = {cell(line): mark for line, mark in lines}
    out = []
    for seat in (0, 1):
        front = max(0, min(board.pegs[seat], board.target))
        back = max(0, min(board.back_pegs[seat], front))
        if back == front:
            back = -1  # one peg in the hole: the front one
        start = _peg_char(0, front, back, " ", marks)
        at_front = cell(front) if front else -1
        at_back = cell(back) if back > 0 else -1
        bar = []
        for i in range(cells):
            if i in lines_at:
                bar.append(lines_at[i])
            if i == at_front:
                bar.append(marks.front)
            elif i == at_back:
                bar.append(marks.back)
            else:
                bar.append(marks.bar if i < at_front else marks.bar_empty)
        moved = board.pegs[seat] - board.back_pegs[seat]
        gain = f" (+{moved})" if moved > 0 else ""
        out.append(f"{names[seat][:label]:<{label}} {start}{''.join(bar)} {board.pegs[seat]}{gain}")
    return out


def board_summary(view: SeatView, pegs: Sequence[int] | None = None) -> str:
    """``You 12, Simple 9 (61 to win; skunk line 31).``"""
    names = seat_names(view)
    board = view.board
    at = board.pegs if pegs is None else pegs
    lines = [f"{board.target} to win"]
    if board.skunk_line is not None:
        lines.append(f"skunk line {board.skunk_line}")
    if board.double_skunk_line is not None:
        lines.append(f"double skunk line {board.double_skunk_line}")
    return f"{names[0]} {at[0]}, {names[1]} {at[1]} ({'; '.join(lines)})."


# -- the table in words -------------------------------------------------------------------


def _dealer(view: SeatView) -> str:
    names = seat_names(view)
    return "You deal" if view.dealer == view.seat else f"{names[view.dealer]} deals"


def _crib_owner(view: SeatView) -> str:
    return "your crib" if view.dealer == view.seat else f"{seat_names(view)[view.dealer]}'s crib"


def count_line(view: SeatView, ascii_only: bool = False) -> str:
    """The running count and its cards: ``Count 23: 7♣ 8♥ 8♦.``."""
    if not view.count_cards:
        return "Count 0: a new count."
    return f"Count {view.count}: {card_list((p.card for p in view.count_cards), ascii_only)}."


def counting_line(view: SeatView, ascii_only: bool = False) -> str:
    """The show being stated or answered (muggins): whose, its cards, what was stated."""
    counting = view.counting
    if counting is None:
        return ""
    names = seat_names(view)
    who = names[counting.seat]
    cards = card_list(counting.cards, ascii_only)
    starter = face(counting.starter, ascii_only)
    head = f"{_whose(who).capitalize()} {counting.kind}: {cards}, starter {starter}"
    if counting.stated is None:
        return f"{head}; not counted yet."
    return f"{head}; {_verb(who, 'count')} {counting.stated}."


def opponent_cards(view: SeatView, ascii_only: bool = False) -> str:
    """The opponent's unplayed cards as card backs (never their faces), then the cards they
    played this hand."""
    other = 1 - view.seat
    backs = " ".join([card_back(ascii_only)] * view.opponent_cards)
    played = [p.card for p in view.plays if p.seat == other]
    if played:
        return f"{backs}   played: {card_list(played, ascii_only)}".strip()
    return backs or "no cards"


def opponent_heading(view: SeatView) -> str:
    other = 1 - view.seat
    player = view.players[other]
    name = seat_names(view)[other]
    title = f"{name} (computer, {player.level or '?'})" if player.is_computer else name
    heading = f"{title} · {plural(view.opponent_cards, 'card')}"
    if view.dealer == other:
        heading += " · deals"
    if view.phase == "discard":
        heading += " · laid away" if view.opponent_laid_away else " · laying away"
    return heading


def describe_state(view: SeatView, ascii_only: bool = False) -> list[str]:
    """The table in a few lines: game and hand, the board, the starter and the count, the
    opponent's cards (how many), your hand."""
    names = seat_names(view)
    lines = [
        f"Game {view.game_number}, hand {view.hand_number}. {_dealer(view)} "
        f"({_crib_owner(view)}). Board: {board_summary(view)}"
    ]
    starter = "not turned yet" if view.starter is None else face(view.starter, ascii_only)
    if view.phase == "play":
        lines.append(f"Starter: {starter}. {count_line(view, ascii_only)}")
    else:
        lines.append(f"Starter: {starter}.")
    other = 1 - view.seat
    played = [p.card for p in view.plays if p.seat == other]
    opponent = f"{names[other]} holds {plural(view.opponent_cards, 'card')}"
    if played:
        opponent += f" and has played {card_list(played, ascii_only)}"
    lines.append(opponent + ".")
    if view.counting is not None:
        lines.append(counting_line(view, ascii_only))
    mine = f"Your hand: {card_list(view.hand, ascii_only) or 'no cards left'}"
    if view.laid_away:
        mine += f". Laid away to the crib: {card_list(view.laid_away, ascii_only)}"
    lines.append(mine + ".")
    return lines


def _verbs(view: SeatView) -> list[str]:
    seen: list[str] = []
    for text in view.legal_actions:
        verb = text.split()[0]
        if verb not in seen:
            seen.append(verb)
    return seen


def legal_summary(view: SeatView) -> str:
    """The actions the seat may take now, for the ``You may:`` line: the cards that may be
    played, never the points a show holds (with muggins any count may be stated)."""
    parts = []
    for verb in _verbs(view):
        if verb == "discard":
            parts.append("discard two of " + " ".join(str(c) for c in view.hand))
        elif verb == "play":
            cards = [t.split()[1] for t in view.legal_actions if t.startswith("play ")]
            parts.append("play " + " ".join(cards))
        elif verb == "count":
            parts.append("count N")
        else:
            parts.append(verb)
    return "; ".join(parts)


# What the seat may do on its turn, in the plain prompt's words (with its commands) and the
# full screen's (with its keys); ``_your_turn`` chooses the situation and fills them in.
_PLAIN_TURN: Final = {
    "discard": "Your turn: lay two cards away to {owner} (discard CARD CARD).",
    "go": "Your turn: no card keeps the count ({count}) at 31 or less: say go (go).",
    "play": "Your turn: play a card (play CARD); the count is {count}.",
    "count": "Your turn: count the points of your {kind} (count N).",
    "muggins": "{who} counted {stated} for the {kind}: call muggins if that is too few or too "
    "many (muggins), or accept (accept).",
}
_SCREEN_TURN: Final = {
    "discard": "Pick two cards for {owner} (space or click), then ⏎.",
    "go": "No card keeps the count ({count}) at 31 or less: say go (g).",
    "play": "Count {count}: choose a card (←→ or click) and play it (⏎).",
    "count": "Count your {kind}: type its points (c).",
    "muggins": "{who} counted {stated} for the {kind}: muggins (m) if wrong, or accept (a).",
}


def _your_turn(view: SeatView, words: Mapping[str, str]) -> str:
    """What the seat may do now, in ``words`` (one of the tables above)."""
    verbs = _verbs(view)
    counting = view.counting
    if "discard" in verbs:
        situation = "discard"
    elif verbs == ["go"]:
        situation = "go"
    elif "play" in verbs:
        situation = "play"
    elif counting is not None and ("count" in verbs or "muggins" in verbs):
        situation = "count" if "count" in verbs else "muggins"
    else:
        return "Your turn."
    return words[situation].format(
        owner=_crib_owner(view) if situation == "discard" else "",
        count=view.count,
        kind="" if counting is None else counting.kind,
        who="" if counting is None else seat_names(view)[counting.seat],
        stated="" if counting is None else counting.stated,
    )


def describe_turn(view: SeatView, ascii_only: bool = False) -> str:
    """Whose turn it is and what to do, in words (with the plain prompt's commands)."""
    other = waiting(view.finished, view.to_act, view.seat, seat_names(view))
    return _your_turn(view, _PLAIN_TURN) if other is None else other


def screen_turn(view: SeatView, busy: bool = False, ascii_only: bool = False) -> str:
    """Whose turn it is, with the full-screen table's keys."""
    other = screen_waiting(view.finished, busy, view.to_act, view.seat, seat_names(view))
    return _your_turn(view, _SCREEN_TURN) if other is None else other


def top_line(view: SeatView, width: int | None = None) -> str:
    """The title bar: game and hand, the pegs, the target, the game points. In ``width``
    columns the parts the board shows too go first (the game's name, then the target), and
    last the game points come before the names, so that a cut takes a name's end, never
    the game points."""
    names = seat_names(view)
    pegs = view.board.pegs
    points = view.game_points
    where = f"game {view.game_number} · hand {view.hand_number}"
    score = f"{names[0]} {pegs[0]} – {names[1]} {pegs[1]}"
    games = f"game points {points[0]}–{points[1]}"
    return fit_line(
        [
            f"Cribbage · {where} · {score} · {view.board.target} to win · {games}",
            f"{where} · {score} · {view.board.target} to win · {games}",
            f"{where} · {score} · {games}",
            f"{where} · {games} · {score}",
        ],
        width,
    )


# -- the show -----------------------------------------------------------------------------

_ITEM_WORDS: Final = {"fifteen": "fifteen", "pair": "pair", "flush": "flush", "nobs": "nobs"}


def _item_name(item: ShowItemView) -> str:
    if item.kind == "run":
        return f"run of {len(item.cards)}"
    return _ITEM_WORDS.get(item.kind, item.kind)


def show_heading(show: ShowView, dealer: int, names: Sequence[str]) -> str:
    """``Simple's hand (non-dealer)``, ``Your crib``."""
    whose = _whose(names[show.seat]).capitalize()
    if show.kind == "crib":
        return f"{whose} crib"
    role = "dealer" if show.seat == dealer else "non-dealer"
    return f"{whose} hand ({role})"


def show_lines(
    show: ShowView,
    dealer: int,
    names: Sequence[str],
    ascii_only: bool = False,
    compact: bool = False,
) -> list[str]:
    """One hand or crib as counted, combination by combination, then its total (and with
    muggins, what its owner stated and what the opponent took). ``compact`` puts the points
    first, for a narrow column: `` 2 fifteen 5♥ Q♣``."""
    cards = card_list(show.cards, ascii_only)
    lines = [
        f"{show_heading(show, dealer, names)}: {cards} + starter {face(show.starter, ascii_only)}"
    ]
    width = max([len(_item_name(i)) for i in show.items] + [5])
    for item in show.items:
        cards = card_list(item.cards, ascii_only)
        if compact:
            lines.append(f"{item.points:>2} {_item_name(item)} {cards}")
        else:
            lines.append(f"  {_item_name(item):<{width}}  {cards:<15} {item.points:>2}")
    if not show.items:
        lines.append("   no points" if compact else "  no points")
    if compact:
        lines.append(f"{show.total:>2} in all")
    else:
        lines.append(f"  {'total':<{width}}  {'':<15} {show.total:>2}")
    if show.stated is not None:
        owner = names[show.seat]
        note = f"{_verb(owner, 'count')} {show.stated}"
        taker = names[1 - show.seat]
        over = show.stated > show.total
        if over and show.called:  # put back to the true total
            note += f"; {taker} called muggins"
            if show.muggins:
                note += f" and took the {show.muggins} over"
        elif over:
            note += f"; {show.stated - show.total} too many, accepted as stated"
        elif show.muggins:
            note += f"; {taker} took {show.muggins} by muggins"
        elif show.stated < show.total:
            note += f"; {show.total - show.stated} missed and left on the table"
        lines.append(("" if compact else "  ") + note + ".")
    return lines


def show_columns(
    hand: HandEndView, view: SeatView, ascii_only: bool = False
) -> list[tuple[str, list[str]]]:
    """The show of a finished hand, one column per show (non-dealer, dealer, crib), each a
    heading and its lines."""
    names = seat_names(view)
    return [
        (
            show_heading(show, hand.dealer, names),
            show_lines(show, hand.dealer, names, ascii_only)[1:],
        )
        for show in hand.shows
    ]


def hand_end_lines(hand: HandEndView, view: SeatView, ascii_only: bool = False) -> list[str]:
    """A finished hand in lines: the starter, each show, then :func:`hand_end_notes`."""
    names = seat_names(view)
    starter = "none" if hand.starter is None else face(hand.starter, ascii_only)
    lines = [f"The show of hand {hand.deal} (starter {starter}):"]
    for show in hand.shows:
        lines += ["  " + line for line in show_lines(show, hand.dealer, names, ascii_only)]
    return lines + ["  " + line for line in hand_end_notes(hand, view, ascii_only)]


def hand_end_notes(hand: HandEndView, view: SeatView, ascii_only: bool = False) -> list[str]:
    """After the show: a game that ended before all was counted (and the opponent's hand
    then), the board, and the game's end."""
    names = seat_names(view)
    lines = []
    if len(hand.shows) < 3:
        if hand.winner is not None:
            lines.append(
                f"The game ended before all was counted: {names[hand.winner]} "
                f"reached {hand.pegs[hand.winner]}."
            )
        other = 1 - view.seat
        kept = card_list(hand.kept[other], ascii_only)
        lines.append(f"{_whose(names[other]).capitalize()} hand was {kept}.")
    lines.append(f"Board: {board_summary(view, hand.pegs)}")
    if hand.winner is not None and view.games:
        lines.append(game_line(view.games[-1], names))
    return lines


# -- the games and the match --------------------------------------------------------------


def describe_rules(rules: Mapping[str, Any]) -> str:
    """The match's settings in one line."""
    parts = [f"{rules.get('target')} points to win a game"]
    skunk = rules.get("skunk_line")
    parts.append(
        "no skunks" if skunk is None else f"skunk below {skunk} ({rules.get('skunk_games')} games)"
    )
    double = rules.get("double_skunk_line")
    if double is not None:
        parts.append(f"double skunk below {double} ({rules.get('double_skunk_games')} games)")
    points = rules.get("match_points")
    if points is not None:
        parts.append(f"match to {points} game points")
    else:
        parts.append(f"match of {plural(int(rules.get('games') or 1), 'game')}")
    parts.append(f"the {rules.get('next_game_dealer')} deals the next game")
    parts.append(f"muggins {'on' if rules.get('muggins') else 'off'}")
    return ", ".join(parts) + "."


def score_lines(view: SeatView) -> list[str]:
    """The games so far: one line per game, then the game points (or the match's end)."""
    names = seat_names(view)
    width = max(8, *(len(n) for n in names))
    lines = [f"{'game':>4}  {'won by':<{width}} {'points':<9} {'as':<13} {'worth':>5}"]
    for line in view.games:
        score = f"{line.pegs[line.winner]}-{line.pegs[1 - line.winner]}"
        kind = KIND_WORDS.get(line.kind, line.kind)
        lines.append(
            f"{line.number:>4}  {names[line.winner]:<{width}} {score:<9} {kind:<13} "
            f"{line.game_points:>5}"
        )
    if not view.games:
        lines.append("      no game finished yet")
    points = view.game_points
    lines.append(f"Game points: {names[0]} {points[0]}, {names[1]} {points[1]}.")
    lines.append(f"Now: {board_summary(view)}")
    lines.append(f"Rules: {describe_rules(view.rules)}")
    return lines


def final_lines(view: SeatView) -> list[str]:
    """The end of the match: each game, the game points and games won, the winner."""
    names = seat_names(view)
    lines = [game_line(line, names) for line in view.games]
    final = view.final
    if final is None:
        return lines
    points, won = final.game_points, final.games_won
    lines += [
        "",
        f"Game points: {names[0]} {points[0]}, {names[1]} {points[1]}.",
        f"Games won: {names[0]} {won[0]}, {names[1]} {won[1]}.",
        f"{_verb(names[final.winner], 'win')} the match by {plural(final.margin, 'game point')}.",
    ]
    return lines


# -- hints and help -----------------------------------------------------------------------


def hint_line(advice: HintView, ascii_only: bool = False) -> str:
    """``Hint: play 7♣. It makes fifteen.``"""
    text = advice.text.strip()
    if text == advice.action or not text:
        return f"Hint: {symbolise(advice.action, ascii_only)}."
    return f"Hint: {symbolise(advice.action, ascii_only)}. {symbolise(text, ascii_only)}"


def hint_lines(advice: HintView, ascii_only: bool = False) -> list[str]:
    """The advice as a page, as gin's reads: the action, the reason (its sentence holds the
    figures), then the options best first with the expert's value and a note each."""
    lines = [f"Suggested: {symbolise(advice.action, ascii_only)}"]
    text = advice.text.strip()
    if text and text != advice.action:
        lines += ["", symbolise(text, ascii_only)]
    alternatives = advice.details.get("alternatives") or ()
    options = [
        (str(alt["action"]), float(alt["value"]), str(alt.get("note") or ""))
        for alt in alternatives
        if isinstance(alt, Mapping) and "action" in alt and "value" in alt
    ]
    return lines + option_lines(options, ascii_only)


def help_lines(view: SeatView, link: str, resume: str, ascii_only: bool = False) -> list[str]:
    """The full-screen table's help page: the keys, the mouse, the board's marks as the board
    draws them, the rules, the links."""
    marks = board_marks(ascii_only)
    return [
        "Keys (also on the buttons and at the bottom):",
        "  ←/→ choose a card               space pick a card to lay away",
        "  ⏎ lay away the two picked cards, or play the chosen card",
        "  g say go (when no card fits)    c count your show (muggins)",
        "  m call muggins                  a accept the count",
        "  h hint                          s the games so far",
        "  v review the last finished hand (r in the show or at the end: the review)",
        "  i your statistics (every match of this terminal, with a chart)",
        "  q quit (the match is saved)",
        "Mouse: click a card to choose it (to pick it, when laying away), and",
        "the buttons. Pages like this scroll: ↑↓, page up and down, home, end.",
        "",
        f"The board: each player has two pegs; the front one ({marks.front}) is the score, the",
        f"back one ({marks.back}) where it stood before the last points. The skunk line is "
        f"{marks.skunk}.",
        "",
        f"Rules: {describe_rules(view.rules)}",
        "",
        f"Match {view.match_id}; continue it later with",
        f"  {resume}",
        "or in a browser (run 'cardtable serve'):",
        f"  {link}",
    ]
