"""The line-by-line Cribbage table: the same match as the full-screen table, a line at a time.

It reads commands from any text stream and writes sentences (or, with ``--json``, one JSON
object per state: the service's views as they are), so it works over a pipe, a serial
console or a screen reader. Before each of the player's moves it prints ``You may: ...``;
after each hand it lays the show out combination by combination; at the end of input it stops
cleanly, the match being saved after every action.
"""

from __future__ import annotations

from typing import Any, Final, TextIO

from cardtable.cards import Card
from cardtable.cribbage.tui import render as words
from cardtable.cribbage.tui.session import CribbageTable, CribbageUpdate
from cardtable.cribbage.views import EventView, HandEndView, HintView, LessonView
from cardtable.errors import CardTableError
from cardtable.table import StaleActionError
from cardtable.tui.cards import card_list, face, plural, symbolise
from cardtable.tui.lesson_base import sentence
from cardtable.tui.plain_lesson import PlainLessonLoop
from cardtable.tui.plain_loop import HandPlainLoop

__all__ = [
    "ACTIONS",
    "PLAIN_HELP",
    "VERBS",
    "PlainCribbage",
    "PlainCribbageLesson",
    "action_text",
    "cribbage_lesson",
    "lesson_cards",
    "lesson_events",
    "lesson_phase",
    "lesson_show_lines",
    "lesson_table_line",
]

PLAIN_HELP: Final = """\
Commands:
  discard CARD CARD   lay two cards away to the crib; also: x CARD CARD
  play CARD           play a card to the count; also: p CARD, or just the card
  go (g)              say go: no card keeps the count at 31 or less
  count N             with muggins: state the points of your hand or crib (final); c N
  muggins (m)         your opponent counted wrong: take what they missed or stated over
  accept (a)          accept your opponent's count
  hint (h)            the computer's advice
  board (b)           the cribbage board, peg by peg
  score (s)           the games so far and the game points
  look (l)            the table again;  legal: what you may do
  link                the browser link for this seat
  quit (q)            stop; the match is saved (cardtable play --resume)
Cards: rank A 2-9 T J Q K (or 10), suit S H D C, as in QD, 10h, TH."""

VERBS: Final = {
    "x": "discard",
    "lay": "discard",
    "p": "play",
    "g": "go",
    "c": "count",
    "m": "muggins",
    "a": "accept",
}

ACTIONS: Final = ("discard", "play", "go", "count", "muggins", "accept")


def action_text(word: str, rest: str, phase: str) -> str:
    """The action a typed command stands for: ``p 7C`` plays, ``x 5H JD`` lays away, and a
    bare card (or two) plays it (or lays them away) as the phase asks."""
    verb = VERBS.get(word.lower(), word.lower())
    if verb not in ACTIONS and _looks_like_card(word):
        verb = "discard" if phase == "discard" else "play"
        rest = f"{word} {rest}".strip()
    return f"{verb} {rest}".strip()


def _sentence(error: Exception) -> str:
    return str(error).rstrip(".") + "."


def _looks_like_card(word: str) -> bool:
    return 2 <= len(word) <= 3 and word[-1].upper() in "SHDC♠♥♦♣"


class PlainCribbage(HandPlainLoop[CribbageTable]):
    """The line-by-line match loop over a :class:`CribbageTable`."""

    help_text = PLAIN_HELP

    def __init__(
        self, table: CribbageTable, inp: TextIO, out: TextIO, *, width: int = 80, **options: Any
    ) -> None:
        super().__init__(table, inp, out, **options)
        self.width = width  # of the board's drawing

    def hand_over_lines(self, finished: HandEndView, told: tuple[EventView, ...]) -> list[str]:
        view, me = self.table.view, self.table.seat
        names = words.seat_names(view)
        return [
            *(words.describe_event(e, me, names, self.ascii) for e in told),
            *words.hand_end_lines(finished, view, self.ascii),
        ]

    def news_lines(self, update: CribbageUpdate) -> list[str]:
        return list(words.news(self.table.view, (), update.events, None, self.ascii))

    def show_board(self) -> None:
        view = self.table.view
        names = words.seat_names(view)
        self.say(
            *(
                line.rstrip()
                for line in words.board_lines(self.table.board, names, self.ascii, self.width)
            )
        )

    def state_lines(self) -> list[str]:
        return words.describe_state(self.table.view, self.ascii)

    def turn_lines(self) -> list[str]:
        view = self.table.view
        return [words.describe_turn(view, self.ascii), "You may: " + words.legal_summary(view)]

    def intro_lines(self) -> list[str]:
        table = self.table
        return [
            f"Cribbage match {table.match_id}. Type ? for the commands.",
            f"Continue in a browser: {table.web_link()}",
            f"Rules: {words.describe_rules(table.view.rules)}",
        ]

    def final_lines(self) -> list[str]:
        return words.final_lines(self.table.view)

    def score_lines(self) -> list[str]:
        return words.score_lines(self.table.view)

    def legal_line(self) -> str:
        return "You may: " + words.legal_summary(self.table.view)

    def opponent_name(self) -> str:
        return words.seat_names(self.table.view)[1 - self.table.seat]

    def game_command(self, word: str, rest: str) -> bool:
        if word not in ("b", "board"):
            return False
        self.show_board()
        return True

    def play(self, word: str, rest: str) -> None:
        """Send one action; a refused one is one line, and nothing changes."""
        text = action_text(word, rest, self.table.view.phase)
        if text.split()[0] not in ACTIONS:
            self.say(f"Unknown command {word!r}: type ? for the commands.")
            return
        try:
            update = self.table.act(text)
        except StaleActionError as error:
            self.say(f"Not played: {_sentence(error)}")
            self.show_update(self.table.refresh())
            return
        except CardTableError as error:
            self.say(f"Not allowed: {_sentence(error)}")
            return
        self.show_update(update)

    def hint_words(self, advice: HintView) -> list[str]:
        return [words.hint_line(advice, self.ascii)]


# -- the lesson ---------------------------------------------------------------------------


def cribbage_lesson(view: object) -> LessonView:
    """The cribbage lesson's view (the shared lessons serve every game's)."""
    if not isinstance(view, LessonView):
        raise TypeError(f"not the cribbage lesson's view: {type(view).__name__}")
    return view


def lesson_events(view: LessonView, seen: int, ascii_only: bool = False) -> list[str]:
    """The lesson's actions from the ``seen``-th on, as sentences."""
    names = ("You", "Teacher") if view.seat == 0 else ("Teacher", "You")
    return [words.describe_event(e, view.seat, names, ascii_only) for e in view.events[seen:]]


def lesson_cards(view: LessonView) -> tuple[Card, ...]:
    """The four cards the learner kept: those still held and those played (from the
    events the lesson's view lists)."""
    played = [
        card
        for event in view.events
        if event.seat == view.seat and event.action.startswith("play ")
        for card in words.action_cards(event.action)
    ]
    return tuple(sorted((*view.hand, *played)))


def lesson_table_line(view: LessonView, ascii_only: bool) -> str:
    starter = "not turned yet" if view.starter is None else face(view.starter, ascii_only)
    count = card_list((p.card for p in view.count_cards), ascii_only)
    line = f"Starter: {starter}. Count {view.count}" + (f": {count}." if count else ".")
    return line + f" Pegs: you {view.pegs[view.seat]}, teacher {view.pegs[1 - view.seat]}."


def lesson_show_lines(view: LessonView, ascii_only: bool) -> list[str]:
    names = ("You", "Teacher") if view.seat == 0 else ("Teacher", "You")
    lines: list[str] = []
    for show in view.shows:
        lines += words.show_lines(show, view.dealer, names, ascii_only)
    return lines


class PlainCribbageLesson(PlainLessonLoop[LessonView]):
    """The cribbage lesson one line at a time."""

    def first_view(self) -> LessonView:
        return cribbage_lesson(self.lessons.start("cribbage"))

    def end_lines(self) -> list[str]:
        return [
            *lesson_show_lines(self.view, self.ascii),
            "The lesson is over. Play a match with: cardtable play --game cribbage",
        ]

    def show_table(self) -> None:
        view = self.view
        self.say(*lesson_events(view, self._events_seen, self.ascii))
        self._events_seen = len(view.events)
        self.say(lesson_table_line(view, self.ascii))
        mine = card_list(view.hand, self.ascii) or "no cards left"
        self.say(f"Your hand: {mine}. The teacher holds {plural(view.opponent_cards, 'card')}.")

    def ask(self) -> str:
        return _ASK.get(lesson_phase(self.view.step.action or ""), "Press Enter to go on")

    def answer(self, text: str) -> bool:
        step = self.view.step
        lesson = self.view.lesson_id
        try:
            phase = lesson_phase(step.action or "")
            if phase == "count" and text.isdigit():  # "How many points?" "10"
                answer = self.lessons.act(lesson, f"count {text}")
            elif step.action is not None:
                word, _, rest = text.partition(" ")
                answer = self.lessons.act(lesson, action_text(word, rest, phase))
            else:
                answer = self.lessons.advance(lesson)
        except CardTableError as error:
            self.say(sentence(str(error)))
            return False
        view = cribbage_lesson(answer)
        if view.step.message:
            self.say(symbolise(sentence(view.step.message), self.ascii))
        if view.ok:
            self.view = view
        return view.ok


def lesson_phase(action: str) -> str:
    """What a lesson step's action asks: to lay away, to play, or to count (a number)."""
    verb = action.partition(" ")[0]
    return verb if verb in ("discard", "count") else "play" if verb else ""


_ASK: Final = {
    "discard": "Type the two cards to lay away (as in 2D 6C)",
    "play": "Type the card to play (as in 5H)",
    "count": "How many points? Type the number",
}
