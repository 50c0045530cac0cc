"""The generic line-by-line table: any game, from its seat views' :class:`Basics`.

The same loop as every game's (:class:`cardtable.tui.plain_loop.PlainLoop`: ``?``, ``look``,
``score``, ``legal``, ``link``, ``quit``, end of input and Ctrl-C); a move is the number of
a legal action as the list shows it, or the action's text (``play 7H``). The words are the
game's own (its view's ``basics()``).
"""

from __future__ import annotations

from cardtable.errors import CardTableError
from cardtable.tui.cards import symbolise
from cardtable.tui.generic_session import BasicsUpdate, GenericTable, generic_table
from cardtable.tui.plain_loop import PlainLoop
from cardtable.tui.screen_kinds import Plain

__all__ = ["GenericPlain", "generic_plain"]

HELP = """Commands:
  a number            the legal action of that number (the list after "You may:")
  ACTION              a legal action as the list names it (play 7H)
  legal               every legal action, as text
  look (l)            the table again
  score (s)           the score
  link                this seat's browser link
  quit (q)            leave (the match is saved)"""


class GenericPlain(PlainLoop[GenericTable, BasicsUpdate]):
    """A match of any game at one terminal seat, line by line."""

    help_text = HELP

    def words(self, text: str) -> str:
        return symbolise(text, self.ascii)

    def show_update(self, update: BasicsUpdate) -> None:
        if self.json:
            if update:
                self.show_state()
            return
        self.say(*(self.words(event) for event in update.events))

    def state_lines(self) -> list[str]:
        basics = self.table.basics
        return [
            basics.status,
            self.score_lines()[0],
            self.words(f"Your hand: {' '.join(basics.hand) or 'no cards'}"),
            *(self.words(line) for line in basics.public),
        ]

    def turn_lines(self) -> list[str]:
        basics = self.table.basics
        listed = "; ".join(
            f"{number}) {self.words(choice.label)}"
            for number, choice in enumerate(basics.choices, start=1)
        )
        return [
            self.words(f"Your hand: {' '.join(basics.hand) or 'no cards'}"),
            *(self.words(line) for line in basics.public),
            f"You may: {listed}",
        ]

    def intro_lines(self) -> list[str]:
        table = self.table
        return [
            f"{table.title}: match {table.match_id}. Type ? for help.",
            f"In a browser: {table.web_link()} (with '{table.serve_command()}' running)",
        ]

    def final_lines(self) -> list[str]:
        return [self.table.basics.status, *self.score_lines()]

    def score_lines(self) -> list[str]:
        scores = self.table.basics.scores
        names = self.table.names()
        return [f"Score: {names[0]} {scores[0]}, {names[1]} {scores[1]}"]

    def legal_line(self) -> str:
        actions = [choice.action for choice in self.table.basics.choices]
        return "Legal: " + (", ".join(actions) if actions else "none (not your turn)")

    def opponent_name(self) -> str:
        names = self.table.names()
        return names[1 - self.table.seat]

    def play(self, word: str, rest: str) -> None:
        choices = self.table.basics.choices
        typed = f"{word} {rest}".strip()
        action = typed
        if typed.isdigit():
            number = int(typed)
            if not 1 <= number <= len(choices):
                self.say(f"No action numbered {number}: choose 1 to {len(choices)}.")
                return
            action = choices[number - 1].action
        else:
            for choice in choices:  # the action's text, or its label, in any case
                if typed.lower() in (choice.action.lower(), choice.label.lower()):
                    action = choice.action
                    break
        try:
            update = self.table.act(action)
        except CardTableError as error:
            self.say(f"Not played: {error}")
            self.show_update(self.table.refresh())
            return
        self.show_update(update)

    def hint(self) -> None:
        self.say("No hints on this table: type legal for every legal action.")


def generic_plain(name: str) -> Plain:
    """The generic line-by-line table of the game ``name``."""
    return Plain(session=generic_table(name), table=GenericPlain)
