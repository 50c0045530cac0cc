"""The full-screen terminal table (Textual): a match against the computer, and the lesson.

Every action has a key, shown on screen, and a mouse target: click a card to choose it, the
stock to draw, the discard pile to take, and the buttons for the rest. Moves go to the table
service in a worker thread (a strong computer player may think a while), and the table polls
the database, so moves made in the web table for the same seat appear here too.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.errors import CardTableError
from cardtable.gin.lesson import LESSON_STEPS, LessonSession
from cardtable.tui import render
from cardtable.tui.session import TerminalTable, Update
from cardtable.tui.widgets import (
    CardView,
    Group,
    HandView,
    Pile,
    colour_cards,
    group_hand,
    markup_escape,
)

__all__ = ["LessonApp", "TableApp"]

CSS: Final = """
Screen { background: $background; }
#top { height: 1; background: $primary; color: $text; padding: 0 1; text-style: bold; }
#body { height: 1fr; }
#main { width: 1fr; padding: 0 1; }
#opponent {
    height: 3; border: round $secondary; border-title-color: $text-secondary;
    border-subtitle-color: $text-muted; padding: 0 1;
}
#middle { height: 5; }
#log {
    width: 1fr; height: 5; border: round $foreground 30%; border-title-color: $text-muted;
    padding: 0 1; margin-left: 1;
}
#turn { height: 1; text-style: bold; color: $text-accent; margin-top: 1; }
#hand { margin-top: 0; }
#handinfo { height: 1; color: $text-muted; }
#actions { height: 1; margin-top: 1; }
#actions Button { margin-right: 1; min-width: 8; }
#side { width: 36; }
#sheet {
    border: round $secondary; border-title-color: $text-secondary; padding: 0 1;
    height: auto; max-height: 100%;
}
#keys { color: $text-muted; padding: 1 1; height: auto; }
TableScreen.-narrow #side { display: none; }
.dialog {
    width: 90%; max-width: 96; height: auto; max-height: 90%;
    border: thick $primary; background: $surface; padding: 1 2;
}
.dialog-title { text-style: bold; color: $text-primary; margin-bottom: 1; }
.dialog-keys { color: $text-muted; margin-top: 1; }
.dialog OptionList { height: auto; max-height: 14; }
.dialog VerticalScroll { height: auto; max-height: 20; }
.dialog-buttons { height: auto; margin-top: 1; }
.side-label { text-style: bold; color: $text-secondary; }
.dialog Button { margin-right: 2; }
ModalScreen { align: center middle; background: $background 60%; }
#lesson-text {
    height: auto; min-height: 5; border: round $primary; border-title-color: $text-primary;
    padding: 0 1;
}
#feedback { height: 1; color: $text-warning; }
"""

ACTION_BUTTONS: Final = (
    ("draw", "Draw (d)"),
    ("take", "Take (t)"),
    ("pass", "Pass (p)"),
    ("discard", "Discard (⏎)"),
    ("knock", "Knock (k)"),
    ("gin", "Gin (g)"),
    ("big_gin", "Big gin (b)"),
)
LOG_LINES: Final = 3
KEYS_TEXT: Final = (
    "t take · p pass · d draw\n←→ choose a card · ⏎ discard\nk knock or gin · h hint\n"
    "s score sheet · ? help · q quit"
)


def _button(key: str, label: str, variant: str = "default") -> Button:
    button = Button(label, id=f"act-{key}", compact=True, variant=variant)  # type: ignore[arg-type]
    button.can_focus = False
    return button


# -- dialogs ------------------------------------------------------------------------------


class KnockScreen(ModalScreen[str | None]):
    """Choose how to end the hand: the card thrown and the layout (the best one first)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", "Back")]

    def __init__(self, choices: Sequence[render.KnockChoice], start: int, ascii_only: bool):
        super().__init__()
        self.choices = list(choices)
        self.start = start
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                "End the hand: throw one card face down and lay out", classes="dialog-title"
            )
            yield OptionList(
                *(
                    Option(colour_cards(choice.describe(self.ascii_only)), id=f"choice-{i}")
                    for i, choice in enumerate(self.choices)
                ),
                id="choices",
            )
            yield Static(
                "↑↓ choose a layout · ⏎ or click to play it · esc back. The best layout leaves "
                "the least deadwood; another may leave your opponent fewer lay-offs.",
                classes="dialog-keys",
            )

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = self.start
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int(str(event.option.id).removeprefix("choice-"))
        self.dismiss(self.choices[index].action)


class InfoScreen(ModalScreen[bool]):
    """A titled page of text; ⏎ (or the button) answers True, esc False."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(False)", "Close"),
        Binding("enter", "dismiss(True)", "OK"),
    ]

    def __init__(
        self,
        title: str,
        body: str,
        *,
        ok: str = "Continue (⏎)",
        cancel: str | None = None,
        screen_id: str | None = None,
    ) -> None:
        super().__init__(id=screen_id)
        self.title_text = title
        self.body = body
        self.ok = ok
        self.cancel = cancel

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(markup_escape(self.title_text), classes="dialog-title")
            with VerticalScroll():
                yield from self.compose_body()
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.ok, id="ok", variant="primary", compact=True)
                if self.cancel:
                    yield Button(self.cancel, id="cancel", compact=True)

    def compose_body(self) -> ComposeResult:
        yield Static(self.body, id="info-body")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "ok")


class ShowdownScreen(InfoScreen):
    """The end of a hand: both hands as cards in their melds, the lay-offs and the points."""

    def __init__(
        self, hand: dict[str, Any], view: dict[str, Any], ascii_only: bool = False
    ) -> None:
        me = int(view["seat"])
        self.names = render.names_of(view)
        self.hand = hand
        self.ascii_only = ascii_only
        lines = render.describe_showdown(hand, me, self.names, ascii_only)
        result = hand["result"]
        # The layouts are drawn as cards; the text keeps the head, lay-offs and points.
        notes = [lines[0]] if result["outcome"] == "dead" else [lines[0], *lines[3:]]
        notes += ["", render.score_line(view)]
        body = "\n".join(colour_cards(line.strip()) for line in notes)
        super().__init__("The showdown", body, screen_id="showdown")
        self.me = me

    def sides(self) -> list[tuple[str, list[Group]]]:
        result = self.hand["result"]
        if result["outcome"] == "dead":
            return [
                (self.names[seat], [Group("hand", tuple(self.hand["hands"][seat]), "deadwood")])
                for seat in (self.me, 1 - self.me)
            ]
        knocker = int(result["knocker"])
        sides = []
        for seat, side in ((knocker, "knocker"), (1 - knocker, "defender")):
            groups = group_hand(
                result[f"{side}_melds"],
                result[f"{side}_unmatched"],
                int(result[f"{side}_deadwood"]),
            )
            if side == "defender" and result["layoffs"]:
                laid = tuple(lay["card"] for lay in result["layoffs"])
                groups.append(Group("laid off", laid, "layoff"))
            role = "knocked" if side == "knocker" else "defends"
            label = f"{self.names[seat]} ({role}): deadwood {result[f'{side}_deadwood']}"
            sides.append((label, groups))
        return sides

    def compose_body(self) -> ComposeResult:
        for label, groups in self.sides():
            yield Static(markup_escape(label), classes="side-label")
            yield HandView(self.ascii_only, groups=groups)
        yield Static(self.body, id="info-body")


class FinalScreen(InfoScreen):
    """The end of the match: the score sheet; n starts a new match, q quits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "dismiss(True)", "New match"),
        Binding("q,escape", "dismiss(False)", "Quit"),
    ]


# -- the table ----------------------------------------------------------------------------


class TableScreen(Screen[None]):
    """The match: opponent, piles, your hand in melds, the actions and the score sheet."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Choose card", key_display="←→"),
        Binding("right", "move(1)", "Choose card", show=False),
        Binding("d", "play('draw')", "Draw", show=False),
        Binding("t", "play('take')", "Take", show=False),
        Binding("p", "play('pass')", "Pass", show=False),
        Binding("enter,x", "discard", "Discard", show=False),
        Binding("k,g", "knock", "Knock", show=False),
        Binding("b", "play('big_gin')", "Big gin", show=False),
        Binding("h", "hint", "Hint"),
        Binding("s", "sheet", "Score sheet"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit_table", "Quit"),
    ]

    def __init__(self, app_ref: TableApp) -> None:
        super().__init__()
        self.table_app = app_ref
        self.selected: str | None = None
        self._last_new: str | None = None
        self.hinted: set[str] = set()
        self.busy = False
        self.log_lines: deque[str] = deque(maxlen=40)

    @property
    def table(self) -> TerminalTable:
        return self.table_app.table

    @property
    def ascii_only(self) -> bool:
        return self.table_app.ascii_only

    def compose(self) -> ComposeResult:
        yield Static(id="top")
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield Static(id="opponent")
                with Horizontal(id="middle"):
                    yield Pile(id="stock")
                    yield Pile(id="discard")
                    yield Static(id="log")
                yield Static(id="turn")
                yield HandView(self.ascii_only, id="hand")
                yield Static(id="handinfo")
                with Horizontal(id="actions"):
                    for key, label in ACTION_BUTTONS:
                        yield _button(key, label, "primary" if key != "pass" else "default")
            with Vertical(id="side"):
                yield Static(id="sheet")
                yield Static(KEYS_TEXT, id="keys")
        yield Footer()

    async def on_mount(self) -> None:
        self.query_one("#log", Static).border_title = "table"
        self.query_one("#sheet", Static).border_title = "score sheet"
        await self.start_table()
        self.set_interval(2.0, self.poll)

    async def start_table(self) -> None:
        self.log_lines.clear()
        self.selected = None
        self.hinted = set()
        self.say(f"Match {self.table.match_id}. Press ? for help and the browser link.")
        await self.applied(self.table.catch_up(), first=True)

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < 100, "-narrow")

    # -- showing the table ---------------------------------------------------------------

    def say(self, text: str) -> None:
        self.log_lines.append(colour_cards(text))
        log = self.query_one("#log", Static)
        log.update("\n".join(list(self.log_lines)[-LOG_LINES:]))

    async def applied(self, update: Update, first: bool = False) -> None:
        """Show what changed; a finished hand opens the showdown."""
        self.busy = False
        view = self.table.view
        me = self.table.seat
        names = render.names_of(view)
        for event in update.finished_events:
            self.say(render.describe_event(event, me, names, self.ascii_only))
        if update.finished is not None and not first:
            self.say("The hand is over.")
        for event in update.events:
            self.say(render.describe_event(event, me, names, self.ascii_only))
        self.hinted = set()
        await self.draw_table()
        if update.finished is not None and not first:
            self.app.push_screen(
                ShowdownScreen(dict(update.finished), view, self.ascii_only),
                self.after_showdown,
            )
        elif self.table.finished:
            self.show_final()

    def after_showdown(self, _: bool | None) -> None:
        if self.table.finished:
            self.show_final()

    def show_final(self) -> None:
        lines = render.score_lines(self.table.view)
        self.app.push_screen(
            FinalScreen(
                "The match is over",
                colour_cards("\n".join(lines)),
                ok="New match (n)",
                cancel="Quit (q)",
                screen_id="final",
            ),
            self.after_final,
        )

    async def after_final(self, again: bool | None) -> None:
        if again and self.table_app.new_match is not None:
            self.table_app.table = self.table_app.new_match()
            await self.start_table()
        else:
            self.app.exit()

    def _new_card(self, view: dict[str, Any]) -> str | None:
        """The card just drawn, while its owner still has to discard."""
        obs = view["observation"]
        if obs["phase"] != "discard" or obs["to_act"] != view["seat"]:
            return None
        for event in reversed(obs["events"]):
            if event["seat"] == view["seat"] and event["kind"] in ("draw", "take"):
                return str(event["card"]) if event["card"] else None
        return None

    async def draw_table(self) -> None:
        view = self.table.view
        obs = view["observation"]
        me = self.table.seat
        names = render.names_of(view)
        scores = view["scores"]
        target = view["rules"]["target"]
        hand_no = view["hand_number"]
        threshold = obs["threshold"]
        limit = "gin only" if threshold == 0 else f"knock ≤ {threshold}"
        if obs["multiplier"] != 1:
            limit += f" · scores ×{obs['multiplier']}"
        self.query_one("#top", Static).update(
            markup_escape(
                f"Gin Rummy · hand {hand_no} · {names[0]} {scores[0]} – "
                f"{names[1]} {scores[1]} · target {target} · {limit}"
            )
        )
        # The opponent: known cards face up, the rest as card backs.
        known = list(obs["opponent_known"])
        backs = obs["opponent_card_count"] - len(known)
        back = "##" if self.ascii_only else "░░"
        shown = " ".join([render.face(c, self.ascii_only) for c in known] + [back] * backs)
        opponent = self.query_one("#opponent", Static)
        opponent.update(colour_cards(shown))
        opponent.border_title = markup_escape(
            f"{render.opponent_title(view)} · {render.plural(obs['opponent_card_count'], 'card')}"
            + (f" · known: {render.card_list(known, self.ascii_only)}" if known else "")
        )
        dealer = names[obs["dealer"]]
        opponent.border_subtitle = markup_escape(
            "you deal" if obs["dealer"] == me else f"{dealer} deals"
        )
        legal = set(view["legal_actions"])
        stock = self.query_one("#stock", Pile)
        stock.update(str(obs["stock_count"]))
        stock.border_title = "stock"
        stock.border_subtitle = "d" if "draw" in legal else ""
        stock.set_class("draw" in legal, "-live")
        pile = self.query_one("#discard", Pile)
        top = obs["discard_pile"][-1] if obs["discard_pile"] else None
        pile.update(colour_cards(render.face(top, self.ascii_only)) if top else "empty")
        pile.set_class(top is None, "-empty")
        pile.border_title = "discard"
        under = len(obs["discard_pile"]) - 1
        pile.border_subtitle = "t" if "take" in legal else (f"+{under}" if under > 0 else "")
        pile.set_class("take" in legal, "-live")
        # Your hand in melds.
        arrangement = view["arrangement"]
        groups = group_hand(arrangement["melds"], arrangement["unmatched"], arrangement["deadwood"])
        order = [c for g in groups for c in g.cards]
        new = self._new_card(view)
        if new is not None and new != self._last_new:
            self.selected = new  # a card just drawn is chosen once; the arrows move on from it
        elif self.selected not in order:
            self.selected = self._default_selection(groups)
        self._last_new = new
        marks: dict[str, set[str]] = {card: set() for card in order}
        if self.selected in marks:
            marks[self.selected].add("-selected")
        if new in marks:
            marks[new].add("-new")
        for card in self.hinted & set(order):
            marks[card].add("-hinted")
        hand = self.query_one(HandView)
        if [g.cards for g in hand.groups] != [g.cards for g in groups] or hand.marks != marks:
            await hand.show(groups, marks)
        self.query_one("#turn", Static).update(colour_cards(self.turn_text()))
        self.update_hand_info()
        self.update_buttons()
        self.query_one("#sheet", Static).update(colour_cards("\n".join(self.sheet_lines())))

    def _default_selection(self, groups: Sequence[Group]) -> str | None:
        for group in reversed(groups):
            if group.cards:
                return group.cards[-1]
        return None

    def sheet_lines(self) -> list[str]:
        view = self.table.view
        names = render.names_of(view)
        short = [n[:8] for n in names]
        lines = [f"{'#':>2} {'':<8}{short[0]:>8}{short[1]:>9}"]
        for line in view["sheet"][-12:]:
            cells = ["", ""]
            winner = int(line["winner"])
            cells[winner] = f"+{line['points']}"
            outcome = render.OUTCOME_WORDS.get(line["outcome"], line["outcome"])[:8]
            lines.append(f"{line['number']:>2} {outcome:<8}{cells[0]:>8}{cells[1]:>9}")
        boxes, scores = view["boxes"], view["scores"]
        lines.append(f"{'':>2} {'boxes':<8}{boxes[0]:>8}{boxes[1]:>9}")
        lines.append(f"{'':>2} {'score':<8}{scores[0]:>8}{scores[1]:>9}")
        lines.append(f"target {view['rules']['target']} · s: full sheet")
        return lines

    def turn_text(self) -> str:
        view = self.table.view
        if self.table.finished:
            return "The match is over."
        obs = view["observation"]
        names = render.names_of(view)
        if self.busy:
            return f"{names[1 - self.table.seat]} is thinking…"
        if obs["to_act"] != self.table.seat:
            return f"Waiting for {names[obs['to_act']]}…"
        top = obs["discard_pile"][-1] if obs["discard_pile"] else None
        top_text = render.face(top, self.ascii_only) if top else ""
        if obs["phase"] == "offer":
            return f"Your turn: take the upcard {top_text} (t) or pass (p)."
        if obs["phase"] == "draw":
            if obs["stock_only"]:
                return "Your turn: both passed the upcard, so draw from the stock (d)."
            return f"Your turn: draw from the stock (d) or take the {top_text} (t)."
        text = "Your turn: choose a card (←→ or click), then discard it (⏎)"
        endings = render.knock_options(view)
        if any(verb == "gin" for verb, _, _ in endings):
            text += ", or go gin (g)!"
        elif endings:
            text += f", or knock with {endings[0][2]} (k)"
        return text + "."

    def update_hand_info(self) -> None:
        view = self.table.view
        parts = []
        if self.selected:
            parts.append(f"chosen: {render.face(self.selected, self.ascii_only)}")
        taken = view["observation"]["taken"]
        if taken:
            parts.append(f"you may not discard the {render.face(taken, self.ascii_only)}")
        parts.append(f"your deadwood {view['arrangement']['deadwood']}")
        self.query_one("#handinfo", Static).update(colour_cards(" · ".join(parts)))

    def update_buttons(self) -> None:
        legal = self.table.view["legal_actions"]
        verbs = {text.split()[0] for text in legal}
        top = self.table.view["observation"]["discard_pile"]
        for key, label in ACTION_BUTTONS:
            button = self.query_one(f"#act-{key}", Button)
            available = key in verbs and not self.busy
            button.display = available
            if key == "take" and top:
                button.label = f"Take {render.face(top[-1], self.ascii_only)} (t)"
            elif key == "discard" and self.selected:
                button.label = f"Discard {render.face(self.selected, self.ascii_only)} (⏎)"
            else:
                button.label = label
            button.disabled = key == "discard" and f"discard {self.selected}" not in legal

    # -- acting --------------------------------------------------------------------------

    def play(self, action: str) -> None:
        if self.busy:
            return
        if not self.table.my_turn:
            self.say("It is not your turn.")
            return
        verb = action.split()[0]
        if not any(text.split()[0] == verb for text in self.table.view["legal_actions"]):
            self.say(f"You cannot {verb.replace('_', ' ')} now.")
            return
        self.busy = True
        self.query_one("#turn", Static).update(colour_cards(self.turn_text()))
        self.update_buttons()
        self.act_in_thread(action)

    @dataclass
    class Acted(Message):
        """A move was stored (posted from the worker thread)."""

        update: Update

    @dataclass
    class Refused(Message):
        """A move was refused; nothing changed."""

        reason: str

    @work(thread=True, exclusive=True, group="table")
    def act_in_thread(self, action: str) -> None:
        try:
            update = self.table.act(action)
        except CardTableError as error:
            self.post_message(self.Refused(str(error)))
            return
        self.post_message(self.Acted(update))

    async def on_table_screen_acted(self, message: Acted) -> None:
        await self.applied(message.update)

    async def on_table_screen_refused(self, message: Refused) -> None:
        self.busy = False
        if self.table.changed_elsewhere():  # a move came from the web table meanwhile
            self.say(f"Not played: {message.reason}.")
            await self.applied(self.table.refresh())
            return
        self.say(f"Not allowed: {message.reason}.")
        await self.draw_table()

    async def poll(self) -> None:
        """Pick up moves made elsewhere (the web table, for the same seat or the other)."""
        if self.busy or self.app.screen is not self:
            return
        if self.table.changed_elsewhere():
            await self.applied(self.table.refresh())

    def action_play(self, action: str) -> None:
        self.play(action)

    def action_move(self, step: int) -> None:
        order = self.query_one(HandView).order
        if not order:
            return
        index = order.index(self.selected) if self.selected in order else 0
        self.choose(order[(index + step) % len(order)])

    def choose(self, card: str | None) -> None:
        self.selected = card
        self.query_one(HandView).mark("-selected", {card} if card else set())
        self.update_hand_info()
        self.update_buttons()

    def action_discard(self) -> None:
        if self.selected is None:
            return
        legal = self.table.view["legal_actions"]
        if f"discard {self.selected}" in legal:
            self.play(f"discard {self.selected}")
        elif any(text.startswith("discard") for text in legal):
            self.say(f"You may not discard the {self.selected} now.")
        else:
            self.play("discard")

    def action_knock(self) -> None:
        if self.busy:
            return
        view = self.table.view
        choices = render.knock_choices(view)
        if not choices:
            if view["observation"]["phase"] == "discard" and self.table.my_turn:
                self.say(
                    f"You cannot knock: the knock threshold is {view['observation']['threshold']}."
                )
            else:
                self.say("You can knock only after drawing.")
            return
        start = next((i for i, c in enumerate(choices) if c.card == self.selected), 0)

        def chosen(action: str | None) -> None:
            if action:
                self.play(action)

        self.app.push_screen(KnockScreen(choices, start, self.ascii_only), chosen)

    def action_hint(self) -> None:
        if self.busy or not self.table.my_turn:
            self.say("Hints are for your turn.")
            return
        self.say("Asking for a hint…")
        self.hint_in_thread()

    @dataclass
    class Hinted(Message):
        """The hint arrived (``advice``), or why there is none (``reason``)."""

        advice: dict[str, Any] | None
        reason: str = ""

    @work(thread=True, exclusive=True, group="hint")
    def hint_in_thread(self) -> None:
        try:
            advice = self.table.hint()
        except (CardTableError, ValueError, ImportError) as error:
            self.post_message(self.Hinted(None, str(error)))
            return
        self.post_message(self.Hinted(advice))

    def on_table_screen_hinted(self, message: Hinted) -> None:
        if message.advice is None:
            self.say(f"No hint now: {message.reason}.")
        else:
            self.show_hint(message.advice)

    def show_hint(self, advice: dict[str, Any]) -> None:
        action = str(advice["action"])
        words = action.split()
        self.hinted = {words[1]} if len(words) > 1 else set()
        self.query_one(HandView).mark("-hinted", self.hinted)
        explanation = render.symbolise(str(advice["explanation"]), self.ascii_only)
        shown = render.symbolise(action, self.ascii_only)
        self.say(f"Hint: {shown}. {explanation}")
        lines = [f"Suggested: {shown}", "", explanation]
        alternatives = advice.get("alternatives") or []
        if alternatives:
            lines += ["", "The options, best first:"]
            for alt in alternatives[:6]:
                note = f" – {alt['note']}" if alt.get("note") else ""
                option = render.symbolise(str(alt["action"]), self.ascii_only)
                lines.append(f"  {option:<14} {alt['value']:>7}{note}")

        def answer(play: bool | None) -> None:
            if play:
                self.play(action)

        self.app.push_screen(
            InfoScreen(
                "Hint",
                colour_cards("\n".join(lines)),
                ok="Play it (⏎)",
                cancel="Close (esc)",
                screen_id="hint",
            ),
            answer,
        )

    def action_sheet(self) -> None:
        self.app.push_screen(
            InfoScreen(
                "Score sheet",
                colour_cards("\n".join(render.score_lines(self.table.view))),
                ok="Close (⏎)",
                screen_id="sheet-screen",
            )
        )

    def action_help(self) -> None:
        text = "\n".join(
            [
                "Keys (also shown on the buttons and at the bottom):",
                "  t take the upcard or the top discard    p pass the upcard",
                "  d draw from the stock                   ←/→ choose a card",
                "  ⏎ or x discard the chosen card          k or g knock or gin (choose a layout)",
                "  b big gin (when the rules allow it)     h hint with its reasons",
                "  s score sheet                           q quit (the match is saved)",
                "Mouse: click a card to choose it, the stock to draw, the discard pile to take,",
                "and the buttons.",
                "",
                f"Rules: {render.describe_rules(self.table.view)}",
                "",
                f"Match {self.table.match_id}; continue it later with",
                f"  ginrummy play --resume {self.table.match_id}",
                "or in a browser (run 'ginrummy serve'):",
                f"  {self.table.web_link()}",
            ]
        )
        self.app.push_screen(InfoScreen("Help", colour_cards(text), ok="Close (⏎)"))

    def action_quit_table(self) -> None:
        self.app.exit()

    # -- the mouse -----------------------------------------------------------------------

    def on_card_view_chosen(self, message: CardView.Chosen) -> None:
        if message.card is not None and message.card in self.query_one(HandView).order:
            self.choose(message.card)

    def on_pile_clicked(self, message: Pile.Clicked) -> None:
        if message.pile.id == "stock":
            self.play("draw")
        else:
            self.play("take")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        key = str(event.button.id).removeprefix("act-")
        if key == "discard":
            self.action_discard()
        elif key in ("knock", "gin"):
            self.action_knock()
        else:
            self.play(key)


class TableApp(App[None]):
    """A match against the computer at one terminal seat."""

    CSS = CSS
    TITLE = "Gin Rummy"

    def __init__(
        self,
        table: TerminalTable,
        *,
        ascii_only: bool = False,
        theme: str = "textual-dark",
        new_match: Callable[[], TerminalTable] | None = None,
    ) -> None:
        super().__init__()
        self.table = table
        self.ascii_only = ascii_only
        self.start_theme = theme
        self.new_match = new_match

    def on_mount(self) -> None:
        self.theme = self.start_theme
        self.push_screen(TableScreen(self))


# -- the lesson ---------------------------------------------------------------------------


class LessonScreen(Screen[None]):
    """The shared guided lesson (:mod:`cardtable.gin.lesson`), step by step."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Choose card", key_display="←→"),
        Binding("right", "move(1)", "Choose card", show=False),
        Binding("space", "pick", "Pick card", key_display="space"),
        Binding("enter", "enter", "Check / next / discard", key_display="⏎"),
        Binding("d", "act('draw')", "Draw", show=False),
        Binding("t", "act('take')", "Take", show=False),
        Binding("p", "act('pass')", "Pass", show=False),
        Binding("x", "discard", "Discard", show=False),
        Binding("k", "knock", "Knock", show=False),
        Binding("h", "answer", "Show the answer"),
        Binding("q", "quit_lesson", "Quit"),
    ]

    def __init__(self, ascii_only: bool) -> None:
        super().__init__()
        self.ascii_only = ascii_only
        self.session = LessonSession()
        self.cursor: str | None = None
        self.picked: set[str] = set()
        self._events_seen = 0

    def compose(self) -> ComposeResult:
        yield Static(id="top")
        with Vertical(id="main"):
            yield Static(id="lesson-text")
            with Horizontal(id="middle"):
                yield Pile(id="stock")
                yield Pile(id="discard")
                yield Static(id="log")
            yield Static(id="turn")
            yield HandView(self.ascii_only, id="hand")
            yield Static(id="feedback")
            with Horizontal(id="actions"):
                yield _button("check", "Check (⏎)", "primary")
                yield _button("next", "Next (⏎)", "primary")
                yield _button("take", "Take (t)", "primary")
                yield _button("pass", "Pass (p)")
                yield _button("draw", "Draw (d)", "primary")
                yield _button("discard", "Discard (⏎)", "primary")
                yield _button("knock", "Knock (k)", "primary")
        yield Footer()

    async def on_mount(self) -> None:
        self.query_one("#log", Static).border_title = "table"
        await self.draw()

    async def draw(self) -> None:
        session = self.session
        step = session.step
        obs = session.observation().to_dict()
        self.query_one("#top", Static).update(
            markup_escape(
                f"Gin Rummy lesson · step {session.index + 1} of {len(LESSON_STEPS)}: {step.title}"
            )
        )
        text = render.symbolise(step.text, self.ascii_only)
        if session.finished and session.hand.result is not None:
            summary = {
                "deal": 1,
                "result": session.hand.result.to_dict(),
                "hands": [[str(c) for c in session.hand.cards(s)] for s in (0, 1)],
            }
            lines = render.describe_showdown(summary, 0, ("You", "Computer"), self.ascii_only)
            text += "\n\n" + "\n".join(lines) + "\n\nPress q to finish."
        box = self.query_one("#lesson-text", Static)
        box.update(colour_cards(text))
        box.border_title = markup_escape(step.title)
        events = obs["events"][self._events_seen :]
        self._events_seen = len(obs["events"])
        log = self.query_one("#log", Static)
        if events:
            lines = [
                colour_cards(render.describe_event(e, 0, ("You", "Computer"), self.ascii_only))
                for e in events
            ]
            log.update("\n".join(lines[-LOG_LINES:]))
        stock = self.query_one("#stock", Pile)
        stock.update(str(obs["stock_count"]))
        stock.border_title = "stock"
        pile = self.query_one("#discard", Pile)
        top = obs["discard_pile"][-1] if obs["discard_pile"] else None
        pile.update(colour_cards(render.face(top, self.ascii_only)) if top else "empty")
        pile.border_title = "discard"
        cards = tuple(obs["hand"])
        if self.cursor not in cards:
            self.cursor = cards[-1] if cards else None
        title = "your hand" if step.key in ("sets", "runs") else f"deadwood {session.deadwood()}"
        marks: dict[str, set[str]] = {c: set() for c in cards}
        if self.cursor in marks:
            marks[self.cursor].add("-selected")
        for card in self.picked & set(cards):
            marks[card].add("-picked")
        await self.query_one(HandView).show([Group(title, cards)], marks)
        if step.select is not None:
            turn = "Pick cards with space or a click, then check them (⏎)."
        elif step.action is not None:
            turn = "Make the move: t take · p pass · d draw · ⏎ discard the chosen card · k knock."
        elif session.finished:
            turn = "The lesson is over: q to finish."
        else:
            turn = "Read, then go on (⏎)."
        self.query_one("#turn", Static).update(turn)
        shown = {
            "check": step.select is not None,
            "next": step.is_info and not session.finished,
            "take": step.action is not None,
            "pass": step.action is not None,
            "draw": step.action is not None,
            "discard": step.action is not None,
            "knock": step.action is not None,
        }
        for key, visible in shown.items():
            self.query_one(f"#act-{key}", Button).display = visible

    def feedback(self, text: str) -> None:
        shown = render.symbolise(text, self.ascii_only)
        self.query_one("#feedback", Static).update(colour_cards(shown))

    async def action_move(self, step: int) -> None:
        order = self.query_one(HandView).order
        if not order:
            return
        index = order.index(self.cursor) if self.cursor in order else 0
        self.cursor = order[(index + step) % len(order)]
        self.query_one(HandView).mark("-selected", {self.cursor})

    def action_pick(self) -> None:
        if self.cursor is None or self.session.step.select is None:
            return
        self.picked ^= {self.cursor}
        self.query_one(HandView).mark("-picked", self.picked)

    async def action_enter(self) -> None:
        step = self.session.step
        if step.select is not None:
            await self.check()
        elif step.action is not None:
            await self.action_discard()
        elif not self.session.finished:
            self.session.advance()
            self.feedback("")
            await self.draw()

    async def check(self) -> None:
        outcome = self.session.select(" ".join(sorted(self.picked)))
        self.feedback(outcome.message.capitalize() + "." if outcome.message else "")
        if outcome.ok:
            self.picked = set()
            await self.draw()

    async def action_act(self, text: str) -> None:
        if self.session.step.action is None:
            self.feedback("No move is needed in this step.")
            return
        outcome = self.session.act(text)
        self.feedback(outcome.message.capitalize() + "." if outcome.message else "")
        if outcome.ok:
            await self.draw()

    async def action_discard(self) -> None:
        if self.cursor:
            await self.action_act(f"discard {self.cursor}")

    async def action_knock(self) -> None:
        if self.cursor:
            await self.action_act(f"knock {self.cursor}")

    def action_answer(self) -> None:
        step = self.session.step
        self.feedback(f"Answer: {step.select or step.action or 'press ⏎ to go on'}")

    def action_quit_lesson(self) -> None:
        self.app.exit()

    async def on_card_view_chosen(self, message: CardView.Chosen) -> None:
        if message.card is None:
            return
        self.cursor = message.card
        self.query_one(HandView).mark("-selected", {message.card})
        if self.session.step.select is not None:
            self.action_pick()

    async def on_pile_clicked(self, message: Pile.Clicked) -> None:
        await self.action_act("draw" if message.pile.id == "stock" else "take")

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        key = str(event.button.id).removeprefix("act-")
        if key in ("check", "next"):
            await self.action_enter()
        elif key == "discard":
            await self.action_discard()
        elif key == "knock":
            await self.action_knock()
        else:
            await self.action_act(key)


class LessonApp(App[None]):
    """The guided lesson, full screen."""

    CSS = CSS
    TITLE = "Gin Rummy lesson"

    def __init__(self, *, ascii_only: bool = False, theme: str = "textual-dark") -> None:
        super().__init__()
        self.ascii_only = ascii_only
        self.start_theme = theme

    def on_mount(self) -> None:
        self.theme = self.start_theme
        self.push_screen(LessonScreen(self.ascii_only))
