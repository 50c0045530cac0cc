"""The line-by-line table: the same game as the full-screen app, one line at a time.

It reads commands from any text stream and writes sentences, so it works over a pipe, a
serial console or a screen reader. Before each of the player's moves it prints the line
``You may: ...`` (legal actions grouped by verb); at the end of input it stops cleanly, the
match being saved after every action.
"""

from __future__ import annotations

from typing import Final, TextIO

from cardtable.cards import Card, parse_card
from cardtable.errors import CardTableError, IllegalActionError
from cardtable.gin.tui import render
from cardtable.gin.tui.session import TerminalTable, Update
from cardtable.gin.views import EventView, HandSummary, HintView, LessonView
from cardtable.table import StaleActionError
from cardtable.tui.lesson_base import sentence
from cardtable.tui.plain_lesson import PlainLessonLoop
from cardtable.tui.plain_loop import HandPlainLoop

__all__ = ["PLAIN_HELP", "VERBS", "PlainLesson", "PlainTable", "action_text", "plain_help"]

_HELP: Final = """\
Commands:
  take (t)            take the upcard or the top discard
  pass (p)            pass the upcard
  draw (d)            draw from the stock
  discard CARD        discard a card; also: d CARD
  knock CARD          knock, throwing CARD face down, with the best layout; also: k CARD
  knock CARD N        knock with layout number N of 'layouts CARD'
  knock CARD [melds]  knock laying out your own melds, as in: knock KD [7S 7H 7D] [AC 2C 3C]
  gin CARD            go gin throwing CARD; also: g CARD.  big gin: all eleven cards melded
  layouts [CARD]      the ways to knock or go gin, numbered
  hint (h)            the computer's advice, with its reasons
  score (s)           the score sheet
  look (l)            the table again;  legal: every legal action
  link                the browser link for this seat
  quit (q)            stop; the match is saved ({command} play --resume)
Cards: rank A 2-9 T J Q K (or 10), suit S H D C, as in QD, 10h, TH."""


def plain_help(command: str = "ginrummy") -> str:
    """The commands of the line-by-line table; ``command`` is the one that resumes a match
    (``ginrummy``'s text is what that command has always printed)."""
    return _HELP.format(command=command)


PLAIN_HELP: Final = plain_help()

VERBS: Final = {
    "t": "take",
    "p": "pass",
    "d": "draw",
    "k": "knock",
    "g": "gin",
    "x": "discard",
}


def action_text(word: str, rest: str) -> str:
    """The action a typed command stands for: ``d QD`` is a discard, ``d`` alone draws."""
    verb = VERBS.get(word.lower(), word)
    if verb == "draw" and rest:
        verb = "discard"
    return f"{verb} {rest}".strip()


class PlainTable(HandPlainLoop[TerminalTable]):
    """The line-by-line match loop over a :class:`TerminalTable`."""

    def help_lines(self) -> str:
        return plain_help(self.table.command)

    @property
    def names(self) -> tuple[str, str]:
        return render.seat_names(self.table.view)

    def hand_over_lines(self, finished: HandSummary, told: tuple[EventView, ...]) -> list[str]:
        me = self.table.seat
        return [
            *(render.describe_event(e, me, self.names, self.ascii) for e in told),
            *render.describe_showdown(finished, me, self.names, self.ascii),
            render.score_line(self.table.view),
        ]

    def news_lines(self, update: Update) -> list[str]:
        me = self.table.seat
        return [render.describe_event(e, me, self.names, self.ascii) for e in update.events]

    def state_lines(self) -> list[str]:
        return render.describe_state(self.table.view, self.ascii)

    def turn_lines(self) -> list[str]:
        view = self.table.view
        return [
            render.describe_turn(view, self.ascii),
            "You may: " + render.group_legal(view.legal_actions),
        ]

    def intro_lines(self) -> list[str]:
        table = self.table
        return [
            f"Match {table.match_id}. Type ? for the commands.",
            f"Continue in a browser: {table.web_link()}",
        ]

    def final_lines(self) -> list[str]:
        return render.score_lines(self.table.view)

    def score_lines(self) -> list[str]:
        return render.score_lines(self.table.view)

    def legal_line(self) -> str:
        return "Legal actions: " + ", ".join(self.table.view.legal_actions)

    def opponent_name(self) -> str:
        return self.names[1 - self.table.seat]

    def game_command(self, word: str, rest: str) -> bool:
        if word not in ("layouts", "arrangements"):
            return False
        self._layouts(rest or None)
        return True

    def _choices(self, card: str | None) -> list[render.KnockChoice]:
        """The service's ways to knock, of the typed ``card`` if one is given."""
        wanted: Card | None = None if card is None else parse_card(card)
        return render.numbered_choices(self.table.view.knock_options, wanted)

    def _action_text(self, word: str, rest: str) -> str:
        verb = VERBS.get(word, word)
        if verb in ("knock", "gin") and rest:
            card, _, more = rest.partition(" ")
            if more.strip().isdigit():
                choices = self._choices(card)
                number = int(more)
                if not 1 <= number <= len(choices):
                    raise IllegalActionError(
                        f"there is no layout {number} for {card}: see 'layouts {card}'"
                    )
                return choices[number - 1].action
        return action_text(word, rest)

    def _not_held(self, text: str) -> str | None:
        """``you do not hold XX`` when ``text`` discards, knocks or goes gin with a card that
        is not in the hand (before drawing, the service would only say to draw first)."""
        verb, _, rest = text.partition(" ")
        if verb not in ("discard", "knock", "gin") or not rest.strip():
            return None
        try:
            card = parse_card(rest.split()[0])
        except CardTableError:
            return None  # the service names the unknown card
        if card in self.table.view.hand.hand:
            return None
        return f"you do not hold {render.face(card, self.ascii)}"

    def play(self, word: str, rest: str) -> None:
        try:
            text = self._action_text(word, rest)
            not_held = self._not_held(text)
            if not_held is not None:
                raise IllegalActionError(not_held)
            if text in ("knock", "gin"):
                self._layouts(None)
                return
            update = self.table.act(text)
        except StaleActionError as error:
            self.say(f"Not played: {error}.")
            self.show_update(self.table.refresh())
            return
        except CardTableError as error:
            self.say(f"Not allowed: {error}.")
            self.show_moves()
            return
        self.show_update(update)

    def _layouts(self, card: str | None) -> None:
        try:
            choices = self._choices(card)
        except CardTableError as error:
            self.say(f"Not allowed: {error}.")
            return
        if not choices:
            self.say("You cannot knock or go gin now.")
            return
        for choice in choices:
            self.say(f"  {choice.command}: {choice.describe(self.ascii)}")

    def hint_words(self, advice: HintView) -> list[str]:
        also = render.hint_also(advice)
        return [render.hint_line(advice, self.ascii), *([] if also is None else [also])]


class PlainLesson(PlainLessonLoop[LessonView]):
    """The shared guided lesson (:class:`cardtable.table.Lessons`), one line at a time.

    ``h`` says the lesson's hint for the step and the answer to type. With ``recorded`` it
    says only the answer, in the words ``ginrummy lesson`` has always printed (scripts
    compare them byte for byte), the coach's words too."""

    def __init__(
        self,
        inp: TextIO,
        out: TextIO,
        *,
        ascii_only: bool = False,
        prompt: bool = False,
        recorded: bool = False,
        command: str = "ginrummy",
    ) -> None:
        super().__init__(inp, out, ascii_only=ascii_only, prompt=prompt)
        self.command = command  # the command that plays a match, named at the end
        self.recorded = recorded

    def first_view(self) -> LessonView:
        return render.gin_lesson(self.lessons.start())

    def end_lines(self) -> list[str]:
        return [
            *render.lesson_showdown(self.view, self.ascii),
            f"The lesson is over. Play a match with: {self.command} play",
        ]

    def ask(self) -> str:
        step = self.view.step
        if step.select is not None:
            return "Type the cards (as in 7S 7H 7D)"
        if step.action is not None:
            return "Type your move (take, pass, draw, discard CARD, knock CARD)"
        return "Press Enter to go on"

    def hint_keys(self) -> str:
        return "h shows the answer" if self.recorded else "h for a hint"

    def hint_said(self) -> list[str]:
        if self.recorded:
            return [render.lesson_answer(self.view.step, "press Enter")]
        return super().hint_said()

    def answer(self, text: str) -> bool:
        step = self.view.step
        lesson = self.view.lesson_id
        try:
            if step.select is not None:
                answer = render.gin_lesson(self.lessons.select(lesson, text))
            elif step.action is not None:
                word, _, rest = text.partition(" ")
                answer = render.gin_lesson(self.lessons.act(lesson, action_text(word, rest)))
            else:
                answer = render.gin_lesson(self.lessons.advance(lesson))
        except CardTableError as error:
            self.say(f"{str(error).capitalize()}.")
            return False
        if answer.step.message and self.recorded:
            self.say(render.coach_says(answer))
        elif answer.step.message:
            self.say(render.symbolise(sentence(answer.step.message), self.ascii))
        if answer.ok:
            self.view = answer
        return answer.ok

    def show_table(self) -> None:
        hand = self.view.hand
        events = hand.events[self._events_seen :]
        self._events_seen = len(hand.events)
        for event in events:
            self.say(render.describe_event(event, hand.seat, render.LESSON_NAMES, self.ascii))
        if hand.phase == "over":
            return
        top = "empty" if hand.top_discard is None else render.face(hand.top_discard, self.ascii)
        self.say(
            f"Your hand: {render.card_list(hand.hand, self.ascii)}. "
            f"Discard pile: {top}. Stock: {hand.stock_count} cards."
        )
