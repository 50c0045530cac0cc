"""What the line-by-line tables of every game share: the loop that reads a command, plays
it and writes sentences (or JSON with ``--json``), waits while the other seat plays,
stops cleanly at the end of input, on ``quit`` and on Ctrl-C (status 130) with the resume
hint, and the commands that mean the same in every game (help, hint, score, look, legal,
link, quit). Each game's table (its own, in the game's ``tui`` package, or the generic one:
:mod:`cardtable.tui.generic_plain`) says how its views, moves and commands read.
"""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Generic, TextIO, TypeVar

from cardtable.errors import CardTableError
from cardtable.tui.hand_session import HandSession, HandUpdate
from cardtable.tui.seats import SeatSession

__all__ = ["HandPlainLoop", "PlainLoop"]


T = TypeVar("T", bound=SeatSession[Any, Any])
U = TypeVar("U")
H = TypeVar("H", bound=HandSession[Any, Any, Any])


class PlainLoop(ABC, Generic[T, U]):
    """The match loop over a terminal session ``T`` whose moves bring updates ``U``."""

    help_text: str = ""

    def __init__(
        self,
        table: T,
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

    # -- what each game says ---------------------------------------------------------------

    def help_lines(self) -> str:
        """The commands, for ``?``."""
        return self.help_text

    @abstractmethod
    def show_update(self, update: U) -> None:
        """What happened since the last look: the moves, a finished hand, the table."""

    @abstractmethod
    def state_lines(self) -> list[str]:
        """The table as this seat sees it, in sentences."""

    @abstractmethod
    def turn_lines(self) -> list[str]:
        """Before each of the player's moves: whose turn, and ``You may: ...``."""

    @abstractmethod
    def intro_lines(self) -> list[str]:
        """The first lines: the match, the commands, the browser link."""

    @abstractmethod
    def final_lines(self) -> list[str]:
        """The lines after the match is over: its result."""

    @abstractmethod
    def score_lines(self) -> list[str]:
        """The score sheet (``score``)."""

    @abstractmethod
    def legal_line(self) -> str:
        """Every legal action (``legal``)."""

    @abstractmethod
    def opponent_name(self) -> str: ...

    @abstractmethod
    def play(self, word: str, rest: str) -> None:
        """Send one typed action; a refused one is one line, and nothing changes."""

    @abstractmethod
    def hint(self) -> None: ...

    def game_command(self, word: str, rest: str) -> bool:
        """A command of this game only (True when ``word`` was one): none by default."""
        return False

    # -- output --------------------------------------------------------------------------

    def say(self, *lines: str) -> None:
        for line in lines:
            if self.json:
                self.out.write(json.dumps({"message": line}) + "\n")
            else:
                self.out.write(line + "\n")
        self.out.flush()

    def emit(self, data: dict[str, Any]) -> None:
        self.out.write(json.dumps(data) + "\n")
        self.out.flush()

    def show_state(self) -> None:
        if self.json:
            self.emit({"view": self.table.view.to_json()})
            return
        self.say(*self.state_lines())

    def show_moves(self) -> None:
        if not self.json:
            self.say(*self.turn_lines())

    # -- the loop ------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the match ends, the input ends or the player quits; Ctrl-C stops too,
        with the same resume hint (status 130)."""
        try:
            return self._run()
        except KeyboardInterrupt:
            self.say("", "Stopped: the match is saved.", *self.resume_lines())
            return 130

    def _run(self) -> int:
        table = self.table
        if not self.json:
            self.say(*self.intro_lines())
        self.show_update(table.catch_up())
        shown = -1
        while not table.finished:
            if not table.my_turn:
                self._wait_for_opponent()
                continue
            if shown != table.view.action_count:
                self.show_moves()  # only when something changed: a screen reader hears it once
                shown = table.view.action_count
            line = self._read()
            if not line:
                self.say("End of input: the match is saved.", *self.resume_lines())
                return 0
            if not self.handle(line.strip()):
                self.say("The match is saved.", *self.resume_lines())
                return 0
        self.say("The match is over.", *self.final_lines())
        return 0

    def _read(self) -> str:
        if self.prompt:
            self.out.write("> ")
            self.out.flush()
        try:
            return self.inp.readline()
        except UnicodeDecodeError:
            return "\n"  # a line that is not text: ignored, the prompt asks again

    def resume_lines(self) -> list[str]:
        return [
            f"Resume: {self.table.resume_command()}",
            f"Or in a browser: {self.table.web_link()}",
        ]

    def _wait_for_opponent(self) -> None:
        self.say(f"Waiting for {self.opponent_name()} to play (the match is saved; Ctrl-C stops).")
        while not self.table.changed_elsewhere():
            self.sleep(self.poll)  # Ctrl-C: see run()
        self.show_update(self.table.refresh())

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
            self.say(self.help_lines())
        elif word in ("h", "hint"):
            self.hint()
        elif word in ("s", "score", "sheet"):
            self.say(*self.score_lines())
        elif word in ("l", "look"):
            self.show_state()
        elif word == "legal":
            self.say(self.legal_line())
        elif word == "link":
            self.say(self.table.web_link())
        elif not self.game_command(word, rest):
            self.play(word, rest)
        return True


class HandPlainLoop(PlainLoop[H, HandUpdate[Any, Any]]):
    """The match loop of a game played in deals (a :class:`HandSession` ``H``): a finished
    hand is laid out before the next is dealt, and ``hint`` asks the seat's computer."""

    @abstractmethod
    def hand_over_lines(self, finished: Any, told: tuple[Any, ...]) -> list[str]:
        """The hand that ended (``finished``, the game's summary of it): the rest of its
        events (``told``), how it was scored."""

    @abstractmethod
    def news_lines(self, update: HandUpdate[Any, Any]) -> list[str]:
        """The new events of the hand in play."""

    @abstractmethod
    def hint_words(self, advice: Any) -> list[str]:
        """The hint, said."""

    def show_update(self, update: HandUpdate[Any, Any]) -> None:
        if self.json:
            self.emit(
                {
                    "finished_hand": None if update.finished is None else update.finished.to_json(),
                    "events": [e.to_json() for e in update.finished_events + update.events],
                    "view": self.table.view.to_json(),
                }
            )
            return
        if update.finished is not None:
            self.say(*self.hand_over_lines(update.finished, update.finished_events))
            if not self.table.finished:
                self.say("", "A new hand is dealt.")
        if self.table.finished:
            return
        self.say(*self.news_lines(update))
        self.show_state()

    def hint(self) -> None:
        try:
            advice: Any = self.table.hint()  # the game's hint view
        except (CardTableError, ValueError, ImportError) as error:
            self.say(f"No hint now: {error}.")
            return
        if self.json:
            self.emit({"hint": advice.to_json()})
            return
        self.say(*self.hint_words(advice))
