"""The Cribbage match screen: the board, the opponent, the starter and the crib, the count,
your hand, the actions and what happened.

Every action has a key, shown on screen, and a mouse target: click a card to pick it (two, to
lay away) or to choose it (to play), and the buttons for the rest. Moves go to the table
service in a worker thread and come back as messages; the screen polls the database, so
moves made in the web table for the same seat appear here too. Which card may be played, what
it pegs and what a show holds all come from the service's view.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar, Final, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.events import Resize
from textual.screen import Screen, ScreenResultCallbackType
from textual.widgets import Button, Static

from cardtable.cards import Card
from cardtable.cribbage.tui import render as words
from cardtable.cribbage.tui.dialogs import (
    CountScreen,
    ShowScreen,
    final_screen,
    help_screen,
    hint_screen,
    sheet_screen,
)
from cardtable.cribbage.tui.session import CribbageTable, CribbageUpdate
from cardtable.cribbage.views import HintView, SeatView
from cardtable.tui.cards import card_back, face, key_words, step_card
from cardtable.tui.match_screen import POLL_SECONDS, MatchHost, MatchScreen, MoveDone, seat_keys
from cardtable.tui.widgets import (
    CardView,
    Group,
    HandView,
    LogBox,
    Pile,
    colour_cards,
    hand_keys,
    markup_escape,
)

__all__ = ["ACTION_BUTTONS", "CribbageHost", "CribbageScreen"]

ACTION_BUTTONS: Final = (
    ("discard", "Lay away (⏎)"),
    ("play", "Play (⏎)"),
    ("go", "Go (g)"),
    ("count", "Count (c)"),
    ("muggins", "Muggins (m)"),
    ("accept", "Accept (a)"),
)
KEYS_TEXT: Final = (
    "←→ choose · space pick\n⏎ lay away or play · g go\n"
    "c count · m muggins · a accept\nh hint · s games · v review\n"
    "i statistics · ? help · q quit"
)
DIALOG_RETRY_SECONDS: Final = 0.05

Result = TypeVar("Result")


# What the screen needs of its app: the seat, how to show cards, the next match.
CribbageHost = MatchHost[CribbageTable]


class CribbageScreen(MatchScreen[CribbageTable]):
    """The cribbage match at one seat, from the first deal to the final."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *hand_keys(),
        Binding("space", "pick", "Pick", show=False),
        Binding("enter", "primary", "Lay away / play", key_display="⏎"),
        Binding("g", "send('go')", "Go", show=False),
        Binding("c", "count", "Count", show=False),
        Binding("m", "send('muggins')", "Muggins", show=False),
        Binding("a", "send('accept')", "Accept", show=False),
        *seat_keys("Games"),
    ]
    LOG_LINES = 200
    ACTION_BUTTONS = ACTION_BUTTONS
    KEYS_TEXT = KEYS_TEXT

    def __init__(self, host: CribbageHost) -> None:
        super().__init__(host)
        self.selected: Card | None = None
        self.picked: list[Card] = []
        self.hinted: set[Card] = set()

    @property
    def view(self) -> SeatView:
        return self.host.table.view

    def compose_header(self) -> ComposeResult:
        yield Static(id="board")

    def compose_middle(self) -> ComposeResult:
        yield Pile(id="starter")
        yield Pile(id="crib")
        yield HandView(self.ascii_only, id="count")
        yield Static(id="minilog")

    def compose_side(self) -> ComposeResult:
        yield LogBox("logtext", id="log")

    async def on_mount(self) -> None:
        self.query_one("#log", VerticalScroll).border_title = "table"
        self.query_one("#board", Static).border_title = "board"
        self.set_class(self.app.size.width < 100, "-narrow")
        await self.start_table()
        self.set_interval(POLL_SECONDS, self.poll)

    async def start_table(self) -> None:
        self.log_lines.clear()
        self.selected, self.picked, self.hinted = None, [], set()
        self.say(f"Cribbage match {self.table.match_id}. Press ? for help and the browser link.")
        self.say(f"Rules: {words.describe_rules(self.view.rules)}")
        await self.applied(self.table.catch_up(), first=True)

    def on_resize(self, event: Resize) -> None:
        """A narrow terminal swaps the side log for the short one; the title, the board and
        the short log are laid out again for the width, and the side log, hidden until
        now in a narrow one, is brought to its newest line."""
        self.set_class(event.size.width < 100, "-narrow")
        self.paint_header()
        self.call_after_refresh(self.paint_minilog)
        log = self.query_one("#log", VerticalScroll)
        log.call_after_refresh(log.scroll_end, animate=False)

    # -- showing what happened -----------------------------------------------------------

    def say(self, text: str) -> None:
        """A line of the move log (the plays, the counts, where a hand ends): a refused
        key goes to the status line instead (:meth:`note`), never pushing a move out."""
        self.log_lines.append(text)
        self.query_one("#logtext", Static).update(
            "\n".join(colour_cards(line) for line in self.log_lines)
        )
        log = self.query_one("#log", VerticalScroll)
        log.call_after_refresh(log.scroll_end, animate=False)
        self.paint_minilog()

    def paint_minilog(self) -> None:
        """The short log beside the count (a narrow terminal): the newest lines that fit
        its box whole, the newest at the bottom, so the last move and what it pegged are
        always in view however the lines above it wrap."""
        mini = self.query_one("#minilog", Static)
        width, height = mini.content_size
        if width <= 0 or height <= 0:  # not laid out yet (or hidden): a guess till then
            width, height = 24, 5
        rows = words.newest_rows(list(self.log_lines), width, height)
        mini.update("\n".join(colour_cards(row) for row in rows))

    async def applied(self, update: CribbageUpdate, first: bool = False) -> None:
        """Show what changed; a finished hand opens the show, the match's end the final."""
        self.busy = False
        view = self.view
        if update:
            self.note("")
        for line in words.news(
            view, update.finished_events, update.events, update.finished, self.ascii_only, True
        ):
            self.say(line)
        self.hinted = set()
        await self.draw_table()
        if update.finished is not None and not first:
            review = partial(self.review_screen, update.finished.deal)
            show = ShowScreen(update.finished, view, self.ascii_only, review)
            self.open_dialog(show, self.after_show)
        elif self.table.finished:
            self.show_final()
        else:
            self.ask_count()

    def after_show(self, _: bool | None) -> None:
        if self.table.finished:
            self.show_final()
        else:
            self.ask_count()

    def ask_count(self) -> None:
        """With muggins on, the dialog for stating a count opens when it is the seat's."""
        view = self.view
        if view.my_turn and view.phase == "count" and view.counting is not None:
            self.open_dialog(CountScreen(view.counting, self.ascii_only), self.counted)

    def open_dialog(
        self, screen: Screen[Result], callback: ScreenResultCallbackType[Result] | None = None
    ) -> None:
        """Open a dialog over the table, at most once: one like it already open is left as
        it is, and one whose id a closing dialog still holds waits until it has gone (Textual
        refuses two screens of one id, and a refused move re-opens the count at once: no key
        may crash the table)."""
        app = self.app
        for shown in app.screen_stack:
            if shown is not self and type(shown) is type(screen) and shown.id == screen.id:
                return
        if screen.id is not None and any(node.id == screen.id for node in app.children):
            self.set_timer(DIALOG_RETRY_SECONDS, partial(self.open_dialog, screen, callback))
            return
        app.push_screen(screen, callback)

    def counted(self, points: int | None) -> None:
        if points is not None:
            self.play(f"count {points}")

    def final_screen(self, review: Callable[[], Screen[Any]]) -> Screen[bool]:
        return final_screen(self.view, review)

    def sheet_screen(self) -> Screen[Any]:
        return sheet_screen(self.view)

    def help_screen(self) -> Screen[Any]:
        table = self.table
        return help_screen(self.view, table.web_link(), table.resume_command(), self.ascii_only)

    def sentence(self, reason: str) -> str:
        return reason.rstrip(".") + "."

    async def refused(self) -> None:
        await self.draw_table()
        self.ask_count()

    # -- drawing -------------------------------------------------------------------------

    async def draw_table(self) -> None:
        view = self.view
        self.paint_header()
        opponent = self.query_one("#opponent", Static)
        opponent.update(colour_cards(words.opponent_cards(view, self.ascii_only)))
        opponent.border_title = markup_escape(words.opponent_heading(view))
        self.paint_piles(view)
        await self.paint_count(view)
        await self.paint_hand(view)
        self.paint_turn()
        # The count's cards may have widened or narrowed the short log's box.
        self.call_after_refresh(self.paint_minilog)

    def paint_header(self) -> None:
        """The title bar (fitted to the width: the game points always whole) and the board."""
        top = words.top_line(self.view, self.app.size.width - 2)
        self.query_one("#top", Static).update(markup_escape(top))
        self.paint_board()

    def paint_board(self) -> None:
        view = self.view
        board = self.query_one("#board", Static)
        names = words.seat_names(view)
        width = max(20, self.app.size.width - 6)
        if self.app.size.height >= 30:
            lines = [
                line.rstrip()
                for line in words.board_lines(self.table.board, names, self.ascii_only, width)
            ]
            seats = {i: (i % 3) - 1 for i in range(len(lines) - 1) if i % 3}
        else:
            lines = words.board_bar(self.table.board, names, self.ascii_only, min(width, 100))
            seats = {0: 0, 1: 1}
        styles = {view.seat: "$text-success", 1 - view.seat: "$text-warning"}
        shown = []
        for index, line in enumerate(lines):
            text = markup_escape(line)
            if index in seats:
                text = f"[{styles[seats[index]]}]{text}[/]"
            elif index == len(lines) - 1 and len(lines) > 2:
                text = f"[$text-muted]{text}[/]"
            shown.append(text)
        board.update("\n".join(shown))
        pegs = view.board.pegs
        board.border_title = markup_escape(f"board · {names[0]} {pegs[0]} · {names[1]} {pegs[1]}")
        points = view.game_points
        board.border_subtitle = markup_escape(f"game points {points[0]}–{points[1]}")

    def paint_piles(self, view: SeatView) -> None:
        starter = self.query_one("#starter", Pile)
        starter.border_title = "starter"
        if view.starter is None:
            starter.update(card_back(self.ascii_only))
            starter.set_class(True, "-empty")
        else:
            starter.update(colour_cards(face(view.starter, self.ascii_only)))
            starter.set_class(False, "-empty")
        crib = self.query_one("#crib", Pile)
        laid = 4
        if view.phase == "discard":
            laid = (2 if view.laid_away else 0) + (2 if view.opponent_laid_away else 0)
        crib.update(" ".join([card_back(self.ascii_only)] * laid) or "empty")
        crib.border_title = "crib"
        crib.border_subtitle = (
            "yours" if view.dealer == view.seat else words.seat_names(view)[view.dealer] + "'s"
        )

    async def paint_count(self, view: SeatView) -> None:
        """The cards of the count in play (the opponent's marked), or the show being
        counted (muggins)."""
        count = self.query_one("#count", HandView)
        counting = view.counting
        marks: dict[Card, set[str]] = {}
        if counting is not None:
            names = words.seat_names(view)
            whose = "your" if counting.seat == view.seat else f"{names[counting.seat]}'s"
            groups = [
                Group(f"{whose} {counting.kind}", (*counting.cards, counting.starter), "count")
            ]
            marks = {counting.starter: {"-starter"}}
        else:
            cards = tuple(p.card for p in view.count_cards)
            groups = [Group(f"count {view.count}", cards, "count")]
            marks = {p.card: {"-theirs"} for p in view.count_cards if p.seat != view.seat}
        if [(g.title, g.cards) for g in count.groups] != [(g.title, g.cards) for g in groups] or (
            count.marks != marks
        ):
            await count.show(groups, marks)

    def _legal_plays(self) -> list[Card]:
        return [
            card
            for text in self.view.legal_actions
            if text.startswith("play ")
            for card in words.action_cards(text)
        ]

    async def paint_hand(self, view: SeatView) -> None:
        hand = list(view.hand)
        self.picked = [c for c in self.picked if c in hand] if view.phase == "discard" else []
        plays = self._legal_plays()
        if self.selected not in hand:
            self.selected = plays[0] if plays else (hand[0] if hand else None)
        played = tuple(p.card for p in view.plays if p.seat == view.seat)
        groups = [Group("your hand", tuple(hand), "hand")]
        if played:
            groups.append(Group("played", played, "played"))
        if view.laid_away and view.phase != "discard":
            groups.append(Group("laid away", view.laid_away, "played"))
        marks: dict[Card, set[str]] = {card: set() for card in hand}
        for card in hand:
            if card == self.selected:
                marks[card].add("-selected")
            if card in self.picked:
                marks[card].add("-picked")
            if card in self.hinted:
                marks[card].add("-hinted")
            if view.phase == "play" and view.my_turn and card not in plays:
                marks[card].add("-unplayable")
        widget = self.query_one("#hand", HandView)
        if [g.cards for g in widget.groups] != [g.cards for g in groups] or widget.marks != marks:
            await widget.show(groups, marks)

    def paint_turn(self) -> None:
        view = self.view
        text = words.screen_turn(view, self.busy, self.ascii_only)
        self.query_one("#turn", Static).update(colour_cards(key_words(text, self.ascii_only)))
        info = []
        if self.picked:
            info.append("picked: " + " ".join(face(c, self.ascii_only) for c in self.picked))
        elif self.selected is not None and view.phase == "play":
            info.append(f"chosen: {face(self.selected, self.ascii_only)}")
        if view.laid_away:
            info.append(
                "in the crib: " + " ".join(face(c, self.ascii_only) for c in view.laid_away)
            )
        self.query_one("#handinfo", Static).update(colour_cards(" · ".join(info)))
        self.paint_buttons()

    def paint_buttons(self) -> None:
        view = self.view
        verbs = {text.split()[0] for text in view.legal_actions}
        for key, label in ACTION_BUTTONS:
            button = self.query_one(f"#act-{key}", Button)
            button.display = key in verbs and not self.busy
            button.disabled = False
            if key == "discard":
                if len(self.picked) == 2:
                    cards = " ".join(face(c, self.ascii_only) for c in self.picked)
                    label = f"Lay away {cards} (⏎)"
                else:
                    button.disabled = True
            elif key == "play" and self.selected is not None:
                label = f"Play {face(self.selected, self.ascii_only)} (⏎)"
                button.disabled = f"play {self.selected}" not in view.legal_actions
            button.label = key_words(label, self.ascii_only)
            button.refresh(layout=True)  # a longer label needs a wider button

    async def refresh_hand(self) -> None:
        await self.paint_hand(self.view)
        self.paint_turn()

    # -- moves ---------------------------------------------------------------------------

    def play(self, action: str) -> None:
        if self.busy:
            return
        view = self.view
        if not view.my_turn:
            self.note("It is not your turn.")
            return
        verb = action.split()[0]
        if not any(text.split()[0] == verb for text in view.legal_actions):
            self.note(f"You cannot {verb} now.")
            return
        self.busy = True
        self.paint_turn()
        self.worker.act(action)

    async def on_move_done(self, message: MoveDone[CribbageUpdate]) -> None:
        self.picked = []
        await self.applied(message.update)

    # -- keys ----------------------------------------------------------------------------

    async def action_move(self, step: int) -> None:
        card = step_card(self.view.hand, self.selected, step)
        if card is not None:
            self.selected = card
            await self.refresh_hand()

    async def action_pick(self) -> None:
        """In the lay-away: pick the chosen card, or put it back."""
        if self.selected is None or self.view.phase != "discard" or not self.view.my_turn:
            return
        await self.toggle(self.selected)

    async def toggle(self, card: Card) -> None:
        """Pick ``card`` for the crib, or put it back. A third card is refused, with the
        way out: two are picked already, and which to keep is the player's choice."""
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) == 2:
            picked = " and ".join(face(c, self.ascii_only) for c in self.picked)
            self.note(
                f"You have picked two cards, {picked}: put one back (space or click on it) "
                "to pick another, or lay them away (⏎)."
            )
            return
        else:
            self.picked = [*self.picked, card]
        await self.refresh_hand()

    async def action_primary(self) -> None:
        """⏎: lay away the two picked cards, play the chosen card, or count."""
        view = self.view
        if self.busy or not view.my_turn:
            return
        verbs = {text.split()[0] for text in view.legal_actions}
        if "discard" in verbs:
            if len(self.picked) == 2:
                self.play(f"discard {self.picked[0]} {self.picked[1]}")
            else:
                self.note("Pick two cards to lay away (space or click), then ⏎.")
        elif "play" in verbs and self.selected is not None:
            self.play(f"play {self.selected}")
        elif verbs == {"go"}:
            self.play("go")
        elif "count" in verbs:
            self.action_count()

    def action_send(self, action: str) -> None:
        self.play(action)

    def action_count(self) -> None:
        view = self.view
        if view.phase != "count" or not view.my_turn or view.counting is None:
            self.note("There is nothing for you to count now.")
            return
        self.open_dialog(CountScreen(view.counting, self.ascii_only), self.counted)

    async def show_hint(self, advice: HintView) -> None:
        self.hinted = set(words.action_cards(advice.action))
        await self.refresh_hand()
        self.note(words.hint_line(advice, self.ascii_only))

        def answer(play: bool | None) -> None:
            if play:
                self.play(advice.action)

        self.open_dialog(hint_screen(advice, self.ascii_only), answer)

    # -- the mouse -----------------------------------------------------------------------

    async def on_card_view_chosen(self, message: CardView.Chosen) -> None:
        card = message.card
        if card is None or card not in self.view.hand:
            return
        self.selected = card
        if self.view.phase == "discard" and self.view.my_turn:
            await self.toggle(card)
        else:
            await self.refresh_hand()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        key = str(event.button.id).removeprefix("act-")
        if key in ("discard", "play"):
            await self.action_primary()
        elif key == "count":
            self.action_count()
        else:
            self.play(key)
