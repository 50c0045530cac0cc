"""The line-by-line table: the same game as the full-screen app, one line at a time.

It reads commands from any text stream and writes sentences, so it works over a pipe, a
serial console or a screen reader. Before each of the player's moves it prints the line
``You may: ...`` (legal actions grouped by verb); at the end of input it stops cleanly, the
match being saved after every action.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Final, TextIO

from cardtable.errors import CardTableError, IllegalActionError
from cardtable.gin.lesson import LESSON_STEPS, LessonSession
from cardtable.table.service import StaleActionError
from cardtable.tui import render
from cardtable.tui.session import TerminalTable, Update

__all__ = ["PLAIN_HELP", "PlainLesson", "PlainTable"]

PLAIN_HELP: Final = """\
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
  quit (q)            stop; the match is saved (ginrummy play --resume)
Cards: rank A 2-9 T J Q K (or 10), suit S H D C, as in QD, 10h, TH."""

_VERBS: Final = {
    "t": "take",
    "p": "pass",
    "d": "draw",
    "k": "knock",
    "g": "gin",
    "x": "discard",
}


class PlainTable:
    """The line-by-line match loop over a :class:`TerminalTable`."""

    def __init__(
        self,
        table: TerminalTable,
        inp: TextIO,
        out: TextIO,
        *,
        ascii_only: bool = False,
        json_mode: bool = False,
        prompt: bool = False,
        poll: float = 1.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.table = table
        self.inp = inp
        self.out = out
        self.ascii = ascii_only
        self.json = json_mode
        self.prompt = prompt
        self.poll = poll
        self.sleep = sleep

    # -- output --------------------------------------------------------------------------

    def say(self, *lines: str) -> None:
        for line in lines:
            if self.json:
                self.out.write(json.dumps({"message": line}) + "\n")
            else:
                self.out.write(line + "\n")
        self.out.flush()

    def _emit(self, data: dict[str, Any]) -> None:
        self.out.write(json.dumps(data) + "\n")
        self.out.flush()

    @property
    def names(self) -> tuple[str, str]:
        return render.names_of(self.table.view)

    def show_update(self, update: Update) -> None:
        view = self.table.view
        me = self.table.seat
        if self.json:
            self._emit(
                {
                    "finished_hand": update.finished,
                    "events": update.finished_events + update.events,
                    "view": view,
                }
            )
            return
        if update.finished is not None:
            for event in update.finished_events:
                self.say(render.describe_event(event, me, self.names, self.ascii))
            self.say(*render.describe_showdown(update.finished, me, self.names, self.ascii))
            self.say(render.score_line(view))
            if not self.table.finished:
                self.say("", "A new hand is dealt.")
        if self.table.finished:
            return
        for event in update.events:
            self.say(render.describe_event(event, me, self.names, self.ascii))
        self.show_state()

    def show_state(self) -> None:
        if self.json:
            self._emit({"view": self.table.view})
            return
        self.say(*render.describe_state(self.table.view, self.ascii))

    def show_moves(self) -> None:
        if self.json:
            return
        view = self.table.view
        self.say(render.describe_turn(view, self.ascii))
        self.say("You may: " + render.group_legal(view["legal_actions"]))

    # -- the loop ------------------------------------------------------------------------

    def run(self) -> int:
        table = self.table
        if not self.json:
            self.say(
                f"Match {table.match_id}. Type ? for the commands.",
                f"Continue in a browser: {table.web_link()}",
            )
        self.show_update(table.catch_up())
        shown = -1
        while not table.finished:
            if not table.my_turn:
                if not self._wait_for_opponent():
                    return 0
                continue
            if shown != table.view["action_count"]:
                self.show_moves()  # only when something changed: a screen reader hears it once
                shown = table.view["action_count"]
            if self.prompt:
                self.out.write("> ")
                self.out.flush()
            line = self.inp.readline()
            if not line:
                self.say("End of input: the match is saved.", *self._resume_lines())
                return 0
            if not self.handle(line.strip()):
                self.say("The match is saved.", *self._resume_lines())
                return 0
        self.say("The match is over.", *render.score_lines(table.view))
        return 0

    def _resume_lines(self) -> list[str]:
        return [
            f"Resume: ginrummy play --resume {self.table.match_id}",
            f"Or in a browser: {self.table.web_link()}",
        ]

    def _wait_for_opponent(self) -> bool:
        opponent = self.names[1 - self.table.seat]
        self.say(f"Waiting for {opponent} to play (the match is saved; Ctrl-C stops).")
        try:
            while not self.table.changed_elsewhere():
                self.sleep(self.poll)
        except KeyboardInterrupt:
            return False
        self.show_update(self.table.refresh())
        return True

    def handle(self, line: str) -> bool:
        """Run one command; False means quit."""
        if not line:
            return True
        head, _, rest = line.partition(" ")
        word = head.lower()
        rest = rest.strip()
        if word in ("q", "quit", "exit"):
            return False
        if word in ("?", "help"):
            self.say(PLAIN_HELP)
        elif word in ("h", "hint"):
            self._hint()
        elif word in ("s", "score", "sheet"):
            self.say(*render.score_lines(self.table.view))
        elif word in ("l", "look"):
            self.show_state()
        elif word == "legal":
            self.say("Legal actions: " + ", ".join(self.table.view["legal_actions"]))
        elif word == "link":
            self.say(self.table.web_link())
        elif word in ("layouts", "arrangements"):
            self._layouts(rest or None)
        else:
            self._play(word, rest)
        return True

    def _action_text(self, word: str, rest: str) -> str:
        verb = _VERBS.get(word, word)
        if verb == "draw" and rest:
            verb = "discard"  # "d QD" is a discard; "d" alone draws
        if verb in ("knock", "gin") and rest:
            card, _, more = rest.partition(" ")
            if more.strip().isdigit():
                choices = render.knock_choices(self.table.view, card)
                number = int(more)
                if not 1 <= number <= len(choices):
                    raise IllegalActionError(
                        f"there is no layout {number} for {card}: see 'layouts {card}'"
                    )
                return choices[number - 1].action
        return f"{verb} {rest}".strip()

    def _play(self, word: str, rest: str) -> None:
        try:
            text = self._action_text(word, rest)
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
            choices = render.knock_choices(self.table.view, card)
        except CardTableError as error:
            self.say(f"Not allowed: {error}.")
            return
        if not choices:
            self.say("You cannot knock or go gin now.")
            return
        counts: dict[str, int] = {}
        for choice in choices:
            counts[choice.card] = counts.get(choice.card, 0) + 1
            number = counts[choice.card]
            command = f"{choice.verb} {choice.card} {number}".replace("  ", " ")
            self.say(f"  {command}: {choice.describe(self.ascii)}")

    def _hint(self) -> None:
        try:
            advice = self.table.hint()
        except (CardTableError, ValueError, ImportError) as error:
            self.say(f"No hint now: {error}.")
            return
        if self.json:
            self._emit({"hint": advice})
            return
        explanation = render.symbolise(str(advice["explanation"]), self.ascii)
        self.say(f"Hint: {render.symbolise(str(advice['action']), self.ascii)}. {explanation}")
        others = [a for a in advice.get("alternatives", []) if a["action"] != advice["action"]]
        if others:
            self.say(
                "  Also: "
                + "; ".join(f"{a['action']} ({a['note']})" for a in others[:3] if a.get("note"))
            )


class PlainLesson:
    """The shared guided lesson (:mod:`cardtable.gin.lesson`), one line at a time."""

    def __init__(
        self, inp: TextIO, out: TextIO, *, ascii_only: bool = False, prompt: bool = False
    ) -> None:
        self.session = LessonSession()
        self.inp = inp
        self.out = out
        self.ascii = ascii_only
        self.prompt = prompt
        self._events_seen = 0

    def say(self, *lines: str) -> None:
        for line in lines:
            self.out.write(line + "\n")
        self.out.flush()

    def run(self) -> int:
        session = self.session
        total = len(LESSON_STEPS)
        while True:
            step = session.step
            self.say(
                "",
                f"Step {session.index + 1} of {total}: {step.title}",
                render.symbolise(step.text, self.ascii),
            )
            self._show_table()
            if session.finished:
                self._show_showdown()
                self.say("The lesson is over. Play a match with: ginrummy play")
                return 0
            if step.select is not None:
                ask = "Type the cards (as in 7S 7H 7D)"
            elif step.action is not None:
                ask = "Type your move (take, pass, draw, discard CARD, knock CARD)"
            else:
                ask = "Press Enter to go on"
            while True:
                self.say(f"{ask}; h shows the answer, q stops.")
                if self.prompt:
                    self.out.write("> ")
                    self.out.flush()
                line = self.inp.readline()
                if not line or line.strip().lower() in ("q", "quit"):
                    self.say("Lesson stopped.")
                    return 0
                text = line.strip()
                if text.lower() in ("h", "hint"):
                    self.say(f"Answer: {step.select or step.action or 'press Enter'}")
                    continue
                if step.select is not None:
                    outcome = session.select(text)
                elif step.action is not None:
                    word, _, rest = text.partition(" ")
                    verb = _VERBS.get(word.lower(), word)
                    if verb == "draw" and rest:
                        verb = "discard"
                    outcome = session.act(f"{verb} {rest}".strip())
                else:
                    outcome = session.advance()
                if outcome.message:
                    self.say(outcome.message.capitalize() + ".")
                if outcome.ok:
                    break

    def _show_table(self) -> None:
        obs = self.session.observation().to_dict()
        events = obs["events"][self._events_seen :]
        self._events_seen = len(obs["events"])
        names = ("You", "Computer")
        for event in events:
            self.say(render.describe_event(event, 0, names, self.ascii))
        if obs["phase"] == "over":
            return
        pile = obs["discard_pile"]
        top = render.face(pile[-1], self.ascii) if pile else "empty"
        self.say(
            f"Your hand: {render.card_list(obs['hand'], self.ascii)}. "
            f"Discard pile: {top}. Stock: {obs['stock_count']} cards."
        )

    def _show_showdown(self) -> None:
        hand = self.session.hand
        if hand.result is None:
            return
        summary = {
            "deal": 1,
            "result": hand.result.to_dict(),
            "hands": [[str(c) for c in hand.cards(seat)] for seat in (0, 1)],
        }
        self.say(*render.describe_showdown(summary, 0, ("You", "Computer"), self.ascii))
