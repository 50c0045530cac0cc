"""What every game's own match screen shares: the seat it plays, its moves and hints sent to
the table service in a worker thread, the polling that picks up moves made in the web table,
the end of the match (``n`` for the next one of the series), and the pages every table
opens the same way: the coach's review (``v``), the statistics (``i``), the score sheet
(``s``), help (``?``) and leaving (``q``).

Every game's table has the same frame (:meth:`MatchScreen.compose`): the title bar, the
opponent, the game's middle row, whose turn it is, the hand, the action buttons and the status
line, with a side column that ends with the keys. Each game's screen (:class:`MatchScreen`'s
subclass, in the game's ``tui`` package) fills the middle and the side, draws its own table and
says its own words: how a move is shown (:meth:`MatchScreen.applied`),
its final, sheet, help and hint dialogs. Textual calls a message's handler in every class
of a screen's MRO, so this base handles only the messages a game leaves to it (a refused
move, a hint that arrived); a game handles ``MoveDone`` itself.

A strong computer player may think a while, and the screen must keep drawing: the moves and
hints run off the event loop (:class:`TableWorker`) and each answer comes back to the screen
as a message, on the screen's own thread.
"""

from __future__ import annotations

from abc import abstractmethod
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen, ScreenResultCallbackType
from textual.widgets import Footer, Static

from cardtable.errors import CardTableError
from cardtable.tui.cards import key_words
from cardtable.tui.hand_session import HandSession, HandUpdate
from cardtable.tui.review_screen import ReviewScreen
from cardtable.tui.stats_screen import StatsScreen
from cardtable.tui.widgets import HandView, action_button, colour_cards

__all__ = [
    "POLL_SECONDS",
    "HintReady",
    "MatchHost",
    "MatchScreen",
    "MoveDone",
    "MoveRefused",
    "TableWorker",
    "seat_keys",
]

POLL_SECONDS: Final = 2.0

T = TypeVar("T", bound=HandSession[Any, Any, Any])
U = TypeVar("U")
A = TypeVar("A")
R = TypeVar("R")


@dataclass
class MoveDone(Message, Generic[U]):
    """A move was stored, and the computer answered (``on_move_done``)."""

    update: U


@dataclass
class MoveRefused(Message):
    """A move was refused; nothing changed (``on_move_refused``)."""

    reason: str


@dataclass
class HintReady(Message, Generic[A]):
    """The hint arrived (``advice``), or why there is none (``reason``) (``on_hint_ready``)."""

    advice: A | None
    reason: str = ""


class TableWorker:
    """Runs a screen's moves and hint requests off its event loop, one of each at a time."""

    def __init__(self, screen: Screen[Any], table: Callable[[], HandSession[Any, Any, Any]]):
        self.screen = screen
        self.table = table

    def act(self, action: str) -> None:
        self.screen.run_worker(
            partial(self._act, self.table(), action), thread=True, exclusive=True, group="table"
        )

    def hint(self) -> None:
        self.screen.run_worker(
            partial(self._hint, self.table()), thread=True, exclusive=True, group="hint"
        )

    def _act(self, table: HandSession[Any, Any, Any], action: str) -> None:
        try:
            update = table.act(action)
        except CardTableError as error:
            self.screen.post_message(MoveRefused(str(error)))
            return
        self.screen.post_message(MoveDone(update))

    def _hint(self, table: HandSession[Any, Any, Any]) -> None:
        try:
            advice = table.hint()
        except (CardTableError, ValueError, ImportError) as error:
            self.screen.post_message(HintReady(None, str(error)))
            return
        self.screen.post_message(HintReady(advice))


def seat_keys(sheet: str) -> list[BindingType]:
    """The keys of the pages every match screen opens, after the game's own keys (so the
    footer lists its moves first): the hint, the score sheet (named as the game calls it),
    the review, the statistics, help and quit."""
    return [
        Binding("h", "hint", "Hint"),
        Binding("s", "sheet", sheet),
        Binding("v", "review_last", "Review", show=False),
        Binding("i", "stats", "Statistics", show=False),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit_table", "Quit"),
    ]


class MatchHost(Protocol[T]):
    """What a match screen needs of its app: the seat, how to show cards, the next match."""

    table: T
    ascii_only: bool
    new_match: Callable[[T], T] | None


class MatchScreen(Screen[None], Generic[T]):
    """A game's match at one seat ``T``, from the first look to the final score sheet."""

    LOG_LINES: ClassVar[int] = 40  # the move log's lines kept
    ACTION_BUTTONS: ClassVar[tuple[tuple[str, str], ...]] = ()  # (key, label): #act-KEY
    QUIET_BUTTONS: ClassVar[frozenset[str]] = frozenset()  # drawn plain, not as primary
    KEYS_TEXT: ClassVar[str] = ""  # the keys, listed at the foot of the side column

    def __init__(self, host: MatchHost[T]) -> None:
        super().__init__()
        self.host = host
        self.busy = False
        self.log_lines: deque[str] = deque(maxlen=self.LOG_LINES)
        self.worker = TableWorker(self, lambda: self.table)

    @property
    def table(self) -> T:
        return self.host.table

    @property
    def ascii_only(self) -> bool:
        return self.host.ascii_only

    def compose(self) -> ComposeResult:
        """The frame every game's table shares; the game fills the row under the title
        (:meth:`compose_header`), the middle row and the side column."""
        yield Static(id="top")
        yield from self.compose_header()
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield Static(id="opponent")
                with Horizontal(id="middle"):
                    yield from self.compose_middle()
                yield Static(id="turn")
                yield HandView(self.ascii_only, id="hand")
                yield Static(id="handinfo")
                with Horizontal(id="actions"):
                    for key, label in self.ACTION_BUTTONS:
                        quiet = key in self.QUIET_BUTTONS
                        yield action_button(key, label, "default" if quiet else "primary")
                yield Static(id="status")
            with Vertical(id="side"):
                yield from self.compose_side()
                yield Static(key_words(self.KEYS_TEXT, self.ascii_only), id="keys")
        yield Footer()

    def compose_header(self) -> ComposeResult:
        """What stands under the title bar, across the screen (nothing, unless the game
        says)."""
        yield from ()

    # -- what each game shows ----------------------------------------------------------------

    @abstractmethod
    def compose_middle(self) -> ComposeResult:
        """The middle row, between the opponent and the turn: the game's piles."""

    @abstractmethod
    def compose_side(self) -> ComposeResult:
        """The side column, above the keys."""

    @abstractmethod
    async def applied(self, update: HandUpdate[Any, Any], first: bool = False) -> None:
        """Show what changed since the last look (``first``: the first look at the table)."""

    @abstractmethod
    async def draw_table(self) -> None: ...

    @abstractmethod
    async def show_hint(self, advice: Any) -> None:
        """The hint arrived: mark it and open its dialog (⏎ in it plays it)."""

    @abstractmethod
    def final_screen(self, review: Callable[[], Screen[Any]]) -> Screen[bool]:
        """The end of the match (``review`` opens the coach's review of it)."""

    @abstractmethod
    def sheet_screen(self) -> Screen[Any]: ...

    @abstractmethod
    def help_screen(self) -> Screen[Any]: ...

    def sentence(self, reason: str) -> str:
        """A service's refusal as the end of a sentence."""
        return reason + "."

    async def refused(self) -> None:
        """After a refused move (nothing changed): the table as it was."""
        await self.draw_table()

    def open_dialog(
        self, screen: Screen[R], callback: ScreenResultCallbackType[R] | None = None
    ) -> None:
        """Open a dialog over the table."""
        self.app.push_screen(screen, callback)

    # -- what every game's does alike ----------------------------------------------------------

    def note(self, text: str) -> None:
        """The status line under the buttons: a refusal, a hint, what is on its way. It
        stays until the next note or move."""
        self.query_one("#status", Static).update(colour_cards(key_words(text, self.ascii_only)))

    def show_final(self) -> None:
        self.open_dialog(self.final_screen(partial(self.review_screen, None)), self.after_final)

    async def after_final(self, again: bool | None) -> None:
        """``n``: the same seat at the next match of the series; otherwise leave."""
        if again and self.host.new_match is not None:
            self.host.table = self.host.new_match(self.table)
            await self.start_table()
        else:
            self.app.exit()

    @abstractmethod
    async def start_table(self) -> None:
        """The first look at the seat's table (again after ``n``: the next match's)."""

    async def on_move_refused(self, message: MoveRefused) -> None:
        self.busy = False
        if self.table.changed_elsewhere():  # a move came from the web table meanwhile
            await self.applied(self.table.refresh())
            self.note(f"Not played: {self.sentence(message.reason)}")
            return
        self.note(f"Not allowed: {self.sentence(message.reason)}")
        await self.refused()

    async def poll(self) -> None:
        """Pick up moves made elsewhere (the web table, for the same seat or the other)."""
        if self.busy or self.app.screen is not self:
            return
        if self.table.changed_elsewhere():
            await self.applied(self.table.refresh())

    def action_hint(self) -> None:
        if self.busy or not self.table.my_turn:
            self.note("Hints are for your turn.")
            return
        self.note("Asking for a hint…")
        self.worker.hint()

    async def on_hint_ready(self, message: HintReady[Any]) -> None:
        if message.advice is None:
            self.note(f"No hint now: {self.sentence(message.reason)}")
        else:
            await self.show_hint(message.advice)

    def review_screen(self, deal: int | None) -> ReviewScreen:
        """The coach's review of ``deal``, or of the whole match (``None``), for this seat:
        one dialog for every game, worded from the review's JSON."""
        return ReviewScreen(partial(self.table.review, deal), deal, self.ascii_only)

    def action_review_last(self) -> None:
        """``v``: the review of the last finished hand."""
        last = self.table.view.last_hand
        if last is None:
            self.note("No finished hand to review yet: the review comes when a hand ends.")
            return
        self.open_dialog(self.review_screen(last.deal))

    def action_stats(self) -> None:
        """``i``: the person's statistics over every match of this terminal (counted in a
        worker thread)."""
        self.open_dialog(StatsScreen(self.table.stats, self.ascii_only))

    def action_sheet(self) -> None:
        self.open_dialog(self.sheet_screen())

    def action_help(self) -> None:
        self.open_dialog(self.help_screen())

    def action_quit_table(self) -> None:
        self.app.exit()
