"""What both lessons share in the terminal: the lesson's hint (``h``) and doing it, the coach's
box that scrolls, and the words of a hint for the line-by-line lessons.

The hint is the lesson's own (:class:`cardtable.table.LessonHintView`): what the step asks
for, in the step's words. In the full screen it opens over the table, and ⏎ does it (names
the meld, makes the move, states the count, or goes on); on a line, it is said with the
answer to type. The coach's box is never taller than the terminal leaves beside the table
and the keys: a long text (the show at the end of the Cribbage lesson) scrolls in it, so
"q to finish" and the keys stay in view at 80x24.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, Protocol, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardtable.games import GameView
from cardtable.table import LessonHintView, Lessons
from cardtable.tui.cards import symbolise
from cardtable.tui.dialogs import InfoScreen
from cardtable.tui.widgets import HandView, colour_cards, markup_escape


class _LessonStep(Protocol):
    """A lesson's step as every game's view gives it: where it stands, its words, and the
    coach's word on the last try."""

    @property
    def index(self) -> int: ...

    @property
    def total(self) -> int: ...

    @property
    def title(self) -> str: ...

    @property
    def text(self) -> str: ...

    @property
    def finished(self) -> bool: ...

    @property
    def message(self) -> str: ...


class AnyLessonView(Protocol):
    """A lesson's view as every game's gives it: its id and its step (a game's lesson
    screen reads the rest of its own view)."""

    @property
    def lesson_id(self) -> str: ...

    @property
    def step(self) -> _LessonStep: ...

    @property
    def ok(self) -> bool: ...

    def to_json(self) -> dict[str, Any]: ...


__all__ = [
    "AnyLessonView",
    "CoachBox",
    "LessonBase",
    "follow",
    "hint_lines",
    "hint_screen",
    "sentence",
    "typed_answer",
]

# The rows the rest of a lesson's screen takes at the most: the title, the piles, the turn
# line, the hand, the coach's word, the buttons and the keys; at the end, only the title,
# the turn line, the word and the keys (the table is hidden then: the text shows the hands).
PLAYING_ROWS: Final = 17
OVER_ROWS: Final = 5
_DO_IT: Final = {"select": "Do it (⏎)", "act": "Do it (⏎)", "next": "Next (⏎)"}


def sentence(message: str) -> str:
    """The coach's word as a sentence: a capital first, a full stop last (card names kept)."""
    if not message:
        return ""
    text = message[:1].upper() + message[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def follow(lessons: Lessons, lesson_id: str, hint: LessonHintView) -> GameView:
    """Do what the hint says: name the meld, make the move, or go on."""
    if hint.kind == "select":
        return lessons.select(lesson_id, hint.action)
    if hint.kind == "act":
        return lessons.act(lesson_id, hint.action)
    return lessons.advance(lesson_id)


def typed_answer(hint: LessonHintView, go_on: str = "press Enter") -> str:
    """What to type on a line for the hint: the cards or the move (a count: its number)."""
    verb, _, rest = hint.action.partition(" ")
    if hint.kind == "act" and verb == "count":
        return rest
    return hint.action or go_on


def hint_lines(hint: LessonHintView, ascii_only: bool = False) -> list[str]:
    """The hint on a line, and the answer to type on the next."""
    return [f"Hint: {symbolise(hint.text, ascii_only)}", f"Answer: {typed_answer(hint)}"]


def hint_screen(hint: LessonHintView, ascii_only: bool = False) -> InfoScreen:
    """The hint over the table; ⏎ does it (at the end there is nothing to do: it closes)."""
    do_it = _DO_IT.get(hint.kind)
    return InfoScreen(
        "Hint",
        colour_cards(symbolise(hint.text, ascii_only)),
        ok=do_it or "Close (⏎)",
        cancel="Close (esc)" if do_it else None,
        screen_id="hint",
    )


class CoachBox(VerticalScroll, can_focus=False):
    """The coach's box: it scrolls (↑↓ on the screen, or the mouse) but never takes the
    focus, so that the arrows and ⏎ stay the table's."""


class LessonBase(Screen[None]):
    """A lesson's full screen: ``h`` for the hint (⏎ in it does it), ``q`` to leave, ↑↓ to
    scroll the coach's box. The screen yields a :class:`CoachBox` ``#coach`` holding the
    ``Static`` ``#lesson-text``, the game's piles (:meth:`compose_piles`) beside the log
    ``#log``, the turn line ``#turn``, the hand ``#hand``, a ``Static`` ``#feedback`` for the
    coach's word on a wrong try and the step's buttons (:meth:`compose_buttons`); a right
    answer is taken by :meth:`take` and the screen redrawn (:meth:`draw`).
    """

    view: AnyLessonView

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "Hint"),
        Binding("q", "quit_lesson", "Quit"),
        Binding("up", "scroll_coach(-1)", "Scroll", show=False),
        Binding("down", "scroll_coach(1)", "Scroll", show=False),
        Binding("pageup", "scroll_coach(-5)", "Scroll", show=False),
        Binding("pagedown", "scroll_coach(5)", "Scroll", show=False),
    ]

    def __init__(self, ascii_only: bool) -> None:
        super().__init__()
        self.ascii_only = ascii_only
        self.lessons = Lessons()
        self.said = ""  # the coach's word on the last right answer

    @property
    def lesson_id(self) -> str:
        return self.view.lesson_id

    def compose_piles(self) -> ComposeResult:
        """The game's cards on the table, left of the log."""
        yield from ()

    def compose_buttons(self) -> ComposeResult:
        """The step's buttons (each shown only when the step asks for it)."""
        yield from ()

    def compose(self) -> ComposeResult:
        yield Static(id="top")
        with Vertical(id="main"):
            with CoachBox(id="coach"):
                yield Static(id="lesson-text")
            with Horizontal(id="middle"):
                yield from self.compose_piles()
                yield Static(id="log")
            yield Static(id="turn")
            yield HandView(self.ascii_only, id="hand")
            yield Static(id="feedback")
            with Horizontal(id="actions"):
                yield from self.compose_buttons()
        yield Footer()

    async def on_mount(self) -> None:
        self.query_one("#log", Static).border_title = "table"
        await self.draw()

    @property
    def over(self) -> bool:
        """Whether the lesson is at its end (the table is hidden, the text has the room)."""
        return self.view.step.finished

    def take(self, answer: AnyLessonView) -> None:
        """Take the view of a right answer (the game's own, with what it resets)."""
        raise NotImplementedError

    async def draw(self) -> None:
        raise NotImplementedError

    def feedback(self, text: str) -> None:
        shown = symbolise(text, self.ascii_only)
        self.query_one("#feedback", Static).update(colour_cards(shown))

    async def answered(self, given: GameView) -> None:
        """Show the coach's word on a try (a right one's above the next step's words, where
        it has the room); a right one moves the lesson on."""
        answer = cast(AnyLessonView, given)  # this screen's game's lesson view
        said = sentence(answer.step.message)
        if not answer.ok:
            self.feedback(said)
            return
        self.take(answer)
        self.said = said
        self.feedback("")
        await self.draw()

    def show_coach(self, title: str, text: str, said: str = "") -> None:
        """The step's words in the coach's box (``said``, the coach's word on the last
        move, above them), scrolled to the top, the box fitted to the terminal."""
        shown = symbolise(text, self.ascii_only)
        body = colour_cards(shown)
        if said:
            body = f"[$text-success]{colour_cards(symbolise(said, self.ascii_only))}[/]\n\n{body}"
        self.query_one("#lesson-text", Static).update(body)
        box = self.query_one("#coach", CoachBox)
        box.border_title = markup_escape(title)
        box.scroll_home(animate=False)
        self.set_class(self.over, "-over")
        self.fit_coach(self.size.height)

    def fit_coach(self, height: int) -> None:
        rest = OVER_ROWS if self.over else PLAYING_ROWS
        self.query_one("#coach", CoachBox).styles.max_height = max(4, height - rest)

    def on_resize(self, event: Resize) -> None:
        self.fit_coach(event.size.height)

    def action_scroll_coach(self, rows: int) -> None:
        box = self.query_one("#coach", CoachBox)
        box.scroll_to(y=box.scroll_y + rows, animate=False)

    def action_hint(self) -> None:
        hint = self.lessons.hint(self.lesson_id)

        async def done(do_it: bool | None) -> None:
            if do_it and hint.kind != "finish":
                await self.answered(follow(self.lessons, self.lesson_id, hint))

        self.app.push_screen(hint_screen(hint, self.ascii_only), done)

    def action_quit_lesson(self) -> None:
        self.app.exit()
